"""`python main.py simulate acme`: many single rounds between computer levels.

Each game is one round from a fresh deal with the roles (and so the exchange)
drawn at random.  Player i of ``--levels`` sits in seat (i + game) mod 5, so
over a multiple of five games every player sits in every seat equally often
(the 53-card deal otherwise favours fixed seats).  Reported per player: first
places (``wins``), the share of first and top-two places and the mean place
(1 best, 5 worst; fair share is 20% first, mean place 3.0).
"""

from __future__ import annotations

import random
from typing import Any

from game.acme import rules
from game.acme.players import DEFAULT_LEVEL, LEVELS, make_player
from game.simstats import MoveTimer

DEFAULT_LEVELS = [DEFAULT_LEVEL, "baseline", "baseline", "baseline", "baseline"]
OPTIONS = {"playouts": int, "time_ms": float}


def _player_overrides(options: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key not in OPTIONS:
            raise ValueError(f"unknown acme option '{key}' (known: {', '.join(OPTIONS)})")
        try:
            num = OPTIONS[key](value)
        except (TypeError, ValueError):
            raise ValueError(f"acme option '{key}' must be a number") from None
        if num <= 0:
            raise ValueError(f"acme option '{key}' must be positive")
        if key == "playouts":
            out["playouts"] = int(num)
        else:
            out["time_limit"] = num / 1000.0
    return out


def run(games: int, seed: int, levels: list[str] | None = None, options: dict | None = None) -> dict:
    """Play ``games`` rounds and return the JSON-ready summary of CONVENTIONS.md."""
    options = dict(options or {})
    levels = list(levels) if levels else list(DEFAULT_LEVELS)
    if len(levels) != 5:
        raise ValueError(f"acme needs exactly five levels, one per seat (got {len(levels)})")
    for lv in levels:
        if lv not in LEVELS:
            raise ValueError(f"unknown acme level '{lv}' (choose from {', '.join(LEVELS)})")
    if not isinstance(games, int) or games < 1:
        raise ValueError("games must be a positive whole number")
    overrides = _player_overrides(options)
    players = [make_player(lv, **(overrides if lv in ("expert", "flatmc") else {})) for lv in levels]
    rng = random.Random(seed)
    timer = MoveTimer()
    places = [[0] * 5 for _ in levels]
    for g in range(games):
        state = rules.new_game(rng.randrange(2**63))
        seat_of = [(i + g) % 5 for i in range(5)]
        who = {seat: i for i, seat in enumerate(seat_of)}
        move_rng = random.Random(rng.randrange(2**63))
        while not rules.is_over(state):
            seat = rules.current_player(state)
            obs = rules.observe(state, seat)
            move = timer.time(players[who[seat]].choose, obs, move_rng)
            state = rules.apply(state, move)
        for place, seat in enumerate(rules.score(state)):
            places[who[seat]][place] += 1
    out_players = []
    for lv, pl in zip(levels, places, strict=True):
        mean_place = sum((k + 1) * n for k, n in enumerate(pl)) / games
        out_players.append({
            "level": lv,
            "wins": pl[0],
            "draws": 0,
            "losses": games - pl[0],
            "mean_score": round(mean_place, 4),
            "mean_place": round(mean_place, 4),
            "first_share": round(pl[0] / games, 4),
            "top2_share": round((pl[0] + pl[1]) / games, 4),
            "places": pl,
        })
    return {"game": "acme", "games": games, "seed": seed, "options": options,
            "players": out_players, **timer.report()}
