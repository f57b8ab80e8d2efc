"""An exact Aces Up solver: may a position still be won?  (It reads the stock, so it is no player.)

``solve(state, node_budget=2_000_000, time_limit_s=None) -> SolveResult`` searches depth first over the
legal continuations.  ``winnable`` is True (with ``line``, a winning sequence of rules moves that replays
through ``rules.apply``), False (proved lost: the search ran to its end), or None when the node budget or
the time limit ran out first.  ``time_limit_s`` counts CPU time of the calling thread
(``time.thread_time``), so neither a loaded machine nor the frame loop's own thread eats into it.
``winning_move(state, node_budget=200_000, time_limit_s=0.5)`` is the first move of a winning line or None.

Positions are searched in a compact form: each pile a ``bytes`` of card numbers (suit * 16 + value,
Aces high, value 2..14) and the number of stock cards already dealt.  Stock card ``j`` always lands on
pile ``j % 4`` (deals take four cards from the front; only the last may be short).

**Lone cards.**  A pile holding one card is "lone"; moving it to an empty pile changes only which pile
the next deal covers it on.  The search never makes such a move on its own.  Instead, while the stock
lasts, (a) a deal made while some pile is empty is tried with every arrangement of the lone cards over
the piles holding at most one card, and (b) a fill that takes the last empty pile is tried with every
arrangement of the lone cards and the moved card.  Why nothing is lost: between two deals, moving lone
cards changes no top card and no pile with two or more cards, so it never changes which discards, pairs
and fills are legal; in any line of play, every lone move can be postponed to the end of its stretch of
time with an empty pile, which ends either with a deal (a) or with a fill into the last empty pile (b),
and any arrangement is reachable while one pile is empty.  Once the stock is empty pile order no longer
matters at all, so only fills that uncover a card are tried, onto one empty pile.  Every move the search
makes now removes a card, deals, or fills from a pile of two or more (one more non-empty pile), so the
graph of positions has no cycle; hence a position whose search ended without a win is truly lost, and
the set ``lost`` of such positions is kept across restarts.

**Keys.**  While the stock lasts and some pile is empty, positions that differ only in where the lone
cards lie are equivalent (each reaches the others by lone moves, and the rest of the game is the same),
so they share a key: the piles of two or more cards in place, the lone cards as a sorted set.  Once the
stock is empty the piles are stored sorted (pile order symmetry).

**Stuck cards** (``_Search.stuck``).  Suppose no pile is empty and no pile's bottom card can ever leave.
Then no pile ever becomes empty, so no fill is ever possible and every card stays on its pile; a stock
card is bound for a known pile.  A card c leaves only while a card that can remove it (a higher card of
its suit, or, where pairs go, a pair partner) shows on *another* pile; if every such card in play lies
on or is bound for c's own pile, c never leaves.  A bottom card "can never leave" when it is an Ace of
Aces Up or Firing Squad (nothing removes those) or when it is stuck by the same test: by induction over
the moves, as long as no pile has emptied no card has changed pile, so a stuck bottom card stays.  The
bound fires (the position is lost) when some bottom card other than such an Ace is stuck, or, with four
Aces at the bottoms, when the highest card below the Ace of some suit is stuck.

**Forced discards**, played at once, all within one node:
* A card that may be discarded now and has no lower card of its suit left anywhere (table or stock).
  Take any winning line from the position *with* the card c and play it in the position *without* c,
  skipping the moves that touch c.  The piles without c are the piles with c minus c, so every top card
  other than c is still a top card; every discard in the line is then still allowed, because its killer
  is a top card other than c (c has nothing lower of its suit to kill); every fill's empty target is
  still empty; deals put the same cards on the same piles.  The line ends with only the four Aces left,
  minus c, which is not an Ace: the same win.
* The same in Aces Up and Idiot's Delight, when moreover no other card of c's rank is left in play that
  could pair with it, and none is left that could pair with the card u lying directly under c.  The
  skip-c line differs from the original only while c is still in play, and then only in that u (or, once
  cards are dealt over c, u in c's place) may show where c showed.  So (i) no pair of the line uses c
  (c has no partner left); (ii) no discard uses c as its killer (nothing lower of its suit); (iii) the pair
  rule never forbids one of the line's single discards that the original allowed: a card is barred only
  by a showing partner, the skip-c line shows no card the original did not except u, and u has no partner
  left; c itself has no partner, so discarding it now is legal too.  Pairs and fills go through as above,
  and the end position is the original one without c (not an Ace, since a higher card removes it).  Only
  the endgame rule below stays Firing Squad's.
* With the stock empty, any possible discard.  Nothing can be covered any more, so the highest top card
  of each suit never goes down: a top card leaves only when a higher one of its suit shows, and stays a
  top card when moved.  Whenever a winning line later uses the discarded card c to discard a lower card
  d, some other top card at least as high as c's own killer is showing then, and the same
  skip-the-card argument goes through.

A quick verdict before any search: when the stock holds a multiple of four cards, its last four
cards become the four top cards of the final deal, with no empty pile left.  If no two of them share a
suit (and, where pairs may go, no two share a pairable rank), nothing can move after that deal, so the
game ends with at least those four cards on the table: lost, unless they are the four Aces of a
variation won with four Aces left.  (In that last case the search decides.)

**Search plan.**  Winnable deals usually have many winning lines, but plain depth-first search tends to
spend its effort re-arranging the last deals after an early mistake.  So the search restarts: the first
search has a small node cap (100 nodes), in a fixed order (removals, fills, the deal); each later one a cap 1%
larger, in a shuffled order that still puts removals first.  (Growing the cap by 1% rather than 5% gives many
more short searches in different orders within a second; on the Idiot's Delight deals undecided at 5% it
found a third of the winning lines, and it changed nothing measurable on Firing Squad.)  Positions
proved lost stay proved, so a restart does not redo that work, and any search that runs to its end is
exact whatever its order.  Each pruning rule can be switched off (``_rules``) so the tests compare it
with plain exhaustive search on small positions.

``python -m game.acesup.solver`` prints, per variation, the share of deals decided and winnable within a
CPU limit and the CPU time per deal (``--help`` for the options).
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from itertools import permutations

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
#: the first search's node cap; each later (shuffled) restart may use this much more
_FIRST_CAP = 100
#: the recursion limit a solve needs (the search recurses once a move); raised once, never lowered
_RECURSION = 5000
_GROWTH = 1.01


class _OutOfBudget(Exception):
    pass


# internal steps: (kind, a, b, arranged) with kind 0 discard a, 1 pair a b, 2 fill a->b, 3 deal; ``arranged``
# is None or the four piles after the lone cards have first been re-arranged (see "Lone cards" above)
_DISCARD, _PAIR, _FILL, _DEAL = 0, 1, 2, 3
Step = tuple[int, int, int, "tuple[bytes, ...] | None"]


def _arrangements(piles: tuple[bytes, ...], extra: int = 0):
    """Every way to place the lone cards (plus ``extra``, a card about to be moved in) on the piles that hold
    at most one card.  Yields (piles, where ``extra`` goes or -1); the current arrangement comes first."""
    spots = [i for i in range(4) if len(piles[i]) < 2]
    cards = [piles[i][0] for i in spots if piles[i]]
    if extra:
        cards.append(extra)
    for place in permutations(spots, len(cards)):
        ps = list(piles)
        for i in spots:
            ps[i] = b""
        target = -1
        for c, i in zip(cards, place, strict=True):
            if c == extra and extra:
                target = i
            else:
                ps[i] = bytes((c,))
        yield tuple(ps), target


class _Search:
    """The search over compact positions; ``lost`` keeps every position proved lost across restarts."""

    def __init__(self, state: State, node_budget: int, deadline: float | None) -> None:
        self.pairs = state.variation != "firing_squad"
        self.ace_pairs = state.variation == "idiots_delight"
        self.clear_all = state.variation == "idiots_delight"
        self.stock = bytes(encode(c) for c in state.stock)
        self.n = len(self.stock)
        self.stock_index = {c: j for j, c in enumerate(self.stock)}
        self.budget = node_budget
        self.deadline = deadline
        self.nodes = 0
        self.lost: set = set()
        self.rng: random.Random | None = None  # set: shuffle the move order (a restart)
        self.line: list[Step] = []
        self.use_stuck = True  # switches for the property tests (each pruning rule against plain search)
        self.use_forced = True

    # -- helpers -----------------------------------------------------------------
    def last_deal_blocks(self) -> bool:
        """True when the final deal is sure to end the game lost (see the module docstring)."""
        n = self.n
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
        if pos < self.n:
            return False
        n = sum(len(p) for p in piles)
        if self.clear_all:
            return n == 0
        return n == 4 and all(c & 15 == ACE for p in piles for c in p)

    def key(self, piles: tuple[bytes, ...], pos: int):
        """The position as stored in ``lost``: positions the rules make equivalent share one key."""
        if pos >= self.n:
            return (tuple(sorted(piles)), pos)
        if b"" in piles:
            return (tuple(p if len(p) >= 2 else b"" for p in piles),
                    bytes(sorted(p[0] for p in piles if len(p) == 1)), pos)
        return (piles, pos)

    def moves(self, piles: tuple[bytes, ...], pos: int) -> list[Step]:
        tops = [p[-1] if p else 0 for p in piles]
        t0, t1, t2, t3 = tops
        out: list[Step] = []
        partnered = [False, False, False, False]
        if self.pairs:
            ace_pairs = self.ace_pairs
            vs = [c & 15 for c in tops]  # 0 for an empty pile
            for i in range(3):
                v = vs[i]
                if v and (v != ACE or ace_pairs):
                    for j in range(i + 1, 4):
                        if vs[j] == v:
                            out.append((_PAIR, i, j, None))
                            partnered[i] = partnered[j] = True
        for i in range(4):
            c = tops[i]
            if c and not partnered[i]:
                hi = c | 15  # a higher card of the same suit is a number in c+1..hi
                if c < t0 <= hi or c < t1 <= hi or c < t2 <= hi or c < t3 <= hi:
                    out.append((_DISCARD, i, 0, None))
        empties = [i for i in range(4) if not piles[i]]
        stock_left = pos < self.n
        if empties:
            sources = [s for s in range(4) if len(piles[s]) >= 2]
            if not stock_left or len(empties) >= 2:
                out.extend((_FILL, s, empties[0], None) for s in sources)
            else:
                for s in sources:
                    for arranged, d in _arrangements(piles, piles[s][-1]):
                        out.append((_FILL, s, d, None if arranged == piles else arranged))
        if stock_left:
            out.append((_DEAL, 0, 0, None))
            if empties:
                for arranged, _ in _arrangements(piles):
                    if arranged != piles:
                        out.append((_DEAL, 0, 0, arranged))
        if self.rng is not None:
            rnd = self.rng.random
            out.sort(key=lambda m: _BIAS[m[0]] + rnd())
        return out

    def play(self, piles: tuple[bytes, ...], pos: int, m: Step) -> tuple[tuple[bytes, ...], int]:
        kind, a, b, arranged = m
        ps = list(arranged if arranged is not None else piles)
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

    def forced(self, piles: tuple[bytes, ...], pos: int) -> Step | None:
        """A discard that is safe to play at once (see "Forced discards" in the module doc), or None."""
        t0, t1, t2, t3 = [p[-1] if p else 0 for p in piles]
        endgame = pos >= self.n and not self.pairs
        for i, c in enumerate((t0, t1, t2, t3)):
            if not c:
                continue
            hi = c | 15  # a higher card of the same suit is a number in c+1..hi
            if not (c < t0 <= hi or c < t1 <= hi or c < t2 <= hi or c < t3 <= hi):
                continue
            if endgame:
                return (_DISCARD, i, 0, None)
            s = c & 0xF0
            for w in range(2, c & 15):
                if self.where(s | w, piles, pos) >= 0:
                    break
            else:
                if self.pairs and (self.partnered(c, piles, pos)
                                   or len(piles[i]) >= 2 and self.partnered(piles[i][-2], piles, pos)):
                    continue
                return (_DISCARD, i, 0, None)
        return None

    def partnered(self, c: int, piles: tuple[bytes, ...], pos: int) -> bool:
        """Whether some other card of ``c``'s rank is still in play and may ever pair with it."""
        v = c & 15
        if v == ACE and not self.ace_pairs:
            return False
        s = c & 0xF0
        return any(t != s and self.where(t | v, piles, pos) >= 0 for t in range(0, 64, 16))

    def where(self, c: int, piles: tuple[bytes, ...], pos: int) -> int:
        """The pile card ``c`` lies on or is bound for (stock card ``j`` goes onto pile ``j % 4``), -1 if gone."""
        for i in range(4):
            if c in piles[i]:
                return i
        j = self.stock_index.get(c, -1)
        return j & 3 if j >= pos else -1

    def free(self, c: int, here: int, piles: tuple[bytes, ...], pos: int) -> bool:
        """Whether some card that could ever remove ``c`` (a higher one of its suit, or a pair partner) lies
        on, or is bound for, another pile than ``here``."""
        s, v = c & 0xF0, c & 15
        for w in range(ACE, v, -1):
            p = self.where(s | w, piles, pos)
            if p >= 0 and p != here:
                return True
        if self.pairs and (v != ACE or self.ace_pairs):
            for t in range(0, 64, 16):
                if t != s:
                    p = self.where(t | v, piles, pos)
                    if p >= 0 and p != here:
                        return True
        return False

    def stuck(self, piles: tuple[bytes, ...], pos: int) -> bool:
        """True when some card that must leave can provably never leave (see "Stuck cards" above)."""
        if not (piles[0] and piles[1] and piles[2] and piles[3]):
            return False
        keep_aces = not self.clear_all
        stuck_bottom = False
        for i in range(4):
            b = piles[i][0]
            if keep_aces and b & 15 == ACE:
                continue
            if self.free(b, i, piles, pos):
                return False
            stuck_bottom = True
        if stuck_bottom:
            return True
        # every bottom is an Ace (Aces Up, Firing Squad): the highest other card of each suit decides
        for s in range(0, 64, 16):
            for v in range(ACE - 1, 1, -1):
                here = self.where(s | v, piles, pos)
                if here >= 0:
                    if not self.free(s | v, here, piles, pos):
                        return True
                    break
        return False

    # -- search ------------------------------------------------------------------
    def dfs(self, piles: tuple[bytes, ...], pos: int, cap: int) -> bool:
        line = self.line
        depth = len(line)
        if self.use_forced:
            # play every forced discard at once, inside this one node
            f = self.forced(piles, pos)
            while f is not None:
                line.append(f)
                piles, pos = self.play(piles, pos, f)
                f = self.forced(piles, pos)
        if pos >= self.n and self.won(piles, pos):
            return True
        k = self.key(piles, pos)
        if k in self.lost:
            del line[depth:]
            return False
        self.nodes += 1
        if self.nodes > cap:
            raise _OutOfBudget
        if self.deadline is not None and not self.nodes & 255 and time.thread_time() > self.deadline:
            raise _OutOfBudget
        if not (self.use_stuck and self.stuck(piles, pos)):
            for m in self.moves(piles, pos):
                np, npos = self.play(piles, pos, m)
                line.append(m)
                if self.dfs(np, npos, cap):
                    return True
                line.pop()
        self.lost.add(k)
        del line[depth:]
        return False


