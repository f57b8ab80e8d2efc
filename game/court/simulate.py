"""`python main.py simulate court`: whole games between two computer levels.

The two players swap seats every game (seat 0 draws first in round 1), so each
sits in each seat equally often.  Reported per level: wins, draws, losses, its
mean final total (``mean_score``), its mean final total minus the opponent's
(``mean_spread``) and its own move-time percentiles.
"""

from __future__ import annotations

import random
from typing import Any

from game.court import rules
from game.court.players import LEVELS, make_player
from game.simstats import MoveTimer

DEFAULT_LEVELS = ["expert", "intermediate"]
_OPTIONS = {"follow_suit": bool, "round_limit": int}


def _check_options(options: dict | None) -> dict[str, Any]:
    opts = dict(options or {})
    for key, value in opts.items():
        if key not in _OPTIONS:
            raise ValueError(f"court has no option '{key}' (known: {', '.join(_OPTIONS)})")
        if not isinstance(value, _OPTIONS[key]):
            raise ValueError(f"court option '{key}' must be {_OPTIONS[key].__name__}")
    return opts


def play_game(levels: list[str], game_seed: int, rng: random.Random, options: dict,
              timers: list[MoveTimer] | None = None, seat_of: tuple[int, int] = (0, 1)):
    """Play one game; ``seat_of[i]`` is the seat of player i.  Returns the final state."""
    players = [make_player(lv) for lv in levels]
    player_at = {seat_of[i]: i for i in range(2)}
    state = rules.new_game(game_seed, **options)
    while not rules.is_over(state):
        seat = rules.current_player(state)
        i = player_at[seat]
        view = rules.observe(state, seat)
        if timers is not None:
            move = timers[i].time(players[i].choose, view, rng)
        else:
            move = players[i].choose(view, rng)
        state = rules.apply(state, move)
    return state


def run(games: int, seed: int, levels: list[str] | None, options: dict) -> dict:
    levels = list(levels) if levels else list(DEFAULT_LEVELS)
    if len(levels) != 2:
        raise ValueError("court is a two-player game: give exactly two levels, e.g. --levels expert,random")
    for lv in levels:
        if lv not in LEVELS:
            raise ValueError(f"unknown court level '{lv}' (choose from {', '.join(LEVELS)})")
    if not isinstance(games, int) or games < 1:
        raise ValueError("--games must be at least 1")
    opts = _check_options(options)
    timers = [MoveTimer(), MoveTimer()]
    all_timer = MoveTimer()
    stats = [dict(wins=0, draws=0, losses=0, score=0, spread=0) for _ in levels]
    rounds = 0
    for g in range(games):
        seat_of = (g % 2, 1 - g % 2)
        rng = random.Random(seed * 7_919 + g)
        state = play_game(levels, seed * 100_003 + g, rng, opts, timers, seat_of)
        rounds += state.round_no
        for i in range(2):
            me, opp = state.totals[seat_of[i]], state.totals[1 - seat_of[i]]
            st = stats[i]
            st["score"] += me
            st["spread"] += me - opp
            if state.winner is None:
                st["draws"] += 1
            elif state.winner == seat_of[i]:
                st["wins"] += 1
            else:
                st["losses"] += 1
    all_timer.samples = timers[0].samples + timers[1].samples
    players = []
    for i, lv in enumerate(levels):
        st = stats[i]
        players.append({
            "level": lv, "wins": st["wins"], "draws": st["draws"], "losses": st["losses"],
            "mean_score": round(st["score"] / games, 3), "mean_spread": round(st["spread"] / games, 3),
            **timers[i].report(),
        })
    return {"game": "court", "games": games, "seed": seed, "options": {"follow_suit": True, **opts},
            "players": players, "mean_rounds": round(rounds / games, 3), **all_timer.report()}
