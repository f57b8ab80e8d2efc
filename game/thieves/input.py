"""Forty Thieves input: which stack or pile a click or a drop means, and the move it asks for.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``ThievesInput`` is a mixin of
``ThievesScene``: every take or turn is asked of ``game.thieves.rules`` and played by the scene.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import theme
from game.engine.cardtable import CardSprite
from game.engine.shortcuts import key
from game.thieves import rules
from game.thieves.places import Loc
from game.thieves.rules import JOKER, Take, Turn


class ThievesInput:
    """The input half of ``ThievesScene`` (a mixin: ``self`` is the scene)."""

    state: Any
    _joker_ids: dict[Loc, str]

    def stack_of(self, sprite: CardSprite | None, pos: tuple[int, int]) -> int | None:
        """The stack a click at ``pos`` (on ``sprite``) means, or None."""
        if sprite is not None:
            for s, st in enumerate(self.state.stacks):
                if st and any(sprite.id == self._id_at(("s", s, k), c) for k, c in enumerate(st)):
                    return s
            return None
        for s, r in enumerate(self.stack_rects):
            if r.collidepoint(pos):
                return s
        return None

    def _id_at(self, loc: Loc, code: str) -> str:
        return self._joker_ids.get(loc, code) if code == JOKER else code

    def exposed_id(self, s: int) -> str | None:
        st = self.state.stacks[s]
        return self._id_at(("s", s, len(st) - 1), st[-1]) if st else None

    def on_pile(self, sprite: CardSprite | None, pos: tuple[int, int]) -> bool:
        """True for a click on the stock or the current card (or the waste beneath it)."""
        if self.stock_rect.collidepoint(pos) or self.current_rect.collidepoint(pos):
            return True
        if sprite is None:
            return False
        st = self.state
        pile_ids = {self._id_at(("k", i), c) for i, c in enumerate(st.stock)}
        pile_ids |= {self._id_at(("w", i), c) for i, c in enumerate(st.waste)}
        pile_ids.add(self._id_at(("c",), st.current))
        return sprite.id in pile_ids

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        if self._interim is not None:  # a click during the clear-and-redeal acts on the new deal
            self.hurry()
            sprite = self.table.hit(pos)
        if self.is_over():
            self.status.say(f"The game is over: start a new game ({key(self.game, 'new')}).", theme.HILITE)
            return
        s = self.stack_of(sprite, pos)
        if s is not None:
            self.take(s)
        elif self.on_pile(sprite, pos):
            self.turn()

    def take(self, s: int) -> bool:
        sid = self.exposed_id(s)
        if sid is None:
            self.refuse(f"Stack {s + 1} is empty.")
            return False
        reason = rules.why_not_take(self.state, s)
        if reason:
            self.refuse(reason, (sid,))
            return False
        return self.play(Take(s), "place", (sid,))

    def turn(self) -> bool:
        if not self.state.stock:
            self.refuse("The stock is empty: no card is left to turn.")
            return False
        return self.play(Turn(), "flip")

    def drag_group(self, sprite: CardSprite) -> list[CardSprite] | None:
        if self.is_over() or self._interim is not None:
            return None
        for s in range(7):
            if self.exposed_id(s) == sprite.id:
                return [sprite]
        return None

    def on_drop(self, sprites: list[CardSprite], pos: tuple[int, int]) -> bool:
        src = next((s for s in range(7) if self.exposed_id(s) == sprites[0].id), None)
        if src is None:
            return False
        card = sprites[0].rect(self.table.card_size)
        target = self.current_rect.inflate(self.current_rect.w // 3, self.current_rect.h // 4)
        if target.collidepoint(pos) or target.collidepoint(card.center):
            reason = rules.why_not_take(self.state, src)
            if reason is None:
                return self.play(Take(src), "place")
            self.status.say(reason, theme.HILITE)
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and not event.mod & pygame.KMOD_CTRL
                and not self.is_over() and not self.focus.visible):
            self.hurry()  # pressed during the clear-and-redeal: the new deal's card is turned
            self.turn()
            return True
        return super().handle(event)
