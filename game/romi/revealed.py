"""The computer's cards when "See the computer's cards" is on (Beginner): by suit, in rank order, in the
computer's own area of the side column.

The area has the same size whether the hand is shown or not (`layout.compute`), so switching never moves
the stock, the sandglass or the buttons.  Within it the cards lie in lines that never overlap one another:
each suit is a run of cards fanned only as far as keeps every corner index showing, suits side by side
while a line has room (a suit longer than a line goes on at the next), jokers last; the cards are as big
as lets the whole hand fit, and only a hand too big for the area at the smallest readable card has its
lines overlap (each card's top, its index, always showing).  Why: suit rows stacked half over each
other (clubs half hidden under the diamonds, worse at 800×600) read as a muddle.
"""

from __future__ import annotations

import pygame

from game.cards import JOKER, RANKS, SUITS
from game.engine.cardtable import Placement

#: the share of a card's width that shows its corner index (rank over suit): the fan's least step
INDEX_W = 0.5
#: a ten's index, two digits and the suit sign, reaches about 0.6 of the card's width (measured on the faces
#: at 40 to 60 px): the card after a ten steps further, or it hid the ten's suit (fresh eyes, 1280x800)
TEN_INDEX_W = 0.66
#: the narrowest card the hand shrinks to (the layout's readable face) before lines may overlap
MIN_W = 40
#: when even then the lines do not fit, the least of a card that shows below the next line (its index)
MIN_PITCH = 0.35


def _suits(cpu: tuple[str, ...] | list[str]) -> list[list[str]]:
    rows = [sorted((c for c in cpu if c != JOKER and c[1] == s), key=lambda c: RANKS.index(c[0])) for s in SUITS]
    return [r for r in rows if r] + ([[c for c in cpu if c == JOKER]] if JOKER in cpu else [])


def _lines(suits: list[list[str]], width: int, w: int) -> list[list[tuple[str, int]]]:
    """The cards in lines of ``width`` px for cards ``w`` wide: (code, x offset) each."""
    space = max(3, w // 5)

    def step(code: str) -> int:  # how far the next card lies from this one: its whole index shows
        return max(1, int(w * (TEN_INDEX_W if code[0] == "T" else INDEX_W)))
    lines: list[list[tuple[str, int]]] = [[]]
    x = 0
    for suit in suits:
        whole = w + sum(step(c) for c in suit[:-1])
        if lines[-1]:
            if x + space + (whole if whole <= width else w) > width:  # a suit that fits a line is not broken
                lines.append([])
                x = 0
            else:
                x += space
        for k, code in enumerate(suit):
            if k and x + step(suit[k - 1]) + w > width:  # a suit longer than the line goes on at the next
                lines.append([])
                x = 0
            elif k:
                x += step(suit[k - 1])
            lines[-1].append((code, x))
        x += w
    return lines


def revealed_hand(cpu: tuple[str, ...] | list[str], area: pygame.Rect,
                  card: tuple[int, int]) -> dict[str, Placement]:
    """Placements of the computer's cards, face up, by suit (ids ``CODE#cN``): the largest card size, up to
    the table's, whose lines all fit ``area``."""
    cw, ch = card
    suits = _suits(cpu)
    scale = 1.0
    while True:  # the largest card whose lines fit without overlapping
        w, h = max(1, int(cw * scale)), max(1, int(ch * scale))
        gap = max(2, h // 16)
        lines = _lines(suits, area.w, w)
        pitch = h + gap
        if len(lines) * h + (len(lines) - 1) * gap <= area.h:
            break
        if int(cw * (scale - 0.05)) < min(MIN_W, cw):  # as small as reads: the lines overlap a little
            pitch = max(int(h * MIN_PITCH), (area.h - h) // (len(lines) - 1))
            break
        scale = round(scale - 0.05, 2)
    size = None if (w, h) == (cw, ch) else (w, h)
    out: dict[str, Placement] = {}
    seen: dict[str, int] = {}
    z = 600
    for r, line in enumerate(lines):
        for code, x in line:
            seen[code] = seen.get(code, 0) + 1
            out[f"{code}#c{seen[code]}"] = Placement(area.x + x, area.y + r * pitch, True, z, size)
            z += 1
    return out
