"""ACME random play: every card accounted for, roles a permutation, save identity, no mutation."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given
from hypothesis import strategies as st

from game.acme import rules as R
from game.acme.fastsim import Sim
from game.acme.inference import counts
from game.cards import full_pack


def _check(state: R.State) -> None:
    cards = [c for h in state.hands for c in h] + list(R.played_cards(state))
    if state.phase == "exchange":
        cards += [c for g in state.gifts for c in g]
    assert sorted(cards) == sorted(full_pack(1))
    assert sorted(state.roles) == [0, 1, 2, 3, 4]
    assert R.from_dict(json.loads(json.dumps(R.to_dict(state)))) == state
    assert len(set(state.finished)) == len(state.finished)


@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_random_rounds_keep_every_invariant(seed, choices):
    state = R.new_game(seed)
    _check(state)
    while not R.is_over(state):
        moves = R.legal_moves(state)
        assert moves and len(set(moves)) == len(moves)
        move = choices.choice(moves)
        frozen = copy.deepcopy(state)
        after = R.apply(state, move)
        assert state == frozen  # apply never changes its input
        _check(after)
        state = after
    assert sorted(R.score(state)) == [0, 1, 2, 3, 4]
    assert sum(1 for h in state.hands if h) <= 1


@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_fast_model_agrees_with_the_rules(seed, choices):
    """The players' count model (fastsim) must play exactly like rules.py."""
    state = R.new_game(seed)
    while state.phase == "exchange":
        state = R.apply(state, choices.choice(R.legal_moves(state)))
    sim = Sim([counts(h) for h in state.hands], state.roles, state.finished, state.leader)
    while not R.is_over(state):
        assert sim.to_act() == R.current_player(state)
        abstract = set()
        for m in R.legal_moves(state):
            abstract.add(None if m.kind == "pass" else (R.acme_rank(m.cards[0]), len(m.cards)))
        assert abstract == set(sim.moves())
        move = choices.choice(R.legal_moves(state))
        state = R.apply(state, move)
        sim.step(None if move.kind == "pass" else (R.acme_rank(move.cards[0]), len(move.cards)))
        assert sim.hands == [counts(h) for h in state.hands]
    assert tuple(sim.finished) == R.score(state)


def test_selection_helpers_match_legal_moves():
    rng = random.Random(3)
    for seed in range(15):
        state = R.new_game(seed)
        while not R.is_over(state):
            moves = R.legal_moves(state)
            for m in moves[:6]:
                assert R.selection_move(state, m.cards) == m
                assert set(m.cards) <= R.selectable_cards(state, m.cards[:1])
            playable = R.playable_cards(state)
            assert playable == {c for m in moves for c in m.cards}
            state = R.apply(state, rng.choice(moves))
