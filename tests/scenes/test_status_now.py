"""Issue 17, "the status describes now": Romi, Court and the solitaires, with real posted events.

Every test here failed on the code before this change (the integration base).
"""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.acesup import rules as acesup_rules
from game.cards import full_pack
from game.engine import theme
from game.engine.dialogs import MessageDialog
from tests.scenes.helpers import click, key, make_app, open_table

CTRL = pygame.KMOD_CTRL
GAMES = [g.name for g in registry.GAMES]


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every string drawn in one frame (the words a player sees)."""
    seen: list[str] = []
    real = theme.text

    def spy(surface, text, *args, **kwargs):
        seen.append(str(text))
        return real(surface, text, *args, **kwargs)
    monkeypatch.setattr(theme, "text", spy)
    app.pump()
    monkeypatch.setattr(theme, "text", real)
    return seen


# ------------------------------------------------------------------ Ctrl+M in every scene

@pytest.mark.parametrize("game", GAMES)
def test_ctrl_m_says_sound_off_and_on(app, game):
    scene = open_table(app, game, seed=2)
    app.sounds.muted = False
    key(app, pygame.K_m, CTRL)
    assert app.sounds.muted and scene.status.message == "Sound off."
    key(app, pygame.K_m, CTRL)
    assert not app.sounds.muted and scene.status.message == "Sound on."


# ------------------------------------------------------------------ Aces Up: one "not scored"

def test_acesup_undo_unscored_reads_the_same_on_status_panel_and_after_a_second_undo(app, monkeypatch):
    scene = open_table(app, "acesup", seed=3)
    click(app, scene.stock_rect.center)
    click(app, scene.stock_rect.center)
    key(app, pygame.K_z, CTRL)
    assert "not scored" in scene.status.message
    assert "(Not scored)" in scene.status_text()
    texts = drawn_texts(app, monkeypatch)
    assert "not scored" in texts
    assert str(scene.state.score) not in texts  # no real score in the panel for an unscored game
    key(app, pygame.K_z, CTRL)  # a second Undo: the old words "Undo: no longer scored" are replaced
    assert scene.status.message == "Move undone (this game is not scored)."


def test_acesup_end_box_of_an_unscored_game_shows_no_score(app):
    scene = open_table(app, "acesup", seed=3)
    last = ("2H", "3S", "4D", "5C")
    rest = [c for c in full_pack() if c not in last]
    piles = tuple(tuple(rest[i::4]) for i in range(4))
    state = acesup_rules.State(piles=piles, stock=last, score=7, scored=False)
    scene.start_game(state, 9)
    app.settle()
    click(app, scene.stock_rect.center)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == "No more moves"
    assert "Final score" not in dlg.message and "7" not in dlg.message
    assert "Not scored" in dlg.message


def test_acesup_running_demo_is_shown_with_a_stop_button(app, monkeypatch):
    scene = open_table(app, "acesup", seed=3)
    app.settings.computer = "normal"
    key(app, pygame.K_e, CTRL, settle=False)
    app.pump()
    app.pump()
    assert scene.demo
    texts = drawn_texts(app, monkeypatch)
    assert "Demo: the computer is playing" in texts and "Stop demo" in texts
    assert scene.stop_button.visible and not any(b.visible for b in scene.buttons)
    click(app, scene.stop_button.rect.center)
    assert not scene.demo
    assert not scene.stop_button.visible and all(b.visible for b in scene.buttons)
