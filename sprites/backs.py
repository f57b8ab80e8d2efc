"""Twelve card-back patterns, each a function drawing onto a plain surface.

Every pattern is scaled from the panel width ``u`` so a back looks the same at
any card size; the caller draws at twice the size and scales down for smooth
lines, then frames the result with the white margin real backs have.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from sprites.shapes import star_points

BACK_NAMES: list[str] = [
    "Royal Blue Lattice",
    "Crimson Diamonds",
    "Emerald Waves",
    "Midnight Stars",
    "Burgundy Checks",
    "Teal Pinstripes",
    "Plum Rosettes",
    "Amber Chevrons",
    "Slate Scales",
    "Forest Tartan",
    "Navy Sunburst",
    "Coral Polka Dots",
]


def _shade(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    """Lighter (f > 0) or darker (f < 0) version of a colour."""
    if f >= 0:
        return tuple(round(v + (255 - v) * f) for v in c)  # type: ignore[return-value]
    return tuple(round(v * (1 + f)) for v in c)  # type: ignore[return-value]


def _lattice(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (30, 62, 156)
    s.fill(bg)
    step = w / 7
    lw = max(1, round(w * 0.012))
    line = _shade(bg, 0.45)
    for m in range(-int(h / step) - 2, int((w + h) / step) + 2):
        pygame.draw.line(s, line, (m * step, 0), (m * step + h, h), lw)
        pygame.draw.line(s, line, (m * step, 0), (m * step - h, h), lw)
    # gold studs at the crossings (x + y and x - y both multiples of step)
    for i in range(0, int(2 * w / step) + 2):
        for j in range(0, int(2 * h / step) + 2):
            if (i + j) % 2 == 0:
                pygame.draw.circle(s, (236, 196, 80), (i * step / 2, j * step / 2), w * 0.02)
    return _shade(bg, 0.6)


def _diamonds(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (168, 26, 42)
    s.fill(bg)
    dw, dh = w / 6, w / 6 * 1.4
    dark = _shade(bg, -0.3)
    for j in range(-1, int(h / dh) * 2 + 3):
        for i in range(-1, int(w / dw) + 2):
            x = i * dw + (dw / 2 if j % 2 else 0)
            y = j * dh / 2
            pts = [(x, y - dh / 2), (x + dw / 2, y), (x, y + dh / 2), (x - dw / 2, y)]
            pygame.draw.polygon(s, dark if (i + j) % 2 else bg, pts)
            pygame.draw.polygon(s, _shade(bg, 0.5), pts, max(1, round(w * 0.008)))
            pygame.draw.circle(s, _shade(bg, 0.7), (x, y), w * 0.012)
    return _shade(bg, 0.65)


def _waves(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (22, 112, 74)
    s.fill(bg)
    gap = w / 9
    lw = max(1, round(w * 0.016))
    n = 0
    y0 = -gap
    while y0 < h + gap:
        col = _shade(bg, 0.45) if n % 2 else _shade(bg, -0.35)
        pts = [(x, y0 + math.sin(x / w * 4 * math.pi + n * 0.6) * gap * 0.55) for x in range(0, w + 4, 3)]
        pygame.draw.lines(s, col, False, pts, lw)
        y0 += gap / 2
        n += 1
    return _shade(bg, 0.6)


def _stars(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (22, 28, 70)
    s.fill(bg)
    step = w / 4.5
    for j in range(int(h / step) + 2):
        for i in range(-1, int(w / step) + 2):
            x = i * step + (step / 2 if j % 2 else 0) + step / 4
            y = j * step + step / 3
            pygame.draw.polygon(s, (236, 200, 90), star_points(x, y, step * 0.28, step * 0.11))
            pygame.draw.circle(s, (140, 150, 210), (x + step / 2, y + step / 2), w * 0.01)
    return (236, 200, 90)


def _checks(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (112, 22, 44)
    s.fill(bg)
    sq = w / 8
    light = _shade(bg, 0.22)
    for j in range(int(h / sq) + 2):
        for i in range(int(w / sq) + 2):
            if (i + j) % 2:
                pygame.draw.rect(s, light, (i * sq, j * sq, math.ceil(sq), math.ceil(sq)))
            else:
                pygame.draw.circle(s, _shade(bg, 0.45), (i * sq + sq / 2, j * sq + sq / 2), sq * 0.12)
    return _shade(bg, 0.6)


def _pinstripes(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (18, 118, 128)
    s.fill(bg)
    band = w / 6
    dark = _shade(bg, -0.25)
    k = -h
    i = 0
    while k < w + h:
        if i % 2:
            pygame.draw.polygon(s, dark, [(k, 0), (k + band, 0), (k + band + h, h), (k + h, h)])
        pygame.draw.line(s, _shade(bg, 0.7), (k, 0), (k + h, h), max(1, round(w * 0.006)))
        k += band
        i += 1
    return _shade(bg, 0.7)


def _rosettes(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (92, 40, 114)
    s.fill(bg)
    r = w / 6
    lw = max(1, round(w * 0.01))
    col = _shade(bg, 0.5)
    dy = r * math.sqrt(3) / 2
    for j in range(-1, int(h / dy) + 2):
        for i in range(-1, int(w / r) + 2):
            x = i * r + (r / 2 if j % 2 else 0)
            y = j * dy
            pygame.draw.circle(s, col, (x, y), r, lw)
            pygame.draw.circle(s, _shade(bg, 0.75), (x, y), w * 0.014)
    return _shade(bg, 0.7)


def _chevrons(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (206, 128, 26)
    s.fill(bg)
    step = w / 7
    band = step * 0.5
    dark = (120, 62, 16)
    y = -step
    n = 0
    while y < h + step:
        pts_top = [(x * step, y + (band if x % 2 else 0)) for x in range(int(w / step) + 2)]
        pts_bot = [(px, py + band * 0.55) for px, py in pts_top][::-1]
        pygame.draw.polygon(s, dark if n % 2 == 0 else (250, 232, 190), pts_top + pts_bot)
        y += step * 0.75
        n += 1
    return (250, 232, 190)


def _scales(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (62, 78, 96)
    s.fill(bg)
    r = w / 10
    lw = max(1, round(w * 0.01))
    j = 0
    y = -r
    while y < h + r:
        for i in range(-1, int(w / (2 * r)) + 2):
            x = i * 2 * r + (r if j % 2 else 0)
            pygame.draw.circle(s, _shade(bg, 0.12 if (i + j) % 3 else -0.15), (x, y), r)
            pygame.draw.circle(s, _shade(bg, 0.5), (x, y), r, lw)
        y += r * 0.7
        j += 1
    return _shade(bg, 0.6)


def _tartan(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (28, 82, 46)
    s.fill(bg)
    over = pygame.Surface((w, h), pygame.SRCALPHA)
    unit = w / 3
    for k in range(int(h / unit) + 2):
        for (off, width, col) in ((0.0, 0.32, (12, 30, 60, 120)), (0.5, 0.08, (190, 30, 40, 170)),
                                  (0.75, 0.03, (240, 210, 80, 200))):
            pos = (k + off) * unit
            band = max(1, round(unit * width))
            pygame.draw.rect(over, col, (0, pos, w, band))
            pygame.draw.rect(over, col, (pos, 0, band, h))
    s.blit(over, (0, 0))
    return (240, 210, 80)


def _sunburst(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (22, 36, 84)
    s.fill(bg)
    cx, cy = w / 2, h / 2
    big = math.hypot(w, h)
    n = 36
    for i in range(n):
        if i % 2:
            continue
        a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
        pygame.draw.polygon(s, _shade(bg, 0.2), [(cx, cy), (cx + big * math.cos(a0), cy + big * math.sin(a0)),
                                                 (cx + big * math.cos(a1), cy + big * math.sin(a1))])
    lw = max(1, round(w * 0.01))
    for k in range(1, 7):
        pygame.draw.circle(s, _shade(bg, 0.4), (cx, cy), w * 0.11 * k, lw)
    pygame.draw.circle(s, (230, 190, 80), (cx, cy), w * 0.16)
    pygame.draw.polygon(s, bg, star_points(cx, cy, w * 0.14, w * 0.06, 8))
    pygame.draw.circle(s, (230, 190, 80), (cx, cy), w * 0.035)
    return (230, 190, 80)


def _polka(s: pygame.Surface, w: int, h: int) -> tuple[int, int, int]:
    bg = (214, 78, 92)
    s.fill(bg)
    step = w / 5
    for j in range(-1, int(h / step) * 2 + 2):
        for i in range(-1, int(w / step) + 2):
            x = i * step + (step / 2 if j % 2 else 0)
            y = j * step / 2
            pygame.draw.circle(s, (252, 236, 222), (x, y), step * 0.16)
    return (252, 236, 222)


PATTERNS: list[Callable[[pygame.Surface, int, int], tuple[int, int, int]]] = [
    _lattice, _diamonds, _waves, _stars, _checks, _pinstripes,
    _rosettes, _chevrons, _scales, _tartan, _sunburst, _polka,
]
assert len(PATTERNS) == len(BACK_NAMES)


def back_panel(index: int, w: int, h: int, radius: int) -> pygame.Surface:
    """The patterned inner panel of back ``index`` (0..11), ``w`` x ``h``, white-cornered."""
    w, h = max(2, w), max(2, h)
    big = pygame.Surface((w * 2, h * 2))
    frame = PATTERNS[index](big, w * 2, h * 2)
    lw = max(1, round(w * 0.02))
    inset = max(2, round(w * 0.05))
    pygame.draw.rect(big, frame, (inset, inset, w * 2 - 2 * inset, h * 2 - 2 * inset), lw,
                     border_radius=max(0, radius))
    out = pygame.transform.smoothscale(big, (w, h))
    if radius > 0:
        corners = pygame.Surface((w, h), pygame.SRCALPHA)
        corners.fill((255, 255, 255, 255))
        pygame.draw.rect(corners, (0, 0, 0, 0), (0, 0, w, h), border_radius=radius)
        out.blit(corners, (0, 0))
    return out
