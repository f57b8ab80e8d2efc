"""Dev tool: every table, open menu and dialog at 800x600, 1280x800 and 1920x1080, as PNGs, with the layout
problems the layout test would report.

    python tools/layout_shots.py OUTDIR [GAME ...]
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PARLOUR_HOME", tempfile.mkdtemp(prefix="parlour-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from tests.scenes.layout_survey import GAMES, SIZES, survey  # noqa: E402


def main(out: Path, games: list[str]) -> int:
    out.mkdir(parents=True, exist_ok=True)
    bad = 0
    for game in games:
        for size in SIZES:
            for n, frame in enumerate(survey(game, size, keep_images=True)):
                slug = re.sub(r"[^a-z0-9]+", "-", frame.name.lower()).strip("-")[:50]
                path = out / f"{game}-{size[0]}x{size[1]}-{n:02d}-{slug}.png"
                pygame.image.save(frame.image, str(path))
                for p in frame.problems(size):
                    bad += 1
                    print(f"{game} {size[0]}x{size[1]} {p}")
    print(f"{bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2:] or GAMES))
