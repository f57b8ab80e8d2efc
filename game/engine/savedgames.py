"""The saved-games manager: Save… and Load… of every table, and what can be done to one saved game.

Each entry shows the name as the player typed it (any letters), the date, and a line of what it holds
(variation or jokers, deal number, score or state, moves). The buttons under the list act on the selected
entry; they come from the table's ``saved_game_actions()`` — (label, action) pairs — so a new action on a
saved game is one more pair there. The dialog itself does no I/O: the table does it and calls ``refresh``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.engine import theme
from game.engine.dialogs import FileDialog, ListBox, TextField, TypingDialog
from game.engine.fonts import shown_order  # noqa: F401  (kept importable from here)

EntryAction = tuple[str, Callable[[object], None]]



def name_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour, bold: bool) -> None:
    """A saved game's name, midleft at ``pos``: any letters, through the one font chain (`theme.text`)."""
    theme.text(surface, text, pos, size, colour, anchor="midleft", bold=bold)


class SavedGamesList(ListBox):
    """Two lines a row: the name and the date, then what the saved game holds."""

    ROW = 50

    def __init__(self, saves: Sequence) -> None:
        super().__init__([s.name for s in saves])
        self.saves = list(saves)

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.WHITE, self.rect, border_radius=6)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for i in range(self.top, min(len(self.saves), self.top + self.visible_rows)):
            s = self.saves[i]
            row = pygame.Rect(self.rect.x, self.rect.y + (i - self.top) * self.ROW, self.rect.w, self.ROW)
            sel = i == self.selected
            if sel:
                pygame.draw.rect(surface, theme.MENU_HOVER, row)
            ink, soft = (theme.WHITE, theme.WHITE) if sel else (theme.INK, theme.INK_SOFT)
            theme.text(surface, s.saved_at.replace("T", " "), (row.right - 10, row.y + 14), 16, soft,
                       anchor="midright")
            name_text(surface, s.name, (row.x + 10, row.y + 14), 20, ink, True)
            if s.summary:
                theme.text(surface, s.summary, (row.x + 10, row.y + 36), 16, soft, anchor="midleft")
        surface.set_clip(clip)
        if not self.saves:
            theme.text(surface, "(none yet)", self.rect.center, 22, theme.INK_SOFT, anchor="center")
        pygame.draw.rect(surface, (150, 140, 120), self.rect, 2, border_radius=6)


class SavedGamesDialog(FileDialog):
    """Save or load a named game, and rename or delete saved ones (see the module docstring). It replaces the
    plain FileDialog (and is one, for code that asks), building its own list and buttons."""

    width = 760
    body_height = 360

    def __init__(self, app, title: str, saves: Sequence, on_choose: Callable[[str], None], mode: str = "save",
                 actions: Sequence[EntryAction] = (), validate: Callable[[str], str | None] | None = None) -> None:
        self.mode = mode
        #: a refused name is said under the list and the dialog stays open with what was typed (issue 33)
        self.validate = validate
        self.error = ""
        self.on_choose = on_choose
        self.actions = dict(actions)
        self.saves = list(saves)
        self.list = SavedGamesList(self.saves)
        self.list.selected = None if mode == "save" else (0 if saves else None)
        self.field = TextField(saves[0].name if saves and mode == "load" else "", 40)
        self.main = "Save" if mode == "save" else "Load"
        TypingDialog.__init__(self, app, title, (self.main, *self.actions, "Cancel"), None, default=0,
                              cancel="Cancel")
        self.buttons[0].enabled = lambda: bool(self.field.text.strip())
        for b in self.buttons[1:-1]:
            b.enabled = lambda: self.selected() is not None
        self.list.on_activate = lambda _n: self.close(self.main)

    def selected(self):
        n = self.list.selected
        return self.saves[n] if n is not None and 0 <= n < len(self.saves) else None

    def refresh(self, saves: Sequence, select: str | None = None) -> None:
        """The list again after a rename or a delete: the selection moves to the entry called ``select`` (the
        renamed one: the list is in date order, so its row number holds), else stays on the same row number.
        A Name box that showed the selected entry's name follows it (QA m4: after a rename it kept the old name,
        and Save made a second saved game under it)."""
        keep = self.list.selected
        was = self.selected()
        followed = was is not None and self.field.text.strip() == was.name
        self.saves = list(saves)
        names = [s.name for s in self.saves]
        if select is not None and select in names:
            keep = names.index(select)
        rect = self.list.rect
        self.list = SavedGamesList(self.saves)
        self.list.rect = rect
        self.list.on_activate = lambda _n: self.close(self.main)
        self.list.selected = None if not self.saves or keep is None else min(keep, len(self.saves) - 1)
        if self.mode == "load" or followed:
            chosen = self.selected()
            self.field.set(chosen.name if chosen else "")
        self.app.invalidate()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.body_height = max(200, min(type(self).body_height, size[1] - 240))
        TypingDialog.on_resize(self, size)
        sc = theme.sc
        self.list.rect = pygame.Rect(self.body.x, self.body.y + sc(26), self.body.w, self.body.h - sc(100))
        self.field.rect = pygame.Rect(self.body.x, self.body.bottom - sc(40), self.body.w, sc(38))

    def close(self, label: str) -> None:
        if label in self.actions:
            chosen = self.selected()
            if chosen is not None:
                self.actions[label](chosen)
            return
        name = self.field.text.strip()
        if label == self.main and self.validate is not None and (err := self.validate(name)):
            self.error = err
            self.app.sounds.play("refuse")
            self.app.invalidate()
            return
        TypingDialog.close(self, label)
        if label != "Cancel" and name:
            self.on_choose(name)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.error and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            self.error = ""  # the player is mending the name: the refusal has been read
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        theme.text(surface, "Saved games" if self.saves else "No saved games yet", (self.body.x, self.body.y), 20,
                   theme.INK_SOFT)
        self.list.draw(surface)
        label = theme.text(surface, "Name:", (self.body.x, self.field.rect.y - theme.sc(22)), 20, theme.INK_SOFT)
        if self.error:
            room = self.body.right - label.right - theme.sc(12)
            size = next((n for n in (18, 16, 14) if theme.font(n).size(self.error)[0] <= room), 14)
            theme.text(surface, self.error, (label.right + theme.sc(12), label.centery), size, theme.DANGER,
                       anchor="midleft")
        self.field.draw(surface)
