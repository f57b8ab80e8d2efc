"""The exact Forty Thieves solver: known answers, and agreement with a naive exhaustive search."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cards import full_pack
from game.thieves import rules
from game.thieves.rules import Take, Turn
from game.thieves.solver import _rank, _Search, solve, winning_move
from game.thieves.solver import main as solver_main
from tests.rules.test_thieves_helpers import make_deck, position


def _clears(state: rules.State, line) -> bool:
    for move in line:
        state = rules.apply(state, move)
    return state.clears > 0


def naive(state: rules.State) -> bool:
    """Try every sequence of legal moves through the rules module itself (no memo, no pruning)."""
    if state.clears > 0:
        return True
    return any(naive(rules.apply(state, m)) for m in rules.legal_moves(state))


def test_a_deal_won_in_a_few_moves():
    s = position([["4D"], ["6C", "5S"], [], [], [], [], []], "3H", ["KS", "9D"])
    res = solve(s)
    assert res.winnable is True and res.line == (Take(0), Take(1), Take(1))
    assert _clears(s, res.line)
    assert winning_move(s) == Take(0)


def test_a_deal_needing_a_turn():
    s = position([["4D"], ["QC"], [], [], [], [], []], "9H", ["KS", "3C", "JH"])
    res = solve(s)
    assert res.winnable and _clears(s, res.line) and Turn() in res.line


def test_a_hopeless_full_deal():
    """All four 2s lie under an Ace in the same stack and there is no joker: the Ace can never go."""
    deck = make_deck([["2C", "2D", "2H", "2S", "AC"], [], [], [], [], [], []], "KD", [], jokers=0)
    s = rules.new_game(deck=deck, jokers=0)
    res = solve(s, node_budget=10_000)
    assert res.winnable is False and res.line == () and res.nodes <= 1
    assert winning_move(s) is None


def test_a_full_deal_that_a_joker_rescues_is_searched_not_pruned():
    deck = make_deck([["2C", "2D", "2H", "2S", "AC"], [], [], [], [], [], []], "KD", [], jokers=1)
    res = solve(rules.new_game(deck=deck, jokers=1), node_budget=200, time_limit_s=5)
    assert res.nodes > 1  # the joker can carry the Ace: no pruning at the root


def test_budget_gives_the_third_answer():
    res = solve(rules.new_game(3, jokers=0), node_budget=5)
    assert res.winnable is None and res.nodes > 5 - 1


def test_a_real_first_deal_line_clears_it():
    for seed in range(1, 30):
        s = rules.new_game(seed, jokers=3)
        res = solve(s, node_budget=50_000)
        if res.winnable:
            assert _clears(s, res.line)
            return
    raise AssertionError("no clearable deal among 29 with three jokers")


@given(seed=st.integers(0, 10**6), cards=st.integers(1, 8), stock=st.integers(0, 5),
       jokers=st.integers(0, 2), spread=st.integers(1, 7))
def test_agrees_with_naive_search_on_small_positions(seed, cards, stock, jokers, spread):
    rng = random.Random(seed)
    pack = full_pack(jokers)
    rng.shuffle(pack)
    stacks: list[list[str]] = [[] for _ in range(7)]
    for c in pack[:cards]:
        if len(stacks[k := rng.randrange(spread)]) < 5:  # few stacks: deep ones, where pruning acts
            stacks[k].append(c)
    current = pack[cards]
    s = position(stacks, current, pack[cards + 1:cards + 1 + stock], jokers=jokers)
    res = solve(s)
    assert res.winnable is naive(s)
    if res.winnable:
        assert _clears(s, res.line)


# ------------------------------------------------- the cuts, each against plain exhaustive search

CUTS = [{}, {"symmetry": False}, {"matching": False}, {"rooting": False},
        {"symmetry": False, "matching": False, "rooting": False}]


def exhaustive(state: rules.State) -> bool:
    """Every sequence of legal moves through the rules module itself, remembering only whole states
    already seen (no pruning of any kind): the reference for bigger positions than `naive` can take."""
    seen: set[rules.State] = set()

    def go(s: rules.State) -> bool:
        if s.clears > 0:
            return True
        key = replace(s, waste=(), score=0)  # neither bears on what can follow
        if key in seen:
            return False
        seen.add(key)
        return any(go(rules.apply(s, m)) for m in rules.legal_moves(s))

    return go(state)


def _small_position(seed: int, cards: int, stock: int, jokers: int, spread: int, low: int) -> rules.State:
    """A reduced deck: only ranks from ``low`` up to King (narrow decks make the bounds bite), dealt to
    ``spread`` stacks."""
    rng = random.Random(seed)
    pack = [c for c in full_pack(jokers) if c == "JK" or "A23456789TJQK".index(c[0]) >= low]
    rng.shuffle(pack)
    stacks: list[list[str]] = [[] for _ in range(7)]
    for c in pack[:cards]:
        if len(stacks[k := rng.randrange(spread)]) < 5:
            stacks[k].append(c)
    return position(stacks, pack[cards], pack[cards + 1:cards + 1 + stock], jokers=jokers)


@given(seed=st.integers(0, 10**6), cards=st.integers(1, 14), stock=st.integers(0, 9),
       jokers=st.integers(0, 2), spread=st.integers(1, 7), low=st.integers(0, 9), cut=st.integers(0, len(CUTS) - 1))
def test_each_cut_agrees_with_exhaustive_search_on_reduced_decks(seed, cards, stock, jokers, spread, low, cut):
    s = _small_position(seed, cards, stock, jokers, spread, low)
    res = solve(s, **CUTS[cut])
    assert res.winnable is exhaustive(s)
    if res.winnable:
        assert _clears(s, res.line)


def test_the_bounds_fire_and_never_condemn_a_clearable_position():
    """Rules 4 and 5 checked directly at the first node of many reduced-deck positions: whenever they
    say "lost", exhaustive search agrees — and they do say it often enough for this to mean something."""
    fired = {"matching": 0, "rooting": 0}
    for seed in range(700):
        rng = random.Random(seed)
        s = _small_position(seed, rng.randint(3, 14), rng.randint(0, 6), rng.choice((0, 0, 1)), rng.randint(2, 7),
                            rng.randint(0, 8))
        search = _Search(s, 10**6, None, time.process_time, rooting=False)
        cur = _rank(s.current)
        by_matching = not search.possible(0, cur)
        search.rooting = True
        by_rooting = not by_matching and not search.possible(0, cur)
        if by_matching or by_rooting:
            assert exhaustive(s) is False, seed
            fired["matching"] += by_matching
            fired["rooting"] += by_rooting
    assert fired["matching"] >= 25 and fired["rooting"] >= 5, fired


def test_matching_proves_two_aces_sharing_one_two_lost_at_once():
    """Two Aces in different stacks, one 2 left (in a third stack), no joker: each Ace needs a 2 under it
    when taken, and one card cannot be under both.  No card is dead on its own (each Ace sees the 2)."""
    s = position([["AC", "9D", "5S"], ["AD", "KC", "7H"], ["2S", "JD", "3H"], ["8C", "6D"], ["TD"], [], []],
                 "4C", ["QS", "8D", "6C", "TH", "JC", "QD", "5H", "7S", "9H"])
    res = solve(s)
    assert res.winnable is False and res.nodes <= 1
    assert exhaustive(s) is False


def test_rooting_proves_an_unreachable_band_lost_at_once():
    """A 9 and a 10 feed each other but no stock or current card is an 8 to a Jack: nothing can start them."""
    s = position([["9C", "3D"], ["TD", "4S"], [], [], [], [], []], "3H", ["4H", "2S", "5C", "AD", "4D"])
    assert solve(s).winnable is False and solve(s).nodes <= 1
    assert solve(s, rooting=False).nodes > 1
    assert exhaustive(s) is False


def test_symmetry_merges_stacks_of_equal_ranks():
    """Three stacks 5-9-8 (suits apart): which of them is taken first makes no difference, so the
    search keyed on the stacks' rank sequences visits far fewer positions (bounds off to let it search)."""
    stacks = [["5C", "9D", "8C"], ["5D", "9S", "8D"], ["5H", "9C", "8H"], ["6S", "7S"], [], [], []]
    s = position(stacks, "7D", ["3C", "4S", "QH", "TH", "2S"])
    with_sym = solve(s, matching=False, rooting=False)
    without = solve(s, symmetry=False, matching=False, rooting=False)
    assert with_sym.winnable is without.winnable is exhaustive(s) is False
    assert with_sym.nodes * 3 < without.nodes


