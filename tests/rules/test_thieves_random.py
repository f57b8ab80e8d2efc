"""Random play of Forty Thieves: every card accounted for across redeals, saves identical, no mutation."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from game.cards import full_pack
from game.thieves import rules
from game.thieves.players import make_player


def _check(state: rules.State) -> None:
    assert Counter(rules.all_cards(state)) == Counter(full_pack(state.jokers))
    assert state.jokers == max(0, state.start_jokers - state.clears)
    assert sum(len(s) for s in state.stacks) > 0
    assert rules.from_dict(json.loads(json.dumps(rules.to_dict(state)))) == state


def _play(seed: int, jokers: int, take_bias: float, max_moves: int = 400) -> rules.State:
    rng = random.Random(seed)
    state = rules.new_game(seed, jokers=jokers)
    _check(state)
    for _ in range(max_moves):
        moves = rules.legal_moves(state)
        if not moves:
            assert rules.is_over(state) and rules.outcome(state) is not None
            break
        takes = [m for m in moves if isinstance(m, rules.Take)]
        move = rng.choice(takes) if takes and rng.random() < take_bias else rng.choice(moves)
        snapshot = copy.deepcopy(rules.to_dict(state))
        after = rules.apply(state, move)
        assert rules.to_dict(state) == snapshot  # the given state is never changed
        if isinstance(move, rules.Take) and after.clears == state.clears:
            assert after.score == state.score + rules.card_points(state.stacks[move.stack][-1])
        if after.clears > state.clears:
            assert after.score >= state.score + rules.CLEAR_BONUS
        _check(after)
        state = after
    return state


@given(seed=st.integers(0, 10**9), jokers=st.integers(0, 5), take_bias=st.floats(0.5, 1.0))
def test_random_play_keeps_every_invariant(seed, jokers, take_bias):
    _play(seed, jokers, take_bias)


def test_play_across_several_redeals_keeps_the_pack_whole():
    """The auto-player with five jokers clears often: follow games through their redeals."""
    redeals = 0
    for seed in range(1, 40):
        player = make_player("auto")
        state = rules.new_game(seed, jokers=5)
        while not rules.is_over(state):
            after = rules.apply(state, player(rules.observe(state), None))
            if after.clears > state.clears:
                redeals += 1
                assert after.jokers == max(0, state.jokers - 1)
                _check(after)
            state = after
        if redeals >= 3:
            break
    assert redeals >= 3
