"""Release candidate (issue 23): Save/Load is a saved-games manager — what each entry holds, Unicode names
kept as typed, rename and delete (asked first), safe file names that never leave the saves folder."""

from __future__ import annotations

import pygame
import pytest

from game.engine import layoutcheck
from game.engine.dialogs import MessageDialog, TextInputDialog
from game.engine.savedgames import SavedGamesDialog
from saves import games as saved_games
from saves.paths import saved_games_dir
from tests.scenes.helpers import click, key, make_app, open_table, type_text

CTRL = pygame.KMOD_CTRL
NAMES = ["Café 1", "Привет", "שלום", "游戏 一", "Dice 🎲"]


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def save_as(app, scene, name: str) -> None:
    key(app, pygame.K_s, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, SavedGamesDialog)
    type_text(app, name)
    key(app, pygame.K_RETURN)


def press(app, dlg, label: str) -> None:
    click(app, next(b for b in dlg.buttons if b.label == label).rect.center)


def test_unicode_names_are_kept_as_typed_and_listed_with_what_they_hold(app):
    scene = open_table(app, "acesup", seed=531277, variation="firing_squad")
    click(app, scene.stock_rect.center)
    for name in NAMES:
        save_as(app, scene, name)
        assert app.stack.top is scene, scene.status.message
    folder = saved_games_dir("acesup")
    files = sorted(p for p in folder.iterdir() if p.suffix == ".json")
    assert len(files) == len(NAMES)
    assert all(p.parent == folder for p in files)
    key(app, pygame.K_o, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, SavedGamesDialog)
    assert sorted(s.name for s in dlg.saves) == sorted(NAMES)
    line = dlg.saves[0].summary
    assert "Firing Squad" in line and "deal #531277" in line and "1 move" in line and "score" in line


@pytest.mark.parametrize("name, words", [("a/b", "/"), ("..\\up", "\\")])
def test_path_separators_and_control_characters_are_refused_with_the_reason(app, name, words):
    """Issue 33: the refusal is said in the dialog, which stays open with what was typed, to be mended."""
    scene = open_table(app, "acesup", seed=3)
    save_as(app, scene, name)
    dlg = app.stack.top
    assert isinstance(dlg, SavedGamesDialog) and words in dlg.error and dlg.field.text == name
    drawn = layoutcheck.record(lambda: app.draw())
    assert any(b.kind == "text" and words in b.label for b in drawn)  # on screen, not only in the object
    assert not saved_games_dir("acesup").exists() or not any(saved_games_dir("acesup").iterdir())
    key(app, pygame.K_BACKSPACE)  # mending it clears the refusal
    assert dlg.error == "" and app.stack.top is dlg
    for _ in range(len(name)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "mended")
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and [s.name for s in saved_games.list_saves("acesup")] == ["mended"]


def test_control_characters_are_refused_with_the_reason():
    assert "control characters" in saved_games.check_name("bell\x07")  # the name field drops them as typed
    assert saved_games.check_name("Dice \U0001f3b2") is None
    assert saved_games.check_name("\u05e9\u05dc\u05d5\u05dd") is None


def test_a_file_name_never_leaves_the_saves_folder():
    for name in ["..", "../../etc", "CON", "a:b", ".hidden", "游戏", "🎲"]:
        path = saved_games.save_path("acesup", name)
        assert path.parent == saved_games_dir("acesup") and path.name.endswith(".json")
        assert not path.name.startswith(".") and ".." not in path.stem


