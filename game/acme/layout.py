"""Where everything of the ACME table goes, for any window size.

Split out of the scene so the scene keeps to input and timing.  Every
function reads the scene's rectangles (set by `geometry`) and returns
positions; none draws.  Each play of the current trick rests *in front of
its seat* (between the seat and the middle of the table), so a whole trick
can be read at a glance — who led, who beat whom, who passed — until it is
gathered to the played pile.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.acme import rules
from game.engine import theme
from game.engine.cardtable import Placement

FAN = 0.42  # horizontal step between cards of the hand, as a share of card width (at least)
MAX_FAN = 0.6  # ... and at most, where the table is wide enough
PLAY_FAN = 0.22  # step between the cards of one play, as a share of card width


def geometry(scene: Any, size: tuple[int, int]) -> None:
    w, h = size
    cw = max(48, min(w // 13, int((h - theme.MENUBAR_H - theme.STATUS_H) / 5.6 / 1.4)))
    ch = int(cw * 1.4)
    scene.table.set_card_size((cw, ch))
    sc = theme.sc
    bottom = h - theme.STATUS_H - sc(14)
    pw, ph = max(sc(150), int(cw * 1.9)), sc(84)
    # The hand takes the table's width between your seat's panel and the Play button (a low-vision player
    # reads each card's index: squeezed into ~330 px at 800x600 the "10" was clipped), up to MAX_FAN a card.
    left, right = 16 + pw + 24, w - 16 - 28 - max(sc(120), cw + 30)  # the panel's and the Play button's room
    hand_w = max(int(cw + 12 * FAN * cw), min(int(cw + 12 * MAX_FAN * cw), right - left))
    x = min(max(left, (w - hand_w) // 2), right - hand_w) if hand_w <= right - left else (w - hand_w) // 2
    scene.hand_rect = pygame.Rect(x, bottom - ch, hand_w, ch)
    top = theme.MENUBAR_H + sc(16)
    mid = int(h * 0.36)
    scene.seat_rects = {
        1: pygame.Rect(16, mid, pw, ph),
        2: pygame.Rect(int(w * 0.30) - pw // 2, top, pw, ph),
        3: pygame.Rect(int(w * 0.70) - pw // 2, top, pw, ph),
        4: pygame.Rect(w - 16 - pw, mid, pw, ph),
        0: pygame.Rect(scene.hand_rect.x - pw - 24, bottom - ph, pw, ph),
    }
    scene.trick_center = (w // 2, int(h * 0.44))
    scene.pile_pos = (w - 16 - int(cw * 0.7), top + ph + 30)
    if scene.buttons:
        b = scene.play_button
        b.rect = pygame.Rect(0, 0, max(sc(120), cw + 30), sc(46))
        b.rect.midleft = (scene.hand_rect.right + 28, scene.hand_rect.centery + ch // 6)
        skip = getattr(scene, "skip_button", None)
        if skip is not None:
            skip.rect = pygame.Rect(0, 0, max(sc(170), cw + 80), sc(46))
            skip.rect.midleft = (scene.hand_rect.right + 28, scene.hand_rect.centery - ch // 3)
            skip.rect.right = min(skip.rect.right, w - 16)  # shown once your hand is empty: it may reach in


def seat_anchor(scene: Any, seat: int) -> tuple[float, float]:
    """Top-left of a card coming out of (or going to) a seat's hand."""
    r = scene.seat_rects.get(seat)
    if r is None:
        return scene.trick_center
    cw, ch = scene.table.card_size
    if seat == 0:
        return (scene.hand_rect.centerx - cw / 2, scene.hand_rect.y)
    return (r.centerx - cw / 2, r.centery - ch / 2)


def play_spot(scene: Any, seat: int) -> tuple[float, float]:
    """Centre of the place in front of ``seat`` where its play of this trick rests."""
    cx, cy = scene.trick_center
    cw, ch = scene.table.card_size
    w, h = scene.app.size
    side = min(2.7 * cw, w * 0.5 - scene.seat_rects[1].right - 0.95 * cw)
    top_y = max(cy - 0.5 * ch, scene.seat_rects[2].bottom + 0.52 * ch + 0.5 * ch + 10)
    bottom_y = min(cy + 1.2 * ch, scene.hand_rect.y - 0.5 * ch - 30)
    return {
        0: (cx, bottom_y),
        1: (cx - side, cy + 0.7 * ch),
        2: (cx - 1.25 * cw, top_y),
        3: (cx + 1.25 * cw, top_y),
        4: (cx + side, cy + 0.7 * ch),
    }[seat]


