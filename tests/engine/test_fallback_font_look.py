"""Issue 33: a name's Chinese, Hebrew or emoji, drawn by a system font the bundled one lacks, looked a size
smaller and lighter than the Latin letters beside it. The fallback run is drawn at the bundled font's cap
height and weight, at the three text sizes a table uses; a mixed name takes a Latin line's height."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import fonts  # noqa: E402

SIZES = (16, 20, 28)  # the status line and lists (small), dialogs, titles


def _ink(img: pygame.Surface) -> tuple[int, float]:
    """The ink's height and its weight (the sum of coverage, 0..1 a pixel)."""
    rect = img.get_bounding_rect()
    weight = sum(img.get_at((x, y)).a for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))
    return rect.height, weight / 255


def _fallback_for(chain: fonts.ChainFont, ch: str) -> pygame.font.Font:
    runs = chain.runs(ch)
    assert len(runs) == 1 and runs[0][0] is not None, f"this machine has a system font for {ch!r}"
    return runs[0][0]


def _as_drawn(chain: fonts.ChainFont, f: pygame.font.Font, text: str) -> pygame.Surface:
    """``text`` in the fallback font ``f`` as the chain draws a run of it (at its size, weight and scale)."""
    img = f.render(text, True, (255, 255, 255)).convert_alpha()
    k = chain._fit(f)
    return pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), max(1, round(img.get_height() * k))))


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((200, 100))
    yield


@pytest.mark.parametrize("px", SIZES)
@pytest.mark.parametrize("ch", ["游", "ש"])
def test_a_fallback_run_has_the_bundled_fonts_capitals_and_weight(px, ch):
    """The fallback font's own capital H, drawn as the chain draws its runs, stands as tall as the bundled
    font's H (within a pixel, and one for emboldening) and is as heavy (within a quarter): the same letters
    look the same."""
    chain = fonts.ChainFont(px)
    f = _fallback_for(chain, ch)
    if not fonts.has_glyph(f, "H"):
        pytest.fail(f"{f} has no H to compare")
    own_h, own_w = _ink(pygame.font.Font.render(chain, "H", True, (255, 255, 255)).convert_alpha())
    run_h, run_w = _ink(_as_drawn(chain, f, "H"))
    assert -1 <= run_h - own_h <= 2, (px, ch, run_h, own_h)  # emboldening adds up to a pixel
    assert run_w >= 0.75 * own_w, (px, ch, run_w, own_w)


@pytest.mark.parametrize("px", SIZES)
def test_a_mixed_name_is_measured_as_drawn_and_not_clipped(px):
    """The line is as tall as drawn, and a fallback glyph's ink is whole in it (not cut at the top)."""
    chain = fonts.ChainFont(px)
    for name in ("Ann 游戏", "Zoë משחק", "游"):
        img = chain.render(name, True, (255, 255, 255))
        assert chain.size(name) == img.get_size(), name
        assert img.get_bounding_rect().top >= 1 or img.get_height() > chain.get_height(), name
    latin = chain.render("Zoë Ann", True, (255, 255, 255)).get_height()
    assert chain.size("Zoë משחק")[1] <= latin  # Hebrew fits a Latin line
