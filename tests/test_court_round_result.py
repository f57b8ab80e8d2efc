"""Court's round-end sentence reads right for a gain, a loss and no change, for both seats."""
from game.court.keyboard import round_result


def test_round_result_names_each_seat_with_a_colon() -> None:
    assert round_result((100, 100), (100, 59)) == (
        "you: no change, the computer: lost 41 (you 100, the computer 59)")
    assert round_result((100, 100), (112, 100)) == (
        "you: gained 12, the computer: no change (you 112, the computer 100)")
