"""Issue 24: ACME never deals by itself.  The real ``main.py acme`` starts with a data folder where a round
was exited (the player demoted, nothing kept) and must show no card until Deal (F2); on the very first
start the Player question has no round behind it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(home: Path, keys: str, tmp: Path) -> dict:
    env = {**os.environ, "PARLOUR_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("PARLOUR_EXIT_AFTER_FIRST_FRAME", None)
    out = tmp / "notes.json"
    done = subprocess.run([sys.executable, "tests/cli/acme_probe.py", str(out), keys, "acme"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-800:]
    assert "Traceback" not in done.stderr, done.stderr[-800:]
    return json.loads(out.read_text())


def _exited_round_home(home: Path) -> None:
    """The data folder a player leaves after Exit in the middle of a round: demoted, no kept game."""
    code = ("import sys; sys.path.insert(0, '.');"
            "from saves import acme_profiles as AP;"
            "b = AP.ProfileBook(); p = b.select('Ann', seed=3); AP.leave_round(p);"
            "assert AP.save_profiles(b) is None")
    env = {**os.environ, "PARLOUR_HOME": str(home)}
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, timeout=60)
    assert not (home / "resume" / "acme.json").exists()


def test_after_exit_nothing_is_dealt_until_f2(tmp_path):
    home = tmp_path / "home"
    _exited_round_home(home)
    notes = _run(home, "f2", tmp_path)["notes"]
    before, after = notes
    assert before["dialog"] is None, before
    assert before["sprites"] == 0 and before["moves"] == 0 and before["awaiting"], before
    assert "Press Deal (F2)" in before["status"] and "Ann" in before["status"], before
    assert after["sprites"] >= 52 and not after["awaiting"], after


def test_first_start_asks_the_name_with_no_round_behind(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (note,) = _run(home, "", tmp_path)["notes"]
    assert note["dialog"] == "TextInputDialog", note
    assert note["sprites"] == 0 and note["moves"] == 0, note
    assert "select your two highest" not in note["status"], note
