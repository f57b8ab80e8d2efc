"""Where each Forty Thieves card lies, as a small tuple, and where a move sends it.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines) so the scene's mixins can name a
place without importing the scene.  The jokers' stable ids are keyed by these places.
"""

from __future__ import annotations

from typing import Any

from game.thieves import rules
from game.thieves.rules import Take

Loc = tuple  # ("w", i) waste, ("c",) current, ("s", stack, k), ("k", i) stock


def locations(state: rules.State) -> list[tuple[Loc, str]]:
    """Every card with its place, in a fixed order (used to give the jokers stable ids)."""
    out: list[tuple[Loc, str]] = [(("w", i), c) for i, c in enumerate(state.waste)]
    out.append((("c",), state.current))
    for s, st in enumerate(state.stacks):
        out.extend((("s", s, k), c) for k, c in enumerate(st))
    out.extend((("k", i), c) for i, c in enumerate(state.stock))
    return out


def move_map(before: rules.State, move: Any) -> dict[Loc, Loc]:
    """For a move that does not clear: where each card of the new state was before it."""
    n = len(before.waste)
    out: dict[Loc, Loc] = {("w", n): ("c",)}
    if isinstance(move, Take):
        out[("c",)] = ("s", move.stack, len(before.stacks[move.stack]) - 1)
    else:
        out[("c",)] = ("k", 0)
        for i in range(1, len(before.stock)):
            out[("k", i - 1)] = ("k", i)
    return out
