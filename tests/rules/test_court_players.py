"""The expert's round-end judgement: what it aims for when a round ends undecided."""

from game.court.players import round_end_value


def test_round_end_value_matches_the_judgement():
    # both at zero or below is a draw, worth far less than staying in the game
    assert round_end_value(0, -5, 1, 99, draw_value=-0.9) == -0.9
    assert round_end_value(-3, -3, 1, 99, draw_value=-0.9) == -0.9
    assert round_end_value(1, 0, 1, 99) == 1.0
    assert round_end_value(0, 1, 1, 99) == -1.0
    # at the round limit the higher total wins
    assert round_end_value(30, 20, 99, 99) == 1.0
    assert round_end_value(20, 30, 99, 99) == -1.0


def test_a_low_own_total_is_marked_down():
    # the same lead is worth less when our own total is one swing away from zero
    assert round_end_value(5, 1, 1, 99) < round_end_value(45, 41, 1, 99)
    assert round_end_value(4, 60, 1, 99) < round_end_value(40, 96, 1, 99)
