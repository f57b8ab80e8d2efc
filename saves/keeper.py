"""The kept game, written after every completed move by one writer thread, off the frame loop.

A table hands over what it needs to write its game (cheap references to immutable states, taken
on the frame loop) and goes on; the thread builds the file and writes it atomically
(`saves.games.write_resume`: temporary file, fsync, rename, previous copy kept).  Requests
coalesce: while a write is in progress only the newest request of each game waits, so a quick
run of moves costs one or two writes, never a queue.  A SIGKILL or a power cut at any moment
then loses at most the move in flight, and the frame loop never waits for a disk.

The writer writes and clears only the kept-game slot this window holds (`saves.keptslots`): a
second window playing the same game keeps its game beside the first's, never over it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from saves import games as saved_games
from saves import keptslots


@dataclass
class _Request:
    game: str
    title: str
    build: Callable[[], dict[str, Any]] | None  # None: clear the kept game


class KeptGameWriter:
    """One daemon thread writing kept games; `keep`/`clear` return at once, `flush` waits."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[str, _Request] = {}
        self._writing = 0
        self._thread: threading.Thread | None = None
        #: the last write's problem per game (None when it worked), for the table to tell the player
        self.problems: dict[str, str | None] = {}

    def keep(self, game: str, title: str, build: Callable[[], dict[str, Any]]) -> None:
        """Write ``build()`` (run on the writer thread) as ``game``'s kept game, soon."""
        self._put(_Request(game, title, build))

    def clear(self, game: str) -> None:
        """Forget ``game``'s kept game soon, if this window holds one."""
        self._put(_Request(game, "", None))

    def _put(self, request: _Request) -> None:
        with self._cond:
            self._pending[request.game] = request  # an older request of this game is dropped: only the newest matters
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="kept-game-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every request so far is written; False if that took longer than ``timeout``."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._writing, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                game = next(iter(self._pending))
                request = self._pending.pop(game)
                self._writing += 1
            try:
                self.problems[game] = self._write(request)
            finally:
                with self._cond:
                    self._writing -= 1
                    self._cond.notify_all()

    @staticmethod
    def _write(request: _Request) -> str | None:
        if request.build is None:
            path = keptslots.held(request.game)
            if path is not None:
                saved_games.clear_resume(request.game, path)
            return None
        try:
            data = request.build()
        except Exception as exc:  # a bug in a game's save data must not kill the writer
            return f"The game could not be written down ({exc})."
        return saved_games.write_resume(request.game, request.title, data, keptslots.claim_to_write(request.game))


#: the process's one writer (every table of the window shares it)
WRITER = KeptGameWriter()
