"""Aces Up drawing: slots, the score box, the light, the stock count, the demo banner, the status line's right.

Split out of ``scene.py``; ``AcesUpDrawing`` is a mixin of ``AcesUpScene``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.acesup import rules
from game.engine import theme


class AcesUpDrawing:
    """The drawing half of ``AcesUpScene`` (a mixin: ``self`` is the scene)."""

    app: Any
    state: Any

    def status_text(self) -> str:
        unscored = self.scored_words()
        return (f"{rules.VARIATIONS[self.variation]}   Deal #{self.seed}   Stock {len(self.state.stock)}"
                + (f"   ({unscored.capitalize()})" if unscored else "") + self.clock_words())

    def demo_banner(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the running demo is announced, over the button row it replaces."""
        row = self.buttons[0].rect
        w = min(theme.sc(460), size[0] - theme.sc(260))
        return pygame.Rect(size[0] // 2 - w // 2 - theme.sc(100), row.y - 4, w, row.h + 8)

    def draw_table(self, surface: pygame.Surface) -> None:
        art = self.app.art
        cw, ch = self.table.card_size
        surface.blit(art.slot(cw, ch, "Stock" if not self.state.stock else None), self.stock_rect)
        for r in self.slots:
            surface.blit(art.slot(cw, ch), r)
        surface.blit(art.slot(cw, ch, "Discards"), self.discard_rect)
        if self.selected is not None and not self.state.piles[self.selected]:
            self.selected = None

    def draw_overlay(self, surface: pygame.Surface) -> None:
        s = self.state
        box = self.score_rect
        theme.panel(surface, box, theme.board((24, 60, 40)), theme.GOLD, radius=10)
        sc = theme.sc
        theme.text(surface, "SCORE", (box.x + sc(14), box.y + sc(8)), 18, (200, 220, 200))
        unscored = self.scored_words()
        theme.text(surface, "\u2014" if unscored else str(s.score), (box.x + sc(14), box.y + sc(26)), 40, theme.WHITE,
                   bold=True)  # no real score for a game that is not scored
        if unscored:
            theme.text(surface, unscored, (box.right - sc(12), box.y + sc(44)), 20, theme.HILITE, anchor="topright")
        theme.text(surface, rules.VARIATIONS[s.variation], (box.right - sc(12), box.y + sc(9)), 18, (200, 220, 200),
                   anchor="topright")
        self.winnable.draw_light(surface, self.light_rect)
        theme.text(surface, f"{len(s.stock)} in stock", (self.stock_rect.centerx, self.stock_rect.bottom + sc(14)), 20,
                   (220, 235, 220), anchor="midtop")
        if self.demo:
            banner = self.demo_banner(surface.get_size())
            theme.panel(surface, banner, theme.board((24, 60, 40)), theme.GOLD, radius=10)
            theme.text(surface, "Demo: the computer is playing", (banner.x + sc(16), banner.centery), 22,
                       theme.WHITE, anchor="midleft")
            self.stop_button.rect = pygame.Rect(0, 0, sc(130), banner.h - sc(12))
            self.stop_button.rect.midright = (banner.right - sc(8), banner.centery)
            self.stop_button.draw(surface)
