"""Drawing the Court table: labels, the score panel and its pop-ups, the rule cue card, the draw card.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``CourtDrawing`` is a mixin of
``CourtScene``: its methods read the scene's state and rectangles and are called by the scene and the
engine exactly as before; they hold no rule logic.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import the_card
from game.court import rules
from game.court.shared import LEVEL_NAMES, _heading_lines, own_pair
from game.engine import theme
from game.words import capital, count
from saves.court_history import GUEST

#: the round's change beside a total: where its top starts (below the row's name line) and how far it rises,
#: at scale 1; it stays clear of "to play" above it and of the next row below
FLOAT_TOP, FLOAT_RISE = 50, 20


def floater(seat: int, change: int) -> list[Any]:
    """A change of score that rises beside a seat's total: [seat, text, colour, seconds left]."""
    return [seat, f"{change:+d}", theme.GOOD if change > 0 else theme.DANGER, 1.8]


class CourtDrawing:
    """The drawing half of ``CourtScene`` (a mixin: ``self`` is the scene)."""

    state: Any
    app: Any
    floaters: list[list[Any]]

    def add_floaters(self, before: tuple[int, int], after: tuple[int, int]) -> None:
        for seat in (0, 1):
            d = after[seat] - before[seat]
            if d:
                # one pop-up per seat: a quick run of bonus cards adds up in it instead of printing over it
                old = next((f for f in self.floaters if f[0] == seat), None)
                if old is not None:
                    self.floaters.remove(old)
                    d += int(old[1])
                if d:
                    self.floaters.append(floater(seat, d))
        if after[0] - before[0] > 0 or after[1] - before[1] < 0:
            self.app.sounds.play("score_up")
        elif after != before:
            self.app.sounds.play("score_down")

    def show_round_change(self, change: tuple[int, int]) -> None:
        """When the round's box opens, the figure beside each total is the round's change, as the box says
        (round 10, shot-169: a red '-8' beside 51 was the last turn's -15 and the bonus' +7 added up, while
        the box said 82 to 51, -31)."""
        self.floaters = [floater(seat, d) for seat, d in enumerate(change) if d]

    def deck_count(self) -> int:
        """The cards in the deck as the player sees them: a card turned over by the player is out of it
        (the label under the deck and the keyboard's words say the same number)."""
        s = self.state
        return len(s.pack) - (s.phase == "draw" and s.drawer == 0 and bool(s.pack) and
                              (self.revealed or self.quick_play))

    def draw_table(self, surface: pygame.Surface) -> None:
        art = self.app.art
        cw, ch = self.table.card_size
        s = self.shown_state
        label = (200, 225, 205)
        if s.phase == "draw":
            surface.blit(art.slot(cw, ch, None), self.deck_rect)
            surface.blit(art.slot(cw, ch, None), self.turn_rect)
            theme.text(surface, count(self.deck_count(), "card"), (self.deck_rect.centerx,
                       self.deck_rect.bottom + theme.sc(8)), 18, label, anchor="midtop")
            if s.drawer == 0 and not (self.revealed or self.quick_play):
                for i, word in enumerate(("Click", "the deck")):
                    theme.text(surface, word,
                               (self.turn_rect.centerx, self.turn_rect.centery + (i * 2 - 1) * theme.sc(10)), 18,
                               theme.HILITE, anchor="center")
        for seat, r in enumerate(self.play_rects):
            pygame.draw.rect(surface, (255, 255, 255, 40), r, 2, border_radius=max(4, cw // 10))
            theme.text(surface, "You" if seat == 0 else "Computer", (r.centerx, r.bottom + theme.sc(6)), 18, label,
                       anchor="midtop")
        theme.text(surface, "Played", (self.out_rect.centerx, self.out_rect.bottom + theme.sc(10)), 18, label,
                   anchor="midtop")
        for seat, r in enumerate(self.discard_rects):
            n = len(s.seen[seat])
            if n:
                who = "Your discards" if seat == 0 else "Its discards"
                theme.text(surface, f"{who} ({n})", (r.x, r.bottom + theme.sc(5)), 17, label, anchor="topleft")
        # hand labels
        who = self.player if self.player != GUEST else "You"
        theme.text(surface, f"{who}: {count(len(s.hands[0]), 'card')}", (theme.sc(40), self.hand_y[0] - theme.sc(22)),
                   19, label)
        theme.text(surface, f"Computer ({LEVEL_NAMES[self.level]}): {count(len(s.hands[1]), 'card')}",
                   (theme.sc(40), self.hand_y[1] - theme.sc(22)), 19, label)
        to_act = rules.current_player(s)
        if to_act is not None:
            y = self.hand_y[to_act] - theme.sc(22)
            pygame.draw.circle(surface, theme.HILITE, (theme.sc(28), y + theme.sc(8)), theme.sc(6))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        s = self.shown_state
        r = self.score_rect
        theme.panel(surface, r, theme.board((24, 52, 40)), theme.GOLD, radius=12)
        theme.text(surface, f"ROUND {s.round_no}", (r.centerx, r.y + theme.sc(10)), 20, (210, 230, 210),
                   anchor="midtop",
                   bold=True)
        rows = [(1, "Computer"), (0, self.player if self.player != GUEST else "You")]
        for k, (seat, name) in enumerate(rows):
            y = r.y + theme.sc(42) + k * theme.sc(100)
            theme.text(surface, name, (r.x + theme.sc(16), y), 22, (215, 235, 215))
            value = round(self.shown[seat])
            colour = theme.DANGER if value <= 0 else theme.WHITE
            theme.text(surface, str(value), (r.x + theme.sc(16), y + theme.sc(22)), 64, colour, bold=True)
            for f in self.floaters:
                if f[0] == seat:
                    # it rises in the band beside the total, below "to play" (round 9: from y+40 it rose over it)
                    rise = int(min(1.0, (1.8 - f[3]) / 1.8) * theme.sc(FLOAT_RISE))
                    theme.text(surface, f[1], (r.right - theme.sc(16), y + theme.sc(FLOAT_TOP) - rise), 40, f[2],
                               anchor="topright", bold=True)
            if rules.current_player(s) == seat:
                theme.text(surface, "to play" if s.phase != "draw" else "drawing",
                           (r.right - theme.sc(16), y + theme.sc(4)), 18, theme.HILITE, anchor="topright")
        foot = "Must Follow Suit" if s.follow_suit else "Follow suit OFF (not counted)"
        if self.tournament_active and self.hist.tournament is not None:
            foot = f"Tournament: round {s.round_no} of 3"
        theme.text(surface, foot, (r.centerx, r.bottom - theme.sc(12)), 18, (200, 220, 200), anchor="midbottom")
        if s.phase == "draw":
            self.draw_draw_card(surface)
        elif self.cue_cards and s.last_turn is not None and s.tricks and s.tricks[-1][1:] == (
                s.last_turn.leader_card, s.last_turn.follower_card):  # this round's turn, never last round's
            self.draw_cue(surface, s.last_turn)
        if s.phase == "bonus":
            who = "Your bonus: click numbered cards, then Done" if s.bonus_player == 0 else "The computer's bonus"
            theme.text(surface, who, (self.play_rects[0].centerx - theme.sc(60), self.play_rects[0].y - theme.sc(30)),
                       24, theme.HILITE, anchor="midbottom", bold=True)
        forced = self.forced_button()
        if forced is not None:
            pygame.draw.rect(surface, theme.GOLD, forced.rect.inflate(10, 10), 4, border_radius=10)
        self.done_btn.visible = s.phase == "bonus"
        show_draw = s.phase == "draw"
        self.keep_btn.visible = self.discard_btn.visible = show_draw

    def draw_cue(self, surface: pygame.Surface, lt: rules.TurnRecord) -> None:
        r = self.cue_rect
        text = rules.cue_text(lt, 0)
        head, _, rest = text.partition(" \u2014 ")
        sc = theme.sc
        body = rest[0].upper() + rest[1:] if rest else rest
        led = f"{capital(the_card(lt.leader_card))} led, {the_card(lt.follower_card)}"
        two = _heading_lines("RULE CUE CARD", f"Rule {head}", r.w - sc(28))
        # the card stops above Cancel Tournament (or the status line): where it would not fit, the cards led
        # go first (the status line says them), then the text gets smaller (round 15: at 800x600 in a
        # tournament the button covered the card's last lines)
        bottom = (self.cancel_btn.rect.top if self.cancel_btn.visible else self.app.size[1] - theme.STATUS_H) - sc(8)
        for size, with_led in ((20, True), (20, False), (18, False), (16, False)):
            lines = theme.wrap(body, r.w - sc(28), size)
            sub = theme.wrap(led, r.w - sc(28), 16) if with_led else []
            step = sc(size + 2)
            r.h = sc(44 + 18 * (two - 1) + 18 * len(sub)) + step * len(lines)
            if r.bottom <= bottom:
                break
        theme.panel(surface, r, (252, 246, 226), theme.GOLD, radius=10)
        y = self._heading(surface, r, "RULE CUE CARD", f"Rule {head}")
        for line in sub:
            theme.text(surface, line, (r.x + theme.sc(14), y), 16, theme.INK)  # (grey was faint in low vision)
            y += sc(18)
        for i, line in enumerate(lines):
            theme.text(surface, line, (r.x + sc(14), y + sc(4) + i * step), size, theme.INK)

    def draw_draw_card(self, surface: pygame.Surface) -> None:
        """During the draw: which pair this is and what the second card must do."""
        s = self.state
        pair = own_pair(s)
        who = "Your pair" if s.drawer == 0 else "The computer's pair"
        if s.draw_step == 0:
            text = "Turn a card: keep it and the next one is discarded, or discard it and keep the next."
        elif s.kept_first:
            text = "The first card was kept, so this one is discarded (rule 2.231)."
        else:
            text = "The first card was discarded, so this one is kept (rule 2.232)."
        lines = theme.wrap(text, self.cue_rect.w - theme.sc(28), 20)
        two = _heading_lines("THE DRAW", f"{who}: {pair} of 13", self.cue_rect.w - theme.sc(28))
        r = pygame.Rect(self.cue_rect.x, self.cue_rect.y, self.cue_rect.w,
                        theme.sc(44 + 22 * len(lines) + 18 * (two - 1)))
        theme.panel(surface, r, (252, 246, 226), theme.GOLD, radius=10)
        y = self._heading(surface, r, "THE DRAW", f"{who}: {pair} of 13")
        for i, line in enumerate(lines):
            theme.text(surface, line, (r.x + theme.sc(14), y + theme.sc(4 + i * 22)), 20, theme.INK)

    @staticmethod
    def _heading(surface: pygame.Surface, r: pygame.Rect, left: str, right: str) -> int:
        """A card's heading: its name at the left, its detail at the right, or on the next line when both
        would not fit side by side.  Returns the y where the card's text goes on."""
        theme.text(surface, left, (r.x + theme.sc(14), r.y + theme.sc(10)), 16, theme.INK_SOFT, bold=True)
        if _heading_lines(left, right, r.w - theme.sc(28)) == 1:
            theme.text(surface, right, (r.right - theme.sc(14), r.y + theme.sc(10)), 16, (150, 40, 40),
                       anchor="topright", bold=True)
            return r.y + theme.sc(30)
        theme.text(surface, right, (r.x + theme.sc(14), r.y + theme.sc(28)), 16, (150, 40, 40), bold=True)
        return r.y + theme.sc(48)

