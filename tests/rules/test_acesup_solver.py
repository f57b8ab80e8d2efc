"""The exact Aces Up solver against hand-made deals and against a naive exhaustive search."""

from __future__ import annotations

import random

import pytest

from game.acesup import players, rules, solver
from game.acesup.rules import Deal, Discard, State
from game.cards import full_pack


def position(piles, stock=(), variation="firing_squad") -> State:
    piles = tuple(tuple(p) for p in piles)
    used = {c for p in piles for c in p} | set(stock)
    removed = tuple(c for c in full_pack() if c not in used)
    return State(piles=piles, stock=tuple(stock), variation=variation, removed=removed,
                 deck=removed + tuple(c for p in piles for c in p) + tuple(stock))


def play_line(state: State, line) -> State:
    for m in line:
        state = rules.apply(state, m)
    return state


def naive_winnable(state: State) -> bool:
    """Plain exhaustive search through the rules module: every legal move, no pruning."""
    seen: set = set()

    def go(s: State) -> bool:
        if rules.is_won(s):
            return True
        k = (s.piles, s.stock)
        if k in seen:
            return False
        seen.add(k)
        return any(go(rules.apply(s, m)) for m in rules.legal_moves(s))

    return go(state)


def test_a_deal_won_in_a_few_moves():
    s = position([["AC", "2H"], ["AD", "3S"], ["AH"], ["AS"]], stock=["2C", "KC", "3D", "KD"])
    r = solver.solve(s)
    assert r.winnable is True and r.line is not None
    assert rules.outcome(play_line(s, r.line)) == "won"
    assert len(r.line) == 7  # two discards, the deal, four discards
    assert solver.winning_move(s) in (Discard(0), Discard(1))
    # dealing first buries the 2 of hearts and 3 of spades for good
    assert solver.solve(rules.apply(s, Deal())).winnable is False


def test_a_hopeless_deal():
    # the 2 of clubs lies under the 3 of clubs, and no club above the 3 is left to discard it; no space
    # can ever open up, because nothing else can be discarded either
    s = position([["AC", "2C", "3C"], ["AD", "5H"], ["AH", "6S"], ["AS", "7D"]])
    r = solver.solve(s)
    assert r.winnable is False and r.line is None
    assert solver.winning_move(s) is None


def test_a_full_deal_with_a_winning_line():
    for seed in range(40):
        s = rules.new_game(seed, variation="aces_up")
        r = solver.solve(s, node_budget=20_000)
        if r.winnable:
            assert rules.outcome(play_line(s, r.line)) == "won"
            return
    pytest.fail("no deal among 40 was shown winnable within the budget")


def test_a_blocking_final_deal_is_lost_at_once():
    # the last four stock cards are of four suits and four ranks: after the final deal nothing moves
    tail = ["2C", "3D", "4H", "5S"]
    deck = [c for c in full_pack() if c not in tail] + tail
    for variation in rules.VARIATIONS:
        r = solver.solve(rules.new_game(deck=deck, variation=variation))
        assert r.winnable is False and r.nodes == 0
    # the same check on a small position agrees with the naive search
    s = position([["AC", "9C"], ["AD"], ["AH"], ["AS"]], stock=tail, variation="aces_up")
    assert solver.solve(s).winnable is False and naive_winnable(s) is False
    # a pair among them keeps Aces Up alive but not Firing Squad
    tail2 = ["2C", "2D", "4H", "5S"]
    deck2 = [c for c in full_pack() if c not in tail2] + tail2
    fs = solver.solve(rules.new_game(deck=deck2, variation="firing_squad"))
    assert fs.winnable is False and fs.nodes == 0
    assert solver.solve(rules.new_game(deck=deck2, variation="aces_up"), node_budget=100).nodes > 0


def test_budget_gives_undecided():
    r = solver.solve(rules.new_game(1_000_003, variation="firing_squad"), node_budget=50)
    assert r.winnable is None and r.nodes > 0


