"""The window never gets smaller than the 800x600 every layout is tested at."""

from __future__ import annotations

import warnings

import pygame

from game.engine.app import MIN_SIZE
from tests.scenes.helpers import make_app, open_table


def test_the_minimum_window_is_800_by_600_and_the_window_manager_is_told():
    assert MIN_SIZE == (800, 600)
    app = make_app((640, 480))
    assert app.size == (800, 600)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert tuple(pygame.Window.from_display_module().minimum_size) == (800, 600)


def test_a_resize_below_the_minimum_is_held_at_the_minimum(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app((1280, 800))
    scene = open_table(app, "acesup", seed=3)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=560, size=(800, 560)))
    app.settle()
    assert app.size == (800, 600)
    assert scene.buttons[0].rect.bottom <= 600
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert tuple(pygame.Window.from_display_module().minimum_size) == (800, 600)
