"""Review an Aces Up game: each position's exact verdict and the losing move (see game.review.solitaire)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.acesup import players, rules, solver
from game.cards import rank_word
from game.review import solitaire

#: CPU seconds the solver may spend on one position of a reviewed game
BUDGET_S = 2.0


def describe(state: rules.State, move: Any) -> str:
    """The move in words, as the table's Hint says it."""
    tops = rules.top_cards(state)
    if isinstance(move, rules.Discard):
        return f"Discard the {rules.card_label(tops[move.pile])}"
    if isinstance(move, rules.Pair):
        return f"Discard the pair of {rank_word(tops[move.a][0], 2)}"
    if isinstance(move, rules.Fill):
        return f"Move the {rules.card_label(tops[move.src])} into the empty pile"
    return "Deal"


def review_moves(start: rules.State, moves: Sequence[Any], *, budget: float = BUDGET_S,
                 progress: Callable[[float], None] | None = None,
                 should_stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    return solitaire.review(rules, solver.solve, start, moves, budget=budget, progress=progress,
                            should_stop=should_stop, describe=describe, fair=players.fair_moves)


def summarize(entries: list[dict[str, Any]]) -> str:
    return solitaire.summarize(entries)
