"""Modal dialogs drawn over the table: message, confirm, text entry, choice,
file (saved games), long text (help) and tables (statistics, high scores).

Each is a transparent scene: the table keeps drawing beneath a dimmed veil,
input stops here.  The buttons are reachable from the keyboard: Tab / Shift+Tab (and Left / Right where the
box has no other use for them) move a focus ring between them, Enter presses the focused one (at first the
default: for a question that loses something, the safe answer), Escape cancels.

With Options ▸ Speak every box is read when it opens (`Dialog.arrival`: its title, what it says, and
"Buttons: …" naming the focused one), the focus is said as it moves, and text fields echo what is typed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import pygame

from game import letters
from game.engine import reading, theme
from game.engine.scene import Scene
from game.engine.widgets import Button, draw_ring

#: how long a box that shows a result (`Dialog.guards_keys`: the end-of-game box, a round's summary) ignores
#: Enter and Space after it opens: a player playing by keys pressed Enter for a card just as the game ended, and
#: it landed on "New game", which dealt again before the result could be read (round 9).  Keys queued before the
#: box opened are handled within this time too, so they never act on it.  Tests set it to 0 (tests/conftest.py)
#: and test it on its own.
READ_GUARD_S = 0.6
#: a box opened within this many seconds of the box under it covers it before its words are heard
COVERED_AT_ONCE_S = 0.25
#: the clock the guard reads (a test moves it instead of waiting)
clock: Callable[[], float] = time.monotonic
_GUARDED_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Dialog(Scene):
    """A panel with a title, a body drawn by subclasses and a row of buttons."""

    transparent = True
    width = 520
    body_height = 120
    #: a box that appears on its own at a game's or round's end, while the player may be pressing keys: Enter
    #: and Space do nothing for READ_GUARD_S after it opens (the same for every end box and summary)
    guards_keys = False

    def __init__(self, app, title: str, buttons: Sequence[str] = ("OK",),
                 on_close: Callable[[str], None] | None = None, default: int = 0,
                 cancel: str | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.on_close = on_close
        self.labels = list(buttons)
        self.default = default
        self.cancel = cancel if cancel is not None else (self.labels[-1] if len(self.labels) > 1 else self.labels[0])
        self.buttons = [Button(lbl, (lambda lbl=lbl: self.close(lbl))) for lbl in self.labels]
        #: the button Enter presses (the focus ring is drawn on it)
        self.focused = default
        self.opened_at = clock()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.on_resize(app.size)

    # speech -----------------------------------------------------------------
    def on_enter(self) -> None:
        """Said when it opens (Options ▸ Speak): a box is news a player must hear, with its buttons."""
        from game.engine import speech

        self.said_words = self.arrival()
        scenes = self.app.stack.scenes
        below = scenes[-2] if len(scenes) > 1 and scenes[-1] is self else None
        if isinstance(below, Dialog) and clock() - below.opened_at < COVERED_AT_ONCE_S:
            # a box opened over one that has just opened (Forty Thieves' "New high score!" name box over its
            # end box): the one that takes the keys is said first, the one under it in full when it is back
            # (by ear, round 13: the end box's long text ran 12 s before the box that had the focus was said)
            below.unheard = True
            if speech.CURRENT is not None:
                speech.CURRENT.cover(below.said_words, self.said_words)
            return
        speech.announce(self.said_words, force=True, alone=True)  # its own utterance, never joined

    #: covered at once by another box before its words were heard: said whole when it is back on top
    unheard = False
    #: what it said as it opened (withdrawn from the voice's queue if it closes before they are begun)
    said_words = ""

    def on_exit(self) -> None:
        """Closed: its words, if still waiting to be said (held behind a key's answer), are not said late."""
        from game.engine import speech

        if speech.CURRENT is not None and self.said_words:
            speech.CURRENT.withdraw(self.said_words)

    def arrival(self) -> str:
        title = self.title if self.title.endswith(("!", "?", ".", ":")) else self.title + "."
        body = " ".join(self.spoken_body().split())
        return f"{title} {body + ' ' if body else ''}{self.buttons_words()}"

    def back_words(self) -> str:
        """'Back to Game over: New game has focus.' (a box over this one closed); all of it when the box over
        it came at once and its words were never heard (`unheard`)."""
        if self.unheard:
            self.unheard = False
            return f"Back to {self.arrival()}"
        title = self.title.rstrip("!?.:")
        return f"Back to {title}: {self.labels[self.focused]} has focus." if self.labels else f"Back to {title}."

    def spoken_body(self) -> str:
        """What the box says, in words (subclasses: the message, the rows, the list and its field)."""
        return ""

    #: the line of `reading_lines` Up/Down last said (-1: none yet)
    read_at = -1

    def reading_lines(self) -> list[str]:
        """The box's words a line at a time for Up/Down/Home/End (issue 34, round 10: an end box or a
        summary could only be heard again whole, from the top); none where the box uses those keys."""
        return []

    def read_line(self, key: int) -> bool:
        """Up/Down/Home/End: say the previous/next/first/last line of `reading_lines`; False if it has none."""
        from game.engine import speech

        lines = self.reading_lines()
        if not lines:
            return False
        to = {pygame.K_UP: self.read_at - 1, pygame.K_DOWN: self.read_at + 1, pygame.K_HOME: 0,
              pygame.K_END: len(lines) - 1}[key]
        self.read_at, words = reading.step_words(lines, self.read_at, to)
        speech.announce(words, force=True)
        return True

    def say_again(self) -> None:
        """F9 in a box: the line Up/Down last read, else the last sentence said (the box's whole reading)."""
        from game.engine import speech

        lines = self.reading_lines()
        if 0 <= self.read_at < len(lines):
            speech.announce(lines[self.read_at], force=True, interrupt=True)
        else:
            self.app.speech.repeat()

    def buttons_words(self) -> str:
        """'Buttons: Leave, Stay; Stay has focus.' (one button: 'Button: OK.')"""
        labels = [b.label for b in self.buttons if b.visible]
        if len(labels) == 1:
            return f"Button: {labels[0]}. Enter presses it."
        return (f"Buttons: {', '.join(labels)}; {self.buttons[self.focused].label} has focus. Tab moves, "
                "Enter presses.")

    # geometry ---------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay out at the type scale: ``width`` and ``body_height`` are lengths at scale 1 (theme.sc)."""
        sc = theme.sc
        for b in self.buttons:
            b.rect = pygame.Rect(0, 0, 0, sc(38))
            b.fit(sc(20))
            b.rect.w = max(b.rect.w, sc(96))
        # the dialog widens for its buttons as far as the window allows; past that they take two rows (or more)
        row_w = sum(b.rect.w for b in self.buttons) + sc(12) * max(0, len(self.buttons) - 1)
        w = min(max(sc(self.width), row_w + sc(40)), size[0] - 40)
        rows = self._button_rows(w - sc(40))
        h = sc(60) + sc(self.body_height) + sc(64) + (len(rows) - 1) * (sc(38) + sc(10))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        bottom = self.rect.bottom - sc(16)
        for row in reversed(rows):
            x = self.rect.right - sc(20)
            for b in reversed(row):
                b.rect.bottomright = (x, bottom)
                x = b.rect.x - sc(12)
            bottom -= sc(38) + sc(10)

    def _button_rows(self, room: int) -> list[list[Button]]:
        """The buttons in rows no wider than ``room``, in order (the last row holds the last buttons)."""
        rows: list[list[Button]] = [[]]
        used = 0
        for b in self.buttons:
            need = b.rect.w + (theme.sc(12) if rows[-1] else 0)
            if rows[-1] and used + need > room:
                rows.append([])
                used, need = 0, b.rect.w
            rows[-1].append(b)
            used += need
        return rows

    @property
    def body(self) -> pygame.Rect:
        sc = theme.sc
        return pygame.Rect(self.rect.x + sc(24), self.rect.y + sc(56), self.rect.w - sc(48), sc(self.body_height))

    # behaviour ----------------------------------------------------------------
    def close(self, label: str) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop(self)
        else:
            self.app.stack.pop(self)
        if self.on_close is not None:
            self.on_close(label)
        self.app.invalidate()

    def accept_label(self) -> str:
        return self.labels[self.focused]

    def move_focus(self, step: int) -> None:
        """The focus ring to the next (or previous) button that can be pressed, said aloud."""
        from game.engine import speech

        n = len(self.buttons)
        for k in range(1, n + 1):
            i = (self.focused + step * k) % n
            if self.buttons[i].is_enabled:
                self.focused = i
                break
        shown = [b for b in self.buttons if b.visible]
        b = self.buttons[self.focused]
        speech.announce(f"{b.label} button, {shown.index(b) + 1} of {len(shown)}.", force=True)
        self.app.invalidate()

    def too_soon(self, event: pygame.event.Event) -> bool:
        """Enter or Space pressed before the box could be read (`guards_keys`): it is swallowed."""
        return (self.guards_keys and event.type == pygame.KEYDOWN and event.key in _GUARDED_KEYS
                and clock() - self.opened_at < READ_GUARD_S)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.too_soon(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close(self.cancel)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.buttons[self.focused].is_enabled:
                    self.close(self.accept_label())
                return True
            if event.key == pygame.K_TAB or event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.move_focus(-1 if back else 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END) and self.read_line(event.key):
                return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return True  # modal

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(theme.veil(*surface.get_size()), (0, 0))
        theme.panel(surface, self.rect)
        sc = theme.sc
        theme.text(surface, self.title, (self.rect.x + sc(24), self.rect.y + sc(18)), 28, theme.INK, bold=True)
        pygame.draw.line(surface, (210, 200, 180), (self.rect.x + sc(20), self.rect.y + sc(48)),
                         (self.rect.right - sc(20), self.rect.y + sc(48)))
        theme.note("area", "dialog body", self.body)
        self.draw_body(surface)
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focused and self.buttons_have_focus()
            b.draw(surface)

    def buttons_have_focus(self) -> bool:
        """The focus ring is on a button (a text box may hold it instead)."""
        return True

    def draw_body(self, surface: pygame.Surface) -> None:
        pass


class MessageDialog(Dialog):
    """A message with buttons (OK; or Yes/No for a confirm)."""

    def __init__(self, app, title: str, message: str, buttons: Sequence[str] = ("OK",),
                 on_close: Callable[[str], None] | None = None, default: int = 0,
                 cancel: str | None = None) -> None:
        self.message = message
        self.lines: list[str] = []
        super().__init__(app, title, buttons, on_close, default, cancel)

    def spoken_body(self) -> str:
        return self.message

    def reading_lines(self) -> list[str]:
        """The message a sentence at a time (an end box's result, its score line)."""
        return reading.sentences(self.message)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Wrap the message to the body's real width (the box may widen for its buttons, or be held to a small
        window), then size the body to the lines: wrapped again at every window size and text size, so no
        line runs past the box."""
        super().on_resize(size)
        self.lines = theme.wrap(self.body_text(), self.body.w, 22)
        self.body_height = max(40, 26 * len(self.lines)) + self.extra_height()
        super().on_resize(size)

    def body_text(self) -> str:
        """The words drawn as the message's lines (a subclass may draw part of its message otherwise)."""
        return self.message

    def extra_height(self) -> int:
        """Room below the message's lines a subclass draws in (at scale 1)."""
        return 0

    def draw_body(self, surface: pygame.Surface) -> None:
        y = self.body.y
        for line in self.lines:
            theme.text(surface, line, (self.body.x, y), 22, theme.INK)
            y += theme.sc(26)


def confirm(app, title: str, message: str, on_yes: Callable[[], None], yes: str = "Yes", no: str = "No",
            on_no: Callable[[], None] | None = None, safe: bool = False) -> MessageDialog:
    """Push a Yes/No dialog that calls ``on_yes`` (or ``on_no``).  ``safe``: the question throws away what
    cannot be had back (a round, a saved game, the statistics), so the focus starts on ``no``: a player who
    presses Enter out of habit, or hears only the start of the question, loses nothing (Tab then Enter, or
    a click, says yes)."""
    def done(label: str) -> None:
        if label == yes:
            on_yes()
        elif on_no is not None:
            on_no()
    dlg = MessageDialog(app, title, message, (yes, no), done, default=1 if safe else 0, cancel=no)
    app.stack.push(dlg)
    return dlg


def message(app, title: str, text: str, on_close: Callable[[], None] | None = None) -> MessageDialog:
    dlg = MessageDialog(app, title, text, ("OK",), (lambda _l: on_close()) if on_close else None)
    app.stack.push(dlg)
    return dlg


def _echo(words: str) -> None:
    """A text field's typing said back (Options ▸ Speak), every key even when it repeats the last, as a screen
    reader echoes typing: each character whole (a letter never cuts the one before it, speech.Speaker.say's
    ``echo``), the word just typed on Space, the whole field on Up or Down (TextInputDialog)."""
    from game.engine import speech

    if words:
        speech.announce(words, force=True, echo=True)


class TextField:
    """A one-line text entry with a caret (typing, Backspace, Delete, Home/End, Ctrl+A selects it all)."""

    def __init__(self, text: str = "", max_len: int = 40) -> None:
        self.text = text
        self.caret = len(text)
        self.max_len = max_len
        self.rect = pygame.Rect(0, 0, 200, 36)
        #: the whole text is selected (a prefilled name): typing or Backspace replaces it, an arrow keeps it
        self.all_selected = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.all_selected = bool(self.text)  # as in every text box: the next letter typed replaces it all
            return True
        if self.all_selected and (event.type == pygame.TEXTINPUT or event.type == pygame.KEYDOWN and event.key in (
                pygame.K_BACKSPACE, pygame.K_DELETE)):
            self.all_selected = False
            self.set("")
            if event.type == pygame.KEYDOWN:
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.all_selected = False
        if event.type == pygame.TEXTINPUT:
            # every character typed is kept, joiners too (a family emoji stays one family), whole letters only
            add = letters.cut_at_boundary("".join(ch for ch in event.text if letters.typed_char(ch)),
                                          max(0, self.max_len - len(self.text)))
            self.text = self.text[:self.caret] + add + self.text[self.caret:]
            self.caret += len(add)
            if add.strip():
                _echo(add)
            else:  # word echo: Space says the word it ends ("Ann"), as NVDA's and Orca's word echo do
                before = self.text[:self.caret - len(add)]
                _echo(before.split()[-1] if before[-1:].strip() else "space")
            return True
        if event.type == pygame.KEYDOWN:
            # Backspace, Delete and the arrows go a whole letter at a time (letters.py): never a lone joiner
            if event.key == pygame.K_BACKSPACE and self.caret > 0:
                start = letters.previous_boundary(self.text, self.caret)
                gone = self.text[start:self.caret]
                _echo(f"{gone} deleted" if gone.strip() else "space deleted")
                self.text = self.text[:start] + self.text[self.caret:]
                self.caret = start
            elif event.key == pygame.K_DELETE:
                self.text = self.text[:self.caret] + self.text[letters.next_boundary(self.text, self.caret):]
            elif event.key == pygame.K_LEFT:
                self.caret = letters.previous_boundary(self.text, self.caret)
            elif event.key == pygame.K_RIGHT:
                self.caret = letters.next_boundary(self.text, self.caret)
            elif event.key == pygame.K_HOME:
                self.caret = 0
            elif event.key == pygame.K_END:
                self.caret = len(self.text)
            else:
                return False
            return True
        return False

    def set(self, text: str) -> None:
        self.text = letters.cut_at_boundary(text, self.max_len)
        self.caret = len(self.text)

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.WHITE, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.MENU_HOVER, self.rect, 2, border_radius=6)
        f = theme.font(24)
        pad = theme.sc(10)
        if self.all_selected and self.text:
            w = f.size(self.text)[0]
            pygame.draw.rect(surface, theme.MENU_HOVER, pygame.Rect(self.rect.x + pad - 3, self.rect.y + 6, w + 6,
                                                                     self.rect.h - 12), border_radius=3)
        theme.text(surface, self.text, (self.rect.x + pad, self.rect.centery), 24,
                   theme.WHITE if self.all_selected else theme.INK, anchor="midleft")
        cx = self.rect.x + pad + f.size(self.text[: self.caret])[0]
        pygame.draw.line(surface, theme.INK, (cx, self.rect.y + 7), (cx, self.rect.bottom - 7), 2)


