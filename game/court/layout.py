"""Where everything of the Court table goes, for any window size: card size, the deck, the turned card, the
discard piles, the two hands, the middle, the score panel and the buttons; and where each card rests.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``CourtLayout`` is a mixin of
``CourtScene``: ``geometry`` sets the scene's rectangles, ``layout`` reads them; neither draws.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.court import rules
from game.court.shared import score_width
from game.engine import theme
from game.engine.cardtable import Placement


class CourtLayout:
    """The places half of ``CourtScene`` (a mixin: ``self`` is the scene)."""

    app: Any
    table: Any
    round_end: Any
    revealed: bool
    quick_play: bool
    keep_btn: Any
    discard_btn: Any
    done_btn: Any
    cancel_btn: Any

    def geometry(self, size: tuple[int, int]) -> None:
        w, h = size
        sc = theme.sc
        self.score_w = score_w = score_width(w)
        top = theme.MENUBAR_H + sc(14)
        bottom = h - theme.STATUS_H - sc(14)
        ch = int(min((bottom - top) / 4.3, (w - score_w) / 10 * 1.4))
        ch = max(70, ch)
        cw = ch * 5 // 7
        self.table.set_card_size((cw, ch))
        self.hand_y = [bottom - ch, top + sc(26)]
        mid_top = top + sc(26) + ch + sc(18)
        mid_bottom = bottom - ch - sc(18)
        my = (mid_top + mid_bottom) // 2 - ch // 2
        play_w = w - score_w - 20
        # the two discard piles and their labels ("Its discards" under the upper, "Your discards" over the
        # lower) share the middle: the piles shrink when big text leaves the labels too little room
        label_room = 2 * (theme.font(17).get_linesize() + sc(5)) + sc(4) + 8
        sh = max(ch // 3, min(ch * 3 // 4, (mid_bottom - mid_top - 32 - label_room) // 2))
        sw = sh * cw // ch
        # a column of the two draw discard piles at the left: the computer's above, yours below
        # (each pile's label goes under it, in its own column: above yours it ran into the deck's count)
        label_h = theme.font(17).get_linesize() + sc(5)
        self.discard_rects = [pygame.Rect(24, mid_bottom - sh - label_h - sc(4) - 4, sw, sh),  # clear of "You: N cards"
                              pygame.Rect(24, mid_top + 2, sw, sh)]
        # the deck stands clear of the longest label ("Its discards (7" ran under it with larger text)
        label_w = theme.font(17).size("Your discards (13)")[0]
        self.deck_rect = pygame.Rect(24 + max(sw + 34, label_w + 14), my, cw, ch)
        self.turn_rect = pygame.Rect(self.deck_rect.right + 22, my, cw, ch)
        bx = self.turn_rect.right + 20
        bw = max(sc(110), cw + 10)
        self.keep_btn.rect = pygame.Rect(bx, my + ch // 2 - sc(44), bw, sc(38))
        self.discard_btn.rect = pygame.Rect(bx, my + ch // 2 + sc(6), bw, sc(38))
        cx = max(bx + bw + cw + 40, play_w // 2 + 60)
        if min(play_w - cw - 40, cx + cw + 90) < cx + cw + 12 + 40:
            # too narrow for one row (800 px): Keep and Discard go side by side under the turned card (stacked,
            # the lower reached the hand), the play moves left
            self.keep_btn.rect = pygame.Rect(self.turn_rect.x, my + ch + sc(34), bw, sc(38))
            self.discard_btn.rect = pygame.Rect(self.keep_btn.rect.right + sc(10), my + ch + sc(34), bw, sc(38))
            cx = self.turn_rect.right + 40 + cw + 12
        self.play_rects = [pygame.Rect(cx + 12, my + ch // 10, cw, ch),
                           pygame.Rect(cx - cw - 12, my - ch // 10, cw, ch)]
        self.out_rect = pygame.Rect(min(play_w - cw - 40, cx + cw + 90), my, cw, ch)
        self.done_btn.rect = pygame.Rect(cx - sc(60), self.hand_y[0] - sc(50), sc(120), sc(38))
        self.score_rect = pygame.Rect(w - score_w - 10, top + sc(26), score_w, sc(250))
        self.cue_rect = pygame.Rect(w - score_w - 10, self.score_rect.bottom + sc(14), score_w, sc(200))
        self.cancel_btn.rect = pygame.Rect(w - score_w - 10, bottom - sc(40), score_w, sc(38))

    def hand_xs(self, n: int) -> list[float]:
        cw = self.table.card_size[0]
        right = self.app.size[0] - self.score_w - 30
        avail = right - 40
        step = min(cw * 0.72, (avail - cw) / max(1, n - 1))
        width = cw + step * (n - 1)
        x0 = 40 + (avail - width) / 2
        return [x0 + i * step for i in range(n)]

    def layout(self, state: rules.State) -> dict[str, Placement]:
        s = self.round_end.final if self.round_end is not None else state  # a finished round stays shown
        out: dict[str, Placement] = {}
        cw, ch = self.table.card_size
        small = self.discard_rects[0].size  # the piles shrink when big text needs room for their labels
        show_turned = s.phase == "draw" and s.drawer == 0 and (self.revealed or self.quick_play)
        pack = s.pack[1:] if show_turned else s.pack
        for i in range(len(pack)):
            depth = len(pack) - 1 - i  # 0 = bottom card
            out[f"back#p{depth}"] = Placement(self.deck_rect.x - min(depth, 40) // 8 * 2,
                                              self.deck_rect.y - min(depth, 40) // 8 * 2, False, depth)
        if show_turned:
            out[s.pack[0]] = Placement(self.turn_rect.x, self.turn_rect.y, True, 60)
        # your discards (yours, so their codes are fine face down) and the computer's (dummy ids)
        r = self.discard_rects[0]
        for i, c in enumerate(s.seen[0]):
            out[c] = Placement(r.x + i // 5, r.y - i // 5, False, 70 + i, small)
        r = self.discard_rects[1]
        for i in range(len(s.seen[1])):
            out[f"back#d{i}"] = Placement(r.x + i // 5, r.y - i // 5, False, 70 + i, small)
        # hands
        mine = list(s.hands[0])
        for i, (c, x) in enumerate(zip(mine, self.hand_xs(len(mine)), strict=True)):
            out[c] = Placement(x, self.hand_y[0], True, 200 + i)
        theirs = len(s.hands[1])
        known = [c for c in s.hands[1] if c in s.captured[1]]
        xs = self.hand_xs(theirs)
        for i in range(theirs - len(known)):
            out[f"back#h{i}"] = Placement(xs[i], self.hand_y[1], False, 200 + i)
        for j, c in enumerate(known):
            k = theirs - len(known) + j
            out[c] = Placement(xs[k], self.hand_y[1], True, 200 + k)
        # the middle: the lead in progress, else the last turn's two cards
        shown: set[str] = set()
        if s.table:
            out[s.table[0]] = Placement(*self.play_rects[s.leader].topleft, True, 150)
            shown.add(s.table[0])
        elif s.last_turn is not None and s.tricks and s.tricks[-1][1:] == (s.last_turn.leader_card,
                                                                           s.last_turn.follower_card):
            lt = s.last_turn
            for seat, c in ((lt.leader, lt.leader_card), (1 - lt.leader, lt.follower_card)):
                if c in s.out:
                    out[c] = Placement(*self.play_rects[seat].topleft, True, 150 + (seat == 1 - lt.leader))
                    shown.add(c)
        rest = [c for c in s.out if c not in shown]
        for i, c in enumerate(rest):
            out[c] = Placement(self.out_rect.x + (i % 13) * 3 + i // 13 * 2, self.out_rect.y + i // 13 * 3, True,
                               100 + i)
        return out

    def deal_origin(self) -> tuple[float, float]:
        return (self.deck_rect.x, self.deck_rect.y)
