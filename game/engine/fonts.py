"""One font fallback chain for every text the program draws: the bundled font first, then system fonts.

pygame's bundled font (freesansbold) travels with the program into the packaged executable, but it has Latin,
Greek and Cyrillic letters only.  A name a player types may be Hebrew, Chinese, Japanese, Korean or emoji, and
it must be drawn wherever it appears (the name field, a confirmation, the status line, a list), so every font
`theme.font` hands out is a `ChainFont`: it draws each run of characters with the first font that has them.

The system fonts are found through the platform, only when a character the bundled font lacks is first drawn
(never at start-up, and ASCII text never looks): fontconfig's ``fc-list`` on Linux and the BSDs (a subprocess
bounded by `LOOKUP_TIMEOUT`, all lookups together by `LOOKUP_BUDGET`), the font folders of Windows and macOS
(known files, tried in order).  Every answer is cached per character, every font per file and size.  Where
nothing has the character it is drawn as the bundled font's box, as before.
"""

from __future__ import annotations

import functools
import os
import sys
import time
import unicodedata
from pathlib import Path

import pygame

#: seconds one fontconfig query may take, and all of them together in one run: past that, boxes
LOOKUP_TIMEOUT = 1.0
LOOKUP_BUDGET = 3.0
#: a private-use character no font has: its metrics are the font's "missing glyph" box
_NO_GLYPH = "\U000f0000"
_PROBE_PX = 40

#: Windows: %WINDIR%\Fonts files, in the order tried (Segoe for Latin and symbols, then emoji, CJK, Hebrew...)
WINDOWS_FILES = ("segoeui.ttf", "seguisym.ttf", "seguiemj.ttf", "msyh.ttc", "msyh.ttf", "YuGothM.ttc", "meiryo.ttc",
                 "msgothic.ttc", "malgun.ttf", "simsun.ttc", "arial.ttf", "tahoma.ttf", "Nirmala.ttf", "ebrima.ttf",
                 "arialuni.ttf")
#: macOS: files in its font folders, in the order tried
MAC_FILES = ("Helvetica.ttc", "Apple Color Emoji.ttc", "PingFang.ttc", "Hiragino Sans GB.ttc",
             "ヒラギノ角ゴシック W3.ttc", "AppleSDGothicNeo.ttc", "ArialHB.ttc", "Arial Unicode.ttf",
             "STHeiti Medium.ttc", "Apple Symbols.ttf", "LucidaGrande.ttc")
MAC_DIRS = ("/System/Library/Fonts", "/System/Library/Fonts/Supplemental", "/Library/Fonts",
            "~/Library/Fonts")

_spent = 0.0  # seconds spent in fontconfig so far
_char_font: dict[str, str | None] = {}  # character -> the file of the fallback font that draws it (None: none)
_found: list[str] = []  # fallback files already used, tried first for the next character


def _box(font: pygame.font.Font) -> tuple | None:
    return font.metrics(_NO_GLYPH)[0]


def has_glyph(font: pygame.font.Font, ch: str) -> bool:
    """Whether ``font`` draws ``ch`` (not its missing-glyph box)."""
    m = font.metrics(ch)[0]
    return m is not None and m != _box(font)


@functools.cache
def _probe(path: str | None) -> pygame.font.Font | None:
    """The font of ``path`` (None: the bundled one) at a probe size, for coverage questions; None if unreadable."""
    try:
        return pygame.font.Font(path, _PROBE_PX)
    except (OSError, pygame.error, ValueError):
        return None


@functools.lru_cache(maxsize=4096)
def bundled_has(ch: str) -> bool:
    """Whether the bundled font draws ``ch`` (combining marks and joiners go with the letter before them)."""
    if ch.isascii():
        return True
    probe = _probe(None)
    return probe is not None and has_glyph(probe, ch)


def _score(path: str) -> tuple:
    """Fonts to prefer among several that have a character: a plain sans face, not bold, italic or mono."""
    name = Path(path).name.lower()
    return (any(w in name for w in ("bold", "italic", "oblique", "light", "thin", "black", "heavy")),
            "mono" in name, "serif" in name and "sans" not in name, "sans" not in name, len(name))


def _fontconfig(ch: str) -> list[str]:
    """The files fontconfig says have ``ch``, best first; [] when it is missing, slow or out of budget."""
    global _spent
    import shutil
    import subprocess  # here, not at start-up: most runs never meet a letter the bundled font lacks

    tool = shutil.which("fc-list")
    if tool is None or _spent >= LOOKUP_BUDGET:
        return []
    start = time.monotonic()
    try:
        out = subprocess.run([tool, "-f", "%{file}\n", f":charset={ord(ch):x}"], capture_output=True, text=True,
                             timeout=min(LOOKUP_TIMEOUT, LOOKUP_BUDGET - _spent), check=False).stdout
    except (OSError, subprocess.SubprocessError):
        out = ""
    finally:
        _spent += time.monotonic() - start
    files = [line.strip() for line in out.splitlines() if line.strip().lower().endswith((".ttf", ".otf", ".ttc"))]
    return sorted(dict.fromkeys(files), key=_score)


