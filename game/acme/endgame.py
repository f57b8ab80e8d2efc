"""Exact play once only two players hold cards.

With two players left, every card the other holds is known (everything else
has been played or is in one's own hand), so the rest of the round is a game
of perfect information: whoever empties his hand first takes the better of the
two remaining places.  `solve` searches it exhaustively with a memo, giving up
(returning None) past a node budget so a move never takes too long.
"""

from __future__ import annotations

from game.acme.fastsim import JOKER, NR, Sim


class Budget(Exception):
    """The search ran past its node budget."""


def _key(sim: Sim, a: int, b: int) -> tuple:
    return (tuple(sim.hands[a]), tuple(sim.hands[b]), sim.top_r, sim.top_c, tuple(sim.pending),
            sim.leader if sim.top_r < 0 else sim.last)


def solve(sim: Sim, me: int, max_nodes: int = 60_000) -> tuple[int, int] | None | str:
    """The winning move for ``me`` (or any move if all lose), or the string "unknown".

    ``sim`` must have exactly two seats holding cards, ``me`` one of them and to act.
    """
    holders = [s for s in range(5) if sim.n[s]]
    assert len(holders) == 2 and me in holders
    other = holders[0] if holders[1] == me else holders[1]
    memo: dict[tuple, bool] = {}
    nodes = [0]

    def wins(s: Sim) -> bool:
        """Does ``me`` go out before ``other`` from here, with best play on both sides?"""
        if len(s.finished) >= 5 or not s.n[me] or not s.n[other]:
            return not s.n[me]
        k = _key(s, me, other)
        got = memo.get(k)
        if got is not None:
            return got
        nodes[0] += 1
        if nodes[0] > max_nodes:
            raise Budget
        actor = s.to_act()
        result = actor != me
        for mv in _ordered(s):
            t = s.copy()
            t.step(mv)
            w = wins(t)
            if actor == me and w:
                result = True
                break
            if actor != me and not w:
                result = False
                break
        memo[k] = result
        return result

    moves = _ordered(sim)
    try:
        for mv in moves:
            t = sim.copy()
            t.step(mv)
            if wins(t):
                return mv
    except Budget:
        return "unknown"
    return moves[0] if moves else None


def _ordered(s: Sim) -> list:
    """Moves with the likeliest winners first (big plays, then high cards), to cut the search."""
    moves = s.moves()
    h = s.hands[s.to_act()]
    n = sum(h)

    def order(mv):
        if mv is None:
            return (1, 0, 0)
        r, c = mv
        if c == n:
            return (-1, 0, 0)
        return (0, -c if c == h[r] else 0, -r if r == JOKER else r)
    moves.sort(key=order)
    return moves


__all__ = ["solve", "NR"]
