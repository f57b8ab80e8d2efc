"""``python main.py simulate acesup``: the auto-player plays whole games and the results are counted.

``run(games, seed, levels, options) -> dict`` returns the CONVENTIONS.md JSON object.  Aces Up is a
solitaire, so there is one player entry, level ``"auto"`` (the only level; ``levels`` may be None,
empty or ``["auto"]``).  Options: ``{"variation": "aces_up" | "idiots_delight" | "firing_squad"}``.
Game ``i`` deals number ``seed * 1_000_003 + i``, so a run is reproducible and games differ.
"""

from __future__ import annotations

import random
from typing import Any

from game.acesup import players, rules
from game.simstats import MoveTimer

LEVELS = ("auto",)
_MAX_MOVES = 2000


def deal_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def run(games: int, seed: int, levels: list[str] | None, options: dict[str, Any]) -> dict[str, Any]:
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError("--games must be a whole number of at least 1")
    levels = list(levels) if levels else ["auto"]
    if levels != ["auto"]:
        raise ValueError(f"Aces Up is a solitaire: the only level is 'auto' (got {','.join(levels)})")
    options = dict(options or {})
    unknown = set(options) - {"variation"}
    if unknown:
        raise ValueError(f"unknown Aces Up option(s): {', '.join(sorted(unknown))}")
    variation = options.get("variation", "aces_up")
    if variation not in rules.VARIATIONS:
        raise ValueError(f"unknown variation {variation!r} (choose {', '.join(rules.VARIATIONS)})")
    timer = MoveTimer()
    wins = 0
    total_score = 0
    for i in range(games):
        s = rules.new_game(deal_seed(seed, i), variation=variation)
        rng = random.Random(deal_seed(seed, i))
        for _ in range(_MAX_MOVES):
            if rules.is_over(s):
                break
            m = timer.time(players.choose_move, s, rng)
            s = rules.apply(s, m)
        else:  # pragma: no cover - the player always finishes
            raise RuntimeError(f"game {i} did not finish")
        wins += rules.outcome(s) == "won"
        total_score += rules.score(s)
    return {
        "game": "acesup",
        "games": games,
        "seed": seed,
        "options": {"variation": variation},
        "players": [{"level": "auto", "wins": wins, "draws": 0, "losses": games - wins,
                     "mean_score": round(total_score / games, 3)}],
        **timer.report(),
    }
