"""Why the Hint chose its move, in a few words: so a new player does not follow it blindly.

Pure (no pygame): read from what the player's seat may see (`rules.View`) and the helpers the computer
players think with.  The words name what the move does now — the points, the capture, the lead — and,
when the Expert passed over a card that would score more at once, which card it keeps for later.
"""

from __future__ import annotations

import random

from game.cards import the_card
from game.court import players, rules

SAMPLES = 24  # hands the computer could hold, for a lead's likely outcome


def points_words(you: int, comp: int) -> str:
    """'you gain 8', 'the computer loses 5', 'you gain 3 and the computer loses 3', 'no points'."""
    parts = []
    if you:
        parts.append(f"you {'gain' if you > 0 else 'lose'} {abs(you)}")
    if comp:
        parts.append(f"the computer {'gains' if comp > 0 else 'loses'} {abs(comp)}")
    return " and ".join(parts) or "no points"


def _follow_words(view: rules.View, card: str) -> str:
    lead = view.table[0]
    lt, ft, lw, cap, purge = players._turn_totals(lead, card, view.opp, view.me)
    words = [points_words(ft - view.me, lt - view.opp)]
    if cap and not lw:
        words.append(f"you capture {the_card(cap)}")
    if not lw and view.opp_hand_size > 0 and len(view.hand) > 1:  # (the last turn has no next lead: round 14)
        words.append("you lead next")
    legal = [m.card for m in view.legal if m.card]
    at_once = players.greedy_follow(lead, legal, view.me, view.opp, view.follow_suit)
    text = ", ".join(words)
    if at_once != card:
        text += f"; it keeps {the_card(at_once)} for later"
    return text


def _lead_words(view: rules.View, card: str, rng: random.Random) -> str:
    pool, voids = players.unseen_cards(view), players.opponent_voids(view)
    total = 0
    for _ in range(SAMPLES):
        opp = players.sample_opponent_hand(view, rng, pool, voids)
        answer = players.greedy_follow(card, opp, view.opp, view.me, view.follow_suit)
        lt, ft, _lw, _cap, _ = players._turn_totals(card, answer, view.me, view.opp)
        total += (lt - view.me) - (ft - view.opp)
    mean = round(total / SAMPLES)
    if mean > 0:
        return f"against the cards the computer may hold it gains you about {mean} on the spread"
    if mean < 0:
        return f"against the cards the computer may hold it costs the least (about {mean} on the spread)"
    return "against the cards the computer may hold it risks nothing on the spread"


def _bonus_words(view: rules.View, card: str) -> str:
    v = rules.card_value(card)
    you, comp = {"H": (v, 0), "S": (-v, -v)}.get(card[1], (0, -v))
    return points_words(you, comp)


def _draw_words(view: rules.View, kind: str) -> str:
    if view.draw_step == 1:
        return "the second card of a pair goes the other way from the first"
    if kind == "keep":
        return "it is worth more than the card you would likely get instead"
    return "it is worth less than an average card still to come"


def reason(view: rules.View, move: rules.Move, seed: int = 0) -> str:
    """A few words on why ``move`` (the Expert's hint for the seat of ``view``)."""
    if move.kind in ("keep", "discard"):
        return _draw_words(view, move.kind)
    if move.kind == "bonus":
        return _bonus_words(view, move.card)
    if move.kind == "done":
        return "another bonus card would do you more harm than good"
    if view.table:
        return _follow_words(view, move.card)
    return _lead_words(view, move.card, random.Random(seed))
