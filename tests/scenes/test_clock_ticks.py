"""The status line's clock ticks while the player sits still (round 10, fresh player: 'Time 0:26' stood
still until the next input). The loop sleeps when nothing moves and wakes at each whole second a running
clock shows; it must then draw. Run with a fake clock and a fake sleep: no timed assertion."""

from __future__ import annotations

import time

import pytest

from tests.scenes.helpers import click, make_app, open_table


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def open_quiet(app, game: str):
    """The table with its "still winnable?" light off: a light still solving wakes the loop four times a second
    for its own cue (as it should), which would be counted here as the clock's frames."""
    scene = open_table(app, game, seed=3)
    scene.winnable.watch.enabled = False
    return scene


def idle_frames(app, monkeypatch, seconds: float) -> int:
    """Frames the real loop (App.run) draws over ``seconds`` of fake time with no input."""
    now = [time.perf_counter()]
    monkeypatch.setattr(time, "perf_counter", lambda: now[0])

    def sleep(s: float) -> None:
        now[0] += max(s, 1e-4)
        if now[0] >= end:
            app.running = False
    end = now[0] + seconds
    monkeypatch.setattr(app._idle, "sleep", sleep)
    monkeypatch.setattr(time, "sleep", sleep)
    run_until = app.stack.top

    real_step = app.step

    def step(dt: float) -> None:
        real_step(dt)
        if now[0] >= end:
            app.running = False
    monkeypatch.setattr(app, "step", step)
    before = app.frames_drawn
    app.run()
    assert app.stack.top is run_until
    return app.frames_drawn - before


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_a_running_clock_is_redrawn_each_second_while_the_player_sits_still(app, monkeypatch, game):
    scene = open_quiet(app, game)
    click(app, scene.stock_rect.center)
    assert scene.clock.running
    frames = idle_frames(app, monkeypatch, 10.0)
    assert 9 <= frames <= 13  # once a second (and the first frame), not a frame rate


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_a_clock_not_running_wakes_nothing(app, monkeypatch, game):
    scene = open_quiet(app, game)
    assert not scene.clock.running  # no move yet: the clock has not started
    assert idle_frames(app, monkeypatch, 10.0) <= 1


def test_a_hidden_clock_wakes_nothing(app, monkeypatch):
    scene = open_quiet(app, "acesup")
    click(app, scene.stock_rect.center)
    scene.toggle_clock()
    assert scene.clock.running and not scene.show_clock()
    assert idle_frames(app, monkeypatch, 10.0) <= 1


def test_a_minimised_window_wakes_nothing(app, monkeypatch):
    import pygame

    scene = open_quiet(app, "thieves")
    click(app, scene.stock_rect.center)
    assert scene.clock.running and scene.next_wakeup() is not None
    monkeypatch.setattr(pygame.display, "get_active", lambda: False)  # SDL: minimised or hidden
    assert scene.next_wakeup() is None
    assert idle_frames(app, monkeypatch, 10.0) <= 1
