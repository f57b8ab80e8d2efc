"""The Aces Up Hint is fair and never pointless, over whole games (issue 18)."""

from __future__ import annotations

import random
from dataclasses import replace

from game.acesup import players, rules


def test_hint_ignores_the_stock_order_and_never_moves_a_lone_card_to_a_space():
    for seed in range(1, 41):
        for variation in rules.VARIATIONS:
            state = rules.new_game(seed, variation=variation)
            rng = random.Random(seed)
            while not rules.is_over(state):
                move = players.hint(state)
                if move is not None:
                    assert not players.pointless(state, move), (seed, variation, move)
                shuffled = list(state.stock)
                rng.shuffle(shuffled)
                assert players.hint(replace(state, stock=tuple(shuffled))) == move
                state = rules.apply(state, players.choose_move(state, rng))


def test_pointless_means_the_same_table_up_to_pile_order():
    state = rules.State(piles=(("AC",), (), ("AS", "6D"), ("AH",)), stock=(), variation="aces_up")
    for move in rules.legal_moves(state):
        after = rules.apply(state, move)
        same = sorted(after.piles) == sorted(state.piles) and after.removed == state.removed
        assert players.pointless(state, move) == same
