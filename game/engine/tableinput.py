"""The mouse on every table: press, click, drag past a threshold, drop (or fly home), Escape to cancel a
drag; keys pressed while a deal is looked for wait for it.  Keyboard play is ``game.engine.focus``.

Split out of ``table.py``; ``TableInput`` is a mixin of ``TableScene``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import theme
from game.engine.cardtable import CardSprite

DRAG_THRESHOLD = 6


class TableInput:
    """The input half of ``TableScene`` (a mixin: ``self`` is the table)."""

    app: Any
    table: Any
    menubar: Any
    focus: Any
    buttons: list[Any]
    status: Any
    _press: tuple[CardSprite | None, tuple[int, int]] | None
    _dragging: bool
    _held_keys: list[pygame.event.Event]

    def on_resize(self, size: tuple[int, int]) -> None:
        self.menubar.resize(size[0])
        self.geometry(size)
        self.relayout(animate=False)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.waiting_for_deal() and event.type == pygame.KEYDOWN and self.menubar.open is None:
            # a key (a shortcut too) for a deal about to be replaced waits for the new deal, then acts on it
            if len(self._held_keys) < 8:
                self._held_keys.append(event)
            self.status.say(f"{self.waiting_words()} Your key acts once it is dealt.", theme.HINT)
            return True
        if self.menubar.handle(event):
            return True
        if self.waiting_for_deal() and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN:  # no card is there to act on yet: said, not ignored
                self.status.say(f"{self.waiting_words()} Click again once it is dealt.", theme.HINT)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            # Before the focus ring and the buttons see it: a button that waits for the cards to rest
            # (ACME's Play while a trick is gathered) refused a fast press in silence; now it finds them at rest.
            self.hurry()
        if self.focus.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and any(
                b.visible and not b.is_enabled and b.rect.collidepoint(event.pos) for b in self.buttons):
            words = self.turn_words()
            if words:  # (a button greyed for any other reason says so by its look, as everywhere)
                self.status.say(words, theme.HILITE)
                return True
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # (the animation was hurried above) the click acts on the table as it now rests: a fast
            # player's second click on the stock deals again, never lands on a card still flying.
            self._press = (self.table.hit(event.pos), event.pos)
            self._dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            sprite, start = self._press
            if not self._dragging and sprite is not None:
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_THRESHOLD:
                    group = self.drag_group(sprite)
                    if group:
                        self.clear_highlights()  # a hint for another card no longer applies
                        self.table.begin_drag(group, start)
                        self._dragging = True
            if self._dragging:
                self.table.drag_to(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            sprite, _start = self._press
            self._press = None
            if self._dragging:
                self._dragging = False
                self.table.drag_to(event.pos)
                held = self.table.end_drag()
                if not self.on_drop(held, event.pos):
                    self.table.fly_home(held, [self._home_of(sp) for sp in held])
                    self.app.sounds.play("refuse")
                return True
            if sprite is not None and self.table.hit(event.pos) is not sprite:
                return True  # pressed on a card that is not dragged, let go away from it: no click, as a button
                # (round 15, Court: a card pressed and let go on the felt was played)
            self.on_click(sprite, event.pos)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self._dragging:
            self._dragging = False
            self._press = None
            self.table.cancel_drag()
            return True
        return False

    def hurry(self) -> None:
        """Input arrived during an animation: jump it to its end, so the click or key acts on the table as
        it rests and is never lost.  A table with a timed show of its own (Forty Thieves' clear and
        redeal) ends that too."""
        if self.table.animating:
            self.table.finish()
            self.app.invalidate()

    def _home_of(self, sp: CardSprite) -> tuple[float, float]:
        pl = self.layout(self.state).get(sp.id)
        return (pl.x, pl.y) if pl else (sp.x, sp.y)
