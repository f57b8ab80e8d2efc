"""Romi's board found by ear (issue 34, the blind player's major): F8 names each group with its place in the
focus ring's words, Page Down / Page Up jump the ring from group to group, F finds a free place for a new
group, and an empty cell says what lies beside it or the room it has.  Only posted keys; a recording voice."""

from __future__ import annotations

import pygame
import pytest

from game.romi.board import code_of
from tests.keyboard.keys import enter, focus_to, press, space
from tests.scenes.helpers import make_app, open_table
from tests.scenes.test_romi_scene import deck, pid, start


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    a = make_app(animation="off")
    a.settings.speak = a.speech.enabled = True
    a.speech.recorder = []
    yield a
    a.close()


def lay(app, scene, cells: dict[str, tuple[int, int]]) -> None:
    """Each card from the hand onto its cell, by keys: Enter on the card, Enter on the cell."""
    for code, (row, col) in cells.items():
        focus_to(app, scene, f"palette {pid(scene, code)}")
        enter(app)
        focus_to(app, scene, f"cell {row} {col}")
        enter(app)


def two_groups(app):
    """Kings on row 1 (columns 4 to 6), a run of hearts on row 3 (columns 3 to 5); KH, 6H and 2C left in hand."""
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H KH 6H 2C"))
    lay(app, scene, {"KC": (0, 3), "KD": (0, 4), "KS": (0, 5), "7H": (2, 2), "8H": (2, 3), "9H": (2, 4)})
    return scene


def label_of(scene, key: str) -> str:
    return next(s.label for s in scene.focus.spots() if s.key == key)


def test_f8_names_each_group_with_its_place_in_the_focus_rings_words(app):
    scene = two_groups(app)
    said = app.speech.recorder
    press(app, pygame.K_F8)
    assert ("The board, 2 groups: 1, row 1, columns 4 to 6: a set of kings: the kings of clubs, diamonds and "
            "spades; 2, row 3, columns 3 to 5: a run of hearts: the seven, eight and nine of hearts.") in said[-1]
    # where a new group can go, said after the groups
    assert "Free places: row 1, column 8, room for 17 cards; rows 2 and 4 to 8 are empty." in said[-1]
    # the same words as the ring on the group's first cell
    assert label_of(scene, "cell 0 3").startswith("Board row 1, column 4: the king of clubs, start of a set of kings")
    assert label_of(scene, "cell 2 4") == "Board row 3, column 5: the nine of hearts, end of a run of hearts."


def test_page_down_and_page_up_jump_from_group_to_group_saying_each_with_its_place(app):
    scene = two_groups(app)
    said = app.speech.recorder
    press(app, pygame.K_ESCAPE)  # the ring hidden: Page Down shows it on the first group
    press(app, pygame.K_PAGEDOWN)
    assert scene.focus.visible and scene.focus.key == "cell 0 3"
    assert said[-1] == ("Group 1 of 2: row 1, columns 4 to 6: a set of kings: the kings of clubs, diamonds and "
                        "spades.")
    press(app, pygame.K_PAGEDOWN)
    assert scene.focus.key == "cell 2 2"
    assert said[-1] == "Group 2 of 2: row 3, columns 3 to 5: a run of hearts: the seven, eight and nine of hearts."
    press(app, pygame.K_PAGEDOWN)  # round to the first again
    assert scene.focus.key == "cell 0 3"
    press(app, pygame.K_PAGEUP)
    assert scene.focus.key == "cell 2 2"
    # from an empty cell between them, the next group lying after it in reading order
    focus_to(app, scene, "cell 1 20")
    press(app, pygame.K_PAGEDOWN)
    assert scene.focus.key == "cell 2 2"
    press(app, pygame.K_PAGEUP)
    assert scene.focus.key == "cell 0 3"


