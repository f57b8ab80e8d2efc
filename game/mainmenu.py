"""The Parlour main menu: five game tiles, settings, quit.

Games still being built show as "coming soon" rather than failing.
"""

from __future__ import annotations

import pygame

from game import registry
from game.engine import theme
from game.engine.common import options_menu
from game.engine.dialogs import TextDialog, message
from game.engine.scene import Scene
from game.engine.shortcuts import key, with_keys
from game.engine.widgets import Menu, MenuBar, item
from sprites.cards import with_alpha

ABOUT = (
    "Parlour is a collection of five classic card games: ACME, Affairs of the Court, Romi, Aces Up "
    "and Forty Thieves, rebuilt from their old shareware help files.\n\n"
    "Click a game to open its table. Every table has its own Game menu (New, Undo, Save, Load, Help) "
    "and an Options menu for animation speed, sound and card backs.\n\n"
    "Play by ear: F12 turns speech on or off on every screen. Until speech has been on once, a low "
    "three-note chime plays as Parlour opens and the title bar ends \"press F12 for speech\"; while a "
    "screen reader runs, speech is on from the start."
)


_FAN_CACHE: dict[tuple[int, int], pygame.Surface] = {}


def _fanned(face: pygame.Surface, angle: int) -> pygame.Surface:
    """A card turned for the title fan (alpha kept so the corners stay round)."""
    key = (id(face), angle)
    if key not in _FAN_CACHE:
        _FAN_CACHE[key] = pygame.transform.rotozoom(with_alpha(face), angle, 1.0)
    return _FAN_CACHE[key]


