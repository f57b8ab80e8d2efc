"""The card renderer: faces, backs, empty-pile slots and shadows at any size.

Every surface is drawn from primitives at exactly the size asked for (so cards
stay crisp when the window is resized; a bitmap is never enlarged) and cached.
When a display mode is set, cards are ``convert()``-ed to the screen format
with a colour key for the rounded corners and RLE acceleration, which keeps a
table of ~110 cards far under a millisecond a frame.  Without a display (tests,
screenshots, the dummy driver) plain surfaces are returned; the cache key
remembers which kind a surface is, so setting a mode later upgrades lazily.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.cards import JOKER, RANKS, SUITS
from sprites.backs import BACK_NAMES, back_panel
from sprites.court import court_panel, joker_picture
from sprites.shapes import BLACK, RED, ornate_spade, pip, suit_colour, use_inks

#: how solid an empty pile's label is ("Discards", "Stock"): faint on the felt, solid in High contrast (a label
#: at 120 of 255 was 3.75:1 there); game.engine.view.apply sets it with the table's colours
SLOT_LABEL_ALPHA = 120

__all__ = ["CardArt", "BACK_NAMES", "ALL_FACES", "FACES", "KEY", "with_alpha"]

#: Options ▸ Card faces: Classic, or Large index (a big rank and suit in two corners, readable on a 40-pixel
#: card, and a plain centre).  Four-colour suits (blue diamonds, green clubs) are a second, independent choice
#: (`CardArt.set_faces`); "four-colour" as a face style is the name older settings files give Classic with them.
FACES = ("classic", "large-index")
#: The least share of a card's height that a fanned pile leaves showing of a covered card (Aces Up's and Forty
#: Thieves' piles keep at least this much): every face style prints its whole corner index — rank *and* suit —
#: inside it, so 2♦ under a pile is never read as 2♥.
COVERED_STRIP = 0.25

#: The colour key marking the transparent rounded corners.  Nothing in the art is this
#: dark (the darkest ink is ~26), and if a caller smooth-scales or rotates a card, the
#: key bleeding into the edge reads as a dark border rather than a pink fringe.
KEY = (1, 2, 3)
BORDER = (58, 58, 64)
#: Classic faces narrower than this (Romi's palette at 1280x800 is 40 px) print rank and suit side by side,
#: large, across the top, and their picture below: a narrow index column left the suit sign 4-6 px tall
COMPACT_W = 64
#: the card's border width in pixels, narrower than the 2 px step between the cards of a squared pile
PILE_EDGE = 1
PAPER = (255, 255, 255)
ALL_FACES: list[str] = [r + s for s in SUITS for r in RANKS] + [JOKER]

# Classic pip positions in the pip area: columns 0 (left), 0.5, 1 (right); rows 0 (top) .. 1 (bottom).
_L, _M, _R = 0.0, 0.5, 1.0
_THIRD = 1 / 3
PIP_LAYOUT: dict[str, list[tuple[float, float]]] = {
    "2": [(_M, 0), (_M, 1)],
    "3": [(_M, 0), (_M, 0.5), (_M, 1)],
    "4": [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    "5": [(_L, 0), (_R, 0), (_M, 0.5), (_L, 1), (_R, 1)],
    "6": [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "7": [(_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "8": [(_L, 0), (_R, 0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1), (_R, 1)],
    "9": [(_L, 0), (_R, 0), (_L, _THIRD), (_R, _THIRD), (_M, 0.5),
          (_L, 2 * _THIRD), (_R, 2 * _THIRD), (_L, 1), (_R, 1)],
    "T": [(_L, 0), (_R, 0), (_M, 1 / 6), (_L, _THIRD), (_R, _THIRD),
          (_L, 2 * _THIRD), (_R, 2 * _THIRD), (_M, 5 / 6), (_L, 1), (_R, 1)],
}

_fonts: dict[int, pygame.font.Font] = {}


def _font(px: int) -> pygame.font.Font:
    """pygame's bundled default font (freesansbold) at ``px`` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    px = max(6, int(px))
    f = _fonts.get(px)
    if f is None:
        f = _fonts[px] = pygame.font.Font(None, px)
    return f


def _text(text: str, cap: int, colour, max_w: int | None = None) -> pygame.Surface:
    """Anti-aliased text with capitals ``cap`` pixels tall, cropped to its ink.

    Squeezed horizontally (scaled down only) when wider than ``max_w``.  The
    default font's capitals are about half its nominal size.
    """
    surf = _font(round(cap * 2)).render(text, True, colour)
    rect = surf.get_bounding_rect()
    surf = surf.subsurface(rect).copy() if rect.w and rect.h else surf
    if max_w and surf.get_width() > max_w:
        surf = pygame.transform.smoothscale(surf, (max_w, surf.get_height()))
    return surf


