"""Dev helper: collect mid-game Romi positions (the player to act has opened).

Plays games between computer levels and keeps, at random moments, the
position of a player who has already opened: (hand, table, ace_after_king).
"""

from __future__ import annotations

import random

from game.romi import rules
from game.romi.players import choose_move


def collect(count: int, seed: int = 7, levels=("expert", "intermediate"), min_table: int = 0,
            keep_prob: float = 0.3, ace_after_king: bool = False):
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        state = rules.new_game(seed * 1000 + g, ace_after_king=ace_after_king)
        g += 1
        rngs = [random.Random(g), random.Random(g + 1)]
        while not rules.is_over(state) and len(out) < count:
            seat = state.turn
            obs = rules.observe(state, seat)
            ncards = sum(len(x) for x in state.table)
            if state.opened[seat] and ncards >= min_table and rng.random() < keep_prob:
                out.append((state.hands[seat], state.table, ace_after_king))
            state = rules.apply(state, choose_move(obs, levels[seat], rngs[seat]))
    return out
