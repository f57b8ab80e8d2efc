"""Dev tool: screenshots of the keyboard focus ring on every table, driven by posted key presses only.

    python tools/focus_shots.py OUTDIR [--size WxH]

Writes focus-GAME.png (the ring on a place, its words on the status line) and focus-GAME-held.png where the
game has drags (cards lifted with Space and carried by the arrows).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from tests.scenes.helpers import key, make_app, open_table  # noqa: E402


def main(out: Path, size: tuple[int, int]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("PARLOUR_HOME", str(out / "home"))
    app = make_app(size=size, animation="off")
    for game, moves, held in (
        ("acesup", [pygame.K_RIGHT, pygame.K_RIGHT], True),
        ("thieves", [pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT], True),
        ("acme", [pygame.K_RIGHT] * 4, False),
        ("court", [pygame.K_TAB, pygame.K_RIGHT, pygame.K_RIGHT], False),
        ("romi", [pygame.K_RIGHT, pygame.K_RIGHT], True),
    ):
        scene = open_table(app, game, seed=3)
        app.settle(max_seconds=20)
        for k in moves:
            key(app, k)
        pygame.image.save(app.window, str(out / f"focus-{game}.png"))
        if held:
            key(app, pygame.K_SPACE)
            key(app, pygame.K_UP if game == "romi" else pygame.K_RIGHT)
            pygame.image.save(app.window, str(out / f"focus-{game}-held.png"))
            key(app, pygame.K_ESCAPE)
        print(game, "->", scene.status.message)


if __name__ == "__main__":
    size = (1280, 800)
    if "--size" in sys.argv:
        w, h = sys.argv[sys.argv.index("--size") + 1].split("x")
        size = (int(w), int(h))
    main(Path(sys.argv[1]), size)
