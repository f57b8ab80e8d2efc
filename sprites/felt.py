"""The green baize of the card table.

A felt needs texture to look like cloth rather than paint, but filling a
1280x800 window pixel by pixel in Python would take seconds.  Instead a small
fine-grain noise tile is made once per colour and tiled, and a tiny light map
(soft mottling times a radial vignette) is smooth-scaled up and multiplied in:
a handful of blits in all.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

DEFAULT_FELT = (30, 104, 58)
_TILE = 96


@lru_cache(maxsize=1)
def _grain_tiles() -> tuple[pygame.Surface, pygame.Surface]:
    """Two grey noise tiles, one to add and one to subtract (values 0..7).

    Random bytes are mapped to -7..7 with ``bytes.translate`` (C speed), split
    into their positive and negative parts and tripled into RGB.
    """
    raw = random.Random(1729).randbytes(_TILE * _TILE)
    add_t = bytes(max(0, b % 15 - 7) for b in range(256))
    sub_t = bytes(max(0, 7 - b % 15) for b in range(256))

    def rgb(grey: bytes) -> pygame.Surface:
        tripled = bytearray(len(grey) * 3)
        for k in range(3):
            tripled[k::3] = grey
        return pygame.image.frombuffer(bytes(tripled), (_TILE, _TILE), "RGB").copy()

    return rgb(raw.translate(add_t)), rgb(raw.translate(sub_t))


@lru_cache(maxsize=1)
def _shading_small() -> pygame.Surface:
    """A 48x30 light map: soft mottling (a few random low waves) times a radial vignette.

    Scaled up to the window and multiplied in, it gives the cloth uneven light
    and darker edges in a single blit.
    """
    rng = random.Random(99)
    waves = [(rng.uniform(1.0, 3.0), rng.uniform(1.0, 3.0), rng.uniform(0, 6.28)) for _ in range(4)]
    w, h = 48, 30
    data = bytearray()
    for j in range(h):
        for i in range(w):
            u, v = (i + 0.5) / w, (j + 0.5) / h
            dx, dy = u * 2 - 1, v * 2 - 1
            d = min(1.0, (dx * dx + dy * dy) / 2) ** 1.2
            mottle = sum(math.sin(a * u * 6.28 + b * v * 6.28 + p) for a, b, p in waves) / len(waves)
            level = (1 - 0.42 * d) * (0.955 + 0.04 * mottle)
            c = max(0, min(255, round(255 * level)))
            data += bytes((c, c, c))
    return pygame.image.frombuffer(bytes(data), (w, h), "RGB").copy()


@lru_cache(maxsize=8)
def _cloth_tile(colour: tuple[int, int, int]) -> pygame.Surface:
    """The base colour with the fine grain already added: tiled with plain (fast) blits."""
    add, sub = _grain_tiles()
    tile = pygame.Surface((_TILE, _TILE))
    tile.fill(colour)
    tile.blit(add, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    tile.blit(sub, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    return tile


_cache: dict[tuple, pygame.Surface] = {}


#: The cloth every table is covered with (Options ▸ High-contrast table darkens it: game/engine/view.py).
CLOTH = DEFAULT_FELT


def felt_surface(w: int, h: int, colour: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A textured, vignetted felt of ``w`` x ``h`` pixels (cached per size and colour)."""
    w, h = max(1, int(w)), max(1, int(h))
    colour = colour or CLOTH
    colour = (int(colour[0]), int(colour[1]), int(colour[2]))
    conv = pygame.display.get_surface() is not None
    key = (w, h, colour, conv)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    s = pygame.Surface((w, h))
    tile = _cloth_tile(colour)
    s.fblits([(tile, (x, y)) for y in range(0, h, _TILE) for x in range(0, w, _TILE)])
    light = pygame.transform.smoothscale(_shading_small(), (w, h))
    s.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if conv:
        s = s.convert()
    if len(_cache) > 6:
        _cache.clear()
    _cache[key] = s
    return s
