"""The exact Forty Thieves solver: known answers, and agreement with a naive exhaustive search."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.cards import full_pack
from game.thieves import rules
from game.thieves.rules import Take, Turn
from game.thieves.solver import solve, winning_move
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