def test_a_card_lifted_from_the_hand_goes_to_the_end_of_a_group_where_it_fits_and_space_adds_it(app):
    """By ear (round 13): a lifted card went to the first free place and the player walked the groups one by one
    to find where it fits; the ring now goes to that group's end and says so."""
    scene = two_groups(app)
    said = app.speech.recorder
    focus_to(app, scene, f"palette {pid(scene, 'KH')}")
    space(app)
    assert scene.focus.holding and scene.focus.key == "cell 0 5"  # the last card of the kings
    assert said[-1] == ("Holding the king of hearts. Over board row 1, column 6: the king of spades, end of a set of "
                        "kings, where it fits: Space puts down, Escape cancels.")
    space(app)
    assert [code_of(c) for c in scene.board.cells[0][3:7]] == ["KC", "KD", "KS", "KH"]


def test_holding_a_card_page_down_says_whether_it_fits_each_group_and_goes_to_the_end_that_takes_it(app):
    scene = two_groups(app)
    said = app.speech.recorder
    focus_to(app, scene, f"palette {pid(scene, '6H')}")
    space(app)
    assert scene.focus.key == "cell 2 2"  # the run's first card: the six goes before the seven
    assert said[-1].endswith("the seven of hearts, start of a run of hearts, where it fits: Space puts down, "
                             "Escape cancels.")
    press(app, pygame.K_PAGEUP)
    assert scene.focus.key == "cell 0 5"  # the last card of the kings
    assert said[-1] == ("Holding the six of hearts. Over the end of group 1 of 2: row 1, columns 4 to 6: a set of "
                        "kings: the kings of clubs, diamonds and spades; it does not fit there: Space puts down, "
                        "Escape cancels.")
    press(app, pygame.K_PAGEDOWN)
    assert scene.focus.key == "cell 2 2"
    assert said[-1] == ("Holding the six of hearts. Over the start of group 2 of 2: row 3, columns 3 to 5: a run of "
                        "hearts: the seven, eight and nine of hearts, where it fits: Space puts down, Escape cancels.")
    space(app)
    assert [code_of(c) for c in scene.board.cells[2][1:5]] == ["6H", "7H", "8H", "9H"]


def test_g_moves_the_ring_to_a_group_where_the_selected_or_held_cards_fit_or_says_none_does(app):
    scene = two_groups(app)
    said = app.speech.recorder
    press(app, pygame.K_g)
    assert said[-1].startswith("Nothing is held or selected.")
    focus_to(app, scene, f"palette {pid(scene, 'KH')}")
    enter(app)  # selected, not lifted: G still finds where it fits, and Enter there adds it
    press(app, pygame.K_g)
    assert scene.focus.key == "cell 0 5"
    assert said[-1] == ("End of group 1 of 2, row 1, columns 4 to 6: a set of kings: the kings of clubs, diamonds "
                        "and spades; it fits here.")
    enter(app)
    assert [code_of(c) for c in scene.board.cells[0][3:7]] == ["KC", "KD", "KS", "KH"]
    focus_to(app, scene, f"palette {pid(scene, '2C')}")
    space(app)
    assert scene.focus.key == "cell 0 8"  # fits nowhere: the first free place, as before
    press(app, pygame.K_g)
    assert scene.focus.key == "cell 0 8"
    assert said[-1] == ("The two of clubs fits no group on the board: F moves the ring to a free place for a new "
                        "one.")


def test_f_finds_a_free_place_and_an_empty_cell_says_its_room_or_its_neighbour(app):
    scene = two_groups(app)
    said = app.speech.recorder
    press(app, pygame.K_f)  # from the ring's cell (the run's end), the next free place in reading order
    assert scene.focus.key == "cell 2 6" and said[-1] == "Free place 3 of 8: row 3, column 7, room for 18 cards."
    press(app, pygame.K_ESCAPE)  # the ring hidden: F starts from the top
    press(app, pygame.K_f)
    assert scene.focus.key == "cell 0 7"
    assert said[-1] == "Free place 1 of 8: row 1, column 8, room for 17 cards."
    press(app, pygame.K_f)
    assert scene.focus.key == "cell 1 0" and said[-1] == "Free place 2 of 8: row 2, column 1, room for 24 cards."
    press(app, pygame.K_f, pygame.KMOD_SHIFT)
    assert scene.focus.key == "cell 0 7"
    assert label_of(scene, "cell 0 7") == "Board row 1, column 8: empty, room for 17 cards."
    assert label_of(scene, "cell 0 6") == "Board row 1, column 7: empty, after a set of kings."
    assert label_of(scene, "cell 2 1") == "Board row 3, column 2: empty, before a run of hearts."
    # a card laid where F said there is room starts a new group there
    focus_to(app, scene, f"palette {pid(scene, '6H')}")
    enter(app)
    press(app, pygame.K_f)
    enter(app)
    assert code_of(scene.board.cells[0][7]) == "6H" and scene.board.group_of(scene.board.cells[0][7])[2] == [
        scene.board.cells[0][7]]


