"""Computer players wait while the player has a menu open, as they wait under a box (round 15, two fresh players:
three ACME plays went by behind Options ▸ Computer speed, unseen).  Real key events; instant computers."""

from __future__ import annotations

import pygame
import pytest

from game.acme import players, rules
from game.romi import rules as romi_rules
from game.romi.seats import COMPUTER
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table
from tests.scenes.test_acme_scene import table


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    a = make_app(animation="off")
    yield a
    a.close()


def test_acme_computers_wait_while_a_menu_is_open(app):
    scene = table(app)
    scene.ai[0] = players.make_player("baseline")
    scene.is_computer = lambda s: rules.current_player(s) is not None
    scene.computer.is_computer = scene.is_computer
    press(app, pygame.K_F10)
    assert scene.menubar.open is not None
    moves = len(scene.history.moves)
    for _ in range(30):
        app.pump(0.1)
    assert len(scene.history.moves) == moves
    press(app, pygame.K_ESCAPE)
    app.settle()
    assert len(scene.history.moves) > moves


def test_romis_computer_waits_while_a_menu_is_open(app):
    scene = open_table(app, "romi", seed=2)
    scene.start_game(romi_rules.new_game(scene.seed, first=COMPUTER), scene.seed)
    press(app, pygame.K_F10)
    moves = len(scene.history.moves)
    for _ in range(60):
        app.pump(0.1)
    assert len(scene.history.moves) == moves and scene.state.turn == COMPUTER
    press(app, pygame.K_ESCAPE)
    for _ in range(300):
        app.pump(0.05)
        if scene.history.moves:
            break
    assert len(scene.history.moves) > moves
