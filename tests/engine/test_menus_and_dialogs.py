"""Main menu, menu bar shortcuts and dialogs, with real posted events."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.engine.common import CardBackDialog
from game.engine.dialogs import ChoiceDialog, MessageDialog, TextInputDialog, confirm
from game.mainmenu import MainMenu
from tests.scenes.helpers import click, key, make_app, type_text


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def test_main_menu_lists_five_games_and_opens_aces_up(app):
    menu = MainMenu(app)
    app.replace(menu)
    app.settle()
    assert [g.name for g, _r in menu.tiles] == [g.name for g in registry.GAMES]
    acesup = next(r for g, r in menu.tiles if g.name == "acesup")
    click(app, acesup.center)
    assert app.stack.top.__class__.__name__ == "AcesUpScene"


def test_coming_soon_game_says_so(app, monkeypatch):
    menu = MainMenu(app)
    app.replace(menu)
    app.settle()
    info = registry.GAMES[2]
    monkeypatch.setattr(type(info), "playable", property(lambda self: self.name == "acesup"))
    menu.open(info)
    app.settle()
    top = app.stack.top
    assert isinstance(top, MessageDialog) and "coming soon" in top.message
    key(app, pygame.K_RETURN)
    assert app.stack.top is menu


def test_number_key_opens_game(app):
    app.replace(MainMenu(app))
    app.settle()
    key(app, pygame.K_1)
    assert app.stack.top.__class__.__name__ == "AcesUpScene"


def test_confirm_dialog_keys(app):
    app.replace(MainMenu(app))
    said = []
    confirm(app, "Sure?", "Really?", lambda: said.append("yes"), on_no=lambda: said.append("no"))
    app.settle()
    key(app, pygame.K_ESCAPE)
    confirm(app, "Sure?", "Really?", lambda: said.append("yes"), on_no=lambda: said.append("no"))
    app.settle()
    key(app, pygame.K_RETURN)
    assert said == ["no", "yes"]


def test_text_input_validates_and_edits(app):
    app.replace(MainMenu(app))
    got = []
    dlg = TextInputDialog(app, "Name", "Your name:", got.append, validate=lambda t: None if t != "bad" else "No.")
    app.push(dlg)
    type_text(app, "bad")
    key(app, pygame.K_RETURN)
    assert app.stack.top is dlg and dlg.error == "No." and not got
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "oy")
    key(app, pygame.K_RETURN)
    assert got == ["boy"] and app.stack.top is not dlg


def test_choice_dialog_with_arrows(app):
    app.replace(MainMenu(app))
    got = []
    app.push(ChoiceDialog(app, "Pick", [(1, "one"), (2, "two"), (3, "three")], 1, got.append))
    app.settle()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert got == [3]


def test_card_back_dialog_saves_choice(app):
    app.replace(MainMenu(app))
    dlg = CardBackDialog(app)
    app.push(dlg)
    app.settle()
    click(app, dlg.cells[7].center)
    key(app, pygame.K_RETURN)
    assert app.settings.card_back == 7
    from saves import settings as settings_mod

    assert settings_mod.load()[0].card_back == 7


def test_menu_bar_keyboard_navigation_runs_item(app):
    scene = registry.make_scene(app, "acesup", seed=4, resume=False)
    app.replace(scene)
    app.settle()
    key(app, pygame.K_F10)
    assert scene.menubar.open == 0
    key(app, pygame.K_DOWN)  # New
    key(app, pygame.K_RETURN)
    assert scene.menubar.open is None and scene.seed != 4


def test_mute_shortcut_toggles_sound(app):
    scene = registry.make_scene(app, "acesup", seed=4, resume=False)
    app.replace(scene)
    app.settle()
    app.sounds.muted = False
    key(app, pygame.K_m, pygame.KMOD_CTRL)
    assert app.sounds.muted


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_card_back_dialog_shows_the_selected_back_above_ok(size):
    """Issue 24: the help describes the selected back shown above OK; it follows clicks and arrows."""
    a = make_app(size=size, animation="off")
    try:
        a.replace(MainMenu(a))
        dlg = CardBackDialog(a)
        a.push(dlg)
        for choice in (7, 8):
            if choice == 7:
                click(a, dlg.cells[7].center)
            else:
                key(a, pygame.K_RIGHT)
            a.settle()
            p, ok = dlg.preview, dlg.buttons[0].rect
            assert p.bottom < ok.top and p.left < ok.right and p.right > ok.left and dlg.rect.contains(p)
            assert not any(p.colliderect(c) for c in dlg.cells)
            want = a.art.back(choice, p.w, p.h)
            for fx, fy in ((0.5, 0.5), (0.3, 0.7), (0.7, 0.25)):
                x, y = int(p.w * fx), int(p.h * fy)
                assert tuple(a.window.get_at((p.x + x, p.y + y)))[:3] == tuple(want.get_at((x, y)))[:3]
    finally:
        a.close()
