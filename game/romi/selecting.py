"""Choosing several cards at once on the Romi table: Ctrl-click adds a card to the selection or takes it
out, and a drag that starts on empty board or palette space draws a selection box.

Romi's moves are made of many cards (a whole group, a run taken apart), so picking them one by one with
Shift-click alone was slow; these two are what rummy apps offer.  The selection is kept in reading order
(the board row by row, then the palette), which is the order the cards are laid when placed.
A mixin of `game.romi.scene.RomiScene` (its state: ``_box`` while a box is being drawn).
"""

from __future__ import annotations

import pygame

from game.cards import cards_phrase
from game.engine import theme
from game.romi.board import codes
from game.words import capital, count

#: a press that moves less than this is a click, not a box
BOX_MIN = 6


class Selecting:
    """Ctrl-click and the selection box (a mixin: `_box` is its only state)."""

    _box: pygame.Rect | None = None

    def reading_order(self, ids: list[str]) -> list[str]:
        """``ids`` as they lie: the board row by row, then the palette."""
        order = self.board.board_ids() + list(self.board.palette)
        rank = {cid: k for k, cid in enumerate(order)}
        return sorted(ids, key=lambda i: rank.get(i, len(order)))

    def toggle_selected(self, sid: str) -> None:
        """Ctrl-click: ``sid`` joins the selection, or leaves it."""
        if sid in self.selection:
            ids = [i for i in self.selection if i != sid]
        else:
            if self.refuse_closed_table([sid]):
                return
            ids = self.reading_order(self.selection + [sid])
        self.select(ids)
        self.say_selected()

    def selected_phrase(self) -> str:
        """The selected cards in words ('the six of hearts'), '' when none: said on selecting, and by F6 and F8
        (round 15, by ear: "2 cards selected" left a listener to guess which)."""
        return cards_phrase(codes(self.selection)) if self.selection else ""

    def say_selected(self) -> None:
        n = len(self.selection)
        if not n:
            self.status.say("Selection cancelled.")
            return
        how = "click (or Enter on) a cell, the palette or a group's end."
        self.status.say(f"{count(n, 'card')} selected: {how}",
                        spoken=f"Selected: {self.selected_phrase()}. {capital(how)}")

    def box_motion(self, event: pygame.event.Event) -> None:
        """A drag from empty board or palette space draws the box."""
        press = getattr(self, "_press", None)
        if press is None or press[0] is not None or not self.my_turn():
            self._box = None
            return
        start = press[1]
        if not (self.board_rect.collidepoint(start) or self.palette_rect.collidepoint(start)):
            return
        x, y = event.pos
        box = pygame.Rect(min(start[0], x), min(start[1], y), abs(x - start[0]), abs(y - start[1]))
        self._box = box if box.w + box.h >= BOX_MIN or self._box is not None else None
        self.app.invalidate()

    def box_release(self) -> bool:
        """The button is let go: select what the box touches (True when there was a box)."""
        box, self._box = self._box, None
        if box is None:
            return False
        self._press = None  # the press became a box: it is no click
        size = self.table.card_size
        table_closed = self.table_closed()
        on_board = set(self.board.board_ids())
        ids = [cid for cid in self.board.board_ids() + list(self.board.palette)
               if cid in self.table.sprites and self.shown_part(cid, size).colliderect(box)
               and not (table_closed and cid in on_board)]
        self.select(self.reading_order(ids))
        self.say_selected()
        return True

    def shown_part(self, cid: str, size: tuple[int, int]) -> pygame.Rect:
        """What shows of a card: a palette card overlapped by its right neighbour shows one pitch of it."""
        rect = self.table.sprites[cid].rect(size)
        if cid in self.board.palette and rect.w > self.ppx:
            rect.w = self.ppx
        return rect

    def draw_box(self, surface: pygame.Surface) -> None:
        if self._box is None:
            return
        veil = pygame.Surface(self._box.size, pygame.SRCALPHA)
        veil.fill((*theme.HILITE[:3], 40))
        surface.blit(veil, self._box)
        pygame.draw.rect(surface, theme.HILITE, self._box, 2)
