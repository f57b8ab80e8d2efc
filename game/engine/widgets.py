"""Buttons, the menu bar and the message line: the few widgets a card table needs.

Written here rather than taken from pygame_gui: the user's package list is
pygame-ce, PyInstaller and appdirs; a table needs only a handful of widgets;
and these draw with the same theme and scale with the window.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.engine import theme


def _flag(value: bool | Callable[[], bool] | None, default: bool = True) -> bool:
    if value is None:
        return default
    return value() if callable(value) else bool(value)


#: the keyboard's focus ring (tables' places, boxes' buttons): gold between two black lines, seen on any cloth
RING = (255, 214, 0)


def draw_ring(surface: pygame.Surface, r: pygame.Rect, colour: tuple[int, int, int] = RING) -> None:
    """The focus ring around ``r`` (already inflated by the caller): thick, framed by black on both sides."""
    pygame.draw.rect(surface, (0, 0, 0), r.inflate(4, 4), 2, border_radius=10)
    pygame.draw.rect(surface, colour, r, 4, border_radius=9)
    pygame.draw.rect(surface, (0, 0, 0), r.inflate(-8, -8), 1, border_radius=7)


class Button:
    """A push button; ``enabled`` may be a callable re-read on every draw; ``focused`` draws the keyboard's
    focus ring on it (a box's button that Enter presses)."""

    def __init__(self, label: str, action: Callable[[], None], rect: pygame.Rect | None = None,
                 enabled: bool | Callable[[], bool] = True, size: int = 22,
                 tooltip: str = "") -> None:
        self.label = label
        self.action = action
        self.rect = rect or pygame.Rect(0, 0, 100, 34)
        self.enabled = enabled
        self.size = size
        self.tooltip = tooltip
        self.hover = False
        self.down = False
        self.visible = True
        self.focused = False

    @property
    def is_enabled(self) -> bool:
        return self.visible and _flag(self.enabled)

    def fit(self, pad: int = 18) -> Button:
        """Size the button to its label."""
        w, _ = theme.font(self.size).size(self.label)
        self.rect.w = max(self.rect.w if self.rect.w > 0 else 0, w + 2 * pad)
        return self

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.is_enabled:
                self.down = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.down
            self.down = False
            if was and self.rect.collidepoint(event.pos) and self.is_enabled:
                self.action()
                return True
            return was
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        enabled = self.is_enabled
        colour = theme.BUTTON_DISABLED if not enabled else (
            theme.BUTTON_DOWN if self.down else theme.BUTTON_HOVER if self.hover else theme.BUTTON)
        r = self.rect
        theme.note("button", self.label, r)
        pygame.draw.rect(surface, (0, 0, 0, 60), r.move(0, 2), border_radius=8)
        pygame.draw.rect(surface, colour, r, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE if enabled else (130, 130, 125), r, 2, border_radius=8)
        theme.text(surface, self.label, r.center, self.size,
                   theme.INK if enabled else theme.BUTTON_DISABLED_TEXT, anchor="center")
        if self.focused:
            draw_ring(surface, r.inflate(10, 10))


@dataclass
class MenuItem:
    """One entry of a drop-down menu (label '-' is a separator)."""

    label: str
    action: Callable[[], None] | None = None
    shortcut: str = ""
    key: int | None = None
    ctrl: bool = False
    shift: bool = False
    enabled: bool | Callable[[], bool] | None = None
    checked: Callable[[], bool] | None = None
    #: what its key does while the item is disabled (say why); None: "… is not available now." is said
    refused: Callable[[], None] | None = None
    #: it opens a choice among settings (Options ▸ Text size…): Right opens it, as Right opens a submenu
    submenu: bool = False
    #: its setting's value now, said after the label ("Text size: Normal, a choice…") as a check item says
    #: checked (round 10, by ear: a choice item said nothing of what was chosen)
    value: Callable[[], str] | None = None

    @property
    def separator(self) -> bool:
        return self.label == "-"

    def matches(self, event: pygame.event.Event) -> bool:
        if self.key is None or event.key != self.key:
            return False
        mods = event.mod if hasattr(event, "mod") else 0
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        return ctrl == self.ctrl and (shift == self.shift or (not self.ctrl and not self.shift and not shift))


def item(label: str, action: Callable[[], None] | None = None, shortcut: str = "", **kw) -> MenuItem:
    """Build a MenuItem, deriving the key from shortcut text like 'Ctrl+Z' or 'F2'."""
    key = kw.pop("key", None)
    ctrl = kw.pop("ctrl", False)
    shift = kw.pop("shift", False)
    if shortcut and key is None:
        parts = shortcut.split("+")
        ctrl = "Ctrl" in parts
        shift = "Shift" in parts
        name = parts[-1].lower()
        key = pygame.key.key_code(name) if len(name) > 1 else ord(name)
    return MenuItem(label, action, shortcut, key, ctrl, shift, **kw)


SEPARATOR = "-"


@dataclass
class Menu:
    title: str
    items: list[MenuItem] = field(default_factory=list)


class MenuBar:
    """A menu bar across the top of the window with drop-down menus.

    Keyboard shortcuts of every item work whether or not a menu is open;
    F10 opens the first menu, arrows move, Enter chooses, Escape closes.
    """

    ITEM_H = 28  # at the type scale 1 (theme.sc)

    def __init__(self, menus: list[Menu]) -> None:
        self.menus = menus
        self.open: int | None = None
        self.hover_item: int | None = None
        self.title_rects: list[pygame.Rect] = []
        self.width = 800
        self._switched_by_pointer = False
        #: what the screen is waiting for, said after "Menus closed." and after a choice that said nothing
        #: (a table's status line: round 15, by ear, the question asked before the menu was never heard again)
        self.back_words: Callable[[], str] | None = None
        self._layout()

    @property
    def height(self) -> int:
        return theme.MENUBAR_H

    def _layout(self) -> None:
        x = theme.sc(8)
        self.title_rects = []
        f = theme.font(21)
        for m in self.menus:
            w = f.size(m.title)[0] + theme.sc(22)
            self.title_rects.append(pygame.Rect(x, 0, w, theme.MENUBAR_H))
            x += w

    def resize(self, width: int) -> None:
        self.width = width
        self._layout()  # the type scale may have changed with the window

    def _drop_rect(self, i: int) -> pygame.Rect:
        menu = self.menus[i]
        f = theme.font(20)
        w = theme.sc(160)
        for it in menu.items:
            if not it.separator:
                w = max(w, f.size(it.label)[0] + f.size(it.shortcut)[0] + theme.sc(80))
        h = sum(theme.sc(8) if it.separator else theme.sc(self.ITEM_H) for it in menu.items) + theme.sc(8)
        return pygame.Rect(self.title_rects[i].x, theme.MENUBAR_H, w, h)

    def _item_at(self, i: int, pos: tuple[int, int]) -> int | None:
        drop = self._drop_rect(i)
        if not drop.collidepoint(pos):
            return None
        y = drop.y + theme.sc(4)
        for n, it in enumerate(self.menus[i].items):
            h = theme.sc(8) if it.separator else theme.sc(self.ITEM_H)
            if y <= pos[1] < y + h:
                return None if it.separator else n
            y += h
        return None

    def _choose(self, it: MenuItem) -> None:
        from game.engine import speech

        self.open = None
        if it.action is not None and _flag(it.enabled):
            said = speech.CURRENT.said_count if speech.CURRENT is not None else 0
            it.action()
            if speech.CURRENT is not None and speech.CURRENT.said_count == said and self.open is None:
                self._say_back("")  # nothing said, no box opened: where the player is back, and the question
        elif it.refused is not None:
            it.refused()
        else:  # a key that does nothing now is said, never silent (a player who cannot see the grey item)
            from game.engine import speech

            speech.announce(f"{it.label.rstrip('…')} is not available now.", force=True)

    def _say_menu(self) -> None:
        """The open menu said (Options ▸ Speak): its name, where it stands, how many items, how to move."""
        from game.engine import speech
        from game.words import count

        if self.open is None:
            self._say_back("Menus closed.")
            return
        items = [it for it in self.menus[self.open].items if not it.separator]
        speech.announce(f"{self.menus[self.open].title} menu, {self.open + 1} of {len(self.menus)}, "
                        f"{count(len(items), 'item')}. Up and Down go through them, Left and Right change menu, Enter "
                        "chooses, Escape closes.", force=True)

    def _say_back(self, lead: str) -> None:
        from game.engine import speech

        back = " ".join((self.back_words() if self.back_words is not None else "").split())
        words = " ".join(w for w in (lead, back) if w)
        if words:
            speech.announce(words, force=True)

    def _say_item(self) -> None:
        """The item the ring is on: its label, ticked or not, its key, and whether it can be chosen now."""
        from game.engine import speech

        if self.open is None or self.hover_item is None:
            return
        items = self.menus[self.open].items
        it = items[self.hover_item]
        real = [i for i, x in enumerate(items) if not x.separator]
        words = [it.label.rstrip("…").replace("…", "")]
        if it.value is not None:
            words[0] += f": {it.value()}"
        if it.checked is not None:
            words.append("checked" if it.checked() else "not checked")
        if it.shortcut:
            words.append(it.shortcut)
        if not _flag(it.enabled):
            words.append("unavailable")
        elif it.submenu:
            words.append("a choice, Right or Enter opens it")
        speech.announce(f"{', '.join(words)}, {real.index(self.hover_item) + 1} of {len(real)}.", force=True)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.open is not None:
                items = self.menus[self.open].items
                if event.key == pygame.K_ESCAPE:
                    self.open = None
                    self._say_menu()
                    return True
                if (event.key == pygame.K_RIGHT and self.hover_item is not None
                        and items[self.hover_item].submenu and _flag(items[self.hover_item].enabled)):
                    self._choose(items[self.hover_item])  # Right opens a submenu in every menu system
                    return True
                if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                    self.open = (self.open + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.menus)
                    self.hover_item = None
                    self._say_menu()
                    return True
                if event.key in (pygame.K_DOWN, pygame.K_UP):
                    step = 1 if event.key == pygame.K_DOWN else -1
                    n = self.hover_item if self.hover_item is not None else (-1 if step > 0 else len(items))
                    for _ in range(len(items)):
                        n = (n + step) % len(items)
                        if not items[n].separator:
                            break
                    self.hover_item = n
                    self._say_item()
                    return True
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hover_item is not None:
                    self._choose(items[self.hover_item])
                    return True
            if event.key == pygame.K_F10 and self.menus:
                self.open = 0 if self.open is None else None
                self.hover_item = None
                self._say_menu()
                return True
            for menu in self.menus:
                for it in menu.items:
                    if not it.separator and it.matches(event):
                        self._choose(it)
                        return True
            return self.open is not None
        if event.type == pygame.MOUSEMOTION:
            if self.open is not None:
                self.hover_item = self._item_at(self.open, event.pos)
                over = next((i for i, r in enumerate(self.title_rects) if r.collidepoint(event.pos)), None)
                if over is None:
                    self._switched_by_pointer = False
                elif over != self.open:
                    self.open = over
                    self._switched_by_pointer = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.title_rects):
                if r.collidepoint(event.pos):
                    # A click on the open menu's title closes it; on another title it opens that menu.
                    # Moving the pointer there already switched menus (see MOUSEMOTION), so a menu the
                    # pointer opened counts as "another title" for the click that follows.
                    self.open = None if self.open == i and not self._switched_by_pointer else i
                    self._switched_by_pointer = False
                    self.hover_item = None
                    return True
            if self.open is not None:
                n = self._item_at(self.open, event.pos)
                if n is not None:
                    self._choose(self.menus[self.open].items[n])
                else:
                    self.open = None
                return True
            return event.pos[1] < theme.MENUBAR_H
        if event.type == pygame.MOUSEBUTTONUP and self.open is not None:
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.MENUBAR, (0, 0, surface.get_width(), theme.MENUBAR_H))
        theme.note("panel", "menu bar", (0, 0, surface.get_width(), theme.MENUBAR_H))
        for i, (m, r) in enumerate(zip(self.menus, self.title_rects, strict=True)):
            if self.open == i:
                pygame.draw.rect(surface, theme.MENU_HOVER, r)
            theme.text(surface, m.title, r.center, 21, theme.MENUBAR_TEXT, anchor="center")
        if self.open is None:
            return
        drop = self._drop_rect(self.open)
        theme.panel(surface, drop, theme.MENU_BG, (90, 90, 100), radius=4)
        y = drop.y + theme.sc(4)
        item_h, sep = theme.sc(self.ITEM_H), theme.sc(8)
        for n, it in enumerate(self.menus[self.open].items):
            if it.separator:
                pygame.draw.line(surface, (200, 200, 205), (drop.x + 8, y + sep // 2), (drop.right - 8, y + sep // 2))
                y += sep
                continue
            row = pygame.Rect(drop.x + 2, y, drop.w - 4, item_h)
            enabled = _flag(it.enabled)
            colour = theme.INK if enabled else theme.MENU_DISABLED
            if n == self.hover_item and enabled:
                pygame.draw.rect(surface, theme.MENU_HOVER, row, border_radius=3)
                colour = theme.WHITE
            if it.checked is not None and it.checked():
                pygame.draw.circle(surface, colour, (row.x + theme.sc(12), row.centery), theme.sc(4))
            theme.text(surface, it.label, (row.x + theme.sc(24), row.centery), 20, colour, anchor="midleft")
            if it.shortcut:
                theme.text(surface, it.shortcut, (row.right - theme.sc(10), row.centery), 18,
                           colour if n == self.hover_item else theme.INK_SOFT, anchor="midright")
            y += item_h


class MessageLine:
    """The status line at the bottom: the latest message, fading to the hint.

    Every message is also handed to speech (Options ▸ Speak): what a player reads there, a blind player hears."""

    def __init__(self) -> None:
        self.message = ""
        self.colour = theme.WHITE
        self.right = ""
        #: how many of the right-hand facts (counted from the right) keep their place however long the message
        #: (`fit_status`'s ``keep``): 0, the message wins and facts drop; a table whose facts the player reads
        #: there alone (Romi's level and score) keeps them, its message wrapped or cut with an ellipsis
        self.keep_facts = 0
        #: the most lines the message may wrap onto before it is cut with "…" (a scene whose words must all be
        #: read, Review's marks, raises it and makes room for `height`'s band; the tables keep two)
        self.max_lines = 2

    def height(self, width: int) -> int:
        """The bar's height for the message at ``width``: the usual two lines, or the lines it needs when
        `max_lines` lets it wrap onto more."""
        if self.max_lines <= 2:
            return theme.STATUS_H  # the tables' bar, exactly as it always was
        pad = theme.sc(12)
        lines, size, _, _ = fit_status(self.message, self.right, width - 2 * pad, theme.SCALE,
                                       keep=self.keep_facts, max_lines=self.max_lines)
        return max(theme.STATUS_H, len(lines) * theme.font(size).get_linesize() + theme.sc(6))

    def say(self, message: str, colour=theme.WHITE, spoken: str | None = None) -> None:
        """Show ``message`` and say it; ``spoken``, when given, is said instead: the same facts in whole words
        where the line shows them short to fit (ACME's exchange: "3♣ 3♦" shown, "the threes of clubs and
        diamonds" said)."""
        from game.engine import speech

        self.message = message
        self.colour = colour
        speech.announce(message if spoken is None else spoken)

    def fits(self, message: str, width: int) -> bool:
        """Whether ``message`` shows whole, not cut with an ellipsis, in a window ``width`` px wide."""
        pad = theme.sc(12)
        lines, _, _, _ = fit_status(message, self.right, width - 2 * pad, theme.SCALE, keep=self.keep_facts,
                                    max_lines=self.max_lines)
        return " ".join(lines).split() == message.split()

    def draw(self, surface: pygame.Surface, height: int | None = None) -> None:
        """Draw the bar at the window's foot, ``height`` tall (default: `height`'s, for the message shown)."""
        w, h = surface.get_size()
        bar_h = max(height or 0, self.height(w))
        bar = pygame.Rect(0, h - bar_h, w, bar_h)
        surface.blit(theme.veil(bar.w, bar.h), bar)
        theme.note("panel", "status line", bar)
        pad = theme.sc(12)
        lines, size, right, rsize = fit_status(self.message, self.right, w - 2 * pad, theme.SCALE,
                                               keep=self.keep_facts, max_lines=self.max_lines)
        step = theme.font(size).get_linesize()
        y = bar.centery - step * (len(lines) - 1) // 2
        for line in lines:
            theme.text(surface, line, (pad, y), size, self.colour, anchor="midleft")
            y += step
        if right:
            theme.text(surface, right, (w - pad, bar.centery), rsize, (220, 230, 220), anchor="midright")


STATUS_GAP = 20


@functools.lru_cache(maxsize=64)
def fit_status(message: str, right: str, width: int, scale: float = 1.0,
               keep: int = 0, max_lines: int = 2) -> tuple[tuple[str, ...], int, str, int]:
    """Fit the message and the right-hand facts into the status line, ``width`` pixels wide, at one size.

    Everything is drawn at `theme.STATUS_SIZE` (the type scale makes it grow with the window; nothing
    shrinks to squeeze in).  The message matters most, so, by rule: a message too long for the room beside
    the facts on the right wraps onto the bar's second line; when even two lines do not hold it, the facts
    drop one by one from the left (they are separated by three spaces and shown elsewhere on the table
    too); and only a message too long for two whole lines is cut short with an ellipsis.
    ``scale`` is the type scale the answer is for (part of the cache key).  ``keep`` facts, the last ones,
    never drop: beside them a message too long for two lines is cut with an ellipsis.
    ``max_lines`` is how many lines the bar has for the message (two on the tables; Review's band grows to
    more rather than cut a mark).
    Returns the message's lines, their font size, the right-hand text kept and its font size.
    """
    size = theme.STATUS_SIZE
    gap = theme.sc(STATUS_GAP)

    def wide(text: str) -> int:
        return theme.font(size).size(text)[0] if text else 0

    parts = [p for p in right.split("   ") if p]
    last = max(0, len(parts) - keep)  # the facts that may drop (from the left)
    for n in range(last + 1):  # all the facts if they fit, then fewer, dropping from the left
        kept = "   ".join(parts[n:])
        room = width - (gap + wide(kept) if kept else 0)
        if wide(message) <= room:  # message and facts on one line
            return (message,), size, kept, size
        lines = theme.wrap(message, room, size)
        if len(lines) <= max_lines and all(wide(li) <= room for li in lines):  # the message beside them
            while room > 40:  # balance the lines rather than leave one word alone on the last
                trial = theme.wrap(message, room - 12, size)
                if len(trial) > len(lines) or not all(wide(li) <= room - 12 for li in trial):
                    break
                lines, room = trial, room - 12
            return tuple(lines), size, kept, size
    kept = "   ".join(parts[last:])
    room = width - (gap + wide(kept) if kept else 0)
    lines = theme.wrap(message, room, size)[:max_lines]
    while lines and wide(lines[-1] + "\u2026") > room:  # cut at a word's end where one is left
        lines[-1] = lines[-1].rsplit(" ", 1)[0] if " " in lines[-1].strip() else lines[-1][:-1]
    lines[-1] = lines[-1].rstrip(" ,;:") + "\u2026"
    return tuple(lines), size, kept, size
