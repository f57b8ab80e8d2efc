"""Menus and boxes by ear and by keys (issue 34): F10 and each item said as the ring moves; every box read with
its focused button named; Tab / arrows move a visible focus between buttons and Enter presses the focused
one; a question that throws something away starts on the safe answer; text fields echo typing."""

from __future__ import annotations

import pygame

from game.engine.dialogs import ChoiceDialog, MessageDialog, TableDialog, TextDialog, TextInputDialog
from game.engine.roundbox import RoundBox, Row
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table
from tests.scenes.test_fair_play_acme import round_under_way


def _app_with(game: str, seed: int = 3):
    app = make_app(animation="off")
    scene = open_table(app, game, seed=seed)
    app.settings.speak = app.speech.enabled = True
    return app, scene, app.speech.recorder


def test_f10_says_the_menu_and_each_item_as_the_ring_moves(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, scene, spoken = _app_with("acesup")
    press(app, pygame.K_F10)
    assert spoken[-1].startswith("Game menu, 1 of ") and "Up and Down" in spoken[-1]
    press(app, pygame.K_DOWN)
    assert spoken[-1].startswith("New, Ctrl+N, 1 of ")
    press(app, pygame.K_RIGHT)
    assert spoken[-1].split(",")[0].endswith("menu")
    options = next(i for i, m in enumerate(scene.menubar.menus) if m.title == "Options")
    while scene.menubar.open != options:
        press(app, pygame.K_RIGHT)
    assert spoken[-1].startswith("Options menu")
    items = [it for it in scene.menubar.menus[options].items if not it.separator]
    speak_at = next(i for i, it in enumerate(items) if it.label.startswith("Speak"))
    for _ in range(speak_at + 1):
        press(app, pygame.K_DOWN)
    assert spoken[-1].startswith("Speak, checked, F12,")  # ticked or not, and its key
    press(app, pygame.K_ESCAPE)
    assert spoken[-1] == f"Menus closed. {scene.status.message}"  # the question the table is waiting on


def test_a_menu_of_one_item_says_1_item(tmp_path, monkeypatch):
    """The Help menu holds one item: said "1 item", never "1 items" (round 14's blind player)."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, scene, spoken = _app_with("acesup")
    press(app, pygame.K_F10)
    while scene.menubar.menus[scene.menubar.open].title != "Help":
        press(app, pygame.K_RIGHT)
    assert ", 1 item. Up and Down" in spoken[-1], spoken[-1]


def test_a_question_is_read_with_its_focused_button_and_tab_moves_a_visible_focus(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, scene, spoken = _app_with("acesup")
    chosen: list[str] = []
    dlg = MessageDialog(app, "Restart", "Restart this deal?", ("Restart", "Keep playing", "Help"), chosen.append)
    app.push(dlg)
    assert spoken[-1] == ("Restart. Restart this deal? Buttons: Restart, Keep playing, Help; Restart has focus. "
                          "Tab moves, Enter presses.")
    press(app, pygame.K_TAB)
    assert spoken[-1] == "Keep playing button, 2 of 3."
    surface = pygame.Surface(app.size)
    dlg.draw(surface, 1.0)
    assert [b.focused for b in dlg.buttons] == [False, True, False]  # the ring is drawn on it
    ring = dlg.buttons[1].rect.inflate(10, 10)
    assert surface.get_at((ring.centerx, ring.top + 1))[:3] == (255, 214, 0)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)  # round the ring: Help, Keep playing, Restart, Help
    assert spoken[-1] == "Help button, 3 of 3."
    press(app, pygame.K_RETURN)
    assert chosen == ["Help"]  # Enter presses the focused button


def test_acme_leaving_mid_round_starts_on_keep_playing(tmp_path, monkeypatch):
    """Ctrl+W then Enter chose "Leave" and cost a round: the safe answer has the focus."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = round_under_way(app, "Ann")
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    assert scene.must_warn()
    press(app, pygame.K_w, pygame.KMOD_CTRL)
    box = app.stack.top
    assert isinstance(box, MessageDialog) and "Keep playing has focus" in spoken[-1]
    press(app, pygame.K_RETURN)
    assert app.stack.top is scene  # still at the table, the round kept
    press(app, pygame.K_w, pygame.KMOD_CTRL)
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert spoken[-1].startswith("Leave button")
    press(app, pygame.K_RETURN)
    app.settle()
    assert app.stack.top is not scene


def test_every_kind_of_box_is_read(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, scene, spoken = _app_with("acesup")
    app.push(TextDialog(app, "Aces Up help", "Discard any card lower than another of its suit."))
    assert spoken[-1] == "Aces Up help. Discard any card lower than another of its suit. Button: Close. Enter " \
                         "presses it."
    press(app, pygame.K_ESCAPE)
    app.push(TableDialog(app, "Statistics", [("Standard", ["Variation", "Won"], [["Standard", "3"]]),
                                             ("Firing Squad", ["Variation", "Won"], [["Firing Squad", "0"]])]))
    assert "Standard. Variation Standard, Won 3." in spoken[-1] and "Left and Right change the tab" in spoken[-1]
    press(app, pygame.K_RIGHT)
    assert spoken[-1].startswith("Firing Squad. Variation Firing Squad, Won 0.")
    press(app, pygame.K_ESCAPE)
    app.push(RoundBox(app, "Round 2", [Row("Alice went out first."), Row("You are Vice-President.")],
                      [("Next round", lambda: None), ("Close", lambda: None)]))
    assert spoken[-1].startswith("Round 2. Alice went out first. You are Vice-President. Buttons: Next round, "
                                 "Close; Next round has focus.")
    press(app, pygame.K_ESCAPE)
    picked: list[object] = []
    app.push(ChoiceDialog(app, "Jokers", [(0, "None"), (2, "Two")], 0, picked.append))
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    # the choice's confirmation is said, then where the player is back (round 12: a box closing said nothing)
    assert picked == [2] and spoken[-1] == "Jokers: Two."  # what was done: no "Back to the table" after it


def test_a_name_field_echoes_typing(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, scene, spoken = _app_with("thieves")
    names: list[str] = []
    app.push(TextInputDialog(app, "High score", "Your name:", names.append))
    assert spoken[-1].startswith("High score. Your name: edit box, empty. Type, then press Enter. Buttons: OK, "
                                 "Cancel; the edit box has focus.")
    for ch in "Ann":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.pump(1 / 30)
    assert spoken[-3:] == ["A", "n", "n"]  # every letter, the repeated one too
    press(app, pygame.K_BACKSPACE)
    assert spoken[-1] == "n deleted"
    press(app, pygame.K_RETURN)
    assert names == ["An"]


def test_by_ear_after_the_menus_the_tables_question_is_said_again(tmp_path, monkeypatch):
    """Round 15, by ear: after Escape from the menus, or a menu choice that said nothing, the question the
    table was waiting on ("Your turn: …") was never said again, and F9 repeated "Menus closed."."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = round_under_way(app)
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    question = scene.status.message
    assert question
    press(app, pygame.K_F10)
    press(app, pygame.K_ESCAPE)
    assert spoken[-1] == f"Menus closed. {question}"
    press(app, pygame.K_F9)
    assert spoken[-1] == f"Menus closed. {question}"
    item = next(it for m in scene.menubar.menus for it in m.items if not it.separator and it.action)
    monkeypatch.setattr(item, "action", lambda: None)  # a choice that says nothing and opens nothing
    press(app, pygame.K_F10)
    scene.menubar._choose(item)
    assert spoken[-1] == question
    app.close()
