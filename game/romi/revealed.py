"""The computer's cards when "See the computer's cards" is on (Beginner): neat rows by suit in the
computer's own area of the side column.

The area has the same size whether the hand is shown or not (`layout.compute`), so switching never moves
the stock, the sandglass or the buttons; within it each suit has a row, in rank order, jokers on a row of
their own, the rows overlapping so that each card's corner index shows.
"""

from __future__ import annotations

import pygame

from game.cards import JOKER, RANKS, SUITS
from game.engine.cardtable import Placement


def revealed_hand(cpu: tuple[str, ...] | list[str], area: pygame.Rect,
                  card: tuple[int, int]) -> dict[str, Placement]:
    """Placements of the computer's cards, face up, one row per suit (ids ``CODE#cN``)."""
    cw, ch = card
    rows = [sorted((c for c in cpu if c != JOKER and c[1] == s), key=lambda c: RANKS.index(c[0])) for s in SUITS]
    rows = [r for r in rows if r] + ([[c for c in cpu if c == JOKER]] if JOKER in cpu else [])
    pitch = int(min(ch * 0.5, (area.h - ch) / max(1, len(rows) - 1))) if len(rows) > 1 else 0
    out: dict[str, Placement] = {}
    seen: dict[str, int] = {}
    z = 600
    for r, row in enumerate(rows):
        step = min(cw * 0.55, (area.w - cw) / max(1, len(row) - 1)) if len(row) > 1 else 0
        for k, code in enumerate(row):
            seen[code] = seen.get(code, 0) + 1
            out[f"{code}#c{seen[code]}"] = Placement(int(area.x + k * step), area.y + r * pitch, True, z)
            z += 1
    return out
