"""Hypothesis random play: all 106 cards accounted for, save identity, no mutation."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.romi import rules
from game.romi.players import choose_move


def all_cards(s: rules.State) -> Counter:
    return Counter(s.hands[0] + s.hands[1] + s.stock + tuple(c for g in s.table for c in g))


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6), pick=st.randoms(use_true_random=False),
       aak=st.booleans())
def test_random_play_keeps_every_card(seed, pick, aak):
    s = rules.new_game(seed, ace_after_king=aak)
    full = Counter(rules.PACK)
    levels = ["beginner", "beginner"]
    for _ in range(60):
        if rules.is_over(s):
            break
        assert all_cards(s) == full
        data = rules.to_dict(s)
        assert rules.from_dict(json.loads(json.dumps(data))) == s
        moves = rules.legal_moves(s) if pick.random() < 0.15 else [
            choose_move(rules.observe(s, s.turn), levels[s.turn], random.Random(pick.random()))]
        move = pick.choice(moves)
        assert rules.parse_move(s, str(move)) == move
        t = rules.apply(s, move)
        assert rules.to_dict(s) == data  # the given state is untouched
        if isinstance(move, rules.Play):
            assert all(rules.is_valid_group(g, aak) for g in t.table)
            # no table card ever goes back to a hand
            assert not (Counter(c for g in s.table for c in g) - Counter(c for g in t.table for c in g))
        s = t
    assert all_cards(s) == full
    assert rules.from_dict(rules.to_dict(s)) == s
