"""Computer players for Forty Thieves: a look-ahead auto-player and a greedy baseline.

Both are fair: they see only `rules.observe(state)` — the face-up stacks, the
current card, how many cards the stock holds and which cards have not been seen
yet (as a sorted multiset) — never the stock's order.

The auto-player's idea: every card in the stacks is face up, so the only
uncertainty is the next stock card.  From the current card it lists every
stack configuration a chain of takes can reach.  Each configuration is valued
as the points it banks plus, over every rank the next turned card may have
(weighted by how many such cards are still unseen), the best configuration the
following chain could reach, scored by points and cards removed, less a penalty
on tall stacks (their deep cards are the hardest to free).  Clearing the
seven stacks is worth far more than any points, because it brings a new deal.
A card that is kept back (a joker, or a card that bridges two ranks) wins when
the look-ahead shows it links more cards after the next turn than taking it
now would.  It turns only when no chain is worth more than turning.

The greedy baseline takes the legal card worth most points, else turns.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from game.thieves import rules
from game.thieves.rules import JOKER, Move, State, Take, Turn, View

__all__ = ["LEVELS", "AutoPlayer", "auto_move", "greedy_move", "hint", "make_player"]

#: What clearing all seven stacks is worth in the look-ahead: the 15-point bonus plus a fresh deal.
CLEAR_VALUE = 200.0
#: Weight of each card removed, beyond its points: a removed card brings the clear nearer.
CARD_WEIGHT = 12.0
#: Penalty on the square of each stack's height: deep cards of a tall stack are the hardest to reach.
HEIGHT_WEIGHT = 1.0
#: Caps that keep a decision well under a frame budget even when jokers make chains branch:
#: configurations one chain may list, and candidate end configurations valued by look-ahead.
MAX_CONFIGS = 150
MAX_INNER = 30
MAX_CANDIDATES = 10

Heights = tuple[int, ...]


def _rank(code: str) -> int:
    return 0 if code == JOKER else "A23456789TJQK".index(code[0]) + 1


def _linked(a: int, b: int) -> bool:
    return a == 0 or b == 0 or a - b in (1, -1)


class _Board:
    """The stacks as rank numbers and points, with chain enumeration memoised per decision."""

    def __init__(self, stacks: tuple[tuple[str, ...], ...]) -> None:
        self.ranks = [[_rank(c) for c in st] for st in stacks]
        self.points = [[rules.card_points(c) for c in st] for st in stacks]
        self.full: Heights = tuple(len(st) for st in stacks)
        self._reach: dict[tuple[Heights, int], dict[Heights, tuple[int, ...]]] = {}

    def banked(self, h: Heights) -> int:
        """Points of the cards removed from the full stacks down to heights ``h``."""
        return sum(sum(p[k] for k in range(hh, len(p))) for p, hh in zip(self.points, h, strict=True))

    def removed(self, h: Heights) -> int:
        return sum(f - x for f, x in zip(self.full, h, strict=True))

    def reach(self, h0: Heights, cur: int, cap: int = 0) -> dict[Heights, tuple[int, ...]]:
        """Every configuration reachable from ``h0`` with current rank ``cur`` (at most ``cap``,
        default MAX_CONFIGS), with one path to it."""
        cap = cap or MAX_CONFIGS
        key = (h0, cur)
        got = self._reach.get(key)
        if got is not None:
            return got
        out: dict[Heights, tuple[int, ...]] = {h0: ()}
        seen = {(h0, cur)}
        todo = [(h0, cur, ())]
        while todo and len(out) < cap:
            h, c, path = todo.pop()
            for s in range(len(h)):
                n = h[s]
                if n and _linked(self.ranks[s][n - 1], c):
                    r = self.ranks[s][n - 1]
                    nh = h[:s] + (n - 1,) + h[s + 1:]
                    if (nh, r) in seen:
                        continue
                    seen.add((nh, r))
                    npath = path + (s,)
                    if nh not in out:
                        out[nh] = npath
                    todo.append((nh, r, npath))
        self._reach[key] = out
        return out


def _static(board: _Board, h: Heights) -> float:
    if not any(h):
        return CLEAR_VALUE + board.banked(h)
    return board.banked(h) + CARD_WEIGHT * board.removed(h) - HEIGHT_WEIGHT * sum(x * x for x in h)


class AutoPlayer:
    """The look-ahead auto-player (see the module docstring).  Stateless between calls."""

    name = "auto"

    def __init__(self) -> None:
        # The rest of the chosen chain, and the position it expects next: following it
        # is what a fresh decision would choose (values depend only on configuration and
        # unseen cards), so it saves recomputation without changing play.
        self._plan: tuple[tuple, tuple[int, ...]] | None = None

    @staticmethod
    def _key(view: View) -> tuple:
        return (view.stacks, view.current, view.stock_size)

    def __call__(self, view: View, rng: random.Random | None = None) -> Move | None:
        return self.choose(view, rng)

    def choose(self, view: View, rng: random.Random | None = None) -> Move | None:
        if self._plan is not None and self._plan[0] == self._key(view) and self._plan[1]:
            return self._step(view, self._plan[1])
        self._plan = None
        board = _Board(view.stacks)
        root = board.full
        configs = board.reach(root, _rank(view.current))
        if len(configs) == 1:
            return Turn() if view.stock_size else None
        unseen = Counter(_rank(c) for c in view.unseen)
        total = sum(unseen.values())
        best_h, best_v = root, float("-inf")
        # The most promising configurations first, so the cap keeps the good ones.
        order = sorted(configs, key=lambda h: -_static(board, h))
        for h in [root] + [x for x in order[:MAX_CANDIDATES] if x != root]:
            if not any(h) or not total:
                v = _static(board, h)
            else:
                v = 0.0
                for r, n in unseen.items():
                    nxt = board.reach(h, r, MAX_INNER)
                    v += n * max(_static(board, x) for x in nxt)
                v /= total
            # Ties go to the configuration that removes fewer cards: keep options open.
            if v > best_v + 1e-9 or (abs(v - best_v) <= 1e-9 and board.removed(h) < board.removed(best_h)):
                best_h, best_v = h, v
        if best_h == root:
            if view.stock_size:
                return Turn()
            best_h = order[0]
        return self._step(view, configs[best_h])

    def _step(self, view: View, path: tuple[int, ...]) -> Move:
        s = path[0]
        stacks = view.stacks[:s] + (view.stacks[s][:-1],) + view.stacks[s + 1:]
        if any(stacks):
            self._plan = ((stacks, view.stacks[s][-1], view.stock_size), path[1:])
        else:
            self._plan = None
        return Take(s)


def greedy_move(view: View, rng: random.Random | None = None) -> Move | None:
    """The baseline: the legal take worth most points (lowest stack first on ties), else turn."""
    cur = _rank(view.current)
    best: tuple[int, int] | None = None
    for s, st in enumerate(view.stacks):
        if st and _linked(_rank(st[-1]), cur):
            key = (rules.card_points(st[-1]), -s)
            if best is None or key > best:
                best = key
    if best is not None:
        return Take(-best[1])
    return Turn() if view.stock_size else None


def auto_move(view: View, rng: random.Random | None = None) -> Move | None:
    """The auto-player's move for ``view`` (None when nothing can be done)."""
    return AutoPlayer().choose(view, rng)


Player = Callable[[View, random.Random | None], Move | None]

#: Level name -> factory of a player for one game (the auto-player remembers its current chain).
LEVELS: dict[str, Callable[[], Player]] = {
    "auto": AutoPlayer,
    "greedy": lambda: greedy_move,
}


def make_player(level: str) -> Player:
    """A fresh player (a move function of view and rng) for one game; ValueError on unknown names."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown Forty Thieves level '{level}' (known: {', '.join(LEVELS)})") from None


def hint(state: State) -> Move | None:
    """The auto-player's suggestion for the player's position, or None when the game is over."""
    if rules.is_over(state):
        return None
    return auto_move(rules.observe(state))
