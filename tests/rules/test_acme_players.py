"""ACME computer players: legal, fair (see only their seat), endgame exact, simulator reports."""

from __future__ import annotations

import random

import pytest

from game.acme import rules as R
from game.acme.endgame import solve
from game.acme.fastsim import Sim
from game.acme.inference import Deducer, counts
from game.acme.players import LEVELS, make_player
from game.acme.simulate import run


def _mid_round(seed: int, plays: int) -> R.State:
    rng = random.Random(seed)
    s = R.new_game(seed)
    base = make_player("baseline")
    for _ in range(4 + plays):
        if R.is_over(s):
            break
        s = R.apply(s, base.choose(R.observe(s, R.current_player(s)), rng))
    return s


def _shuffle_hidden(state: R.State, seat: int, rng: random.Random) -> R.State:
    """Deal the other players' cards afresh (same counts), keeping what ``seat`` knows of them."""
    obs = R.observe(state, seat)
    fixed = set(obs.gave) if state.phase == "play" else set()
    others = [s for s in range(5) if s != seat]
    pool = [c for s in others for c in state.hands[s] if c not in fixed]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        keep = [c for c in state.hands[s] if c in fixed]
        take = len(state.hands[s]) - len(keep)
        hands[s] = R.sort_hand(keep + pool[:take])
        pool = pool[take:]
    return R.State(hands=tuple(hands), roles=state.roles, phase=state.phase, gifts=state.gifts,
                   log=state.log, trick_start=state.trick_start, leader=state.leader,
                   pending=state.pending, finished=state.finished)


@pytest.mark.parametrize("level", ["expert", "flatmc", "baseline", "random"])
def test_choice_does_not_depend_on_hidden_cards(level):
    player = make_player(level, playouts=30) if level in ("expert", "flatmc") else make_player(level)
    checked = 0
    for seed in range(6):
        s = _mid_round(seed, plays=3 + seed * 4)
        if R.is_over(s):
            continue
        seat = R.current_player(s)
        other = _shuffle_hidden(s, seat, random.Random(seed))
        assert other != s or seed == 0
        assert R.observe(other, seat) == R.observe(s, seat)
        a = player.choose(R.observe(s, seat), random.Random(7))
        b = player.choose(R.observe(other, seat), random.Random(7))
        assert a == b
        checked += 1
    assert checked >= 4


def test_every_level_plays_legal_moves_to_the_end():
    for level in LEVELS:
        player = make_player(level, playouts=20) if level in ("expert", "flatmc") else make_player(level)
        s = R.new_game(11)
        rng = random.Random(1)
        while not R.is_over(s):
            m = player.choose(R.observe(s, R.current_player(s)), rng)
            assert m in R.legal_moves(s)
            s = R.apply(s, m)


def test_baseline_plays_lowest_and_passes_only_when_it_must():
    base = make_player("baseline")
    s = R.new_game(5)
    rng = random.Random(0)
    while not R.is_over(s):
        moves = R.legal_moves(s)
        m = base.choose(R.observe(s, R.current_player(s)), rng)
        plays = [x for x in moves if x.kind == "play"]
        if s.phase == "play":
            if plays:
                assert m.kind == "play"
                assert R.acme_rank(m.cards[0]) == min(R.acme_rank(x.cards[0]) for x in plays)
        s = R.apply(s, m)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown"):
        make_player("grandmaster")


def test_expert_gives_lonely_low_cards():
    s = R.new_game(deck=("3C 5D 7H 7S 9C 9D JC JD KC KD 2C JK " + " ".join(
        c for c in __import__("game.cards", fromlist=["x"]).full_pack(1)
        if c not in "3C 5D 7H 7S 9C 9D JC JD KC KD 2C JK".split())).split(), roles=[0, 1, 2, 3, 4])
    m = make_player("expert").choose(R.observe(s, 0), random.Random(0))
    assert m == R.Move("give", ("3C", "5D"))


def test_deducer_ceiling_from_the_apprentices_gift():
    s = R.new_game(3)
    rng = random.Random(0)
    base = make_player("baseline")
    while s.phase == "exchange":
        s = R.apply(s, base.choose(R.observe(s, R.current_player(s)), rng))
    pres, appr = s.roles[0], s.roles[4]
    obs = R.observe(s, pres)
    low = min(R.card_key(c) for c in obs.received)
    d = Deducer(obs)
    for _ in range(20):
        hands = d.sample(rng)
        assert hands[pres] == counts(s.hands[pres])
        for r in range(low[0] + 1, 14):
            assert hands[appr][r] <= sum(1 for c in obs.gave if R.acme_rank(c) == r)
        assert [sum(h) for h in hands] == [len(h) for h in s.hands]


def _baseline_positions(seed: int):
    """Every play-phase state of one all-baseline round."""
    rng = random.Random(seed)
    s = R.new_game(seed)
    base = make_player("baseline")
    while not R.is_over(s):
        if s.phase == "play":
            yield s
        s = R.apply(s, base.choose(R.observe(s, R.current_player(s)), rng))


