"""The scratch folders a long request talks through (``parlour-review-<pid>-XXXXXXXX`` in TMPDIR), and the
tidying of the ones a killed window left behind.

A window that is SIGKILLed during an analysis cannot remove its folder, so the next start does: only
folders whose name says Parlour made them, whose window (the process id in the name) is no longer
running, that are real folders of this user (never a link), and that hold nothing but the files a
request writes.  Another window's folder is never touched while that window runs (two windows each have
their own), and a folder holding anything else is left alone.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import tempfile
import time

PREFIX = "parlour-review-"
#: the files a request writes in its folder (game.engine.solvewatch._Channel and ProgressJob.stop)
_OURS = frozenset({"progress", "progress.tmp", "stop"})
_NAME = re.compile(r"^parlour-review-(?:(\d{1,10})-)?[a-z0-9_]{8}$")
#: a folder without a process id (made by an older Parlour) is left until it is this old (seconds)
OLD_FOLDER_S = 24 * 3600.0


def make_folder() -> str:
    """A new scratch folder named for this process."""
    return tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")


def running(pid: int) -> bool:
    """Whether process ``pid`` still runs (an ended one not yet reaped does not).  Where that cannot be
    asked safely (Windows: os.kill would end the process), it is taken to be running."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # another user's process, or cannot tell: never touch
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def clean_leftovers(where: str | None = None) -> int:
    """Remove the scratch folders of windows that ended without removing them; how many went. Never
    raises."""
    where = where or tempfile.gettempdir()
    try:
        names = os.listdir(where)
    except OSError:
        return 0
    removed = 0
    now = time.time()
    for name in names:
        m = _NAME.match(name)
        if m is None:
            continue
        full = os.path.join(where, name)
        try:
            st = os.lstat(full)
            if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
                continue
            if m.group(1) is not None:
                if running(int(m.group(1))):
                    continue
            elif now - st.st_mtime < OLD_FOLDER_S:
                continue
            inside = os.listdir(full)
            if not set(inside) <= _OURS:
                continue  # something else was put there: not only Parlour's
            for f in inside:
                if stat.S_ISREG(os.lstat(os.path.join(full, f)).st_mode):
                    os.unlink(os.path.join(full, f))
            os.rmdir(full)
            removed += 1
        except OSError:
            continue
    return removed
