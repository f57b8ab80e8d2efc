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


def test_a_remembered_window_larger_than_the_desktop_is_clamped_to_it(parlour_home):
    """settings.json saying 10000x10000 (hand-edited) cost 1.5 GB at start-up: the window fits the desktop."""
    import json

    from game.engine.app import App

    (parlour_home / "settings.json").write_text(json.dumps({"format": "parlour-settings", "version": 1,
                                                            "window": [10000, 10000]}))
    pygame.display.init()
    desk = max(w for w, _h in pygame.display.get_desktop_sizes()), max(h for _w, h in
                                                                       pygame.display.get_desktop_sizes())
    app = App()
    try:
        assert app.size[0] <= desk[0] and app.size[1] <= desk[1]
        assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
    finally:
        app.close()


def test_the_window_is_named_parlour_not_after_the_file_run(monkeypatch):
    """Issue 32: a taskbar showed "main.py": pygame names the window's class after sys.argv[0] unless told.
    The class (X11 WM_CLASS), the Wayland app id and SDL's app name are Parlour's, set before the display
    opens, and so is the title."""
    for var in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("sys.argv", ["main.py"])
    pygame.display.quit()
    app = make_app((800, 600))
    import os
    for var in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        assert os.environ.get(var) == "Parlour"
    # until speech has been on once the title bar also says how to reach it (issue 34, round 13)
    assert pygame.display.get_caption()[0] == "Parlour \u2014 press F12 for speech"
    app.close()
