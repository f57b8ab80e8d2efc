"""The one list of games the menu, the command line and the benchmark read.

A game is added by writing its package (rules, players, scene) and listing it
here, as Aisleriot adds a game with one file handed to a shared engine.  A
game whose ``scene`` module is not there yet shows as "coming soon".
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType


@functools.lru_cache(maxsize=64)
def _has_module(dotted: str) -> bool:
    """Whether a module exists, asked once (the file system is slow to ask)."""
    try:
        return importlib.util.find_spec(dotted) is not None
    except ModuleNotFoundError:
        return False


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    blurb: str
    players: str

    def module(self, part: str) -> ModuleType:
        """Import ``game.<name>.<part>`` (rules, players, simulate, solver, scene)."""
        return importlib.import_module(f"game.{self.name}.{part}")

    def has(self, part: str) -> bool:
        return _has_module(f"game.{self.name}.{part}")

    @property
    def playable(self) -> bool:
        return self.has("scene")


GAMES: tuple[GameInfo, ...] = (
    GameInfo("acesup", "Aces Up", "Clear the tableau until only the Aces remain. Three variations.", "Solitaire"),
    GameInfo("thieves", "Forty Thieves", "Take cards one up or one down; jokers help. Redeal on a clear.",
             "Solitaire"),
    GameInfo("acme", "ACME", "Climb from Apprentice to President against four sharp rivals.", "5 players"),
    GameInfo("court", "Affairs of the Court", "Kings capture, Queens reverse, Aces switch the scores.",
             "2 players"),
    GameInfo("romi", "Romi", "Two-deck rummy on a board you can rearrange at will.", "2 players"),
)

NAMES = tuple(g.name for g in GAMES)


def get(name: str) -> GameInfo:
    for g in GAMES:
        if g.name == name:
            return g
    raise KeyError(name)


def make_scene(app, name: str, **kwargs):
    """The table scene of game ``name`` (its module's ``create_scene``)."""
    return get(name).module("scene").create_scene(app, **kwargs)
