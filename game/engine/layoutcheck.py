"""What a drawn frame really laid out, and what is wrong with it: overlaps, clipped text, tiny cards.

Scenes do not describe their layout twice: `theme.text`, `theme.panel`, `Button.draw`, the menu bar, the
status line and the card table report every box they draw to `theme.RECORD` while a record is open, and a
scene may add boxes it draws by hand with `theme.note(kind, label, rect)`.  `record(draw)` opens the record
around one draw call; `problems(boxes, size)` applies the rules a clean layout keeps:

- everything lies inside the window;
- texts do not overlap one another (the same text drawn twice in place, a shadow, is one text);
- a text, a button or a card lies wholly inside a panel, button or area it touches, or does not touch it at
  all (a label that runs over the edge of its box is clipped or spills; a button over a panel hides it); an
  area is a box drawn without a frame that its contents must keep to (a dialog's body, a table's column);
- buttons do not overlap one another, nor cards, nor text that is not their own label;
- texts do not overlap cards, unless the text sits wholly on a card (a label printed on it);
- face-up cards are at least `MIN_CARD_W` pixels wide, so their corner indices stay readable; a card a
  scene draws as a compact tile (reported with ``theme.note("tile", id, rect)``: its whole face is a big
  index, as Romi's board draws where a card face does not fit) is exempt.

Rectangles are shrunk by `SLACK` pixels on every side before overlap tests: boxes that merely touch, or
share the antialiased pixel of a font's line spacing, are not overlaps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine import theme

SLACK = 1
MIN_CARD_W = 40
CONTAINERS = ("panel", "button", "area")


@dataclass(frozen=True)
class Box:
    """One drawn thing: ``kind`` is text, panel, button or card; ``label`` its text or name."""

    kind: str
    label: str
    rect: pygame.Rect

    def __str__(self) -> str:
        r = self.rect
        name = f" '{self.label}'" if self.label else ""
        return f"{self.kind}{name} at ({r.x},{r.y} {r.w}x{r.h})"


def record(draw: Callable[[], None]) -> list[Box]:
    """Run ``draw`` with the layout record open; the boxes it drew, in drawing order."""
    theme.RECORD = []
    try:
        draw()
        found = theme.RECORD
    finally:
        theme.RECORD = None
    boxes = []
    for kind, label, rect in found:
        if kind == "text" and not label.strip():
            continue
        if rect.w <= 0 or rect.h <= 0:
            continue
        boxes.append(Box(kind, label, pygame.Rect(rect)))
    return _dedupe(boxes)


def _dedupe(boxes: list[Box]) -> list[Box]:
    """One box per text drawn twice nearly in place (a shadow beneath it)."""
    out: list[Box] = []
    for b in boxes:
        if b.kind == "text" and any(o.kind == "text" and o.label == b.label and abs(o.rect.x - b.rect.x) <= 3
                                    and abs(o.rect.y - b.rect.y) <= 3 for o in out):
            continue
        if b.kind != "text" and any(o.kind == b.kind and o.rect == b.rect for o in out):
            continue
        out.append(b)
    return out


def _core(r: pygame.Rect) -> pygame.Rect:
    return r.inflate(-2 * SLACK, -2 * SLACK)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    return _core(a).colliderect(_core(b))


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def problems(boxes: list[Box], size: tuple[int, int], min_card_w: int = MIN_CARD_W) -> list[str]:
    """Every broken rule of the layout drawn in a window of ``size``, in plain words (empty: clean)."""
    window = pygame.Rect(0, 0, *size)
    out: list[str] = []
    texts = [b for b in boxes if b.kind == "text"]
    buttons = [b for b in boxes if b.kind == "button"]
    containers = [b for b in boxes if b.kind in CONTAINERS]
    cards = [b for b in boxes if b.kind == "card"]
    for b in boxes:
        if not _inside(b.rect, window):
            out.append(f"{b} runs outside the {size[0]}x{size[1]} window")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if _overlap(a.rect, b.rect):
                out.append(f"{a} overlaps {b}")
    for b in texts + buttons + cards:
        for c in containers:
            if c is b or c.kind == "button" and b.kind != "text":
                continue
            if _overlap(b.rect, c.rect) and not _inside(b.rect, c.rect):
                out.append(f"{b} is cut by the edge of {c}")
    frames = [b for b in containers if b.kind != "area"]
    for i, a in enumerate(frames):
        for b in frames[i + 1:]:
            if _overlap(a.rect, b.rect) and not _inside(a.rect, b.rect) and not _inside(b.rect, a.rect):
                out.append(f"{a} overlaps {b}")
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:] + cards:
            if _overlap(a.rect, b.rect):
                out.append(f"{a} overlaps {b}")
    for t in texts:
        for c in cards:
            if _overlap(t.rect, c.rect) and not _inside(t.rect, c.rect):
                out.append(f"{t} overlaps {c}")
    tiles = {tuple(b.rect) for b in boxes if b.kind == "tile"}
    for c in cards:
        if c.label.startswith("up:") and c.rect.w < min_card_w and tuple(c.rect) not in tiles:
            out.append(f"{c} is {c.rect.w} px wide: its corner index is too small to read")
    return list(dict.fromkeys(out))