def _lone_fills(piles: tuple[bytes, ...], target: tuple[bytes, ...]) -> list[Move]:
    """Fills of lone cards that turn ``piles`` into ``target`` (same cards, some pile empty)."""
    cur = list(piles)
    out: list[Move] = []
    spots = [i for i in range(4) if len(cur[i]) < 2]
    while tuple(cur) != tuple(target):
        move = None
        for e in spots:
            if not cur[e] and target[e]:
                move = (next(j for j in spots if cur[j] == target[e]), e)
                break
        if move is None:
            j = next(j for j in spots if cur[j] and cur[j] != target[j])
            move = (j, next(e for e in spots if not cur[e]))
        src, dst = move
        out.append(Fill(src, dst))
        cur[dst], cur[src] = cur[src], b""
    return out


def _to_moves(search: _Search, piles: tuple[bytes, ...], steps: list[Step]) -> tuple[Move, ...]:
    """The rules moves of a winning line of internal steps (re-arrangements spelled out as fills)."""
    out: list[Move] = []
    pos = 0
    for m in steps:
        kind, a, b, arranged = m
        if arranged is not None:
            out.extend(_lone_fills(piles, arranged))
        out.append(Discard(a) if kind == _DISCARD else Pair(a, b) if kind == _PAIR
                   else Fill(a, b) if kind == _FILL else Deal())
        piles, pos = search.play(piles, pos, m)
    return tuple(out)


