"""Random play: every card accounted for, totals move only by the rules, saves round-trip."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import full_pack
from game.court import rules as R
from game.court.players import make_player

PACK = Counter(full_pack())


def accounted(s: R.State) -> bool:
    cards = s.pack + s.seen[0] + s.seen[1] + s.hands[0] + s.hands[1] + s.out + s.table
    return Counter(cards) == PACK


def expected_totals(before: R.State, move: R.Move) -> tuple[int, int] | None:
    """The totals the table says ``move`` produces (None: the move changes nothing)."""
    if move.kind == "play" and before.table:
        leader, follower = before.leader, 1 - before.leader
        r = R.resolve_turn(before.table[0], move.card, (before.totals[leader], before.totals[follower]))
        out = [0, 0]
        out[leader], out[follower] = r.scores
        return (out[0], out[1])
    if move.kind == "bonus":
        seat, v, suit = before.bonus_player, R.card_value(move.card), move.card[1]
        t = list(before.totals)
        if suit == "H":
            t[seat] += v
        elif suit == "S":
            t = [t[0] - v, t[1] - v]
        else:
            t[1 - seat] -= v
        return (t[0], t[1])
    return before.totals


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), follow=st.booleans())
def test_random_games_keep_every_invariant(seed, follow):
    rng = random.Random(seed)
    s = R.new_game(seed, follow_suit=follow, round_limit=rng.choice([1, 2, 99]))
    steps = 0
    data = R.to_dict(s)
    while not R.is_over(s) and steps < 300:
        legal = R.legal_moves(s)
        assert legal and R.current_player(s) in (0, 1)
        move = rng.choice(legal)
        new = R.apply(s, move)
        assert R.to_dict(s) == data  # apply never mutates
        assert accounted(new)
        if new.round_no == s.round_no:
            assert new.totals == expected_totals(s, move)
        else:
            assert new.last_round.totals == expected_totals(s, move) == new.totals
            assert len(new.pack) == 52
        data = R.to_dict(new)
        assert R.from_dict(json.loads(json.dumps(data))) == new
        assert R.score(new) == new.totals
        s = new
        steps += 1
    if R.is_over(s):
        a, b = s.totals
        if s.end_reason == "zero":
            assert a <= 0 or b <= 0
            assert s.winner == (None if (a <= 0 and b <= 0) else (0 if b <= 0 else 1))
        else:
            assert s.round_no == s.round_limit


def hide_differently(s: R.State, seat: int, rng: random.Random) -> R.State:
    """Reshuffle everything ``seat`` cannot see: the pack order and the opponent's hidden cards."""
    o = 1 - seat
    known_opp = set(s.captured[o])
    hidden_hand = [c for c in s.hands[o] if c not in known_opp]
    turned = s.pack[:1] if (s.phase == "draw" and s.drawer == seat) else ()
    rest = list(s.pack[len(turned):])
    pool = hidden_hand + list(s.seen[o]) + rest
    rng.shuffle(pool)
    n1, n2 = len(hidden_hand), len(s.seen[o])
    hand = R.sort_hand(list(s.captured[o]) + pool[:n1])
    hands = [s.hands[0], s.hands[1]]
    seen = [s.seen[0], s.seen[1]]
    hands[o], seen[o] = hand, tuple(pool[n1:n1 + n2])
    from dataclasses import replace

    return replace(s, hands=(hands[0], hands[1]), seen=(seen[0], seen[1]),
                   pack=tuple(turned) + tuple(pool[n1 + n2:]))


def test_players_ignore_hidden_cards():
    """A player's choice depends only on what its seat may see."""
    for level in ("novice", "intermediate", "expert"):
        player = make_player(level)
        if level == "expert":
            player.time_limit = 10.0  # decide by iteration count only, not by the clock
            player.rollout_budget = 40
        rng = random.Random(3)
        s = R.new_game(21)
        checked = 0
        while not R.is_over(s) and checked < 30:
            seat = R.current_player(s)
            other = hide_differently(s, seat, random.Random(checked))
            assert R.observe(other, seat) == R.observe(s, seat)
            a = player.choose(R.observe(s, seat), random.Random(checked))
            b = player.choose(R.observe(other, seat), random.Random(checked))
            assert a == b
            if s.phase == "play":
                checked += 1
            s = R.apply(s, player.choose(R.observe(s, seat), rng))


def test_simulate_smoke():
    from game.court.simulate import run

    out = run(2, 5, ["novice", "random"], {})
    assert out["game"] == "court" and out["games"] == 2
    assert [p["level"] for p in out["players"]] == ["novice", "random"]
    for p in out["players"]:
        assert p["wins"] + p["draws"] + p["losses"] == 2
    assert out["players"][0]["wins"] == out["players"][1]["losses"]
    assert "move_ms_p99" in out
    import pytest

    with pytest.raises(ValueError):
        run(1, 1, ["expert", "genius"], {})
    with pytest.raises(ValueError):
        run(1, 1, ["expert"], {})
    with pytest.raises(ValueError):
        run(1, 1, ["novice", "random"], {"jokers": 2})