class MainMenu(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.tiles: list[tuple[registry.GameInfo, pygame.Rect]] = []
        self.hover: int | None = None
        names = [g.name for g in registry.GAMES]
        # the menu starts on the game played last (Enter plays it again), as the arrival says
        self.focus = names.index(app.settings.last_game) if app.settings.last_game in names else 0
        self.focus_shown = False  # the keyboard's choice shows (raised, gold edge) once an arrow key is used
        self.waiting = {g.name for g in registry.GAMES if g.playable and self._has_unfinished(g.name)}
        self.menubar = MenuBar([
            Menu("Parlour", [
                *[item(f"{i + 1}  {g.title}", (lambda g=g: self.open(g)), enabled=g.playable)
                  for i, g in enumerate(registry.GAMES)],
                item("-"),
                item("Quit", app.request_quit, key("mainmenu", "exit")),
            ]),
            options_menu(app),
            Menu("Help", [item("About Parlour", self.about, key("mainmenu", "help"))]),
        ])

    @staticmethod
    def _has_unfinished(game: str) -> bool:
        """A game left unfinished waits for this player (its tile says Resume)."""
        from saves import keptslots

        return keptslots.offerable(game)  # not one another window is offering or playing

    def about(self) -> None:
        self.app.push(TextDialog(self.app, "About Parlour", with_keys("mainmenu", ABOUT)))

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        sc = theme.sc
        self.menubar.resize(w)
        n = len(registry.GAMES)
        gap = sc(20)
        tw = min(sc(220), (w - 80 - (n - 1) * gap) // n)
        # every title at one size (30 at most): a title too wide for its tile wraps onto a second line, and
        # the size goes down only as far as every title then fits on two lines
        def fits(t: int) -> bool:
            return all(len(lines := theme.wrap(g.title, tw - sc(16), t, True)) <= 2
                       and all(theme.font(t, True).size(li)[0] <= tw - sc(16) for li in lines) for g in registry.GAMES)
        self.title_size = next((t for t in range(30, 13, -1) if fits(t)), 14)
        self.title_lines = {g.name: theme.wrap(g.title, tw - sc(16), self.title_size, True) for g in registry.GAMES}
        self.title_h = max(len(v) for v in self.title_lines.values()) * theme.font(self.title_size, True).get_linesize()
        # tall enough for the longest blurb (narrow tiles wrap it onto more lines), below the subtitle
        lines = max(len(theme.wrap(g.blurb, tw - sc(24), 20)) for g in registry.GAMES)
        top = theme.MENUBAR_H + sc(226)
        th = min(max(int(tw * 1.45), sc(104 + 22 * lines + 58) + self.extra_title_h()), h - 40 - top)
        total = n * tw + (n - 1) * gap
        x0 = (w - total) // 2
        y = max(top, h // 2 - th // 2 + sc(40))
        self.tiles = [(g, pygame.Rect(x0 + i * (tw + gap), y, tw, th)) for i, g in enumerate(registry.GAMES)]

    def extra_title_h(self) -> int:
        """How much taller than one line at size 30 the title block is (a title on two lines)."""
        return max(0, self.title_h - theme.font(30, True).get_linesize())

    def tile_words(self, i: int) -> str:
        """A tile as said: its title, where it stands, Resume if a game waits, and what it is."""
        g = registry.GAMES[i]
        waits = ", a game waits to be resumed" if g.name in self.waiting else ""
        soon = ", coming soon" if not g.playable else ""
        last = ", played last" if g.name == self.app.settings.last_game else ""
        return f"{g.title}, {i + 1} of {len(registry.GAMES)}{last}{waits}{soon}. {g.blurb}"

    def arrival(self) -> str:
        return (f"Parlour, main menu. {self.tile_words(self.focus)} {self.resume_words()}Left and Right arrows "
                "choose a game, Enter plays it (or 1 to 5), F10 opens the menus, F12 turns speech on or off.")

    def back_words(self) -> str:
        """'Back to the main menu: Aces Up.' (the tile the ring is on)."""
        return f"Back to the main menu: {registry.GAMES[self.focus].title}."

    def resume_words(self) -> str:
        """Which tiles say Resume ("Resume waits on ACME, key 3."): the gold tab a sighted player sees at a
        glance, said at once instead of only when the ring reaches that tile."""
        waiting = [f"{g.title}, key {i + 1}" for i, g in enumerate(registry.GAMES) if g.name in self.waiting]
        return f"Resume waits on {' and '.join(waiting)}. " if waiting else ""

    def open(self, info: registry.GameInfo) -> None:
        if not info.playable:
            self.app.sounds.play("refuse")
            message(self.app, info.title, f"{info.title} is coming soon.")
            return
        self.app.sounds.play("click")
        remember_last_game(self.app, info.name)
        scene = registry.make_scene(self.app, info.name)
        scene.resume_without_asking = info.name in self.waiting  # the tile said Resume: no second question
        self.app.replace(scene)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.menubar.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, (_g, r) in enumerate(self.tiles) if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for g, r in self.tiles:
                if r.collidepoint(event.pos):
                    self.open(g)
                    return True
        if event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key <= pygame.K_5:
                self.open(registry.GAMES[event.key - pygame.K_1])
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                if self.focus_shown:
                    self.focus = (self.focus + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.tiles)
                self.focus_shown = True
                self.app.speech.say(self.tile_words(self.focus), force=True)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open(self.tiles[self.focus][0])
                return True
        return False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from sprites.felt import felt_surface

        w, h = surface.get_size()
        surface.blit(felt_surface(w, h), (0, 0))
        top = theme.MENUBAR_H
        sc = theme.sc
        # a fan of four aces behind the title
        cw, ch = sc(70), sc(98)
        cx = w // 2
        for i, code in enumerate(("AS", "AH", "AC", "AD")):
            img = _fanned(self.app.art.face(code, cw, ch), 24 - i * 16)
            surface.blit(img, img.get_rect(center=(cx - sc(105) + i * sc(70), top + sc(70))))
        title_y = top + sc(160)
        theme.text(surface, "Parlour", (w // 2 + 2, title_y + 3), 84, (0, 0, 0), anchor="center", bold=True,
                   shadow=True)
        theme.text(surface, "Parlour", (w // 2, title_y), 84, theme.GOLD, anchor="center", bold=True)
        theme.text(surface, "five classic card games", (w // 2, title_y + sc(46)), 26, (225, 235, 225),
                   anchor="center")
        extra = self.extra_title_h()
        step = theme.font(self.title_size, True).get_linesize()
        for i, (g, r) in enumerate(self.tiles):
            chosen = i == self.hover or (self.focus_shown and i == self.focus)
            lifted = r.move(0, -6) if chosen and g.playable else r
            theme.panel(surface, lifted, theme.PANEL if g.playable else (205, 205, 196),
                        theme.GOLD if self.focus_shown and i == self.focus else theme.PANEL_EDGE, radius=14)
            theme.text(surface, f"{i + 1}", (lifted.x + sc(12), lifted.y + sc(10)), 22, theme.INK_SOFT)
            names = self.title_lines[g.name]
            y = lifted.y + sc(46) + extra // 2 - step * (len(names) - 1) // 2
            for line in names:
                theme.text(surface, line, (lifted.centerx, y), self.title_size, theme.INK, anchor="center", bold=True)
                y += step
            theme.text(surface, g.players, (lifted.centerx, lifted.y + sc(76) + extra), 20, theme.INK_SOFT,
                       anchor="center")
            y = lifted.y + sc(104) + extra
            for line in theme.wrap(g.blurb, lifted.w - sc(24), 20):
                theme.text(surface, line, (lifted.centerx, y), 20, theme.INK, anchor="center")
                y += sc(22)
            if g.name in self.waiting:
                self.draw_resume_badge(surface, lifted)
            label = ("Resume" if g.name in self.waiting else "Play") if g.playable else "Coming soon"
            pill = pygame.Rect(0, 0, lifted.w - sc(40), sc(34))
            pill.midbottom = (lifted.centerx, lifted.bottom - sc(14))
            theme.note("button", label, pill)
            pygame.draw.rect(surface, theme.GO if g.playable else (150, 150, 145), pill, border_radius=17)
            theme.text(surface, label, pill.center, 22, theme.WHITE if g.playable else theme.INK, anchor="center",
                       bold=True)
        theme.text(surface, "Click a game, or press 1 to 5", (w // 2, h - sc(24)), 21, (200, 220, 205), anchor="center")
        self.menubar.draw(surface)

    @staticmethod
    def draw_resume_badge(surface: pygame.Surface, tile: pygame.Rect) -> None:
        """A gold tab on the tile's top edge: an unfinished game of this kind is waiting."""
        words = "Resume"
        sc = theme.sc
        w = theme.font(16, True).size(words)[0] + sc(18)
        badge = pygame.Rect(0, 0, w, sc(22))
        badge.topright = (tile.right - sc(14), tile.y + sc(6))  # clear of the title and the rounded corner
        # flat, no drop shadow: the panel's shadow spilt over the tile's corner as a grey smear
        theme.note("panel", "", badge)
        pygame.draw.rect(surface, theme.GOLD, badge, border_radius=sc(11))
        theme.text(surface, words, badge.center, 16, theme.INK, anchor="center", bold=True)


def remember_last_game(app, name: str) -> None:
    """The game opened last, which the menu starts on and says ("played last"): from its tile or from the
    command line (round 13, by ear: three games opened by `main.py GAME` left ACME said as played last)."""
    if app.settings.last_game != name:
        app.settings.last_game = name
        app.save_settings()  # now, not only at exit: a window that dies keeps it too
