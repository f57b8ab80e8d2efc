"""Every way a real Parlour can end abruptly keeps the game in progress, and never leaves a solver behind.

SIGHUP (the terminal closed), SIGINT (Ctrl+C) and SIGQUIT (Ctrl+\\) close the window as SIGTERM and the
close box do: exit status 0, no traceback, the game kept.  The display server killed under a running
game (Xvfb) ends the program, with the game kept to its last move.  A solver process that someone
stopped does not hold up exit, and a solver whose parent is killed ends by itself.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time

import pytest

from tests.faults.procs import Window, alive, gone_within, kept_moves

pytestmark = pytest.mark.faults


def _playing(home, game="acesup", *args, env=None) -> Window:
    win = Window(home, game, "--pause", "0.02,0.1", *args, env=env)
    assert win.wait_for(lambda w: len(w.moves) >= 3, 40), f"no moves were played ({win.stderr[-2000:]})"
    return win


@pytest.mark.parametrize("name", ["SIGHUP", "SIGINT", "SIGQUIT", "SIGTERM"])
def test_a_signal_closes_like_the_close_box_and_keeps_the_game(name, parlour_home):
    win = _playing(parlour_home, "thieves")
    win.signal(getattr(signal, name))
    code = win.finish(20)
    assert code == 0, f"{name}: exit status {code}\n{win.stderr[-2000:]}"
    assert "Traceback" not in win.stderr, win.stderr
    assert any("exit" in line for line in win.lines), f"{name}: the program did not end its own way"
    kept = kept_moves("thieves")
    assert kept and kept[:len(win.moves)] == win.moves


def test_a_stopped_solver_does_not_hold_up_exit(parlour_home):
    win = _playing(parlour_home, "acesup", env={"PARLOUR_SOLVER_PROCESS": "1"})
    assert win.wait_for(lambda w: w.solver, 20), "the solver process never started"
    solver = win.solver
    os.kill(solver, signal.SIGSTOP)
    try:
        time.sleep(0.5)  # the light asks the stopped solver about the newest positions
        t0 = time.monotonic()
        win.signal(signal.SIGTERM)
        code = win.finish(15)
        took = time.monotonic() - t0
        assert code == 0, win.stderr[-2000:]
        assert took < 4.0, f"exit waited {took:.1f} s for a stopped solver"
        assert gone_within(solver, 3), "the stopped solver was left behind"
    finally:
        if alive(solver):
            os.kill(solver, signal.SIGKILL)


def test_a_solver_ends_by_itself_when_its_parent_is_killed(parlour_home):
    win = _playing(parlour_home, "thieves", env={"PARLOUR_SOLVER_PROCESS": "1"})
    assert win.wait_for(lambda w: w.solver, 20), "the solver process never started"
    solver = win.solver
    try:
        win.kill()
        assert gone_within(solver, 5), "the solver outlived its parent (orphaned under PID 1)"
    finally:
        if alive(solver):
            os.kill(solver, signal.SIGKILL)


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb (installed by .ci/run)")
def test_the_display_server_dying_under_a_game_keeps_it(parlour_home):
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    try:
        with os.fdopen(r) as fh:
            display = fh.readline().strip()
        assert display, "Xvfb did not start"
        win = _playing(parlour_home, "acesup", env={"SDL_VIDEODRIVER": "x11", "DISPLAY": f":{display}",
                                                    "SDL_FRAMEBUFFER_ACCELERATION": "0",
                                                    "PARLOUR_SOLVER_PROCESS": "1"})
        win.wait_for(lambda w: w.solver, 20)
        solver = win.solver
        xvfb.kill()
        xvfb.wait(10)
        win.finish(20)
        kept = kept_moves("acesup")
        assert kept and kept[:len(win.moves)] == win.moves, "the game was lost with the display"
        if solver is not None:
            assert gone_within(solver, 5), "the solver outlived the program"
    finally:
        if xvfb.poll() is None:
            xvfb.kill()
            xvfb.wait(10)
