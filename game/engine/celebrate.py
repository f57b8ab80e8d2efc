"""The win celebration: cards leap off the table and bounce away, leaving trails.

An overlay scene pushed beneath the win dialog: the table shows through it, it
ends by itself after a few seconds (or at a click or key) and it is skipped
when animations are off.  Pure decoration: it never touches the game state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game.engine import theme
from game.engine.scene import Scene

GRAVITY = 1500.0
BOUNCE = 0.72
LAUNCH_EVERY = 0.18
DURATION = 6.0


@dataclass
class _Flyer:
    image: pygame.Surface
    x: float
    y: float
    vx: float
    vy: float


class Celebration(Scene):
    transparent = True

    def __init__(self, app, cards: list[tuple[pygame.Surface, tuple[float, float]]], seed: int = 0) -> None:
        super().__init__(app)
        self.waiting = list(cards)
        self.flyers: list[_Flyer] = []
        self.rng = random.Random(seed)
        self.clock = 0.0
        self.next_launch = 0.0
        self.trail: pygame.Surface | None = None

    def busy(self) -> bool:
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.finish()
            return True
        return False

    def finish(self) -> None:
        if self in self.app.stack.scenes:
            self.app.stack.pop(self)
            self.app.invalidate()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.clock >= DURATION:
            self.finish()
            return
        if self.waiting and self.clock >= self.next_launch:
            image, (x, y) = self.waiting.pop()
            self.flyers.append(_Flyer(image, x, y, self.rng.choice((-1, 1)) * self.rng.uniform(120, 380),
                                      -self.rng.uniform(100, 500)))
            self.next_launch = self.clock + LAUNCH_EVERY
        w, h = self.app.size
        for f in self.flyers:
            f.vy += GRAVITY * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            floor = h - theme.STATUS_H - f.image.get_height()  # they bounce on the table, above the status line
            if f.y > floor:
                f.y = floor
                f.vy = -f.vy * BOUNCE
        self.flyers = [f for f in self.flyers if -f.image.get_width() < f.x < w]

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.trail is None or self.trail.get_size() != surface.get_size():
            self.trail = surface.copy()  # the table as it was: trails are drawn over it
        table = pygame.Rect(0, 0, surface.get_width(), surface.get_height() - theme.STATUS_H)
        self.trail.set_clip(table)  # the status line stays the table's own, live and readable
        for f in self.flyers:
            self.trail.blit(f.image, (f.x, f.y))
        surface.blit(self.trail, (0, 0), table)


def celebrate(scene) -> Celebration | None:
    """Push the celebration for ``scene``'s cards (a TableScene); nothing if animations are off."""
    app = scene.app
    if app.settings.anim_scale() <= 0:
        return None
    cards = []
    for sp in scene.table.ordered():
        w, h = sp.size or scene.table.card_size
        image = app.art.face(sp.code, w, h) if sp.face_up else app.art.back(app.settings.card_back, w, h)
        cards.append((image, (sp.x, sp.y)))
    party = Celebration(app, cards[-52:], seed=len(cards))
    app.push(party)
    return party
