"""An exact solver: can the current deal of Forty Thieves still be cleared?

For Forty Thieves "winnable" means: all seven stacks of the deal now on the
table can be emptied (the first deal, for a fresh game), by some sequence of
takes and turns.  Later deals are not searched: they come from a reshuffle the
player cannot steer, and the game has no end but running out of stock.

Unlike the auto-player this solver reads the stock's order: it answers "could
this deal be cleared?", it does not play for the player.

The search works on a private model, never on rules states: cards are ranks
(1–13, 0 the joker; suits never matter), a position is the stack heights, the
number of stock cards turned ``p`` and the current rank.  A "winnable" answer
carries the line it found (``Take``/``Turn`` moves); it replays to a clear
through ``rules.apply`` (the tests and ``python -m game.thieves.solver`` check
that).  A "lost" answer is a completed search whose every cut is one of the
rules below, each of which only ever discards positions that cannot be cleared.

Depth first, takes before turns (tallest stack first, jokers last).  Cuts:

1. **Symmetry.**  Positions are keyed by the *multiset* of the stacks' remaining
   rank sequences (a product of one prime per distinct sequence, kept up to
   date move by move), not by stack numbers.  Safe: renumbering the stacks maps
   every line of play to a line of play, and suits play no part in any rule, so
   two positions with the same multiset clear alike.
2. **Turn table.**  ``turn_failed[position]`` is the fewest cards turned at which
   turning from that position was searched to the end and failed.  Safe for
   every later ``p' >= p``: from ``(position, p)`` one can turn ``p' - p + 1``
   times in a row and stand exactly where turning from ``(position, p')`` leads,
   so whatever the later turn reaches the earlier one reaches too.
3. **Take table.**  ``takes_failed[position, current]`` is the fewest cards turned
   at which every take was searched and failed.  Safe for ``p' >= p``: a line from
   ``p'`` that starts with a take is matched from ``p`` by the same takes up to its
   first turn (they read only the current card) and there by ``p' - p + 1`` turns,
   after which both stand in the same position.
   (A position met again on the current path cannot occur: every move removes
   a stack card or turns one, so only completed searches are in the tables.)
4. **Predecessor matching.**  Every card still in a stack must, when taken, go
   onto the current card of that moment — its *predecessor*: one rank away, or
   a joker on either side.  A card is the predecessor of at most one take (the
   card taken onto it covers it for good), and predecessors come from the
   current card, the stock not yet turned and the stacks themselves.  So a
   clearable position has a matching of every stack card to a distinct
   predecessor.  Over rank counts (a relaxation: it ignores which stack a card
   is in) the best matching is found greedily: odd ranks are fed by even ranks
   and even by odd; going up the ranks, each card takes the leftover of the rank
   below first, then the rank above.  This greedy is optimal: the rank below is
   of no use to any later card, and a card of the rank above spent now costs at
   most the one later card it could have served.  The cards left unmatched need
   as many jokers (current, stock or stack): fewer jokers than that, lost.
5. **Rooting.**  Follow a clearing play backwards from any stack card: each
   predecessor is a stack card or, at the start of the chain, the current card or
   a stock card.  Without jokers each step changes the rank by one and stays
   among stack cards, so a maximal band of consecutive ranks held by the stacks
   can only be entered from a current or stock card whose rank is in the band or
   next to it.  No such card and no joker anywhere: lost.
6. **Dead card** (at the start only).  A stack card none of whose possible
   predecessors (jokers, neighbour ranks among the stock, the current card, the
   other stacks, or the cards *above* it in its own stack) exists can never be
   taken.  This catches the own-stack cases 4 cannot see.

A node budget and a time limit give the third answer, ``None`` (undecided).
The time limit is measured on ``clock`` (default: the CPU time of the calling
thread, so a worker is not cut short by the frame loop or a loaded machine).

``python -m game.thieves.solver`` prints, per joker count, the share decided
within the limit, the share winnable and the CPU time per deal.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.thieves import rules
from game.thieves.rules import JOKER, Move, State, Take, Turn

__all__ = ["SolveResult", "solve", "winning_move", "main"]


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


def _primes(n: int) -> list[int]:
    out: list[int] = []
    k = 2
    while len(out) < n:
        if all(k % q for q in out):
            out.append(k)
        k += 1
    return out


_PRIMES = _primes(80)
#: rank counts are packed three bits per rank (rank 0, the joker, in the lowest bits)
_PW = [1 << (3 * r) for r in range(14)]
_ODD = sum(7 << (3 * r) for r in range(1, 14, 2))
_EVEN = sum(7 << (3 * r) for r in range(2, 14, 2))
_ONES = sum(1 << (3 * r) for r in range(1, 14))
#: _NEAR[r]: bitmask of the ranks that may precede rank r (its neighbours and the joker)
_NEAR = [~0] + [1 | (1 << (r - 1) if r > 1 else 0) | (1 << (r + 1) if r < 13 else 0) for r in range(1, 14)]


def _unmatched(demand: int, supply: int, first: int) -> int:
    """Cards of ranks ``first``, ``first + 2``, … (counts packed in ``demand``) left without a predecessor
    of a neighbour rank (counts packed in ``supply``) by the best matching: rule 4's greedy."""
    left = 0
    carry = (supply >> (3 * first - 3)) & 7 if first > 1 else 0  # what the rank below still offers
    for r in range(first, 14, 2):
        need = (demand >> (3 * r)) & 7
        up = (supply >> (3 * r + 3)) & 7  # rank 14 reads as none
        if need:
            need -= need if need < carry else carry
            if need:
                used = need if need < up else up
                up -= used
                left += need - used
        carry = up
    return left


