"""Issue 32, round 12: every dialog pauses the table.  With Last trick (Ctrl+L) open in ACME the status line
moved on ("Bruno played a pair of fours") and a seat showed "thinking…" behind it.  Open over the computers'
turns, at the Normal computer speed with animations on, ten seconds of clock change nothing: no move, no new
status words, no "thinking…", the trick shown stays; closed, play goes on."""

from __future__ import annotations

import pygame
import pytest

from game.acme import rules
from game.engine import theme
from tests.scenes.helpers import key, make_app, top_dialog
from tests.scenes.test_fair_play_acme import round_under_way

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="normal", computer="normal")
    yield a
    a.close()


def drawn_words(monkeypatch) -> list[str]:
    words: list[str] = []
    real = theme.text

    def spy(surface, text, *a, **k):
        words.append(str(text))
        return real(surface, text, *a, **k)
    monkeypatch.setattr(theme, "text", spy)
    return words


@pytest.mark.parametrize("frames", [1, 12, 40, 70, "held"])  # cards flying, the computer's pause, a trick held
@pytest.mark.parametrize("shortcut", [pygame.K_l, pygame.K_g])  # Last trick, Round log
def test_an_acme_dialog_opened_during_the_computers_turns_stops_the_table(app, monkeypatch, shortcut, frames):
    scene = round_under_way(app, "Ida")
    while rules.current_player(scene.state) != 0:
        app.pump(1 / 30)
    move = next((m for m in rules.legal_moves(scene.state) if m.kind != "pass"), rules.legal_moves(scene.state)[0])
    scene.play(move)  # the cards fly; the computers are to act next
    if frames == "held":  # the computers play on until a finished trick is shown
        for _ in range(3000):
            app.pump(1 / 30)
            if scene.trick.holding and rules.current_player(scene.state) != 0:
                break
        assert scene.trick.holding
    else:
        for _ in range(frames):
            app.pump(1 / 30)
    key(app, shortcut, CTRL)
    dialog = top_dialog(app)
    assert dialog is not None and app.stack.top is not scene
    state, said, held = scene.state, scene.status.message, scene.trick.held
    words = drawn_words(monkeypatch)
    for _ in range(300):  # ten seconds of frames
        app.pump(1 / 30)
    assert scene.state is state and scene.status.message == said and scene.trick.held == held
    assert "thinking…" not in words
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    for _ in range(300):
        app.pump(1 / 30)
        if scene.state is not state:
            break
    assert scene.state is not state  # closed: the table plays on


@pytest.mark.parametrize("opening", [(pygame.K_l, CTRL), (pygame.K_g, CTRL), (pygame.K_F1, 0)])
def test_a_court_dialog_opened_during_the_computers_turn_stops_the_table(app, opening):
    """Court's Your discards (Ctrl+L), Round log (Ctrl+G) and Help (F1), opened as the computer is to draw."""
    from game.court import rules as court_rules
    from tests.scenes.helpers import click, open_table

    scene = open_table(app, "court", seed=4)
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    click(app, scene.deck_rect.center)
    click(app, scene.discard_btn.rect.center, settle=False)  # the second card of the pair goes the other way
    app.pump(1 / 30)
    assert court_rules.current_player(scene.state) == 1
    key(app, *opening)
    assert app.stack.top is not scene
    state, said = scene.state, scene.status.message
    for _ in range(300):
        app.pump(1 / 30)
    assert scene.state is state and scene.status.message == said
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    for _ in range(300):
        app.pump(1 / 30)
        if scene.state is not state:
            break
    assert scene.state is not state
