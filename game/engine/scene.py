"""Scenes and the scene stack (a pushdown automaton, as in Tuxemon's StateManager).

The top scene gets input first; a scene that does not consume an event lets it
fall to the one beneath only if it is marked ``transparent`` *and* declines it —
a dialog is transparent for drawing (the table shows through) but modal for
input unless it says otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.engine.app import App


class Scene:
    """Base class: override what you need.  All sizes come from ``app.size``."""

    #: Draw the scene beneath first (dialogs and menus over a table).
    transparent = False
    #: Let events this scene declines fall through to the scene beneath.
    passthrough = False

    def __init__(self, app: App) -> None:
        self.app = app

    # life cycle -----------------------------------------------------------
    def on_enter(self) -> None:
        """Called when pushed (or revealed again by a pop)."""

    def on_exit(self) -> None:
        """Called when popped or replaced."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def arrival(self) -> str:
        """What is said when this scene replaces the last (Options ▸ Speak): its name and what it shows
        first; "" says nothing."""
        return ""

    def back_words(self) -> str:
        """What is said when a box over this scene closes and leaves it on top (Options ▸ Speak): where the
        player is back and what has focus, short; "" says nothing."""
        return ""

    def on_quit(self) -> bool:
        """The window is closing.  Return False to veto (e.g. to ask first)."""
        return True

    def on_session_end(self) -> None:
        """The session ends (a logout's SIGTERM): keep what ``on_quit`` keeps, ask nothing, veto nothing."""
        self.on_quit()

    # per frame --------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Handle one event; return True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by one fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw; ``alpha`` in [0, 1) blends the last two update steps."""

    def after_frame(self) -> None:
        """Once a frame after the updates (a table hands a changed game to the kept game's writer)."""

    def busy(self) -> bool:
        """True while something moves or a computer thinks: the loop keeps ticking."""
        return False

    def next_wakeup(self) -> float | None:
        """Seconds until this scene needs a frame with no input (a clock), or None."""
        return None


class SceneStack:
    """push/pop/replace; the last scene is on top."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Pop the top scene (or ``scene`` wherever it is)."""
        if not self.scenes:
            return None
        if scene is None or scene is self.scenes[-1]:
            out = self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            out = scene
        else:
            return None
        out.on_exit()
        return out

    def replace(self, scene: Scene) -> None:
        """Swap the whole stack for ``scene`` (e.g. menu → table)."""
        while self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: down to the first opaque one."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.transparent:
                break
        return list(reversed(out))

    def dispatch(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self.scenes):
            if scene.handle(event):
                return True
            if not scene.passthrough:
                return False
        return False
