"""The computer's cards when "See the computer's cards" is on (Beginner): one suit a row, in rank order, in
the computer's own area of the side column.

The area has the same size whether the hand is shown or not (`layout.compute`), so switching never moves
the stock, the sandglass or the buttons.  Each suit starts a row of its own (round 9, c31.png: the suits
ran on from one row into the next, the diamonds starting on the clubs' row, which read as a muddle), fanned
only as far as keeps every corner index, rank and suit, showing; a suit longer than the row goes on in the
next; jokers end the last row when there is room, else have their own.  The cards are as big as lets the
rows lie apart; when they cannot, the rows overlap as a solitaire's fanned piles do, each row's whole index
strip (`sprites.cards.COVERED_STRIP`) showing, the cards no smaller than a readable face; only a hand too
big even then gets smaller cards.
"""

from __future__ import annotations

import pygame

from game.cards import JOKER, RANKS, SUITS
from game.engine.cardtable import Placement

#: the share of a card's width that shows its corner index (rank and suit): the fan's step
INDEX_W = 0.5
#: an ace's index reaches 0.52 of its width (the A is wide): the card after it steps further
ACE_INDEX_W = 0.55
#: a ten's index, two digits and the suit sign, reaches about 0.6 of the card's width (measured on the faces
#: at 40 to 60 px): the card after a ten steps further, or it hid the ten's suit (fresh eyes, 1280x800)
TEN_INDEX_W = 0.66
#: the narrowest card the hand shrinks to (the layout's readable face) to keep its rows apart
MIN_W = 40
#: the least of a card that shows below the next row: the index strip every face keeps its rank and suit in
#: (COVERED_STRIP, 0.25) and a little paper under it, so rows read apart
MIN_PITCH = 0.3
#: the narrowest card a hand too big for the area at MIN_W shrinks to, its indices still whole
LEAST_W = 24


def _suits(cpu: tuple[str, ...] | list[str]) -> list[list[str]]:
    return [sorted((c for c in cpu if c != JOKER and c[1] == s), key=lambda c: RANKS.index(c[0])) for s in SUITS]


def _lines(cpu: tuple[str, ...] | list[str], width: int, w: int) -> list[list[tuple[str, int]]]:
    """The cards in rows of ``width`` px for cards ``w`` wide, one suit a row (a long one goes on in the next):
    (code, x offset) each."""
    def step(code: str) -> int:  # how far the next card lies from this one: its whole index shows
        return max(1, int(w * {"T": TEN_INDEX_W, "A": ACE_INDEX_W}.get(code[0], INDEX_W)))
    lines: list[list[tuple[str, int]]] = []
    for suit in (s for s in _suits(cpu) if s):
        lines.append([])
        x = 0
        for k, code in enumerate(suit):
            if k:
                x += step(suit[k - 1])
                if x + w > width:
                    lines.append([])
                    x = 0
            lines[-1].append((code, x))
    jokers = [c for c in cpu if c == JOKER]
    if jokers:
        last = lines[-1] if lines else []
        x = last[-1][1] + step(last[-1][0]) + max(3, w // 5) if last else 0
        if not last or x + (len(jokers) - 1) * step(JOKER) + w > width:
            lines.append([])
            x = 0
        for k, code in enumerate(jokers):
            lines[-1].append((code, x + k * step(JOKER)))
    return lines


def revealed_hand(cpu: tuple[str, ...] | list[str], area: pygame.Rect,
                  card: tuple[int, int]) -> dict[str, Placement]:
    """Placements of the computer's cards, face up, one suit a row (ids ``CODE#cN``): the largest card size,
    up to the table's, whose rows lie apart in ``area``, else overlapping with every index showing."""
    cw, ch = card

    def fitted(w: int, least: float) -> tuple[int, int, int, list] | None:
        h = ch if w == cw else max(1, round(w * ch / cw))
        lines = _lines(cpu, area.w, w)
        n = max(1, len(lines))
        pitch = min(h + max(2, h // 16), (area.h - h) // (n - 1) if n > 1 else area.h)
        return (w, h, pitch, lines) if pitch >= h * least and h <= area.h else None

    def widths(least_w: int) -> range:  # a pixel at a time: the first that fits is the largest
        return range(cw, min(least_w, cw) - 1, -1)

    found = (next((f for w in widths(MIN_W) if (f := fitted(w, 1.0))), None)  # rows apart
             or next((f for w in widths(MIN_W) if (f := fitted(w, MIN_PITCH))), None)  # fanned like piles
             or next((f for w in widths(LEAST_W) if (f := fitted(w, MIN_PITCH))), None))  # smaller cards
    if found is None:  # nothing reads whole: the smallest cards, their rows as far apart as the area allows
        w = min(LEAST_W, cw)
        h = max(1, round(w * ch / cw))
        lines = _lines(cpu, area.w, w)
        found = (w, h, max(1, (area.h - h) // max(1, len(lines) - 1)), lines)
    w, h, pitch, lines = found
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
