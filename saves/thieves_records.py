"""Forty Thieves high-score tables and statistics, kept in ``thieves-records.json``.

Six tables, one per starting joker count (0–5), because a game begun with fewer
jokers is harder and deserves its own ranking.  Each table keeps the best ten
entries (score, name, ISO date), highest first; an equal score goes below the
older entry.  The last name typed is remembered to prefill the next one.

Statistics, also per starting joker count: games finished, best and average
score, stacks cleared (the total number of clears) and the longest clearing
streak — the most consecutive finished games in which the seven stacks were
cleared at least once (the current run is kept too, so a streak can span
sessions).

Practice games (Undo used) and assisted games (a winning move shown) count
nowhere: not in the tables, not in the statistics.  The ids of the last games
counted are kept (``counted``) so that a game saved, given up, then loaded and
finished counts once; files written before that key existed load as they are.

Failure never stops play.  A file that cannot be loaded (damaged, cut short, of
a newer version, not ours) is moved aside with `store.quarantine`, default
tables are used and `warning` says so in plain words.  A save that fails (a
read-only or full folder) leaves the records in memory, sets `warning` and
returns the message; no exception escapes.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game import letters
from saves import store
from saves.paths import data_dir

FILE_NAME = "thieves-records.json"
FORMAT = "parlour-thieves-records"
VERSION = 1
TABLE_SIZE = 10
JOKER_COUNTS = range(6)
MAX_NAME = 24
KEPT_IDS = 200  # ids of counted games remembered
DEFAULT_NAME = "Player"
MAX_STAT = 10**12  # no statistic comes near this (a total of a billion games' scores)


@dataclass(frozen=True)
class Entry:
    score: int
    name: str
    date: str  # ISO date, YYYY-MM-DD


@dataclass
class Stats:
    """A win is a game in which the seven stacks were cleared at least once (so a streak is a run of them).
    Best and average count finished games only — a game given up is in ``games`` and breaks streaks, not in
    the scores (``scored_games``; files from before it count every game there, as they did)."""

    games: int = 0
    best: int = 0
    total_score: int = 0
    clears: int = 0
    streak: int = 0
    longest_streak: int = 0
    wins: int = 0
    losing: int = 0
    longest_losing: int = 0
    scored_games: int = 0
    best_win: int | None = None
    win_total: int = 0
    fastest: float | None = None
    fewest: int | None = None

    @property
    def average(self) -> float:
        return self.total_score / self.scored_games if self.scored_games else 0.0

    @property
    def average_win(self) -> float | None:
        return self.win_total / self.wins if self.wins and self.best_win is not None else None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def qualifies(table: list[Entry], score: int) -> bool:
    """True when ``score`` would enter ``table`` (above zero, and the table not full of better ones)."""
    if score <= 0:
        return False
    return len(table) < TABLE_SIZE or score > min(e.score for e in table)


def clean_name(name: str) -> str:
    """The name as stored: printable characters only, trimmed, at most MAX_NAME long."""
    text = letters.cut_at_boundary("".join(ch for ch in str(name) if letters.typed_char(ch)).strip(),
                                   MAX_NAME).strip()
    return text or DEFAULT_NAME


def _insert(table: list[Entry], entry: Entry) -> tuple[list[Entry], int | None]:
    """The table with ``entry`` placed (after equal scores), and its index, or None if it did not fit."""
    pos = len(table)
    for i, e in enumerate(table):
        if entry.score > e.score:
            pos = i
            break
    if pos >= TABLE_SIZE:
        return table, None
    out = table[:pos] + [entry] + table[pos:]
    return out[:TABLE_SIZE], pos


class ThievesRecords:
    """The six tables, the statistics and the last name, loaded at once and saved on every change."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / FILE_NAME
        self.tables: dict[int, list[Entry]] = {j: [] for j in JOKER_COUNTS}
        self.stats: dict[int, Stats] = {j: Stats() for j in JOKER_COUNTS}
        self.last_name = ""
        self.counted_ids: list[str] = []
        #: A plain-words message for the scene to show (load or save trouble), or None.
        self.warning: str | None = None
        self._load()

    # ------------------------------------------------------------ loading

    def _load(self) -> None:
        taken, self.warning = store.load_or_set_aside(self.path, FORMAT, VERSION, self._take,
                                                      "The high scores could not be loaded",
                                                      "New empty tables are used.")
        if taken is None:  # missing or bad: the defaults from __init__ stand
            self.tables = {j: [] for j in JOKER_COUNTS}
            self.stats = {j: Stats() for j in JOKER_COUNTS}
            self.last_name = ""

    def _take(self, data: dict[str, Any]) -> bool:
        tables_raw = data["tables"]
        stats_raw = data["stats"]
        if not isinstance(tables_raw, dict) or not isinstance(stats_raw, dict):
            raise ValueError("tables and stats must be objects")
        tables: dict[int, list[Entry]] = {}
        stats: dict[int, Stats] = {}
        for j in JOKER_COUNTS:
            rows = tables_raw.get(str(j), [])
            if not isinstance(rows, list) or len(rows) > TABLE_SIZE:
                raise ValueError(f"the table for {j} jokers is not a list of at most {TABLE_SIZE}")
            entries = []
            for row in rows:
                if not isinstance(row, dict):
                    raise ValueError("an entry is not an object")
                sc, name, date = row["score"], row["name"], row["date"]
                if isinstance(sc, bool) or not isinstance(sc, int) or sc < 0 or sc > 10**9:
                    raise ValueError("a score is not a sensible whole number")
                if not isinstance(name, str) or len(name) > 200:
                    raise ValueError("a name is not text")
                if not isinstance(date, str):
                    raise ValueError("a date is not text")
                _dt.date.fromisoformat(date)
                entries.append(Entry(sc, clean_name(name), date))
            entries.sort(key=lambda e: -e.score)
            tables[j] = entries
            st = stats_raw.get(str(j), {})
            if not isinstance(st, dict):
                raise ValueError("statistics are not an object")
            values: dict[str, Any] = {}
            for f in ("games", "best", "total_score", "clears", "streak", "longest_streak", "wins", "losing",
                      "longest_losing", "scored_games", "win_total"):
                v = st.get(f, st.get("games", 0) if f == "scored_games" else 0)  # older files: every game scored
                if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_STAT:
                    raise ValueError(f"statistic '{f}' is not a sensible whole number")
                values[f] = v
            for f in ("best_win", "fastest", "fewest"):
                v = st.get(f)
                if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= MAX_STAT
                                      or (f != "fastest" and not isinstance(v, int))):
                    raise ValueError(f"statistic '{f}' is not a number")
                values[f] = v
            stats[j] = Stats(**values)
        last = data.get("last_name", "")
        if not isinstance(last, str):
            raise ValueError("the last name is not text")
        ids = data.get("counted", [])
        if not isinstance(ids, list) or not all(isinstance(i, str) and len(i) <= 64 for i in ids):
            raise ValueError("the list of counted games is not a list of ids")
        self.counted_ids = ids[-KEPT_IDS:]
        self.tables, self.stats = tables, stats
        self.last_name = clean_name(last) if last.strip() else _newest_name(tables)
        return True

    # ------------------------------------------------------------ saving

    def to_payload(self) -> dict[str, Any]:
        return {
            "tables": {str(j): [{"score": e.score, "name": e.name, "date": e.date} for e in t]
                       for j, t in self.tables.items()},
            "stats": {str(j): asdict(s) for j, s in self.stats.items()},
            "last_name": self.last_name,
            "counted": list(self.counted_ids),
        }

    def save(self) -> str | None:
        """Write the file as held here; on failure set and return a plain-words warning (play goes on)."""
        try:
            store.write_json(self.path, FORMAT, VERSION, self.to_payload())
        except store.SaveError as exc:
            return self._not_saved(exc)
        return None

    def _not_saved(self, exc: store.SaveError) -> str:
        if isinstance(exc, store.SaveDeferred):
            return str(exc)  # written once the data folder is free (saves.recordqueue)
        self.warning = f"The high scores could not be saved: {exc} Play goes on."
        return self.warning

    def _update(self, change: Callable[[], None]) -> str | None:
        """Apply ``change`` to the records as they are in the file now, under the data folder's lock
        (store.update), so a game another window counted meanwhile is kept; the failure, if any."""
        ran: list[bool] = []

        def apply(current: bool | None) -> dict[str, Any]:
            ran.append(True)
            if current is None:  # missing or set aside: the fresh tables a load would give
                self.tables = {j: [] for j in JOKER_COUNTS}
                self.stats = {j: Stats() for j in JOKER_COUNTS}
                self.last_name, self.counted_ids = "", []
            change()
            return self.to_payload()
        try:
            warning = store.update(self.path, FORMAT, VERSION, self._take, apply,
                                   "The high scores could not be loaded", "New empty tables are used.")
        except store.SaveError as exc:
            if not ran:
                change()  # kept for this session at least
            return self._not_saved(exc)
        if warning:
            self.warning = warning
        return None

    def reset_stats(self) -> str | None:
        """Clear the statistics of every joker count (the high-score tables are kept); the problem, if any."""
        def change() -> None:
            self.stats = {j: Stats() for j in JOKER_COUNTS}
        return self._update(change)

    def take_warning(self) -> str | None:
        """The pending warning, cleared (so the scene shows each trouble once)."""
        msg, self.warning = self.warning, None
        return msg

    # ------------------------------------------------------------ the game's questions

    def table(self, jokers: int) -> list[Entry]:
        return list(self.tables[_jokers(jokers)])

    def qualifies(self, jokers: int, score: int, practice: bool = False) -> bool:
        """Should a finished game ask for the player's name?"""
        return not practice and qualifies(self.tables[_jokers(jokers)], score)

    def counted(self, game_id: str | None) -> bool:
        """Whether the game with this id has been counted already."""
        return game_id is not None and game_id in self.counted_ids

    def record_game(self, jokers: int, score: int, clears: int, practice: bool = False,
                    game_id: str | None = None, abandoned: bool = False, seconds: float | None = None,
                    moves: int | None = None) -> str | None:
        """Count a game in the statistics, once per ``game_id`` (practice games are ignored); a game given up
        (``abandoned``) counts as played and in the streaks, not in the best or average score. Returns a save
        warning."""
        if practice or self.counted(game_id):
            return None
        def change() -> None:
            if self.counted(game_id):
                return  # another window counted it meanwhile
            if game_id is not None:
                self.counted_ids = (self.counted_ids + [game_id])[-KEPT_IDS:]
            st = self.stats[_jokers(jokers)]
            st.games += 1
            if not abandoned:
                st.scored_games += 1
                st.total_score += max(0, int(score))
                st.best = max(st.best, int(score))
            st.clears += max(0, int(clears))
            won = clears > 0
            st.streak = st.streak + 1 if won else 0
            st.longest_streak = max(st.longest_streak, st.streak)
            st.losing = 0 if won else st.losing + 1
            st.longest_losing = max(st.longest_losing, st.losing)
            if won:
                st.wins += 1
                if not abandoned:
                    st.best_win = int(score) if st.best_win is None else max(st.best_win, int(score))
                    st.win_total += max(0, int(score))
                    if seconds is not None and seconds > 0:
                        st.fastest = seconds if st.fastest is None else min(st.fastest, seconds)
                    if moves is not None and moves > 0:
                        st.fewest = moves if st.fewest is None else min(st.fewest, moves)
        return self._update(change)

    def add_score(self, jokers: int, score: int, name: str, date: _dt.date | str | None = None,
                  practice: bool = False) -> int | None:
        """Enter a score; returns its place (0 = top) or None when it does not enter.

        The name becomes the remembered last name.  A save failure sets `warning`.
        """
        if practice or not qualifies(self.tables[_jokers(jokers)], score):
            return None
        if date is None:
            date = _dt.date.today()
        iso = date if isinstance(date, str) else date.isoformat()
        entry = Entry(int(score), clean_name(name), iso)
        place: list[int | None] = [None]

        def change() -> None:
            table, place[0] = _insert(self.tables[_jokers(jokers)], entry)
            self.tables[_jokers(jokers)] = table
            self.last_name = entry.name
        self._update(change)
        return place[0]


def _newest_name(tables: dict[int, list[Entry]]) -> str:
    """The name of the newest entry of any table ("" if none): the name box's prefill when the file keeps no
    last name (QA m5: after a restart the box was empty over a table that held the player's name; a file
    written before the last name was kept, or mended by hand, has none)."""
    entries = [e for t in tables.values() for e in t]
    return max(entries, key=lambda e: e.date).name if entries else ""


def _jokers(j: int) -> int:
    if isinstance(j, bool) or not isinstance(j, int) or j not in JOKER_COUNTS:
        raise ValueError(f"jokers must be 0 to 5, not {j!r}")
    return j
