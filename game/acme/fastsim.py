"""A fast model of an ACME round for the computer players' look-ahead.

Suits never matter to play, so here a hand is a list of 14 counts (index 0 is
the three, 12 the two, 13 the joker) and a play is ``(rank, count)``.  The
rules module is the authority; this copy exists only because search needs
thousands of playouts per move, and tests check that both agree.

A policy is ``policy(hand, n, top_rank, top_count, rem) -> (rank, count) | None``
where ``rem`` counts every card still held by anybody (so ``rem - hand`` is
what the others hold between them — public knowledge) and ``top_rank`` is -1
when the policy leads.  ``None`` means pass.
"""

from __future__ import annotations

import random
from collections.abc import Callable

JOKER = 13
NR = 14
#: The other seats after each seat, in playing order (precomputed: playouts open tricks constantly).
_AFTER = tuple(tuple((seat + i) % 5 for i in range(1, 5)) for seat in range(5))
Policy = Callable[[list[int], int, int, int, list[int]], "tuple[int, int] | None"]


# ------------------------------------------------------------------ policies

def baseline_policy(hand: list[int], n: int, top_r: int, top_c: int, rem: list[int]):
    """Lowest legal cards; leads its whole lowest rank; passes only when it must."""
    if top_r < 0:
        for r in range(NR):
            if hand[r]:
                return r, hand[r]
        return None
    for r in range(top_r + 1, JOKER):
        if hand[r] >= top_c:
            return r, top_c
    if hand[JOKER]:
        return JOKER, 1
    return None


def _is_boss(r: int, c: int, hand: list[int], rem: list[int]) -> bool:
    """Can nobody else beat ``c`` cards of rank ``r``? (judged from public counts)."""
    if r == JOKER:
        return True
    if rem[JOKER] - hand[JOKER] > 0:
        return False
    for q in range(r + 1, JOKER):
        if rem[q] - hand[q] >= c:
            return False
    return True


def smart_policy(hand: list[int], n: int, top_r: int, top_c: int, rem: list[int]):
    """The expert's playout policy for itself: lead low whole groups but cash sure
    winners when one group is left to shed, follow with the lowest rank that fits
    exactly (splitting a set only when none fits), go out whenever possible.

    It knows only its own hand and the public counts, like a real player.  (A
    version that held back aces and twos measured weaker: the search already
    decides when holding back pays.)
    """
    if top_r < 0:
        groups = [r for r in range(NR) if hand[r]]
        if len(groups) == 1:
            r = groups[0]
            return r, hand[r]
        bosses = []
        others = []
        for r in groups:
            (bosses if _is_boss(r, hand[r], hand, rem) else others).append(r)
        if len(others) <= 1 and bosses:
            r = bosses[0]  # cash a sure winner, keep the lead, finish with the last group
            return r, hand[r]
        r = others[0]
        return r, hand[r]
    need = top_c
    if need == n:
        for r in range(top_r + 1, JOKER):
            if hand[r] == need:
                return r, need  # go out
    if n == 1 and hand[JOKER]:
        return JOKER, 1
    exact = -1
    over = -1
    for r in range(top_r + 1, JOKER):
        h = hand[r]
        if h == need:
            exact = r
            break
        if h > need and over < 0:
            over = r
    choice = exact if exact >= 0 else over
    if choice >= 0:
        return choice, need  # follow as low as possible, sparing sets that fit exactly
    if hand[JOKER]:
        return JOKER, 1
    return None


# ------------------------------------------------------------------ playout

class Sim:
    """A mutable round position in counts; `copy` is cheap enough for playouts."""

    __slots__ = ("hands", "n", "roles", "finished", "leader", "top_r", "top_c", "pending", "last")

    def __init__(self, hands, roles, finished, leader, top_r=-1, top_c=0, pending=(), last=-1):
        self.hands = hands
        self.n = [sum(h) for h in hands]
        self.roles = roles
        self.finished = list(finished)
        self.leader = leader
        self.top_r = top_r
        self.top_c = top_c
        self.pending = list(pending)
        self.last = last

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.hands = [h[:] for h in self.hands]
        s.n = self.n[:]
        s.roles = self.roles
        s.finished = self.finished[:]
        s.leader = self.leader
        s.top_r = self.top_r
        s.top_c = self.top_c
        s.pending = self.pending[:]
        s.last = self.last
        return s

    def to_act(self) -> int:
        return self.pending[0] if self.pending else self.leader

    def held(self) -> list[int]:
        """Cards still held by anybody, per rank (what the policies call ``rem``)."""
        rem = [0] * NR
        for h in self.hands:
            for r in range(NR):
                rem[r] += h[r]
        return rem

    def over(self) -> bool:
        return len(self.finished) >= 5

    def moves(self) -> list[tuple[int, int] | None]:
        """Distinct legal plays of the seat to act (None = pass)."""
        h = self.hands[self.to_act()]
        if self.top_r < 0:
            return [(r, c) for r in range(NR) for c in range(1, h[r] + 1)]
        out: list[tuple[int, int] | None] = [None]
        out.extend((r, self.top_c) for r in range(self.top_r + 1, JOKER) if h[r] >= self.top_c)
        if h[JOKER]:
            out.append((JOKER, 1))
        return out

    def step(self, move: tuple[int, int] | None) -> None:
        """Apply one action (trusted: the caller offers only legal moves)."""
        if self.top_r < 0:
            seat = self.leader
            self._play(seat, move)
            if len(self.finished) >= 5:
                return
            if move[0] == JOKER:
                self._end_trick(seat)
                return
            self.top_r, self.top_c, self.last = move[0], move[1], seat
            n = self.n
            self.pending = [t for t in _AFTER[seat] if n[t]]
            return
        seat = self.pending.pop(0)
        if move is not None:
            self._play(seat, move)
            if len(self.finished) >= 5:
                return
            self.last = seat
            if move[0] == JOKER:
                self._end_trick(seat)
                return
            self.top_r, self.top_c = move
        if not self.pending:
            self._end_trick(self.last)

    def _play(self, seat: int, move: tuple[int, int]) -> None:
        r, c = move
        self.hands[seat][r] -= c
        self.n[seat] -= c
        if not self.n[seat]:
            self.finished.append(seat)
            holders = [t for t in range(5) if self.n[t]]
            if len(holders) == 1:
                self.finished.append(holders[0])

    def _end_trick(self, last: int) -> None:
        self.top_r, self.top_c, self.pending = -1, 0, []
        if self.n[last]:
            self.leader = last
        else:
            self.leader = next(t for t in self.roles if self.n[t])

    def playout(self, policies: list[Policy]) -> list[int]:
        """Play to the end with one policy per seat; return the finishing order."""
        hands, n = self.hands, self.n
        rem = self.held()
        finished = self.finished
        while len(finished) < 5:
            seat = self.pending[0] if self.pending else self.leader
            mv = policies[seat](hands[seat], n[seat], self.top_r, self.top_c, rem)  # top_c is 0 on a lead
            if mv is not None:
                rem[mv[0]] -= mv[1]
            self.step(mv)
        return self.finished


def random_policy_factory(rng: random.Random) -> Policy:
    def pol(hand, n, top_r, top_c, rem):
        if top_r < 0:
            opts = [(r, c) for r in range(NR) for c in range(1, hand[r] + 1)]
        else:
            opts = [None] + [(r, top_c) for r in range(top_r + 1, JOKER) if hand[r] >= top_c]
            if hand[JOKER]:
                opts.append((JOKER, 1))
        return rng.choice(opts)
    return pol
