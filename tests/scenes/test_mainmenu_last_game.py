"""Issue 34: the main menu always started on Aces Up.  It starts on the game played last (kept in the
settings, so also at the next start) and says so; Enter plays it again."""

from __future__ import annotations

import pygame

from game.acme.scene import AcmeScene
from game.mainmenu import MainMenu
from saves import settings as settings_mod
from tests.keyboard.keys import enter, press
from tests.scenes.helpers import make_app


def _menu(app) -> MainMenu:
    app.settings.speak = app.speech.enabled = True
    menu = MainMenu(app)
    app.replace(menu)
    app.settle()
    return menu


def test_a_first_start_begins_on_the_first_tile(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    menu = _menu(app)
    assert menu.focus == 0
    assert app.speech.recorder[-1].startswith("Parlour, main menu. Aces Up, 1 of 5. "), app.speech.recorder[-1]
    app.close()


def test_the_menu_starts_on_the_game_played_last_at_the_next_start_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    _menu(app)
    press(app, pygame.K_3)  # ACME, from the menu by its number
    assert isinstance(app.stack.scenes[0], AcmeScene)
    app.close()
    # the next start: the settings as read from the data folder
    settings, warning = settings_mod.load()
    assert warning is None and settings.last_game == "acme"
    app = make_app(animation="off")
    app.settings.last_game = settings.last_game
    menu = _menu(app)
    said = app.speech.recorder[-1]
    assert said.startswith("Parlour, main menu. ACME, 3 of 5, played last. "), said
    assert menu.focus == 2
    enter(app)  # Enter plays the game the menu starts on
    assert isinstance(app.stack.scenes[0], AcmeScene)
    app.close()


def test_a_last_game_no_longer_known_starts_on_the_first_tile(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.settings.last_game = "poker"
    assert _menu(app).focus == 0
    app.close()
