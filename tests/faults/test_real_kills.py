"""Real Parlour processes killed with SIGKILL at random moments of real play: nothing but the move in
flight is lost.

Each game is played by `tests/faults/player.py` inside the real program (python main.py GAME), which
reports every move once it is on disk.  The process is killed at a random moment; the kept game must
then hold at least every move reported, replay through the rules, and the next start (which answers
"Resume it?" with Resume and plays on) continues from it.  Ten kills per game, fifty in all; after the
last, a real start shows the "Resume it?" question for the game.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import pytest

from game import registry
from saves import settings as settings_mod
from tests.faults.procs import ROOT, Window, kept_moves

pytestmark = pytest.mark.faults

GAMES = ("acesup", "thieves", "court", "romi", "acme")
KILLS_PER_GAME = 10


@pytest.mark.parametrize("game", GAMES)
def test_sigkill_at_random_moments_of_play_loses_at_most_the_move_in_flight(game, parlour_home, tmp_path):
    rng = random.Random(f"real-kills-{game}")
    settings_mod.save(settings_mod.Settings(computer="fast"))  # a player's own choice: more moves per second
    longest = 0
    for n in range(KILLS_PER_GAME):
        before = kept_moves(game)
        win = Window(parlour_home, game, "--seed", str(n), "--pause", "0,0.08")
        assert win.wait_for(lambda w: w.ready, 30), f"{game}: the table never came up ({win.stderr})"
        win.wait_for(lambda w, before=before: w.moves and w.moves != before, 20)  # playing (a start is not play)
        time.sleep(rng.uniform(0.0, 0.8))
        win.kill()
        reported = win.moves
        kept = kept_moves(game)  # replays through the rules: a whole, legal game
        assert kept[:len(reported)] == reported, (
            f"{game}, kill {n + 1}: the kept game lost moves that were done ({len(kept)} kept, "
            f"{len(reported)} reported)")
        if reported[:len(before)] == before and before:
            assert kept[:len(before)] == before, f"{game}: a resumed game went back"
        longest = max(longest, len(kept))
    assert longest >= 3, f"{game}: the kills never caught a game with moves in it"
    if kept_moves(game):  # the next start offers it
        out = tmp_path / "probe.json"
        subprocess.run([sys.executable, str(ROOT / "tests" / "faults" / "probe.py"), str(out), game], cwd=ROOT,
                       env={**__import__("os").environ, "PARLOUR_EXIT_AFTER_FIRST_FRAME": "1"}, timeout=60,
                       check=True)
        seen = json.loads(out.read_text())["seen"]
        title = registry.get(game).title
        assert any(f"You left a game of {title} unfinished" in s for s in seen), seen
