"""The one-file build's launcher killed outright (round 9, the release on Linux): the game, its child, went on
running with its window and the launcher's 28 MiB ``/tmp/_MEI…`` folder stayed behind.  No build here: a fake
frozen game (``sys.frozen``, ``sys._MEIPASS`` in the temp folder) under a real launcher process (``sh``, which
starts the game and waits for it, as PyInstaller's bootloader does)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from game.engine import launcher

ROOT = Path(__file__).resolve().parents[2]
#: the most a process is waited for (a wait that ends as soon as it can: no timing is asserted)
WAIT_S = 60.0

GAME = """
import os, signal, sys, time
sys.path.insert(0, {root!r})
sys.frozen = True
sys._MEIPASS = {folder!r}
sys.executable = {exe!r}  # the launcher's executable, as in the one-file build
from game.engine.launcher import follow_launcher

def close(signum, frame):  # what App.close_on_signals leads to: the game kept, a normal exit
    open({kept!r}, "w").write("kept")
    raise SystemExit(0)

signal.signal(signal.SIGTERM, close)
assert follow_launcher()
open({ready!r}, "w").write(str(os.getpid()))
while True:
    time.sleep(0.05)
"""


def wait_for(test, what: str) -> None:
    end = time.monotonic() + WAIT_S
    while not test():
        assert time.monotonic() < end, what
        time.sleep(0.05)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:  # a zombie waiting for a reaper has ended too
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except OSError:
        return True


@pytest.fixture
def game(tmp_path):
    """Start the fake frozen game under a ``sh`` launcher; yields (launcher, folder, kept, game pid)."""
    folder = tempfile.mkdtemp(prefix="_MEI", dir=tempfile.gettempdir())
    Path(folder, "base_library.zip").write_bytes(b"x" * 1000)
    kept, ready = tmp_path / "kept", tmp_path / "ready"
    script = tmp_path / "game.py"
    sh = os.path.realpath("/bin/sh")
    script.write_text(GAME.format(root=str(ROOT), folder=folder, exe=sh, kept=str(kept), ready=str(ready)))
    proc = subprocess.Popen([sh, "-c", f'"{sys.executable}" "{script}" & wait'], cwd=ROOT)
    pids: list[int] = []
    try:
        wait_for(lambda: ready.exists() and ready.read_text(), "the game started")
        pids.append(int(ready.read_text()))
        yield proc, folder, kept, pids[0]
    finally:
        for pid in pids:
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if os.path.exists(folder):
            import shutil

            shutil.rmtree(folder, ignore_errors=True)


def test_a_killed_launcher_ends_the_game_kept_and_its_folder_goes(game):
    proc, folder, kept, pid = game
    proc.send_signal(signal.SIGKILL)  # the launcher, outright: it can pass nothing on
    proc.wait()
    wait_for(lambda: gone(pid), "the game ended with its launcher")
    assert kept.read_text() == "kept"  # by SIGTERM, as a logout: the game in progress kept
    assert not os.path.exists(folder)


def test_a_game_ending_under_its_launcher_leaves_the_folder_to_it(game):
    proc, folder, kept, pid = game
    os.kill(pid, signal.SIGTERM)  # the game closes; the launcher is still there to delete its folder
    assert proc.wait(timeout=WAIT_S) == 0
    assert kept.read_text() == "kept"
    assert os.path.exists(folder)


def test_only_a_one_file_builds_temporary_folder_is_ever_deleted(monkeypatch, tmp_path):
    temp = tempfile.gettempdir()
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", os.path.join(temp, "_MEIabc123"), raising=False)
    assert launcher.unpacked_folder() is None  # not frozen: run from source
    assert launcher.follow_launcher(prctl=lambda *a: pytest.fail("prctl from source")) is False
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert launcher.unpacked_folder() == os.path.join(os.path.realpath(temp), "_MEIabc123")
    for other in (str(tmp_path / "dist" / "parlour" / "_internal"),  # a one-folder build
                  os.path.join(temp, "parlour"), os.path.join(temp, "_MEIx", "inner"), "/", ""):
        monkeypatch.setattr(sys, "_MEIPASS", other)
        assert launcher.unpacked_folder() is None, other
