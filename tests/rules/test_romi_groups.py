"""Romi groups: validity under every joker reading, both Ace rules, points."""

from __future__ import annotations

import pytest

from game.romi.groups import arrange_group, why_invalid
from game.romi.rules import group_points, is_valid_group


def g(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("cards", [
    "7H 8H 9H", "9H 7H 8H", "AH 2H 3H", "JS QS KS", "TC JC QC KC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "7C 7D 7H", "7C 7D 7H 7S", "QS QD QC",
])
def test_natural_groups_are_valid(cards):
    assert is_valid_group(g(cards))


@pytest.mark.parametrize("cards,reason", [
    ("7H 8H", "fewer than 3"),
    ("7H 8H 7S", "mixed"),
    ("7H 8H TH", "gap"),
    ("7C 7C 7H", "set with a suit twice (two copies of a card)"),
    ("7C 7D 7H 7S 7C", "set of five"),
    ("7H 8S 9H", "run of two suits"),
    ("KH AH 2H", "wraps round"),
    ("QH KH AH", "ace after king is off by default"),
    ("7H 7H 8H", "run with a card twice"),
])
def test_invalid_groups(cards, reason):
    assert not is_valid_group(g(cards)), reason


def test_ace_after_king_preference():
    assert is_valid_group(g("QH KH AH"), ace_after_king=True)
    assert is_valid_group(g("JH QH KH AH"), ace_after_king=True)
    assert not is_valid_group(g("KH AH 2H"), ace_after_king=True)  # never wraps
    assert is_valid_group(g("AH 2H 3H"), ace_after_king=True)  # still low too
    # the high Ace still counts 1 point
    assert group_points(g("QH KH AH"), ace_after_king=True) == 26


def test_jokers_in_every_reading():
    assert is_valid_group(g("7H JK 9H"))  # gap in a run
    assert is_valid_group(g("JK 8H 9H"))  # before a run
    assert is_valid_group(g("7H 8H JK"))  # after a run
    assert is_valid_group(g("7C 7D JK"))  # in a set
    assert is_valid_group(g("7C JK JK"))  # two jokers: set or run
    assert is_valid_group(g("JK AH 2H"))  # joker must be 3H
    assert is_valid_group(g("QH KH JK"))  # joker must be JH (no Ace high by default)
    assert not is_valid_group(g("7C 7D 7H 7S JK"))  # no fifth suit
    assert not is_valid_group(g("7H JK TH"))  # one joker cannot fill two gaps
    assert is_valid_group(g("7H JK JK TH"))
    assert not is_valid_group(g("7H 7H JK"))  # two copies: neither set nor run
    assert not is_valid_group(g("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK"))  # no 14th place
    assert is_valid_group(g("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK"), ace_after_king=True)


def test_points_take_the_best_reading():
    assert group_points(g("7H 8H 9H")) == 24
    assert group_points(g("7C 7D 7H 7S")) == 28
    assert group_points(g("JC QC KC")) == 36
    assert group_points(g("AS 2S 3S")) == 6
    assert group_points(g("7H 8H JK")) == 24 + 0  # JK as 9H (better than 6H)
    assert group_points(g("7H 8H JK")) == 7 + 8 + 9
    assert group_points(g("QH KH JK")) == 11 + 12 + 13
    assert group_points(g("QH KH JK"), ace_after_king=True) == 11 + 12 + 13  # JH beats a high Ace
    assert group_points(g("KC JK JK")) == 39  # a set of Kings beats J-Q-K
    assert group_points(g("5C JK JK")) == 5 + 6 + 7  # run 5-6-7 beats a set of fives
    assert group_points(g("TD JD QD KD")) == 46
    with pytest.raises(ValueError):
        group_points(g("7H 8S 9H"))


def test_arrangement_keeps_layouts_and_orders_runs():
    assert arrange_group(g("9H 7H 8H")) == ("7H", "8H", "9H")
    assert arrange_group(g("JK 5H 6H")) == ("JK", "5H", "6H")  # already a layout: kept
    assert arrange_group(g("9H JK 7H")) == ("7H", "JK", "9H")
    assert arrange_group(g("AH KH QH"), True) == ("QH", "KH", "AH")
    assert why_invalid(g("7H 8H 7S")) == "the seven and eight of hearts and the seven of spades is not a set or a run"
