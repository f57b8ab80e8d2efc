"""Reviewing a game of Romi: on each of the player's turns, the best lay beside what the player laid.

Fair by nature: the best lay is found from the same board and the player's own hand (what the player
saw), never the other hand or the stock.  The search is the Expert's exact one
(`generator.best_play`: before opening, the best opening of 25 or more from the hand alone; after, the
best repartition of the whole table with cards from the hand, laying the most hand points, a joker
counting 25), so it needs no sampling and is deterministic; the generator's state cap bounds its time
on freak tables, and the ``budget`` argument (kept for the common interface) is not needed.

Each of the player's entries carries, beyond ``expert`` (the best lay's move text, or ``draw`` when
nothing could be laid), ``cost`` (hand points the best lay would have laid beyond the player's) and
``mark``:

* ``cards_laid`` / ``points_laid``: what the player laid from the hand;
* ``best_cards`` / ``best_points``: what the best lay lays;
* ``cards_missed``: how many cards fewer than the best lay the player placed (0 when as many or more);
* ``better_play``: the best lay's ``play …`` text when it lays more cards or more points, so the replay
  can show it on the board (None otherwise).

A turn is marked a mistake when the player placed fewer cards than the best lay (``cards_missed`` > 0),
a drawn turn while a lay existed included.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from game.cards import cards_phrase
from game.movereview import replay, walk
from game.romi import generator as gen
from game.romi import rules
from game.romi.rules import Draw, Play
from game.words import count

DEFAULT_BUDGET = 20.0


def laid_cards(table: rules.Table, move: rules.Move) -> list[str]:
    """The cards a legal move brings from the hand to ``table`` (none for a draw)."""
    if not isinstance(move, Play):
        return []
    added = Counter(c for g in move.groups for c in g) - Counter(c for g in table for c in g)
    return sorted(added.elements())


def best_lay(state: rules.State) -> rules.Move:
    """The best lay for the player to act, from the board and that player's hand."""
    p = state.turn
    table = gen.best_play(state.hands[p], state.table, state.opened[p], state.ace_after_king)
    return Draw() if table is None else Play(tuple(table))


def judge(state: rules.State, move: rules.Move, n: int) -> dict[str, Any]:
    """One of the player's turns: what was laid, what the best lay lays, the cards missed."""
    best = best_lay(state)
    mine, theirs = laid_cards(state.table, move), laid_cards(state.table, best)
    points, best_points = gen.laid_points(mine), gen.laid_points(theirs)
    missed = max(0, len(theirs) - len(mine))
    better = missed > 0 or best_points > points
    return {
        "expert": str(best),
        "cost": float(max(0, best_points - points)),
        "mark": "mistake" if missed else None,
        "cards_laid": len(mine),
        "points_laid": points,
        "best_cards": len(theirs),
        "best_points": best_points,
        "cards_missed": missed,
        "missed": sorted((Counter(theirs) - Counter(mine)).elements()),
        "better_play": str(best) if better else None,
    }


#: how a cost is said: '12 points' (hand points)
UNIT = ("point", "points", 0)


def describe(state: rules.State, move: rules.Move) -> str:
    """A turn as a verb phrase: 'lay the queens of clubs, hearts and spades', 'rearrange the table',
    'draw a card', 'pass' (a draw from an empty stock)."""
    if isinstance(move, Draw):
        return "draw a card" if state.stock else "pass"
    cards = laid_cards(state.table, move)
    return f"lay {cards_phrase(cards)}" if cards else "rearrange the table"


def review_moves(start: rules.State, moves: Sequence[rules.Move], *, budget: float = DEFAULT_BUDGET,
                 progress: Callable[[float], None] | None = None,
                 should_stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """One review entry per move (see `game.movereview.walk`); the player's turns carry the best lay."""
    states = replay(rules, start, moves)
    # A full table makes the search work hardest: weigh progress by the cards down.
    return walk(rules, states, moves, judge, progress=progress, should_stop=should_stop,
                weight=lambda s: 10.0 + sum(len(g) for g in s.table))


def missed_cards(entries: Sequence[dict[str, Any]]) -> int:
    """The cards a player would call missed: each card the best lay would have laid and the player did not,
    counted once however many turns it waited in the hand (a lay put off for five turns is not five times
    its cards; a card is counted twice only when both copies of it were missed)."""
    most: Counter[str] = Counter()
    for e in entries:
        missed = e.get("missed")
        if isinstance(missed, list):
            most |= Counter(str(c) for c in missed)
    return sum(most.values())


def summarize(entries: Sequence[dict[str, Any]]) -> str:
    """'3 turns where you could have laid more: 7 cards missed'."""
    marked = [e for e in entries if e.get("cards_missed")]
    if not marked:
        return "No turn where you could have laid more"
    turns = "1 turn" if len(marked) == 1 else f"{len(marked)} turns"
    return f"{turns} where you could have laid more: {count(missed_cards(marked), 'card')} missed"
