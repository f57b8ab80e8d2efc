"""One shortcut map (game/engine/shortcuts.py), read by the menus, the Help texts and the README.

The scene-level checks build each real table and read the keys off its real menu bar, so a shortcut typed
into a menu by hand, or two menu items on one key, fail here even if the map itself is clean.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import registry
from game.engine import shortcuts
from game.engine.dialogs import TextDialog
from game.mainmenu import MainMenu
from tests.scenes.helpers import key, make_app, open_table

GAMES = [g.name for g in registry.GAMES]
README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture(scope="module")
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def menu_items(scene):
    return [it for m in scene.menubar.menus for it in m.items if not it.separator]


def test_the_map_gives_every_key_of_a_scene_to_one_action():
    for scene in shortcuts.SCENES:
        assert shortcuts.clashes(scene) == {}, scene


def test_no_menu_shortcut_takes_a_key_reserved_for_table_focus():
    reserved = {k.lower() for k in shortcuts.RESERVED_FOR_TABLE_FOCUS}
    for scene, actions in shortcuts.SCENES.items():
        for action, sc in actions.items():
            if sc.menu:
                assert sc.keys.lower() not in reserved, (scene, action)


@pytest.mark.parametrize("game", GAMES)
def test_no_two_menu_items_of_a_table_share_a_key_and_all_come_from_the_map(app, game):
    scene = open_table(app, game)
    bound = {}
    for it in menu_items(scene):
        if it.key is None:
            continue
        combo = (it.key, it.ctrl, it.shift)
        assert combo not in bound, f"{game}: {it.label!r} and {bound[combo]!r} are both {it.shortcut}"
        bound[combo] = it.label
        mapped = {sc.keys for sc in shortcuts.SCENES[game].values() if sc.menu}
        assert it.shortcut in mapped, f"{game}: {it.label!r} has {it.shortcut}, which is not in the map"
    # and every menu key of the map is really on a menu item (no stale entry in Help or the README)
    shown = {it.shortcut for it in menu_items(scene)}
    for action, sc in shortcuts.SCENES[game].items():
        if sc.menu:
            assert sc.keys in shown, f"{game}: the map lists {action} ({sc.keys}) but no menu has it"


def test_main_menu_keys_come_from_the_map(app):
    app.replace(MainMenu(app))
    shown = {it.shortcut for it in menu_items(app.stack.top) if it.shortcut}
    assert shown == {sc.keys for sc in shortcuts.SCENES["mainmenu"].values() if sc.menu}


@pytest.mark.parametrize("game", GAMES)
def test_help_lists_every_key_the_table_uses(app, game):
    scene = open_table(app, game)
    key(app, pygame.K_F1)
    dlg = app.stack.top
    assert isinstance(dlg, TextDialog)
    for sc in shortcuts.SCENES[game].values():
        assert f"{sc.shown} \u2014 {sc.words}" in dlg.text, (game, sc.keys)
    assert dlg.text.count("KEYS") == 1, "one KEYS section, generated, not also one by hand"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_romi_sound_key_toggles_sound_and_never_starts_a_demonstration(app):
    scene = open_table(app, "romi")
    muted = app.sounds.muted
    key(app, pygame.K_m, pygame.KMOD_CTRL)
    assert app.sounds.muted != muted
    assert not scene.demo
    assert app.stack.top is scene, "no confirm, no demonstration"
    key(app, pygame.K_m, pygame.KMOD_CTRL)
    assert app.sounds.muted == muted


def test_romi_lists_no_undo_it_does_not_do():
    assert "undo" not in shortcuts.SCENES["romi"]  # a finished turn is never taken back...
    assert shortcuts.SCENES["romi"]["undo_move"].keys == "Ctrl+Z"  # ...a move within the turn is (issue 25)
    assert "this turn" in shortcuts.SCENES["romi"]["undo_move"].words


def test_readme_key_table_is_the_map():
    text = README.read_text(encoding="utf-8")
    assert shortcuts.readme_table() in text
