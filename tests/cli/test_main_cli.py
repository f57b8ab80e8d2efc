"""End-to-end runs of main.py as a player or a tool would start it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, home: Path, timeout: int = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, PARLOUR_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          env=env, timeout=timeout, cwd=ROOT)


@pytest.mark.parametrize("argv, words", [
    (["nonsense"], "unknown game or command"),
    (["simulate"], "required"),
    (["simulate", "acesup", "--games", "zero"], "not a whole number"),
    (["simulate", "acesup", "--games", "0"], "at least 1"),
    (["simulate", "acesup", "--variation", "spider"], "variation"),
    (["simulate", "acesup", "--jokers", "2"], "only for thieves"),
    (["screenshot", "acesup", "--seed", "1"], "required"),
    (["screenshot", "acesup", "--seed", "1", "--out", "x.png", "--size", "big"], "size"),
    (["acesup", "extra"], "unexpected argument"),
    (["solve", "acme", "--seed", "1"], "no solver"),
])
def test_wrong_command_line_is_one_line_and_status_2(argv, words, tmp_path):
    res = run(*argv, home=tmp_path)
    assert res.returncode == 2
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    assert words in lines[0]
    assert "Traceback" not in res.stderr


def test_screenshot_writes_the_table(tmp_path):
    out = tmp_path / "shot.png"
    res = run("screenshot", "acesup", "--seed", "4", "--out", str(out), "--size", "1024x700", home=tmp_path)
    assert res.returncode == 0, res.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 700)
    # the felt is green and cards are white somewhere on it
    assert img.get_at((500, 600))[1] > img.get_at((500, 600))[0]
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1024, 16) for y in range(0, 700, 16)}
    assert any(c[0] > 240 and c[1] > 240 and c[2] > 240 for c in colours)


def test_simulate_acesup_prints_the_convention_json(tmp_path):
    res = run("simulate", "acesup", "--games", "20", "--seed", "3", home=tmp_path)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["game"] == "acesup" and data["games"] == 20 and data["seed"] == 3
    (player,) = data["players"]
    assert player["wins"] + player["losses"] + player.get("draws", 0) == 20
    assert {"move_ms_p50", "move_ms_p99", "options"} <= data.keys()
    again = json.loads(run("simulate", "acesup", "--games", "20", "--seed", "3", home=tmp_path).stdout)
    assert again["players"] == data["players"]  # same seed, same games


def test_bench_reports_every_playable_table(tmp_path):
    res = run("bench", "--frames", "20", home=tmp_path)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    for situation in ("idle", "drag", "animation"):
        row = data["acesup"][situation]
        assert row["frames"] == 20 and 0 < row["p50_ms"] <= row["p99_ms"]


def test_solve_prints_answer(tmp_path):
    res = run("solve", "acesup", "--seed", "1", "--variation", "firing_squad", "--nodes", "100000", home=tmp_path)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["winnable"] in (True, False, None) and data["nodes"] > 0 and data["ms"] >= 0
