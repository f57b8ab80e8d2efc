"""Drawing the Romi table beneath the cards: the board's grid of empty cells, the palette, the computer's
label, the stock and the sandglass (moved out of scene.py, which had grown past a thousand lines; the
scene's `draw_table` calls `draw_table` here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import theme
from game.engine.shortcuts import key
from game.romi import jokers, rules
from game.romi.board import COLS, ROWS, codes, opening_points
from game.romi.groups import hand_points
from game.romi.seats import COMPUTER, HUMAN
from game.words import count

if TYPE_CHECKING:
    from game.romi.scene import RomiScene


def draw_table(self: RomiScene, surface: pygame.Surface) -> None:
    """Beneath the cards: the board's grid, the palette, the computer's label, the stock, the sandglass."""
    cw, ch = self.table.card_size
    board = self.board_rect.inflate(12, 12)
    rows = max(ROWS, self.board.rows)
    key = (board.size, rows, self.cell_size, self.px, self.py, theme.FELT_DARK)  # High contrast repaints it
    if self._grid_key != key:  # the 192 empty cells, drawn once per size and colours
        grid = pygame.Surface(board.size, pygame.SRCALPHA)
        pygame.draw.rect(grid, theme.FELT_DARK, grid.get_rect(), border_radius=10)
        for r in range(rows):
            for c in range(COLS):
                x, y = self.cell_xy(r, c)
                cell = pygame.Rect(x - board.x, y - board.y, *self.cell_size)
                pygame.draw.rect(grid, theme.board_line((26, 80, 52)), cell, 1, border_radius=4)
        self._grid, self._grid_key = grid, key
    surface.blit(self._grid, board)
    theme.note("panel", "board", board, surface)
    pal = self.palette_rect.inflate(12, 12)
    theme.note("panel", "palette", pal, surface)
    pygame.draw.rect(surface, (60, 44, 30), pal, border_radius=10)
    pygame.draw.rect(surface, (120, 92, 60), pal, 2, border_radius=10)
    # in a Demonstration both hands are the computer's: "Computer 1" plays the palette, "Computer 2" the other
    theme.text(surface, "Computer 1" if self.demo else "Your palette", (pal.x + 8, pal.y - 2), 18, theme.GOLD,
               anchor="bottomleft")
    n = len(self.state.hands[COMPUTER])
    theme.text(surface, f"{'Computer 2' if self.demo else 'Computer'}: {count(n, 'card')}",
               (self.cpu_rect.x, self.geo.cpu_label_y), 18, theme.WHITE, bold=True)
    if self.state.stock:
        theme.text(surface, f"Stock: {len(self.state.stock)}",
                   (self.stock_rect.right + theme.sc(10), self.stock_rect.centery), 18, theme.WHITE, anchor="midleft")
    else:
        surface.blit(self.app.art.slot(cw, ch, "Empty"), self.stock_rect)
    draw_glass(self, surface)


def draw_overlay(self: RomiScene, surface: pygame.Surface) -> None:
    """Above the cards: the tiles' notes for the layout check, the jokers' badges, the hand's count, the live
    opening count, the selection box and the pause screen."""
    if self.geo.tiles and theme.RECORD is not None:  # the layout check: these faces are tiles
        for cid in self.board.board_ids():
            sp = self.table.sprites.get(cid)
            if sp is not None and not sp.moving and not sp.dragging:
                theme.note("tile", cid, sp.rect(self.table.card_size), surface)
    groups = tuple(tuple(g) for _r, _c, g in self.board.groups())
    if self._joker_key != groups:
        self._joker_key, self._joker_marks = groups, jokers.joker_meanings(self.board, self.aak)
    for cid, (rank, suit) in self._joker_marks.items():
        sp = self.table.sprites.get(cid)
        if sp is not None and not sp.dragging:
            jokers.draw_badge(surface, sp.rect(self.table.card_size), rank, suit)
    hand = codes(self.board.palette)  # cards laid this turn have left the hand already
    mine = hand_points(hand)
    whose = "Computer 1" if self.demo else "Your hand"
    theme.text(surface, f"{whose}: {count(len(hand), 'card')}, {count(mine, 'point')}",
               (self.palette_rect.right, self.palette_rect.y - 8), 18, theme.WHITE, anchor="bottomright")
    if self.my_turn() and not self.state.opened[HUMAN]:  # the live count of an opening
        pts = opening_points((ids for _r, _c, ids in self.board.groups()), self.turn_board.palette, self.aak)
        theme.text(surface, f"Opening: {pts} of {rules.OPENING_POINTS} points",
                   (self.palette_rect.centerx, self.palette_rect.y - 8), 18,
                   theme.GOOD if pts >= rules.OPENING_POINTS else theme.HILITE, anchor="midbottom", bold=True)
    self.draw_box(surface)
    if self.paused:  # the whole table is covered: nothing of it can be studied while the clock stands
        w, h = surface.get_size()
        veil = pygame.Rect(6, theme.MENUBAR_H + 6, w - 12, h - theme.MENUBAR_H - theme.STATUS_H - 12)
        theme.panel(surface, veil, theme.FELT_DARK, theme.GOLD)
        theme.text(surface, "Paused", veil.center, 48, theme.GOLD, anchor="center", bold=True)
        theme.text(surface, f"Click anywhere to continue (or Continue in the Game menu, "
                   f"{key(self.game, 'continue')}).", (veil.centerx, veil.centery + 40),
                   22, theme.WHITE, anchor="center")


def computer_words(self: RomiScene) -> str:
    """What the computer's box says while a computer is at work ('Computer 2 thinking' in a Demonstration),
    or '' when none is: the box is drawn only then (an empty box labelled "Computer" stood on the table
    during a Demonstration and after a Load)."""
    if self.is_over():
        return ""
    who = ("Computer 1" if self.state.turn == HUMAN else "Computer 2") if self.demo else "Computer"
    if self.job is not None:
        return f"{who} thinking"
    if self.pending is not None:
        return f"{who} plays"
    if self._announce and self.state.turn == HUMAN and not self.demo:  # its cards are landing
        return "Computer plays"
    return ""


def draw_glass(self: RomiScene, surface: pygame.Surface) -> None:
    """The sandglass (your turn; it runs down at Expert) or the computer at work."""
    r = self.glass_rect
    h = r.h - 8
    w = min(r.w, int(h * 0.7))
    label_w = theme.font(18, True).size("Your turn")[0] + theme.sc(10)
    box = pygame.Rect(max(r.x + (r.w - w) // 2, r.x + label_w), r.y + 4, w, h)
    if self.is_over():  # nobody's turn: no sandglass, no computer at work
        theme.text(surface, "Game over", box.center, 20, theme.WHITE, anchor="center")
        return
    words = computer_words(self)
    if words:  # its screen, with what it does beside it, as "Your turn" stands beside the sandglass
        label_w = theme.font(16).size(words)[0] + theme.sc(10)
        box.x = min(max(box.x, r.x + label_w), r.right - box.w)
        screen = box.inflate(-w // 6, -h // 3)
        pygame.draw.rect(surface, (220, 220, 226), screen, border_radius=6)
        pygame.draw.rect(surface, (40, 44, 52), screen.inflate(-8, -8), border_radius=4)
        theme.text(surface, "…", screen.center, 24, theme.WHITE, anchor="center")
        theme.text(surface, words, (screen.x - theme.sc(6), box.centery), 16, theme.WHITE, anchor="midright")
        return
    if self.state.turn != HUMAN or self.demo:  # nobody at work to show: no empty box
        return
    frac = 1.0 if self.clock is None else max(0.0, self.clock / max(1.0, self.clock_full))
    cx, top, bot, mid = box.centerx, box.y, box.bottom, box.centery
    glass = (200, 220, 235)
    sand = theme.DANGER if self.glass_warning() else theme.GOLD
    upper = [(box.x + 4, top + 4), (box.right - 4, top + 4), (cx + 3, mid), (cx - 3, mid)]
    lower = [(cx - 3, mid), (cx + 3, mid), (box.right - 4, bot - 4), (box.x + 4, bot - 4)]
    pygame.draw.polygon(surface, (30, 60, 45), upper)
    pygame.draw.polygon(surface, (30, 60, 45), lower)
    # sand: the top holds ``frac``, the bottom the rest
    hh = mid - top - 4
    sy = mid - int(hh * frac)
    if frac > 0:
        k = (mid - sy) / max(1, hh)
        half = int((box.w / 2 - 4) * k)
        pygame.draw.polygon(surface, sand, [(cx - half, sy), (cx + half, sy), (cx + 2, mid), (cx - 2, mid)])
    fill = int((bot - 4 - mid) * (1 - frac))
    if fill > 0:
        k = fill / max(1, bot - 4 - mid)
        half = box.w / 2 - 4
        top_half = int(half * (1 - k))
        pygame.draw.polygon(surface, sand, [(cx - top_half, bot - 4 - fill), (cx + top_half, bot - 4 - fill),
                                            (box.right - 4, bot - 4), (box.x + 4, bot - 4)])
    pygame.draw.polygon(surface, glass, upper, 2)
    pygame.draw.polygon(surface, glass, lower, 2)
    pygame.draw.line(surface, (150, 110, 60), (box.x, top + 2), (box.right, top + 2), 4)
    pygame.draw.line(surface, (150, 110, 60), (box.x, bot - 2), (box.right, bot - 2), 4)
    if self.clock is not None:
        theme.text(surface, f"{int(self.clock + 0.99)} s", (box.right + 4, mid), 18,
                   theme.DANGER if self.glass_warning() else theme.WHITE, anchor="midleft", bold=self.glass_warning())
    theme.text(surface, "Your turn", (box.x - 6, mid), 18, theme.GOLD, anchor="midright", bold=True)
