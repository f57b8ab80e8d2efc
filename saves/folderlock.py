"""An OS lock on a folder, so two Parlour windows never interleave a read-modify-write.

Each folder gets a lock file, ``.parlour.lock``; holding it is holding an OS lock on that file
(``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows), which the operating system
releases by itself when the process ends however it ends — a killed window can never leave the
folder locked.  Within one process a re-entrant thread lock comes first, because an OS lock
belongs to the process (or to the open file) and would not keep two threads of it apart.

A lock that stays taken (another Parlour stopped in a debugger, a frozen network disk) is waited
for at most ``timeout_s`` and then reported as a `LockTimeout` instead of hanging the window.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = ".parlour.lock"
TIMEOUT_S = 5.0
_POLL_S = 0.01

try:  # Linux, macOS
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
except ImportError:  # pragma: no cover - Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


class LockTimeout(OSError):
    """The folder stayed locked by another Parlour for longer than the timeout."""


class _Held:
    """One folder's lock in this process: a re-entrant thread lock, and the OS lock while held."""

    def __init__(self) -> None:
        self.thread_lock = threading.RLock()
        self.depth = 0
        self.fd: int | None = None


_HELD: dict[str, _Held] = {}
_HELD_LOCK = threading.Lock()


def _held(folder: Path) -> _Held:
    key = os.path.normcase(os.path.abspath(folder))
    with _HELD_LOCK:
        return _HELD.setdefault(key, _Held())


def _open(folder: Path) -> int | None:
    """The lock file, opened; None where it cannot be made (a read-only or missing folder, a full
    disk): nothing can be written there either, and the write itself reports that in plain words."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    except OSError:
        return None


@contextmanager
def locked(folder: Path | str, timeout_s: float = TIMEOUT_S) -> Iterator[None]:
    """Hold the OS lock of ``folder`` (made if missing) for the ``with`` block.

    Raises `LockTimeout` after ``timeout_s`` of waiting.  Where the lock file cannot be made the block
    runs unlocked (see `_open`)."""
    folder = Path(folder)
    held = _held(folder)
    end = time.monotonic() + timeout_s
    if not held.thread_lock.acquire(timeout=max(0.0, timeout_s)):
        raise LockTimeout(f"another part of Parlour kept {folder} busy")
    try:
        if held.depth == 0:
            fd = _open(folder)
            if fd is not None:
                try:
                    while not _try_lock(fd):
                        if time.monotonic() >= end:
                            raise LockTimeout(f"another Parlour window kept {folder} busy")
                        time.sleep(_POLL_S)
                except BaseException:
                    os.close(fd)
                    raise
            held.fd = fd
        held.depth += 1
        try:
            yield
        finally:
            held.depth -= 1
            if held.depth == 0 and held.fd is not None:
                fd, held.fd = held.fd, None
                try:
                    _unlock(fd)
                finally:
                    os.close(fd)
    finally:
        held.thread_lock.release()


class Hold:
    """An OS lock on one file, held until `release` or until the process ends (the OS lets go of it
    then, however the process ends): a mark that a live window owns something, which no crash can
    leave behind."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                _unlock(fd)
            finally:
                os.close(fd)


def try_hold(path: Path) -> Hold | None:
    """Take the OS lock of the file ``path`` (made if missing) without waiting: a `Hold`, or None when
    another process (or another open of it in this one) holds it.  OSError when the file cannot be made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    if not _try_lock(fd):
        os.close(fd)
        return None
    return Hold(fd)
