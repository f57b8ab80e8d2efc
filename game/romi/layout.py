"""Where the Romi table's parts go for a window size: the board, the palette, the computer's hand, the
stock, the sandglass and the buttons.

Nothing on the board overlaps: every board card fits its cell with a visible gap, so the empty cell
between two groups always shows.  The board is 24 columns wide, so a small window cannot give every cell a
whole readable card face (24 cards of 40 px need about 1000 px): there the board shows *compact tiles*
(`game.romi.tiles`: a big rank and suit, as on Rummikub tiles) in cells as tall as there is room for, and
the palette keeps whole cards, at least `MIN_FACE_W` wide, that overlap their right neighbour only as
cards in a hand do (the corner index shows).  A window with room to spare gets whole cards everywhere,
as big as fits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine import theme
from game.romi.board import COLS

#: the narrowest card face whose corner index reads comfortably (the layout test's limit)
MIN_FACE_W = 40
#: the palette's cards when the board shows tiles: as narrow as reads well
PALETTE_W = 42
RATIO = 1.4  # a card's height to its width
MAX_TILE_RATIO = 2.0  # a tile no taller than this many widths
GAP = 28  # between the board and the palette: the palette's labels sit there
BUTTONS = 5
#: the hand's own card size leaves the palette places for at least this many cards (two rows)
MIN_HAND_PLACES = 30
#: the computer's hand area, in card heights, where the side column has room (not at 800x600): a shown hand's
#: four suit rows lie apart (round 9: 2.6 made one suit a row overlap at 1280x800)
CPU_AREA = 4.3


@dataclass
class RomiLayout:
    card: tuple[int, int]  # the palette's, the computer's and the stock's cards
    px: int  # horizontal pitch of cells (and palette places)
    py: int  # vertical pitch of board rows
    board: pygame.Rect
    palette: pygame.Rect
    cpu: pygame.Rect  # the computer's hand, below its label
    cpu_label_y: int
    cpu_step_x: int  # the fan of its hand, face down
    stock: pygame.Rect
    glass: pygame.Rect
    buttons: list[pygame.Rect] = field(default_factory=list)
    cell: tuple[int, int] = (0, 0)  # a board card (a whole card, or a tile when ``tiles``)
    tiles: bool = False
    ppy: int = 0  # vertical pitch of the palette's two rows
    ppx: int = 0  # horizontal pitch of the palette's places (the board's, or wider beside a board of tiles)
    pcols: int = COLS  # the palette's places a row: as many whole cards as its width holds, up to COLS
    hand: tuple[int, int] = (0, 0)  # the palette's cards: as large as the space below the board allows


def compute(size: tuple[int, int], rows: int, cpu_cards: int) -> RomiLayout:
    """The layout for a window of ``size`` with ``rows`` board rows and the computer holding ``cpu_cards``
    (face down they fan out in one row of its area; shown, `revealed.revealed_hand` lays them by suit)."""
    w, h = size
    sc = theme.sc
    side = max(sc(160), w // 8)
    top = theme.MENUBAR_H + sc(10)
    bottom = h - theme.STATUS_H - sc(10)
    x0 = 16
    band = sc(GAP)  # between the board and the palette
    width = w - side - x0 - 38  # the board and palette: the side column keeps ``side`` px and its margins
    height = bottom - top - band - 12  # the board rows and two palette rows
    px = width // COLS
    gap = max(3, round(px * 0.07))
    cw = min(px - gap, int((height / (rows + 2) - gap) / RATIO))
    if cw >= MIN_FACE_W:  # whole cards everywhere, none over another
        ch = int(cw * RATIO)
        px, py = cw + gap, ch + gap
        cell = (cw, ch)
        ppy, tiles = py, False
    else:  # tiles on the board; whole cards on the palette, overlapping as in a hand
        cw, ch = PALETTE_W, int(PALETTE_W * RATIO)
        px = min(px, (width - cw) // (COLS - 1))
        gap = max(3, round(px * 0.1))
        # the hand's two rows lie one under the other, never over (the second row hid the first's lower
        # index at 800x600): the board's tiles give up the few pixels
        ppy = ch + gap
        py = max(12, (height - ppy - ch) // rows)
        tw = px - gap
        th = min(py - gap, int(tw * MAX_TILE_RATIO))
        py = th + gap
        cell, tiles = (tw, th), True
    board = pygame.Rect(x0, top, (COLS - 1) * px + cell[0], (rows - 1) * py + cell[1])
    palette = pygame.Rect(x0, board.bottom + band, (COLS - 1) * px + cw, ppy + ch)
    ppx, pcols = px, COLS
    hand = (cw, ch)
    if tiles:  # the hand's whole cards side by side, as many a row as the palette's width holds
        ppx = max(px, cw + max(3, round(cw * 0.07)))
        pcols = min(COLS, max(1, (palette.w - cw) // ppx + 1))
    else:
        # Low vision: the hand has its own card size, as large as the space below the board allows (two
        # rows down to the status line, and room for at least MIN_HAND_PLACES cards), never smaller than the
        # board's; the board's cells bounded it before (61 px wide at 1920x1080, with room to spare)
        hgap = max(3, round(cw * 0.07))
        hh = (bottom - palette.y - hgap) // 2
        hw = min(int(hh / RATIO), (palette.w + hgap) * 2 // MIN_HAND_PLACES - hgap)
        if hw > cw:
            hand = (hw, int(hw * RATIO))
            ppx, ppy = hw + hgap, hand[1] + hgap
            pcols = min(COLS, max(1, (palette.w - hw) // ppx + 1))
            palette = pygame.Rect(x0, palette.y, palette.w, ppy + hand[1])

    sx = max(board.right, palette.right) + 18 + 6
    sw = w - sx - 14
    label_y = top
    hand_top = top + sc(24)
    # The computer's hand has an area of its own, the same size face down or shown and however many cards
    # it holds, so "See the computer's cards" never moves the stock, the sandglass or the buttons.
    buttons_h = BUTTONS * sc(40) - sc(6)
    room = bottom - buttons_h - 10 - 40 - 12 - ch - 18 - hand_top
    hand_h = max(ch, min(room, int(ch * CPU_AREA)))
    step = int(min(cw * 0.5, (sw - cw) / max(1, cpu_cards - 1))) if cpu_cards > 1 else 0
    cpu = pygame.Rect(sx, hand_top, sw, hand_h)
    stock = pygame.Rect(sx + 12, cpu.bottom + 18, cw, ch)
    glass_top = stock.bottom + 12
    glass_h = max(40, min(int(ch * 1.2), bottom - buttons_h - 10 - glass_top))
    glass = pygame.Rect(sx, glass_top, sw, glass_h)
    by = glass.bottom + 10
    buttons = [pygame.Rect(sx, by + i * sc(40), sw, sc(34)) for i in range(BUTTONS)]
    return RomiLayout((cw, ch), px, py, board, palette, cpu, label_y, step, stock, glass, buttons,
                      cell, tiles, ppy, ppx, pcols, hand)