def test_pairs_decide_between_variations():
    # the Ace of clubs lies under the 2 of diamonds and the 7 of clubs; no space can open singly
    s = position([["AC", "2D", "7C"], ["AD", "7H"], ["AH"], ["AS"]], variation="aces_up")
    r = solver.solve(s)
    assert r.winnable is True and str(r.line[0]) == "pair 0 1"
    assert rules.outcome(play_line(s, r.line)) == "won"
    fs = State(**{**s.__dict__, "variation": "firing_squad"})
    assert solver.solve(fs).winnable is False


def random_small_position(rng: random.Random, variation: str) -> State:
    n_other = rng.randint(3, 7) if variation == "idiots_delight" else rng.randint(6, 10)
    others = rng.sample([c for c in full_pack() if c[0] != "A"], n_other)
    aces = ["AC", "AD", "AH", "AS"]
    if variation == "idiots_delight" and rng.random() < 0.5:
        aces = rng.sample(aces, 2)
    cards = aces + others
    rng.shuffle(cards)
    n_stock = rng.choice([0, 0, 3, 4, 5, 8])
    n_stock = min(n_stock, len(cards) - 2)
    stock, table = cards[:n_stock], cards[n_stock:]
    piles: list[list[str]] = [[], [], [], []]
    for c in table:
        piles[rng.randrange(4)].append(c)
    return position(piles, stock, variation)


@pytest.mark.parametrize("variation", list(rules.VARIATIONS))
def test_solver_agrees_with_naive_search_on_small_positions(variation):
    rng = random.Random(sum(map(ord, variation)))
    wins = 0
    count = 60 if variation == "idiots_delight" else 120
    for _ in range(count):
        s = random_small_position(rng, variation)
        want = naive_winnable(s)
        r = solver.solve(s)
        assert r.winnable is want, (s.piles, s.stock)
        if want:
            wins += 1
            assert rules.outcome(play_line(s, r.line)) == "won"
    assert 0 < wins < count  # the sample holds both kinds


def test_player_never_reads_the_stock_order():
    for seed in range(15):
        s = rules.new_game(seed, variation=list(rules.VARIATIONS)[seed % 3])
        rng = random.Random(seed)
        for _ in range(60):
            if rules.is_over(s):
                break
            shuffled_stock = list(s.stock)
            random.Random(seed + 99).shuffle(shuffled_stock)
            other = State(piles=s.piles, stock=tuple(shuffled_stock), variation=s.variation,
                          seed=s.seed, score=s.score, scored=s.scored, deals=s.deals,
                          removed=s.removed, deck=s.deck)
            a = players.choose_move(s, random.Random(seed))
            b = players.choose_move(other, random.Random(seed))
            assert a == b
            s = rules.apply(s, players.choose_move(s, rng))


def test_player_finishes_games_and_hint_is_legal():
    for seed in range(6):
        s = rules.new_game(seed, variation=list(rules.VARIATIONS)[seed % 3])
        rng = random.Random(seed)
        while not rules.is_over(s):
            h = players.hint(s)
            legal = rules.legal_moves(s)
            assert h is None or h in legal
            if h is None:
                assert legal == [Deal()]
            s = rules.apply(s, players.choose_move(s, rng))
        assert players.hint(s) is None


def test_simulate_smoke():
    from game.acesup.simulate import run

    out = run(3, 1, None, {"variation": "idiots_delight"})
    assert out["game"] == "acesup" and out["games"] == 3
    p = out["players"][0]
    assert p["level"] == "auto" and p["wins"] + p["losses"] == 3 and p["draws"] == 0
    assert out["move_ms_p99"] >= out["move_ms_p50"] >= 0
    with pytest.raises(ValueError):
        run(3, 1, ["expert"], {})
    with pytest.raises(ValueError):
        run(3, 1, None, {"variation": "spider"})
