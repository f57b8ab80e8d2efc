"""The solitaires while a winnable deal is looked for (issue 33): a key pressed meanwhile acts on the deal
when it arrives, and the status line never gives a verdict of its own against the light's."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.engine import solvewatch
from tests.scenes.helpers import key, make_app, open_table
from tests.scenes.test_rc_light import wait_for_deal


@pytest.fixture
def app():
    a = make_app(animation="fast")
    yield a
    a.close()


def held_search(monkeypatch):
    """The search waits for ``go``: the table is seen waiting, however quick the machine."""
    go = threading.Event()
    real = solvewatch.find_winnable_deal

    def held(*args, **kwargs):
        go.wait(10)
        return real(*args, **kwargs)
    monkeypatch.setattr(solvewatch, "find_winnable_deal", held)
    return go


def test_a_shortcut_pressed_while_a_deal_is_looked_for_acts_on_the_new_deal(app, monkeypatch):
    go = held_search(monkeypatch)
    scene = open_table(app, "acesup", seed=8)
    scene.winnable.toggle_only()
    key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)  # New game: a winnable deal is looked for
    app.pump()
    assert scene.waiting_for_deal()
    key(app, pygame.K_e, pygame.KMOD_CTRL, settle=False)  # Ctrl+E, the demo, before the deal is there
    app.pump()
    assert not scene.demo
    assert scene.status.message == "Looking for a winnable deal\u2026 Your key acts once it is dealt."
    old_seed = scene.seed
    go.set()
    scene.winnable.search_job.wait(30)
    for _ in range(3):  # the deal arrives, then the held key is handled (frames, not a whole demo game)
        app.pump()
    assert scene.seed != old_seed and not scene.waiting_for_deal()
    assert scene.demo, "the demo runs on the new deal"


def test_no_proof_in_time_leaves_the_verdict_to_the_light(app, monkeypatch):
    monkeypatch.setattr(solvewatch, "find_winnable_deal", lambda make_state, solve, first: (first, False))
    scene = open_table(app, "acesup", seed=8)
    scene.winnable.toggle_only()
    key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)
    wait_for_deal(app, scene)
    said = scene.status.message
    assert "may not be" not in said and "not winnable" not in said.lower()
    assert "the light tells whether it can be won" in said
