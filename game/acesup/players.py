"""The Aces Up auto-player and the Hint it gives.  Fair: it sees only :func:`rules.observe`.

``choose_move(state, rng) -> Move`` looks at the face-up table alone (the stock only as a count),
searches every sequence of discards, pairs and fills it could make before the next deal, and steers
towards the best reachable table: most cards removed, then the most empty piles, then the least
"buried" trouble (cards sitting on top of a higher card of their own suit, which will need a space
to get out, and high cards covering the stack below).  When the best table is the one in front of it,
it deals.  ``hint(state) -> Move | None`` is the move it would make (``Deal()`` when it would rather
deal although something else is allowed), or None when only the deal (or nothing) is left.  ``rng``
only breaks exact ties, so the player is reproducible per seed.
"""

from __future__ import annotations

import random

from game.acesup import rules
from game.acesup.rules import Deal, Discard, Fill, Move, Pair, State, View

_VALUE = {r: v for v, r in enumerate("23456789TJQKA", start=2)}
_NODE_CAP = 4000


def _removals(piles: tuple[tuple[str, ...], ...], variation: str) -> list[Move]:
    tops = [p[-1] if p else None for p in piles]
    out: list[Move] = []
    for i, c in enumerate(tops):
        if c is None:
            continue
        if rules.can_pair_rank(variation, c[0]):
            partners = [j for j, t in enumerate(tops) if j != i and t is not None and t[0] == c[0]]
            if partners:
                out.extend(Pair(i, j) for j in partners if j > i)
                continue
        if any(t is not None and t[1] == c[1] and _VALUE[t[0]] > _VALUE[c[0]] for t in tops):
            out.append(Discard(i))
    return out


def _step(piles: tuple[tuple[str, ...], ...], m: Move) -> tuple[tuple[str, ...], ...]:
    ps = list(piles)
    if isinstance(m, Discard):
        ps[m.pile] = ps[m.pile][:-1]
    elif isinstance(m, Pair):
        ps[m.a] = ps[m.a][:-1]
        ps[m.b] = ps[m.b][:-1]
    elif isinstance(m, Fill):
        ps[m.dst] = ps[m.src][-1:]
        ps[m.src] = ps[m.src][:-1]
    return tuple(ps)


def _evaluate(piles: tuple[tuple[str, ...], ...], stock_count: int) -> float:
    """Higher is better.  Cards left weigh most; then spaces; then how badly cards are buried."""
    left = sum(len(p) for p in piles)
    empties = sum(1 for p in piles if not p)
    trouble = 0.0
    for p in piles:
        for depth, card in enumerate(p):
            above = p[depth + 1:]
            # a card under a higher card of its own suit cannot be discarded by it: needs a space
            if any(a[1] == card[1] and _VALUE[a[0]] > _VALUE[card[0]] for a in above):
                trouble += 1.0
            # an Ace buried under other cards blocks its suit's discards
            if card[0] == "A" and above:
                trouble += 0.5 * len(above)
    # spaces matter only while there is something left to bury
    space_value = 3.0 if stock_count else 1.0
    return -10.0 * left + space_value * empties - trouble


def _plan(view: View, rng: random.Random) -> Move | None:
    """The first move towards the best table reachable before the next deal; None: deal now."""
    best_first = _plan_choices(view)
    if not best_first:
        return None
    return best_first[0] if len(best_first) == 1 else rng.choice(best_first)


def _plan_choices(view: View) -> list[Move]:
    """The first moves towards the best tables reachable before the next deal (equally good, in the order
    found); empty: deal now."""
    start = view.piles
    start_value = _evaluate(start, view.stock_count)
    best_value = float("-inf")
    best_first: list[Move] = []
    seen = {start}
    frontier: list[tuple[tuple[tuple[str, ...], ...], Move | None]] = [(start, None)]
    while frontier and len(seen) < _NODE_CAP:
        piles, first = frontier.pop()
        moves = _removals(piles, view.variation)
        empties = [i for i, p in enumerate(piles) if not p]
        if empties:
            # fills that uncover a card; onto each empty pile (it matters for the next deal)
            moves += [Fill(s, d) for s, p in enumerate(piles) if len(p) >= 2 for d in empties]
        for m in moves:
            nxt = _step(piles, m)
            if nxt in seen:
                continue
            seen.add(nxt)
            f = first if first is not None else m
            v = _evaluate(nxt, view.stock_count)
            if v > best_value + 1e-9:
                best_value, best_first = v, [f]
            elif abs(v - best_value) <= 1e-9 and f not in best_first:
                best_first.append(f)
            frontier.append((nxt, f))
    if not best_first or best_value <= start_value + 1e-9:
        return []
    return best_first


def choose_move(state: State, rng: random.Random) -> Move:
    """The auto-player's move.  Reads only the player's view (never the stock order)."""
    view = rules.observe(state)
    legal = rules.legal_moves(state)
    if not legal:
        raise ValueError("the game is over: there is no move to make")
    m = _plan(view, rng)
    if m is not None:
        return m
    if view.stock_count:
        return Deal()
    # stock empty and nothing improves the table: the game goes on only while a fill can uncover a
    # card, and each such fill brings the end nearer (moving a lone card would go round in circles)
    for m in legal:
        if isinstance(m, Fill) and len(state.piles[m.src]) >= 2:
            return m
    return legal[0]


def fair_moves(state: State) -> list[Move]:
    """Every move the auto-player may make here (its equal choices), from the player's view alone: what a
    fair player, who cannot see the stock, would do.  The review tells a move it would also have made, lost
    only to the stock's order, from a mistake (game.review.solitaire)."""
    legal = rules.legal_moves(state)
    if not legal:
        return []
    choices = _plan_choices(rules.observe(state))
    return choices if choices else [choose_move(state, random.Random(0))]


def pointless(state: State, move: Move) -> bool:
    """True for a move that leaves the table the same up to the order of the piles: a card alone on its pile
    moved to an empty pile.  A hint never suggests one."""
    return isinstance(move, Fill) and len(state.piles[move.src]) == 1


def hint(state: State) -> Move | None:
    """The move the auto-player would make here, or None when only the deal (or nothing) is left.

    Fair: like the auto-player it reads only :func:`rules.observe`, never the stock."""
    legal = rules.legal_moves(state)
    if not legal or legal == [Deal()]:
        return None
    move = choose_move(state, random.Random(0))
    return None if pointless(state, move) else move
