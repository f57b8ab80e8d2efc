"""Round 13, by ear: three games opened by `main.py GAME` left the main menu saying "ACME, played last".
A game opened from the command line is the game played last, as one opened from its tile."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_game_opened_from_the_command_line_is_the_one_played_last(tmp_path):
    home = tmp_path / "home"
    env = {**os.environ, "PARLOUR_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PARLOUR_EXIT_AFTER_FIRST_FRAME": "1"}
    for game in ("acme", "thieves"):
        done = subprocess.run([sys.executable, "main.py", game], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr[-800:]
        settings = json.loads((home / "settings.json").read_text())
        assert json.dumps(settings).count(f'"last_game": "{game}"') == 1, settings
