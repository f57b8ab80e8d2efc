"""Issue 33, the solitaires' last minors: what a question that leaves a game says it counts as, the kept
game ("Resume it?") being the player's own, the status line's words after Save, driven by real events."""

from __future__ import annotations

import pygame
import pytest

from saves import games as saved_games
from saves import keptslots
from tests.scenes.helpers import click, key, make_app, open_table

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def run_demo(app, scene, frames: int = 40) -> None:
    for _ in range(frames):
        if scene.is_over():
            break
        app.pump()


@pytest.mark.parametrize("stopped", [False, True])
@pytest.mark.parametrize("player_first", [False, True])
def test_a_game_the_demo_played_is_not_kept_for_resume(app, stopped, player_first):
    """Closing the window during (or after) Aces Up's demo kept the demo's game, and the next start offered
    "Resume it?" (and the main menu's Resume badge) for a game the player never played: a resumed demo game
    then counted as the player's. The player's own game handed to the demo counted already (given up)."""
    scene = open_table(app, "acesup", seed=31)
    if player_first:
        click(app, scene.stock_rect.center)
        scene.keep_for_next_time()
        assert keptslots.kept("acesup"), "the player's own game is kept"
    key(app, pygame.K_e, CTRL, settle=False)  # the demo takes the table
    app.pump()
    assert scene.demo
    run_demo(app, scene)
    assert scene.history.moves and not scene.is_over()
    if stopped:
        key(app, pygame.K_ESCAPE)
        assert not scene.demo
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert not saved_games.resume_path("acesup").exists()
    assert keptslots.kept("acesup") == []
    again = open_table(app, "acesup", seed=99, resume=True)
    assert app.stack.top is again and not again.resume_pending  # no "Resume it?"
