"""Romi fair play (issue 18): the computer's cards hide the moment they may no longer be seen, and
Preferences never throws away the computer's first move without asking."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.engine.dialogs import ChoiceDialog, MessageDialog
from game.romi import rules
from game.romi import scene as romi_scene
from tests.scenes.helpers import click, key, make_app, open_table
from tests.scenes.menu_clicks import choose, item_center


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def computer_faces(scene) -> list[bool]:
    n = len(scene.state.hands[1])
    shown = [sp for sid, sp in scene.table.sprites.items() if "#c" in sid or sid.startswith("back#")]
    assert len(shown) == n
    return [sp.face_up for sp in shown]


def test_a_level_without_seen_cards_hides_them_from_the_deal(app):
    """Issue 33 changed what a level chosen mid-game does: a game whose computer cards were seen stays a
    Beginner game (and is counted as one); the level chosen applies to the next game, whose computer cards
    are face down from the deal, their real codes never on the table."""
    app.settings.game("romi")["level"] = "beginner"
    scene = open_table(app, "romi", seed=3)
    choose(app, scene, "Level", "See the computer's cards")
    assert scene.see_cards and all(computer_faces(scene))
    moves = len(scene.history.moves)
    choose(app, scene, "Level", "Intermediate")
    assert len(scene.history.moves) == moves  # no move was needed
    assert scene.level == "beginner" and "next game" in scene.status.message
    scene.new_game(4)
    app.settle()
    assert scene.level == "intermediate" and scene.see_cards
    assert not any(computer_faces(scene))
    assert not any("#c" in sid for sid in scene.table.sprites)  # the real codes are not on the table


def test_preferences_during_the_computers_first_move_ask_before_dealing_again(app, monkeypatch):
    release = threading.Event()
    real = romi_scene.choose_move

    def slow_choose(*args):
        release.wait(20)
        return real(*args)
    monkeypatch.setattr(romi_scene, "choose_move", slow_choose)
    scene = open_table(app, "romi", seed=3)
    scene.start_game(rules.new_game(3, first=1), 3)  # the computer plays first: it is thinking now
    app.pump()
    assert scene.job is not None and not scene.history.moves
    before = scene.state
    bar = scene.menubar
    i = next(n for n, m in enumerate(bar.menus) if m.title == "Level")
    click(app, bar.title_rects[i].center, settle=False)
    app.pump()
    click(app, item_center(scene, "Level", "Preferences…"), settle=False)
    app.pump()
    dlg = app.stack.top
    assert isinstance(dlg, ChoiceDialog)
    dlg.list.selected = 1  # Ace after King as well
    key(app, pygame.K_RETURN, settle=False)
    app.pump()
    ask = app.stack.top
    assert isinstance(ask, MessageDialog) and "deals it again" in ask.message
    assert scene.state == before and not scene.options.get("ace_after_king")
    key(app, pygame.K_ESCAPE, settle=False)  # Keep this deal
    app.pump()
    assert scene.state == before and not scene.options.get("ace_after_king")
    release.set()
    app.settle()
    assert scene.history.moves  # the computer's first move was kept and played
