"""Why a pass hint is a pass (round 10's fresh player: "the Hint and the computers seem passive" — a bare
"Hint: pass" while a queen and king could beat the jack).  Each reason is checked on a position where the
right words are known by hand."""

from __future__ import annotations

from game.acme import rules
from game.acme.hintwords import pass_reason


def facing(hand: str, top: str) -> rules.State:
    """Seat 0 to answer ``top``, led by seat 4."""
    others = ("3C", "3D", "3H")
    hands = (rules.sort_hand(hand.split()), others[:1], others[1:2], others[2:], ("4C",))
    log = ((4, tuple(top.split())),)
    return rules.State(hands=hands, roles=(0, 1, 2, 3, 4), phase="play", log=log, leader=4, pending=(0, 1, 2, 3))


def test_the_cheapest_beat_is_named_when_it_is_a_high_card():
    s = facing("5C 6D QC KH", "JD")
    assert rules.current_player(s) == 0 and rules.PASS in rules.legal_moves(s)
    assert pass_reason(s).startswith("your cheapest beat is a single queen: worth more later")


def test_a_pair_broken_to_beat_a_single_is_named():
    s = facing("5C KC KH", "JD")
    assert pass_reason(s) == "beating it would break up your two kings: keep them together."


def test_a_beat_that_breaks_nothing_is_named_before_a_set_it_would_break():
    """Round 14 (a fresh player, hpr3.png): three nines and the ten of diamonds facing a single six; the hint
    said "beating it would break up your three nines" though the ten beats it and breaks nothing."""
    s = facing("5C 9C 9D 9H TD", "6D")
    assert pass_reason(s).startswith("your cheapest beat is a single ten: worth more later"), pass_reason(s)


def test_only_the_joker_beats_it():
    s = facing("5C 6D JK", "2D")
    assert pass_reason(s).startswith("only the joker beats a single two: keep it")


def test_nothing_beats_it():
    s = facing("5C 6D", "AD AC")
    assert pass_reason(s) == "nothing in your hand beats a pair of aces."


def test_no_reason_when_you_lead():
    s = rules.State(hands=(("5C",), ("3C",), ("3D",), ("3H",), ("4C",)), roles=(0, 1, 2, 3, 4), phase="play")
    assert pass_reason(s) == ""
