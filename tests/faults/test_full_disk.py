"""Play every game in a read-only data folder and in a full one (a small tmpfs).

Nothing may crash: the start says the folder cannot keep anything, changed settings say once
that they are not saved, Save… says it could not save, closing with a game in progress says it
was not kept — and play goes on after each.  Needs a tmpfs (root, or a container that allows
mounting); otherwise skipped with the reason.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import pygame
import pytest

from game.engine.dialogs import FileDialog, MessageDialog
from tests.scenes.helpers import click, key, make_app, open_table

pytestmark = pytest.mark.faults

GAMES = ("acesup", "thieves", "acme", "court", "romi")
CTRL = pygame.KMOD_CTRL


def _mount(size: str) -> Path:
    where = Path(tempfile.mkdtemp(prefix="parlour-tmpfs-"))
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                              capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError) as exc:
        done = None
        reason = str(exc)
    else:
        reason = done.stderr.strip() or f"mount exited {done.returncode}"
    if done is None or done.returncode != 0:
        where.rmdir()
        msg = f"cannot mount a small tmpfs here ({reason}); read-only and full data folders not tried"
        print(msg)
        pytest.skip(msg)
    return where


def _umount(where: Path) -> None:
    subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=20)
    try:
        where.rmdir()
    except OSError:
        pass


@pytest.fixture(params=["read-only", "full"])
def bad_home(request, monkeypatch):
    where = _mount("128k")
    try:
        home = where / "Parlour"
        home.mkdir()
        if request.param == "full":
            with open(where / "filler", "wb", buffering=0) as fh:
                try:
                    while True:
                        fh.write(b"\0" * 4096)
                except OSError:
                    pass  # full
        else:
            subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True, capture_output=True, timeout=20)
        monkeypatch.setenv("PARLOUR_HOME", str(home))
        yield request.param, home
    finally:
        _umount(where)


def _a_move(scene) -> None:
    """One move for the player (computers first, as the table would)."""
    if hasattr(scene, "computer"):
        scene.computer.finish_now()
    if scene.game == "romi":
        scene.play(scene.rules.Draw())
    else:
        scene.play(next(iter(scene.rules.legal_moves(scene.state))))
    scene.app.settle()


def menu_click(app, scene, title: str, label: str) -> None:
    """Open a menu with a click on its title, then click the item (as a player would)."""
    bar = scene.menubar
    i = next(n for n, m in enumerate(bar.menus) if m.title == title)
    click(app, bar.title_rects[i].center)
    drop = bar._drop_rect(i)
    y = drop.y + 4
    for it in bar.menus[i].items:
        h = 8 if it.separator else bar.ITEM_H
        if it.label == label:
            click(app, (drop.x + 30, y + h // 2))
            return
        y += h
    raise AssertionError(f"no {label} in {title}")


def _dismiss(app, scene) -> str:
    """Read and close the message boxes on the table (at least one); their texts."""
    texts = []
    while app.stack.top is not scene:
        box = app.stack.top
        assert isinstance(box, MessageDialog), f"no message shown (top: {type(box).__name__})"
        texts.append(box.message)
        key(app, pygame.K_RETURN)
    assert texts, "no message shown"
    return " | ".join(texts)


def test_play_goes_on_with_a_visible_message(bad_home):
    kind, home = bad_home
    from game.engine.app import start_up_checks

    told = start_up_checks()
    assert told and "data folder cannot be used" in told[0], told
    for game in GAMES:
        app = make_app(animation="off")
        app.running = True
        try:
            scene = open_table(app, game, seed=11)
            if game == "acme" and app.stack.top is not scene:  # the player's name (none kept yet)
                app.stack.top.field.set("Ann")
                key(app, pygame.K_RETURN)
            if isinstance(app.stack.top, MessageDialog):  # a record file that could not be written
                _dismiss(app, scene)
            _a_move(scene)
            menu_click(app, scene, "Options", "Sound")  # sound off: a setting to keep
            assert "could not be saved" in _dismiss(app, scene)
            menu_click(app, scene, "Options", "Sound")  # said once only
            assert app.stack.top is scene
            key(app, pygame.K_s, CTRL)
            assert isinstance(app.stack.top, FileDialog)
            app.stack.top.field.set("mine")
            key(app, pygame.K_RETURN)
            assert app.stack.top.title == "Could not save"
            _dismiss(app, scene)
            _a_move(scene)
            if scene.in_progress():
                pygame.event.post(pygame.event.Event(pygame.QUIT))
                app.pump()
                assert app.running, f"{game}: closed without saying the game was not kept"
                assert "could not be kept" in _dismiss(app, scene)
                _a_move(scene)  # play goes on
                pygame.event.post(pygame.event.Event(pygame.QUIT))
                app.pump()
                assert not app.running
        finally:
            app.close()
    assert not [p for p in home.rglob("*.tmp")], "a failed save left a temporary file"
    assert kind in ("read-only", "full") and os.path.isdir(home)
