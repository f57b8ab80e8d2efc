"""Why the Expert's hint is to pass, in a player's words.

A bare "Hint: pass" while the hand could beat the top reads as a timid
program (a fresh player, round 10: "the Hint and the computers seem
passive").  Passing is often right in a climbing game — a pair broken to beat
a single, a king spent on a four, the joker thrown at a small trick — and a
good teacher says which.  The reason is worked out from the hand and the top
play alone (what the player's seat sees), so it never leaks a hidden card.
Pure: no pygame, no I/O.
"""

from __future__ import annotations

from collections import Counter

from game.acme import rules
from game.cards import JOKER, rank_word


def pass_reason(state: rules.State) -> str:
    """One sentence saying why passing is wise for the seat to act: what its cheapest beat would cost.
    Reads only that seat's hand and the top play (both on its side of the table)."""
    seat, top_play = rules.current_player(state), rules.top_play(state)
    if seat is None or top_play is None:
        return ""
    hand, top = state.hands[seat], top_play[1]
    beats = [m for m in rules.legal_moves(state) if m.kind == "play"]
    if not beats:
        return f"nothing in your hand beats {rules.describe(top)}."
    plain = [m for m in beats if m.cards != (JOKER,)]
    if not plain:
        return f"only the joker beats {rules.describe(top)}: keep it for a bigger trick."
    counts = Counter(rules.acme_rank(c) for c in hand)
    # a beat that keeps its rank whole, where there is one: round 14, "beating it would break up your three
    # nines" was said with the ten of diamonds in hand, which beats the six and breaks nothing
    whole = [m for m in plain if counts[rules.acme_rank(m.cards[0])] == len(m.cards)]
    cheapest = min(whole or plain, key=lambda m: rules.acme_rank(m.cards[0]))
    rank = rules.acme_rank(cheapest.cards[0])
    held = counts[rank]
    if held > len(cheapest.cards):
        number = {2: "two", 3: "three", 4: "four"}[held]
        return f"beating it would break up your {number} {rank_word(cheapest.cards[0], 2)}: keep them together."
    return f"your cheapest beat is {rules.describe(cheapest.cards)}: worth more later, to win a lead."
