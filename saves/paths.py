"""The one place that knows where Parlour keeps user data.

appdirs is used as the user asked; it sits behind this module alone so that a
switch to platformdirs would touch one file.  ``PARLOUR_HOME`` wins when set
(tests always set it to a temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "Parlour"


def data_dir(create: bool = True) -> Path:
    """The folder for saves, settings, profiles, statistics and high scores."""
    home = os.environ.get("PARLOUR_HOME")
    if home:
        path = Path(home)
    else:
        import appdirs

        path = Path(appdirs.user_data_dir(APP_NAME, appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def saved_games_dir(game: str, create: bool = True) -> Path:
    """Where a game's named save files live: ``<data>/saves/<game>/``."""
    path = data_dir(create) / "saves" / game
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