def solve(state: State, node_budget: int = 2_000_000, time_limit_s: float | None = None,
          *, _rules: tuple[str, ...] = ("stuck", "forced")) -> SolveResult:
    """Decide whether ``state`` can still be won (see the module docstring).

    ``time_limit_s`` is CPU time of the calling thread (``time.thread_time``), so a loaded machine or a busy
    frame loop in another thread does not eat into it.  ``_rules`` names the pruning rules in use (tests)."""
    t0 = time.thread_time()
    deadline = None if time_limit_s is None else t0 + time_limit_s
    piles = tuple(bytes(encode(c) for c in p) for p in state.piles)
    search = _Search(state, node_budget, deadline)
    search.use_stuck = "stuck" in _rules
    search.use_forced = "forced" in _rules
    ok: bool | None = None
    line: tuple[Move, ...] | None = None

    def done() -> SolveResult:
        return SolveResult(winnable=ok, nodes=search.nodes, ms=(time.thread_time() - t0) * 1000.0, line=line)

    if rules.is_won(state):
        ok, line = True, ()
        return done()
    if search.last_deal_blocks():
        ok = False
        return done()
    # The depth-first search recurses once a move. The limit is raised and never lowered again: it is one
    # limit for every thread, and a solve that put it back while another thread was deeper than the old
    # limit (a second solve, or a deeply nested file being read) aborted the whole program ("Cannot
    # recover from stack overflow").
    if sys.getrecursionlimit() < _RECURSION:
        sys.setrecursionlimit(_RECURSION)
    cap = float(_FIRST_CAP)
    attempt = 0
    while search.nodes < node_budget:
        if deadline is not None and time.thread_time() > deadline:
            break
        search.rng = random.Random(attempt) if attempt else None
        search.line = []
        try:
            result: bool | None = search.dfs(piles, 0, min(node_budget, search.nodes + int(cap)))
        except _OutOfBudget:
            result = None
        if result is not None:  # a search that ran to its end is exact, whatever its order
            ok = result
            if ok:
                line = _to_moves(search, piles, search.line)
            break
        attempt += 1
        cap *= _GROWTH
    return done()


