"""The one place that knows where Parlour keeps user data.

appdirs is used as the user asked; it sits behind this module alone so that a
switch to platformdirs would touch one file.  ``PARLOUR_HOME`` wins when set
(tests always set it to a temporary folder).

Nothing here raises: a data folder that cannot be made (a read-only disk,
``PARLOUR_HOME`` naming a file, ``saves/acesup`` being a file) still gives its
path, every later write then fails with a plain-words `SaveError`, and
`data_dir_problem` says what is wrong so the program can tell the player once.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "Parlour"
MIN_FREE_BYTES = 64 * 1024  # less free space than this and nothing can be kept reliably


def _base() -> Path:
    """Always an absolute path: ``PARLOUR_HOME`` made absolute, else appdirs' folder.  An empty or
    relative ``XDG_DATA_HOME`` is ignored, as the XDG spec says (appdirs would otherwise give a folder
    relative to wherever Parlour was started from)."""
    home = os.environ.get("PARLOUR_HOME")
    if home:
        return Path(os.path.abspath(home))
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg is not None and not os.path.isabs(xdg) and sys.platform not in ("win32", "darwin"):
        return Path(os.path.expanduser("~"), ".local", "share", APP_NAME)
    import appdirs

    return Path(os.path.abspath(appdirs.user_data_dir(APP_NAME, appauthor=False)))


def _make(path: Path) -> str | None:
    """Create ``path`` (and its parents); None, or the reason it cannot be a folder."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{path} is a file, not a folder"
    except OSError as exc:
        return f"{path} cannot be made ({exc.strerror or exc})"
    if not path.is_dir():
        return f"{path} is not a folder"
    return None


def data_dir(create: bool = True) -> Path:
    """The folder for saves, settings, profiles, statistics and high scores."""
    path = _base()
    if create:
        _make(path)
    return path


def data_dir_problem() -> str | None:
    """A plain-words reason the data folder cannot keep anything, or None when it can."""
    path = _base()
    problem = _make(path)
    if problem is None and not os.access(path, os.W_OK | os.X_OK):
        problem = f"{path} is read-only"
    if problem is None and hasattr(os, "statvfs"):
        try:
            st = os.statvfs(path)
        except OSError:
            st = None
        if st is not None and st.f_bavail * st.f_frsize < MIN_FREE_BYTES:
            problem = f"the disk holding {path} is full"
    if problem is None:
        return None
    from saves.store import shown  # a folder name that is not UTF-8 is shown with \ufffd, never drawn raw

    return shown(f"Your data folder cannot be used: {problem}. You can play, but settings, saved games and "
                 "records will not be kept.")


def saved_games_dir(game: str, create: bool = True) -> Path:
    """Where a game's named save files live: ``<data>/saves/<game>/``."""
    path = data_dir(create) / "saves" / game
    if create:
        _make(path)
    return path
