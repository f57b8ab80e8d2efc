"""Dev script: screenshots of the Romi table in a few situations (for polishing).

    python tools/romi_screens.py /tmp/romi
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.romi import rules  # noqa: E402
from game.romi.players import choose_move  # noqa: E402
from tests.scenes.helpers import make_app, open_table  # noqa: E402


def midgame(seed: int, turns: int) -> rules.State:
    s = rules.new_game(seed)
    for _ in range(turns):
        if rules.is_over(s):
            break
        nxt = rules.apply(s, choose_move(rules.observe(s, s.turn), "expert", random.Random(1)))
        if rules.is_over(nxt):
            break
        s = nxt
    return s


def main(out: str) -> None:
    os.environ.setdefault("PARLOUR_HOME", "/tmp/romi-screens-home")
    app = make_app(animation="off")
    scene = open_table(app, "romi", seed=5)
    pygame.image.save(app.window, f"{out}-deal.png")
    state = midgame(12, 40)
    if state.turn != 0:
        state = rules.apply(state, rules.Draw())
    scene.start_game(state, 12)
    app.settle()
    pygame.image.save(app.window, f"{out}-midgame.png")
    # an invalid table refused: two palette cards laid as a group of two
    pal = scene.board.palette[:2]
    scene.board.place(pal[:1], 5, 2)
    scene.relayout(animate=False)
    scene.end_turn()
    app.settle()
    pygame.image.save(app.window, f"{out}-refused.png")
    scene.restore_board()
    from saves import romi_stats

    romi_stats.record_game(0, (42, 0))
    romi_stats.record_game(1, (0, 17))
    scene.stats, _ = romi_stats.load()
    scene.show_statistics()
    app.settle()
    pygame.image.save(app.window, f"{out}-stats.png")
    app.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/romi")