def test_rename_and_delete_from_the_manager(app):
    scene = open_table(app, "thieves", seed=4)
    save_as(app, scene, "first")
    key(app, pygame.K_o, CTRL)
    dlg = app.stack.top
    press(app, dlg, "Rename\u2026")
    ren = app.stack.top
    assert isinstance(ren, TextInputDialog)
    for _ in range(len("first")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Café 2")
    key(app, pygame.K_RETURN)
    assert app.stack.top is dlg and [s.name for s in dlg.saves] == ["Café 2"]
    assert "2 jokers" in dlg.saves[0].summary
    press(app, dlg, "Delete\u2026")
    ask = app.stack.top
    assert isinstance(ask, MessageDialog) and "Café 2" in ask.message
    key(app, pygame.K_ESCAPE)  # "Keep it"
    assert [s.name for s in dlg.saves] == ["Café 2"]
    press(app, dlg, "Delete\u2026")
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the focus starts on "Keep it" (issue 34): back to Delete
    key(app, pygame.K_RETURN)
    assert app.stack.top is dlg and dlg.saves == [] and saved_games.list_saves("thieves") == []


def test_rename_selects_the_old_name_and_refuses_a_taken_one_in_place(app):
    """Issue 33: Rename shows the old name selected (typing replaces it); another saved game's name is refused
    in the dialog, which keeps what was typed."""
    scene = open_table(app, "acesup", seed=4)
    save_as(app, scene, "first")
    save_as(app, scene, "second")
    key(app, pygame.K_o, CTRL)
    dlg = app.stack.top
    dlg.list.selected = [s.name for s in dlg.saves].index("first")
    press(app, dlg, "Rename\u2026")
    ren = app.stack.top
    assert isinstance(ren, TextInputDialog) and ren.field.text == "first" and ren.field.all_selected
    type_text(app, "second")  # replaces the selected old name
    assert ren.field.text == "second"
    key(app, pygame.K_RETURN)
    assert app.stack.top is ren and "exists already" in ren.error and ren.field.text == "second"
    type_text(app, " game")
    key(app, pygame.K_RETURN)
    assert app.stack.top is dlg and sorted(s.name for s in dlg.saves) == ["second", "second game"]


def test_after_a_rename_in_the_save_dialog_the_name_box_holds_the_new_name(app):
    """QA m4: the Name box followed the selected entry, but after Rename… it kept the old name, so Save
    made a second saved game under it. It follows the renamed entry."""
    scene = open_table(app, "acesup", seed=4)
    save_as(app, scene, "first")
    save_as(app, scene, "second")
    key(app, pygame.K_s, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, SavedGamesDialog) and sorted(s.name for s in dlg.saves) == ["first", "second"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    old = dlg.selected().name
    assert dlg.field.text == old
    press(app, dlg, "Rename\u2026")
    type_text(app, "Sunday")
    key(app, pygame.K_RETURN)
    assert app.stack.top is dlg
    assert dlg.selected().name == "Sunday" and dlg.field.text == "Sunday"
    assert sorted(s.name for s in dlg.saves) == sorted({"first", "second", "Sunday"} - {old})


def test_ctrl_a_selects_all_in_a_text_field(app):
    """Ctrl+A, as in every text box: the whole name is selected and the next letter typed replaces it."""
    scene = open_table(app, "acesup", seed=4)
    key(app, pygame.K_s, CTRL)
    dlg = app.stack.top
    type_text(app, "Sunday game")
    key(app, pygame.K_a, CTRL)
    assert dlg.field.all_selected
    type_text(app, "M")
    assert dlg.field.text == "M"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_an_old_save_without_a_summary_still_lists_and_loads(app):
    scene = open_table(app, "acesup", seed=3)
    click(app, scene.stock_rect.center)
    path = saved_games.save_game("acesup", "Aces Up", "old one", scene.save_data())
    import json

    raw = json.loads(path.read_text())
    del raw["summary"]
    path.write_text(json.dumps(raw))
    info = saved_games.list_saves("acesup")[0]
    assert info.name == "old one" and "deal #3" in info.summary


def test_names_are_drawn_in_reading_order_with_a_font_that_has_their_letters(app, monkeypatch):
    from game.engine import savedgames

    assert savedgames.shown_order("\u05e9\u05dc\u05d5\u05dd") == "\u05dd\u05d5\u05dc\u05e9"  # all Hebrew: reversed
    assert savedgames.shown_order("Café 1") == "Café 1"
    scene = open_table(app, "acesup", seed=3)
    save_as(app, scene, "Привет")
    key(app, pygame.K_o, CTRL)
    drawn: list[str] = []
    real = savedgames.theme.note
    monkeypatch.setattr(savedgames.theme, "note", lambda kind, what, rect, surface=None: (
        drawn.append(what), real(kind, what, rect, surface)))
    app.invalidate()
    app.pump()
    assert "Привет" in drawn
