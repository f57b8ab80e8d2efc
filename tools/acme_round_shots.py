"""Dev tool: record an ACME round as screenshots, one per computer play, to check each play is readable.

    python tools/acme_round_shots.py OUTDIR [--seed S] [--size WxH] [--speed normal]

Drives the real table with posted events (your seat plays the Baseline's choice by clicking its cards and
Play) at the Normal animation and computer speeds, and saves ``NNN-<who>-<play>.png`` the moment each
computer play has landed, plus ``NNN-held.png`` while a finished trick is still shown before it is
gathered.  Prints the list of files and, for each, whether every play of the trick was on the table.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.acme import layout, players, rules  # noqa: E402
from tests.scenes.helpers import click, make_app, open_table  # noqa: E402

STEP = 1 / 30


def hand_point(scene, code: str) -> tuple[int, int]:
    """A point on the visible strip of a card of the fanned hand."""
    r = scene.table.sprites[code].rect(scene.table.card_size)
    return (int(r.x + r.w * 0.2), int(r.centery))


def human_turn(app, scene, rng: random.Random) -> None:
    """Play the Baseline's choice for your seat by clicking its cards and Play."""
    move = players.make_player("baseline").choose(rules.observe(scene.state, 0), rng)
    for code in move.cards:
        click(app, hand_point(scene, code), settle=False)
        app.pump(STEP)
    click(app, scene.play_button.rect.center, settle=False)
    app.pump(STEP)


def visible_plays(scene) -> bool:
    """Every play of the trick on the table rests face up where the layout puts it in front of its seat."""
    for seat, cards in scene.trick.shown(scene.state):
        if not cards:
            continue
        r = layout.play_rect(scene, seat, len(cards))
        for code in cards:
            sp = scene.table.sprites.get(code)
            if sp is None or not sp.face_up or abs(sp.y - r.y) > 1:
                return False
    return True


def record(out: Path, seed: int, size: tuple[int, int], speed: str) -> list[tuple[Path, bool]]:
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("PARLOUR_HOME", str(out / "home"))
    app = make_app(size=size, animation="normal", computer=speed)
    scene = open_table(app, "acme", seed=seed)
    scene.computer.cancel()
    scene._rng = random.Random(seed)  # the computers' choices too: the same round for the same seed
    scene.start_game(rules.new_game(seed), seed)
    rng = random.Random(seed)
    shots: list[tuple[Path, bool]] = []
    seen = len(scene.history.moves)
    held_shot = False
    names = scene.names()
    pending: tuple[int, rules.Move] | None = None
    for _frame in range(60 * 60 * 10):
        s = scene.state
        if rules.is_over(s) and not scene.trick.holding and not scene.table.animating:
            break
        if len(scene.history.moves) > seen:
            seen = len(scene.history.moves)
            before = scene.history.states[-2]
            seat = rules.current_player(before)
            pending = (seat, scene.history.moves[-1]) if seat not in (None, 0) and before.phase == "play" \
                else None
            held_shot = False
        if pending is not None and not scene.table.animating:
            seat, move = pending
            what = "pass" if move.kind == "pass" else "-".join(move.cards)
            path = out / f"{len(shots):03d}-{names[seat].lower()}-{what}.png"
            app.draw()
            pygame.image.save(app.window, str(path))
            shots.append((path, visible_plays(scene)))
            pending = None
        if scene.trick.holding and not scene.table.animating and not held_shot:
            path = out / f"{len(shots):03d}-held.png"
            app.draw()
            pygame.image.save(app.window, str(path))
            shots.append((path, visible_plays(scene)))
            held_shot = True
        if rules.current_player(s) == 0 and not scene.table.animating and not scene.trick.holding:
            human_turn(app, scene, rng)
            continue
        app.pump(STEP)
    app.close()
    return shots


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--speed", default="normal")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    for path, ok in record(args.out, args.seed, (w, h), args.speed):
        print(path, "all plays on the table" if ok else "NOT ALL PLAYS SHOWN")


if __name__ == "__main__":
    main()
