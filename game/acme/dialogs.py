"""ACME's own dialogs: Statistics, Last trick (the cards as they lay) and the Round log (in words)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.acme import roundlog, rules, spoken
from game.acme.seats import SEAT_NAMES
from game.engine import theme
from game.engine.dialogs import Dialog, TextDialog
from game.engine.roundbox import log_dialog
from saves import acme_profiles as AP


class StatisticsDialog(Dialog):
    """Rounds at each level of seniority: a table and a bar chart."""

    width = 620
    body_height = 300

    def __init__(self, app, profile: AP.Profile | None) -> None:
        self.profile = profile
        name = profile.name if profile else "no player"
        super().__init__(app, f"Statistics — {name}", ("Close",))

    def reading_lines(self) -> list[str]:
        """The table and its total in words, a row at a time (Up/Down; issue 34, round 10: the box said only
        its title and button)."""
        stats = self.profile.stats if self.profile else [0] * 5
        pct = self.profile.percentages() if self.profile else [0.0] * 5
        left = self.profile.left if self.profile else 0
        rows = [f"{rules.ROLE_NAMES[i]}: {stats[i]} round{'s' if stats[i] != 1 else ''}, {pct[i]:.0f}%."
                for i in range(5)]
        note = f" ({left} left unfinished, counted as Apprentice)" if left else ""
        return [*rows, f"Total rounds: {sum(stats)}{note}."]

    def spoken_body(self) -> str:
        return " ".join(self.reading_lines())

    def draw_body(self, surface: pygame.Surface) -> None:
        b = self.body
        stats = self.profile.stats if self.profile else [0] * 5
        pct = self.profile.percentages() if self.profile else [0.0] * 5
        total = sum(stats)
        theme.text(surface, "Level", (b.x, b.y + theme.sc(4)), 20, theme.INK_SOFT, bold=True)
        theme.text(surface, "Rounds", (b.x + theme.sc(240), b.y + theme.sc(4)), 20, theme.INK_SOFT, bold=True,
                   anchor="topright")
        theme.text(surface, "%", (b.x + theme.sc(300), b.y + theme.sc(4)), 20, theme.INK_SOFT, bold=True,
                   anchor="topright")
        sc = theme.sc
        bar_x, bar_w = b.x + sc(320), b.w - sc(330)
        for i in range(5):
            y = b.y + sc(36) + i * sc(44)
            theme.text(surface, rules.ROLE_NAMES[i], (b.x, y + sc(6)), 21, theme.INK)
            theme.text(surface, str(stats[i]), (b.x + sc(240), y + sc(6)), 21, theme.INK, anchor="topright")
            theme.text(surface, f"{pct[i]:.0f}", (b.x + sc(300), y + sc(6)), 21, theme.INK, anchor="topright")
            track = pygame.Rect(bar_x, y + sc(4), bar_w, sc(24))
            pygame.draw.rect(surface, (226, 220, 204), track, border_radius=6)
            if pct[i] > 0:
                fill = track.copy()
                fill.w = max(6, int(bar_w * pct[i] / 100))
                colour = (200, 160, 60) if i == 0 else (70, 130, 90) if i < 3 else (160, 90, 70)
                pygame.draw.rect(surface, colour, fill, border_radius=6)
        left = self.profile.left if self.profile else 0
        note = f" ({left} left unfinished, counted as Apprentice)" if left else ""
        theme.text(surface, f"Total rounds: {total}{note}", (b.x, b.y + sc(36 + 5 * 44 + 6)), 22, theme.INK, bold=True)


class LastTrickDialog(Dialog):
    """The last finished trick as it lay: one row per action, the cards drawn, passes in words."""

    width = 640

    def __init__(self, app, states: Sequence[rules.State], names: Sequence[str]) -> None:
        self.trick = roundlog.last_trick(states)
        self.number = len(roundlog.finished_tricks(states))
        self.names = list(names)
        self.body_height = 40 + max(1, len(self.trick)) * 62
        title = f"Last trick (trick {self.number})" if self.trick else "Last trick"
        super().__init__(app, title, ("Close",))

    def lines(self) -> list[str]:
        """The trick in words, one line per action (what the rows say)."""
        return [roundlog.action_words(a, self.names, i == 0) for i, a in enumerate(self.trick)]

    def draw_body(self, surface: pygame.Surface) -> None:
        b = self.body
        if not self.trick:
            theme.text(surface, "No trick has been finished yet in this round.", (b.x, b.y + 8), 21, theme.INK)
            return
        cw, ch = 40, 56
        top = max(range(len(self.trick)), key=lambda i: i if self.trick[i].cards else -1)
        for i, (action, words) in enumerate(zip(self.trick, self.lines(), strict=True)):
            y = b.y + 8 + i * 62
            x = b.x
            for j, code in enumerate(action.cards):
                surface.blit(self.app.art.face(code, cw, ch), (x + j * 16, y))
            if not action.cards:
                theme.text(surface, "Pass", (x + cw // 2 + 12, y + ch // 2), 20, (170, 90, 40), anchor="center",
                           bold=True)
            colour = theme.INK if i != top else (150, 100, 0)
            theme.text(surface, words + (" — took the trick" if i == top else ""), (b.x + 120, y + ch // 2 - 11),
                       21, colour, bold=i == top)


def exchange_lines(states: Sequence[rules.State]) -> list[str]:
    """The round's exchange, once made, as the Round log's first lines: what you gave and got by card, the
    other swap as far as your seat may know (round 9: the message saying it was replaced by the first lead
    within a second and nothing showed it again)."""
    if not states or states[0].phase != "exchange":
        return []  # a first round: no exchange
    after = next((s for s in states if s.phase != "exchange"), None)
    if after is None:
        return []
    return ["The exchange:", *("    " + line for line in spoken.exchange_sentences(after, ("You", *SEAT_NAMES[1:])))]


def round_log_dialog(app, states: Sequence[rules.State], names: Sequence[str]) -> TextDialog:
    """The whole round in words, the exchange first, scrolled to its latest line."""
    lines = exchange_lines(states) + roundlog.log_lines(states, names)
    return log_dialog(app, "Round log", lines or ["The cards are being exchanged: no trick yet."])
