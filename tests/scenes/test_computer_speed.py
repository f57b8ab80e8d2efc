"""Options ▸ Computer speed: one setting, chosen from every table's Options menu, honoured by ACME,
Affairs of the Court and Romi (Romi's own Speed menu is gone; its stored value becomes the setting).

The pauses are measured in simulated time, frame by frame, with animations *off*: the computer's pause
is its own idea now, not a side effect of the animation speed.
"""

from __future__ import annotations

import time

import pygame
import pytest

from game.acme import rules as acme_rules
from game.court import rules as court_rules
from game.engine.dialogs import ChoiceDialog
from game.romi import rules as romi_rules
from saves import settings as settings_mod
from saves import store
from tests.scenes.helpers import center_of, click, key, make_app, open_table, top_dialog
from tests.scenes.menu_clicks import item_center
from tests.scenes.test_acme_follow import Scripted, hand_point, play_state
from tests.scenes.test_court_scene import H0, H1, drawn

FRAME = 1 / 30


def seconds_until(app, done, limit: float = 8.0) -> float:
    """Simulated seconds pumped (1/30 s a frame) until ``done()`` is true."""
    t = 0.0
    while not done() and t < limit:
        app.pump(FRAME)
        t += FRAME
        time.sleep(0.001)  # let the worker thread answer
    return t


def menu_item_point(scene, title: str, label: str) -> tuple[int, int]:
    return item_center(scene, title, label)


@pytest.mark.parametrize("game", ["acme", "court", "romi"])
def test_options_menu_sets_the_computer_speed_and_saves_it(game):
    app = make_app(animation="off", computer="normal")
    try:
        scene = open_table(app, game, seed=3)
        titles = [m.title for m in scene.menubar.menus]
        assert "Speed" not in titles  # one place for each idea
        options = titles.index("Options")
        click(app, scene.menubar.title_rects[options].center)
        click(app, menu_item_point(scene, "Options", "Computer speed…"))
        dlg = top_dialog(app)
        assert isinstance(dlg, ChoiceDialog) and dlg.title == "Computer speed"
        key(app, pygame.K_UP)  # Normal -> Slow
        key(app, pygame.K_RETURN)
        assert app.settings.computer == "slow"
        loaded, warning = settings_mod.load()
        assert warning is None and loaded.computer == "slow"
    finally:
        app.close()


@pytest.mark.parametrize("speed,low,high", [("slow", 1.4, 8.0), ("fast", 0.0, 0.7), ("instant", 0.0, 0.2)])
def test_acme_computer_pause_follows_the_setting(speed, low, high):
    app = make_app(animation="off", computer=speed)
    try:
        scene = open_table(app, "acme", seed=3)
        scene.ai = {s: Scripted() for s in range(1, 5)}
        scene.start_game(play_state(("3C 4C", "5C 5D", "6C 6D", "7C 7D", "8C 8D")), 9)
        app.settle()
        click(app, hand_point(scene, "3C"), settle=False)
        click(app, scene.play_button.rect.center, settle=False)
        app.pump(FRAME)
        assert scene.state.log[0] == (0, ("3C",))
        t = seconds_until(app, lambda: len(scene.state.log) >= 2)
        assert low <= t <= high, f"{speed}: Alice played after {t:.2f} s"
    finally:
        app.close()


@pytest.mark.parametrize("speed,low,high", [("slow", 1.0, 8.0), ("instant", 0.0, 0.2)])
def test_court_computer_pause_follows_the_setting(speed, low, high):
    app = make_app(animation="off", computer=speed)
    try:
        scene = open_table(app, "court", seed=4)
        scene.start_game(drawn(H0, H1), 7)
        app.settle()
        click(app, center_of(scene, "9C"), settle=False)
        app.pump(FRAME)
        assert str(scene.history.moves[0]) == "play 9C"
        t = seconds_until(app, lambda: len(scene.history.moves) >= 2)
        assert low <= t <= high, f"{speed}: the computer answered after {t:.2f} s"
    finally:
        app.close()


@pytest.mark.parametrize("speed,low,high", [("slow", 0.9, 8.0), ("instant", 0.0, 0.3)])
def test_romi_computer_pause_follows_the_setting(speed, low, high):
    app = make_app(animation="off", computer=speed)
    try:
        scene = open_table(app, "romi", seed=2)
        app.settle()
        click(app, scene.buttons[0].rect.center, settle=False)  # Draw: the computer's turn
        app.pump(FRAME)
        assert scene.history.moves[0] == romi_rules.Draw()
        t = seconds_until(app, lambda: len(scene.history.moves) > 1)
        assert low <= t <= high, f"{speed}: the computer moved after {t:.2f} s"
    finally:
        app.close()


def test_romis_old_speed_setting_becomes_the_computer_speed(parlour_home):
    payload = {"animation": "normal", "games": {"romi": {"speed": "fast", "level": "expert"}}}
    store.write_json(parlour_home / "settings.json", settings_mod.FORMAT, settings_mod.VERSION, payload)
    loaded, warning = settings_mod.load()
    assert warning is None and loaded.computer == "fast"
    assert loaded.games["romi"] == {"level": "expert"}  # the duplicate is gone
    settings_mod.save(loaded)
    again, _ = settings_mod.load()
    assert again.computer == "fast" and "speed" not in again.games["romi"]
    # A stored computer speed wins over a left-over Romi value.
    payload = {"computer": "slow", "games": {"romi": {"speed": "instant"}}}
    store.write_json(parlour_home / "settings.json", settings_mod.FORMAT, settings_mod.VERSION, payload)
    assert settings_mod.load()[0].computer == "slow"


def test_acme_rules_untouched_by_speed():
    """The setting changes only pauses: the same deal gives the same state."""
    assert acme_rules.new_game(4) == acme_rules.new_game(4) and court_rules.new_game(4) == court_rules.new_game(4)
