"""`python main.py simulate thieves`: whole games played by the computer players, measured.

Each level plays the same deals (game i uses seed ``seed + i``), so the levels'
mean scores compare like with like.  The only option is ``jokers`` (0–5, default 2).
"""

from __future__ import annotations

import random
from typing import Any

from game.simstats import MoveTimer
from game.thieves import rules
from game.thieves.players import make_player

#: A safety net against a player that never ends a game (each deal needs < 60 moves).
MAX_MOVES_PER_GAME = 200_000


def play_game(level: str, seed: int, jokers: int, timer: MoveTimer | None = None) -> rules.State:
    """Play one whole game with ``level`` and return the final state."""
    player = make_player(level)
    rng = random.Random(seed)
    state = rules.new_game(seed, jokers=jokers)
    for _ in range(MAX_MOVES_PER_GAME):
        if rules.is_over(state):
            return state
        view = rules.observe(state)
        move = timer.time(player, view, rng) if timer else player(view, rng)
        if move is None:
            raise RuntimeError(f"{level} found no move in a game that is not over")
        state = rules.apply(state, move)
    raise RuntimeError(f"game with seed {seed} did not finish")


def _options(options: dict[str, Any] | None) -> dict[str, Any]:
    options = dict(options or {})
    jokers = options.pop("jokers", rules.DEFAULT_JOKERS)
    if isinstance(jokers, str) and jokers.strip().isdigit():
        jokers = int(jokers)
    if options:
        raise ValueError(f"unknown Forty Thieves option(s): {', '.join(sorted(options))}")
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= rules.MAX_JOKERS:
        raise ValueError(f"jokers must be a whole number from 0 to {rules.MAX_JOKERS}, not {jokers!r}")
    return {"jokers": jokers}


def run(games: int, seed: int, levels: list[str] | None = None,
        options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` games per level and return the CONVENTIONS.md simulate object.

    Beyond the fixed keys each player entry carries ``mean_clears`` (redeals
    earned per game) and ``clear_share`` (games with at least one clear).
    """
    opts = _options(options)
    levels = list(levels) if levels else ["auto"]
    for level in levels:
        make_player(level)  # ValueError for an unknown name before any play
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError("games must be a whole number, 0 or more")
    timer = MoveTimer()
    players = []
    for level in levels:
        scores, clears = [], []
        for i in range(games):
            end = play_game(level, seed + i, opts["jokers"], timer)
            scores.append(end.score)
            clears.append(end.clears)
        n = max(1, games)
        players.append({
            "level": level,
            "wins": sum(1 for c in clears if c),
            "mean_score": round(sum(scores) / n, 2),
            "mean_clears": round(sum(clears) / n, 3),
            "clear_share": round(sum(1 for c in clears if c) / n, 4),
            "best_score": max(scores, default=0),
        })
    return {"game": "thieves", "games": games, "seed": seed, "options": opts,
            "players": players, **timer.report()}
