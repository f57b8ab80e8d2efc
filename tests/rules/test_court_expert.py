"""The Expert's situation-aware draw (which Aces may still meet its cards, who is ahead)."""

from __future__ import annotations

import random
from dataclasses import replace

from game.court import rules as R
from game.court.players import (
    SPOIL,
    SPREAD,
    SURVIVE,
    ExpertPlayer,
    expert_draw_choice,
    expert_draw_values,
    fast_follow,
    fast_lead,
    rollout_mode,
)
from game.court.rules import Move


def draw_view(turned: str, totals=(100, 100), hand=(), seen=()) -> R.View:
    """Seat 0 about to keep or discard ``turned`` at the first card of a pair."""
    s = R.new_game(5)
    assert s.drawer == 0 and s.draw_step == 0
    pack = (turned,) + tuple(c for c in s.pack if c != turned and c not in hand and c not in seen)
    s = replace(s, pack=pack, totals=totals, hands=(R.sort_hand(hand), ()), seen=(tuple(seen), ()))
    return R.observe(s, 0)


def test_ace_of_spades_discarded_ahead_kept_behind():
    assert expert_draw_choice(draw_view("AS", totals=(90, 40))) == Move("discard")
    assert expert_draw_choice(draw_view("AS", totals=(40, 90))) == Move("keep")
    assert expert_draw_choice(draw_view("AH", totals=(90, 30))) == Move("discard")
    assert expert_draw_choice(draw_view("AH", totals=(30, 90))) == Move("keep")


def test_draw_values_follow_what_cards_win_in_play():
    """At equal totals a court spade is worth about a Two (the hand-written values kept it)."""
    even = (60, 60)
    assert expert_draw_choice(draw_view("KS", totals=even)) == Move("discard")
    assert expert_draw_choice(draw_view("KD", totals=even)) == Move("keep")
    assert expert_draw_choice(draw_view("TH", totals=even)) == Move("keep")
    assert expert_draw_choice(draw_view("3C", totals=even)) == Move("discard")


def test_spades_are_exposure_only_while_the_ace_of_spades_is_unseen():
    ahead = expert_draw_values(draw_view("9S", totals=(90, 40)))
    even = expert_draw_values(draw_view("9S", totals=(60, 60)))
    assert ahead["9S"] < even["9S"] and ahead["KS"] < even["KS"]
    assert ahead["9D"] == even["9D"]
    safe = expert_draw_values(draw_view("9S", totals=(90, 40), seen=("AS",)))
    assert safe["9S"] == even["9S"]
    # the first spade costs the most: holding none is the only protection
    one = expert_draw_values(draw_view("9S", totals=(90, 40), hand=("3S",)))
    assert ahead["9S"] < one["9S"] < even["9S"]


def test_expert_plays_a_legal_move_from_each_phase():
    player = ExpertPlayer()
    player.time_limit = 10.0
    player.rollout_budget = 30
    rng = random.Random(1)
    s = R.new_game(11)
    for _ in range(80):
        if R.is_over(s):
            break
        seat = R.current_player(s)
        view = R.observe(s, seat)
        move = player.choose(view, rng)
        assert move in view.legal
        s = R.apply(s, move)


def test_rollout_modes_follow_who_the_totals_leave_above_zero():
    assert rollout_mode(40, 30) == SPREAD and rollout_mode(-3, -8) == SPREAD
    assert rollout_mode(5, -3) == SURVIVE and rollout_mode(5, 0) == SURVIVE
    assert rollout_mode(-3, 5) == SPOIL and rollout_mode(0, 5) == SPOIL


def test_rollouts_play_the_finish_to_survive_or_to_spoil():
    """Spades never change the spread, so only the finishing modes see what they do to a total."""
    # Alone above zero (5 against -3), the follower keeps its total rather than sink with the 9S.
    assert fast_follow("3C", ["9S", "2H"], -3, 5, True) == "2H"
    # With both above zero, the same cards are weighed by the spread: the 9S costs nothing.
    assert fast_follow("3C", ["9S", "2H"], 30, 40, True) == "9S"
    # Alone at or below zero (-5 against 12), the follower drags the leader down with the 9S.
    assert fast_follow("3D", ["9S", "4H"], 12, -5, True) == "9S"
    assert fast_follow("3D", ["9S", "4H"], 40, 30, True) == "4H"
    # A leader alone above zero will not lead the spade that takes it to zero.
    lead, answer = fast_lead(["9S", "2H"], ["3C"], 5, -3, True)
    assert (lead, answer) == ("2H", "3C")
    assert fast_lead(["9S", "2H"], ["3C"], 40, 30, True) == ("9S", "3C")
