"""Colours and fonts shared by every screen, so all tables look like one product.

Fonts are pygame's bundled default (freesansbold): it travels with pygame-ce
into the packaged executable, and it has no suit glyphs, so suits are drawn as
shapes by `sprites`, never typed.  What it lacks of a text (a Hebrew, Chinese or
emoji name) is drawn with system fonts by the one fallback chain (`fonts.ChainFont`).
"""

from __future__ import annotations

import functools

import pygame

from game.engine.fonts import ChainFont

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
BUTTON_DISABLED_TEXT = (100, 100, 100)
MENU_DISABLED = (160, 160, 165)
#: a button that starts something (the main menu's Play): white text on it is 6.3:1 (GOOD's green was 2.35:1)
GO = (28, 110, 60)
#: behind the line a long text's reader is on (dialogs.TextDialog): pale gold, INK on it is 14:1
READING = (255, 233, 150)
SHADE = (0, 0, 0, 120)

#: Options ▸ High-contrast table: the colours that change, normal -> high contrast.  The felt goes near
#: black so white cards and white text stand out (>= 4.5:1, tests/engine/test_view.py computes it); the
#: highlights are pure, bright colours told apart by their shapes too (see `mark`), never by hue alone.
PALETTES = {
    False: {"FELT": FELT, "FELT_DARK": FELT_DARK, "HILITE": HILITE, "HINT": HINT, "CLOTH": (30, 104, 58),
            "BUTTON_DISABLED": BUTTON_DISABLED, "BUTTON_DISABLED_TEXT": BUTTON_DISABLED_TEXT,
            "MENU_HOVER": MENU_HOVER, "MENU_DISABLED": MENU_DISABLED},
    # a disabled button stays told apart by its grey face, its label black on it (7:1, not 2.5:1)
    True: {"FELT": (12, 14, 18), "FELT_DARK": (0, 0, 0), "HILITE": (255, 230, 0), "HINT": (0, 200, 255),
           "CLOTH": (14, 16, 20), "BUTTON_DISABLED": (150, 150, 150), "BUTTON_DISABLED_TEXT": (0, 0, 0),
           # the open menu's title and the hovered item on a darker blue (5.5:1); a disabled item mid grey (6.5:1)
           "MENU_HOVER": (30, 80, 170), "MENU_DISABLED": (90, 90, 96)},
}
HIGH_CONTRAST = False
#: the felt cloth's base colour (sprites.felt draws its grain on it)
CLOTH = PALETTES[False]["CLOTH"]

#: Options ▸ Text size: how much larger than the window alone would make it the player wants the text.
TEXT_SIZES = {"normal": 1.0, "large": 1.2, "larger": 1.4}
#: The type scale: every size given to `font`, `text` and `sc` is a size at 1280x800 with Normal text, and is
#: multiplied by this (set by `set_scale` from the window size and the text-size choice).
SCALE = 1.0
MENUBAR_H = 28
#: two lines of status text: a message too long for one line wraps at the same size (widgets.fit_status)
STATUS_H = 38
STATUS_SIZE = 21

#: While a list, every text, panel and button drawn is appended to it as ``(kind, label, rect)``: the layout
#: test (game/engine/layoutcheck.py) reads what was really drawn rather than a second copy of the geometry.
RECORD: list[tuple[str, str, pygame.Rect]] | None = None


#: While a list, every line `text` draws is appended as ``(text, colour, background, rect)``: the background is
#: the average colour under the line before it is drawn, so the contrast test checks every text really drawn.
TEXT_RECORD: list[tuple[str, tuple, tuple, pygame.Rect]] | None = None


def note(kind: str, label: str, rect, surface: pygame.Surface | None = None) -> None:
    """Report a drawn box (``"text"``, ``"panel"``, ``"button"``) to the layout record, if one is open; drawn on
    a ``surface`` that is a subsurface (Review's table under its summary band), in the window's coordinates."""
    if RECORD is not None:
        r = pygame.Rect(rect)
        if surface is not None:
            r.move_ip(surface.get_abs_offset())
        RECORD.append((kind, label, r))


def set_contrast(high: bool) -> None:
    """Switch the table's colours to the high-contrast palette (or back), at once."""
    global HIGH_CONTRAST
    HIGH_CONTRAST = bool(high)
    globals().update(PALETTES[HIGH_CONTRAST])


#: High contrast: the dark panels (score boxes, seats, banners, the solver's pill) go from dark green to this
#: charcoal, told from the near-black felt by their bright edges; white text on it is 14:1, gold 9:1
HC_BOARD = (34, 36, 42)
#: High contrast: a dark panel's quiet edge and a grid's lines (Romi's cells), light grey on the charcoal
HC_BOARD_LINE = (110, 110, 118)


def board(colour):
    """A dark panel's fill: its own dark green, or in High contrast `HC_BOARD` (issue 34, round 13: the score
    panels, seats and banners stayed dark green on the high-contrast table's black felt)."""
    return HC_BOARD if HIGH_CONTRAST else colour


