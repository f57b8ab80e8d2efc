"""Start-up as players get it: a real X11 window, with no environment variable of ours.

SDL by default presents a software-drawn window on X11 through an OpenGL texture; without a GPU driver
(Mesa's llvmpipe: VMs, remote desktops, Xvfb) that held 139 MB at the main menu and made 1920x1080 frames'
p99 30-60 ms.  The program now asks for X11's own framebuffer itself (game/engine/app.py), unless the user
says otherwise, and sleeps on the window's X11 socket when nothing moves (game/engine/idlewait.py).  These
tests start ``python main.py`` under Xvfb the way tools/measure_startup.py --mapped does and check the
main menu's memory and idle CPU against the README's goals.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from game.engine.app import FRAMEBUFFER_HINT, software_framebuffer
from tools import measure_startup

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("environ", "driver", "platform", "expected"), [
    ({}, "x11", "linux", True),
    ({FRAMEBUFFER_HINT: "1"}, "x11", "linux", False),  # the user's choice stands
    ({FRAMEBUFFER_HINT: "0"}, "x11", "linux", False),  # already set: nothing to do
    ({}, "wayland", "linux", False),  # no X11 framebuffer: the hint would stop set_mode
    ({}, "kmsdrm", "linux", False),
    ({}, "dummy", "linux", False),
    ({}, "cocoa", "darwin", False),  # Cocoa has no software framebuffer in SDL 2
    ({}, "windows", "win32", False),  # GDI is SDL's default there already
])
def test_software_framebuffer_only_where_x11_draws(environ, driver, platform, expected):
    assert software_framebuffer(environ, driver, platform) is expected


@pytest.fixture(scope="module")
def main_menu_at_rest() -> dict:
    """One launch of ``python main.py`` on a private Xvfb: mapped, 2 s at rest, then 4 s of idle CPU."""
    if shutil.which("Xvfb") is None:
        pytest.fail("needs Xvfb (apt-get install xvfb), as .ci/run installs")
    with measure_startup.xvfb_display() as display:
        watcher = measure_startup.MapWatcher(display)
        try:
            env = measure_startup.base_env(display)
            assert FRAMEBUFFER_HINT not in env and "SDL_VIDEODRIVER" not in env
            env.pop("PARLOUR_SOLVER_PROCESS", None)
            result = measure_startup.mapped_once([sys.executable, str(ROOT / "main.py")], env, watcher,
                                                 settle=2.0, idle=4.0)
        finally:
            watcher.close()
    assert "error" not in result, result
    return result


def test_main_menu_holds_under_60_mib(main_menu_at_rest):
    assert main_menu_at_rest["rss_mib"] < 60, f"{main_menu_at_rest['rss_mib']:.1f} MiB at the main menu"


def test_main_menu_at_rest_uses_at_most_0_2_percent_of_a_core(main_menu_at_rest):
    assert main_menu_at_rest["idle_cpu_pct"] <= 0.2, f"{main_menu_at_rest['idle_cpu_pct']:.2f}% of a core at rest"


def test_a_finished_job_wakes_a_sleeping_loop():
    """Work done in another thread posts its event and nudges the wait, which would otherwise sleep on."""
    import threading
    import time

    from game.engine import idlewait

    read, write = os.pipe()
    try:
        wait = idlewait.IdleWait()
        wait.fd = read  # stands in for the X11 socket: nothing will ever arrive on it
        threading.Timer(0.05, idlewait.nudge).start()
        t0 = time.perf_counter()
        wait.sleep(idlewait.MAX_SLEEP_S)
        assert time.perf_counter() - t0 < 0.5 * idlewait.MAX_SLEEP_S
    finally:
        os.close(read)
        os.close(write)


def test_the_window_opens_before_the_menu_and_tables_load(tmp_path):
    """``parlour`` maps its window before importing the menu and the games (25-30 ms of CPU): the player
    sees the window that much sooner, and the first frame follows."""
    import subprocess

    probe = """
import sys
import main
from game.engine import app
opened = app.App.__init__
def spy(self, *args, **kwargs):
    opened(self, *args, **kwargs)
    late = sorted(m for m in sys.modules if m.startswith(("game.mainmenu", "game.acesup")))
    print("loaded when the window opened:", late)
app.App.__init__ = spy
sys.exit(main.main([]))
"""
    env = dict(os.environ, PARLOUR_EXIT_AFTER_FIRST_FRAME="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    res = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "loaded when the window opened: []" in res.stdout, res.stdout
