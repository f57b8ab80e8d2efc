"""``python main.py simulate romi``: computer against computer, many games.

Players alternate who plays first (game i: the first level sits in seat i % 2,
seat 0 always starts), so each level plays first equally often.  Reports per
level wins, draws, losses, mean points scored, and move times; the times of
moves made on a full table (60 or more cards down) are reported apart, since
that is where the Expert's search works hardest, and CPU times beside the
wall-clock ones (on a busy shared machine the wall clock includes waiting).
"""

from __future__ import annotations

import random
import time

from game.romi import rules
from game.romi.players import check_level, choose_move
from game.simstats import MoveTimer, percentile

FULL_TABLE = 60


class CpuTimes:
    """CPU milliseconds per move (all moves, and those on a full table): on a shared
    machine the wall clock also counts time spent waiting for a core."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self.full: list[float] = []


def play_game(seed: int, levels: tuple[str, str], options: dict, timers=None, full_timers=None,
              cpu_timers=None):
    """Play one game; ``levels[seat]`` plays each seat.  Returns the final state."""
    state = rules.new_game(seed, **options)
    rngs = [random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)]
    turns = 0
    while not rules.is_over(state):
        seat = state.turn
        obs = rules.observe(state, seat)
        if timers is not None:
            c0 = time.process_time()
            move = timers[seat].time(choose_move, obs, levels[seat], rngs[seat])
            cpu = (time.process_time() - c0) * 1000.0
            if cpu_timers is not None:
                cpu_timers[seat].samples.append(cpu)
            if full_timers is not None and sum(len(g) for g in state.table) >= FULL_TABLE:
                full_timers[seat].samples.append(timers[seat].samples[-1])
                if cpu_timers is not None:
                    cpu_timers[seat].full.append(cpu)
        else:
            move = choose_move(obs, levels[seat], rngs[seat])
        state = rules.apply(state, move)
        turns += 1
        if turns > 2000:  # cannot happen (every turn shrinks stock or hands, or passes)
            raise RuntimeError("a Romi game did not end")
    return state


def run(games: int, seed: int, levels: list[str] | None = None, options: dict | None = None) -> dict:
    options = dict(options or {})
    unknown = set(options) - {"ace_after_king"}
    if unknown:
        raise ValueError(f"unknown Romi option(s): {', '.join(sorted(unknown))}")
    if "ace_after_king" in options and not isinstance(options["ace_after_king"], bool):
        raise ValueError("ace_after_king must be true or false")
    levels = list(levels or ["expert", "intermediate"])
    if len(levels) != 2:
        raise ValueError("Romi is for two players: give two levels, e.g. --levels expert,beginner")
    for lv in levels:
        check_level(lv)
    if games < 1:
        raise ValueError("--games must be at least 1")
    stats = [{"level": lv, "wins": 0, "draws": 0, "losses": 0, "points": 0} for lv in levels]
    all_timer = MoveTimer()
    timers = [MoveTimer(), MoveTimer()]
    full = [MoveTimer(), MoveTimer()]
    cpus = [CpuTimes(), CpuTimes()]
    for i in range(games):
        order = (0, 1) if i % 2 == 0 else (1, 0)  # order[seat] = player index
        seat_levels = (levels[order[0]], levels[order[1]])
        seat_timers = [timers[order[0]], timers[order[1]]]
        seat_full = [full[order[0]], full[order[1]]]
        seat_cpu = [cpus[order[0]], cpus[order[1]]]
        final = play_game(seed * 100_003 + i, seat_levels, options, seat_timers, seat_full, seat_cpu)
        pts = rules.game_points(final)
        for seat in (0, 1):
            st = stats[order[seat]]
            if final.winner is None:
                st["draws"] += 1
            elif final.winner == seat:
                st["wins"] += 1
            else:
                st["losses"] += 1
            st["points"] += pts[seat]
    for t in timers:
        all_timer.samples.extend(t.samples)
    players = []
    for st, t, f, c in zip(stats, timers, full, cpus, strict=True):
        decided = st["wins"] + st["losses"]
        players.append({
            "level": st["level"], "wins": st["wins"], "draws": st["draws"], "losses": st["losses"],
            "mean_score": round(st["points"] / games, 3),
            "win_share_of_decided": round(st["wins"] / decided, 4) if decided else 0.0,
            **t.report(),
            "full_table_moves": len(f.samples),
            "full_table_move_ms_p99": round(percentile(f.samples, 99), 3),
            "move_cpu_ms_p99": round(percentile(c.samples, 99), 3),
            "full_table_move_cpu_ms_p99": round(percentile(c.full, 99), 3),
        })
    return {"game": "romi", "games": games, "seed": seed, "options": options, "players": players,
            **all_timer.report()}