class TypingDialog(Dialog):
    """A dialog with a text field: SDL sends TEXTINPUT events only while it is open."""

    def on_enter(self) -> None:
        pygame.key.start_text_input()
        super().on_enter()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()
        super().on_exit()


class TextInputDialog(TypingDialog):
    """Ask for one line of text (a player's name, a deal number).

    ``validate`` returns an error message for the player, or None if the text is fine.
    """

    body_height = 90

    def __init__(self, app, title: str, prompt: str, on_ok: Callable[[str], None], initial: str = "",
                 validate: Callable[[str], str | None] | None = None, max_len: int = 40,
                 select_initial: bool = False, other: tuple[str, Callable[[], None]] | None = None) -> None:
        self.prompt = prompt
        self.on_ok = on_ok
        #: a third answer between OK and Cancel (ACME's "Play as guest"): its label and what it does
        self.other = other
        self.validate = validate
        self.field = TextField(initial, max_len)
        self.field.all_selected = select_initial and bool(initial)  # Enter keeps it, typing replaces it
        self.error = ""
        #: the text box has the focus (it is first in the Tab order, before OK and Cancel): Enter there is OK
        self.field_focused = True
        labels = ("OK", other[0], "Cancel") if other else ("OK", "Cancel")
        super().__init__(app, title, labels, None, default=0, cancel="Cancel")
        self.buttons[0].enabled = lambda: bool(self.field.text.strip())

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.field.rect = pygame.Rect(self.body.x, self.body.y + theme.sc(30), self.body.w, theme.sc(38))

    def close(self, label: str) -> None:
        if label == "OK":
            text = self.field.text.strip()
            err = self.validate(text) if self.validate else None
            if err:
                self.error = err
                self.app.sounds.play("refuse")
                return
            super().close(label)
            self.on_ok(text)
        elif self.other is not None and label == self.other[0]:
            super().close(label)
            self.other[1]()
        else:
            super().close(label)

    def spoken_body(self) -> str:
        """The question, the box and what is typed already (a name kept from last time is selected: typing
        replaces it): a high-score box said as only 'New high score!' asked nothing a blind player could answer."""
        return f"{self.field_words()} Type, then press Enter."

    def field_words(self) -> str:
        """'Your name: edit box, empty.' — the text box as said when it opens and when Tab comes back to it."""
        typed = self.field.text
        if typed:
            typed += ", selected: typing replaces it." if self.field.all_selected else "."
        return f"{self.prompt} edit box, {typed or 'empty.'}"

    def buttons_words(self) -> str:
        if not self.field_focused:
            return super().buttons_words()
        return "Buttons: OK, Cancel; the edit box has focus. Tab moves, Enter presses OK."

    def move_focus(self, step: int) -> None:
        """Tab goes round the text box, OK and Cancel (the box was out of the ring: a blind player tabbing
        to find it landed on Cancel and pressed Enter)."""
        from game.engine import speech

        ring = [-1] + [i for i, b in enumerate(self.buttons) if b.is_enabled]
        at = ring.index(-1 if self.field_focused else self.focused) if (
            self.field_focused or self.focused in ring) else 0
        nxt = ring[(at + step) % len(ring)]
        if nxt == -1:
            self.field_focused = True
            speech.announce(self.field_words(), force=True)
            self.app.invalidate()
            return
        self.field_focused = False
        self.focused = nxt - step  # the base class steps on to it (and says it)
        super().move_focus(step)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.field.handle(event):
            self.error = ""
            return True
        if self.field_focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            _echo(f"{self.prompt} {self.field.text or 'empty'}")  # the whole field, when asked (a line read)
            return True
        if (self.field_focused and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            if self.buttons[0].is_enabled:
                self.close("OK")
            else:
                from game.engine import speech

                self.app.sounds.play("refuse")
                speech.announce(f"{self.prompt} edit box, empty. Type first.", force=True)
            return True
        return super().handle(event)

    def buttons_have_focus(self) -> bool:
        return not self.field_focused

    def draw_body(self, surface: pygame.Surface) -> None:
        theme.text(surface, self.prompt, (self.body.x, self.body.y), 22, theme.INK)
        self.field.draw(surface)
        if self.field_focused:
            draw_ring(surface, self.field.rect.inflate(8, 8))
        if self.error:
            theme.text(surface, self.error, (self.body.x, self.field.rect.bottom + theme.sc(6)), 20, theme.DANGER)



class ListBox:
    """A scrolling list of strings with one selected row."""

    ROW = 30  # at the type scale 1: `row` is the height in pixels
    KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)

    @property
    def row(self) -> int:
        return theme.sc(self.ROW)

    def __init__(self, rows: list[str]) -> None:
        self.rows = rows
        self.selected: int | None = 0 if rows else None
        self.top = 0
        self.rect = pygame.Rect(0, 0, 200, 200)
        self.on_activate: Callable[[int], None] | None = None

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.h // self.row)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1:
                n = self.top + (event.pos[1] - self.rect.y) // self.row
                if 0 <= n < len(self.rows):
                    if self.selected == n and getattr(event, "clicks", 1) > 1 and self.on_activate:
                        self.on_activate(n)
                    self.selected = n
                return True
            if event.button in (4, 5):
                self.scroll(-1 if event.button == 4 else 1)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN and self.rows and event.key in self.KEYS:
            # every list: the arrows a row, Page Up/Down a page, Home/End the first and last (QA: the Jokers
            # list ignored Home/End)
            n = self.selected if self.selected is not None else -1
            last, page = len(self.rows) - 1, max(1, self.visible_rows - 1)
            n = {pygame.K_UP: n - 1, pygame.K_DOWN: n + 1, pygame.K_PAGEUP: n - page, pygame.K_PAGEDOWN: n + page,
                 pygame.K_HOME: 0, pygame.K_END: last}[event.key]
            n = max(0, min(last, n))
            self.selected = n
            if n < self.top:
                self.top = n
            elif n >= self.top + self.visible_rows:
                self.top = n - self.visible_rows + 1
            return True
        return False

    def scroll(self, d: int) -> None:
        self.top = max(0, min(max(0, len(self.rows) - self.visible_rows), self.top + d))

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.WHITE, self.rect, border_radius=6)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for i in range(self.top, min(len(self.rows), self.top + self.visible_rows + 1)):
            row = pygame.Rect(self.rect.x, self.rect.y + (i - self.top) * self.row, self.rect.w, self.row)
            if i == self.selected:
                pygame.draw.rect(surface, theme.MENU_HOVER, row)
            theme.text(surface, self.rows[i], (row.x + theme.sc(10), row.centery), 22,
                       theme.WHITE if i == self.selected else theme.INK, anchor="midleft")
        surface.set_clip(clip)
        if not self.rows:
            theme.text(surface, "(none yet)", self.rect.center, 22, theme.INK_SOFT, anchor="center")
        pygame.draw.rect(surface, (150, 140, 120), self.rect, 2, border_radius=6)


