"""Compact tiles: how a board card is drawn when its cell is too small for a whole card face.

A Rummikub tile shows only what a player reads: a big rank over its suit.  Where a Romi board cell is
narrower than a readable card face (`layout.MIN_FACE_W`), the board shows such a tile instead, so that
nothing on the board overlaps a neighbouring cell and the empty cell between groups always shows.  The
same drawing serves any scene that shows a board (Review's "better lay" too): `TileArt` stands in for the
card art and answers with a tile wherever it is asked for a face narrower than a readable one.
"""

from __future__ import annotations

import functools
from typing import Any

import pygame

from game.cards import JOKER
from game.engine import theme
from sprites.shapes import pip, star_points, suit_colour

#: faces narrower than this are drawn as tiles (layout.MIN_FACE_W: the narrowest readable face)
TILE_BELOW_W = 40
IVORY = (250, 247, 238)
EDGE = (120, 120, 128)
JOKER_INK = (120, 40, 150)


def _label_font(label: str, w: int, h: int) -> pygame.font.Font:
    size = max(8, int(h * 0.46))
    while size > 8 and theme.font(size, True).size(label)[0] > w - 2:
        size -= 1
    return theme.font(size, True)


@functools.lru_cache(maxsize=256)
def tile(code: str, w: int, h: int) -> pygame.Surface:
    """The tile of ``code`` (a card code or ``JK``), ``w`` x ``h`` pixels: the rank big, the suit beneath."""
    w, h = max(6, int(w)), max(8, int(h))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(2, w // 6)
    pygame.draw.rect(surf, IVORY, rect, border_radius=radius)
    pygame.draw.rect(surf, EDGE, rect, 1, border_radius=radius)
    if code == JOKER:
        label, colour = "JK", JOKER_INK
    else:
        label, colour = ("10" if code[0] == "T" else code[0]), suit_colour(code[1])
    font = _label_font(label, w, h)
    text = font.render(label, True, colour)
    ty = max(1, int(h * 0.06))
    surf.blit(text, text.get_rect(midtop=(w // 2, ty)))
    below = ty + text.get_height()
    room = h - below - max(2, int(h * 0.08))
    if code == JOKER:
        r = max(3, min(w * 0.4, room * 0.5))
        pygame.draw.polygon(surf, theme.GOLD, star_points(w / 2, below + room / 2, r, r * 0.45))
        pygame.draw.polygon(surf, JOKER_INK, star_points(w / 2, below + room / 2, r, r * 0.45), 1)
    else:
        p = pip(code[1], max(4, min(room, int(w * 0.85))))
        surf.blit(p, p.get_rect(center=(w // 2, below + room // 2)))
    return surf


class TileArt:
    """The card art, but a face narrower than `TILE_BELOW_W` comes back as a tile (everything else, backs and
    slots and whole faces, is the real art's)."""

    def __init__(self, art: Any) -> None:
        self.art = art

    def face(self, code: str, w: int, h: int) -> pygame.Surface:
        if w < TILE_BELOW_W:
            return tile(code, int(w), int(h))
        return self.art.face(code, w, h)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.art, name)