def _rooted(present: int, roots: int) -> bool:
    """Rule 5: every maximal band of consecutive ranks in ``present`` (bit r for rank r) has a rank of
    ``roots`` in it or next to it."""
    r = 1
    while r <= 13:
        if present >> r & 1:
            lo = r
            while r <= 13 and present >> r & 1:
                r += 1
            a, b = max(1, lo - 1), min(13, r)
            if not roots >> a & ((1 << (b - a + 1)) - 1):
                return False
        r += 1
    return True


def _bits(packed: int) -> int:
    """Packed rank counts -> bitmask of the ranks 1..13 present."""
    m = (packed | packed >> 1 | packed >> 2) & _ONES
    out = 0
    for r in range(1, 14):
        if m >> (3 * r) & 1:
            out |= 1 << r
    return out


class _Search:
    def __init__(self, state: State, node_budget: int, deadline: float | None, clock: Callable[[], float],
                 symmetry: bool = True, matching: bool = True, rooting: bool = True) -> None:
        self.stacks = [[_rank(c) for c in st] for st in state.stacks]
        self.stock = [_rank(c) for c in state.stock]
        self.h = [len(st) for st in self.stacks]
        self.budget = node_budget
        self.deadline = deadline
        self.clock = clock
        self.matching = matching
        self.rooting = rooting
        self.nodes = 0
        self.rng: random.Random | None = None  # a shuffled move order for the restarts
        self.line: list[int] = []  # stack numbers for takes, -1 for turns
        # links[cur]: bitmask of the ranks that may go onto a current card of rank cur (bit 0 the joker)
        self.links = [(1 << 14) - 1] + [1 | (1 << (c - 1) if c > 1 else 0) | (1 << (c + 1) if c < 13 else 0)
                                        for c in range(1, 14)]
        self.turn_failed: dict[int, int] = {}
        self.takes_failed: dict[int, int] = {}
        self.cache_odd: dict[int, int] = {}
        self.cache_even: dict[int, int] = {}
        self.cache_root: dict[int, bool] = {}
        # Rule 1: fac[s][n] is the prime standing for the rank sequence of stack s with n cards
        # (1 for an empty stack); the position key is their product.
        ids: dict[tuple[int, ...], int] = {}
        self.fac: list[list[int]] = []
        for s, st in enumerate(self.stacks):
            row = [1]
            for n in range(1, len(st) + 1):
                key = tuple(st[:n]) if symmetry else (-1 - s, n)
                if key not in ids:
                    ids[key] = _PRIMES[len(ids)]
                row.append(ids[key])
            self.fac.append(row)
        self.code = 1
        for s, n in enumerate(self.h):
            self.code *= self.fac[s][n]
        # rank counts of the stack cards, and of the stock from position p on
        self.dcode = sum(_PW[r] for st in self.stacks for r in st)
        self.sufc = [0] * (len(self.stock) + 1)
        for i in range(len(self.stock) - 1, -1, -1):
            self.sufc[i] = self.sufc[i + 1] + _PW[self.stock[i]]

    # ------------------------------------------------------------------ cuts
    def possible(self, p: int, cur: int) -> bool:
        """Rules 4 and 5 for the position now with ``p`` cards turned and current rank ``cur``."""
        if not self.matching:
            return True
        dcode = self.dcode
        ext = self.sufc[p] + _PW[cur]
        scode = dcode + ext
        k = (dcode & _ODD) | (scode & _EVEN)
        u1 = self.cache_odd.get(k)
        if u1 is None:
            u1 = self.cache_odd[k] = _unmatched(dcode & _ODD, scode & _EVEN, 1)
        k = (dcode & _EVEN) | (scode & _ODD)
        u2 = self.cache_even.get(k)
        if u2 is None:
            u2 = self.cache_even[k] = _unmatched(dcode & _EVEN, scode & _ODD, 2)
        jokers = scode & 7
        if u1 + u2 > jokers:
            return False
        if jokers or not self.rooting:
            return True
        present = (dcode | dcode >> 1 | dcode >> 2) & _ONES  # one bit per rank held by the stacks
        k = present << 42 | ((ext | ext >> 1 | ext >> 2) & _ONES)
        ok = self.cache_root.get(k)
        if ok is None:
            ok = self.cache_root[k] = _rooted(_bits(dcode), _bits(ext))
        return ok

    def dead(self, p: int, cur: int) -> bool:
        """Rule 6: True when some stack card can never be taken."""
        others_all = 0
        for s, st in enumerate(self.stacks):
            for r in st[:self.h[s]]:
                others_all |= 1 << r
        pool = (1 << cur) | others_all
        for r in self.stock[p:]:
            pool |= 1 << r
        if pool & 1:
            return False  # a joker can precede anything
        for s, st in enumerate(self.stacks):
            n = self.h[s]
            elsewhere = 1 << cur
            for r in self.stock[p:]:
                elsewhere |= 1 << r
            for t, other in enumerate(self.stacks):
                if t != s:
                    for r in other[:self.h[t]]:
                        elsewhere |= 1 << r
            above = 0
            for i in range(n - 1, -1, -1):
                if not (elsewhere | above) & _NEAR[st[i]]:
                    return True
                above |= 1 << st[i]
        return False

    # ---------------------------------------------------------------- search
    def run(self, p: int, cur: int) -> bool:
        if self.code == 1:
            return True
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Budget
        if not self.nodes & 1023 and self.deadline is not None and self.clock() > self.deadline:
            raise _Budget
        if self.matching:  # rules 4 and 5, as in `possible`, inline: this is the inner loop
            dcode = self.dcode
            ext = self.sufc[p] + _PW[cur]
            scode = dcode + ext
            k = (dcode & _ODD) | (scode & _EVEN)
            u1 = self.cache_odd.get(k)
            if u1 is None:
                u1 = self.cache_odd[k] = _unmatched(dcode & _ODD, scode & _EVEN, 1)
            k = (dcode & _EVEN) | (scode & _ODD)
            u2 = self.cache_even.get(k)
            if u2 is None:
                u2 = self.cache_even[k] = _unmatched(dcode & _EVEN, scode & _ODD, 2)
            if u1 + u2 > scode & 7:
                return False
            if not scode & 7 and self.rooting:
                k = ((dcode | dcode >> 1 | dcode >> 2) & _ONES) << 42 | ((ext | ext >> 1 | ext >> 2) & _ONES)
                ok = self.cache_root.get(k)
                if ok is None:
                    ok = self.cache_root[k] = _rooted(_bits(dcode), _bits(ext))
                if not ok:
                    return False
        hc = self.code * 16 + cur
        if self.takes_failed.get(hc, 1 << 30) <= p:
            return self._turn(p)
        h, stacks, fac, line = self.h, self.stacks, self.fac, self.line
        links = self.links[cur]
        moves = []
        for s in range(len(h)):
            n = h[s]
            if n and links >> stacks[s][n - 1] & 1:
                moves.append((stacks[s][n - 1] == 0, -n if self.rng is None else self.rng.random(), s))
        if moves:
            moves.sort()
            for _, _, s in moves:
                n = h[s]
                r = stacks[s][n - 1]
                h[s] = n - 1
                self.code = self.code // fac[s][n] * fac[s][n - 1]
                self.dcode -= _PW[r]
                line.append(s)
                if self.run(p, r):
                    return True
                line.pop()
                self.dcode += _PW[r]
                self.code = self.code // fac[s][n - 1] * fac[s][n]
                h[s] = n
            if self.takes_failed.get(hc, 1 << 30) > p:
                self.takes_failed[hc] = p
        return self._turn(p)

    def _turn(self, p: int) -> bool:
        if p >= len(self.stock):
            return False
        code = self.code
        if self.turn_failed.get(code, 1 << 30) <= p:
            return False
        self.line.append(-1)
        if self.run(p + 1, self.stock[p]):
            return True
        self.line.pop()
        if self.turn_failed.get(code, 1 << 30) > p:
            self.turn_failed[code] = p
        return False