class ChoiceDialog(Dialog):
    """Pick one of several options (variation, jokers, level, card back…)."""

    def __init__(self, app, title: str, options: Sequence[tuple[object, str]], current: object,
                 on_choose: Callable[[object], None], note: str = "") -> None:
        self.options = list(options)
        self.note = note
        self.list = ListBox([label for _v, label in self.options])
        values = [v for v, _l in self.options]
        self.list.selected = values.index(current) if current in values else 0
        self.on_choose = on_choose
        self.body_height = min(8, len(self.options)) * ListBox.ROW + 8 + (30 if note else 0)
        super().__init__(app, title, ("OK", "Cancel"), None, default=0, cancel="Cancel")
        self.list.on_activate = lambda _n: self.close("OK")

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        top = self.body.y + (theme.sc(30) if self.note else 0)
        self.list.rect = pygame.Rect(self.body.x, top, self.body.w, self.body.bottom - top)

    def close(self, label: str) -> None:
        from game.engine import speech

        super().close(label)
        if label == "OK" and self.list.selected is not None:
            speech.announce(f"{self.title}: {self.options[self.list.selected][1]}.", force=True)
            self.on_choose(self.options[self.list.selected][0])

    def arrival(self) -> str:
        """Spoken (Options ▸ Speak): the question and the choice the arrows start from."""
        return f"{self.title}: {self._choice_words()}"

    def _choice_words(self) -> str:
        if self.list.selected is None:
            return ""
        return (f"{self.options[self.list.selected][1]}, {self.list.selected + 1} of {len(self.options)}. "
                "Up and Down choose, Enter confirms.")

    def _say_choice(self) -> None:
        from game.engine import speech

        speech.announce(self._choice_words())

    def handle(self, event: pygame.event.Event) -> bool:
        if self.list.handle(event):
            if event.type == pygame.KEYDOWN:
                self._say_choice()
            return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        if self.note:
            theme.text(surface, self.note, (self.body.x, self.body.y), 20, theme.INK_SOFT)
        self.list.draw(surface)


