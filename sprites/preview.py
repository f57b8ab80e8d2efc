"""Contact sheet of every face and back on felt, for looking at the art.

    python -m sprites.preview --out sheet.png [--size 90x126]

Prints how long the faces took to draw, so changes to the art can be checked
against the speed budget too.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from sprites.backs import BACK_NAMES  # noqa: E402
from sprites.cards import ALL_FACES, CardArt  # noqa: E402
from sprites.felt import felt_surface  # noqa: E402
from sprites.icon import make_icon  # noqa: E402


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 90x126, not {text!r}") from None
    if not (8 <= w <= 1000 and 8 <= h <= 1400):
        raise argparse.ArgumentTypeError("card size out of range")
    return w, h


def render_sheet(w: int, h: int) -> tuple[pygame.Surface, float, float]:
    """The sheet, plus face and back drawing times in milliseconds."""
    art = CardArt()
    t0 = time.perf_counter()
    faces = [art.face(c, w, h) for c in ALL_FACES]
    t1 = time.perf_counter()
    backs = [art.back(i, w, h) for i in range(len(BACK_NAMES))]
    t2 = time.perf_counter()
    gap = max(4, w // 8)
    cols = 13
    rows = 4 + 1 + 1 + 1  # four suits, joker+slots, backs (two rows of 6)
    sheet_w = cols * (w + gap) + gap
    sheet_h = (rows + 1) * (h + gap) + gap
    sheet = felt_surface(sheet_w, sheet_h).copy()
    for i, surf in enumerate(faces[:52]):
        x, y = gap + (i % 13) * (w + gap), gap + (i // 13) * (h + gap)
        sheet.blit(art.shadow(w, h), (x + 3, y + 5))
        sheet.blit(surf, (x, y))
    y = gap + 4 * (h + gap)
    sheet.blit(art.shadow(w, h), (gap + 3, y + 5))
    sheet.blit(faces[52], (gap, y))
    for k, label in enumerate((None, "A", "K", "Stock")):
        sheet.blit(art.slot(w, h, label), (gap + (k + 1) * (w + gap), y))
    icon = make_icon()
    sheet.blit(icon, (gap + 5 * (w + gap), y))
    for i, surf in enumerate(backs):
        x, y = gap + (i % 6) * (w + gap), gap + (5 + i // 6) * (h + gap)
        sheet.blit(art.shadow(w, h), (x + 3, y + 5))
        sheet.blit(surf, (x, y))
    return sheet, (t1 - t0) * 1000, (t2 - t1) * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m sprites.preview", description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="PNG file to write")
    ap.add_argument("--size", type=_size, default=(90, 126), help="card size WxH (default 90x126)")
    args = ap.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    sheet, face_ms, back_ms = render_sheet(*args.size)
    pygame.image.save(sheet, args.out)
    print(f"53 faces in {face_ms:.1f} ms, 12 backs in {back_ms:.1f} ms -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
