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
