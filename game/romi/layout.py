"""Where the Romi table's parts go for a window size: the board, the palette, the computer's hand, the
stock, the sandglass and the buttons.

The board is 24 columns wide, so a small window cannot give every cell a whole readable card: 24 cards
of 44 px need over 1000 px.  Cards therefore stay at least `TARGET_W` wide while there is room for that
and *overlap* their neighbours when the cells are narrower, the way cards overlap in a player's hand: a
card's corner index (its top-left quarter) always shows, because the next column covers at most
`1 - MIN_STEP_X` of its width and the next row at most `1 - MIN_STEP_Y` of its height.  A window with room
to spare gets bigger cards, up to the size at which nothing overlaps.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine import theme
from game.romi.board import COLS

#: the card width a player reads comfortably; smaller windows overlap cards rather than go below it
TARGET_W = 50
#: the least share of a card's width (height) left visible by its right (lower) neighbour: the index shows
MIN_STEP_X = 0.5
MIN_STEP_Y = 0.72
#: the pitch of a board without overlaps, as a share of the card
FREE_STEP_X = 1.05
FREE_STEP_Y = 1.06
GAP = 28  # between the board and the palette: the palette's labels sit there
BUTTONS = 5


@dataclass
class RomiLayout:
    card: tuple[int, int]
    px: int  # horizontal pitch of cells (and palette places)
    py: int  # vertical pitch of rows
    board: pygame.Rect
    palette: pygame.Rect
    cpu: pygame.Rect  # the computer's hand, below its label
    cpu_label_y: int
    cpu_step_x: int  # the fan of its hand
    cpu_per_row: int
    stock: pygame.Rect
    glass: pygame.Rect
    buttons: list[pygame.Rect] = field(default_factory=list)


def compute(size: tuple[int, int], rows: int, cpu_cards: int, cpu_face_up: bool) -> RomiLayout:
    """The layout for a window of ``size`` with ``rows`` board rows and the computer holding ``cpu_cards``
    (face up when ``cpu_face_up``: its fan then keeps every index readable, on several rows if need be)."""
    w, h = size
    sc = theme.sc
    side = max(sc(160), w // 8)
    top = theme.MENUBAR_H + sc(10)
    bottom = h - theme.STATUS_H - sc(10)
    x0 = 16
    gap = sc(GAP)
    width = w - side - x0 - 38  # the board and palette: the side column keeps ``side`` px and its margins
    height = bottom - top - gap - 12  # the board rows and two palette rows
    # no overlap at all when the window is big enough
    free = min(width / ((COLS - 1) * FREE_STEP_X + 1), height / (rows * FREE_STEP_Y + 2) / 1.4)
    if free >= TARGET_W:
        cw = int(free)
    else:
        cw = int(min(TARGET_W, width / ((COLS - 1) * MIN_STEP_X + 1), height / (rows * MIN_STEP_Y + 2) / 1.4))
    cw = max(20, cw)
    ch = int(cw * 1.4)
    px = int(min(cw * FREE_STEP_X, (width - cw) / (COLS - 1)))
    py = int(min(ch * FREE_STEP_Y, (height - 2 * ch) / rows))
    board = pygame.Rect(x0, top, (COLS - 1) * px + cw, (rows - 1) * py + ch)
    palette = pygame.Rect(x0, board.bottom + gap, (COLS - 1) * px + cw, py + ch)

    sx = board.right + 18 + 6
    sw = w - sx - 14
    label_y = top
    hand_top = top + sc(24)
    if cpu_face_up and cpu_cards > 1:
        # every card shows at least a third of its width: as many rows as that takes
        per_row = max(1, int((sw - cw) / (cw * 0.34)) + 1)
        n_rows = -(-cpu_cards // per_row)
        per_row = -(-cpu_cards // n_rows)
        step = int(min(cw * 0.5, (sw - cw) / max(1, per_row - 1)))
        hand_h = ch + (n_rows - 1) * int(ch * 0.42)
    else:
        per_row = max(1, cpu_cards)
        step = int(min(cw * 0.5, (sw - cw) / max(1, cpu_cards - 1))) if cpu_cards > 1 else 0
        hand_h = ch
    cpu = pygame.Rect(sx, hand_top, sw, hand_h)
    stock = pygame.Rect(sx + 12, cpu.bottom + 18, cw, ch)
    buttons_h = BUTTONS * sc(40) - sc(6)
    glass_top = stock.bottom + 12
    glass_h = max(40, min(int(ch * 1.2), bottom - buttons_h - 10 - glass_top))
    glass = pygame.Rect(sx, glass_top, sw, glass_h)
    by = glass.bottom + 10
    buttons = [pygame.Rect(sx, by + i * sc(40), sw, sc(34)) for i in range(BUTTONS)]
    return RomiLayout((cw, ch), px, py, board, palette, cpu, label_y, step, per_row, stock, glass, buttons)
