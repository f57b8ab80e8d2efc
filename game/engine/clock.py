"""The game timer and move counter of the solitaires' status line, and what a finished game's time is.

Why wall time and not the frame loop's dt: the loop sleeps when nothing moves, so its steps miss the time
a player spends thinking — which is most of a solitaire's time. The clock starts with the player's first
move, stops when the game ends, and travels in saved games (``seconds()`` → ``GameClock(seconds)``), so a
resumed game goes on counting where it stopped. A table shows it through game.engine.solitaire
(Game ▸ Show time and moves).
"""

from __future__ import annotations

import time
from typing import Any


class GameClock:
    def __init__(self, seconds: float = 0.0) -> None:
        self._base = max(0.0, float(seconds))
        self._since: float | None = None  # perf_counter when it started running, None while stopped
        self._held = False  # stopped by `hold`, to run again when the table is uncovered

    @property
    def running(self) -> bool:
        return self._since is not None

    def hold(self, covered: bool) -> None:
        """Pause while a dialog (or anything else) is over the table, and go on when it is gone (QA m6: the
        time ran on behind the Save dialog). Only a running clock is held: one not started yet, or stopped at
        the game's end, stays as it is."""
        if covered and self._since is not None:
            self.stop()
            self._held = True
        elif not covered and self._held:
            self.start()

    def start(self) -> None:
        self._held = False
        if self._since is None:
            self._since = time.perf_counter()

    def stop(self) -> None:
        self._held = False
        if self._since is not None:
            self._base += time.perf_counter() - self._since
            self._since = None

    def seconds(self) -> float:
        return self._base + (time.perf_counter() - self._since if self._since is not None else 0.0)

    def next_tick(self) -> float | None:
        """Seconds until the shown time changes (None while stopped: nothing to redraw)."""
        if self._since is None:
            return None
        return 1.0 - self.seconds() % 1.0


def clock_text(seconds: float | None) -> str:
    """3:07, or 1:02:07 past an hour; "-" for no time."""
    if seconds is None:
        return "-"
    s = int(seconds)
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


def seconds_from(extra: dict[str, Any]) -> float:
    """The time kept in a saved game's extra data (0 for older saves or a bad value)."""
    v = extra.get("seconds")
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v < 10**7 else 0.0
