"""An exact Aces Up solver: may a position still be won?  (It reads the stock, so it is no player.)

``solve(state, node_budget=2_000_000, time_limit_s=None) -> SolveResult`` searches depth first over
every legal continuation, with a table of positions already visited (a position met again is either
on the current path or already known to be lost, so it need not be searched twice).  ``winnable`` is True
(with ``line``, a winning sequence of rules moves), False (proved lost), or None when the node budget
or the time limit ran out first.  ``winning_move(state, node_budget=200_000, time_limit_s=0.5)`` is
the first move of a winning line or None; Hint uses it to prefer a move that keeps the game winnable.

Positions are searched in a compact form: each pile a ``bytes`` of card numbers (suit * 16 + value,
Aces high, value 2..14) and the number of stock cards already dealt.  Pile order matters while the
stock lasts (deal ``k`` puts stock card ``4k + i`` on pile ``i``); once the stock is empty the piles
are interchangeable and the position is stored with its piles sorted.

Pruning, each safe (it never turns a winnable position into "lost"):

* Once the stock is empty, moving a lone card to another empty pile changes nothing that matters,
  so only fills that uncover a card are tried, and only onto one empty pile.
* Firing Squad (no pairs, so no pair rule): a card that may be discarded now and has no lower card
  of its suit left anywhere (table or stock) is discarded at once, without branching.  Why it is
  safe: take any winning line from the position *with* the card c and play it in the position
  *without* c, skipping the moves that touch c.  The piles without c are the piles with c minus c,
  so every top card other than c is still a top card; every discard in the line is then still
  allowed, because its killer is a top card other than c (c has nothing lower of its suit to kill);
  every fill's empty target is still empty; deals put the same cards on the same piles.  The line
  ends with only the four Aces left, minus c, which is not an Ace: the same win.  In the variations
  with pairs the argument fails (exposing the card under c can force the pair rule on another card),
  so no such pruning is used there.
* Firing Squad with the stock empty: any possible discard is made at once.  Nothing can be covered
  any more (fills only go onto empty piles), so the highest top card of each suit never goes down:
  a top card leaves only when a higher one of its suit shows, and stays a top card when moved.
  Hence whenever a winning line later uses the discarded card c to discard a lower card d, some
  other top card at least as high as c's own killer is showing then, and the same skip-the-card
  argument as above goes through.
* Removal moves are tried first (they lead to wins fastest), then fills that uncover a card, then
  the deal, then fills that only move a lone card.

A quick verdict before any search: when the stock holds a multiple of four cards, its last four
cards become the four top cards of the final deal, with no empty pile left.  If no two of them share a
suit (and, where pairs may go, no two share a pairable rank), nothing can move after that deal, so the
game ends with at least those four cards on the table: lost, unless they are the four Aces of a
variation won with four Aces left.  (In that last case the search decides.)

Search plan: winnable deals usually have many winning lines, but plain depth-first search tends to
spend its budget re-arranging the last deals after an early mistake.  So the first 60% of the node
budget goes to short restarts (1,000 nodes, growing slowly) whose move order is shuffled, removals
still most likely first; the rest to one exhaustive search in the fixed order.  Any search that runs
to its end is exact whatever its order (the pruning above does not depend on it), so a small
position is decided by the very first attempt; a "lost" verdict always comes from a complete search
(or from the final-deal check above).

Run ``python -m game.acesup.solver --deals 2000 --variation firing_squad`` for the figures on random
deals (share winnable, share decided within the limits, time per deal).
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass

from game.acesup import rules
from game.acesup.rules import Deal, Discard, Fill, Move, Pair, State

_SUIT_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3}
_VALUE = {r: v for v, r in enumerate("23456789TJQKA", start=2)}
ACE = 14


def encode(card: str) -> int:
    """Card code -> suit * 16 + aces-high value."""
    return _SUIT_INDEX[card[1]] * 16 + _VALUE[card[0]]


@dataclass(frozen=True)
class SolveResult:
    winnable: bool | None  # None: undecided within the budget
    nodes: int
    ms: float
    line: tuple[Move, ...] | None = None




#: restarts: how strongly each kind of move is put late when the order is shuffled
_BIAS = {0: 0.0, 1: 0.0, 2: 0.3, 3: 0.6}
#: share of the node budget spent on short randomized restarts before the exhaustive search
_RESTART_SHARE = 0.6
_RESTART_NODES = 1000


class _OutOfBudget(Exception):
    pass


# internal move codes: (kind, a, b) with kind 0 discard a, 1 pair a b, 2 fill a->b, 3 deal
_DISCARD, _PAIR, _FILL, _DEAL = 0, 1, 2, 3


class _Search:
    def __init__(self, state: State, node_budget: int, time_limit_s: float | None,
                 discard_first: bool = False) -> None:
        # discard_first: a dev-only rule change (discards are compulsory before a deal), used by the
        # measuring script to compare with published figures for that stricter rule
        self.discard_first = discard_first
        self.variation = state.variation
        self.pairs = state.variation != "firing_squad"
        self.ace_pairs = state.variation == "idiots_delight"
        self.clear_all = state.variation == "idiots_delight"
        self.stock = bytes(encode(c) for c in state.stock)
        self.budget = node_budget
        self.deadline = None if time_limit_s is None else time.perf_counter() + time_limit_s
        self.nodes = 0
        self.seen: set = set()
        self.rng: random.Random | None = None  # set: shuffle the move order (a restart)
        left = [encode(c) for p in state.piles for c in p] + list(self.stock)
        self.aces_left = sum(1 for c in left if c & 15 == ACE)
        # lowest value still in play per suit is tracked per node from the counts below
        self.line: list[tuple[int, int, int]] = []

    # -- helpers -----------------------------------------------------------------
    def last_deal_blocks(self) -> bool:
        """True when the final deal is sure to end the game lost (see the module docstring)."""
        n = len(self.stock)
        if n < 4 or n % 4:
            return False
        last = self.stock[-4:]
        for i in range(4):
            for j in range(4):
                a, b = last[i], last[j]
                if i != j and a >> 4 == b >> 4:
                    return False  # one of them can be discarded by the other
                if i < j and self.pairs and a & 15 == b & 15 and (a & 15 != ACE or self.ace_pairs):
                    return False
        all_aces = all(c & 15 == ACE for c in last)
        return self.clear_all or not all_aces

    def won(self, piles: tuple[bytes, ...], pos: int) -> bool:
        if pos < len(self.stock):
            return False
        n = sum(len(p) for p in piles)
        if self.clear_all:
            return n == 0
        return n == 4 and all(c & 15 == ACE for p in piles for c in p)

    def key(self, piles: tuple[bytes, ...], pos: int):
        if pos >= len(self.stock):
            return (tuple(sorted(piles)), pos)
        return (piles, pos)

    def moves(self, piles: tuple[bytes, ...], pos: int) -> list[tuple[int, int, int]]:
        tops = [p[-1] if p else 0 for p in piles]
        removals: list[tuple[int, int, int]] = []
        pairs, ace_pairs = self.pairs, self.ace_pairs
        for i in range(4):
            c = tops[i]
            if not c:
                continue
            v = c & 15
            if pairs and (v != ACE or ace_pairs):
                partnered = False
                for j in range(4):
                    if j != i and tops[j] and tops[j] & 15 == v:
                        partnered = True
                        if j > i:
                            removals.append((_PAIR, i, j))
                if partnered:
                    continue
            s = c >> 4
            for j in range(4):
                t = tops[j]
                if t and t >> 4 == s and t > c:
                    removals.append((_DISCARD, i, 0))
                    break
        out = removals
        empties = [i for i in range(4) if not piles[i]]
        stock_left = pos < len(self.stock)
        if empties:
            if stock_left:
                for s in range(4):
                    if len(piles[s]) >= 2:
                        out.extend((_FILL, s, d) for d in empties)
            else:
                d = empties[0]
                for s in range(4):
                    if len(piles[s]) >= 2:
                        out.append((_FILL, s, d))
        if stock_left:
            out.append((_DEAL, 0, 0))
            if empties:
                for s in range(4):
                    if len(piles[s]) == 1:
                        out.extend((_FILL, s, d) for d in empties)
        if self.rng is not None:
            rnd = self.rng.random
            out.sort(key=lambda m: _BIAS[m[0]] + rnd())
        return out

    def play(self, piles: tuple[bytes, ...], pos: int, m: tuple[int, int, int]):
        kind, a, b = m
        ps = list(piles)
        if kind == _DISCARD:
            ps[a] = ps[a][:-1]
        elif kind == _PAIR:
            ps[a] = ps[a][:-1]
            ps[b] = ps[b][:-1]
        elif kind == _FILL:
            ps[b] = ps[a][-1:]
            ps[a] = ps[a][:-1]
        else:
            chunk = self.stock[pos:pos + 4]
            for i, c in enumerate(chunk):
                ps[i] = ps[i] + bytes((c,))
            pos += len(chunk)
        return tuple(ps), pos

    def forced(self, piles: tuple[bytes, ...], pos: int) -> tuple[int, int, int] | None:
        """Firing Squad: a discardable card with nothing lower of its suit left (see module doc)."""
        if self.pairs:
            return None
        tops = [p[-1] if p else 0 for p in piles]
        endgame = pos >= len(self.stock)
        for i in range(4):
            c = tops[i]
            if not c:
                continue
            s = c >> 4
            if not any(t and t >> 4 == s and t > c for t in tops):
                continue
            if endgame:
                return (_DISCARD, i, 0)
            lower = False
            for p in piles:
                for x in p:
                    if x >> 4 == s and x < c:
                        lower = True
                        break
                if lower:
                    break
            if not lower:
                for x in self.stock[pos:]:
                    if x >> 4 == s and x < c:
                        lower = True
                        break
            if not lower:
                return (_DISCARD, i, 0)
        return None

    # -- search ------------------------------------------------------------------
    def dfs(self, piles: tuple[bytes, ...], pos: int) -> bool:
        if self.won(piles, pos):
            return True
        k = self.key(piles, pos)
        if k in self.seen:
            return False
        self.seen.add(k)
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise _OutOfBudget
        f = self.forced(piles, pos)
        if f is not None:
            moves = [f]
        else:
            moves = self.moves(piles, pos)
            if self.discard_first and moves and moves[0][0] in (_DISCARD, _PAIR):
                moves = [m for m in moves if m[0] != _DEAL]
        for m in moves:
            np, npos = self.play(piles, pos, m)
            self.line.append(m)
            if self.dfs(np, npos):
                return True
            self.line.pop()
        return False


def _to_move(m: tuple[int, int, int]) -> Move:
    kind, a, b = m
    if kind == _DISCARD:
        return Discard(a)
    if kind == _PAIR:
        return Pair(a, b)
    if kind == _FILL:
        return Fill(a, b)
    return Deal()


def solve(state: State, node_budget: int = 2_000_000, time_limit_s: float | None = None,
          *, _discard_first: bool = False) -> SolveResult:
    """Decide whether ``state`` can still be won (see the module docstring)."""
    t0 = time.perf_counter()
    deadline = None if time_limit_s is None else t0 + time_limit_s
    piles = tuple(bytes(encode(c) for c in p) for p in state.piles)
    used, attempt = 0, 0
    ok: bool | None = None
    line: tuple[Move, ...] | None = None
    if _Search(state, 0, None).last_deal_blocks() and not rules.is_won(state):
        return SolveResult(winnable=False, nodes=0, ms=(time.perf_counter() - t0) * 1000.0)
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 5000))
    try:
        while used < node_budget:
            final = used >= node_budget * _RESTART_SHARE
            cap = node_budget - used
            if not final:
                cap = min(cap, _RESTART_NODES * (1 + attempt // 10))
            left_s = None if deadline is None else deadline - time.perf_counter()
            if left_s is not None and left_s <= 0:
                break
            search = _Search(state, cap, left_s, _discard_first)
            if attempt and not final:
                search.rng = random.Random(attempt)
            try:
                result: bool | None = search.dfs(piles, 0)
            except _OutOfBudget:
                result = None
            used += search.nodes
            if result is not None:  # a search that ran to its end is exact, whatever its order
                ok = result
                if ok:
                    line = tuple(_to_move(m) for m in search.line)
                break
            if final:
                break
            attempt += 1
    finally:
        sys.setrecursionlimit(old_limit)
    ms = (time.perf_counter() - t0) * 1000.0
    return SolveResult(winnable=ok, nodes=used, ms=ms, line=line)


def winning_move(state: State, node_budget: int = 200_000, time_limit_s: float | None = 0.5) -> Move | None:
    """The first move of a winning line, or None (lost, undecided within the limits, or over).

    The time limit keeps Hint responsive; pass None to search up to the node budget alone."""
    if rules.is_over(state):
        return None
    r = solve(state, node_budget, time_limit_s)
    return r.line[0] if r.line else None


def _main(argv: list[str] | None = None) -> None:
    import argparse
    import statistics

    ap = argparse.ArgumentParser(description="Solve random Aces Up deals and report the figures.")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--variation", default="firing_squad", choices=list(rules.VARIATIONS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=2_000_000)
    ap.add_argument("--time-limit", type=float, default=1.0)
    ap.add_argument("--discard-first", action="store_true",
                    help="measure the stricter rule where every possible discard must be made before a deal")
    args = ap.parse_args(argv)
    won = lost = undecided = 0
    times: list[float] = []
    nodes: list[int] = []
    for i in range(args.deals):
        s = rules.new_game(args.seed * 1_000_003 + i, variation=args.variation)
        r = solve(s, args.budget, args.time_limit, _discard_first=args.discard_first)
        times.append(r.ms)
        nodes.append(r.nodes)
        if r.winnable is None:
            undecided += 1
        elif r.winnable:
            won += 1
            if not args.discard_first:
                _check_line(s, r.line)
        else:
            lost += 1
    n = args.deals
    decided = won + lost
    times.sort()
    print(f"variation={args.variation} deals={n} winnable={won} ({100 * won / n:.2f}%) lost={lost} "
          f"undecided={undecided} decided={100 * decided / n:.2f}% "
          f"winnable_of_decided={100 * won / max(1, decided):.2f}%")
    print(f"ms: mean={statistics.fmean(times):.1f} p50={times[n // 2]:.1f} "
          f"p99={times[min(n - 1, int(n * 0.99))]:.1f} max={times[-1]:.1f}; "
          f"nodes mean={statistics.fmean(nodes):.0f} max={max(nodes)}")


def _check_line(state: State, line: tuple[Move, ...] | None) -> None:
    assert line is not None
    for m in line:
        state = rules.apply(state, m)
    assert rules.outcome(state) == "won", "solver line does not win"


if __name__ == "__main__":
    _main()
