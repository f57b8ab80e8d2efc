"""Romi statistics: the running score and the games won against the computer, in all and per level.

They carry over between sessions in ``<data>/romi-stats.json``.  A missing
file means a fresh start; a damaged file, or one written by a newer Parlour,
never stops the game: the statistics start again from zero, the bad file is
moved aside (never overwritten) and the player is told in plain words.

The file's top level keeps the totals it always had (``games``, ``won``, ``lost``, ``drawn``,
``points_for``, ``points_against``, with won + lost + drawn = games), so files written before the
levels existed load and go on counting, and an older Parlour still reads a newer file.  Beside them:
``assisted`` (games won with Help from Romi: marked, never counted as wins nor as games won or lost,
and scoring nothing), the winning ``streak`` and the ``longest``, ``levels`` (the same record for each
level: games, wins, win %, total score, streaks) and ``counted``, the ids of the last `KEPT_IDS` games
counted, so a saved game finished once counts once however often it is loaded and finished again.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from saves import store
from saves.paths import data_dir
from saves.solitaire_stats import KEPT_IDS, game_id_from, new_game_id

__all__ = ["FORMAT", "VERSION", "FILE_NAME", "KEPT_IDS", "LEVELS", "LevelRecord", "RomiStats", "path", "load",
           "save", "record_game", "new_game_id", "game_id_from"]

FORMAT = "parlour-romi-stats"
VERSION = 1
FILE_NAME = "romi-stats.json"
LEVELS = ("beginner", "intermediate", "expert")
MAX_COUNT = 10**12  # no count or running score comes near this: more is a damaged file


@dataclass
class LevelRecord:
    """Finished games against the computer: won + lost + drawn = games; ``assisted`` wins are apart."""

    games: int = 0
    won: int = 0  # by the human
    lost: int = 0
    drawn: int = 0
    points_for: int = 0  # the human's running score
    points_against: int = 0  # the computer's running score
    assisted: int = 0  # won with Help from Romi: not a win, no points
    streak: int = 0  # games won in a row, now
    longest: int = 0  # the longest such run

    @property
    def played(self) -> int:
        """Every game finished: a game won with help was played, only not won.  The file's ``games`` stays
        won + lost + drawn (an older Parlour checks that sum), so the helped wins are added here."""
        return self.games + self.assisted

    @property
    def win_rate(self) -> float:
        """Wins as a share of the games played, helped ones included (0.0 before any)."""
        return self.won / self.played if self.played else 0.0

    def add(self, winner: int | None, points: tuple[int, int], assisted: bool = False) -> None:
        """Add one finished game (seat 0 is the human; ``points`` as rules.game_points)."""
        if assisted and winner == 0:
            self.assisted += 1
            self.streak = 0
            return
        self.games += 1
        if winner is None:
            self.drawn += 1
        elif winner == 0:
            self.won += 1
        else:
            self.lost += 1
        self.streak = self.streak + 1 if winner == 0 else 0
        self.longest = max(self.longest, self.streak)
        self.points_for += int(points[0])
        self.points_against += int(points[1])


@dataclass
class RomiStats(LevelRecord):
    """The totals of every game (the file's top level), each level's record and the ids counted."""

    levels: dict[str, LevelRecord] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)

    def level(self, name: str) -> LevelRecord:
        return self.levels.get(name, LevelRecord())

    def record(self, winner: int | None, points: tuple[int, int], level: str | None = None,
               assisted: bool = False, game_id: str | None = None) -> bool:
        """Count one finished game, once per ``game_id``; False when that game was counted already."""
        if game_id is not None and game_id in self.counted:
            return False
        if game_id is not None:
            self.counted = (self.counted + [game_id])[-KEPT_IDS:]
        self.add(winner, points, assisted)
        if level is not None:
            self.levels.setdefault(level, LevelRecord()).add(winner, points, assisted)
        return True

    def summary(self) -> str:
        """One line for the Statistics dialog."""
        helped = f" ({self.assisted} won with help, not counted as wins)" if self.assisted else ""
        return (f"Games {self.played}: you won {self.won}, the computer won {self.lost}, "
                f"drawn {self.drawn}{helped}. Score: you {self.points_for}, computer {self.points_against}.")


def path() -> Path:
    return data_dir() / FILE_NAME


def _record(data: dict[str, Any], into: LevelRecord) -> LevelRecord:
    for f in fields(LevelRecord):
        value = data.get(f.name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
            raise ValueError(f"'{f.name}' is not a count")
        setattr(into, f.name, value)
    if into.won + into.lost + into.drawn != into.games:
        raise ValueError("the game counts do not add up")
    return into


def _coerce(data: dict) -> RomiStats:
    out = _record(data, RomiStats())
    levels = data.get("levels", {})
    if not isinstance(levels, dict):
        raise ValueError("the levels are not a table")
    for name, rec in levels.items():
        if name not in LEVELS or not isinstance(rec, dict):
            raise ValueError(f"'{name}' is not a Romi level")
        out.levels[name] = _record(rec, LevelRecord())
    counted = data.get("counted", [])
    if not isinstance(counted, list) or not all(isinstance(i, str) and 0 < len(i) <= 64 for i in counted):
        raise ValueError("the list of counted games is not a list of ids")
    out.counted = counted[-KEPT_IDS:]
    return out


def load() -> tuple[RomiStats, str | None]:
    """The saved statistics and a warning for the player (or None)."""
    stats, warning = store.load_or_set_aside(path(), FORMAT, VERSION, _coerce,
                                             "Your Romi statistics could not be read",
                                             "They start again from zero.")
    return stats or RomiStats(), warning


def save(stats: RomiStats) -> str | None:
    """Write the statistics; return a message for the player if that failed."""
    try:
        store.write_json(path(), FORMAT, VERSION, asdict(stats))
    except store.SaveError as err:
        return f"Your Romi statistics could not be saved. {err}"
    return None


def record_game(winner: int | None, points: tuple[int, int], level: str | None = None, assisted: bool = False,
                game_id: str | None = None) -> tuple[RomiStats, str | None]:
    """Add one finished game (once per ``game_id``) to the file as it is now, under the data folder's lock
    (store.update), so a game another window counted meanwhile stays counted; returns the totals and any
    message."""
    result: list[RomiStats] = []

    def change(current: RomiStats | None) -> dict:
        result.append(current or RomiStats())
        result[0].record(winner, points, level, assisted, game_id)
        return asdict(result[0])

    try:
        warning = store.update(path(), FORMAT, VERSION, _coerce, change, "Your Romi statistics could not be read",
                               "They start again from zero.")
    except store.SaveError as err:
        if not result:
            stats, _ = load()
            stats.record(winner, points, level, assisted, game_id)
            result.append(stats)
        if isinstance(err, store.SaveDeferred):
            return result[0], str(err)  # written once the data folder is free (saves.recordqueue)
        return result[0], f"Your Romi statistics could not be saved. {err}"
    return result[0], warning