def play_rect(scene: Any, seat: int, n: int) -> pygame.Rect:
    """The rectangle covered by a play of ``n`` cards (n >= 1) in front of ``seat``."""
    cw, ch = scene.table.card_size
    x, y = play_spot(scene, seat)
    width = cw + (max(1, n) - 1) * cw * PLAY_FAN
    return pygame.Rect(int(x - width / 2), int(y - ch / 2), int(width), ch)


def placements(scene: Any, state: rules.State, shown: tuple[tuple[int, tuple[str, ...]], ...]) -> dict[str, Placement]:
    """Every card's resting place.  ``shown`` is the trick on the table: the current one, or a finished
    trick held there for a moment before it is gathered (its cards are then kept out of the pile)."""
    out: dict[str, Placement] = {}
    cw, ch = scene.table.card_size
    # Your hand, sorted low to high, centred.
    mine = state.hands[0]
    step = min((scene.hand_rect.w - cw) / 12, (scene.hand_rect.w - cw) / max(1, len(mine) - 1))
    width = cw + step * (len(mine) - 1) if mine else 0
    x0 = scene.hand_rect.centerx - width / 2
    for i, code in enumerate(mine):
        out[code] = Placement(x0 + i * step, scene.hand_rect.y, True, 300 + i)
    # The computers' hidden hands: small fanned backs under their name panels.
    sw, sh = int(cw * 0.52), int(ch * 0.52)
    over = rules.is_over(state)
    for seat in range(1, 5):
        r = scene.seat_rects[seat]
        n = len(state.hands[seat])
        if over and n:  # the round is over: the last player's cards are shown
            gap = min(sw * 0.5, (r.w - sw) / max(1, n - 1)) if n > 1 else 0
            total = sw + gap * (n - 1)
            for i, code in enumerate(state.hands[seat]):
                out[code] = Placement(r.centerx - total / 2 + i * gap, r.bottom + 8, True, 50 + i, (sw, sh))
            continue
        gap = min(sw * 0.28, (r.w - sw) / max(1, n - 1)) if n > 1 else 0
        total = sw + gap * (n - 1)
        for i in range(n):
            out[f"back{seat}#{i}"] = Placement(r.centerx - total / 2 + i * gap, r.bottom + 8, False, 50 + i,
                                               (sw, sh))
    # Gifts in transit during the exchange wait face down between their giver and the middle.
    if state.phase == "exchange":
        cx, cy = scene.trick_center
        for k, cards in enumerate(state.gifts):
            giver = state.roles[rules.EXCHANGE[k][0]]
            ax, ay = seat_anchor(scene, giver)
            gx = ax + (cx - cw / 2 - ax) * 0.55
            gy = ay + (cy - ch / 2 - ay) * 0.55
            for j, code in enumerate(cards):
                out[code] = Placement(gx + j * cw * 0.3, gy, giver == 0, 200 + j)
    # The trick on the table: each play in front of its seat, later plays above earlier ones.
    on_table = {c for _seat, cards in shown for c in cards}
    for k, (seat, cards) in enumerate(shown):
        if not cards:
            continue
        r = play_rect(scene, seat, len(cards))
        for j, code in enumerate(cards):
            out[code] = Placement(r.x + j * cw * PLAY_FAN, r.y, True, 120 + k * 5 + j)
    # Cards of finished tricks: a squared pile at the side.
    past = [c for _, cards in state.log for c in cards if c not in on_table]
    px, py = scene.pile_pos
    pw, ph = int(cw * 0.6), int(ch * 0.6)
    for i, code in enumerate(past):
        out[code] = Placement(px - pw / 2 + (i // 8) * 1.5, py + (i // 8) * 1.5, False, 10 + i, (pw, ph))
    return out
