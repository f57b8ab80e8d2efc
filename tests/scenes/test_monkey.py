"""A UI monkey per scene: 2,000 random posted events with a fixed seed on the main menu and on
each of the five tables.

The events are what a restless player sends: clicks and drags aimed at cards, buttons, menu
titles and menu items as well as anywhere, every menu shortcut of the scene plus Enter, Escape,
Space, arrows, digits and letters, typed text, window resizes, and quits that are cancelled
(the window is not closed: the scene's quit handling runs and play goes on).  After every event
no exception may have escaped and every position the rules reached must hold every card of the
pack exactly once (the rules' conservation invariant).  When a shortcut leaves the scene (Main
menu), the scene is opened again and the monkey goes on.
"""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from game import registry
from game.cards import full_pack
from game.engine.table import TableScene
from game.mainmenu import MainMenu
from tests.scenes.helpers import make_app

EVENTS = 2000
KEYS = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
        pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_F10,
        *range(pygame.K_0, pygame.K_9 + 1), pygame.K_a, pygame.K_x, pygame.K_z]
SIZES = [(800, 560), (1024, 700), (1280, 800), (1920, 1080), (900, 1000), (1600, 600)]


def pack_of(game: str, state) -> tuple[Counter, Counter]:
    """(cards the state holds, cards the pack has) for the game's rules state."""
    if game == "acesup":
        have = [c for p in state.piles for c in p] + list(state.stock) + list(state.removed)
        return Counter(have), Counter(full_pack())
    if game == "thieves":
        from game.thieves import rules

        return Counter(rules.all_cards(state)), Counter(full_pack(state.jokers))
    if game == "acme":
        from game.acme import rules

        have = [c for h in state.hands for c in h] + list(rules.played_cards(state))
        if state.phase == "exchange":
            have += [c for g in state.gifts for c in g]
        return Counter(have), Counter(full_pack(1))
    if game == "court":
        s = state
        return Counter(s.pack + s.seen[0] + s.seen[1] + s.hands[0] + s.hands[1] + s.out + s.table), Counter(
            full_pack())
    if game == "romi":
        from game.romi import rules

        s = state
        return Counter(s.hands[0] + s.hands[1] + s.stock + tuple(c for g in s.table for c in g)), Counter(rules.PACK)
    raise AssertionError(game)


