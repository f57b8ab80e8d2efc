"""Romi statistics: the running score and the games won against the computer.

They carry over between sessions in ``<data>/romi-stats.json``.  A missing
file means a fresh start; a damaged file, or one written by a newer Parlour,
never stops the game: the statistics start again from zero, the bad file is
moved aside (never overwritten) and the player is told in plain words.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from saves import store
from saves.paths import data_dir

FORMAT = "parlour-romi-stats"
VERSION = 1
FILE_NAME = "romi-stats.json"
MAX_COUNT = 10**12  # no count or running score comes near this: more is a damaged file


@dataclass
class RomiStats:
    """Totals of every finished game against the computer."""

    games: int = 0
    won: int = 0  # by the human
    lost: int = 0
    drawn: int = 0
    points_for: int = 0  # the human's running score
    points_against: int = 0  # the computer's running score

    def record(self, winner: int | None, points: tuple[int, int]) -> None:
        """Add one finished game (seat 0 is the human; ``points`` as rules.game_points)."""
        self.games += 1
        if winner is None:
            self.drawn += 1
        elif winner == 0:
            self.won += 1
        else:
            self.lost += 1
        self.points_for += int(points[0])
        self.points_against += int(points[1])

    def summary(self) -> str:
        """One line for the Statistics dialog."""
        return (f"Games {self.games}: you won {self.won}, the computer won {self.lost}, "
                f"drawn {self.drawn}. Score: you {self.points_for}, computer {self.points_against}.")


def path() -> Path:
    return data_dir() / FILE_NAME


def _coerce(data: dict) -> RomiStats:
    out = RomiStats()
    for name in asdict(out):
        value = data.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
            raise ValueError(f"'{name}' is not a count")
        setattr(out, name, value)
    if out.won + out.lost + out.drawn != out.games:
        raise ValueError("the game counts do not add up")
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


def record_game(winner: int | None, points: tuple[int, int]) -> tuple[RomiStats, str | None]:
    """Add one finished game to the file as it is now, under the data folder's lock (store.update), so a
    game another window counted meanwhile stays counted; returns the totals and any message."""
    result: list[RomiStats] = []

    def change(current: RomiStats | None) -> dict:
        result.append(current or RomiStats())
        result[0].record(winner, points)
        return asdict(result[0])

    try:
        warning = store.update(path(), FORMAT, VERSION, _coerce, change, "Your Romi statistics could not be read",
                               "They start again from zero.")
    except store.SaveError as err:
        if not result:
            stats, _ = load()
            stats.record(winner, points)
            result.append(stats)
        return result[0], f"Your Romi statistics could not be saved. {err}"
    return result[0], warning
