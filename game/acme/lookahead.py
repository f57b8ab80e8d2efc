"""Planning the last few cards against predictable opponents.

Once the expert holds only a few cards, a fixed playout policy for its own
remaining moves wastes the search: the best order of the last plays (cash
the sure winner first? pass now to keep the pair?) decides the place.  Here,
in one sampled deal, the others play by their assumed policy and every one
of our own choices is tried, depth first, up to a node budget; past it the
playout policy finishes the round.
"""

from __future__ import annotations

from game.acme.fastsim import Policy, Sim


def _advance(sim: Sim, me: int, policies: list[Policy], rem: list[int]) -> None:
    """Let the others play until it is our turn or the round ends (``rem`` follows the plays)."""
    while len(sim.finished) < 5 and me not in sim.finished:
        seat = sim.to_act()
        if seat == me:
            return
        mv = policies[seat](sim.hands[seat], sim.n[seat], sim.top_r, sim.top_c, rem)
        if mv is not None:
            rem[mv[0]] -= mv[1]
        sim.step(mv)


def best_reward(sim: Sim, me: int, policies: list[Policy], budget: list[int],
                rem: list[int] | None = None) -> int:
    """Our best reward (4 for first place .. 0 for last) over our own choices in this deal.

    ``rem`` (cards held per rank) is passed down the search so no node has to recount it.
    """
    if rem is None:
        rem = sim.held()
    _advance(sim, me, policies, rem)
    if me in sim.finished:
        return 4 - sim.finished.index(me)
    if budget[0] <= 0:
        return 4 - sim.playout(policies).index(me)
    budget[0] -= 1
    best = -1
    moves = sim.moves()
    for mv in moves:
        t = sim.copy()
        t.step(mv)
        t_rem = rem[:]
        if mv is not None:
            t_rem[mv[0]] -= mv[1]
        v = best_reward(t, me, policies, budget, t_rem)
        if v > best:
            best = v
            if best >= 4 - len(sim.finished):
                break  # cannot do better than the next free place
    return best
