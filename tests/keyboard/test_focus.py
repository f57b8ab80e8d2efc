"""The keyboard focus itself: Help lists the keys, arrows go to the next column, the ring never rests on
a card that has gone, and the menus' keys are untouched."""

from __future__ import annotations

import importlib

import pygame
import pytest

from game.engine.dialogs import TextDialog
from game.engine.focus import Spot, step
from tests.keyboard.keys import enter, focus_to, press
from tests.scenes.helpers import key, make_app, open_table, top_dialog


@pytest.mark.parametrize("game", ["acesup", "thieves", "acme", "court", "romi"])
def test_help_lists_the_keyboard_keys(game, tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    open_table(app, game, seed=2)
    key(app, pygame.K_F1)
    dlg = top_dialog(app)
    assert isinstance(dlg, TextDialog)
    own = importlib.import_module(f"game.{game}.keyboard").HELP
    assert "focus ring" in dlg.text and own in dlg.text and "Space" in own and "Enter" in own


def test_right_goes_to_the_next_column_not_the_nearest_card():
    r = pygame.Rect
    a = Spot("a", r(0, 0, 100, 140), "a", "piles")
    b = Spot("b", r(150, 600, 100, 140), "b", "piles")  # the next pile, its top card far down
    c = Spot("c", r(400, 0, 100, 140), "c", "piles")
    button = Spot("ok", r(120, 700, 100, 40), "ok", "buttons")
    assert step([a, b, c, button], a, 1, 0) is b
    assert step([a, b, c, button], b, 0, 1) is button  # nothing below in its area: the buttons


def test_the_ring_follows_the_state(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    focus_to(app, scene, "stock")
    for _ in range(3):
        enter(app)  # deal three times: the piles grow under the ring's neighbours
    focus_to(app, scene, "pile 0")
    top = scene.state.piles[0][-1]
    assert scene.focus.current().sprite == top
    assert scene.focus.current().rect.y > scene.slots[0].y, "the ring is on the top card, not the slot"
    # Ctrl+Z still undoes with the ring shown: the menu shortcut is not the focus's
    moves = len(scene.history.moves)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.history.moves) == moves - 1 or scene.history.cursor < moves
    assert scene.focus.current().sprite in (None, *[p[-1] for p in scene.state.piles if p])


def test_right_walks_a_fanned_hand_card_by_card_at_800x600(tmp_path, monkeypatch):
    """Romi's palette overlaps its cards at 800x600: Right must reach the next card, not an empty place below."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=(800, 600), animation="off")
    scene = open_table(app, "romi", seed=3)
    app.settle(max_seconds=20)
    press(app, pygame.K_RIGHT)  # shows the ring on the first card of the hand
    palette = scene.board.palette
    assert scene.focus.key == f"palette {palette[0]}"
    for cid in palette[1:4]:
        press(app, pygame.K_RIGHT)
        assert scene.focus.key == f"palette {cid}"


def test_a_mouse_press_puts_back_cards_held_with_the_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    focus_to(app, scene, "pile 0")
    top = scene.state.piles[0][-1]
    press(app, pygame.K_SPACE)
    assert scene.focus.holding == [top]
    from tests.scenes.helpers import click

    click(app, (5, app.size[1] // 2))  # the felt, away from every card
    assert not scene.focus.holding and not scene.focus.visible
    assert not scene.table.drag and not scene.table.sprites[top].dragging
    assert scene.state.piles[0][-1] == top
