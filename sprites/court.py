"""Court cards (J, Q, K) and the joker, drawn as stylised figures.

A court picture is one half-figure (crown or cap, face, robe, the suit held up)
inside a framed panel, mirrored about the centre like a real double-headed
court card, so it reads the same from either side of the table.  Everything is
drawn at twice the final size and smooth-scaled down for soft edges.
"""

from __future__ import annotations

import math

import pygame

from sprites.shapes import BLACK, RED, draw_suit, star_points, suit_colour

GOLD = (226, 176, 48)
GOLD_DARK = (160, 112, 22)
BLUE = (36, 66, 160)
CREAM = (252, 246, 228)
SKIN = (250, 222, 190)
SKIN_LINE = (150, 100, 70)
HAIR = {"K": (120, 120, 128), "Q": (190, 130, 40), "J": (110, 70, 30)}

#: Robe colours (main, trim) per suit: the classic red / blue / gold / black scheme, varied by suit.
ROBES = {
    "S": ((36, 66, 160), RED),
    "H": (RED, (36, 66, 160)),
    "D": ((214, 160, 36), RED),
    "C": ((32, 32, 40), (214, 160, 36)),
}
SS = 2


def _crown_king(s: pygame.Surface, cx: float, top: float, w: float, h: float) -> None:
    base = top + h
    pts = [(cx - w / 2, base)]
    for i in range(5):
        x = cx - w / 2 + w * (i + 0.5) / 5
        pts += [(x - w * 0.06, top + h * 0.45), (x, top)] if i else [(x, top)]
        pts.append((x + w * 0.06, top + h * 0.45))
    pts.append((cx + w / 2, base))
    pygame.draw.polygon(s, GOLD, pts)
    pygame.draw.polygon(s, GOLD_DARK, pts, max(1, round(w * 0.03)))
    for i in range(5):
        x = cx - w / 2 + w * (i + 0.5) / 5
        pygame.draw.circle(s, RED if i % 2 == 0 else BLUE, (x, top), w * 0.045)
    pygame.draw.rect(s, GOLD_DARK, (cx - w / 2, base - h * 0.22, w, h * 0.22))
    for i in range(3):
        pygame.draw.circle(s, (250, 250, 250), (cx - w * 0.3 + i * w * 0.3, base - h * 0.11), w * 0.035)


def _crown_queen(s: pygame.Surface, cx: float, top: float, w: float, h: float) -> None:
    base = top + h
    rect = pygame.Rect(0, 0, w, h * 1.3)
    rect.midbottom = (cx, base + h * 0.05)
    pygame.draw.ellipse(s, GOLD, rect)
    pygame.draw.ellipse(s, GOLD_DARK, rect, max(1, round(w * 0.03)))
    pygame.draw.rect(s, GOLD_DARK, (cx - w / 2, base - h * 0.25, w, h * 0.25))
    for i in range(5):
        x = cx - w * 0.4 + i * w * 0.2
        pygame.draw.circle(s, (250, 250, 250), (x, top + h * 0.1 + abs(i - 2) * h * 0.12), w * 0.05)
    pygame.draw.circle(s, RED, (cx, base - h * 0.55), w * 0.08)


def _cap_jack(s: pygame.Surface, cx: float, top: float, w: float, h: float, colour) -> None:
    base = top + h
    rect = pygame.Rect(0, 0, w * 1.15, h * 1.2)
    rect.midbottom = (cx, base + h * 0.2)
    pygame.draw.ellipse(s, colour, rect)
    pygame.draw.rect(s, GOLD, (cx - w * 0.6, base - h * 0.2, w * 1.2, h * 0.28))
    # a feather sweeping back
    fx, fy = cx + w * 0.3, base - h * 0.5
    pts = [(fx, fy), (fx + w * 0.55, top - h * 0.5), (fx + w * 0.7, top - h * 0.35),
           (fx + w * 0.15, fy + h * 0.1)]
    pygame.draw.polygon(s, RED if colour != RED else BLUE, pts)


