"""Valid groups shown the way the rules read them: a run in order, and each joker marked with what it
stands for.

While you edit the board, a group that has become valid but lies out of order (7 5 6 of hearts, or a
joker at the wrong end) is laid in table order where it lies, as the rules would lay it after the turn
(`groups.arrange_group`: an order that is already valid, with its jokers where you put them, is kept).
Each joker of a valid group then carries, over its corner index, the rank and suit it stands for (a set's
joker shows the suit only when a four-card set leaves one suit for it).
"""

from __future__ import annotations

import functools

import pygame

from game.cards import JOKER, RANKS, SUITS
from game.engine import theme
from game.romi.board import Board, code_of, codes
from game.romi.groups import _layout_start, arrange_group, is_valid_group, position_card, readings
from game.romi.tiles import TILE_BELOW_W
from sprites.shapes import pip, suit_colour


def arrange_valid_groups(board: Board, ace_after_king: bool = False) -> bool:
    """Lay every valid group of ``board`` in table order, in the cells it occupies; True if any moved."""
    moved = False
    for row, col, ids in board.groups():
        cards = codes(ids)
        if not is_valid_group(cards, ace_after_king):
            continue
        order = arrange_group(cards, ace_after_king)
        if tuple(order) == tuple(cards):
            continue
        pool = list(ids)
        new_ids = []
        for code in order:
            i = next(i for i in pool if code_of(i) == code)
            pool.remove(i)
            new_ids.append(i)
        board.cells[row][col:col + len(new_ids)] = new_ids
        moved = True
    return moved


def joker_meanings(board: Board, ace_after_king: bool = False) -> dict[str, tuple[str, str | None]]:
    """For each joker in a valid group: (rank, suit) it stands for; suit None when a set leaves a choice."""
    out: dict[str, tuple[str, str | None]] = {}
    for _row, _col, ids in board.groups():
        cards = codes(ids)
        if JOKER not in cards or not is_valid_group(cards, ace_after_king):
            continue
        start = _layout_start(cards, ace_after_king)
        if start is not None:
            suit = next(c[1] for c in cards if c != JOKER)
            for k, (i, c) in enumerate(zip(ids, cards, strict=True)):
                if c == JOKER:
                    card = position_card(start + k, suit)
                    out[i] = (card[0], suit)
            continue
        sets = [r for r in readings(cards, ace_after_king) if r.kind == "set"]
        if sets:
            rank = RANKS[sets[0].rank - 1]
            free = [s for s in SUITS if s not in {c[1] for c in cards if c != JOKER}]
            jokers = [i for i, c in zip(ids, cards, strict=True) if c == JOKER]
            for i in jokers:
                out[i] = (rank, free[0] if len(free) == len(jokers) == 1 else None)
    return out


@functools.lru_cache(maxsize=64)
def _pip(suit: str, height: int) -> pygame.Surface:
    return pip(suit, height)


#: faces narrower than this (Romi's board at 1280x800, ~41 px) get a badge big enough to read at a glance
SMALL_FACE_W = 56


def draw_badge(surface: pygame.Surface, rect: pygame.Rect, rank: str, suit: str | None
               ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect | None]:
    """Over a joker's corner index: the rank (and suit) it stands for, on a gold-edged chip.  Returns where
    the chip, its rank and its suit sign went.  On a small face or a tile the chip is large and its suit sign
    fills the room left (a low-vision player read a 10-px "K" and a 5-px heart at 1280x800)."""
    w, h = rect.size
    tile = w < TILE_BELOW_W
    small = not tile and w < SMALL_FACE_W
    if tile:  # a compact tile (game.romi.tiles): the chip takes its whole top, rank big
        chip = pygame.Rect(rect.x + 1, rect.y + 1, w - 2, max(20, round(h * 0.8)))
    else:
        share = (0.5, 0.56) if small else (0.27, 0.40)
        chip = pygame.Rect(rect.x + max(1, round(w * 0.02)), rect.y + max(1, round(h * 0.03)),
                           max(12, round(w * share[0])), max(20, round(h * share[1])))
    pygame.draw.rect(surface, (255, 246, 206), chip, border_radius=3)
    pygame.draw.rect(surface, theme.GOLD, chip, 1, border_radius=3)
    colour = suit_colour(suit) if suit else theme.INK
    label = "10" if rank == "T" else rank
    size = max(11, round(h * (0.46 if tile else 0.34 if small else 0.17)))
    while size > 8 and theme.font(size, True).size(label)[0] > chip.w - 2:
        size -= 1
    t = theme.text(surface, label, (chip.centerx, chip.y + 1), size, colour, anchor="midtop", bold=True)
    pip_rect = None
    if suit:
        room = chip.bottom - t.bottom - 3
        p = _pip(suit, max(5, min(room, round(w * 0.8)) if tile or small else min(room, round(h * 0.12))))
        pip_rect = p.get_rect(midtop=(chip.centerx, t.bottom + 1))
        surface.blit(p, pip_rect)
    return chip, t, pip_rect