def winning_move(state: State, node_budget: int = 200_000, time_limit_s: float | None = 0.5) -> Move | None:
    """The first move of a winning line, or None (lost, undecided within the limits, or over).

    The time limit keeps Hint responsive; pass None to search up to the node budget alone."""
    if rules.is_over(state):
        return None
    r = solve(state, node_budget, time_limit_s)
    return r.line[0] if r.line else None


def solve_deal(variation: str, seed: int, time_limit_s: float, node_budget: int) -> tuple[bool | None, float, int]:
    """Solve deal ``seed`` from its start; (verdict, CPU ms of this process, nodes).  A winning line is
    replayed through ``rules.apply`` first: a line that does not win raises AssertionError."""
    state = rules.new_game(seed, variation=variation)
    t0 = time.process_time()
    r = solve(state, node_budget, time_limit_s)
    ms = (time.process_time() - t0) * 1000.0
    if r.winnable:
        _check_line(state, r.line)
    return r.winnable, ms, r.nodes


def _solve_job(job: tuple[str, int, float, int]) -> tuple[str, int, bool | None, float, int]:
    variation, seed, limit, budget = job
    verdict, ms, nodes = solve_deal(variation, seed, limit, budget)
    return variation, seed, verdict, ms, nodes


def _percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


def _main(argv: list[str] | None = None) -> None:
    import argparse

    ap = argparse.ArgumentParser(
        prog="python -m game.acesup.solver",
        description="Solve random Aces Up deals from their start and print, per variation, the share decided "
                    "and winnable within the CPU limit and the CPU time per deal (process CPU time).")
    ap.add_argument("--variation", action="append", choices=list(rules.VARIATIONS),
                    help="a variation to measure (repeatable; default: all three)")
    ap.add_argument("--first", type=int, default=1000, help="first deal number (default 1000)")
    ap.add_argument("--deals", type=int, default=400, help="how many deals from --first on (default 400)")
    ap.add_argument("--time-limit", type=float, default=1.0, help="CPU seconds per deal (default 1)")
    ap.add_argument("--budget", type=int, default=50_000_000, help="node budget per deal")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (each deal's CPU time is its own)")
    ap.add_argument("--verbose", action="store_true", help="one line per deal")
    args = ap.parse_args(argv)
    variations = args.variation or list(rules.VARIATIONS)
    jobs = [(v, seed, args.time_limit, args.budget) for v in variations
            for seed in range(args.first, args.first + args.deals)]
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            results = list(pool.imap(_solve_job, jobs, chunksize=4))
    else:
        results = [_solve_job(j) for j in jobs]
    print(f"deals {args.first}-{args.first + args.deals - 1}, limit {args.time_limit:g} s of CPU per deal")
    print()
    print("| variation | deals | decided | winnable | lost | undecided | CPU ms p50 | CPU ms p99 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for v in variations:
        rows = [r for r in results if r[0] == v]
        if args.verbose:
            for _, seed, verdict, ms, nodes in rows:
                print(f"  {v} {seed}: {verdict} {ms:.0f} ms {nodes} nodes")
        n = len(rows)
        won = sum(1 for r in rows if r[2] is True)
        lost = sum(1 for r in rows if r[2] is False)
        times = sorted(r[3] for r in rows)
        print(f"| {rules.VARIATIONS[v]} | {n} | {100 * (won + lost) / n:.1f}% | {100 * won / n:.1f}% | "
              f"{100 * lost / n:.1f}% | {100 * (n - won - lost) / n:.1f}% | {_percentile(times, 0.5):.0f} | "
              f"{_percentile(times, 0.99):.0f} |")


def _check_line(state: State, line: tuple[Move, ...] | None) -> None:
    assert line is not None
    for m in line:
        state = rules.apply(state, m)
    assert rules.outcome(state) == "won", "solver line does not win"


if __name__ == "__main__":
    _main()