def _half_figure(rank: str, suit: str, pw: int, ph: int) -> pygame.Surface:
    """The upper half of a court picture, ``pw`` x ``ph`` pixels (already supersampled)."""
    s = pygame.Surface((pw, ph))
    s.fill(CREAM)
    # a faint diamond hatch behind the figure, like the engraved grounds of real courts
    step = max(4, round(pw * 0.08))
    hatch = (242, 232, 206)
    for k in range(-ph, pw + ph, step):
        pygame.draw.line(s, hatch, (k, 0), (k + ph, ph), max(1, round(pw * 0.006)))
        pygame.draw.line(s, hatch, (k, 0), (k - ph, ph), max(1, round(pw * 0.006)))
    robe, trim = ROBES[suit]
    lw = max(1, round(pw * 0.012))
    cx = pw * 0.5
    head_r = pw * 0.15
    head_y = ph * 0.52
    # robe / shoulders
    shoulders = [(pw * 0.1, ph * 1.02), (pw * 0.2, ph * 0.78), (pw * 0.8, ph * 0.78), (pw * 0.9, ph * 1.02)]
    pygame.draw.polygon(s, robe, shoulders)
    # robe pattern: trim bands and dots
    pygame.draw.polygon(s, trim, [(pw * 0.4, ph * 0.78), (pw * 0.6, ph * 0.78), (pw * 0.56, ph * 1.02),
                                  (pw * 0.44, ph * 1.02)])
    for i in range(4):
        y = ph * (0.83 + i * 0.05)
        pygame.draw.circle(s, GOLD, (pw * 0.5, y), pw * 0.018)
        pygame.draw.circle(s, CREAM, (pw * 0.27 - i * pw * 0.02, y + ph * 0.02), pw * 0.014)
        pygame.draw.circle(s, CREAM, (pw * 0.73 + i * pw * 0.02, y + ph * 0.02), pw * 0.014)
    # collar
    pygame.draw.ellipse(s, GOLD if rank != "Q" else (250, 250, 250),
                        (cx - pw * 0.21, ph * 0.72, pw * 0.42, ph * 0.12))
    # hair behind the face
    hair = HAIR[rank]
    if rank == "Q":
        pygame.draw.ellipse(s, hair, (cx - head_r * 1.45, head_y - head_r * 1.1, head_r * 2.9, head_r * 3.0))
    else:
        pygame.draw.ellipse(s, hair, (cx - head_r * 1.15, head_y - head_r * 1.1, head_r * 2.3, head_r * 2.1))
    # face
    pygame.draw.ellipse(s, SKIN, (cx - head_r, head_y - head_r * 1.05, head_r * 2, head_r * 2.2))
    pygame.draw.ellipse(s, SKIN_LINE, (cx - head_r, head_y - head_r * 1.05, head_r * 2, head_r * 2.2), lw)
    ey = head_y - head_r * 0.15
    for dx in (-0.4, 0.4):
        pygame.draw.ellipse(s, (40, 40, 60), (cx + dx * head_r - head_r * 0.12, ey - head_r * 0.08,
                                              head_r * 0.24, head_r * 0.16))
        pygame.draw.line(s, hair, (cx + dx * head_r - head_r * 0.2, ey - head_r * 0.25),
                         (cx + dx * head_r + head_r * 0.2, ey - head_r * 0.28), lw)
    pygame.draw.line(s, SKIN_LINE, (cx, ey + head_r * 0.05), (cx - head_r * 0.08, ey + head_r * 0.4), lw)
    mouth_y = head_y + head_r * 0.55
    if rank == "K":
        # beard and moustache
        beard = [(cx - head_r * 0.9, head_y + head_r * 0.2), (cx + head_r * 0.9, head_y + head_r * 0.2),
                 (cx + head_r * 0.5, head_y + head_r * 1.5), (cx, head_y + head_r * 1.8),
                 (cx - head_r * 0.5, head_y + head_r * 1.5)]
        pygame.draw.polygon(s, hair, beard)
        pygame.draw.ellipse(s, SKIN, (cx - head_r * 0.35, mouth_y - head_r * 0.15,
                                      head_r * 0.7, head_r * 0.35))
        pygame.draw.arc(s, (150, 40, 40), (cx - head_r * 0.25, mouth_y - head_r * 0.2, head_r * 0.5,
                                           head_r * 0.3), math.pi * 1.1, math.pi * 1.9, lw)
    else:
        pygame.draw.arc(s, (190, 50, 60), (cx - head_r * 0.3, mouth_y - head_r * 0.3, head_r * 0.6,
                                           head_r * 0.35), math.pi * 1.1, math.pi * 1.9, lw + 1)
        if rank == "Q":
            for dx in (-0.55, 0.55):
                pygame.draw.circle(s, (246, 180, 170), (cx + dx * head_r, head_y + head_r * 0.3),
                                   head_r * 0.16)
    # headwear
    crown_w, crown_h = head_r * 2.1, head_r * 1.05
    top = head_y - head_r * 1.0 - crown_h
    if rank == "K":
        _crown_king(s, cx, top, crown_w, crown_h)
    elif rank == "Q":
        _crown_queen(s, cx, top + crown_h * 0.15, crown_w * 0.9, crown_h * 0.85)
    else:
        _cap_jack(s, cx, top + crown_h * 0.3, crown_w, crown_h * 0.7, robe if suit != "C" else BLUE)
    # the suit, held up beside the figure, and a sceptre / flower / halberd on the other side
    colour = suit_colour(suit)
    ps = pw * 0.2
    draw_suit(s, suit, pygame.Rect(pw * 0.06, ph * 0.08, ps * 0.9, ps), colour)
    sx = pw * 0.84
    if rank == "K":
        pygame.draw.line(s, GOLD_DARK, (sx, ph * 0.95), (sx, ph * 0.18), max(2, round(pw * 0.03)))
        pygame.draw.polygon(s, GOLD, star_points(sx, ph * 0.15, pw * 0.065, pw * 0.03, 4, 0))
    elif rank == "Q":
        pygame.draw.line(s, (40, 120, 60), (sx, ph * 0.95), (sx, ph * 0.3), max(2, round(pw * 0.02)))
        for k in range(6):
            a = k * math.pi / 3
            pygame.draw.circle(s, RED if suit in "HD" else BLUE,
                               (sx + math.cos(a) * pw * 0.04, ph * 0.25 + math.sin(a) * pw * 0.04), pw * 0.03)
        pygame.draw.circle(s, GOLD, (sx, ph * 0.25), pw * 0.028)
    else:
        pygame.draw.line(s, (110, 80, 50), (sx, ph * 0.98), (sx, ph * 0.12), max(2, round(pw * 0.02)))
        blade = [(sx, ph * 0.04), (sx + pw * 0.05, ph * 0.2), (sx, ph * 0.17), (sx - pw * 0.06, ph * 0.24),
                 (sx - pw * 0.03, ph * 0.12)]
        pygame.draw.polygon(s, (170, 175, 190), blade)
    return s