def test_an_empty_board_says_its_size_and_page_down_says_there_is_no_group(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS"))
    said = app.speech.recorder
    press(app, pygame.K_F8)
    assert "The board is empty: 8 rows of 24 cells." in said[-1]
    press(app, pygame.K_PAGEDOWN)
    assert said[-1] == "The board has no group yet. F moves the ring to a free place for a new one."


def test_a_card_lifted_from_the_hand_goes_over_a_free_place_and_every_move_names_where_the_ring_is(app):
    """Fresh eyes (blind player): Space on the hand's second card said 'Over your hand, card 1': the ring had
    jumped to the card beside it, which a player who cannot see takes for the card just lifted."""
    scene = two_groups(app)
    said = app.speech.recorder
    focus_to(app, scene, f"palette {pid(scene, '2C')}")
    space(app)
    assert scene.focus.key == "cell 0 7"  # fitting no group: the first free place with room for a new one
    assert said[-1] == ("Holding the two of clubs. Over board row 1, column 8: empty, room for 17 cards: "
                        "Space puts down, Escape cancels.")
    keys = [pygame.K_LEFT, pygame.K_LEFT, pygame.K_UP] + [pygame.K_DOWN] * 9 + [pygame.K_RIGHT, pygame.K_UP]
    areas = set()
    for k in keys:
        before = scene.focus.key
        press(app, k)
        cur = scene.focus.current()
        where = cur.label.split(". ")[0].rstrip(".")
        edge = "Edge: nothing further up. " if cur.key == before else ""  # row 1: an edge, said (round 13)
        assert said[-1] == (f"{edge}Holding the two of clubs. Over {where[:1].lower()}{where[1:]}: Space puts "
                            "down, Escape cancels."), (cur.key, said[-1])
        areas.add(cur.area)
    assert areas == {"board", "palette"}
    press(app, pygame.K_UP)
    assert scene.focus.current().key.startswith("cell 7 ")  # Up from the hand: the board's bottom row
    press(app, pygame.K_ESCAPE)
    assert not scene.focus.holding and pid(scene, "2C")


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_down_on_the_board_goes_row_by_row_then_to_the_nearest_card_of_the_hand(tmp_path, monkeypatch, size):
    """Arrows on the board stay on it (Down: the row below), and Down from the bottom row reaches the hand at
    its nearest card, not an empty place of the palette; Up from the hand comes back to the bottom row."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        start(scene, deck("KC KD KS 7H 8H 9H"))
        for col in (0, 12, 23):
            focus_to(app, scene, f"cell 0 {col}")
            for row in range(1, 8):
                press(app, pygame.K_DOWN)
                assert scene.focus.key == f"cell {row} {col}"
            press(app, pygame.K_DOWN)
            cur = scene.focus.current()
            hand = [s for s in scene.focus.spots() if s.area == "palette" and s.sprite is not None]
            centre = scene.cell_xy(7, col)[0] + scene.cell_size[0] // 2
            nearest = min(hand, key=lambda s: (s.rect.top, abs(s.rect.centerx - centre)))
            assert cur.key == nearest.key, (col, cur.key)
            press(app, pygame.K_UP)
            assert scene.focus.key.startswith("cell 7 ")
    finally:
        app.close()


def test_enter_or_space_on_an_empty_cell_with_nothing_selected_says_why_nothing_happens(app):
    """Heard in a real window: Space on an empty cell, nothing selected, said nothing at all."""
    scene = two_groups(app)
    said = app.speech.recorder
    focus_to(app, scene, "cell 5 5")
    for k in (pygame.K_RETURN, pygame.K_SPACE):
        press(app, k)
        assert said[-1] == ("Nothing is selected to put here: Enter on a card of your hand selects it, Space lifts "
                            "it."), said[-1]
    assert scene.board.cells[5][5] is None


def test_page_down_holding_the_boards_only_group_says_there_is_no_other(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS"))
    lay(app, scene, {"KC": (1, 0)})
    said = app.speech.recorder
    focus_to(app, scene, "cell 1 0")
    space(app)
    press(app, pygame.K_PAGEDOWN)
    assert said[-1] == "No other group is on the board. F moves the ring to a free place for a new one."


def test_f8_says_the_computers_card_count_and_the_stock_before_the_hand_and_the_board(app):
    """By ear (round 13): the computer's count came last, after the whole hand and board."""
    scene = two_groups(app)
    press(app, pygame.K_F8)
    said = app.speech.recorder[-1]
    left = len(scene.state.stock)
    assert said.startswith(f"Romi. Your turn. The computer holds 14 cards. Stock: {left} cards. Your hand"), said


def test_ctrl_enter_adds_a_card_to_the_selection_or_takes_it_out_as_ctrl_click(app):
    """By ear (round 13): cards not side by side in the hand could be selected only with Ctrl-click."""
    scene = two_groups(app)
    focus_to(app, scene, f"palette {pid(scene, 'KH')}")
    enter(app)
    focus_to(app, scene, f"palette {pid(scene, '2C')}")
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)
    assert sorted(code_of(c) for c in scene.selection) == ["2C", "KH"]
    assert app.speech.recorder[-1].startswith("Selected: the two of clubs and the king of hearts.")
    assert scene.status.message.startswith("2 cards selected")
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)  # again: taken out
    assert [code_of(c) for c in scene.selection] == ["KH"]