def test_a_hard_lost_first_deal_is_proved_quickly():
    """Deal 1024 without jokers took the old solver over a million positions; the cuts need a tenth."""
    res = solve(rules.new_game(1024, jokers=0), node_budget=300_000)
    assert res.winnable is False


def test_restarts_keep_the_verdicts_exact():
    """Deals that take more than the first short try (a win with three jokers, a loss without): the
    shuffled restarts and then the full search give the same verdict as one plain search."""
    for seed, jokers in ((1007, 3), (1004, 0)):
        s = rules.new_game(seed, jokers=jokers)
        plain = solve(s, node_budget=3_000_000, restarts=0)
        shuffled_first = solve(s, node_budget=3_000_000, restarts=200_000)
        assert plain.winnable is shuffled_first.winnable is (jokers == 3)
        assert shuffled_first.nodes > 2000  # the first short try did not settle it: restarts ran
        if shuffled_first.winnable:
            assert _clears(s, shuffled_first.line)


def test_time_limit_reads_the_given_clock():
    ticks = iter(range(0, 10**6, 5))
    res = solve(rules.new_game(1024, jokers=0), time_limit_s=1.0, clock=lambda: float(next(ticks)))
    assert res.winnable is None and res.nodes < 5000


def test_figures_command_prints_a_row_per_joker_count(capsys):
    assert solver_main(["--jokers", "4-5", "--deals", "3", "--first", "7"]) == 0
    out = capsys.readouterr().out
    assert "| 4 | 3 |" in out and "| 5 | 3 |" in out and "decided" in out


def test_figures_command_refuses_a_bad_joker_list(capsys):
    with pytest.raises(SystemExit) as exc:
        solver_main(["--jokers", "two"])
    assert exc.value.code == 2 and "not a joker count" in capsys.readouterr().err
