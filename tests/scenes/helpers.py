"""Helpers for scene tests: a real App on the dummy driver and real posted events.

Positions are read by the scenes from the events themselves (pygame.mouse does
not follow posted events), so every helper sends complete events: motion
carries ``pos``, ``rel`` and ``buttons``.
"""

from __future__ import annotations

import pygame

from game import registry
from game.engine.app import App
from saves.settings import Settings


def make_app(size: tuple[int, int] = (1280, 800), animation: str = "normal", computer: str = "instant") -> App:
    """A real App; computer players do not pause unless a test asks for ``computer="normal"``."""
    app = App(size=size, settings=Settings(window=size, animation=animation, computer=computer))
    app.sounds.muted = True
    app.speech.recorder = []  # Options ▸ Speak in a test: sentences are recorded, never spoken aloud
    return app


def open_table(app: App, game: str, seed: int = 1, resume: bool = False, **options):
    scene = registry.make_scene(app, game, seed=seed, resume=resume, **options)
    app.replace(scene)
    app.settle()
    return scene


def click(app: App, pos: tuple[int, int], button: int = 1, settle: bool = True, mod: int = 0) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=mod))
    if settle:
        app.settle()


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 8, settle: bool = True) -> None:
    """Press at ``start``, move in ``steps`` frames to ``end``, release there."""
    start = (int(start[0]), int(start[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.pump()
    prev = start
    for i in range(1, steps + 1):
        pos = (int(start[0] + (end[0] - start[0]) * i / steps), int(start[1] + (end[1] - start[1]) * i / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - prev[0], pos[1] - prev[1]),
                                             buttons=(1, 0, 0)))
        app.pump()
        prev = pos
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1))
    if settle:
        app.settle()


def key(app: App, k: int, mod: int = 0, settle: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    if settle:
        app.settle()


def type_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.settle()


def center_of(scene, sprite_id: str) -> tuple[int, int]:
    return scene.table.sprites[sprite_id].rect(scene.table.card_size).center


def top_dialog(app: App):
    return app.stack.top