def test_deductions_never_exclude_a_true_baseline_hand():
    # Against baselines every reading (passes, leads, follows, the exchange ceiling) is a fact.
    checked = 0
    for seed in range(4):
        for s in _baseline_positions(seed):
            for seat in range(5):
                obs = R.observe(s, seat)
                caps = Deducer(obs)._fallbacks[0]
                for other, cap in caps.items():
                    true = counts(s.hands[other])
                    assert all(true[r] <= cap[r] for r in range(14)), (seed, seat, other)
                    checked += 1
    assert checked > 500


def test_two_player_endgame_is_solved_exactly():
    # Me: a pair of threes and the joker; other: a single two.  Lead the joker, then the pair.
    me = [0] * 14
    me[0], me[13] = 2, 1
    other = [0] * 14
    other[12] = 1
    hands = [me, other, [0] * 14, [0] * 14, [0] * 14]
    sim = Sim(hands, (2, 3, 4, 0, 1), [2, 3, 4], 0)
    assert solve(sim, 0) in ((13, 1), (0, 2))
    # Leading a single three would lose: the other goes out with the two.
    t = sim.copy()
    t.step((0, 1))
    assert t.to_act() == 1


def test_simulate_smoke():
    out = run(5, 1, ["expert", "flatmc", "baseline", "baseline", "random"], {"playouts": 20})
    assert out["game"] == "acme" and out["games"] == 5
    assert [p["level"] for p in out["players"]] == ["expert", "flatmc", "baseline", "baseline", "random"]
    for p in out["players"]:
        assert sum(p["places"]) == 5 and 1 <= p["mean_place"] <= 5
        assert 0 <= p["first_share"] <= p["top2_share"] <= 1
    assert sum(p["wins"] for p in out["players"]) == 5
    assert out["move_ms_p99"] >= out["move_ms_p50"] >= 0
    with pytest.raises(ValueError):
        run(2, 1, ["expert", "baseline"])
    with pytest.raises(ValueError):
        run(2, 1, ["expert", "x", "baseline", "baseline", "baseline"])
    with pytest.raises(ValueError):
        run(2, 1, None, {"speed": 3})


def test_expert_thinks_for_its_cpu_budget_not_the_wall_clock(monkeypatch):
    # A fake thread clock that runs 10 ms per reading: with a 50 ms budget the search must stop after a
    # handful of deals however many playouts it was allowed, and the wall clock must not be what stops it.
    import game.acme.players as P

    readings = []

    def fake_cpu() -> float:
        readings.append(None)
        return len(readings) * 0.01

    monkeypatch.setattr(P.time, "thread_time", fake_cpu)
    s = _mid_round(5, plays=6)
    seat = R.current_player(s)
    obs = R.observe(s, seat)
    player = make_player("expert", playouts=10**9, time_limit=0.05, wall_limit=3600.0, plan_cards=0)
    move = player.choose(obs, random.Random(3))
    assert move in R.legal_moves_for(obs)
    assert 3 <= len(readings) <= 12


# ------------------------------------------------------------------ the Expert's card economy (issue 32)

def _economy_positions(kind: str, n: int) -> list:
    """Positions from baseline play, early in a round with nobody near going out: ``joker``, a low pair (threes
    to sixes) to answer holding the joker and eight cards or more; ``high``, a low single (three to six) to
    answer holding a queen or a king and a lower card that beats it too."""
    from game.acme.fastsim import JOKER
    from game.acme.rules import acme_rank

    out = []
    base = make_player("baseline")
    for seed in range(5000):
        if len(out) == n:
            break
        rng = random.Random(seed)
        s = R.new_game(seed)
        while not R.is_over(s):
            seat = R.current_player(s)
            top = R.top_play(s)
            if s.phase == "play" and top is not None and top[0] != seat and min(
                    len(h) for i, h in enumerate(s.hands) if h and i != seat) > 3:
                r, c = acme_rank(top[1][0]), len(top[1])
                ranks = [acme_rank(x) for x in s.hands[seat]]
                if kind == "joker" and c == 2 and r <= 3 and JOKER in ranks and len(ranks) >= 8:
                    out.append((s, seat))
                    break
                if kind == "high" and c == 1 and r <= 3 and len(ranks) >= 6 and ({9, 10} & set(ranks)) \
                        and any(r < q < 9 for q in ranks):
                    out.append((s, seat))
                    break
            s = R.apply(s, base.choose(R.observe(s, seat), rng))
    return out


def test_the_expert_keeps_the_joker_and_its_court_cards_for_strong_plays():
    """Issue 32: the Vice President with ten cards spent the joker on a pair of threes in trick 3; the
    President answered single fours with a king or a queen while a lower card would do."""
    from game.acme.fastsim import JOKER
    from game.acme.rules import acme_rank

    expert = make_player("expert")
    wasted = []
    for kind, spent in (("joker", {JOKER}), ("high", {9, 10, 11, 12, JOKER})):
        for i, (s, seat) in enumerate(_economy_positions(kind, 30)):
            move = expert.choose(R.observe(s, seat), random.Random(i))
            if move.kind == "play" and acme_rank(move.cards[0]) in spent:
                wasted.append((kind, R.top_play(s)[1], move.cards))
    assert wasted == []
