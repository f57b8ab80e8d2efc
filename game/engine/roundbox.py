"""The box a card game shows when a round ends: what happened, in rows of words and small cards.

ACME's round summary and Affairs of the Court's end of round (and of game) are one kind of box: a title,
rows (a line of words, optionally followed by the cards it names, drawn small) and a row of buttons given
as (label, callback) pairs — so a table adds a button (e.g. "Review this game") with one more pair.  Enter
presses the first button; Escape presses Close when there is one, else the first button too (a round's box
is a pause, not a question: closing it goes on).  ``shortcuts`` ((key text, label) pairs, e.g. ("F2", "Next
round")) let the table's own key for a button work on the box too; ``over`` ((key text, action) pairs, e.g.
ACME's Round log and Last trick) opens the table's look-back boxes over it, the round box there again after.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.engine import theme
from game.engine.dialogs import Dialog, TextDialog
from game.engine.widgets import item

#: the words' size and line height, and the small cards' height, in the box
TEXT_SIZE = 20
LINE_H = 24
CARD_H = 50
#: buttons whose box stays under what they open: closing the Review comes back to the box, as the solitaires'
#: end box does (round 12: after a Review opened from Court's end box the box was gone, New game with it)
KEEPS_BOX = ("Review this game",)


@dataclass(frozen=True)
class Row:
    """One row of the box: ``text`` wrapped to the box's width, then ``cards`` (codes) drawn small."""

    text: str
    cards: tuple[str, ...] = ()
    colour: tuple[int, int, int] = theme.INK
    bold: bool = False


class RoundBox(Dialog):
    """A round's ending: rows of words and cards, and the buttons the table gives (first = Enter and Escape)."""

    width = 720
    guards_keys = True  # Enter meant for a card must not press Next round unread (dialogs.READ_GUARD_S)

    def __init__(self, app, title: str, rows: Sequence[Row], buttons: Sequence[tuple[str, Callable[[], None]]],
                 shortcuts: Sequence[tuple[str, str]] = (),
                 over: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
        self.rows = list(rows)
        self.keys = [item(label, None, text) for text, label in shortcuts if text]
        self.over_keys = [(item(text, None, text), action) for text, action in over if text]
        self.actions = dict(buttons)
        self.wrapped: list[list[str]] = []
        labels = [label for label, _ in buttons]
        super().__init__(app, title, labels, self._chosen, default=0,
                         cancel="Close" if "Close" in labels else labels[0])

    def on_resize(self, size: tuple[int, int]) -> None:
        """The rows wrap to the box's width at the type scale (the font grows with the window), then the box
        takes their height; lengths here are at scale 1, as ``body_height`` is (Dialog scales both)."""
        inner = min(theme.sc(self.width), size[0] - 40) - theme.sc(48)
        self.wrapped = [theme.wrap(r.text, inner, TEXT_SIZE, bold=r.bold) if r.text else [] for r in self.rows]
        self.body_height = sum(self._row_height(i) for i in range(len(self.rows)))
        super().on_resize(size)

    def spoken_body(self) -> str:
        """Every row's words (the cards drawn under a row are named in its words by the game)."""
        return " ".join(r.text for r in self.rows if r.text)

    def reading_lines(self) -> list[str]:
        """Up/Down read the summary a row at a time (a round's result, each seat's place)."""
        return [r.text for r in self.rows if r.text]

    def _row_height(self, i: int) -> int:
        return LINE_H * len(self.wrapped[i]) + (CARD_H + 6 if self.rows[i].cards else 0) + 4

    def handle(self, event: pygame.event.Event) -> bool:
        if self.too_soon(event):
            return True
        if event.type == pygame.KEYDOWN:
            for k in self.keys:
                if k.matches(event) and k.label in self.actions:
                    self.close(k.label)
                    return True
            for k, action in self.over_keys:
                if k.matches(event):
                    action()  # a box pushed over this one (round 10: Ctrl+G did nothing on the summary)
                    return True
        return super().handle(event)

    def _chosen(self, label: str) -> None:
        action = self.actions.get(label)
        if label in KEEPS_BOX:
            self.app.push(self)  # under what it opens: closing that comes back to this box and its choices
        if action is not None:
            action()

    def draw_body(self, surface: pygame.Surface) -> None:
        sc = theme.sc
        b = self.body
        y = b.y
        ch = sc(CARD_H)
        cw = ch * 5 // 7
        for i, row in enumerate(self.rows):
            for line in self.wrapped[i]:
                theme.text(surface, line, (b.x, y), TEXT_SIZE, row.colour, bold=row.bold)
                y += sc(LINE_H)
            if row.cards:
                step = min(cw + sc(4), (b.w - cw) // max(1, len(row.cards) - 1)) if len(row.cards) > 1 else 0
                for j, code in enumerate(row.cards):
                    surface.blit(self.app.art.mini(code, cw, ch), (b.x + sc(8) + j * step, y + sc(2)))
                y += ch + sc(6)
            y += sc(4)


def log_dialog(app, title: str, lines: Sequence[str]) -> TextDialog:
    """A round's log (ACME's and Court's Round log): its lines in a scrolled box, shown at the latest line."""
    return TextDialog(app, title, "\n".join(lines), start=sum(bool(line.strip()) for line in lines) - 1)
