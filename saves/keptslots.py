"""Kept-game slots: one per window, so two windows playing the same game each keep theirs.

A game left unfinished is kept in ``resume/GAME.json`` (the first slot), ``resume/GAME-2.json``,
``resume/GAME-3.json``... A window *holds* one slot per game: an OS lock on the slot's claim file
(``resume/.GAME.json.claim``, see `saves.folderlock.try_hold`), taken without waiting and kept for as
long as the window runs.  The operating system lets go of it when the window ends however it ends, so
a slot is never held by a window that is gone, and no stale mark is ever left to clean up.

A window writes and clears only the slot it holds.  A slot file nobody holds is a kept game waiting to
be offered: it is never written over.  Taking a slot is atomic (one OS lock), so:

- two windows playing the same game keep their games in two slots (issue 35, case 3);
- a kept game is offered to one window at a time: the window that offers it holds its slot, and
  another window opened meanwhile sees it as taken (case 4).  A window closed before answering
  "Resume it?" lets go of the slot with the file untouched: it is offered again at the next start.

Only the slot's holder ever creates its file, so "hold the claim, then check the file is absent"
finds a free slot for a new game with no race.  Slots are looked up in the data folder of the moment
(`saves.paths.data_dir`), so a test's folder and another's never share one.
"""

from __future__ import annotations

import os
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from saves.folderlock import Hold, try_hold
from saves.paths import data_dir


@dataclass
class _Held:
    path: Path
    hold: Hold | None  # None: the claim file could not be made (nothing can be written there either)


_HELD: dict[tuple[str, str], _Held] = {}
_LOCK = threading.Lock()  # the frame loop offers, the kept-game writer thread writes


def folder() -> Path:
    return data_dir(create=False) / "resume"


def slot_path(game: str, n: int) -> Path:
    """Slot ``n`` (1, 2, ...) of ``game``: the first is ``GAME.json``, as kept games always were."""
    return folder() / (f"{game}.json" if n == 1 else f"{game}-{n}.json")


def _claim_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.claim")


def kept(game: str) -> list[Path]:
    """The game's kept-game files, newest first (held by a window or not; anything by such a name, so that
    a damaged one is offered, reported and set aside like any bad file)."""
    pattern = re.compile(rf"^{re.escape(game)}(-[0-9]+)?\.json$")
    try:
        found = [p for p in folder().iterdir() if pattern.match(p.name)]  # a folder or a device too: reported
    except OSError:
        return []

    def age(p: Path) -> float:
        try:
            return -p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(found, key=age)


def _there(path: Path) -> bool:
    return os.path.lexists(path)


def _key(game: str) -> tuple[str, str]:
    return (str(folder()), game)


def held(game: str) -> Path | None:
    """The slot this window holds for ``game``, if any."""
    with _LOCK:
        entry = _HELD.get(_key(game))
        return entry.path if entry else None


def _try(path: Path) -> _Held | None:
    try:
        hold = try_hold(_claim_path(path))
    except OSError:
        return _Held(path, None)
    return _Held(path, hold) if hold is not None else None


def claim_to_offer(game: str) -> Path | None:
    """A kept game for this window to offer ("Resume it?"), now held by it; None when there is none it may
    take.  The window's own slot comes first (its game, kept when it went back to the menu); otherwise the
    newest slot no other window holds, and the window's empty slot is let go for it."""
    with _LOCK:
        key = _key(game)
        own = _HELD.get(key)
        if own is not None and _there(own.path):
            return own.path
        for path in kept(game):
            if own is not None and path == own.path:
                continue
            entry = _try(path)
            if entry is None:
                continue  # another window's game
            if entry.hold is not None and not _there(path):  # its window cleared it just before letting go
                entry.hold.release()
                continue
            if own is not None and own.hold is not None:
                own.hold.release()
            _HELD[key] = entry
            return path
        return None


def claim_to_write(game: str) -> Path:
    """The slot this window writes ``game``'s kept game to: the one it holds, else the first slot that no
    window holds and no kept game fills (taken now, for as long as the window runs)."""
    with _LOCK:
        key = _key(game)
        own = _HELD.get(key)
        if own is not None:
            return own.path
        n = 1
        while True:
            path = slot_path(game, n)
            entry = _try(path)
            if entry is not None and entry.hold is None:
                return path  # nothing can be held here: the write reports why in plain words
            if entry is not None and not _there(path):
                _HELD[key] = entry
                return path
            if entry is not None and entry.hold is not None:
                entry.hold.release()  # a kept game waiting for the next start: not ours to write over
            n += 1


def offerable(game: str) -> bool:
    """Whether opening ``game`` in this window would offer a kept game (its own, or one no window holds):
    the main menu's Resume badge.  Each slot's claim is tried and let go at once."""
    with _LOCK:
        own = _HELD.get(_key(game))
        for path in kept(game):
            if own is not None and path == own.path:
                return True
            entry = _try(path)
            if entry is not None:
                if entry.hold is not None:
                    entry.hold.release()
                return True
        return False


def release_all() -> None:
    """Let go of every slot this process holds (a window's end does it by itself; tests call this)."""
    with _LOCK:
        for entry in _HELD.values():
            if entry.hold is not None:
                entry.hold.release()
        _HELD.clear()


def describe(path: Path, data: dict) -> str:
    """Which kept game this is, for a player with two: its deal, its moves, when its window left it."""
    parts = []
    seed, moves = data.get("seed"), data.get("cursor")
    if isinstance(seed, int) and not isinstance(seed, bool):
        parts.append(f"deal #{seed}")
    if isinstance(moves, int) and not isinstance(moves, bool):
        parts.append(f"{moves} move{'' if moves == 1 else 's'}")
    try:
        parts.append("left at " + time.strftime("%H:%M", time.localtime(path.stat().st_mtime)))
    except OSError:
        pass
    return ", ".join(parts)
