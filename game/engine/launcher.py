"""The one-file build's launcher on Linux: the game ends with it, and its unpacked folder goes with the game.

PyInstaller's one-file executable runs as two processes: the launcher (the bootloader) unpacks the program
into ``$TMPDIR/_MEIxxxxxx`` (``sys._MEIPASS``), starts itself again as the game, waits for the game, then
deletes the folder.  It passes a SIGTERM on to the game, but nothing passes on a SIGKILL: a launcher killed
outright left the game running, its window open, and the 28 MiB folder behind for good, since the launcher
that would have deleted it was gone.

`follow_launcher` (called first thing in the game) asks the kernel to send the game SIGTERM when its parent
dies (``prctl(PR_SET_PDEATHSIG)``), and checks the parent is still the launcher, in case it died before the
request was made (then the game, not yet open, simply ends).  SIGTERM closes the window as the close box
does (`App.close_on_signals`): the game in progress is kept.  At the game's exit, if the launcher is gone,
the game deletes the launcher's folder itself: only ``sys._MEIPASS``, only when it lies in the temporary
folder and its name starts with ``_MEI`` (never a one-folder build's ``_internal``, nor any other folder).
"""

from __future__ import annotations

import atexit
import ctypes
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable

#: prctl's option: the signal sent to this process when its parent thread dies (linux/prctl.h)
PR_SET_PDEATHSIG = 1


def unpacked_folder() -> str | None:
    """The one-file launcher's unpacked folder when this is the frozen one-file game, else None."""
    if not getattr(sys, "frozen", False):
        return None
    folder = getattr(sys, "_MEIPASS", None)
    if not isinstance(folder, str) or not folder:
        return None
    folder = os.path.realpath(folder)
    temp = os.path.realpath(tempfile.gettempdir())
    if os.path.dirname(folder) != temp or not os.path.basename(folder).startswith("_MEI"):
        return None
    return folder


def launcher_gone_already() -> bool:
    """Whether this process was orphaned before it asked to be told: its parent is init, or a process that
    plainly runs another executable (the one-file launcher starts itself again).  Anything unclear counts as
    the launcher still there: a wrong guess would end the game as it starts."""
    ppid = os.getppid()
    if ppid == 1:
        return True
    try:
        parent = os.readlink(f"/proc/{ppid}/exe")
    except OSError:
        return False
    return os.path.realpath(parent.removesuffix(" (deleted)")) != os.path.realpath(sys.executable)


def remove_if_orphaned(folder: str, launcher_pid: int) -> bool:
    """Delete ``folder`` (the launcher's) when the launcher is gone: this process then has another parent (a
    process's parent id changes only when its parent dies).  A live launcher deletes it itself."""
    if os.getppid() == launcher_pid:
        return False
    shutil.rmtree(folder, ignore_errors=True)
    return not os.path.exists(folder)


def follow_launcher(prctl: Callable[..., int] | None = None) -> bool:
    """In the frozen one-file game on Linux: end (by SIGTERM, so the game is kept) when the launcher dies, and
    delete its folder at exit if it has.  Returns whether it applies here."""
    folder = unpacked_folder()
    if folder is None or not sys.platform.startswith("linux"):
        return False
    if prctl is None:
        try:
            prctl = ctypes.CDLL(None, use_errno=True).prctl
        except (OSError, AttributeError):
            return False
    launcher_pid = os.getppid()
    prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
    atexit.register(remove_if_orphaned, folder, launcher_pid)
    if launcher_gone_already():  # it died before the request was made: no signal will come, and no game is open yet
        raise SystemExit(0)  # the folder goes at exit
    return True