def _folder_files() -> list[str]:
    """The known fallback files present in the Windows or macOS font folders, in the order tried."""
    if sys.platform == "win32":
        root = Path(os.environ.get("WINDIR", r"C:\Windows")) / "Fonts"
        return [str(root / f) for f in WINDOWS_FILES if (root / f).is_file()]
    if sys.platform == "darwin":
        dirs = [Path(d).expanduser() for d in MAC_DIRS]
        return [str(d / f) for f in MAC_FILES for d in dirs if (d / f).is_file()]
    return []


@functools.lru_cache(maxsize=1)
def _platform_files() -> tuple[str, ...]:
    return tuple(_folder_files())


def _candidates(ch: str) -> list[str]:
    if sys.platform in ("win32", "darwin"):
        return list(_platform_files())
    return _fontconfig(ch)


def fallback_file(ch: str) -> str | None:
    """The file of a system font that draws ``ch`` (cached), or None: fonts already in use are tried first."""
    if ch in _char_font:
        return _char_font[ch]
    found = None
    for path in [*_found, *(p for p in _candidates(ch) if p not in _found)]:
        probe = _probe(path)
        if probe is not None and has_glyph(probe, ch):
            found = path
            break
    if found is not None and found not in _found:
        _found.append(found)
    _char_font[ch] = found
    return found


#: files whose glyphs come in one size only (colour-emoji bitmaps): their runs are scaled to the line
_fixed_size: dict[str, bool] = {}


def fixed_size(path: str) -> bool:
    """Whether the font of ``path`` draws at one size whatever size is asked (Noto Color Emoji's 109 px
    bitmaps), so its runs must be scaled to the line; an outline font is sized by `_sized` instead."""
    if path not in _fixed_size:
        try:
            small, big = pygame.font.Font(path, 12), pygame.font.Font(path, 48)
            _fixed_size[path] = big.get_height() < 2 * small.get_height()
        except (OSError, pygame.error, ValueError):
            _fixed_size[path] = False
    return _fixed_size[path]


class FallbackFont(pygame.font.Font):
    """A system font drawing what the bundled one lacks; ``fixed``: its glyphs come in one size (`fixed_size`)."""

    def __init__(self, path: str, px: int, fixed: bool) -> None:
        super().__init__(path, px)
        self.fixed = fixed


@functools.lru_cache(maxsize=256)
def _sized(path: str, px: int, bold: bool) -> FallbackFont | None:
    """``path`` at the size whose capitals stand as tall as the bundled font's at ``px`` (fonts differ in how
    much of their nominal size a capital takes), drawn bold: the bundled font is freesansbold, and a name's
    Hebrew or Chinese in a regular face looked lighter than the Latin letters beside it (issue 33)."""
    base, probe = _probe(None), _probe(path)
    if base is None or probe is None:
        return None
    if has_glyph(probe, "H"):  # capitals as tall as the bundled font's
        ratio = base.metrics("H")[0][3] / max(1, probe.metrics("H")[0][3])
    else:
        ratio = base.get_ascent() / max(1, probe.get_ascent())
    try:
        f = FallbackFont(path, max(6, round(px * min(1.6, max(0.5, ratio)))), fixed_size(path))
    except (OSError, pygame.error, ValueError):
        return None
    f.set_bold(not f.fixed)  # a bitmap emoji has no outline to thicken
    return f


def shown_order(text: str) -> str:
    """``text`` in the order it is seen: the text renderer lays every string out left to right, so each stretch
    of right-to-left words (Hebrew, Arabic: a whole name, or a name inside a sentence, with the spaces between
    its words) is turned around; digits, punctuation and left-to-right letters stay as typed."""
    if text.isascii():
        return text
    kinds = [unicodedata.bidirectional(ch) for ch in text]
    out, i = [], 0
    while i < len(text):
        if kinds[i] not in ("R", "AL"):
            out.append(text[i])
            i += 1
            continue
        end = j = i
        while j < len(text) and kinds[j] in ("R", "AL", "WS", "NSM"):
            if kinds[j] in ("R", "AL"):
                end = j
            j += 1
        out.append(text[i:end + 1][::-1])
        i = end + 1
    return "".join(out)


