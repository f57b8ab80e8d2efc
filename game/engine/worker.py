"""Run slow pure work (a computer player's move, a solver) off the frame loop.

A job runs in a daemon thread and, when done, posts `JOB_DONE` so a loop that
is waiting for events wakes at once.  The scene polls ``job.done`` in update.
Pure-Python thinking holds the GIL in slices of a few milliseconds (the
interpreter's switch interval), so frames keep coming while it runs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from game.engine import idlewait

JOB_DONE = pygame.event.custom_type()


class Job:
    def __init__(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        self.done = False
        self.result: Any = None
        self.error: BaseException | None = None
        self.cancelled = False
        self._thread = threading.Thread(target=self._run, args=(fn, args, kwargs), daemon=True)

    def _run(self, fn, args, kwargs) -> None:
        try:
            self.result = fn(*args, **kwargs)
        except BaseException as exc:  # reported to the scene, never lost
            self.error = exc
        self.done = True
        try:
            if pygame.display.get_init():
                pygame.event.post(pygame.event.Event(JOB_DONE))
                idlewait.nudge()  # a loop asleep on the window's X11 socket would not see the event
        except pygame.error:
            pass

    def start(self) -> Job:
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Forget the result (the thread finishes on its own)."""
        self.cancelled = True

    def wait(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)


def submit(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Job:
    return Job(fn, *args, **kwargs).start()
