"""Issue 14, real start-ups of main.py: a data folder that is a file, a named pipe for a file,
and SIGTERM (a logout) while the "Resume it?" question is open."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _env(home: Path, first_frame: bool = True) -> dict[str, str]:
    env = {**os.environ, "PARLOUR_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if first_frame:
        env["PARLOUR_EXIT_AFTER_FIRST_FRAME"] = "1"
    else:
        env.pop("PARLOUR_EXIT_AFTER_FIRST_FRAME", None)
    return env


@pytest.mark.parametrize("args", [[], ["acesup"]])
def test_parlour_home_naming_a_file_starts(tmp_path, args):
    home = tmp_path / "home"
    home.write_text("a file, not a folder")
    out = tmp_path / "seen.json"
    done = subprocess.run([sys.executable, "tests/faults/probe.py", str(out), *args], cwd=ROOT, env=_env(home),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-800:]
    assert "Traceback" not in done.stderr
    seen = " ".join(json.loads(out.read_text())["seen"])
    assert "data folder cannot be used" in seen and "is a file" in seen
    assert home.read_text() == "a file, not a folder"


def test_a_named_pipe_does_not_hang_start_up(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    os.mkfifo(home / "settings.json")
    done = subprocess.run([sys.executable, "main.py", "acesup"], cwd=ROOT, env=_env(home), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-800:]
    assert list(home.glob("settings.json.bad-*"))


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_until_idle(proc: subprocess.Popen, timeout: float = 90.0) -> None:
    """Wait until the program sits still (the question drawn, nothing moving): its CPU time stops growing."""
    start = time.monotonic()
    last = -1.0
    quiet = 0
    while time.monotonic() - start < timeout:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        now = _cpu_seconds(proc.pid)
        quiet = quiet + 1 if now > 0.2 and now - last < 0.03 else 0
        if quiet >= 4:
            return
        last = now
        time.sleep(0.25)
    raise AssertionError("the program never came to rest")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see the program at rest")
@pytest.mark.parametrize("game", ["acesup", "acme"])
def test_sigterm_while_the_resume_question_is_open_keeps_the_game(tmp_path, game):
    home = tmp_path / "home"
    home.mkdir()
    env = _env(home)
    # keep a game the way a player does: one move, then close (run in a child with the same code)
    script = (
        "import os, sys, pygame; sys.path.insert(0, '.');"
        "from tests.scenes.helpers import make_app, open_table;"
        "from saves import acme_profiles as AP;"
        "b = AP.load_profiles(); b.select('Ann'); AP.save_profiles(b);"
        f"app = make_app(); s = open_table(app, '{game}', seed=8);"
        "s.computer.finish_now() if s.game == 'acme' else None;"
        "s.play(next(iter(s.rules.legal_moves(s.state)))); app.settle();"
        # ACME: closing mid-round is Exit (nothing kept), so write the kept round as the table did before
        "from saves import games as G;"
        "G.write_resume('acme', 'ACME', s.save_data()) if s.game == 'acme' else "
        "(pygame.event.post(pygame.event.Event(pygame.QUIT)), app.pump())"
    )
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True, timeout=120, capture_output=True)
    kept = home / "resume" / f"{game}.json"
    before = kept.read_bytes()
    proc = subprocess.Popen([sys.executable, "main.py", game], cwd=ROOT, env=_env(home, first_frame=False),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_until_idle(proc)  # the question is on screen; in ACME no computer plays behind it
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    assert kept.read_bytes() == before
