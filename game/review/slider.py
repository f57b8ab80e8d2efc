"""The review's controls: the move slider (its track coloured by the analysis) and the step buttons,
whose arrows are drawn (the UI font has no arrow glyphs)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine import theme
from game.engine.widgets import Button


class StepButton(Button):
    """◀ ▶ and |◀ ▶| as drawn triangles; ``kind`` is first, previous, next or last."""

    WORDS = {"first": "Start", "previous": "Previous move", "next": "Next move", "last": "Last move",
             "previous_mistake": "Previous marked move", "next_mistake": "Next marked move"}

    def __init__(self, kind: str, action: Callable[[], None], enabled: Callable[[], bool]) -> None:
        super().__init__(self.WORDS[kind], action, enabled=enabled)
        self.kind = kind

    def draw(self, surface: pygame.Surface) -> None:
        label, self.label = self.label, ""
        try:
            super().draw(surface)
        finally:
            self.label = label
        theme.note("text", self.label, self.rect.inflate(-self.rect.w // 2, -self.rect.h // 2))
        r = self.rect
        ink = theme.INK if self.is_enabled else (140, 140, 135)
        s = max(6, min(r.w, r.h) // 4)
        cx, cy = r.center
        back = self.kind in ("first", "previous", "previous_mistake")
        tip = cx - s if back else cx + s
        tail = cx + s if back else cx - s
        pygame.draw.polygon(surface, ink, [(tip, cy), (tail, cy - s), (tail, cy + s)])
        if self.kind in ("first", "last"):
            bar_x = tip - 3 if back else tip + 1
            pygame.draw.rect(surface, ink, (bar_x, cy - s, 3, 2 * s))
        if self.kind.endswith("mistake"):  # the mark's own colour, as on the slider's ticks
            mark = MARK if self.is_enabled else ink
            pygame.draw.rect(surface, mark, (tip - 4 if back else tip + 1, cy - s, 4, 2 * s))


#: the colour of a marked move's tick (a mistake, the losing move) and of the buttons that go to one
MARK = (230, 70, 60)
#: pixels either side of a marked move's tick that a click still lands on it
SNAP = 5
#: least distance between two ticks' left edges: a 3-pixel tick and 2 pixels of track between, so marked moves
#: on neighbouring pixels stay as many ticks as the summary counts (issue 32, round 12: 3 mistakes, 2 ticks)
TICK_GAP = 5


class MoveSlider:
    """A track with one notch per position (0..total); click or drag to go there (``on_change(n)``).

    The marked moves stand as ticks above the track (``ticks``: their positions, the move played); a click on
    or near a tick lands exactly on that move, and any other click on the position whose notch is nearest,
    even where the moves are packed closer than a pixel each."""

    def __init__(self, total: int, on_change: Callable[[int], None]) -> None:
        self.total = total
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 200, 36)
        self.value = 0
        self.verdicts: list[tuple[int, int, int] | None] = []  # per move, the colour of its stretch
        self.ticks: list[int] = []  # the marked moves' positions
        self.dragging = False

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 10, self.rect.centery - 4, max(1, self.rect.w - 20), 8)

    def x_of(self, n: int) -> int:
        t = self._track()
        return t.x + (t.w * n // self.total if self.total else 0)

    def tick_xs(self) -> dict[int, int]:
        """Each marked move's tick's x: at its move's notch, pushed apart to `TICK_GAP` from its neighbours
        (forward, then back from the track's end), so every mark is seen and clicked on its own."""
        t = self._track()
        ns = sorted(set(self.ticks))
        xs = [self.x_of(n) for n in ns]
        for i in range(1, len(xs)):
            xs[i] = max(xs[i], xs[i - 1] + TICK_GAP)
        for i in range(len(xs) - 1, -1, -1):
            xs[i] = min(xs[i], t.right - 1 if i == len(xs) - 1 else xs[i + 1] - TICK_GAP)
        return dict(zip(ns, xs, strict=True))

    def tick_x(self, n: int) -> int:
        """Where marked move ``n``'s tick stands (`tick_xs`); its notch if it is not marked."""
        return self.tick_xs().get(n, self.x_of(n))

    def value_at(self, x: int) -> int:
        """The position a click at ``x`` means: a marked move's tick within `SNAP` pixels, else the position
        whose notch (`x_of`) is nearest (the first of several on one pixel)."""
        t = self._track()
        if not self.total:
            return 0
        near = [(abs(tx - x), n) for n, tx in self.tick_xs().items() if abs(tx - x) <= SNAP]
        if near:
            return min(near)[1]
        guess = max(0, min(self.total, round((x - t.x) * self.total / t.w)))
        span = self.total // max(1, t.w) + 2
        around = range(max(0, guess - span), min(self.total, guess + span) + 1)
        return min(around, key=lambda n: (abs(self.x_of(n) - x), n))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging = True
            self.on_change(self.value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.on_change(self.value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self.on_change(self.value_at(event.pos[0]))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        theme.note("area", "move slider", self.rect)
        t = self._track()
        pygame.draw.rect(surface, theme.board((20, 44, 30)), t.inflate(4, 4), border_radius=6)
        pygame.draw.rect(surface, (70, 95, 80), t, border_radius=4)
        for n, colour in enumerate(self.verdicts[:self.total]):
            if colour is not None:
                a, b = self.x_of(n), self.x_of(n + 1)
                pygame.draw.rect(surface, colour, (a, t.y, max(1, b - a), t.h))
        for x in self.tick_xs().values():
            pygame.draw.rect(surface, MARK, (x - 1, self.rect.y + 1, 3, t.y - self.rect.y - 1))
        knob = pygame.Rect(0, 0, 14, self.rect.h - 6)
        knob.center = (self.x_of(self.value), self.rect.centery)
        pygame.draw.rect(surface, theme.BUTTON, knob, border_radius=5)
        pygame.draw.rect(surface, theme.PANEL_EDGE, knob, 2, border_radius=5)
