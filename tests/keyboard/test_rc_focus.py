"""Release candidate (issue 23): no holes in keyboard play on the Aces Up table (KEYDOWN events only)."""

from __future__ import annotations

import pygame
import pytest

from tests.keyboard.keys import focus_to, press
from tests.scenes.helpers import make_app, open_table


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=(800, 600), animation="off")
    scene = open_table(app, "acesup", seed=3)
    focus_to(app, scene, "stock")
    press(app, pygame.K_RETURN)  # deal: the piles hold a card each
    yield app, scene
    app.close()


def test_the_stock_and_pile_1_are_neighbours_at_800x600(table):
    app, scene = table
    focus_to(app, scene, "stock")
    press(app, pygame.K_RIGHT)
    assert scene.focus.key == "pile 0"
    press(app, pygame.K_LEFT)
    assert scene.focus.key == "stock"


def test_the_first_arrow_after_a_pick_up_moves_the_held_card(table):
    """The ring stays on the pile the card was lifted from; each arrow moves it one place, and the origin
    counts as a place (round 12 by ear: it was skipped, and a player counting presses landed one off)."""
    app, scene = table
    focus_to(app, scene, "pile 1")
    press(app, pygame.K_SPACE)
    assert scene.focus.holding and scene.focus.key == "pile 1"
    press(app, pygame.K_RIGHT)
    assert scene.focus.key == "pile 2"
    press(app, pygame.K_LEFT)
    assert scene.focus.key == "pile 1"
    press(app, pygame.K_LEFT)
    assert scene.focus.key == "pile 0"


def test_space_never_presses_a_button(table):
    app, scene = table
    focus_to(app, scene, "pile 0")
    press(app, pygame.K_SPACE)
    press(app, pygame.K_SPACE)  # the ace of diamonds put down where the ring took it
    moves = list(scene.history.moves)
    focus_to(app, scene, "button Undo")
    press(app, pygame.K_SPACE)
    assert scene.history.moves == moves and scene.history.cursor == len(moves)
    assert scene.state.scored
    assert "Enter" in scene.status.message
    press(app, pygame.K_RETURN)  # Enter does press it
    assert scene.history.cursor == len(moves) - 1
