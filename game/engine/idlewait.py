"""Sleep until something happens, at no CPU cost: the main loop's wait when nothing moves.

pygame's ``event.wait`` polls every millisecond (~3% of a core), and the loop's own nap between polls
(60 or 30 times a second) still costs ~0.5%.  On X11 -- every Linux desktop SDL 2 draws on, Wayland ones
through XWayland -- the window's events arrive on one socket, so the loop can sleep in ``select`` on it
and wake the moment input comes, like a native program.  Work finished in another thread (``worker``)
posts an event that never touches that socket, so it also writes a byte to a pipe the wait watches
(``nudge``).  Elsewhere (Windows, macOS, the dummy driver) the wait is the nap it always was.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import time

import pygame

#: The longest sleep without looking, for an event posted by code that does not nudge (none does today:
#: the worker's job events and the close-on-signal handler nudge, window input wakes the select). Each
#: look costs about a millisecond of CPU, so a look a second was 0.1-0.2% of a core at rest, at the goal's
#: edge; a look every five seconds is a fifth of that.
MAX_SLEEP_S = 5.0

_pipe: tuple[int, int] | None = None


def _wake_pipe() -> tuple[int, int]:
    global _pipe
    if _pipe is None:
        read, write = os.pipe()
        os.set_blocking(read, False)
        os.set_blocking(write, False)
        _pipe = (read, write)
    return _pipe


def nudge() -> None:
    """Wake a loop waiting in ``IdleWait.sleep`` (called from other threads after posting an event)."""
    with contextlib.suppress(OSError):  # a full pipe already wakes it
        os.write(_wake_pipe()[1], b"!")


def x11_connection() -> int | None:
    """The file descriptor of the window's X11 connection, or None when SDL does not draw through X11."""
    try:
        if not sys.platform.startswith("linux") or pygame.display.get_driver() != "x11":
            return None
        import ctypes  # here, not at the top: start-up imports nothing the window does not need yet

        capsule = pygame.display.get_wm_info().get("display")
        get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
        get_pointer.restype, get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        display = get_pointer(capsule, b"display")
        xlib = ctypes.CDLL("libX11.so.6")  # already loaded by SDL: the same library, no search
        xlib.XConnectionNumber.restype, xlib.XConnectionNumber.argtypes = ctypes.c_int, [ctypes.c_void_p]
        fd = xlib.XConnectionNumber(display)
        return fd if fd >= 0 else None
    except (AttributeError, OSError, TypeError, ValueError, pygame.error):
        return None


class IdleWait:
    """Sleep up to a given time, waking early for window input (X11) or a ``nudge``."""

    def __init__(self) -> None:
        self.fd = x11_connection()

    def sleep(self, seconds: float) -> None:
        """Call only after ``pygame.event.poll()`` found nothing: SDL has then read everything the X
        server had sent, so what wakes the ``select`` is new."""
        if self.fd is None:
            time.sleep(seconds)
            return
        read = _wake_pipe()[0]
        ready, _, _ = select.select([self.fd, read], [], [], max(0.0, min(seconds, MAX_SLEEP_S)))
        if read in ready:
            with contextlib.suppress(OSError):
                os.read(read, 4096)
