"""Record updates that found the data folder locked, written a little later (issue 35, case 6).

A record (statistics, high scores, players, history, settings) is a read-modify-write under the data
folder's OS lock (`saves.store.update`).  On the frame loop that lock is only *tried*: when another
Parlour holds it (a window stopped in a debugger, a stuck process, a frozen network disk) the window
never freezes waiting for it.  The update waits here instead, and the frame loop tries the lock again
every `PAUSE_S` (`retry`, from `game.engine.app.App.step`), without waiting, writing the waiting updates
in the order they were asked for.  The retries run on the frame loop, like the first try, so a record
object is only ever changed by the thread that shows it.  The table tells the player at once, in words
that stay (on the end box), and again when they are written (`take_news`); closing the window waits a
moment for them and else says so, and closes at the second try; the process's end waits a moment more
(`flush`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

#: the pause between two tries of the lock from the frame loop
PAUSE_S = 0.5


@dataclass
class _Update:
    folder: Path
    name: str
    attempt: Callable[[float], str | None]  # one locked read-modify-write; LockTimeout when still taken


class RecordQueue:
    """The updates waiting for the lock, and what the player should hear about them."""

    def __init__(self) -> None:
        self._items: list[_Update] = []
        self._news: list[str] = []
        self._next_try = 0.0

    def waiting(self, folder: Path | None = None) -> int:
        """How many updates wait (for ``folder``'s lock, or any)."""
        return sum(1 for u in self._items if folder is None or u.folder == folder)

    def put(self, folder: Path, name: str, attempt: Callable[[float], str | None]) -> None:
        if not self._items:
            self._next_try = time.monotonic() + PAUSE_S
        self._items.append(_Update(folder, name, attempt))

    def next_try(self) -> float | None:
        """Seconds until the next try (for the idle frame loop's sleep), or None when nothing waits."""
        return max(0.0, self._next_try - time.monotonic()) if self._items else None

    def retry(self) -> None:
        """Once a frame: when the pause is over, try the waiting updates in order, never waiting."""
        if self._items and time.monotonic() >= self._next_try:
            self._write(0.0)
            self._next_try = time.monotonic() + PAUSE_S

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` for the lock to write every waiting update (closing only); whether none is
        left."""
        end = time.monotonic() + timeout
        while self._items:
            left = end - time.monotonic()
            if left <= 0:
                return False
            self._write(left)
        return True

    def take_news(self) -> list[str]:
        """What happened to waiting updates since the last call (written, or failed), for the player."""
        news, self._news = self._news, []
        return news

    def drop_all(self) -> None:
        """Forget every waiting update (a test's end: its data folder is gone)."""
        self._items.clear()
        self._news.clear()

    def _write(self, wait_s: float) -> None:
        from saves.folderlock import LockTimeout
        from saves.store import SaveError

        while self._items:
            update = self._items[0]
            try:
                warning = update.attempt(wait_s)
            except LockTimeout:
                return
            except (SaveError, OSError) as err:
                said, failed = f"{update.name} could not be written: {err}", True
            except Exception as err:  # a bug in one record's change must not stop the others
                said, failed = f"{update.name} could not be written ({err}).", True
            else:
                said, failed = warning or "", False
            self._items.pop(0)
            if said:
                self._news.append(said)
            if not self._items and not failed:
                self._news.append("Your records are written now (another Parlour window had the data folder busy).")


#: the process's one queue (used from the frame loop only)
QUEUE = RecordQueue()
