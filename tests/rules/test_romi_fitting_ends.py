"""Where held cards fit on the Romi board (game.romi.places.fitting_ends): the ring's G key and the place a
card lifted from the hand goes to read it."""

from __future__ import annotations

from game.romi.places import FitEnd, fitting_ends

KINGS = (0, 3, ["KC#0", "KD#0", "KS#0"])
HEARTS = (2, 2, ["7H#0", "8H#0", "9H#0"])


def test_a_card_fits_the_end_where_it_reads_in_order():
    assert fitting_ends([KINGS, HEARTS], ["6H#1"]) == [FitEnd(1, 2, 2, False)]
    assert fitting_ends([KINGS, HEARTS], ["TH#1"]) == [FitEnd(1, 2, 4, True)]
    assert fitting_ends([KINGS, HEARTS], ["KH#1"]) == [FitEnd(0, 0, 5, True)]
    assert fitting_ends([KINGS, HEARTS], ["2C#1"]) == []


def test_several_cards_fit_as_one_and_a_joker_fits_both_groups():
    assert fitting_ends([KINGS, HEARTS], ["TH#1", "JH#1"]) == [FitEnd(1, 2, 4, True)]
    assert fitting_ends([KINGS, HEARTS], ["JH#1", "TH#1"]) == [FitEnd(1, 2, 4, True)]  # laid in order anyway
    assert [f.index for f in fitting_ends([KINGS, HEARTS], ["JK#0"])] == [0, 1]


def test_before_opening_the_tables_groups_take_nothing_and_a_held_group_is_not_its_own_target():
    assert fitting_ends([KINGS, HEARTS], ["KH#1"], closed={"KC#0"}) == []
    assert fitting_ends([KINGS, HEARTS], ["9H#0"]) == []  # lifted from the run itself


def test_a_group_still_being_built_takes_a_card_that_could_make_it_one():
    """By ear (round 13): the two of hearts lifted beside the lone ace of hearts went to a free place beyond."""
    ace = (0, 12, ["AH#0"])
    assert fitting_ends([ace], ["2H#0"]) == [FitEnd(0, 0, 12, True)]
    assert fitting_ends([(0, 12, ["3H#0"])], ["2H#0"]) == [FitEnd(0, 0, 12, False)]  # before it: 2 then 3
    assert fitting_ends([(1, 4, ["6D#0", "6H#0"])], ["6S#0"]) == [FitEnd(0, 1, 5, True)]
    assert fitting_ends([ace], ["9C#0"]) == []