def _corner_radius(w: int) -> int:
    return max(2, round(w * 0.065))


def _rounded_blank(w: int, h: int, fill=PAPER, border=BORDER) -> pygame.Surface:
    """A card blank: ``fill`` with a one-pixel border and anti-aliased keyed corners.

    The corner pixels are computed from their coverage (3x3 samples each), so
    the rounded edge is smooth yet every pixel outside it is exactly ``KEY``.
    The border is one pixel at every size: the piles draw the cards beneath 2 px apart (a stock's
    thickness), and a border as wide as that step merged their edges into a dark block (1920x1080).
    """
    s = pygame.Surface((w, h))
    s.fill(fill)
    bw = PILE_EDGE
    pygame.draw.rect(s, border, (0, 0, w, h), bw)
    r = _corner_radius(w)
    inner_r = r - bw
    n = 3
    for j in range(r):
        for i in range(r):
            out = ring = inside = 0
            for b in range(n):
                for a in range(n):
                    dx = r - (i + (a + 0.5) / n)
                    dy = r - (j + (b + 0.5) / n)
                    d = (dx * dx + dy * dy) ** 0.5
                    if d > r:
                        out += 1
                    elif d > inner_r:
                        ring += 1
                    else:
                        inside += 1
            total = n * n
            if out * 2 > total:
                col = KEY
            else:
                f = inside / total
                col = tuple(round(fill[k] * f + border[k] * (1 - f)) for k in range(3))
            for x, y in ((i, j), (w - 1 - i, j), (i, h - 1 - j), (w - 1 - i, h - 1 - j)):
                s.set_at((x, y), col)
    return s


def with_alpha(card: pygame.Surface) -> pygame.Surface:
    """A per-pixel-alpha copy of a keyed card, for rotating or smooth-scaling it cleanly."""
    out = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    out.blit(card, (0, 0))
    return out


def _finish(s: pygame.Surface, converted: bool) -> pygame.Surface:
    """Key out the corners; convert to the display format when one exists."""
    if converted:
        s = s.convert()
        s.set_colorkey(KEY, pygame.RLEACCEL)
    else:
        s.set_colorkey(KEY)
    return s


