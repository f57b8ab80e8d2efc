"""Draw every table, every open menu and every dialog its menus open, at one window size, and record the layout.

Shared by tests/scenes/test_layout.py (which asserts the layouts are clean) and tools/layout_shots.py
(which saves the same frames as PNGs to look at).  The window is resized with a real VIDEORESIZE event, and
dialogs are opened by choosing the real menu items, so what is checked is what a player sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine import layoutcheck
from game.engine.dialogs import Dialog
from game.review.scene import ReviewScene
from tests.scenes.helpers import make_app, open_table

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
#: big screens (issue 28): each Options ▸ Text size, each with one of the Card faces (faces do not move boxes, so
#: pairing them keeps the suite affordable on 2 cores while every text size and every deck is drawn)
BIG_SIZES = [(2560, 1440), (3840, 2160)]
VIEWS = [("normal", "classic"), ("large", "four-colour"), ("larger", "large-index")]
GAMES = ["acesup", "thieves", "acme", "court", "romi"]
#: menu items that leave the table, quit, or set the game going on its own (a demonstration runs on while
#: the survey opens the next dialogs): not dialogs to look at
SKIP_ITEMS = {"Main menu", "Exit", "Demonstration", "Pause", "Full screen"}
#: dialogs every table opens the same way (engine classes, same content): the test looks at them over one table
SHARED_ITEMS = {"Select deal…", "Save…", "Load…", "Animation speed…", "Volume…", "Card backs…"}


@dataclass
class Frame:
    """One drawn layer: ``name`` (table, a menu, a dialog's title), its boxes and a copy of the window."""

    name: str
    boxes: list[layoutcheck.Box]
    image: pygame.Surface | None

    def problems(self, size: tuple[int, int]) -> list[str]:
        return [f"{self.name}: {p}" for p in layoutcheck.problems(self.boxes, size)]


def resize(app, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.settle()


def _frame(app, name: str, draw: Callable[[], None], keep_images: bool) -> Frame:
    """Record what ``draw`` lays out (that layer alone), then picture the whole window as a player sees it."""
    boxes = layoutcheck.record(draw)
    app.draw()
    return Frame(name, boxes, app.window.copy() if keep_images else None)


def _select_all(table) -> list:
    """Mark as selected every card the player could select (a selected card rises): Aces Up's pile tops,
    the player's hand in ACME; the other tables do not lift a selection."""
    if table.game == "acesup":
        ids = [p[-1] for p in table.state.piles if p]
    elif table.game == "acme":
        bottom = max((sp.y for sp in table.table.sprites.values()), default=0)
        ids = [sp.id for sp in table.table.sprites.values() if sp.face_up and sp.y == bottom]
    else:
        return []
    sprites = [table.table.sprites[i] for i in ids if i in table.table.sprites]
    for sp in sprites:
        sp.selected = True
    return sprites


def _close_dialogs(app, table) -> None:
    while app.stack.top is not None and app.stack.top is not table and isinstance(app.stack.top, Dialog):
        app.stack.pop(app.stack.top)
    pygame.event.clear()


def survey(game: str, size: tuple[int, int], seed: int = 3, keep_images: bool = False,
           prepare: Callable[[object], None] | None = None, shared: bool = True, text_size: str = "normal",
           faces: str = "classic", dialogs: bool = True) -> list[Frame]:
    """The table, each menu opened and each dialog reachable from the menus, drawn at ``size`` (the dialogs
    of `SHARED_ITEMS` only when ``shared``; none unless ``dialogs``) with Options ▸ Text size and Card faces
    set as given."""
    app = make_app((1280, 800))
    app.settings.text_size, app.settings.card_faces = text_size, faces
    table = open_table(app, game, seed=seed)
    resize(app, size)
    if prepare is not None:
        prepare(table)
        app.settle()
    frames = [_frame(app, "table", app.draw, keep_images)]
    if hasattr(table, "bench_prepare"):
        table.bench_prepare()
        table.relayout(animate=False)
        table.table.finish()
        app.settle()
        frames.append(_frame(app, "table in mid-game", app.draw, keep_images))
    lifted = _select_all(table)
    if lifted:
        frames.append(_frame(app, "table with cards selected", app.draw, keep_images))
        for sp in lifted:
            sp.selected = False
    if game == "romi":  # the computer's hand face up (Level > See the computer's cards) fans on rows
        table.see_cards = True
        table.geometry(app.size)
        table.relayout(animate=False)
        app.settle()
        frames.append(_frame(app, "table showing the computer's cards", app.draw, keep_images))
        table.see_cards = False
        table.geometry(app.size)
        table.relayout(animate=False)
        app.settle()
    bar = table.menubar
    for i, menu in enumerate(bar.menus):
        bar.open = i
        frames.append(_frame(app, f"menu {menu.title}", lambda: bar.draw(app.window), keep_images))
        bar.open = None
    for menu in list(bar.menus) if dialogs else []:
        for it in menu.items:
            if it.separator or it.action is None or it.label in SKIP_ITEMS:
                continue
            if not shared and it.label in SHARED_ITEMS:
                continue
            if it.enabled is not None and not (it.enabled() if callable(it.enabled) else it.enabled):
                continue
            it.action()
            app.pump()
            top = app.stack.top
            if isinstance(top, Dialog):
                frames.append(_frame(app, f"{menu.title} > {it.label}: dialog '{top.title}'",
                                     lambda top=top: top.draw(app.window, 0.0), keep_images))
            if isinstance(top, ReviewScene):  # Game > Review: the review scene, at the start and the end
                top.analysis.stop()
                frames.append(_frame(app, f"{menu.title} > {it.label}: review", app.draw, keep_images))
                top.go(top.total, animate=False)
                frames.append(_frame(app, f"{menu.title} > {it.label}: review at the end", app.draw,
                                     keep_images))
                top.close()
            _close_dialogs(app, table)
            app.settle(2.0)
            _close_dialogs(app, table)
            assert app.stack.top is table, f"{menu.title} > {it.label} left the table"
    return frames
