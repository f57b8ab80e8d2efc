"""The solitaires' statistics as one table: a column per variation (or joker count), a row per figure.

Both solitaires keep their own records (saves.solitaire_stats, saves.thieves_records) under their own
names; each turns a record into a `StatLine` and this module lays the lines out the same way, so the two
dialogs read alike and say the same words for the same figure.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.clock import clock_text


@dataclass(frozen=True)
class StatLine:
    played: int
    won: int
    streak: int  # current winning streak
    losing: int  # current losing streak
    longest: int
    longest_losing: int
    best_win: int | None
    average_win: float | None
    fastest: float | None
    fewest: int | None


def current_streak(line: StatLine) -> str:
    if line.streak:
        return f"{line.streak} won"
    return f"{line.losing} lost" if line.losing else "-"


def stats_table(columns: list[tuple[str, StatLine]]) -> tuple[list[str], list[list[str]]]:
    """(headers, rows) for a TableDialog: the first column names the figure."""
    def num(v: int | float | None, fmt: str = "{}") -> str:
        return "-" if v is None else fmt.format(v)
    figures: list[tuple[str, list[str]]] = [
        ("Played", [str(c.played) for _h, c in columns]),
        ("Won", [str(c.won) for _h, c in columns]),
        ("Win %", [f"{c.won / c.played:.0%}" if c.played else "-" for _h, c in columns]),
        ("Current streak", [current_streak(c) for _h, c in columns]),
        ("Longest winning streak", [str(c.longest) for _h, c in columns]),
        ("Longest losing streak", [str(c.longest_losing) for _h, c in columns]),
        ("Best winning score", [num(c.best_win) for _h, c in columns]),
        ("Average winning score", [num(c.average_win, "{:.1f}") for _h, c in columns]),
        ("Fastest win", [clock_text(c.fastest) if c.fastest is not None else "-" for _h, c in columns]),
        ("Fewest moves", [num(c.fewest) for _h, c in columns]),
    ]
    return ["", *[h for h, _c in columns]], [[name, *values] for name, values in figures]
