"""The Forty Thieves auto-player, the greedy baseline, hint and the simulator: fair and sensible."""

from __future__ import annotations

import random

import pytest

from game.thieves import rules
from game.thieves.players import greedy_move, hint, make_player
from game.thieves.rules import Take, Turn
from game.thieves.simulate import run
from tests.rules.test_thieves_helpers import position


def _reshuffled(state: rules.State, seed: int) -> rules.State:
    stock = list(state.stock)
    random.Random(seed).shuffle(stock)
    return rules.State(**{**state.__dict__, "stock": tuple(stock)})


@pytest.mark.parametrize("level", ["auto", "greedy"])
def test_players_never_read_the_stock_order(level):
    checked = 0
    for seed in range(1, 9):
        state = rules.new_game(seed, jokers=seed % 4)
        for _ in range(8):  # a few moves into the game, too
            if rules.is_over(state):
                break
            move = make_player(level)(rules.observe(state), random.Random(1))
            for k in range(2):
                other = _reshuffled(state, k)
                assert make_player(level)(rules.observe(other), random.Random(1)) == move
            checked += 1
            state = rules.apply(state, move)
    assert checked >= 60


def test_greedy_takes_the_card_worth_most_else_turns():
    s = position([["6C"], ["4S"], ["KD", "JK"], [], [], [], []], "5H", ["9C"], jokers=1)
    assert greedy_move(rules.observe(s)) == Take(1)  # 4 (4 points) beats 6 (2) and the joker (0)
    stuck = position([["9C"], [], [], [], [], [], []], "5H", ["9D"])
    assert greedy_move(rules.observe(stuck)) == Turn()


def test_auto_player_clears_when_a_chain_clears_the_table():
    s = position([["5D"], ["6C"], ["7S"], ["8H"], [], [], []], "4C", ["KS", "KD", "KH"])
    player = make_player("auto")
    while s.clears == 0:
        move = player(rules.observe(s), None)
        assert isinstance(move, Take)
        s = rules.apply(s, move)
    assert s.score == 4 + 2 + 2 + 2 + 15


def test_auto_player_turns_when_nothing_links():
    s = position([["9C"], ["QS"], [], [], [], [], []], "5H", ["TD", "2S"])
    assert make_player("auto")(rules.observe(s), None) == Turn()


def test_auto_player_prefers_the_longer_chain_to_the_richer_card():
    """Greedy grabs the 4 (4 points) and is stuck; the 6-7-8 chain removes three cards (6 points)."""
    s = position([["KH", "4S"], ["8S", "7D", "6C"], [], [], [], [], []], "5H", ["2C", "2D"])
    assert greedy_move(rules.observe(s)) == Take(0)
    assert make_player("auto")(rules.observe(s), None) == Take(1)


def test_auto_player_beats_greedy_on_the_same_deals():
    res = run(12, 500, ["auto", "greedy"], {"jokers": 2})
    auto, greedy = res["players"]
    assert auto["level"] == "auto" and greedy["level"] == "greedy"
    assert auto["mean_score"] > greedy["mean_score"]


def test_hint_is_a_legal_move_or_none_when_over():
    s = rules.new_game(77)
    assert hint(s) in rules.legal_moves(s)
    over = position([["9C"], [], [], [], [], [], []], "5H", [])
    assert hint(over) is None


def test_simulate_shape_and_bad_input():
    res = run(2, 3, None, {})
    assert res["game"] == "thieves" and res["games"] == 2 and res["options"] == {"jokers": 2}
    assert [p["level"] for p in res["players"]] == ["auto"]
    assert {"wins", "mean_score"} <= set(res["players"][0]) and "move_ms_p99" in res
    with pytest.raises(ValueError):
        run(1, 1, ["wizard"], {})
    with pytest.raises(ValueError):
        run(1, 1, None, {"jokers": 9})
    with pytest.raises(ValueError):
        run(1, 1, None, {"variation": "x"})
