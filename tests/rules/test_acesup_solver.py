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


# ---------------------------------------------------------------- each pruning rule against plain search

RULE_SETS = [(), ("stuck",), ("forced",), ("stuck", "forced")]


def _compact(state: State):
    return tuple(bytes(solver.encode(c) for c in p) for p in state.piles)


def anchored_position(rng: random.Random, variation: str) -> State:
    """Every pile non-empty, Aces at the bottoms (Idiot's Delight: any card): where "stuck" may apply."""
    others = [c for c in full_pack() if c[0] != "A"]
    cards = rng.sample(others, rng.randint(6, 9))
    piles: list[list[str]] = [["AC"], ["AD"], ["AH"], ["AS"]]
    if variation == "idiots_delight":  # the Aces are gone (paired): any four cards at the bottoms
        bottoms = rng.sample(others, 4)
        if rng.random() < 0.5:  # bottoms that nothing left in play can remove: stuck for good
            bottoms = ["KC", "QD", "JH", "TS"]
            others = [c for c in others if not any(
                c[0] == b[0] or (c[1] == b[1] and rules.rank_value(c) > rules.rank_value(b)) for b in bottoms)]
            cards = rng.sample(others, 5)
        piles = [[c] for c in bottoms]
        cards = [c for c in cards if c not in bottoms][:rng.randint(3, 5)]
    rng.shuffle(piles)
    n_stock = rng.choice([0, 2, 4, 4, 5])
    stock, table = cards[:n_stock], cards[n_stock:]
    for c in table:
        piles[rng.randrange(4)].append(c)
    return position(piles, stock, variation)


@pytest.mark.parametrize("variation", list(rules.VARIATIONS))
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_each_pruning_rule_agrees_with_plain_search(variation, rule_set):
    """Every pruning rule alone (and all together) gives the verdict of the naive search, and every winning
    line it returns replays to a win through the rules module."""
    rng = random.Random(hash((variation, rule_set)) & 0xFFFF)
    count = 50 if variation == "idiots_delight" else 80
    verdicts = set()
    for i in range(count):
        s = anchored_position(rng, variation) if i % 2 else random_small_position(rng, variation)
        want = naive_winnable(s)
        r = solver.solve(s, _rules=rule_set)
        assert r.winnable is want, (rule_set, s.piles, s.stock)
        verdicts.add(want)
        if want:
            assert rules.outcome(play_line(s, r.line)) == "won"
    assert verdicts == {True, False}


@pytest.mark.parametrize("variation", list(rules.VARIATIONS))
def test_stuck_only_claims_real_losses(variation):
    """Wherever the stuck-card bound fires, the naive search finds the position lost; and it does fire."""
    rng = random.Random(7)
    fired = 0
    for _ in range(300 if variation != "idiots_delight" else 150):
        s = anchored_position(rng, variation)
        search = solver._Search(s, 10, None)
        if search.stuck(_compact(s), 0):
            fired += 1
            assert naive_winnable(s) is False, (s.piles, s.stock)
    assert fired >= 5


def test_a_card_buried_with_its_only_killers_is_stuck():
    # the King of clubs lies on the Ace of clubs' pile, and no pile can ever empty: lost at once
    s = position([["AC", "KC", "5D"], ["AD", "6H"], ["AH", "7S"], ["AS", "8D"]], stock=["9C", "2D", "3D", "4S"])
    search = solver._Search(s, 10, None)
    assert search.stuck(_compact(s), 0)
    r = solver.solve(s)
    assert r.winnable is False and r.nodes == 1
    assert naive_winnable(s) is False
    # with the King bound for another pile instead, the Ace can remove it, and it can remove the Queen
    s2 = position([["AC", "QC", "5D"], ["AD", "6H"], ["AH", "7S"], ["AS", "8D"]], stock=["9C", "KC", "3H", "4S"])
    assert not solver._Search(s2, 10, None).stuck(_compact(s2), 0)