class TextDialog(Dialog):
    """Long text (Help, About, a round's log): wrapped, scrolled with the wheel, and read by keys as a screen
    reader reads a document (reading.Reader): Down/Up the next/previous line (paragraph or list item), Page
    Down/Page Up or H/Shift+H the next/previous section, Home/End the first/last line, F9 the line again.  The
    line being read is highlighted and kept in view, so a sighted helper sees where the reader is."""

    width = 760

    def __init__(self, app, title: str, text: str, start: int = 0) -> None:
        self.text = text
        self.scroll = 0
        self.reader = reading.Reader(text)
        #: where the reader starts (a round's log: its latest line, as the box is shown)
        self.start = max(0, min(start, len(self.reader.lines) - 1))
        self.reader.at = self.start
        self.body_height = self._room(app.size)
        super().__init__(app, title, ("Close",))
        self._wrap()
        self.follow()

    @staticmethod
    def _room(size: tuple[int, int]) -> int:
        """The body's height at scale 1: as tall as the window allows, up to 560."""
        return max(200, min(560, round((size[1] - theme.sc(200)) / theme.SCALE)))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.body_height = self._room(size)
        super().on_resize(size)
        if hasattr(self, "reader"):
            self._wrap()
            self.follow()

    def _wrap(self) -> None:
        """The drawn lines, and for each the reader's line it belongs to (None: a blank line)."""
        self.lines: list[str] = []
        self.owner: list[int | None] = []
        n = 0
        for para in self.text.split("\n"):
            wrapped = theme.wrap(para, self.body.w - 10, 22)
            self.lines += wrapped
            self.owner += [n if para.strip() else None] * len(wrapped)
            n += bool(para.strip())

    @property
    def page(self) -> int:
        return max(1, self.body.h // theme.sc(26))

    def follow(self) -> None:
        """Scroll so the line being read is in view (whole, when it fits)."""
        rows = self.marked()
        if not rows:
            return
        if rows[0] < self.scroll:
            self.scroll = rows[0]
        elif rows[-1] >= self.scroll + self.page:
            self.scroll = min(rows[0], rows[-1] - self.page + 1)
        self.scroll = max(0, min(max(0, len(self.lines) - self.page), self.scroll))

    def marked(self) -> list[int]:
        """The drawn lines of the words said last (a heading said with its first line: both)."""
        said = range(self.reader.said_from, self.reader.at + 1)
        return [k for k, o in enumerate(self.owner) if o in said]

    def spoken_body(self) -> str:
        if self.reader.short:
            return " ".join(reading.spoken(line) for line in self.text.split("\n"))
        return self.reader.opening(self.start)

    def say_again(self) -> None:
        """F9 in the box: the line being read, not the whole text from the top."""
        from game.engine import speech

        speech.announce(self.reader.line_words(), force=True, interrupt=True)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.lines) - self.page), self.scroll - event.y * 3))
            return True
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            r = self.reader
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            act = {pygame.K_DOWN: lambda: r.step(1), pygame.K_UP: lambda: r.step(-1),
                   pygame.K_PAGEDOWN: lambda: r.section(1), pygame.K_PAGEUP: lambda: r.section(-1),
                   pygame.K_h: lambda: r.section(-1 if shift else 1), pygame.K_HOME: r.home,
                   pygame.K_END: r.end}.get(event.key)
            if act is not None:
                from game.engine import speech

                self.reading = True
                speech.announce(act(), force=True)
                self.follow()
                return True
        return super().handle(event)

    #: the highlight is drawn once the reader moved or while Speak is on (a sighted player's box is as before)
    reading = False

    def draw_body(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.y
        pitch = theme.sc(26)
        shown = range(self.scroll, min(len(self.lines), self.scroll + self.page))  # whole lines only
        mark = [k for k in self.marked() if k in shown] if self.reading or self.app.speech.enabled else []
        if mark:  # one band behind the line being read (a paragraph's wrapped lines together)
            top = y + (mark[0] - self.scroll) * pitch
            band = pygame.Rect(self.body.x - theme.sc(4), top - theme.sc(2), self.body.w, len(mark) * pitch)
            pygame.draw.rect(surface, theme.READING, band, border_radius=4)
            theme.note("area", "line being read", band)
        for k in shown:
            line = self.lines[k]
            bold = line.isupper() or (line.endswith(":") and len(line) < 40)
            theme.text(surface, line, (self.body.x, y), 22, theme.INK, bold=bold)
            y += pitch
        surface.set_clip(clip)
        page = self.page
        if len(self.lines) > page:
            frac = self.scroll / max(1, len(self.lines) - page)
            bar = pygame.Rect(self.body.right + 6, self.body.y + int(frac * (self.body.h - 40)), 6, 40)
            pygame.draw.rect(surface, (170, 160, 140), bar, border_radius=3)


class TableDialog(Dialog):
    """Rows and columns (statistics, high scores), optionally in tabs.

    Columns are as wide as their widest entry, the spare room shared out; when the headers do not fit on one
    line they wrap onto two, so a narrow window never runs "Longest streak" off the panel.
    """

    width = 720
    HEADER_SIZE = 20
    CELL_SIZE = 21

    def __init__(self, app, title: str, tabs: Sequence[tuple[str, Sequence[str], Sequence[Sequence[str]]]],
                 buttons: Sequence[str] = ("Close",), on_close: Callable[[str], None] | None = None,
                 tab: int = 0, footer: str = "") -> None:
        self.tabs = list(tabs)
        self.tab = tab
        self.footer = footer
        self.header_lines = 1
        self.first = 0  # the first row shown when the rows scroll
        super().__init__(app, title, buttons, on_close, default=0, cancel=buttons[0])
        self.tab_rects: list[pygame.Rect] = []

    def on_resize(self, size: tuple[int, int]) -> None:
        sc = theme.sc
        width = min(sc(self.width), size[0] - 40) - sc(48)
        self.header_lines = max((len(lines) for t in range(len(self.tabs)) for lines in self.header_text(t, width)[1]),
                                default=1)
        rows = max((len(t[2]) for t in self.tabs), default=0)
        fixed = (sc(40) * (len(self.tabs) > 1) + sc(30) + sc(20) * (self.header_lines - 1) + sc(14)
                 + (sc(28) if self.footer else 0))
        room = size[1] - 40 - sc(124) - fixed  # the dialog keeps 20 px of window above and below it
        # rows close up from 32 px to 25 px (at scale 1) before the table scrolls (wheel or arrow keys)
        self.pitch = max(sc(25), min(sc(32), room // max(1, rows)))
        self.page = max(1, min(rows, room // self.pitch))
        if self.page < rows:  # one row's room for "Rows 1-10 of 13: scroll for more"
            self.page = max(1, self.page - 1)
        self.first = min(self.first, max(0, rows - self.page))
        # in pixels, then back to scale 1 for the base class (which scales it again)
        self.body_height = (fixed + self.pitch * (max(1, self.page) + (self.page < rows))) / theme.SCALE
        super().on_resize(size)

    def row_words(self, r: int) -> str:
        """Row ``r`` of the shown tab, each cell named by its column ("Wins 3, Losses 1.")."""
        _name, headers, rows = self.tabs[self.tab]
        cells = [f"{headers[c]} {cell}" if c < len(headers) and str(headers[c]).strip() else str(cell)
                 for c, cell in enumerate(rows[r]) if str(cell).strip()]
        return ", ".join(cells) + "."

    def spoken_body(self) -> str:
        """The shown tab's rows, each cell named by its column; a long table only its size, the keys and its
        first row (Up/Down read the others: a Court History read whole ran for a minute, unstoppable but by a
        key that lost the place)."""
        name, _headers, rows = self.tabs[self.tab]
        said = [f"{name}." if len(self.tabs) > 1 else ""]
        whole = [self.row_words(r) for r in range(len(rows))]
        if len(" ".join(whole).split()) <= reading.SHORT_WORDS:
            said += whole
        else:
            said += [f"{len(rows)} rows.", reading.TABLE_KEYS_WORDS, f"Row 1 of {len(rows)}: {whole[0]}"]
        if not rows:
            said.append("Nothing here yet.")
        if self.footer:
            said.append(self.footer)
        if len(self.tabs) > 1:
            said.append("Left and Right change the tab.")
        return " ".join(s for s in said if s)

    def say_again(self) -> None:
        """F9 in the box: the row being read (the whole table while no row was moved to)."""
        from game.engine import speech

        rows = self.tabs[self.tab][2]
        words = self._row_said(self.at) if self.reading and rows else self.arrival()
        speech.announce(words, force=True, interrupt=True)

    def _row_said(self, r: int) -> str:
        return f"Row {r + 1} of {len(self.tabs[self.tab][2])}: {self.row_words(r)}"

    def read_row(self, r: int) -> None:
        """Up/Down/Home/End: the row said with its column headings, highlighted and scrolled into view."""
        from game.engine import speech

        rows = self.tabs[self.tab][2]
        if not rows:
            speech.announce("Nothing here yet.", force=True)
            return
        edge = "Top. " if r < 0 else "End of table. " if r >= len(rows) else ""
        self.at = max(0, min(len(rows) - 1, r))
        self.reading = True
        if self.at < self.first:
            self.first = self.at
        elif self.at >= self.first + self.page:
            self.first = self.at - self.page + 1
        speech.announce(edge + self._row_said(self.at), force=True)

    #: the row being read (Up/Down), highlighted once the reader moved or while Speak is on
    at = 0
    reading = False

    def scroll(self, d: int) -> None:
        rows = len(self.tabs[self.tab][2])
        self.first = max(0, min(max(0, rows - self.page), self.first + d))

    def header_text(self, tab: int, width: int) -> tuple[list[int], list[list[str]]]:
        """Column edges (from 0) for ``width`` pixels, and each header's lines."""
        _name, headers, rows = self.tabs[tab]
        ncol = max(1, len(headers), *(len(r) for r in rows))
        head = [str(headers[c]) if c < len(headers) else "" for c in range(ncol)]
        hf, cf = theme.font(self.HEADER_SIZE, True), theme.font(self.CELL_SIZE)
        cells = [max((cf.size(str(r[c]))[0] for r in rows if c < len(r)), default=0) for c in range(ncol)]
        pad = theme.sc(14)
        one_line = [max(hf.size(h)[0], cells[c]) + pad for c, h in enumerate(head)]
        if sum(one_line) <= width:
            need, lines = one_line, [[h] for h in head]
        else:
            need = [max(max((hf.size(w)[0] for w in h.split()), default=0), cells[c]) + pad
                    for c, h in enumerate(head)]
            lines = []
        spare = max(0, width - sum(need))
        widths = [n + spare // ncol for n in need]
        widths[0] += width - sum(widths) if sum(widths) < width else 0
        if not lines:
            lines = [self._wrap_header(h, widths[c] - theme.sc(12), hf) for c, h in enumerate(head)]
        edges = [0]
        for wdt in widths:
            edges.append(edges[-1] + wdt)
        return edges, lines

    @staticmethod
    def _wrap_header(text: str, width: int, f: pygame.font.Font) -> list[str]:
        words, lines, line = text.split(), [], ""
        for w in words:
            trial = f"{line} {w}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = w
            else:
                line = trial
        return [*lines, line] if line or not lines else lines

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.tab_rects):
                if r.collidepoint(event.pos):
                    self.tab, self.at = i, 0
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and len(self.tabs) > 1:
            self.tab = (self.tab + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.tabs)
            self.first = 0
            self.at = 0
            from game.engine import speech

            speech.announce(self.spoken_body(), force=True)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END):
            last = len(self.tabs[self.tab][2]) - 1
            self.read_row({pygame.K_UP: self.at - 1, pygame.K_DOWN: self.at + 1, pygame.K_HOME: 0,
                           pygame.K_END: last}[event.key])
            return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        sc = theme.sc
        y = self.body.y
        self.tab_rects = []
        if len(self.tabs) > 1:
            x = self.body.x
            for i, (name, _h, _r) in enumerate(self.tabs):
                w = theme.font(20).size(name)[0] + sc(22)
                r = pygame.Rect(x, y, w, sc(30))
                self.tab_rects.append(r)
                pygame.draw.rect(surface, theme.MENU_HOVER if i == self.tab else (226, 220, 206), r, border_radius=6)
                theme.text(surface, name, r.center, 20, theme.WHITE if i == self.tab else theme.INK, anchor="center")
                x += w + sc(6)
            y += sc(40)
        _name, _headers, rows = self.tabs[self.tab]
        edges, head = self.header_text(self.tab, self.body.w)
        xs = [self.body.x + e for e in edges]
        head_h = sc(30) + sc(20) * (self.header_lines - 1)
        for c, lines in enumerate(head):
            theme.note("area", f"column {c + 1}", (xs[c], y - 2, xs[c + 1] - xs[c], head_h))
            for k, line in enumerate(lines):
                theme.text(surface, line, (xs[c] + sc(6), y + sc(20) * k), self.HEADER_SIZE, theme.INK_SOFT,
                           bold=True)
        y += head_h
        pygame.draw.line(surface, (200, 190, 170), (self.body.x, y - sc(4)), (self.body.right, y - sc(4)))
        pitch = self.pitch
        for r, row in enumerate(rows[self.first:self.first + self.page], self.first):
            if r == self.at and (self.reading or self.app.speech.enabled):
                band = pygame.Rect(self.body.x, y - 2, self.body.w, pitch - 2)
                pygame.draw.rect(surface, theme.READING, band)
                theme.note("area", "row being read", band)
            elif r % 2:
                pygame.draw.rect(surface, (240, 235, 222), (self.body.x, y - 2, self.body.w, pitch - 2))
            for c, cell in enumerate(row[:len(xs) - 1]):
                theme.note("area", f"column {c + 1}", (xs[c], y - 2, xs[c + 1] - xs[c], pitch - 2))
                theme.text(surface, str(cell), (xs[c] + sc(6), y + (pitch - 2) // 2 - 1), self.CELL_SIZE, theme.INK,
                           anchor="midleft")
            y += pitch
        if len(rows) > self.page:
            shown = f"Rows {self.first + 1}-{self.first + self.page} of {len(rows)}: scroll for more"
            theme.text(surface, shown, (self.body.right, y), 18, theme.INK_SOFT, anchor="topright")
        if not rows:
            theme.text(surface, "Nothing here yet.", (self.body.x + sc(6), y + 3), 21, theme.INK_SOFT)
        if self.footer:
            theme.text(surface, self.footer, (self.body.x, self.body.bottom - sc(24)), 20, theme.INK_SOFT)


class FileDialog(TypingDialog):
    """Save or load a named game: the list of saved games and a name field.

    ``on_choose(name)`` gets the typed or picked name; the caller does the I/O
    and reports any error in its own dialog, so nothing here can lose a game.
    """

    width = 600
    body_height = 330

    def __init__(self, app, title: str, saves: list, on_choose: Callable[[str], None], mode: str = "save",
                 initial: str = "") -> None:
        self.saves = saves
        self.mode = mode
        self.on_choose = on_choose
        self.list = ListBox([f"{s.name}" for s in saves])
        self.list.selected = None if mode == "save" else (0 if saves else None)
        self.field = TextField(initial or (saves[0].name if saves and mode == "load" else ""), 40)
        label = "Save" if mode == "save" else "Load"
        super().__init__(app, title, (label, "Cancel"), None, default=0, cancel="Cancel")
        for b in self.buttons[:-1]:
            b.enabled = lambda: bool(self.field.text.strip())
        self.list.on_activate = lambda _n: self.close(label)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        sc = theme.sc
        self.list.rect = pygame.Rect(self.body.x, self.body.y + sc(26), self.body.w, self.body.h - sc(100))
        self.field.rect = pygame.Rect(self.body.x, self.body.bottom - sc(40), self.body.w, sc(38))

    def close(self, label: str) -> None:
        name = self.field.text.strip()
        super().close(label)
        if label != "Cancel" and name:
            self.on_choose(name)

    def spoken_body(self) -> str:
        n = len(self.saves)
        listed = f"{n} saved game{'s' if n != 1 else ''}; Up and Down go through them." if n else "No saved games yet."
        return f"{listed} {self.entry_words()}"

    def entry_words(self) -> str:
        """The selected entry (name, what it holds, when saved) and the name field, as said."""
        n = self.list.selected
        chosen = ""
        if n is not None and 0 <= n < len(self.saves):
            s = self.saves[n]
            summary = getattr(s, "summary", "")
            chosen = (f"{s.name}, {n + 1} of {len(self.saves)}{', ' + summary if summary else ''}, saved "
                      f"{s.saved_at.replace('T', ' ')}. ")
        return f"{chosen}Name field: {self.field.text or 'empty'}."

    def handle(self, event: pygame.event.Event) -> bool:
        before = self.list.selected
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END) and self.field.handle(event):
            return True  # Home and End are the name box's (its cursor), as in every text box
        if self.list.handle(event):
            if self.list.selected is not None and self.list.selected != before:
                self.field.set(self.saves[self.list.selected].name)
                from game.engine import speech

                speech.announce(self.entry_words(), force=True)
            return True
        if self.field.handle(event):
            return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        theme.text(surface, "Saved games" if self.saves else "No saved games yet",
                   (self.body.x, self.body.y), 20, theme.INK_SOFT)
        self.list.draw(surface)
        for i, s in enumerate(self.saves[self.list.top:self.list.top + self.list.visible_rows]):
            row_y = self.list.rect.y + i * self.list.row + self.list.row // 2
            sel = (i + self.list.top) == self.list.selected
            theme.text(surface, s.saved_at.replace("T", " "), (self.list.rect.right - theme.sc(10), row_y), 18,
                       theme.WHITE if sel else theme.INK_SOFT, anchor="midright")
        theme.text(surface, "Name:", (self.body.x, self.field.rect.y - theme.sc(22)), 20, theme.INK_SOFT)
        self.field.draw(surface)