def court_panel(rank: str, suit: str, w: int, h: int) -> pygame.Surface:
    """The whole mirrored, framed court picture, ``w`` x ``h`` pixels."""
    w, h = max(4, w), max(4, h)
    bw, bh = w * SS, h * SS
    half_h = bh // 2
    half = _half_figure(rank, suit, bw, half_h)
    big = pygame.Surface((bw, bh))
    big.fill(CREAM)
    big.blit(half, (0, 0))
    big.blit(pygame.transform.flip(half, True, True), (0, bh - half_h))
    # the dividing line and the frame
    lw = max(2, round(bw * 0.012))
    colour = suit_colour(suit)
    pygame.draw.line(big, colour, (0, bh // 2), (bw, bh // 2), lw)
    pygame.draw.rect(big, colour, (0, 0, bw, bh), lw * 2)
    pygame.draw.rect(big, GOLD, (lw * 3, lw * 3, bw - lw * 6, bh - lw * 6), lw)
    return pygame.transform.smoothscale(big, (w, h))


def joker_picture(w: int, h: int) -> pygame.Surface:
    """A grinning jester with a three-pointed belled cap, on a starry ground."""
    w, h = max(4, w), max(4, h)
    bw, bh = w * SS, h * SS
    s = pygame.Surface((bw, bh))
    s.fill((255, 255, 255))
    cx = bw / 2
    # bursting star behind the jester
    pygame.draw.polygon(s, (255, 236, 150), star_points(cx, bh * 0.48, bw * 0.55, bw * 0.3, 12))
    for i, (x, y) in enumerate(((0.12, 0.1), (0.88, 0.14), (0.1, 0.86), (0.9, 0.9), (0.5, 0.05))):
        col = (RED, BLUE, (40, 150, 70), GOLD, RED)[i]
        pygame.draw.polygon(s, col, star_points(bw * x, bh * y, bw * 0.06, bw * 0.025))
    head_r = bw * 0.17
    hy = bh * 0.5
    # cap: three floppy points with bells
    tips = [(cx - bw * 0.42, bh * 0.2), (cx, bh * 0.08), (cx + bw * 0.42, bh * 0.2)]
    colours = [RED, (40, 150, 70), BLUE]
    for (tx, ty), col in zip(tips, colours, strict=True):
        pygame.draw.polygon(s, col, [(cx - head_r * 1.1, hy - head_r * 0.6), (tx, ty),
                                     (cx + head_r * 1.1, hy - head_r * 0.6)])
    for tx, ty in tips:
        pygame.draw.polygon(s, BLACK, [(cx - head_r * 1.1, hy - head_r * 0.6), (tx, ty),
                                       (cx + head_r * 1.1, hy - head_r * 0.6)], max(1, round(bw * 0.008)))
        pygame.draw.circle(s, GOLD, (tx, ty), bw * 0.045)
        pygame.draw.circle(s, GOLD_DARK, (tx, ty), bw * 0.045, max(1, round(bw * 0.008)))
    pygame.draw.rect(s, GOLD, (cx - head_r * 1.2, hy - head_r * 0.85, head_r * 2.4, head_r * 0.4),
                     border_radius=round(head_r * 0.15))
    # ruff collar of alternating triangles
    cy = hy + head_r * 1.05
    n = 8
    for i in range(n):
        a0 = math.pi * (0.05 + 0.9 * i / n)
        a1 = math.pi * (0.05 + 0.9 * (i + 1) / n)
        am = (a0 + a1) / 2
        r0, r1 = head_r * 0.7, head_r * 1.8
        pts = [(cx + r0 * math.cos(a0), cy + r0 * math.sin(a0) * 0.6),
               (cx + r1 * math.cos(am), cy + r1 * math.sin(am) * 0.8),
               (cx + r0 * math.cos(a1), cy + r0 * math.sin(a1) * 0.6)]
        pygame.draw.polygon(s, colours[i % 3], pts)
    # face
    pygame.draw.circle(s, SKIN, (cx, hy), head_r)
    pygame.draw.circle(s, SKIN_LINE, (cx, hy), head_r, max(1, round(bw * 0.008)))
    for dx in (-0.4, 0.4):
        pygame.draw.circle(s, (30, 30, 50), (cx + dx * head_r, hy - head_r * 0.2), head_r * 0.11)
        pygame.draw.circle(s, (240, 120, 130), (cx + dx * head_r * 1.4, hy + head_r * 0.25), head_r * 0.16)
    pygame.draw.circle(s, RED, (cx, hy + head_r * 0.08), head_r * 0.15)
    pygame.draw.arc(s, (160, 30, 40), (cx - head_r * 0.6, hy - head_r * 0.3, head_r * 1.2, head_r * 1.0),
                    math.pi * 1.1, math.pi * 1.9, max(2, round(bw * 0.012)))
    return pygame.transform.smoothscale(s, (w, h))
