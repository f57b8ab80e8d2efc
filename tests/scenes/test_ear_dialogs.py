"""A blind player's first ACME (fresh-eyes QA by ear): the "Player" name box that greets a new player is
said when it opens, its edit box is in the Tab order and said with its text, Enter in the box is OK, and the
key that opened the game from the main menu is never typed into the box."""

from __future__ import annotations

import pygame

from game.engine.dialogs import TextInputDialog
from game.mainmenu import MainMenu
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, type_text


def _menu(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.replace(MainMenu(app))
    app.settle()
    app.settings.speak = app.speech.enabled = True
    return app, app.speech.recorder


def _open_acme_with_3(app) -> None:
    """As SDL sends it: the key press, then the text it types, in one batch."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="3"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_3, mod=0, unicode="3", scancode=0))
    app.settle()


def test_acme_name_box_is_said_and_the_opening_key_is_not_typed(tmp_path, monkeypatch):
    app, spoken = _menu(tmp_path, monkeypatch)
    _open_acme_with_3(app)
    box = app.stack.top
    assert isinstance(box, TextInputDialog) and box.title == "Player"
    assert box.field.text == ""  # the "3" that opened the game stayed out of the name box
    assert spoken[-1].startswith("Player. Your name")
    assert "edit box, empty." in spoken[-1] and "the edit box has focus" in spoken[-1]
    type_text(app, "Ann")
    assert box.field.text == "Ann"  # typing after a real key press goes in


def test_name_box_is_in_the_tab_ring_and_enter_there_is_ok(tmp_path, monkeypatch):
    app, spoken = _menu(tmp_path, monkeypatch)
    _open_acme_with_3(app)
    box = app.stack.top
    press(app, pygame.K_RETURN)  # nothing typed: refused, said, the box stays
    assert app.stack.top is box and "Type first" in spoken[-1]
    type_text(app, "Ann")
    press(app, pygame.K_TAB)
    assert spoken[-1] == "OK button, 1 of 2."
    press(app, pygame.K_TAB)
    assert spoken[-1] == "Cancel button, 2 of 2."
    press(app, pygame.K_TAB)
    assert spoken[-1] == "Your name: edit box, Ann."  # round to the box, said with its text
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert spoken[-1] == "Cancel button, 2 of 2."
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)  # Enter in the box is OK
    assert app.stack.top is not box and app.stack.top.profile.name == "Ann"
