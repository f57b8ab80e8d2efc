"""Aces Up input: clicks, drags and the keyboard's spots, mapped to moves (never a rule decided here).

Split out of ``scene.py`` (the project keeps a scene under ~500 lines). ``AcesUpInput`` is a mixin of
``AcesUpScene``: a click on the stock deals; a click on a top card discards it, or selects it when it must
leave as a pair (a second click on its partner pairs them, on itself deselects); a drag moves a top card to
an empty pile or onto its partner.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.acesup import keyboard, rules
from game.cards import the_card
from game.engine import theme
from game.engine.cardtable import CardSprite
from game.engine.focus import row_step


class AcesUpInput:
    """The input half of ``AcesUpScene`` (a mixin: ``self`` is the scene)."""

    state: Any
    selected: int | None

    def pile_of(self, sprite: CardSprite | None) -> int | None:
        """The pile whose *top* card is ``sprite``, else None."""
        if sprite is None:
            return None
        for p, pile in enumerate(self.state.piles):
            if pile and pile[-1] == sprite.id:
                return p
        return None

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        if self.is_over():
            return
        on_stock = sprite.id in self.state.stock if sprite is not None else self.stock_rect.collidepoint(pos)
        if on_stock:
            self.deal()
            return
        pile = self.pile_of(sprite)
        if pile is None:
            if sprite is not None and sprite.id not in self.state.removed:
                self.refuse("Only the top card of a pile can be played.", (sprite.id,))
            self.select(None)
            return
        if self.selected is not None:
            first = self.selected
            self.select(None)
            if first == pile:
                self.status.say("Selection cleared.")
                return
            self.play(rules.Pair(first, pile), "place", self.top_ids(first, pile))
            return
        tops = rules.top_cards(self.state)
        partner = [j for j, c in enumerate(tops) if j != pile and c and c[0] == tops[pile][0]]
        if partner and rules.can_pair_rank(self.variation, tops[pile][0]):
            self.select(pile)
            # the rule said with the choice (by ear, round 13: a player took the pair rule for a key that failed)
            self.status.say(f"Selected {the_card(tops[pile])}: it can only leave as a pair, with "
                            f"{the_card(tops[partner[0]])} on pile {partner[0] + 1}. Click it (or Enter on it) to "
                            "discard the pair.")
            self.app.sounds.play("click")
            return
        self.play(rules.Discard(pile), "place", self.top_ids(pile))

    def top_ids(self, *piles: int) -> tuple[str, ...]:
        return tuple(self.state.piles[p][-1] for p in piles if self.state.piles[p])

    def select(self, pile: int | None) -> None:
        for sp in self.table.sprites.values():
            sp.selected = False
        self.selected = pile
        if pile is not None:
            self.table.sprites[self.state.piles[pile][-1]].selected = True

    def deal(self) -> None:
        self.select(None)
        if not self.state.stock:
            self.refuse("The stock is empty.")
            return
        self.play(rules.Deal(), "deal", stagger=0.07)

    def drag_group(self, sprite: CardSprite) -> list[CardSprite] | None:
        if self.pile_of(sprite) is None or self.is_over():
            return None
        self.select(None)
        return [sprite]

    def on_drop(self, sprites: list[CardSprite], pos: tuple[int, int]) -> bool:
        src = self.pile_of(sprites[0])
        if src is None:
            return False
        card = sprites[0].rect(self.table.card_size)
        for q, slot in enumerate(self.slots):
            column = pygame.Rect(slot.x, slot.y, slot.w, slot.h + self.fan * max(0, len(self.state.piles[q]) - 1))
            if q != src and card.colliderect(column) and column.collidepoint(card.center):
                if not self.state.piles[q]:
                    return self.play(rules.Fill(src, q), "place")
                problem = rules.why_illegal(self.state, rules.Pair(src, q))
                if problem is None:
                    return self.play(rules.Pair(src, q), "place")  # dropped on its partner
                if self.state.piles[q][-1][0] != sprites[0].id[0]:  # not the same rank: no pair at all
                    problem = "A card can only be moved into an empty pile, or onto its pair partner."
                self.status.say(problem, theme.HILITE)  # same rank: why that pair may not go (Aces)
                return False
        if self.discard_rect.collidepoint(pos) or self.discard_rect.collidepoint(card.center):
            problem = rules.why_illegal(self.state, rules.Discard(src))
            if problem is None:
                return self.play(rules.Discard(src), "place")
            self.status.say(problem, theme.HILITE)
        return False

    def focus_step(self, spots: list, current, dx: int, dy: int):
        """The arrows follow the screen's rows (focus.row_step, the rule the keys' Help says)."""
        return row_step(spots, current, dx, dy)

    def focus_spots(self) -> list:
        return keyboard.spots(self)

    def held_over(self, held: list[str], spot) -> str | None:
        return keyboard.held_over(self, held, spot)
