"""Suit symbols and small drawing helpers, all built from pygame primitives.

The bundled default font has no suit glyphs, so every heart, spade, diamond and
club is a polygon/circle outline.  Shapes are drawn several times larger than
needed and smooth-scaled *down*, which gives anti-aliased edges without ever
enlarging a bitmap.  Results are cached per (suit, size, colour, orientation)
because the same few pip sizes are reused by every card of a size.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

RED = (196, 22, 38)
BLACK = (26, 26, 32)
#: Supersampling factor used when drawing a shape before scaling it down.
SS = 4


BLUE = (20, 78, 196)
GREEN = (18, 128, 52)
#: Suit inks of each deck: Classic (two colours) and Four-colour (spades black, hearts red, diamonds blue,
#: clubs green; the shapes stay the same, so the suit is never told by colour alone).
INKS = {"classic": {"S": BLACK, "H": RED, "D": RED, "C": BLACK},
        "four-colour": {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}}
#: the inks in use (CardArt.set_faces switches them)
SUIT_INKS = INKS["classic"]


def suit_colour(suit: str) -> tuple[int, int, int]:
    """The suit's ink in the deck in use: hearts and diamonds red, clubs and spades near-black (Classic)."""
    return SUIT_INKS.get(suit, BLACK)


def use_inks(style: str) -> None:
    """Switch every suit drawn from now on to the inks of ``style`` ("classic" or "four-colour")."""
    global SUIT_INKS
    SUIT_INKS = INKS.get(style, INKS["classic"])


@lru_cache(maxsize=1)
def _heart_outline() -> tuple[tuple[float, float], ...]:
    """The classic parametric heart, normalised to the unit box (point down)."""
    pts = []
    n = 72
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return tuple(((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in pts)


def _stem(cx: float, top: float, bottom: float, half: float, n: int = 10) -> list[tuple[float, float]]:
    """A flared stem (concave sides) for spades and clubs, in unit coordinates."""
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        y = top + (bottom - top) * t
        hw = 0.03 + half * t ** 2.6
        left.append((cx - hw, y))
        right.append((cx + hw, y))
    return left + right[::-1]


def suit_polys(suit: str) -> tuple[list[list[tuple[float, float]]], list[tuple[float, float, float]]]:
    """Polygons and circles (cx, cy, r) making up ``suit`` in the unit box."""
    heart = list(_heart_outline())
    if suit == "H":
        return [heart], []
    if suit == "D":
        pts = []
        corners = [(0.5, 0.0), (0.92, 0.5), (0.5, 1.0), (0.08, 0.5)]
        for k in range(4):
            (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 4]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            # pull the middle of each side slightly inwards: a gently concave lozenge
            cx, cy = mx + (0.5 - mx) * 0.12, my + (0.5 - my) * 0.12
            for i in range(8):
                t = i / 8
                x = (1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t * t * bx
                y = (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t * t * by
                pts.append((x, y))
        return [pts], []
    if suit == "S":
        body = [(x, (1 - y) * 0.78) for x, y in heart]
        return [body, _stem(0.5, 0.5, 1.0, 0.15)], []
    # clubs: three lobes, a filled heart of the centre and a stem
    r = 0.225
    circles = [(0.5, 0.245, r), (0.255, 0.56, r), (0.745, 0.56, r)]
    centre = [(0.5, 0.3), (0.33, 0.52), (0.5, 0.7), (0.67, 0.52)]
    return [centre, _stem(0.5, 0.5, 1.0, 0.15)], circles


def draw_suit(surf: pygame.Surface, suit: str, rect: pygame.Rect, colour) -> None:
    """Draw ``suit`` filling ``rect`` directly (aliased; callers supersample)."""
    polys, circles = suit_polys(suit)
    x, y, w, h = rect
    for poly in polys:
        pygame.draw.polygon(surf, colour, [(x + px * w, y + py * h) for px, py in poly])
    for cx, cy, r in circles:
        pygame.draw.circle(surf, colour, (x + cx * w, y + cy * h), r * min(w, h))


#: Width/height ratio of each suit symbol.
ASPECT = {"H": 1.0, "D": 0.78, "S": 0.86, "C": 0.92}


def pip(suit: str, height: int, colour: tuple[int, int, int] | None = None,
        flipped: bool = False) -> pygame.Surface:
    """An anti-aliased suit symbol ``height`` pixels tall (per-pixel alpha), in the deck's ink by default."""
    return _pip(suit, max(3, int(height)), tuple(colour or suit_colour(suit)), flipped)


@lru_cache(maxsize=512)
def _pip(suit: str, height: int, colour: tuple[int, int, int], flipped: bool) -> pygame.Surface:
    width = max(3, round(height * ASPECT[suit]))
    big = pygame.Surface((width * SS, height * SS), pygame.SRCALPHA)
    big.fill((*colour, 0))
    draw_suit(big, suit, pygame.Rect(0, 0, width * SS, height * SS), colour)
    out = pygame.transform.smoothscale(big, (width, height))
    if flipped:
        out = pygame.transform.flip(out, False, True)
    return out


def ornate_spade(size: int) -> pygame.Surface:
    """The big decorated ace of spades: an inlaid spade inside a filigree ring."""
    size = max(8, int(size))
    s = size * 2
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    big.fill((*BLACK, 0))
    c = s / 2
    # filigree: a ring of small diamonds and dots around the spade
    ring_r = s * 0.47
    for i in range(24):
        a = 2 * math.pi * i / 24
        px, py = c + ring_r * math.cos(a), c + ring_r * math.sin(a)
        if i % 2 == 0:
            d = s * 0.025
            diamond = [(px, py - d * 1.6), (px + d, py), (px, py + d * 1.6), (px - d, py)]
            pygame.draw.polygon(big, BLACK, diamond)
        else:
            pygame.draw.circle(big, BLACK, (px, py), s * 0.012)
    pygame.draw.circle(big, BLACK, (c, c), s * 0.42, max(1, round(s * 0.006)))
    sw = s * 0.62
    sh = sw / ASPECT["S"] * 0.92
    outer = pygame.Rect(round(c - sw / 2), round(c - sh / 2), round(sw), round(sh))
    draw_suit(big, "S", outer, BLACK)
    # inlay: a white spade outline inside the black one, then black again
    inset = outer.inflate(-sw * 0.12, -sh * 0.12)
    inset.y -= round(sh * 0.025)
    draw_suit(big, "S", inset, (250, 250, 250))
    inner = outer.inflate(-sw * 0.17, -sh * 0.17)
    inner.y -= round(sh * 0.035)
    draw_suit(big, "S", inner, BLACK)
    # a small white star-flower in the heart of the spade
    fx, fy = c, outer.y + sh * 0.42
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        pygame.draw.circle(big, (250, 250, 250), (fx + math.cos(a) * s * 0.03, fy + math.sin(a) * s * 0.03),
                           s * 0.022)
    pygame.draw.circle(big, BLACK, (fx, fy), s * 0.015)
    return pygame.transform.smoothscale(big, (size, size))


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5,
                rot: float = -math.pi / 2) -> list[tuple[float, float]]:
    """Vertices of an ``n``-pointed star."""
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = rot + math.pi * i / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts
