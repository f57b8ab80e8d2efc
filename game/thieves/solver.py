"""An exact solver: can the current deal of Forty Thieves still be cleared?

For Forty Thieves "winnable" means: all seven stacks of the deal now on the
table can be emptied (the first deal, for a fresh game), by some sequence of
takes and turns.  Later deals are not searched: they come from a reshuffle the
player cannot steer, and the game has no end but running out of stock.

Unlike the auto-player this solver reads the stock's order: it answers "could
this deal be cleared?", it does not play for the player (Hint may use it to
prefer a move that keeps the deal clearable).

Search: depth-first over positions (stack heights, cards turned, current rank;
suits never matter, only ranks).  Two position hashes replace a plain visited
set and do more: ``turned`` holds (heights, cards turned) already turned from —
when turning, the current card is irrelevant, so one try serves every current
rank; ``takes_failed`` holds (heights, current rank) with the fewest cards
turned at which every take failed — with more cards turned the same takes fail
too, since the extra cards could have been turned later instead.  Takes are
tried before turns (from the tallest stack first, jokers last, since a joker
can always be taken later).  One safe pruning rule: a stack card that no
possible current card can ever match — no joker and no card one rank away
among the stock still to come, the current card, the other stacks and the
cards above it in its own stack — can never be taken, so the position is lost.
A node budget and an optional time limit give the third answer, ``None``
(undecided).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.thieves import rules
from game.thieves.rules import JOKER, Move, State, Take, Turn

__all__ = ["SolveResult", "solve", "winning_move"]


@dataclass(frozen=True)
class SolveResult:
    """``winnable``: True (``line`` clears the deal), False (proved hopeless) or None (budget ran out)."""

    winnable: bool | None
    nodes: int
    ms: float
    line: tuple[Move, ...] = field(default=())


class _Budget(Exception):
    pass


def _rank(code: str) -> int:
    return 0 if code == JOKER else "A23456789TJQK".index(code[0]) + 1


class _Search:
    def __init__(self, state: State, node_budget: int, deadline: float | None) -> None:
        self.stacks = [[_rank(c) for c in st] for st in state.stacks]
        self.stock = [_rank(c) for c in state.stock]
        self.h = [len(st) for st in self.stacks]
        self.base = max(self.h) + 1
        self.budget = node_budget
        self.deadline = deadline
        self.nodes = 0
        self.line: list[int] = []  # stack numbers for takes, -1 for turns
        # links[cur]: bitmask of the ranks that may go onto a current card of rank cur (bit 0 the joker)
        self.links = [(1 << 14) - 1] + [1 | (1 << (c - 1) if c > 1 else 0) | (1 << (c + 1) if c < 13 else 0)
                                        for c in range(1, 14)]
        self.turned: set[int] = set()
        # (heights, current rank) -> the fewest cards turned at which every take from there failed:
        # with more cards turned the same takes fail too (the extra turns can be made later).
        self.takes_failed: dict[int, int] = {}
        # heights as one number, base (deepest stack + 1), kept up to date move by move
        self.weight = [self.base ** (len(self.h) - 1 - s) for s in range(len(self.h))]
        self.hcode = sum(x * w for x, w in zip(self.h, self.weight, strict=True))
        # Rank bitmasks (bit 0 the joker): stock cards from position p on, stack prefixes,
        # and for each rank the ranks that may precede it (its neighbours and the joker).
        self.suffix = [0] * (len(self.stock) + 1)
        for i in range(len(self.stock) - 1, -1, -1):
            self.suffix[i] = self.suffix[i + 1] | (1 << self.stock[i])
        self.prefix = []
        for st in self.stacks:
            masks = [0]
            for r in st:
                masks.append(masks[-1] | (1 << r))
            self.prefix.append(masks)
        near = [~0] + [1 | (1 << (r - 1) if r > 1 else 0) | (1 << (r + 1) if r < 13 else 0)
                       for r in range(1, 14)]
        # needs[s][n]: with n cards in stack s, the neighbour masks of its cards that no card
        # above them in the stack satisfies; each must be met by a card from elsewhere.
        self.needs = []
        for st in self.stacks:
            per = []
            for n in range(len(st) + 1):
                above, masks = 0, set()
                for i in range(n - 1, -1, -1):
                    r = st[i]
                    if r and not above & near[r]:
                        masks.add(near[r])
                    above |= 1 << r
                per.append(tuple(masks))
            self.needs.append(per)

    def _dead(self, p: int, cur: int) -> bool:
        """True when some stack card can never be taken: no card that could be current before it
        (still to come from the stock, the current card, any card of another stack, or a card
        above it in its own stack) is a joker or one rank away from it."""
        h, prefix, needs = self.h, self.prefix, self.needs
        k = len(h)
        tops = [prefix[s][h[s]] for s in range(k)]
        common = self.suffix[p] | (1 << cur)
        # left[s] / right[s]: the ranks in the stacks before / after s
        left = [0] * (k + 1)
        for s in range(k):
            left[s + 1] = left[s] | tops[s]
        if (common | left[k]) & 1:
            return False
        right = 0
        for s in range(k - 1, -1, -1):
            wanted = needs[s][h[s]]
            if wanted:
                others = common | left[s] | right
                for m in wanted:
                    if not others & m:
                        return True
            right |= tops[s]
        return False

    def run(self, p: int, cur: int) -> bool:
        if not self.hcode:
            return True
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Budget
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise _Budget
        # An exact repeat needs no set of its own: its takes are covered by `takes_failed`
        # and its turn by `turned`.
        hc = self.hcode * 14 + cur
        if self.takes_failed.get(hc, 1 << 30) <= p:
            return self._turn(p)
        h, stacks, weight, line = self.h, self.stacks, self.weight, self.line
        links = self.links[cur]
        moves = []
        for s in range(len(h)):
            n = h[s]
            if n and links >> stacks[s][n - 1] & 1:
                moves.append((stacks[s][n - 1] == 0, -n, s))
        if moves:
            moves.sort()
            for _, _, s in moves:
                r = stacks[s][h[s] - 1]
                h[s] -= 1
                self.hcode -= weight[s]
                line.append(s)
                if self.run(p, r):
                    return True
                line.pop()
                self.hcode += weight[s]
                h[s] += 1
            if self.takes_failed.get(hc, 1 << 30) > p:
                self.takes_failed[hc] = p
        return self._turn(p)

    def _turn(self, p: int) -> bool:
        if p < len(self.stock):
            # Before a turn the current card no longer matters: one try per (heights, p).
            tkey = self.hcode * 64 + p
            if tkey in self.turned:
                return False
            self.turned.add(tkey)
            r = self.stock[p]
            if self._dead(p + 1, r):
                return False
            self.line.append(-1)
            if self.run(p + 1, r):
                return True
            self.line.pop()
        return False


def solve(state: State, node_budget: int = 2_000_000, time_limit_s: float | None = None) -> SolveResult:
    """Decide whether the deal on the table can still be cleared (see the module docstring)."""
    t0 = time.perf_counter()
    deadline = None if time_limit_s is None else t0 + time_limit_s
    search = _Search(state, node_budget, deadline)
    try:
        cur = _rank(state.current)
        won = (not search.hcode) or (not search._dead(0, cur) and search.run(0, cur))
    except _Budget:
        return SolveResult(None, search.nodes, round((time.perf_counter() - t0) * 1000, 3))
    ms = round((time.perf_counter() - t0) * 1000, 3)
    line = tuple(Turn() if m < 0 else Take(m) for m in search.line) if won else ()
    return SolveResult(won, search.nodes, ms, line)


def winning_move(state: State, node_budget: int = 200_000, time_limit_s: float | None = 0.5) -> Move | None:
    """The first move of a line that clears the deal, or None (hopeless, undecided or game over)."""
    if rules.is_over(state):
        return None
    res = solve(state, node_budget, time_limit_s)
    return res.line[0] if res.winnable and res.line else None