def _plan(search: _Search, cur: int, restarts: int) -> bool:
    """Short searches in shuffled move orders first (about ``restarts`` nodes in all), then the
    exhaustive one.  The failure tables only ever hold completely searched positions, whatever the order,
    so they carry over from one search to the next and the last search's verdict is exact."""
    budget = search.budget
    spend = min(restarts, budget // 2)
    step = 2000
    rng = random.Random(len(search.stock) * 7919 + cur)  # the same answer every time for one position
    search.rng = None  # the first try in the usual order
    while search.nodes + step < spend:
        search.budget = search.nodes + step
        search.line.clear()
        saved = (list(search.h), search.code, search.dcode)
        try:
            return search.run(0, cur)
        except _Budget:
            if search.nodes <= search.budget:
                raise  # the time limit, not this restart's share
            search.h[:], search.code, search.dcode = saved
        search.rng = rng
        step = step * 3 // 2
    search.rng = None
    search.budget = budget
    search.line.clear()
    return search.run(0, cur)


def solve(state: State, node_budget: int = 2_000_000, time_limit_s: float | None = None,
          clock: Callable[[], float] = time.thread_time, restarts: int = 50_000, **cuts: bool) -> SolveResult:
    """Decide whether the deal on the table can still be cleared (see the module docstring).

    ``time_limit_s`` is measured on ``clock``; ``ms`` in the result is CPU time of the calling thread.
    ``cuts`` (``symmetry``, ``matching``, ``rooting``: all True) exist for the tests, which check each
    rule against a plain exhaustive search.
    """
    t0 = time.thread_time()
    deadline = None if time_limit_s is None else clock() + time_limit_s
    search = _Search(state, node_budget, deadline, clock, **cuts)
    cur = _rank(state.current)
    try:
        won = search.code == 1 or (not search.dead(0, cur) and _plan(search, cur, restarts))
    except _Budget:
        return SolveResult(None, search.nodes, round((time.thread_time() - t0) * 1000, 3))
    ms = round((time.thread_time() - t0) * 1000, 3)
    line = tuple(Turn() if m < 0 else Take(m) for m in search.line) if won else ()
    return SolveResult(won, search.nodes, ms, line)


def winning_move(state: State, node_budget: int = 200_000, time_limit_s: float | None = 0.5) -> Move | None:
    """The first move of a line that clears the deal, or None (hopeless, undecided or game over)."""
    if rules.is_over(state):
        return None
    res = solve(state, node_budget, time_limit_s, clock=time.perf_counter)
    return res.line[0] if res.winnable and res.line else None


# -------------------------------------------------------------------- figures


def _clears(state: State, line: tuple[Move, ...]) -> bool:
    before = state.clears
    for move in line:
        state = rules.apply(state, move)
    return state.clears > before


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def measure(jokers: int, seeds: range, limit_s: float = 1.0, node_budget: int = 10_000_000) -> dict[str, float]:
    """Solve the first deal of each seed with ``jokers`` jokers within ``limit_s`` of CPU time each.

    Every "winnable" line is replayed through ``rules.apply``; one that does not clear raises.
    """
    decided = winnable = 0
    cpu_ms: list[float] = []
    for seed in seeds:
        state = rules.new_game(seed, jokers=jokers)
        t0 = time.process_time()
        res = solve(state, node_budget, limit_s, clock=time.process_time)
        cpu_ms.append((time.process_time() - t0) * 1000)
        if res.winnable is not None:
            decided += 1
        if res.winnable:
            winnable += 1
            if not _clears(state, res.line):
                raise AssertionError(f"the line found for deal {seed} does not clear it")
    n = len(cpu_ms)
    return {"jokers": jokers, "deals": n, "decided": 100 * decided / n, "winnable": 100 * winnable / n,
            "p50_ms": _percentile(cpu_ms, 50), "p99_ms": _percentile(cpu_ms, 99)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.thieves.solver",
                                 description="Forty Thieves solver figures on random first deals (CPU time).")
    ap.add_argument("--jokers", default="0-5", help="joker counts, e.g. 0-5 or 0,2 (default 0-5)")
    ap.add_argument("--first", type=int, default=1000, help="first seed (default 1000)")
    ap.add_argument("--deals", type=int, default=400, help="deals per joker count (default 400)")
    ap.add_argument("--limit", type=float, default=1.0, help="CPU seconds per deal (default 1.0)")
    args = ap.parse_args(argv)
    counts: list[int] = []
    for part in args.jokers.split(","):
        lo, _, hi = part.partition("-")
        if not lo.strip().isdigit() or not (hi or lo).strip().isdigit():
            ap.error(f"--jokers: '{part}' is not a joker count or a range such as 0-5")
        counts.extend(range(int(lo), int(hi or lo) + 1))
    if not counts or any(not 0 <= j <= rules.MAX_JOKERS for j in counts) or args.deals < 1:
        ap.error("jokers must be from 0 to 5 and deals at least 1")
    seeds = range(args.first, args.first + args.deals)
    print(f"Forty Thieves first deals, seeds {seeds.start}-{seeds.stop - 1}, {args.limit:g} s CPU per deal")
    print("| jokers | deals | decided | winnable | CPU ms p50 | CPU ms p99 |")
    print("|---|---|---|---|---|---|")
    for j in counts:
        m = measure(j, seeds, args.limit)
        print(f"| {j} | {m['deals']} | {m['decided']:.1f}% | {m['winnable']:.1f}% | {m['p50_ms']:.0f} "
              f"| {m['p99_ms']:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
