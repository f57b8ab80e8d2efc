"""Review a Forty Thieves game: each position's exact verdict (can the deal on the table still be
cleared?) and the losing move (see game.review.solitaire).  A clear begins a new deal: verdicts are not
carried across it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.cards import the_card
from game.review import solitaire
from game.thieves import players, rules, solver

#: CPU seconds the solver may spend on one position of a reviewed game
BUDGET_S = 2.0


def describe(state: rules.State, move: Any) -> str:
    if isinstance(move, rules.Take):
        stack = state.stacks[move.stack]
        card = the_card(stack[-1]) if stack else "a card"
        return f"Take {card} from stack {move.stack + 1}"
    return "Turn the next stock card"


def new_deal(before: rules.State, after: rules.State) -> bool:
    return after.clears != before.clears


def fair_moves(state: rules.State) -> list[Any]:
    """The move the Hint's auto-player makes here, from the player's view alone (it never reads the stock):
    a losing move it makes too lost only to the stock's order (game.review.solitaire)."""
    move = players.hint(state)
    return [] if move is None else [move]


def review_moves(start: rules.State, moves: Sequence[Any], *, budget: float = BUDGET_S,
                 progress: Callable[[float], None] | None = None,
                 should_stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    return solitaire.review(rules, solver.solve, start, moves, budget=budget, progress=progress,
                            should_stop=should_stop, describe=describe, new_deal=new_deal,
                            fair=fair_moves)


def summarize(entries: list[dict[str, Any]]) -> str:
    return solitaire.summarize(entries, winnable="clearable",
                               never="This deal could never be cleared: no move lost it.")
