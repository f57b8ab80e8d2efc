"""Menus and dialogs every table shares: animation speed, sound, card backs.

One Options menu for the whole collection, so a player who learned it on one
table finds it on all of them.
"""

from __future__ import annotations

import pygame

from game.engine import theme, view
from game.engine.dialogs import ChoiceDialog, Dialog
from game.engine.shortcuts import OPTIONS
from game.engine.widgets import Menu, MenuItem, item
from saves.settings import ANIMATION_SPEEDS, COMPUTER_SPEEDS

SPEED_LABELS = {"off": "Off (instant)", "fast": "Fast", "normal": "Normal", "slow": "Slow"}
COMPUTER_LABELS = {"slow": "Slow (long pauses to read each play)", "normal": "Normal", "fast": "Fast",
                   "instant": "No pause"}


def choose_animation(app) -> None:
    def pick(v) -> None:
        app.settings.animation = v
        app.save_settings()
        app.invalidate()
    app.push(ChoiceDialog(app, "Animation speed", [(s, SPEED_LABELS[s]) for s in ANIMATION_SPEEDS],
                          app.settings.animation, pick))


def choose_computer_speed(app) -> None:
    """How long computer players pause around their moves, in every game that has them."""
    def pick(v) -> None:
        app.settings.computer = v
        app.save_settings()
        app.invalidate()
    app.push(ChoiceDialog(app, "Computer speed", [(s, COMPUTER_LABELS[s]) for s in COMPUTER_SPEEDS],
                          app.settings.computer, pick,
                          note="Pauses of the computer players in ACME, Court and Romi."))


def choose_volume(app) -> None:
    levels = [(v / 100, f"{v}%") for v in (10, 25, 50, 75, 100)]
    current = min((v for v, _l in levels), key=lambda v: abs(v - app.sounds.volume))

    def pick(v) -> None:
        app.sounds.volume = float(v)
        app.sounds.muted = False
        app.sounds.play("click")
        app.save_settings()
    app.push(ChoiceDialog(app, "Sound volume", levels, current, pick))


def toggle_sound(app) -> None:
    """Ctrl+M from any table: the status line says which way it went (a muted table gives no other sign)."""
    app.sounds.muted = not app.sounds.muted
    app.save_settings()
    for scene in reversed(app.stack.scenes):
        status = getattr(scene, "status", None)
        if status is not None and hasattr(status, "say"):
            status.say("Sound off." if app.sounds.muted else "Sound on.")
            break


class CardBackDialog(Dialog):
    """The twelve card backs as a grid: click one (or use the arrows) and OK.  The selected back is shown
    large, with its name, above OK (as the games' help describes the dialog)."""

    width = 700
    body_height = 340
    PREVIEW_W = 150  # the column at the right that holds the selected back

    def __init__(self, app, on_pick=None) -> None:
        self.choice = app.settings.card_back
        self.on_pick = on_pick
        self.cells: list[pygame.Rect] = []
        self.preview = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, "Card backs", ("OK", "Cancel"), self._done, default=0, cancel="Cancel")

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        sc = theme.sc
        body = self.body
        column = sc(self.PREVIEW_W)
        b = pygame.Rect(body.x + sc(8), body.y, body.w - sc(16) - column - sc(16), body.h)
        cw = min(sc(80), (b.w - 5 * sc(12)) // 6)
        ch = int(cw * 1.4)
        gap = (b.w - 6 * cw) // 5
        self.cells = [pygame.Rect(b.x + (i % 6) * (cw + gap), b.y + 8 + (i // 6) * (ch + theme.sc(40)), cw, ch)
                      for i in range(12)]
        ok = self.buttons[0].rect
        pw = min(column - sc(20), sc(110))
        ph = int(pw * 1.4)
        self.preview = pygame.Rect(0, 0, pw, ph)
        self.preview.midbottom = (body.right - column // 2, ok.y - sc(44))  # the right column, above OK

    def _done(self, label: str) -> None:
        if label == "OK":
            self.app.settings.card_back = self.choice
            self.app.save_settings()
            if self.on_pick:
                self.on_pick(self.choice)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.cells):
                if r.collidepoint(event.pos):
                    if self.choice == i and getattr(event, "clicks", 1) > 1:
                        self.close("OK")
                    self.choice = i
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            d = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -6, pygame.K_DOWN: 6}[event.key]
            self.choice = (self.choice + d) % 12
            return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        from sprites.cards import BACK_NAMES

        for i, r in enumerate(self.cells):
            surface.blit(self.app.art.back(i, r.w, r.h), r)
            if i == self.choice:
                pygame.draw.rect(surface, theme.MENU_HOVER, r.inflate(10, 10), 4, border_radius=8)
            name = BACK_NAMES[i]
            for k, line in enumerate(theme.wrap(name, r.w + 14, 16)[:2]):
                theme.text(surface, line, (r.centerx, r.bottom + 4 + k * theme.sc(14)), 16, theme.INK,
                           anchor="midtop")
        p = self.preview
        theme.note("area", "selected back", p)
        surface.blit(self.app.art.back(self.choice, p.w, p.h), p)
        for k, line in enumerate(theme.wrap(BACK_NAMES[self.choice], theme.sc(self.PREVIEW_W), 18)[:2]):
            theme.text(surface, line, (p.centerx, p.bottom + 6 + k * theme.sc(18)), 18, theme.INK, anchor="midtop",
                       bold=True)


def options_menu(app, extra: list[MenuItem] | None = None, computer: bool = True) -> Menu:
    """The shared Options menu; a table may put its own items first. ``computer``: the table has computer
    players (Computer speed is offered only where something would follow it)."""
    items = list(extra or [])
    if items:
        items.append(item("-"))
    items += [
        item("Animation speed…", lambda: choose_animation(app), submenu=True,
             value=lambda: SPEED_LABELS[app.settings.animation]),
        *([item("Computer speed…", lambda: choose_computer_speed(app), submenu=True,
                    value=lambda: COMPUTER_LABELS[app.settings.computer])] if computer else []),
        item("Sound", lambda: toggle_sound(app), OPTIONS["sound"].keys, checked=lambda: not app.sounds.muted),
        item("Volume…", lambda: choose_volume(app), submenu=True,
             value=lambda: f"{round(app.sounds.volume * 100)}%"),
        item("Card backs…", lambda: app.push(CardBackDialog(app)), submenu=True),
        *view.menu_items(app),
    ]
    return Menu("Options", items)