class CardArt:
    """A cache of card surfaces, keyed by what is drawn and its size.

    ``max_sizes`` bounds memory when the window is resized repeatedly: the
    least recently used card size is dropped as a whole.
    """

    def __init__(self, max_sizes: int = 4) -> None:
        self._sizes: OrderedDict[tuple[int, int], dict[tuple, pygame.Surface]] = OrderedDict()
        self._blanks: dict[tuple, pygame.Surface] = {}
        self.max_sizes = max_sizes
        self.faces = "classic"
        self.four_colour = False

    def set_faces(self, style: str, four_colour: bool = False) -> None:
        """Draw faces in ``style`` (one of `FACES`) with two- or four-colour suits from now on: the cached faces
        are forgotten when either changes.  The two are independent (Large index in four colours is a face);
        the old style name "four-colour" is Classic in four colours."""
        if style == "four-colour":
            style, four_colour = "classic", True
        style = style if style in FACES else "classic"
        four_colour = bool(four_colour)
        use_inks("four-colour" if four_colour else "classic")  # the inks are shared by every CardArt
        if (style, four_colour) != (self.faces, self.four_colour):
            self.faces, self.four_colour = style, four_colour
            self.clear()

    # -- cache plumbing -------------------------------------------------------------------------
    def _bucket(self, w: int, h: int) -> dict[tuple, pygame.Surface]:
        key = (w, h)
        bucket = self._sizes.get(key)
        if bucket is None:
            bucket = self._sizes[key] = {}
            while len(self._sizes) > self.max_sizes:
                self._sizes.popitem(last=False)
        else:
            self._sizes.move_to_end(key)
        return bucket

    def clear(self) -> None:
        """Forget every cached surface (e.g. after the display format changed)."""
        self._sizes.clear()
        self._blanks.clear()

    def _blank(self, w: int, h: int) -> pygame.Surface:
        key = (w, h)
        b = self._blanks.get(key)
        if b is None:
            b = self._blanks[key] = _rounded_blank(w, h)
        return b.copy()

    # -- public ---------------------------------------------------------------------------------
    def _cached(self, kind: str, code: str, w: int, h: int, draw) -> pygame.Surface:
        """``draw(code, w, h)`` once per kind, card, size and display state (a converted surface once a window
        exists); a code that is not one of the 52 cards or ``JK`` is refused in words."""
        w, h = int(w), int(h)
        conv = pygame.display.get_surface() is not None
        bucket = self._bucket(w, h)
        key = (kind, code, conv)
        surf = bucket.get(key)
        if surf is None:
            if code != JOKER and (len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS):
                raise ValueError(f"no card face for {code!r}")
            surf = bucket[key] = _finish(draw(code, w, h), conv)
        return surf

    def face(self, code: str, w: int, h: int) -> pygame.Surface:
        """The face of ``code`` (one of the 52 codes or ``JK``), ``w`` x ``h`` pixels."""
        return self._cached("face", code, w, h, self._draw_face)

    def mini(self, code: str, w: int, h: int) -> pygame.Surface:
        """A small card read at a glance (a round's box lists them): the rank large with the suit sign under it,
        as the mini cards of Microsoft Solitaire Collection or Hearts' trick lists — at such sizes the face's
        pips shrink to dots and a court figure to a blob (issue 32, round 12).  The joker keeps its face."""
        if code == JOKER:
            return self.face(code, w, h)
        return self._cached("mini", code, w, h, self._draw_mini)

    def _draw_mini(self, code: str, w: int, h: int) -> pygame.Surface:
        rank, suit = code[0], code[1]
        s = self._blank(w, h)
        text = _text("10" if rank == "T" else rank, round(h * 0.36), suit_colour(suit), max_w=round(w * 0.84))
        sign = pip(suit, round(h * 0.32))
        gap = max(1, round(h * 0.06))
        top = (h - text.get_height() - gap - sign.get_height()) // 2
        s.blit(text, text.get_rect(midtop=(w // 2, top)))
        s.blit(sign, sign.get_rect(midtop=(w // 2, top + text.get_height() + gap)))
        return s

    def back(self, index: int, w: int, h: int) -> pygame.Surface:
        """Card back number ``index`` (0..11, named in ``BACK_NAMES``)."""
        if not 0 <= index < len(BACK_NAMES):
            raise ValueError(f"back index {index} is not 0..{len(BACK_NAMES) - 1}")
        w, h = int(w), int(h)
        conv = pygame.display.get_surface() is not None
        bucket = self._bucket(w, h)
        key = ("back", index, conv)
        surf = bucket.get(key)
        if surf is None:
            s = self._blank(w, h)
            m = max(2, round(w * 0.065))
            panel = back_panel(index, w - 2 * m, h - 2 * m, max(1, _corner_radius(w) - m // 2))
            s.blit(panel, (m, m))
            surf = bucket[key] = _finish(s, conv)
        return surf

    def slot(self, w: int, h: int, label: str | None = None) -> pygame.Surface:
        """An empty-pile placeholder: a soft translucent outline, optional short label."""
        w, h = int(w), int(h)
        conv = pygame.display.get_surface() is not None
        bucket = self._bucket(w, h)
        key = ("slot", label, conv, SLOT_LABEL_ALPHA)
        surf = bucket.get(key)
        if surf is None:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            r = _corner_radius(w)
            pygame.draw.rect(s, (0, 0, 0, 38), (0, 0, w, h), border_radius=r)
            lw = max(1, round(w / 45))
            pygame.draw.rect(s, (255, 255, 255, 95), (0, 0, w, h), lw, border_radius=r)
            if label:
                cap = round(h * (0.2 if len(label) <= 2 else 0.09))
                t = _text(label, cap, (255, 255, 255), max_w=round(w * 0.8))
                t.set_alpha(SLOT_LABEL_ALPHA)
                s.blit(t, t.get_rect(center=(w // 2, h // 2)))
            surf = bucket[key] = s.convert_alpha() if conv else s
        return surf

    def shadow(self, w: int, h: int) -> pygame.Surface:
        """A soft drop shadow the size of a card: blit it a few pixels down-right of the card.

        Its darkness fades out towards its edges, so the part peeking out from
        under the card is a soft penumbra rather than a hard dark band.
        """
        w, h = int(w), int(h)
        conv = pygame.display.get_surface() is not None
        bucket = self._bucket(w, h)
        key = ("shadow", conv)
        surf = bucket.get(key)
        if surf is None:
            # drawn at a third of the size and smooth-scaled up: the blur *is* the point of a shadow
            f = 3
            small = pygame.Surface((max(2, w // f), max(2, h // f)), pygame.SRCALPHA)
            small.fill((0, 0, 0, 0))
            sw, sh = small.get_size()
            pygame.draw.rect(small, (0, 0, 0, 85), (1, 1, sw - 2, sh - 2),
                             border_radius=max(1, _corner_radius(w) // f))
            s = pygame.transform.smoothscale(small, (w, h))
            surf = bucket[key] = s.convert_alpha() if conv else s
        return surf

    # -- drawing --------------------------------------------------------------------------------
    def _draw_face(self, code: str, w: int, h: int) -> pygame.Surface:
        s = self._blank(w, h)
        if code == JOKER:
            self._draw_joker(s, w, h)
            return s
        rank, suit = code[0], code[1]
        colour = suit_colour(suit)
        if self.faces == "large-index":
            self._draw_large_index(s, rank, suit, colour, w, h)
            return s
        compact = w < COMPACT_W
        if compact:  # a small card: rank and sign side by side across the top, the picture below them
            self._draw_side_index(s, "10" if rank == "T" else rank, suit, colour, w, h, self.index_cap(w, h),
                                  round(h * 0.15))
            ax0, ax1 = w * 0.24, w * 0.76
            ay0, ay1 = h * 0.27, h * 0.73
        else:
            self._draw_indices(s, "10" if rank == "T" else rank, suit, colour, w, h)
            # the picture area, inside the index columns
            ax0, ax1 = w * 0.3, w * 0.7
            ay0, ay1 = h * 0.11, h * 0.89
        if rank in "JQK":
            px0, py0 = (round(w * 0.16), round(h * 0.265)) if compact else (round(w * 0.215), round(h * 0.085))
            panel = court_panel(rank, suit, w - 2 * px0, h - 2 * py0)
            s.blit(panel, (px0, py0))
        elif rank == "A":
            if suit == "S":
                big = ornate_spade(round(w * 0.7))
                s.blit(big, big.get_rect(center=(w / 2, h / 2)))
            else:
                p = pip(suit, round(h * 0.26))
                s.blit(p, p.get_rect(center=(w / 2, h / 2)))
        else:
            ph = round(h * (0.08 if compact else 0.128))
            up = pip(suit, ph)
            down = pip(suit, ph, None, True)
            for cx, cy in PIP_LAYOUT[rank]:
                x = ax0 + (ax1 - ax0) * cx
                y = ay0 + (ay1 - ay0) * cy
                # the top row and bottom row sit on the area edge; pips below the middle are upside down
                img = down if cy > 0.5 else up
                y = y + ph / 2 if cy == 0 else y - ph / 2 if cy == 1 else y
                s.blit(img, img.get_rect(center=(round(x), round(y))))
        return s

    def _draw_indices(self, s: pygame.Surface, rank: str, suit: str, colour, w: int, h: int) -> None:
        """The classic corner index: the rank with its suit sign beneath, in a narrow column, top-left and
        (turned) bottom-right.  The column ends inside `COVERED_STRIP`, so a card covered in a pile still shows
        both; within that, the suit sign is as large as the rank's width allows (♥/♦ and ♣/♠ are told apart
        by shape, and a small sign is where they were misread)."""
        # small cards are read while fanned and overlapped, so their indices grow relatively larger
        t = min(1.0, max(0.0, (90 - w) / 45))
        col_w = w * (0.15 + 0.04 * t)
        cx = w * (0.105 + 0.01 * t)
        text = _text(rank, self.index_cap(w, h), colour,
                     max_w=round(col_w * (1.1 if len(rank) > 1 else 1.0)))
        top = max(1, round(h * 0.025))
        gap = max(1, round(h * 0.012))
        rank_h = min(text.get_height(), self.index_cap(w, h) + 1)  # a Q's tail may reach under its sign
        room = int(h * COVERED_STRIP) - 1 - top - rank_h - gap
        p = pip(suit, min(room, round(h * 0.11), round(col_w * 1.05)))
        corner = pygame.Surface((round(col_w * 1.3), rank_h + gap + p.get_height()), pygame.SRCALPHA)
        ccx = corner.get_width() / 2
        corner.blit(text, text.get_rect(midtop=(round(ccx), 0)))
        corner.blit(p, p.get_rect(midtop=(round(ccx), rank_h + gap)))
        r = corner.get_rect(midtop=(round(cx), top))
        s.blit(corner, r)
        flipped = pygame.transform.flip(corner, True, True)
        s.blit(flipped, flipped.get_rect(bottomright=(w - r.x, h - r.y)))

    def index_cap(self, w: int, h: int) -> int:
        """The height in pixels of a rank in the corner of a ``w`` x ``h`` face, in the faces in use."""
        if self.faces == "large-index":
            return round(h * 0.21)
        if w < COMPACT_W:
            return round(h * 0.15)
        # small cards: the classic index grows relatively larger, but leaves the suit sign beneath it room in
        # the strip a covered card shows (the sign is what tells ♥ from ♦ and ♣ from ♠)
        t = min(1.0, max(0.0, (90 - w) / 45))
        return round(h * (0.1 + 0.01 * t))

    def _draw_large_index(self, s: pygame.Surface, rank: str, suit: str, colour, w: int, h: int) -> None:
        """Large index: a big rank with its suit sign beside it, in the top-left and bottom-right corners,
        and the suit (or the court figure, smaller) in the middle.  Rank and sign sit side by side so both
        show in the strip a fanned pile leaves of a covered card (`COVERED_STRIP`); a second sign under the
        rank shows them in a hand fanned sideways.  On a 40-pixel card the rank is 12 pixels tall."""
        if rank in "JQK":
            pw, ph = round(w * 0.36), round(h * 0.4)
            s.blit(court_panel(rank, suit, pw, ph), ((w - pw) // 2, (h - ph) // 2))
        else:
            big = pip(suit, round(h * 0.22))
            s.blit(big, big.get_rect(center=(w // 2, h // 2)))
        label = "10" if rank == "T" else rank
        cap = self.index_cap(w, h)
        self._draw_side_index(s, label, suit, colour, w, h, cap, min(round(cap * 0.9), round(w * 0.3)),
                              under=round(h * 0.13))

    def _draw_side_index(self, s: pygame.Surface, label: str, suit: str, colour, w: int, h: int, cap: int,
                         sign: int, under: int = 0) -> None:
        """A corner index with the suit sign beside the rank (top-left, and turned bottom-right), both inside
        the strip a fanned pile leaves of a covered card (`COVERED_STRIP`); ``under`` > 0 adds a sign under
        the rank, below the strip, for a hand fanned sideways."""
        text = _text(label, cap, colour, max_w=round(w * (0.44 if under else 0.32)))
        top = max(1, round(h * 0.02))
        rank_h = min(text.get_height(), int(h * COVERED_STRIP) - 1 - top)
        side = pip(suit, min(sign, int(h * COVERED_STRIP) - 1 - top))
        gap = max(1, round(h * 0.02))
        parts_w = text.get_width() + gap + side.get_width()
        under_img = pip(suit, under) if under else None
        under_y = max(rank_h + gap, int(h * COVERED_STRIP) + 1 - top)  # below the strip: never cut by a cover
        corner = pygame.Surface((max(parts_w, under_img.get_width() if under_img else 0),
                                 under_y + under_img.get_height() if under_img else max(rank_h, side.get_height())),
                                pygame.SRCALPHA)
        corner.blit(text, (0, 0))
        corner.blit(side, side.get_rect(midleft=(text.get_width() + gap, min(cap, rank_h) // 2)).clamp(
            corner.get_rect()))
        if under_img is not None:
            corner.blit(under_img, under_img.get_rect(midtop=(text.get_width() // 2, under_y)))
        r = corner.get_rect(topleft=(round(w * 0.06), top))
        s.blit(corner, r)
        flipped = pygame.transform.flip(corner, True, True)
        s.blit(flipped, flipped.get_rect(bottomright=(w - r.x, h - r.y)))

    def _draw_joker(self, s: pygame.Surface, w: int, h: int) -> None:
        px0, py0 = round(w * 0.19), round(h * 0.09)
        pic = joker_picture(w - 2 * px0, h - 2 * py0)
        s.blit(pic, (px0, py0))
        # corner index: JOKER spelled downwards, a star beneath
        letter_px = round(h * 0.058)
        corner = pygame.Surface((round(w * 0.16), round(h * 0.5)), pygame.SRCALPHA)
        y = 0
        for i, ch in enumerate("JOKER"):
            t = _text(ch, letter_px, RED if i % 2 == 0 else BLACK)
            corner.blit(t, t.get_rect(midtop=(corner.get_width() // 2, y)))
            y += t.get_height() + max(1, round(h * 0.008))
        r = corner.get_rect(topleft=(round(w * 0.03), round(h * 0.035)))
        s.blit(corner, r)
        flipped = pygame.transform.flip(corner, True, True)
        s.blit(flipped, flipped.get_rect(bottomright=(w - r.x, h - r.y)))