class Monkey:
    def __init__(self, app, game: str | None, seed: int) -> None:
        self.app = app
        self.game = game
        self.rng = random.Random(seed)
        self.checked: set[int] = set()
        self.moves = 0
        self.frames = 0

    # -------------------------------------------------------------- the scene
    def base(self):
        return self.app.stack.scenes[0] if self.app.stack.scenes else None

    def ensure_scene(self) -> None:
        base = self.base()
        if self.game is None:
            if not isinstance(base, MainMenu):
                self.app.replace(MainMenu(self.app))
        elif not (isinstance(base, TableScene) and base.game == self.game):
            self.app.replace(registry.make_scene(self.app, self.game, seed=self.rng.randrange(1, 999_999),
                                                 resume=False))

    def check(self) -> None:
        base = self.base()
        if self.game is None or not isinstance(base, TableScene) or base.game != self.game:
            return
        for state in base.history.states:
            if id(state) in self.checked:
                continue
            self.checked.add(id(state))
            have, pack = pack_of(self.game, state)
            assert have == pack, f"cards lost or made: {(pack - have) or ''} {(have - pack) or ''}"
            self.moves += 1

    # -------------------------------------------------------------- events
    def point(self) -> tuple[int, int]:
        w, h = self.app.size
        top = self.app.stack.top
        base = self.base()
        r = self.rng.random()
        if r < 0.35 and isinstance(base, TableScene) and top is base and base.table.sprites:
            sp = self.rng.choice(list(base.table.sprites.values()))
            rect = sp.rect(base.table.card_size)
            return (rect.x + self.rng.randrange(max(1, rect.w)), rect.y + self.rng.randrange(max(1, rect.h)))
        buttons = [b for b in getattr(top, "buttons", []) if getattr(b, "visible", True)]
        if r < 0.6 and buttons:
            return self.rng.choice(buttons).rect.center
        bar = getattr(top, "menubar", None)
        if r < 0.7 and bar is not None:
            if bar.open is not None and self.rng.random() < 0.7:
                drop = bar._drop_rect(bar.open)
                return (drop.x + self.rng.randrange(drop.w), drop.y + self.rng.randrange(drop.h))
            return self.rng.choice(bar.title_rects).center
        tiles = getattr(top, "tiles", None)
        if r < 0.75 and tiles:
            return self.rng.choice(tiles)[1].center
        return (self.rng.randrange(w), self.rng.randrange(h))

    def shortcuts(self) -> list[tuple[int, int]]:
        out = []
        for scene in self.app.stack.scenes:
            bar = getattr(scene, "menubar", None)
            for menu in getattr(bar, "menus", []):
                for it in menu.items:
                    if it.key is not None:
                        out.append((it.key, (pygame.KMOD_CTRL if it.ctrl else 0) | (pygame.KMOD_SHIFT if it.shift
                                                                                     else 0)))
        return out

    def post_key(self, k: int, mod: int = 0) -> None:
        ch = chr(k) if 32 <= k < 127 and not mod else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=ch, scancode=0))

    def one(self) -> None:
        r = self.rng.random()
        post = pygame.event.post
        if r < 0.40:
            pos = self.point()
            button = 1 if self.rng.random() < 0.93 else self.rng.choice((2, 3))
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=0))
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=0))
        elif r < 0.60:
            start, end = self.point(), self.point()
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, mod=0))
            self.frame()
            prev = start
            for i in range(1, 5):
                pos = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
                post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - prev[0], pos[1] - prev[1]),
                                        buttons=(1, 0, 0)))
                self.frame()
                prev = pos
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, mod=0))
        elif r < 0.66:
            pos = self.point()
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        elif r < 0.82:
            cuts = self.shortcuts()
            if cuts:
                self.post_key(*self.rng.choice(cuts))
        elif r < 0.93:
            self.post_key(self.rng.choice(KEYS), pygame.KMOD_SHIFT if self.rng.random() < 0.1 else 0)
        elif r < 0.95:
            post(pygame.event.Event(pygame.TEXTINPUT, text=self.rng.choice(["a", "Ann", "7", "é", "  ", "x" * 60])))
        elif r < 0.98:
            w, h = self.rng.choice(SIZES)
            post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        else:
            post(pygame.event.Event(pygame.QUIT))
        self.frame(1 / 30)
        if not self.app.running:  # a cancelled quit: the window stays, play goes on
            self.app.running = True
        for _ in range(3):  # let a computer move or an animation finish now and then
            if not self.app.busy():
                break
            self.frame(1 / 10)

    def frame(self, dt: float = 1 / 60) -> None:
        """One frame of the real loop (events, update); drawn every fourth time to keep the run short."""
        self.frames += 1
        if self.frames % 4 == 0:
            self.app.pump(dt)
            return
        for event in pygame.event.get():
            self.app.handle_event(event)
        self.app.step(dt)

    def run(self, events: int) -> None:
        self.app.running = True
        for n in range(events):
            self.ensure_scene()
            try:
                self.one()
                self.check()
            except Exception as err:  # say which event broke it
                raise AssertionError(f"event {n} of the monkey: {type(err).__name__}: {err}") from err


@pytest.mark.parametrize("game", [None, "acesup", "thieves", "acme", "court", "romi"],
                         ids=["menu", "acesup", "thieves", "acme", "court", "romi"])
def test_monkey(game):
    app = make_app(animation="off")
    try:
        monkey = Monkey(app, game, seed=14)
        monkey.ensure_scene()
        app.settle()
        monkey.run(EVENTS)
        if game is not None:
            assert monkey.moves > 20, "the monkey hardly played: its events missed the table"
    finally:
        app.close()
