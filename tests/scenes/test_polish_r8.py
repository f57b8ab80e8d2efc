"""Round 8 polish: the questions that leave a game start on the safe answer, on every table."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dialogs import MessageDialog
from game.engine.savedgames import SavedGamesDialog
from tests.scenes.helpers import key, make_app, open_table, top_dialog
from tests.scenes.test_rc_saved_games import save_as

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def under_way(app, game: str):
    """A table with a move of the player's on it (a game that a question would leave)."""
    scene = open_table(app, game, seed=4)
    scene.play(next(iter(scene.rules.legal_moves(scene.state))))
    app.settle()
    assert scene.in_progress()
    return scene


def enter_keeps_playing(app, scene, title: str) -> None:
    """The question is up with the focus on Keep playing, and Enter keeps the game as it was."""
    moves, seed = list(scene.history.moves), scene.seed
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and dlg.title == title, dlg
    assert "counts as a loss" in dlg.message or "will be lost" in dlg.message, dlg.message
    assert dlg.buttons[dlg.focused].label == "Keep playing", dlg.labels
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.seed == seed and list(scene.history.moves) == moves


@pytest.mark.parametrize("game", ["acesup", "thieves", "court", "romi"])
@pytest.mark.parametrize("combo, title", [(pygame.K_n, "New game"), (pygame.K_r, "Restart")])
def test_a_question_that_leaves_a_game_starts_on_keep_playing(app, game, combo, title):
    """Aces Up's and Forty Thieves' New and Restart ('… counts as a loss') started on the leaving button, so
    Enter out of habit lost the game; Court's and ACME's started on Keep playing. Every table now does."""
    scene = under_way(app, game)
    key(app, combo, CTRL)
    enter_keeps_playing(app, scene, title)


@pytest.mark.parametrize("game", ["acesup", "thieves", "romi"])
def test_loading_over_a_game_starts_on_keep_playing(app, game):
    scene = under_way(app, game)
    save_as(app, scene, "kept")
    assert app.stack.top is scene
    key(app, pygame.K_o, CTRL)
    assert isinstance(app.stack.top, SavedGamesDialog)
    key(app, pygame.K_RETURN)  # the saved game chosen: Load asks first
    enter_keeps_playing(app, scene, "Load")


def test_romis_demonstration_over_a_game_says_it_counts_and_starts_on_keep_playing(app):
    """Romi's Demonstration left the game (counted as a loss) unannounced, with the focus on yes."""
    scene = under_way(app, "romi")
    key(app, pygame.K_e, CTRL)
    enter_keeps_playing(app, scene, "Demonstration")
    assert not scene.demo
