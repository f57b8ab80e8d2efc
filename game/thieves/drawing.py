"""Drawing the Forty Thieves table: stack numbers and slots, the score box, the points legend, the light, the banner.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``ThievesDrawing`` is a mixin of
``ThievesScene``; it reads the state shown (the emptied table during a clear) and holds no rule logic.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import solvewatch, theme
from game.engine.winmove import ASSISTED_UNSCORED
from game.thieves import rules

GREEN_TEXT = (205, 228, 210)

class ThievesDrawing:
    """The drawing half of ``ThievesScene`` (a mixin: ``self`` is the scene)."""

    app: Any
    state: Any

    def status_text(self) -> str:
        s = self._interim or self.state
        practice = f"   ({self.practice_words().capitalize()})" if s.practice else ""
        return f"Deal #{self.seed}   Jokers in pack {s.jokers}   Stock {len(s.stock)}{practice}" + self.clock_words()

    def draw_table(self, surface: pygame.Surface) -> None:
        art = self.app.art
        cw, ch = self.table.card_size
        shown = self._interim or self.state
        for s, r in enumerate(self.stack_rects):
            surface.blit(art.slot(cw, ch), (r.x, r.y))
            theme.text(surface, str(s + 1), (r.centerx, r.y - theme.sc(3)), 16, GREEN_TEXT, anchor="midbottom")
        surface.blit(art.slot(cw, ch, "Stock" if not shown.stock else None), self.stock_rect)
        surface.blit(art.slot(cw, ch), self.current_rect)
        on_stock = len(rules.all_cards(shown)) if self._interim is not None and self._gathered else len(shown.stock)
        theme.text(surface, f"Stock: {on_stock}", (self.stock_rect.centerx, self.stock_rect.bottom + theme.sc(10)),
                   20, GREEN_TEXT, anchor="midtop")
        theme.text(surface, "Current card", (self.current_rect.centerx, self.current_rect.bottom + theme.sc(10)), 20,
                   GREEN_TEXT, anchor="midtop")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        s = self._interim or self.state
        cw, ch = self.table.card_size
        left = self.stack_rects[4].x
        sc = theme.sc
        box = pygame.Rect(left, self.current_rect.y, self.stack_rects[6].right - left, min(ch, sc(112)))
        theme.panel(surface, box, theme.board((24, 60, 40)), theme.GOLD, radius=12)
        theme.text(surface, "SCORE", (box.x + sc(16), box.y + sc(10)), 18, GREEN_TEXT)
        # an assisted game is not scored (the Help; as Aces Up's box): a dash, never a running score
        theme.text(surface, "\u2014" if self.assisted else str(s.score), (box.x + sc(16), box.y + sc(30)), 48,
                   theme.WHITE, bold=True)
        lines = [f"Jokers in pack: {s.jokers}", f"Started with: {s.start_jokers}", f"Clears: {s.clears}"]
        for i, line in enumerate(lines):
            theme.text(surface, line, (box.right - sc(16), box.y + sc(12 + i * 26)), 19, GREEN_TEXT,
                       anchor="topright")
        if s.practice:
            theme.text(surface, ASSISTED_UNSCORED if self.assisted else self.practice_words(),
                       (box.x + sc(16), box.bottom - sc(8)),
                       18, theme.HILITE, anchor="bottomleft")
        note_y = box.bottom + sc(12)
        if self.next_jokers != s.start_jokers:
            theme.text(surface, f"Next new game: {self._jokers_text(self.next_jokers)}", (box.x + sc(4), note_y), 18,
                       theme.HILITE)
            note_y += sc(24)
        self.draw_legend(surface)
        if self._interim is None:
            pill = pygame.Rect(self.stack_rects[0].x, self.current_rect.y,
                               self.stack_rects[1].right - self.stack_rects[0].x, theme.sc(28))
            self.winnable.draw_light(surface, pill, {solvewatch.WINNABLE: "Stacks clearable",
                                                     solvewatch.LOST: "Stacks not clearable"})
        if self.banner and (self.banner_left > 0 or self._interim is not None):
            w, _h = surface.get_size()
            band = pygame.Rect(0, 0, min(w - 40, sc(620)), sc(70))
            band.center = (w // 2, self.stack_rects[0].y + (ch + 4 * self.fan) // 2)
            theme.panel(surface, band, theme.board((30, 70, 46)), theme.GOLD, radius=16)
            theme.text(surface, self.banner, band.center, 34, theme.GOLD, anchor="center", bold=True)

    def draw_legend(self, surface: pygame.Surface) -> None:
        """The points table beside the stock, so the player never needs the help for it.

        One column when there is room above the buttons, two on a short window, none if even that
        does not fit."""
        sc = theme.sc
        x0, x1 = self.stack_rects[0].x, self.stack_rects[1].right
        top = self.current_rect.y + sc(40)
        pitch = sc(22)
        room = (self.buttons[0].rect.y - sc(8) if self.buttons else surface.get_height()) - top - pitch
        rows = [("A  K", "8"), ("2  3  J  Q", "6"), ("4  5  9  10", "4"), ("6  7  8", "2"), ("Joker", "0"),
                ("Clear all 7", "+15")]
        per_col = 6 if room >= 6 * pitch else 3 if room >= 3 * pitch else 0
        if not per_col:
            return
        theme.text(surface, "POINTS", (x0 + sc(4), top), 16, GREEN_TEXT)
        if per_col == 3:
            rows[-1] = ("Clear", "+15")
        cols = len(rows) // per_col
        width = (x1 - x0) // cols
        for i, (ranks, pts) in enumerate(rows):
            cx = x0 + (i // per_col) * width
            y = top + pitch + (i % per_col) * pitch
            theme.text(surface, ranks, (cx + sc(4), y), 19, theme.WHITE)
            theme.text(surface, pts, (cx + width - sc(10), y), 19, theme.GOLD, anchor="topright", bold=True)
