"""Win/loss statistics of a solitaire, kept per variation.

For each key (a variation): games played, won, the current and longest winning
and losing streaks, the best and the total score of scored *won* games (so the
best and the average winning score), the fastest win (seconds) and the win in
the fewest moves. ``best`` is the old best score of any scored game, kept as
it was read (files written before the winning-score fields load with those
empty and go on counting).  The file also keeps the ids of the
last games counted (``counted``, newest last), so a game saved, given up (and
counted), then loaded and finished is not counted a second time.  Files written
before ``counted`` existed load as they are.  A damaged file is moved aside and
replaced by empty statistics, with a plain-words warning for the player; a
failed save is reported, never raised into the game.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from saves import store
from saves.paths import data_dir

FORMAT = "parlour-solitaire-stats"
VERSION = 1
KEPT_IDS = 200  # ids of counted games remembered (a saved game older than that could count twice)


@dataclass
class Record:
    played: int = 0
    won: int = 0
    best: int | None = None  # best score of any scored game (the old field: may be a lost game's)
    streak: int = 0
    longest: int = 0
    losing: int = 0  # current losing streak
    longest_losing: int = 0
    best_win: int | None = None  # best score of a scored won game
    win_total: int = 0  # sum of the scores of scored won games
    scored_wins: int = 0
    fastest: float | None = None  # seconds of the fastest win
    fewest: int | None = None  # moves of the win in the fewest moves

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_win(self) -> float | None:
        return self.win_total / self.scored_wins if self.scored_wins else None


def new_game_id() -> str:
    """A fresh id for a dealt game; it travels in its saved games so the game is counted once."""
    return secrets.token_hex(8)


def game_id_from(extra: dict[str, Any]) -> str:
    """The id kept in a saved game's extra data, or a fresh one (older saves have none)."""
    gid = extra.get("game_id")
    return gid if isinstance(gid, str) and 0 < len(gid) <= 64 else new_game_id()


def _count(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 10**9:
        raise ValueError("a count is not a whole number")
    return v


def _whole(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or abs(v) > 10**12:
        raise ValueError("a total is not a whole number")
    return v


def _score_or_none(v: Any) -> int | None:
    return None if v is None else _whole(v)


def _count_or_none(v: Any) -> int | None:
    return None if v is None else _count(v)


def _seconds_or_none(v: Any) -> float | None:
    if v is None:
        return None
    if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v < 10**8:
        raise ValueError("a time is not a number of seconds")
    return float(v)


def _ids(data: dict[str, Any]) -> list[str]:
    ids = data.get("counted", [])
    if not isinstance(ids, list) or not all(isinstance(i, str) and len(i) <= 64 for i in ids):
        raise ValueError("the list of counted games is not a list of ids")
    return ids[-KEPT_IDS:]


def _parse(data: dict[str, Any]) -> tuple[dict[str, Record], list[str]]:
    return _records(data), _ids(data)


def _records(data: dict[str, Any]) -> dict[str, Record]:
    recs = data.get("records")
    if not isinstance(recs, dict):
        raise ValueError("no records")
    out = {}
    for key, r in recs.items():
        if not isinstance(key, str) or not isinstance(r, dict):
            raise ValueError("bad record")
        best = r.get("best")
        if best is not None and (not isinstance(best, int) or isinstance(best, bool) or abs(best) > 10**9):
            raise ValueError("bad best score")
        rec = Record(_count(r.get("played", 0)), _count(r.get("won", 0)), best,
                     _count(r.get("streak", 0)), _count(r.get("longest", 0)), _count(r.get("losing", 0)),
                     _count(r.get("longest_losing", 0)), _score_or_none(r.get("best_win")),
                     _whole(r.get("win_total", 0)), _count(r.get("scored_wins", 0)),
                     _seconds_or_none(r.get("fastest")), _count_or_none(r.get("fewest")))
        if rec.won > rec.played:
            raise ValueError("more games won than played")
        out[key] = rec
    return out


class SolitaireStats:
    def __init__(self, game: str) -> None:
        self.game = game
        self.path = data_dir() / f"{game}-stats.json"
        self.records: dict[str, Record] = {}
        self.counted_ids: list[str] = []
        self.warning: str | None = None
        self._load()

    def _load(self) -> None:
        parsed, self.warning = store.load_or_set_aside(self.path, FORMAT, VERSION, _parse,
                                                       "Your statistics could not be read", "They start afresh.")
        self.records, self.counted_ids = parsed if parsed is not None else ({}, [])

    def get(self, key: str) -> Record:
        return self.records.get(key, Record())

    def counted(self, game_id: str | None) -> bool:
        """Whether the game with this id has been counted already."""
        return game_id is not None and game_id in self.counted_ids

    def record(self, key: str, won: bool, score: int | None, game_id: str | None = None,
               seconds: float | None = None, moves: int | None = None) -> str | None:
        """Count one finished (or abandoned) game, once per ``game_id``; returns a message if saving failed.
        ``seconds`` and ``moves`` of a win make the fastest win and the fewest moves.

        Counted against the file as it is now, under the data folder's lock: another window's games
        meanwhile are kept, and a game it counted already is not counted again."""
        def change(records: dict[str, Record], ids: list[str]) -> None:
            if game_id is not None and game_id in ids:
                return
            if game_id is not None:
                ids[:] = (ids + [game_id])[-KEPT_IDS:]
            rec = records.setdefault(key, Record())
            rec.played += 1
            if won:
                rec.won += 1
                rec.streak += 1
                rec.longest = max(rec.longest, rec.streak)
                rec.losing = 0
                if score is not None:
                    rec.best_win = score if rec.best_win is None else max(rec.best_win, score)
                    rec.win_total += score
                    rec.scored_wins += 1
                if seconds is not None and seconds > 0:
                    rec.fastest = seconds if rec.fastest is None else min(rec.fastest, seconds)
                if moves is not None and moves > 0:
                    rec.fewest = moves if rec.fewest is None else min(rec.fewest, moves)
            else:
                rec.streak = 0
                rec.losing += 1
                rec.longest_losing = max(rec.longest_losing, rec.losing)
            if score is not None and (rec.best is None or score > rec.best):
                rec.best = score
        if self.counted(game_id):
            return None
        return self._update(change)

    def reset(self) -> str | None:
        def change(records: dict[str, Record], ids: list[str]) -> None:
            records.clear()
        return self._update(change)

    def _payload(self) -> dict[str, Any]:
        return {"records": {k: asdict(v) for k, v in self.records.items()}, "counted": list(self.counted_ids)}

    def _update(self, change: Callable[[dict[str, Record], list[str]], None]) -> str | None:
        """Apply ``change`` to the file's records as they are now (store.update), and take them in."""
        ran: list[bool] = []

        def apply(current: tuple[dict[str, Record], list[str]] | None) -> dict[str, Any]:
            ran.append(True)
            self.records, self.counted_ids = current if current is not None else ({}, [])
            change(self.records, self.counted_ids)
            return self._payload()
        try:
            warning = store.update(self.path, FORMAT, VERSION, _parse, apply, "Your statistics could not be read",
                                   "They start afresh.")
        except store.SaveError as err:
            if not ran:
                change(self.records, self.counted_ids)  # counted for this session at least
            return str(err)
        if warning:
            self.warning = warning
        return None

    def save(self) -> str | None:
        """Write the records held here as they are (the changes above go through `_update`)."""
        try:
            store.write_json(self.path, FORMAT, VERSION, self._payload())
        except store.SaveError as err:
            return str(err)
        return None
