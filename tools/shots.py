"""Dev tool: screenshots of situations a single `main.py screenshot` cannot reach.

    python tools/shots.py OUTDIR

Writes menu.png, acesup-mid.png, acesup-drag.png, acesup-save.png, acesup-win.png,
acesup-hint.png, backs.png — each made by driving the real scenes with posted events.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.acesup import players, rules  # noqa: E402
from game.cards import full_pack  # noqa: E402
from game.engine.common import CardBackDialog  # noqa: E402
from game.mainmenu import MainMenu  # noqa: E402
from tests.scenes.helpers import center_of, key, make_app, open_table  # noqa: E402


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("PARLOUR_HOME", str(out / "home"))
    app = make_app()
    save = lambda name: pygame.image.save(app.window, str(out / name))  # noqa: E731
    app.replace(MainMenu(app))
    app.settle()
    save("menu.png")

    scene = open_table(app, "acesup", seed=12)
    rng = random.Random(3)
    for _ in range(14):
        if scene.is_over():
            break
        scene.play(players.choose_move(scene.state, rng))
    app.settle()
    save("acesup-mid.png")

    scene.hint()
    app.settle()
    save("acesup-hint.png")
    scene.clear_highlights()

    tops = [p[-1] for p in scene.state.piles if p]
    start = center_of(scene, tops[0])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.pump()
    for i in range(1, 6):
        pos = (start[0] + 40 * i, start[1] + 50 * i)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(40, 50), buttons=(1, 0, 0)))
        app.pump()
    save("acesup-drag.png")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.settle()

    scene.save_dialog()
    app.settle()
    app.stack.top.field.set("Sunday game")
    app.pump()
    save("acesup-save.png")
    key(app, pygame.K_ESCAPE)

    removed = tuple(c for c in full_pack() if c not in ("AS", "AH", "AC", "AD", "2D"))
    scene.start_game(rules.State(piles=(("AS",), ("AH",), ("AC", "AD"), ("2D",)), stock=(), removed=removed,
                                 score=30), 9)
    app.settle()
    scene.on_click(scene.table.sprites["2D"], center_of(scene, "2D"))
    app.settle()
    save("acesup-win.png")
    key(app, pygame.K_ESCAPE)

    app.push(CardBackDialog(app))
    app.settle()
    save("backs.png")
    key(app, pygame.K_ESCAPE)

    scene.show_statistics()
    app.settle()
    save("acesup-stats.png")
    key(app, pygame.K_ESCAPE)

    scene.show_help()
    app.settle()
    save("acesup-help.png")
    key(app, pygame.K_ESCAPE)

    click_menu = scene.menubar.title_rects[0].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_menu, button=1))
    app.settle()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(60, 150), rel=(0, 0), buttons=(0, 0, 0)))
    app.settle()
    save("acesup-menu.png")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots"))