def test_lone_cards_are_rearranged_by_real_moves():
    """Winning lines that need a lone card moved before a deal spell the moves out as fills the rules accept."""
    rng = random.Random(11)
    seen_lone_fill = False
    for _ in range(200):
        s = random_small_position(rng, "firing_squad")
        if not s.stock:
            continue
        r = solver.solve(s)
        if r.winnable:
            state = s
            for m in r.line:
                if isinstance(m, rules.Fill) and len(state.piles[m.src]) == 1:
                    seen_lone_fill = True
                state = rules.apply(state, m)
            assert rules.outcome(state) == "won"
    assert seen_lone_fill


@pytest.mark.parametrize("variation", list(rules.VARIATIONS))
def test_restarts_keep_what_they_proved(monkeypatch, variation):
    """Positions proved lost by a cut-off search are kept for the next, shuffled one: with tiny searches
    (many restarts) the verdicts still agree with plain search."""
    monkeypatch.setattr(solver, "_FIRST_CAP", 3)
    monkeypatch.setattr(solver, "_GROWTH", 1.2)
    rng = random.Random(5)
    restarted = 0
    for _ in range(40):
        s = random_small_position(rng, variation)
        r = solver.solve(s)
        assert r.winnable is naive_winnable(s)
        restarted += r.nodes > 3
        if r.winnable:
            assert rules.outcome(play_line(s, r.line)) == "won"
    assert restarted >= 5


def test_time_limit_is_cpu_time():
    s = rules.new_game(1000, variation="firing_squad")
    r = solver.solve(s, node_budget=10**9, time_limit_s=0.05)
    assert r.winnable is None and 40 <= r.ms < 1000


@pytest.mark.parametrize("variation", ["aces_up", "idiots_delight"])
def test_forced_discards_with_pairs_only_where_safe(variation):
    """With pairs, a lowest card of its suit is discarded at once only when neither it nor the card under it
    has a partner left; wherever that fires, the verdict is the naive search's, and it does fire."""
    # the 2 of hearts (no other 2 left, nothing lower of hearts) lies on the 9 of clubs (no other 9 left)
    s = position([["AC", "9C", "2H"], ["AD", "KH"], ["AH"], ["AS"]], stock=["3C", "4D"], variation=variation)
    assert solver._Search(s, 10, None).forced(_compact(s), 0) == (solver._DISCARD, 0, 0, None)
    # a 9 left in the stock could pair with the 9 of clubs, which the discard would uncover: not forced
    s2 = position([["AC", "9C", "2H"], ["AD", "KH"], ["AH"], ["AS"]], stock=["3C", "9D"], variation=variation)
    assert solver._Search(s2, 10, None).forced(_compact(s2), 0) is None
    rng = random.Random(3)
    fired = 0
    for _ in range(150):
        s = random_small_position(rng, variation)
        if solver._Search(s, 10, None).forced(_compact(s), 0) is None:
            continue
        fired += 1
        r = solver.solve(s, _rules=("forced",))
        assert r.winnable is naive_winnable(s), (s.piles, s.stock)
        if r.winnable:
            assert rules.outcome(play_line(s, r.line)) == "won"
    assert fired >= 10


def test_a_solve_never_lowers_the_recursion_limit_another_thread_may_stand_on():
    """The recursion limit is one for every thread. A solve that put it back at its end, while a second solve
    (or a deeply nested file being read) was deeper than the old limit in another thread, aborted the whole
    program ("Cannot recover from stack overflow", seen as a crash of the test run): a solve raises it and
    leaves it raised."""
    import sys
    import threading

    before = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        solver.solve(rules.new_game(3), node_budget=2_000)
        assert sys.getrecursionlimit() >= solver._RECURSION

        def deep(n: int) -> int:
            return 0 if n == 0 else 1 + deep(n - 1)

        reached: list[int] = []
        worker = threading.Thread(target=lambda: reached.append(deep(3000)))
        solver.solve(rules.new_game(4), node_budget=2_000)  # another solve ends: the deep call keeps its limit
        worker.start()
        worker.join()
        assert reached == [3000]
    finally:
        sys.setrecursionlimit(max(before, solver._RECURSION))
