"""Colours and fonts shared by every screen, so all tables look like one product.

Fonts are pygame's bundled default (freesansbold): it travels with pygame-ce
into the packaged executable, and it has no suit glyphs, so suits are drawn as
shapes by `sprites`, never typed.
"""

from __future__ import annotations

import functools

import pygame

FELT = (22, 92, 56)
FELT_DARK = (14, 64, 38)
PANEL = (250, 247, 238)
PANEL_EDGE = (120, 96, 60)
INK = (30, 30, 34)
INK_SOFT = (90, 90, 100)
WHITE = (255, 255, 255)
GOLD = (236, 196, 84)
HILITE = (255, 214, 64)
HINT = (90, 200, 255)
DANGER = (214, 70, 60)
GOOD = (80, 190, 110)
MENUBAR = (32, 36, 44)
MENUBAR_TEXT = (235, 235, 240)
MENU_BG = (248, 248, 250)
MENU_HOVER = (52, 110, 200)
BUTTON = (244, 236, 214)
BUTTON_HOVER = (255, 246, 222)
BUTTON_DOWN = (222, 210, 180)
BUTTON_DISABLED = (170, 170, 165)
SHADE = (0, 0, 0, 120)

MENUBAR_H = 28
STATUS_H = 30

#: While a list, every text, panel and button drawn is appended to it as ``(kind, label, rect)``: the layout
#: test (game/engine/layoutcheck.py) reads what was really drawn rather than a second copy of the geometry.
RECORD: list[tuple[str, str, pygame.Rect]] | None = None


def note(kind: str, label: str, rect) -> None:
    """Report a drawn box (``"text"``, ``"panel"``, ``"button"``) to the layout record, if one is open."""
    if RECORD is not None:
        RECORD.append((kind, label, pygame.Rect(rect)))


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at ``size`` pixels, cached (fonts are slow to open)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


@functools.lru_cache(maxsize=1024)
def rendered(msg: str, size: int, colour: tuple, bold: bool) -> pygame.Surface:
    """A line of text as a surface, cached: a table redraws the same labels every frame."""
    return font(size, bold).render(msg, True, colour)


def text(surface: pygame.Surface, msg: str, pos: tuple[int, int], size: int = 20,
         colour=INK, anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; returns its rect."""
    img = rendered(msg, size, tuple(colour), bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    note("text", msg, rect)
    return rect


def wrap(msg: str, width: int, size: int = 20) -> list[str]:
    """Split ``msg`` into lines that fit ``width`` pixels (keeps blank lines)."""
    f = font(size)
    lines: list[str] = []
    for para in msg.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


@functools.lru_cache(maxsize=64)
def _shadow(w: int, h: int, radius: int) -> pygame.Surface:
    shadow = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=radius + 4)
    return shadow


@functools.lru_cache(maxsize=16)
def veil(w: int, h: int, alpha: int = 110) -> pygame.Surface:
    """A translucent black sheet (behind dialogs, under the status line)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    return s


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, edge=PANEL_EDGE, radius: int = 10) -> None:
    """A rounded panel with a soft drop shadow (dialogs, score boxes)."""
    note("panel", "", rect)
    surface.blit(_shadow(rect.w, rect.h, radius), (rect.x - 2, rect.y + 3))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=radius)