def test_h_takes_the_ring_back_to_the_hand_card_it_left(app):
    """By ear (round 14): from the board the hand was Shift+Tab away, or seven Tabs; H goes straight back, to
    the card the ring left when it jumped to the board, holding cards or not."""
    scene = two_groups(app)
    said = app.speech.recorder
    focus_to(app, scene, f"palette {pid(scene, '6H')}")
    press(app, pygame.K_PAGEDOWN)
    assert scene.focus.key.startswith("cell ")
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_h)
    assert scene.focus.key == f"palette {pid(scene, '6H')}"
    assert said[-1].startswith("Your hand, card ") and "the six of hearts" in said[-1], said[-1]
    space(app)  # lifted: the ring goes to the group where it fits; H brings it over the hand again
    assert scene.focus.holding and scene.focus.key.startswith("cell ")
    press(app, pygame.K_h)
    assert scene.focus.key.startswith("palette ") and scene.focus.holding
    assert said[-1].startswith("Holding the six of hearts. Over your hand"), said[-1]


def test_by_ear_a_digit_with_the_ring_on_the_board_says_where_digits_work(app):
    """Round 15, by ear: a rank's digit on the board did nothing and said nothing."""
    scene = two_groups(app)
    said = app.speech.recorder
    focus_to(app, scene, "cell 0 3")
    press(app, pygame.K_6)
    assert scene.focus.key == "cell 0 3"
    assert said[-1] == "A digit goes to a card of that rank in your hand; H takes the ring to your hand."
    press(app, pygame.K_h)
    press(app, pygame.K_6)
    assert scene.focus.key == f"palette {pid(scene, '6H')}", scene.focus.key


def test_by_ear_enter_on_a_card_in_the_hand_says_it_is_selected(app):
    scene = two_groups(app)
    said = app.speech.recorder
    focus_to(app, scene, f"palette {pid(scene, '6H')}")
    enter(app)
    # round 15: "1 card selected" did not say which; F6 and F8 did not say what was selected
    assert said[-1] == "Selected: the six of hearts. Click (or Enter on) a cell, the palette or a group's end."
    assert scene.status.message.startswith("1 card selected: click")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)  # back on it: the ring's words say it is selected
    assert scene.focus.key == f"palette {pid(scene, '6H')}" and said[-1].endswith("the six of hearts, selected.")
    press(app, pygame.K_F6)
    assert said[-1].endswith(" Selected: the six of hearts."), said[-1]
    press(app, pygame.K_F8)
    assert "king of hearts; the ten and ten of spades; selected: the six of hearts. The board" in said[-1], said[-1]
