"""Issue 32, round 12 (Court, checked in Romi too): loading a save of the game in progress threw its result
away — it was counted as left, and the loaded game (the same id) then never counted when it ended.  A save of
the same game goes on with it and counts once, when it ends; a save of a game counted already says so."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dialogs import MessageDialog
from game.romi import rules
from saves import games as saved_games
from saves import romi_stats
from tests.scenes.helpers import key, make_app, open_table, top_dialog

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app(parlour_home):
    a = make_app(animation="off")
    yield a
    a.close()


def ask_to_load(app, name: str) -> MessageDialog:
    key(app, pygame.K_o, CTRL)
    top_dialog(app).field.set(name)
    key(app, pygame.K_RETURN)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog)
    return dlg


def test_a_save_of_the_romi_game_in_progress_goes_on_and_nothing_is_counted_as_left(app):
    scene = open_table(app, "romi", seed=2)
    scene.play(rules.Draw())  # the player's first move: leaving now counts
    app.settle()
    saved_games.save_game("romi", "Romi", "mine", scene.save_data())
    dlg = ask_to_load(app, "mine")
    assert "This is a save of the game you are playing" in dlg.message
    assert "counts as a loss" not in dlg.message
    dlg.close("Load")
    app.settle()
    assert scene.game_id not in romi_stats.load()[0].counted  # not left: it counts when it ends
    assert "counts as a loss" in scene.abandon_words()  # and it is still the player's game under way


def test_a_save_of_a_counted_romi_game_says_it_will_not_count_again(app):
    scene = open_table(app, "romi", seed=2)
    scene.play(rules.Draw())
    app.settle()
    data = scene.save_data()
    saved_games.save_game("romi", "Romi", "mine", data)
    scene.new_game()  # leaves it: counted as a loss
    app.settle()
    assert data["extra"]["game_id"] in romi_stats.load()[0].counted
    scene.play(rules.Draw())
    app.settle()
    dlg = ask_to_load(app, "mine")
    assert "That game was counted already" in dlg.message and "counts as a loss" in dlg.message
