"""What the ACME, Court and Romi move reviews share: walking a game's moves, seeding, the summary line.

Each game's ``review.py`` knows how to judge one of the player's decisions; this module replays the
moves through that game's rules, calls the judge for seat 0's moves only, leaves the computer seats'
moves unjudged (``expert``, ``cost`` and ``mark`` all None), reports progress, honours a stop request,
and seeds every random choice from the position itself, so the same game always reviews the same way
(results can be cached and tests are stable).  Pure: no pygame, no I/O.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from typing import Any

#: The judge of one decision: (state before the move, the move, its 1-based number) -> the entry's
#: fields beyond "n" and "move" (at least "expert", "cost" and "mark").
Judge = Callable[[Any, Any, int], dict[str, Any]]

PLAYER = 0


def unjudged() -> dict[str, Any]:
    """The fields of a move nobody judges (a computer seat's)."""
    return {"expert": None, "cost": None, "mark": None}


def forced(move: Any) -> dict[str, Any]:
    """The fields of a player's move that was the only legal one: nothing to lose."""
    return {"expert": str(move), "cost": 0.0, "mark": None}


def replay(rules: Any, start: Any, moves: Sequence[Any]) -> list[Any]:
    """The state before each move (an illegal move raises the rules' IllegalMove)."""
    states = []
    state = start
    for move in moves:
        states.append(state)
        state = rules.apply(state, move)
    return states


def walk(rules: Any, states: Sequence[Any], moves: Sequence[Any], judge: Judge, *,
         progress: Callable[[float], None] | None = None,
         should_stop: Callable[[], bool] | None = None,
         weight: Callable[[Any], float] | None = None) -> list[dict[str, Any]]:
    """One review entry per move (``states`` from `replay`), the player's judged by ``judge``.

    ``weight(state)`` estimates how much work judging the player's decision at ``state`` takes (1 by
    default) so that ``progress`` moves evenly; a stop request returns the entries done so far.
    """
    weights = [(weight or (lambda _s: 1.0))(s) if rules.current_player(s) == PLAYER else 0.0 for s in states]
    total = sum(weights) or 1.0
    done = 0.0
    entries: list[dict[str, Any]] = []
    for n, (state, move, w) in enumerate(zip(states, moves, weights, strict=True), start=1):
        if should_stop is not None and should_stop():
            break
        entry: dict[str, Any] = {"n": n, "move": str(move)}
        entry.update(judge(state, move, n) if rules.current_player(state) == PLAYER else unjudged())
        entries.append(entry)
        done += w
        if progress is not None:
            progress(min(1.0, done / total))
    return entries


def position_rng(*parts: Any) -> random.Random:
    """A random generator seeded from ``parts`` (a game name, a move number, what the player saw)."""
    return random.Random(zlib.crc32(repr(parts).encode("utf-8")))


def mistakes_summary(entries: Sequence[dict[str, Any]], unit: str, units: str, digits: int = 0) -> str:
    """'2 mistakes, about 14 points': how many moves are marked and what they cost together."""
    marked = [e for e in entries if e.get("mark") == "mistake"]
    if not marked:
        return "No mistakes"
    cost = sum(float(e.get("cost") or 0.0) for e in marked)
    amount = round(cost, digits) if digits else round(cost)
    word = unit if amount == 1 else units
    amount_text = f"{amount:.{digits}f}" if digits else str(int(amount))
    what = "1 mistake" if len(marked) == 1 else f"{len(marked)} mistakes"
    return f"{what}, about {amount_text} {word}"


def paired_stats(diffs: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of paired differences (each measured on the same sampled deal)."""
    n = len(diffs)
    if not n:
        return 0.0, 0.0
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5