class ChainFont(pygame.font.Font):
    """The bundled font at ``px`` that draws (and measures) the characters it lacks with system fonts."""

    def __init__(self, px: int, bold: bool = False) -> None:
        super().__init__(None, px)
        self.set_bold(bold)
        self.px, self.is_bold = px, bold

    def runs(self, text: str) -> list[tuple[pygame.font.Font | None, str]]:
        """``text`` cut into runs, each with the font that draws it (None: the bundled font itself)."""
        if text.isascii():
            return [(None, text)]
        out: list[tuple[pygame.font.Font | None, str]] = []
        for i, ch in enumerate(text):
            if out and (unicodedata.category(ch) in ("Mn", "Me", "Cf")
                        or ch == " " and out[-1][0] is not None and not text[i + 1:i + 2].isascii()):
                # a mark, joiner or emoji variation stays with its letter (one glyph, one font); a space between
                # two words of one script stays in their run (a Hebrew name is one right-to-left run)
                out[-1] = (out[-1][0], out[-1][1] + ch)
                continue
            font = None
            if not bundled_has(ch):
                path = fallback_file(ch)
                font = _sized(path, self.px, self.is_bold) if path else None
            if out and out[-1][0] is font:
                out[-1] = (font, out[-1][1] + ch)
            else:
                out.append((font, ch))
        return out

    def _fit(self, f: pygame.font.Font) -> float:
        """How much a run in ``f`` is shrunk to stand in the line: a colour-emoji font has one bitmap size
        (109 px in Noto Color Emoji), which is scaled to the line's height. An outline font is already sized
        to the bundled font's capitals (`_sized`) and is not shrunk again: shrinking it to its own taller
        line (CJK fonts keep much room above and below) drew Chinese and Hebrew a size smaller (issue 33)."""
        if not self._fixed(f):
            return 1.0
        return min(1.0, self.get_height() * 1.1 / max(1, f.get_height()))

    @staticmethod
    def _fixed(f: pygame.font.Font) -> bool:
        return isinstance(f, FallbackFont) and f.fixed

    def _height(self, runs: list[tuple[pygame.font.Font | None, str]]) -> tuple[int, int]:
        """The common baseline (ascent) and the height of a line of ``runs``: the bundled font's own line
        (as tall as a Latin line), grown only where a glyph's ink reaches past it (an ideograph a pixel above
        the capitals) or a scaled bitmap run stands taller. Outline runs are placed by their ink, not by their
        fonts' line boxes: CJK fonts keep much room above and below, which made mixed lines tall."""
        ascent, descent = self.get_ascent(), self.get_height() - self.get_ascent()
        for f, t in runs:
            if f is None:
                continue
            if self._fixed(f):
                k = self._fit(f)
                ascent = max(ascent, round(f.get_ascent() * k))
                descent = max(descent, round((f.get_height() - f.get_ascent()) * k))
                continue
            ink = [m for m in f.metrics(t) if m is not None]
            bold = 1 if f.get_bold() else 0
            ascent = max([ascent, *(m[3] + bold for m in ink)])
            descent = max([descent, *(-m[2] + bold for m in ink)])
        return ascent, ascent + descent

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        runs = self.runs(str(text))
        if len(runs) == 1 and runs[0][0] is None:
            return super().size(text)
        w = sum((round(f.size(t)[0] * self._fit(f)) if f is not None else pygame.font.Font.size(self, t)[0])
                for f, t in runs)
        return w, self._height(runs)[1]

    def render(self, text, antialias, color, bgcolor=None, wraplength: int = 0) -> pygame.Surface:  # type: ignore[override]
        text = shown_order(str(text))
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][0] is None:
            return super().render(text, antialias, color, bgcolor, wraplength)
        parts = []
        for f, t in runs:
            if f is None:
                parts.append((super().render(t, antialias, color, bgcolor), self.get_ascent()))
                continue
            img, k = f.render(t, antialias, color, bgcolor), self._fit(f)
            if k < 1.0:
                img = pygame.transform.smoothscale(img.convert_alpha() if pygame.display.get_surface() else img,
                                                   (max(1, round(img.get_width() * k)),
                                                    max(1, round(img.get_height() * k))))
            parts.append((img, round(f.get_ascent() * k)))
        ascent, height = self._height(runs)
        out = pygame.Surface((sum(img.get_width() for img, _ in parts), height), pygame.SRCALPHA)
        out.fill((*bgcolor[:3], 255) if bgcolor is not None else (0, 0, 0, 0))
        x = 0
        for img, a in parts:
            # runs sit side by side on one baseline; MAX keeps each run's own pixels exactly on the clear sheet
            out.blit(img, (x, ascent - a), special_flags=0 if bgcolor is not None else pygame.BLEND_RGBA_MAX)
            x += img.get_width()
        return out