def board_line(colour):
    """A dark panel's quiet edge or a grid line: its own green, or in High contrast `HC_BOARD_LINE`."""
    return HC_BOARD_LINE if HIGH_CONTRAST else colour


def luminance(colour) -> float:
    """Relative luminance of an sRGB colour (WCAG 2)."""
    def lin(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 4.5 is the bar for normal text)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def window_scale(size: tuple[int, int]) -> float:
    """How much bigger than at 1280x800 the window is (never below 1: 800x600 keeps the readable sizes)."""
    return max(1.0, min(size[0] / 1280, size[1] / 800))


def set_scale(size: tuple[int, int], text_size: str = "normal") -> float:
    """Derive the type scale from the window size and the player's text-size choice; returns it.

    The choice multiplies the window's own scale but is held to what the window has room for (a Larger
    choice in a small window grows the text as far as the tables still fit, and the rest when it grows)."""
    global SCALE, MENUBAR_H, STATUS_H
    room = max(1.0, min(size[0] / 1066, size[1] / 666))
    SCALE = round(min(window_scale(size) * TEXT_SIZES.get(text_size, 1.0), room), 3)
    MENUBAR_H = sc(28)
    STATUS_H = 2 * font(STATUS_SIZE).get_linesize() + sc(6)
    return SCALE


def sc(n: float) -> int:
    """A length laid out at 1280x800 with Normal text, in pixels at the current type scale."""
    return round(n * SCALE)


def font(size: int, bold: bool = False) -> ChainFont:
    """The UI font at ``size`` (a size at 1280x800, scaled by `SCALE`): the single way text gets a font."""
    return _font(max(6, round(size * SCALE)), bold)


@functools.lru_cache(maxsize=128)
def _font(px: int, bold: bool) -> ChainFont:
    """The font at ``px`` pixels, cached (fonts are slow to open)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return ChainFont(px, bold)


def rendered(msg: str, size: int, colour: tuple, bold: bool) -> pygame.Surface:
    """A line of text as a surface at the current scale, cached: a table redraws the same labels every frame."""
    return _rendered(msg, max(6, round(size * SCALE)), colour, bold)


@functools.lru_cache(maxsize=1024)
def _rendered(msg: str, px: int, colour: tuple, bold: bool) -> pygame.Surface:
    return _font(px, bold).render(msg, True, colour)


def text(surface: pygame.Surface, msg: str, pos: tuple[int, int], size: int = 20,
         colour=INK, anchor: str = "topleft", bold: bool = False, shadow: bool = False) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; returns its rect.  ``shadow``: a drop shadow the same
    words are drawn over (it is not read on its own, so the contrast test leaves it out)."""
    img = rendered(msg, size, tuple(colour), bold)
    rect = img.get_rect(**{anchor: pos})
    if TEXT_RECORD is not None and msg.strip() and not shadow:
        area = rect.clip(surface.get_rect())
        if area.w and area.h:  # the colour under the text, before it is drawn (the contrast test reads it)
            TEXT_RECORD.append((msg, tuple(colour)[:3], pygame.transform.average_color(surface, area)[:3], area))
    surface.blit(img, rect)
    note("text", msg, rect, surface)
    return rect


def wrap(msg: str, width: int, size: int = 20, bold: bool = False) -> list[str]:
    """Split ``msg`` into lines that fit ``width`` pixels (keeps blank lines)."""
    f = font(size, bold)
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


#: the dark line inside every mark, against the card's white paper (contrast 21:1)
MARK_EDGE = (0, 0, 0)


def mark(surface: pygame.Surface, rect: pygame.Rect, colour, dashed: bool = False, width: int = 4,
         radius: int = 8) -> None:
    """A frame around a card that says something about it, told apart by its shape as well as its colour
    (so a colour-blind player can read it): a selection is a solid frame, a hint a dashed one.  A thin dark
    line runs inside either, so the mark stands out on the white card as well as on the felt."""
    if not dashed:
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)
    else:
        dash = max(6, min(rect.w, rect.h) // 6)
        for x in range(rect.x, rect.right, 2 * dash):
            seg = min(dash, rect.right - x)
            surface.fill(colour, (x, rect.y, seg, width))
            surface.fill(colour, (x, rect.bottom - width, seg, width))
        for y in range(rect.y, rect.bottom, 2 * dash):
            seg = min(dash, rect.bottom - y)
            surface.fill(colour, (rect.x, y, width, seg))
            surface.fill(colour, (rect.right - width, y, width, seg))
    pygame.draw.rect(surface, MARK_EDGE, rect.inflate(-2 * width + 2, -2 * width + 2), 1,
                     border_radius=max(0, radius - width))


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
    note("panel", "", rect, surface)
    surface.blit(_shadow(rect.w, rect.h, radius), (rect.x - 2, rect.y + 3))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=radius)
