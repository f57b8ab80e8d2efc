"""Romi's Shift+F8 (issue 34, round 12 by ear: the other four games said what can be played now, Romi said
'F8 reads the table'): the groups the hand makes, the opening count, the hand cards that fit a group on the
board by F8's group names, or the draw; short.  Only posted keys; a recording voice."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.romi import rules
from tests.keyboard.keys import press
from tests.keyboard.test_romi_by_ear import lay
from tests.scenes.helpers import make_app, open_table
from tests.scenes.test_romi_scene import deck, start


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    a = make_app(animation="off")
    a.settings.speak = a.speech.enabled = True
    a.speech.recorder = []
    yield a
    a.close()


def plays(app) -> str:
    press(app, pygame.K_F8, pygame.KMOD_SHIFT)
    return app.speech.recorder[-1]


def test_before_opening_shift_f8_names_the_groups_with_their_points_and_the_opening_count(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H TH 2C 4D 6S 9C QD 3S 5C"))
    said = plays(app)
    assert said.startswith("A set of three kings: clubs, diamonds and spades (39 points). A run of the seven, "
                           "eight, nine and ten of hearts (34 points).")
    assert "Opening needs 25 points: your hand can make 73." in said
    assert "F8 reads the table" not in said


def test_a_hand_with_no_group_is_told_to_draw(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("2C 3D 4H 5S 7C 9D JH 2S 4C 6D 8H TS QC AD"))
    assert plays(app) == ("Opening needs 25 points: your hand makes no group, not enough to open. "
                          "No play: draw a card (Space).")


def test_after_opening_hand_cards_that_fit_a_board_group_are_named_by_f8s_group_number(app):
    scene = open_table(app, "romi", seed=2)
    d = deck("TH 6H KH 2C 4D 6S 9C QD 3S 5C JD 8C AS 2D")
    state = rules.new_game(deck=d)
    state = dataclasses.replace(state, table=(("KC", "KD", "KS"), ("7H", "8H", "9H")), opened=(True, False))
    scene.start_game(state, 7)
    app.settle(max_seconds=10.0)
    said = plays(app)
    assert "The ten of hearts fits group 2, a run of hearts." in said
    assert "The six of hearts fits group 2, a run of hearts." in said
    assert "The king of hearts fits group 1, a set of kings." in said
    assert "Opening" not in said  # opened already
    press(app, pygame.K_F8)
    assert "1, row 1" in app.speech.recorder[-1] and "a set of kings" in app.speech.recorder[-1]


def test_a_long_list_is_cut_to_six_with_a_count_of_the_rest(app):
    scene = open_table(app, "romi", seed=2)
    d = deck("AC 2C 3C AD 2D 3D AH 2H 3H AS 2S 3S 9C 9D")
    state = rules.new_game(deck=d)
    state = dataclasses.replace(state, table=(("4C", "5C", "6C"),), opened=(True, False))
    scene.start_game(state, 7)
    app.settle(max_seconds=10.0)
    said = plays(app)
    assert said.count(".") <= 8
    assert said.endswith("more: F8 reads the board and the hand.")


def test_before_opening_cards_fit_only_groups_laid_this_turn(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("7H 8H 9H TH 2C 4D 6S 9C QD 3S 5C JD 8C AS"))
    lay(app, scene, {"7H": (2, 2), "8H": (2, 3), "9H": (2, 4)})
    said = plays(app)
    assert said.startswith("The ten of hearts fits group 1, a run of hearts.")
    assert "Opening needs 25 points, 24 laid" in said



def test_with_the_stock_empty_shift_f8_says_space_passes_and_when_that_ends_the_game(app):
    """Round 14, by ear (major): the stock empty and the computer just passed, Shift+F8 said "No play: draw a
    card (Space)"; Space passed, and that second pass ended the game, lost.  It says what Space does."""
    scene = open_table(app, "romi", seed=2)
    first = rules.new_game(deck=deck("2C 3D 4H 5S 7C 9D JH 2S 4C 6D 8H TS QC AD"))
    scene.start_game(dataclasses.replace(first, stock=(), passes=1), 7)
    app.settle(max_seconds=10)
    said = plays(app)
    assert "draw a card" not in said and "the stock is empty: Space passes" in said and "ends the game" in said, said
    scene.start_game(dataclasses.replace(first, stock=(), passes=0), 7)
    app.settle(max_seconds=10)
    assert "two passes in a row end the game" in plays(app)


def test_by_ear_shift_f8_names_a_group_laid_this_turn_that_is_not_one_yet(app):
    """Round 15, by ear: with two cards laid as a group this turn, Shift+F8 said "No play: end the turn (Enter)",
    and Enter was refused.  The unfinished group is said first."""
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("2C 3D 4H 5S 7C 9D JH 2S 4C 6D 8H TS QC AD"))
    lay(app, scene, {"2C": (1, 2), "2S": (1, 3)})
    said = plays(app)
    assert said.startswith("Not a set or a run yet: group 1, the twos of clubs and spades. The turn "
                           "cannot end until each is one or goes back to your hand."), said
    assert "end the turn (Enter)" not in said


def test_by_ear_shift_f8_names_a_hand_card_that_can_take_a_jokers_place(app):
    """Round 15, by ear: Shift+F8 never said a joker on the board could be freed by the card it stands for."""
    scene = open_table(app, "romi", seed=2)
    d = deck("6H 2C 4D 6S 9C QD 3S 5C JD 8C AS 2D KH TD")
    state = rules.new_game(deck=d)
    state = dataclasses.replace(state, table=(("KC", "KD", "KS"), ("5H", "JK", "7H")), opened=(True, False))
    scene.start_game(state, 7)
    app.settle(max_seconds=10.0)
    said = plays(app)
    assert ("The six of hearts can take the joker's place in group 2, a run of hearts; the joker must then go into "
            "a group.") in said, said
