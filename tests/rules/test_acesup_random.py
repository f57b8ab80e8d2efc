"""Random play through the Aces Up rules: invariants that must hold after every move."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given
from hypothesis import strategies as st

from game.acesup.rules import (
    VARIATIONS,
    Fill,
    IllegalMove,
    apply,
    from_dict,
    is_over,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    restart,
    to_dict,
)
from game.cards import full_pack

PACK = sorted(full_pack())


def all_cards(s) -> list[str]:
    return [c for p in s.piles for c in p] + list(s.stock) + list(s.removed)


@given(seed=st.integers(0, 10**6), pick=st.integers(0, 2**32 - 1),
       variation=st.sampled_from(list(VARIATIONS)))
def test_random_play_keeps_every_invariant(seed, pick, variation):
    rng = random.Random(pick)
    s = new_game(seed, variation=variation)
    states, moves = [s], []
    steps = 0
    while not is_over(s):
        legal = legal_moves(s)
        assert legal, "a game that is not over must offer a move"
        # lone-card shuffles between empty piles can go on for ever: after a while prefer the rest
        useful = [m for m in legal if not (isinstance(m, Fill) and len(s.piles[m.src]) == 1)]
        m = rng.choice(legal if steps < 150 or not useful else useful)
        assert parse_move(s, str(m)) == m
        before = copy.deepcopy(s)
        s2 = apply(s, m)
        assert s == before, "apply changed its input"
        assert sorted(all_cards(s2)) == PACK
        assert from_dict(json.loads(json.dumps(to_dict(s2)))) == s2
        states.append(s2)
        moves.append(m)
        s = s2
        steps += 1
        assert steps < 400
    assert outcome(s) in ("won", "lost")
    assert legal_moves(s) == []
    # replaying the move list from the start gives the same states (the scene's undo history)
    r = new_game(seed, variation=variation)
    assert r == states[0]
    for m, want in zip(moves, states[1:], strict=True):
        r = apply(r, m)
        assert r == want
    # restart gives the opening deal back, unscored
    back = restart(s)
    assert back.piles == states[0].piles and back.stock == states[0].stock and not back.scored


@given(seed=st.integers(0, 10**6), variation=st.sampled_from(list(VARIATIONS)))
def test_only_legal_moves_are_accepted(seed, variation):
    rng = random.Random(seed)
    s = new_game(seed, variation=variation)
    for _ in range(30):
        if is_over(s):
            break
        legal = set(legal_moves(s))
        for text in ["deal"] + [f"discard {p}" for p in range(4)] + [
                f"{v} {a} {b}" for v in ("pair", "move") for a in range(4) for b in range(4) if a != b]:
            m = parse_move(s, text)
            try:
                apply(s, m)
                ok = True
            except IllegalMove as err:
                ok = False
                assert str(err) and str(err)[0].isupper() and str(err).endswith(".")
            assert ok == (m in legal), text
        s = apply(s, rng.choice(sorted(legal, key=str)))
