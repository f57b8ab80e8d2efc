"""Romi's plays in words (game/romi/spoken.py): one phrase per group, each in board order, as the status line
and the voice both say them (a fresh player heard "the ten, seven, eight and nine of diamonds, the ten of
spades and the ten of hearts" for a run 7-8-9 of diamonds and a set of tens)."""

from __future__ import annotations

from game.romi import spoken
from tests.rules.test_romi_rules import play, state_with


def test_a_play_is_named_group_by_group_in_board_order():
    before = state_with(["TD", "7D", "8D", "9D", "TS", "TH", "2C"], ["3C"], opened=(False, True))
    after = play("play 7D 8D 9D | TD TS TH", before)
    said = spoken.played_words("The computer", before, after, 0)
    assert said == ("The computer played 6 cards: a run of the seven, eight and nine of diamonds and "
                    "a set of three tens: diamonds, spades and hearts.")


def test_a_run_laid_out_of_order_is_said_in_rank_order():
    before = state_with(["4H", "6H", "5H", "2C"], ["3C"], table=[("9S", "9D", "9C")])
    after = play("play 9S 9D 9C | 4H 6H 5H", before)
    said = spoken.played_words("You", before, after, 0)
    assert said == "You played 3 cards: a run of the four, five and six of hearts."


def test_cards_added_to_a_group_on_the_board_name_that_group():
    before = state_with(["TH", "2C"], ["3C"], table=[("7H", "8H", "9H"), ("KS", "KD", "KC")])
    after = play("play 7H 8H 9H TH | KS KD KC", before)
    assert spoken.played_words("You", before, after, 0) == "You played 1 card: the ten of hearts on a run of hearts."


def test_the_hand_is_read_in_its_order_with_cards_of_one_suit_side_by_side_said_together():
    """Round 14, by ear: F8 read a sorted hand of 13 card by card ("the seven of clubs, the ten of clubs, …"),
    half a minute before the board.  The order shown is kept; a suit's neighbours are said in one phrase."""
    from game.romi.spoken import hand_words

    hand = ["7C#0", "TC#0", "KC#1", "9D#0", "9D#1", "4H#0", "JK#0", "7H#0", "2S#0"]
    assert hand_words(hand) == ("Your hand, 9 cards: the seven, ten and king of clubs; the nine and nine of diamonds; "
                                "the four of hearts; a joker; the seven of hearts; the two of spades")
    assert hand_words(["7C#0", "7D#0", "8C#0"]) == ("Your hand, 3 cards: the seven of clubs; the seven of diamonds; "
                                                    "the eight of clubs")
    assert hand_words([]) == "Your hand, 0 cards: empty"


def test_by_ear_a_runs_joker_is_said_as_the_card_it_stands_for():
    """Round 15, by ear: "a run of the five and seven of hearts with a joker" did not say where the joker
    lay; nor the ring on the joker on the board."""
    before = state_with(["5H", "JK", "7H", "2C"], ["3C"], table=[("9S", "9D", "9C")])
    after = play("play 9S 9D 9C | 5H JK 7H", before)
    assert spoken.played_words("You", before, after, 0) == \
        "You played 3 cards: a run of the five and seven of hearts, the joker as the six of hearts."
    before = state_with(["JK", "2C"], ["3C"], table=[("7H", "8H", "9H")])
    after = play("play 7H 8H 9H JK", before)
    assert spoken.played_words("You", before, after, 0) == \
        "You played 1 card: the joker as the ten of hearts on a run of hearts."


def test_by_ear_a_joker_swap_says_the_card_put_in_its_place_and_the_new_group_it_joined():
    """Round 15, by ear: the six of hearts put in the joker's place and the joker used in a new run of clubs
    was said "…and the eight and nine of clubs on a run of clubs", a run that was not there."""
    before = state_with(["6H", "8C", "9C", "2D"], ["3C"], table=[("5H", "JK", "7H")])
    after = play("play 5H 6H 7H | 8C 9C JK", before)
    assert spoken.played_words("You", before, after, 0) == (
        "You played 3 cards: the six of hearts in place of the joker in a run of hearts and a run of the eight "
        "and nine of clubs, the board's joker as the ten of clubs.")


def test_by_ear_the_ring_on_a_joker_on_the_board_says_the_card_it_stands_for():
    from game.romi.board import Board

    board = Board()
    board.put(["5H#0", "JK#0", "7H#0", "JK#1"], 2, 4)
    assert spoken.cell_words(board, 2, 5) == "a joker as the six of hearts"
    assert spoken.cell_words(board, 2, 7) == "a joker as the eight of hearts, end of a run of hearts"
