"""The end-of-game box every table shows: what happened, the score in large type, and the choices; a win
is celebrated first.  ``TableScene.end_box`` opens it with the table's ``end_box_buttons``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.engine import theme
from game.engine.dialogs import MessageDialog


class EndBox(MessageDialog):
    """The end of a game: what happened, the score in large type, and the choices (wide enough for four).

    The score line is wrapped to the box like the message ("An assisted game: not scored, not in the
    statistics." ran past the right edge at 1280x800 and was cut at 800x600)."""

    width = 640
    guards_keys = True  # Enter meant for a card must not press New game (dialogs.READ_GUARD_S)
    SCORE_SIZE = 36
    SCORE_LINE_H = 42

    def __init__(self, app, title: str, text: str, score_line: str, buttons: Sequence[str],
                 on_close: Callable[[str], None], cancel: str) -> None:
        self.score_line = score_line
        self.score_lines: list[str] = []
        self.text = text
        # all it says (spoken, tested); the lines drawn small are the text's, the score line is drawn large
        super().__init__(app, title, f"{text} {score_line}".strip(), buttons, on_close, default=0, cancel=cancel)

    def body_text(self) -> str:
        return self.text

    def extra_height(self) -> int:
        self.score_lines = theme.wrap(self.score_line, self.body.w, self.SCORE_SIZE, bold=True) \
            if self.score_line else []
        return 8 + self.SCORE_LINE_H * len(self.score_lines) if self.score_lines else 0

    def draw_body(self, surface: pygame.Surface) -> None:
        super().draw_body(surface)
        y = self.body.y + theme.sc(26) * len(self.lines) + theme.sc(8)
        for line in self.score_lines:
            theme.text(surface, line, (self.body.x, y), self.SCORE_SIZE, theme.INK, bold=True)
            y += theme.sc(self.SCORE_LINE_H)


def game_over_dialog(scene: Any, title: str, text: str, won: bool,
                     choices: Sequence[tuple[str, Callable[[], None] | None]] | None = None,
                     score_line: str = "", party: bool | None = None) -> MessageDialog:
    """The end-of-game box over ``scene`` (a TableScene; typed Any so this module needs nothing of table.py,
    which imports it): its ``choices`` (label, action; None only closes, to look at the table), by default
    New game, Review this game or Close; a win is celebrated first (``party`` False: a win not celebrated, as
    Romi's win with help, which is not counted as one), and any choice that acts ends the celebration."""
    scene.app.sounds.play("win" if won else "lose")
    celebration = None
    if won if party is None else party:
        from game.engine.celebrate import celebrate

        celebration = celebrate(scene)
    choices = list(choices) if choices is not None else [("New game", scene.new_game),
                                                         ("Review this game", scene.open_review), ("Close", None)]
    actions = dict(choices)

    def done(label: str) -> None:
        act = actions.get(label)
        if act is None:
            return
        if celebration is not None:
            celebration.finish()
        if act == scene.open_review:
            # the review opens over the box, not in its place: closing it comes back to the box and its
            # choices (QA m1: Undo last move and Restart were gone, and the Undo button greyed)
            scene.app.push(dlg)
        act()
    labels = [label for label, _act in choices]
    cancel = next((label for label, act in choices if act is None), labels[-1])
    dlg = EndBox(scene.app, title, text, score_line, labels, done, cancel)
    scene.app.push(dlg)
    return dlg
