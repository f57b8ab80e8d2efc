"""Romi's computer players, one function per level.

A player sees only an `Observation` (its own hand, the table, how many cards
the others hold): it cannot read the human's hand or the stock order, so it
plays fair by construction.

- ``random``: a uniformly random move among ``draw`` and the generator's plays.
- ``beginner``: melds from its hand, one group a turn, or else one card added
  to the end of a table group; opens with the first melds it notices.
- ``intermediate``: the best split of its hand into groups, then every single
  card it can add to the ends of table groups; never rearranges the table.
- ``expert``: the exact repartition search (`generator.best_repartition`):
  splits, joins, moves jokers, and lays the most points each turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.romi import generator as gen
from game.romi.groups import group_points
from game.romi.rules import Draw, Move, Observation, Play, State, observe

LEVELS = ("random", "beginner", "intermediate", "expert")


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown Romi level '{level}' (choose from {', '.join(LEVELS)})")
    return level


def _play_or_draw(table: gen.Table | None) -> Move:
    return Draw() if table is None else Play(tuple(table))


def random_player(obs: Observation, rng: random.Random) -> Move:
    plays = gen.candidate_plays(obs.hand, obs.table, obs.opened[obs.seat], obs.ace_after_king)
    moves: list[Move] = [Draw()] + [Play(t) for t in plays]
    return rng.choice(moves)


def beginner(obs: Observation, rng: random.Random) -> Move:
    aak = obs.ace_after_king
    melds = gen.hand_melds(obs.hand, aak)
    if not obs.opened[obs.seat]:
        chosen: list[tuple[str, ...]] = []
        left = list(obs.hand)
        for m in melds:
            if all(left.count(c) >= m.count(c) for c in set(m)):
                chosen.append(m)
                for c in m:
                    left.remove(c)
            if sum(group_points(g, aak) for g in chosen) >= 25:
                return Play(tuple(obs.table) + tuple(chosen))
        return Draw()
    if melds:
        return Play(tuple(obs.table) + (rng.choice(melds),))
    ext = gen.extensions(obs.hand, obs.table, aak)
    if ext:
        return Play(rng.choice(ext))
    return Draw()


def intermediate(obs: Observation, rng: random.Random) -> Move:
    aak = obs.ace_after_king
    if not obs.opened[obs.seat]:
        return _play_or_draw(gen.best_opening(obs.hand, obs.table, aak))
    table = tuple(obs.table)
    hand = tuple(obs.hand)
    res = gen.best_repartition([], hand, ace_after_king=aak, objective="laid")
    if res is not None and res[0] > 0:
        groups = tuple(tuple(g) for g in res[1])
        table = table + tuple(gen.order_like((), groups, aak))
        hand = gen.removed_from_hand(hand, [c for g in groups for c in g])
    while hand:
        ext = gen.extensions(hand, table, aak)
        if not ext:
            break
        new = ext[0]
        added = [c for g in new for c in g]
        for c in [c for g in table for c in g]:
            added.remove(c)
        table = new
        hand = gen.removed_from_hand(hand, added)
    if table == tuple(obs.table):
        return Draw()
    return Play(table)


def expert(obs: Observation, rng: random.Random) -> Move:
    return _play_or_draw(gen.best_play(obs.hand, obs.table, obs.opened[obs.seat], obs.ace_after_king))


PLAYERS: dict[str, Callable[[Observation, random.Random], Move]] = {
    "random": random_player,
    "beginner": beginner,
    "intermediate": intermediate,
    "expert": expert,
}


def choose_move(obs: Observation, level: str, rng: random.Random | None = None) -> Move:
    """The move the computer at ``level`` makes from what its seat can see."""
    return PLAYERS[check_level(level)](obs, rng or random.Random())


def help_move(state: State) -> Move:
    """"Help from Romi": the Expert's move for whoever is to act."""
    return expert(observe(state, state.turn), random.Random(0))
