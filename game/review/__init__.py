"""Review any game: replay it move by move and see where it was won or lost (issue 29).

- `game.review.source`: a saved game or a command line -> the start state and the moves, replayed
  through the rules (a hostile file cannot make an illegal position).
- `game.review.solitaire`: the exact-verdict analysis both solitaires share (Aces Up, Forty Thieves);
  each game's ``game/<name>/review.py`` (``review_moves``, ``summarize``) is the analyser the rest finds.
- `game.review.runner`: runs an analyser in the solver process with a progress bar and a stop, and caches
  the answer with the game so it is computed once.
- `game.review.scene`: the replay scene (its own scene, the game in progress is never touched).
- `game.review.shown`: what a replayed table shows that play shows differently (hidden hands turned up,
  the score as it stood, ACME's finished trick).
- `game.review.wording`: a move's verb phrase in a sentence (whose move, the Expert's choice, a cost).
- `game.review.cli`: ``python main.py review ...``.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def analyser(game: str) -> ModuleType | None:
    """``game.<game>.review`` (``review_moves`` and ``summarize``), or None where the game has none yet:
    the replay works for every game, the analysis only where an analyser exists."""
    try:
        return importlib.import_module(f"game.{game}.review")
    except ModuleNotFoundError as err:
        if err.name != f"game.{game}.review":
            raise  # a real import error inside the analyser is not "no analyser"
        return None
