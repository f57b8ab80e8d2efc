"""Issue 35 case 5: a wedged voice (one that ignores SIGTERM) and a hung ``spd-say -C``, as real processes.

A stand-in voice is put on PATH under the real engine's name: a small script that writes its pid to a log,
ignores SIGTERM and "speaks" far longer than the test lasts.  Parlour must never have more than one voice
alive, reap every one it stops, leave none behind at exit, and never let a hung helper hold the caller."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from game.engine import speech

_VOICE = """#!{python}
import os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a wedged audio backend
with open({log!r}, "a") as f:
    f.write(f"{{os.getpid()}} {{' '.join(sys.argv[1:])}}\\n")
time.sleep(60)
"""


def _stand_in(folder: Path, name: str, log: Path) -> None:
    path = folder / name
    path.write_text(_VOICE.format(python=sys.executable, log=str(log)))
    path.chmod(0o755)


def _pids(log: Path) -> list[int]:
    return [int(line.split()[0]) for line in log.read_text().splitlines()] if log.exists() else []


def _alive(pid: int) -> bool:
    """Running or an unreaped zombie: both are a process left behind."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_for(cond, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def test_a_voice_that_ignores_sigterm_is_killed_and_reaped_one_at_a_time(tmp_path, monkeypatch):
    bin_dir, log = tmp_path / "bin", tmp_path / "voice.log"
    bin_dir.mkdir()
    _stand_in(bin_dir, "espeak-ng", log)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    engine = speech.find_engine("linux")
    assert engine is not None and engine.name == "espeak-ng"
    speaker = speech.Speaker(True, engine=engine)
    most = 0
    try:
        for n in range(5):
            speaker.say(f"Move {n}.", interrupt=True)  # a key press cuts the voice each time
            assert _wait_for(lambda count=n + 1: len(_pids(log)) == count)
            most = max(most, sum(_alive(p) for p in _pids(log)))
        assert most == 1  # never more than one voice process alive
        assert [_alive(p) for p in _pids(log)[:-1]] == [False] * 4  # each stopped one was killed and reaped
    finally:
        speaker.close()
    assert not any(_alive(p) for p in _pids(log))  # and none is left at exit


def test_a_hung_spd_say_cancel_is_time_bound_and_left_behind_by_nothing(tmp_path, monkeypatch):
    bin_dir, log = tmp_path / "bin", tmp_path / "voice.log"
    bin_dir.mkdir()
    _stand_in(bin_dir, "spd-say", log)  # both the voice (-w) and the cancel (-C) hang, ignoring SIGTERM
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    engine = speech.find_engine("linux")
    assert engine is not None and engine.name == "speech-dispatcher"
    speaker = speech.Speaker(True, engine=engine)
    try:
        speaker.say("The first sentence.")
        assert _wait_for(lambda: len(_pids(log)) == 1)
        speaker.say("The second sentence.", interrupt=True)
        # the voice is stopped, the cancel started (and hangs): the worker goes on to the second sentence
        assert _wait_for(lambda: any("The second sentence." in line for line in log.read_text().splitlines()))
        assert any(line.split()[1:2] == ["-C"] for line in log.read_text().splitlines())
        assert sum(_alive(p) for p in _pids(log)) == 1
    finally:
        speaker.close()
    assert not any(_alive(p) for p in _pids(log))
