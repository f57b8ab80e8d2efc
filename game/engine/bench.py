"""`python main.py bench`: frame times of every playable table, software rendering.

Situations, each measured over real frames (events, fixed-step update, draw):
- ``idle``: a full redraw of an unchanged table.  The real loop does not even
  draw then (it sleeps in `event.wait`), so this is the cost of an expose.
- ``drag``: a card held and moved in a circle with posted mouse events.
- ``animation``: the whole table flying in as on a new deal.
- ``moves``: a legal move for the player every few frames, as fast as a quick player clicks, each one
  handed to the kept game's writer thread (saves/keeper.py) as in play: the frames must not pay for it.
- ``animation_solving`` (solitaires): the same while the solver thinks in its worker thread, on the
  position ``bench_solver_state()`` gives (a deal it cannot decide quickly) or else the table's own.
- ``review``: the review of the table's game (game.review), stepped a move every eight frames, animated,
  while its analysis runs in the solver process (games without an analyser: the replay alone).
A table scene may refine the set-up with ``bench_prepare()`` (reach a busy
position), ``bench_drag_sprite()`` and ``bench_animate()``.
"""

from __future__ import annotations

import math
import os
import tempfile
import time
from collections.abc import Callable

import pygame

from game import registry
from game.engine import worker
from game.simstats import percentile


def _stats(samples: list[float]) -> dict[str, float | int]:
    return {"p50_ms": round(percentile(samples, 50), 3), "p99_ms": round(percentile(samples, 99), 3),
            "frames": len(samples)}


def _frame(app) -> float:
    t0 = time.perf_counter()
    app.pump(1 / 60)
    return (time.perf_counter() - t0) * 1000


def bench_scene(app, scene, frames: int) -> dict[str, dict[str, float | int]]:
    app.replace(scene)
    watch = getattr(scene, "watch", None)
    if watch is not None:  # the background solver runs for a second after a move; measure drawing
        watch.enabled = False
    if hasattr(scene, "bench_prepare"):
        scene.bench_prepare()
    app.settings.animation = "normal"
    scene.relayout(animate=False)
    app.settle()
    out: dict[str, dict[str, float | int]] = {}

    out["idle"] = _stats([_frame(app) for _ in range(frames)])

    sprite = scene.bench_drag_sprite() if hasattr(scene, "bench_drag_sprite") else None
    if sprite is not None:
        r = sprite.rect(scene.table.card_size)
        cx, cy = r.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(cx, cy), button=1))
        samples = []
        w, h = app.size
        for i in range(frames):
            a = i / 30
            pos = (int(w / 2 + math.cos(a) * w / 3), int(h / 2 + math.sin(a) * h / 4))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
            samples.append(_frame(app))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode=""))
        # release far away: an illegal drop that animates back
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, h // 2), button=1))
        app.settle()
        out["drag"] = _stats(samples)

    out["animation"] = _stats(_animate(app, scene, frames))
    moves = _moves(app, scene, frames)
    if moves:
        out["moves"] = _stats(moves)
    if watch is not None:
        # the same animation while the solver thinks in its worker thread (as the light does after a move)
        state = scene.bench_solver_state() if hasattr(scene, "bench_solver_state") else scene.state
        job = worker.submit(watch.solve, state, node_budget=10**9, time_limit_s=SOLVER_BUSY_S)
        out["animation_solving"] = _stats(_animate(app, scene, frames, lambda: not job.done))
        job.wait()
    out["review"] = _stats(_review(app, scene, frames))
    return out


def _review(app, scene, frames: int) -> list[float]:
    """Frames of the review scene over ``scene``: a move every eight frames while the analysis runs."""
    import random

    from game.review.runner import Analysis
    from game.review.scene import ReviewScene
    from game.review.source import from_moves, from_scene

    source = from_scene(scene)
    if len(source.moves) < 20:  # a game to step through: random legal moves from the table's position
        rules, state, texts, rng = scene.rules, source.states[-1], source.move_texts(), random.Random(1)
        while len(texts) < 60 and rules.current_player(state) is not None:
            move = rng.choice(rules.legal_moves(state))
            texts.append(str(move))
            state = rules.apply(state, move)
        source = from_moves(scene.game, source.start, texts, source.seed, source.options)
    review = ReviewScene(app, source, Analysis(source, cache=False))
    app.push(review)
    samples: list[float] = []
    for i in range(frames):
        if i % 8 == 0:
            k = pygame.K_RIGHT if review.pos < review.total else pygame.K_HOME
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        samples.append(_frame(app))
    review.close()
    return samples


#: CPU seconds the solver is given while ``animation_solving`` is measured (frames stop when it ends)
SOLVER_BUSY_S = 2.0


#: frames between two of the player's moves in ``moves`` (at 60 fps: a move every 0.13 s)
MOVE_EVERY = 8


def _moves(app, scene, frames: int) -> list[float]:
    """Frame times while the player moves every `MOVE_EVERY` frames (random legal moves, seeded); the
    frame of each move includes the move, its layout and the hand-over of the kept game."""
    import random

    from saves.keeper import WRITER

    rng = random.Random(1)
    rules = scene.rules
    samples: list[float] = []
    for i in range(frames):
        if i % MOVE_EVERY == 0:
            state = scene.state
            if rules.is_over(state):
                break
            legal = rules.legal_moves(state) if rules.current_player(state) in (0, None) else []
            if legal:
                t0 = time.perf_counter()
                scene.play(rng.choice(legal))
                app.pump(1 / 60)
                samples.append((time.perf_counter() - t0) * 1000)
                continue
        samples.append(_frame(app))
    WRITER.flush()
    return samples


def _animate(app, scene, frames: int, going: Callable[[], bool] = lambda: True) -> list[float]:
    samples: list[float] = []
    while len(samples) < frames and going():
        if hasattr(scene, "bench_animate"):
            scene.bench_animate()
        else:
            for sp in scene.table.sprites.values():
                sp.x, sp.y = 0, 0
            scene.relayout(stagger=0.01)
        if not scene.busy():
            break  # the scene started no motion: report what there is rather than spin
        while scene.busy() and len(samples) < frames and going():
            samples.append(_frame(app))
    return samples


def run_bench(frames: int = 240, size: tuple[int, int] = (1280, 800), only: list[str] | None = None) -> dict:
    from game.engine.app import App
    from saves.settings import Settings

    app = App(size=size, settings=Settings(window=size))
    app.sounds.muted = True
    result: dict = {}
    # the tables keep their games as in play, in a scratch folder: a bench never touches the player's data
    home = os.environ.get("PARLOUR_HOME")
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as scratch:
        os.environ["PARLOUR_HOME"] = scratch
        try:
            for info in registry.GAMES:
                if not info.playable or (only and info.name not in only):
                    continue
                scene = registry.make_scene(app, info.name, seed=1, resume=False)
                result[info.name] = bench_scene(app, scene, frames)
        finally:
            if home is None:
                os.environ.pop("PARLOUR_HOME", None)
            else:
                os.environ["PARLOUR_HOME"] = home
    app.close()
    return result
