"""Romi's move generator: which cards a hand can lay on a given table.

The heart is an exact search for the best *repartition*: take every card on the
table (all of which must stay down) and any cards from the hand, and split them
into valid groups so that the cards laid from the hand are worth the most.  It
is the dynamic programme of van Rijn, Takes & Vis ("The complexity of
Rummikub problems", 2015): walk the ranks from Ace to King; the state is, for
each suit, the lengths (0, 1, 2, 3-or-more) of the two runs that may be open in
that suit (two packs: at most two copies of a card, so two runs), plus the
jokers used so far.  At each rank every card of that rank either extends or
starts a run of its suit or goes into the sets of that rank; a run can only be
closed once it is 3 long.  Copies of a card are interchangeable, so a "card on
the table" and "the same card from the hand" differ only in that the first must
be used.  The search is polynomial (a few thousand states per rank), finds
splits, joins, joker moves and every other rearrangement, and needs no pruning
to be exact within its model.  Its one simplification: at most two runs of one
suit overlap at any rank (three would need a joker beside both copies).

Objectives: ``"laid"`` maximises the hand points laid (a joker from the hand
counts 25, what it would cost if kept) — the Expert's aim and the measure the
optimality check uses; ``"value"`` maximises group points (a joker worth the
card it stands for) — what the 25-point opening counts.

Simpler generators for the weaker levels (melds from the hand alone, single
card extensions) live here too, so every level and `legal_moves` share one
module.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

from game.cards import JOKER, RANKS, SUITS
from game.romi.groups import (
    JOKER_HAND_POINTS,
    arrange_group,
    card_value,
    group_points,
    hand_card_points,
    is_valid_group,
    position_card,
    position_value,
)

Table = tuple[tuple[str, ...], ...]

# --- run-slot transitions --------------------------------------------------
# A suit's two run slots are kept as a sorted pair of capped lengths.
PAIRS = [(a, b) for a in range(4) for b in range(a, 4)]
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}


def _slot_moves(length: int) -> list[tuple[str, int, int]]:
    """(action, new capped length, fed) for one slot."""
    if length == 0:
        return [("i", 0, 0), ("s", 1, 1)]
    moves = [("c", min(length + 1, 3), 1)]
    if length == 3:
        moves.append(("e", 0, 0))
    return moves


def _pair_transitions() -> list[list[tuple[int, int, tuple[str, str], int]]]:
    out = []
    for a, b in PAIRS:
        seen: dict[tuple[int, int], tuple[int, int, tuple[str, str], int]] = {}
        for ma, mb in itertools.product(_slot_moves(a), _slot_moves(b)):
            fed = ma[2] + mb[2]
            new = tuple(sorted((ma[1], mb[1])))
            key = (PAIR_INDEX[new], fed)
            starts = (ma[0] == "s") + (mb[0] == "s")
            seen.setdefault(key, (PAIR_INDEX[new], fed, (ma[0], mb[0]), starts))
        out.append(list(seen.values()))
    return out


TRANSITIONS = _pair_transitions()
CLOSED_PAIRS = frozenset(i for i, (a, b) in enumerate(PAIRS) if a in (0, 3) and b in (0, 3))


def _slot_beats(x: int, y: int) -> bool:
    """A run slot of length y can do all a slot of length x can: a run of 3+
    may stop or go on at will, and a longer open run is nearer to 3."""
    return x == y or y == 3 or (x, y) == (1, 2)


#: For each pair, the other pairs that can do everything it can (with as much gain
#: such a state makes it useless).
DOMINATORS = [
    [j for j, (c, d) in enumerate(PAIRS) if j != i and (
        (_slot_beats(a, c) and _slot_beats(b, d)) or (_slot_beats(a, d) and _slot_beats(b, c)))]
    for i, (a, b) in enumerate(PAIRS)
]
#: Jokers needed in front of the open runs of a pair to close them at the top.
LEAD_JOKERS = [sum(3 - x if x in (1, 2) else 0 for x in pair) for pair in PAIRS]


# --- sets of one rank --------------------------------------------------------
def build_sets(counts: Sequence[int], jokers: int) -> list[list[int]] | None:
    """Split set cards of one rank into sets: ``counts[s]`` naturals of suit s
    (0-2) and ``jokers`` jokers.  Returns groups as lists of suit indexes (-1 for
    a joker) or None when no split into 3-4 card sets of distinct suits exists."""
    total = sum(counts) + jokers
    if total == 0:
        return []
    need = max(counts)
    for g in range(max(1, need), 4):
        if not (3 * g <= total <= 4 * g):
            continue
        groups: list[list[int]] = [[] for _ in range(g)]
        ok = True
        for s in sorted(range(4), key=lambda s: -counts[s]):
            for _ in range(counts[s]):
                choices = [grp for grp in groups if s not in grp and len(grp) < 4]
                if not choices:
                    ok = False
                    break
                min(choices, key=len).append(s)
            if not ok:
                break
        if not ok:
            continue
        for _ in range(jokers):
            choices = [grp for grp in groups if len(grp) < 4]
            if not choices:
                ok = False
                break
            min(choices, key=len).append(-1)
        if ok and all(len(grp) >= 3 for grp in groups):
            return groups
    return None


def _set_table() -> dict[tuple[int, int, int], bool]:
    """Feasibility by (suits with one set card, suits with two, jokers)."""
    out = {}
    for k1 in range(5):
        for k2 in range(5 - k1):
            for j in range(3):
                counts = [2] * k2 + [1] * k1 + [0] * (4 - k1 - k2)
                out[(k1, k2, j)] = build_sets(counts, j) is not None
    return out


SET_OK = _set_table()


# --- the exact repartition search -----------------------------------------
def _natural_counts(cards: Iterable[str]) -> tuple[dict[tuple[int, int], int], int]:
    counts: dict[tuple[int, int], int] = {}
    jokers = 0
    for c in cards:
        if c == JOKER:
            jokers += 1
        else:
            key = (RANKS.index(c[0]) + 1, SUITS.index(c[1]))
            counts[key] = counts.get(key, 0) + 1
    return counts, jokers


def best_repartition(
    table_cards: Sequence[str],
    hand: Sequence[str],
    *,
    ace_after_king: bool = False,
    objective: str = "laid",
    max_states: int | None = None,
) -> tuple[int, list[tuple[str, ...]]] | None:
    """The best way to lay cards from ``hand`` together with all of ``table_cards``.

    Returns (gain, groups): the groups hold every table card plus the hand cards
    chosen; gain is the objective's worth of the hand cards used (0 when the
    best is to lay nothing).  None if the table cards cannot be grouped at all.
    """
    tcount, tj = _natural_counts(table_cards)
    hcount, hj = _natural_counts(hand)
    if objective != "laid":
        res = _solve_aces(tcount, hcount, tj, hj, objective, ace_after_king, max_states, None)
        return None if res is None else res[:2]
    # Branch and bound: a narrow search (few states kept per step) finds a good
    # play fast; the exact search then drops every state that already left more
    # hand points unlaid than that play did, which prunes nearly everything.
    total = sum(position_value(p) * n for (p, _s), n in hcount.items())
    quick = _solve_aces(tcount, hcount, tj, hj, objective, ace_after_king, QUICK_STATES, None)
    if quick is None:
        return _solve_aces(tcount, hcount, tj, hj, objective, ace_after_king, max_states, None)
    budget = total - quick[2]
    if budget <= 0:
        return quick[:2]
    exact = _solve_aces(tcount, hcount, tj, hj, objective, ace_after_king, max_states, budget)
    if exact is not None and exact[0] > quick[0]:
        return exact[:2]
    return quick[:2]


#: States kept per step by the quick first search.
QUICK_STATES = 120


def _solve_aces(tcount, hcount, tj, hj, objective, ace_after_king, max_states, budget):
    return _solve(tcount, hcount, tj, hj, objective, ace_after_king, max_states, budget)


def _solve(
    tcount: dict[tuple[int, int], int],
    hcount: dict[tuple[int, int], int],
    tj: int,
    hj: int,
    objective: str,
    aak: bool,
    max_states: int | None = None,
    skip_budget: int | None = None,
) -> tuple[int, list[tuple[str, ...]]] | None:
    laid = objective == "laid"
    jmax = tj + hj
    positions = list(range(1, 15 if aak else 14))
    # Per (position, suit): (least naturals, most naturals).  With the Ace after
    # the King the Aces of a suit may lie at position 1 or 14: the state then
    # remembers how many went low (one digit per suit from 10**7 up), and
    # position 14 may use the rest (and must use the table's that went unused).
    bounds: dict[tuple[int, int], tuple[int, int]] = {}
    for pos in positions:
        for s in range(4):
            t = tcount.get((1 if pos == 14 else pos, s), 0)
            h = hcount.get((1 if pos == 14 else pos, s), 0)
            bounds[(pos, s)] = (0, t + h) if aak and pos in (1, 14) else (t, t + h)
    # Natural gain: (used - table count) * value, summed; we add used*value and
    # subtract the table's value at the end.
    table_value = sum(position_value(p) * n for (p, s), n in tcount.items())

    # A state is packed in one int: run pairs as four decimal digits (suit s at
    # 10**s), then jokers used (hundreds) and, inside a rank, how many suits put
    # one (tens) or two (units) cards into that rank's sets.
    layers: list[tuple[dict[int, int], dict[int, tuple]]] = []
    states: dict[int, int] = {0: 0}
    cum = 0  # the natural points the ranks so far could give
    for pos in positions:
        val = position_value(pos)
        # In the "laid" objective a joker's 25 points are counted once at the end
        # (every joker is laid if any group has room for it), so inside the
        # search a joker is only a gap filler worth nothing by itself.
        jval = 0 if laid else val
        cur = states
        for s in range(4):
            lo, hi = bounds[(pos, s)]
            ahead = (bounds.get((pos + 1, s), (0, 0))[1], bounds.get((pos + 2, s), (0, 0))[1])
            place = SUIT_PLACE[s]
            ace_place = ACE_PLACE[s]
            low_aces = aak and pos == 1
            high_aces = aak and pos == 14
            t_ace = tcount.get((1, s), 0)
            nxt: dict[int, int] = {}
            back: dict[int, tuple] = {}
            get = nxt.get
            for key, g in cur.items():
                digit = (key // place) % 10
                jleft = jmax - (key // 100) % 10
                if high_aces:
                    went_low = (key // ace_place) % 10
                    opts = _options(digit, max(0, t_ace - went_low), hi - went_low, jleft, laid, val, jval,
                                    place, ahead)
                else:
                    opts = _options(digit, lo, hi, jleft, laid, val, jval, place, ahead)
                for dkey, inc, dec in opts:
                    nk = key + dkey
                    if low_aces:
                        nk += (dec[1] + dec[2]) * ace_place
                    ng = g + inc
                    if ng > get(nk, -1):
                        nxt[nk] = ng
                        back[nk] = (key, dec)
            _drop_weaker_runs(nxt, (place,))
            if laid:
                _drop_dominated(nxt)
                if skip_budget is not None:
                    cum += 0 if high_aces else hi * val
                    floor = cum - skip_budget
                    for k in [k for k, g in nxt.items() if g < floor]:
                        del nxt[k]
            if max_states and len(nxt) > max_states:
                keep = sorted(nxt, key=nxt.__getitem__, reverse=True)[:max_states]
                nxt = {k: nxt[k] for k in keep}
            cur = nxt
            layers.append((cur, back))
        # Close the rank: the set cards must split into sets, with some jokers.
        new_states: dict[int, int] = {}
        back = {}
        get = new_states.get
        for key, g in cur.items():
            k12 = key % 100
            j = (key // 100) % 10
            base = key - k12
            k1, k2 = divmod(k12, 10)
            for js in range(jmax - j + 1):
                if not SET_OK[(k1, k2, js)]:
                    continue
                nk = base + js * 100
                ng = g + js * jval
                if ng > get(nk, -1):
                    new_states[nk] = ng
                    back[nk] = (key, js)
        _drop_weaker_runs(new_states, SUIT_PLACE)
        if laid:
            _drop_dominated(new_states)
        states = new_states
        layers.append((states, back))
        if not states:
            return None
    # A run still open at the top may be completed by jokers laid before it
    # (JK QH KH): the search never starts a run with a joker, since a joker at
    # the front can always move to the back unless the run ends at the top.
    best_key = None
    best_gain = -1
    for key, g in states.items():
        j = (key // 100) % 10
        runs = (key // 1000) % 10000
        lead = sum(LEAD_JOKERS[(runs // 10 ** s) % 10] for s in range(4))
        if (lead and not laid) or j + lead > jmax or (not laid and j < tj):
            continue
        if g > best_gain:
            best_gain, best_key = g, key
    if best_key is None:
        return None
    gain = best_gain - table_value
    groups = _rebuild(layers, best_key, positions)
    if laid:
        # Lay the jokers the groups did not need wherever one fits.
        spare = jmax - sum(g.count(JOKER) for g in groups)
        for _ in range(spare):
            if not _place_joker(groups, aak):
                break
            spare -= 1
        if spare > hj:  # a table joker found no place: not a legal table
            return None
        gain += (hj - spare) * JOKER_HAND_POINTS
    return gain, groups, best_gain - table_value


def _drop_weaker_runs(states: dict[int, int], places: Sequence[int]) -> None:
    """Remove states whose runs of one suit are beaten by another state's."""
    get = states.get
    drop = []
    for key, g in states.items():
        for place in places:
            digit = (key // place) % 10
            for better in DOMINATORS[digit]:
                if get(key + (better - digit) * place, -1) >= g:
                    drop.append(key)
                    break
            else:
                continue
            break
    for key in drop:
        del states[key]


def _drop_dominated(states: dict[int, int]) -> None:
    """Remove states beaten by the same state using fewer jokers (laid objective:
    a joker not needed as a gap filler is laid at the end anyway)."""
    get = states.get
    drop = [key for key, g in states.items()
            if (key // 100) % 10 and (get(key - 100, -1) >= g or get(key - 200, -1) >= g)]
    for key in drop:
        del states[key]


def _place_joker(groups: list[tuple[str, ...]], aak: bool) -> bool:
    """Add a joker to some group that stays valid (shortest groups first)."""
    for i in sorted(range(len(groups)), key=lambda i: len(groups[i])):
        g = groups[i]
        for new in (g + (JOKER,), (JOKER,) + g):
            if is_valid_group(new, aak):
                groups[i] = new
                return True
    return False


SUIT_PLACE = [1000 * 10 ** s for s in range(4)]
ACE_PLACE = [10 ** (7 + s) for s in range(4)]
_OPTION_CACHE: dict[tuple, tuple] = {}


def _options(digit: int, lo: int, hi: int, jleft: int, laid: bool, val: int, jval: int, place: int,
             ahead: tuple[int, int]):
    """The moves of one suit's run pair at one rank, as (key change, gain, decision).

    ``ahead`` holds how many cards of the suit the next two ranks offer: a run
    left 1 or 2 long must be fed there (or by jokers), else the move is dead."""
    ck = (digit, lo, hi, jleft, laid, val, jval, place, ahead)
    got = _OPTION_CACHE.get(ck)
    if got is not None:
        return got
    out = []
    for npi, fed, acts, starts in TRANSITIONS[digit]:
        for r in range(starts if laid else 0, fed + 1):
            jr = fed - r
            if jr > jleft:
                continue
            a2, b2 = PAIRS[npi]
            need1 = (a2 in (1, 2)) + (b2 in (1, 2))
            need2 = (a2 == 1) + (b2 == 1)
            if max(0, need1 - ahead[0]) + max(0, need2 - ahead[1]) > jleft - jr:
                continue
            for n in range(3):
                u = r + n
                if u < lo or u > hi:
                    continue
                dkey = (npi - digit) * place + jr * 100 + (10 if n == 1 else 1 if n == 2 else 0)
                out.append((dkey, u * val + jr * jval, (acts, r, n, jr)))
    res = tuple(out)
    if len(_OPTION_CACHE) > 50_000:
        _OPTION_CACHE.clear()
    _OPTION_CACHE[ck] = res
    return res


def _rebuild(layers: list, final_key: int, positions: list[int]) -> list[tuple[str, ...]]:
    """Walk the back-pointers and lay out the groups they describe."""
    decisions: list = []
    key = final_key
    idx = len(layers) - 1
    for _pos in reversed(positions):
        key, set_js = layers[idx][1][key]
        idx -= 1
        suit_steps = []
        for _s in range(4):
            key, dec = layers[idx][1][key]
            suit_steps.append(dec)
            idx -= 1
        suit_steps.reverse()
        decisions.append((suit_steps, set_js))
    decisions.reverse()

    groups: list[tuple[str, ...]] = []
    slots: list[list[list[str]]] = [[[], []] for _ in range(4)]
    for pos, (suit_steps, set_js) in zip(positions, decisions, strict=True):
        set_counts = [0, 0, 0, 0]
        for s, (acts, r, n, _jr) in enumerate(suit_steps):
            suit = SUITS[s]
            card = position_card(pos, suit)
            naturals = r
            pair = slots[s]
            fills: dict[int, str] = {}
            for k in sorted(range(2), key=lambda k: acts[k] != "s"):
                if acts[k] in ("c", "s"):
                    fills[k] = card if naturals else JOKER
                    naturals = max(0, naturals - 1)
            for k, (slot, act) in enumerate(zip(pair, acts, strict=True)):
                if act == "e":
                    groups.append(tuple(slot))
                    slot.clear()
                elif k in fills:
                    slot.append(fills[k])
            pair.sort(key=lambda sl: min(len(sl), 3))
            set_counts[s] = n
        sets = build_sets(set_counts, set_js)
        assert sets is not None
        rank_card = RANKS[(pos - 1) % 13]
        for grp in sets:
            groups.append(tuple(sorted(
                (JOKER if s < 0 else rank_card + SUITS[s] for s in grp),
                key=lambda c: (c == JOKER, c),
            )))
    for pair in slots:
        for slot in pair:
            if slot:
                lead = (JOKER,) * max(0, 3 - len(slot))
                groups.append(lead + tuple(slot))
    return groups


# --- turning a repartition into a play -----------------------------------------
def order_like(table: Table, groups: Sequence[Sequence[str]], ace_after_king: bool = False) -> Table:
    """Arrange ``groups`` so that groups unchanged from ``table`` keep their place
    and their order (the scene then moves only what changed); new groups follow."""
    remaining = [tuple(arrange_group(g, ace_after_king)) for g in groups]
    keyed: dict[tuple[str, ...], list[int]] = {}
    for i, g in enumerate(remaining):
        keyed.setdefault(tuple(sorted(g)), []).append(i)
    out: list[tuple[str, ...]] = []
    used: set[int] = set()
    for old in table:
        idxs = keyed.get(tuple(sorted(old)))
        if idxs:
            i = idxs.pop(0)
            used.add(i)
            out.append(tuple(old))
    out.extend(g for i, g in enumerate(remaining) if i not in used)
    return tuple(out)


def laid_points(cards: Iterable[str]) -> int:
    """Worth of cards laid from a hand: their hand points (a joker 25)."""
    return sum(hand_card_points(c) for c in cards)


def best_play(
    hand: Sequence[str], table: Table, opened: bool, ace_after_king: bool = False
) -> Table | None:
    """The Expert's play: the whole table after laying the most points, or None."""
    if not opened:
        return best_opening(hand, table, ace_after_king)
    flat = [c for g in table for c in g]
    res = best_repartition(flat, hand, ace_after_king=ace_after_king, objective="laid",
                           max_states=EXPERT_MAX_STATES)
    if res is None or res[0] <= 0:
        return None
    return order_like(table, res[1], ace_after_king)


#: A safety net on the Expert's search: at most this many states per step (the
#: exact search stays far below it on real tables; it bounds the time of freaks).
EXPERT_MAX_STATES = 1500


def best_opening(hand: Sequence[str], table: Table, ace_after_king: bool = False) -> Table | None:
    """New groups from the hand alone worth 25 or more, laid beside the table."""
    res = best_repartition([], hand, ace_after_king=ace_after_king, objective="value")
    if res is None or res[0] <= 0:
        return None
    groups = [tuple(arrange_group(g, ace_after_king)) for g in res[1]]
    if sum(group_points(g, ace_after_king) for g in groups) < 25:
        return None
    # Prefer laying more hand points when that keeps the opening worth 25.
    res2 = best_repartition([], hand, ace_after_king=ace_after_king, objective="laid")
    if res2 is not None and res2[0] > laid_points(c for g in groups for c in g):
        g2 = [tuple(arrange_group(g, ace_after_king)) for g in res2[1]]
        if sum(group_points(g, ace_after_king) for g in g2) >= 25:
            groups = g2
    return tuple(table) + tuple(groups)


# --- simple generators (weaker levels, legal_moves) -------------------------------
def hand_melds(hand: Sequence[str], ace_after_king: bool = False, limit: int = 200) -> list[tuple[str, ...]]:
    """Valid groups made from the hand alone: sets of 3-4, runs of 3 or more
    (jokers filling gaps), each arranged for the table.  At most ``limit``."""
    nat = [c for c in hand if c != JOKER]
    jokers = len(hand) - len(nat)
    found: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()

    def add(cards: Sequence[str]) -> None:
        key = tuple(sorted(cards))
        if key in seen or not is_valid_group(cards, ace_after_king):
            return
        seen.add(key)
        found.append(arrange_group(cards, ace_after_king))

    by_rank: dict[str, set[str]] = {}
    for c in nat:
        by_rank.setdefault(c[0], set()).add(c)
    for cards in by_rank.values():
        uniq = sorted(cards)
        for size in (3, 4):
            for j in range(0, min(jokers, 2) + 1):
                if size - j < 1 or size - j > len(uniq):
                    continue
                for combo in itertools.combinations(uniq, size - j):
                    add(list(combo) + [JOKER] * j)
    have = set(nat)
    top = 14 if ace_after_king else 13
    for suit in SUITS:
        for start in range(1, top - 1):
            need: list[str] = []
            missing = 0
            for end in range(start, top + 1):
                c = position_card(end, suit)
                need.append(c)
                if c not in have:
                    missing += 1
                    if missing > jokers:
                        break
                if len(need) >= 3 and missing < len(need):
                    add([c if c in have else JOKER for c in need])
                    if len(found) >= limit:
                        return found
    return found


def extended(card: str, group: Sequence[str], ace_after_king: bool = False) -> tuple[str, ...] | None:
    """``group`` with ``card`` added at one of its ends, arranged for the table, or None when it does not fit
    (the computer's extensions and Romi's Shift+F8 ask the same question)."""
    for new in ((card,) + tuple(group), tuple(group) + (card,)):
        if is_valid_group(new, ace_after_king):
            return arrange_group(new, ace_after_king)
    return None


def extensions(hand: Sequence[str], table: Table, ace_after_king: bool = False) -> list[Table]:
    """Tables after adding one hand card to one end of one table group."""
    out: list[Table] = []
    for card in sorted(set(hand)):
        for i, g in enumerate(table):
            arranged = extended(card, g, ace_after_king)
            if arranged is not None:
                out.append(table[:i] + (arranged,) + table[i + 1:])
    return out


def points_of(groups: Iterable[Sequence[str]], ace_after_king: bool = False) -> int:
    return sum(group_points(g, ace_after_king) for g in groups)


def removed_from_hand(hand: Sequence[str], cards: Iterable[str]) -> tuple[str, ...]:
    """``hand`` without one copy of each of ``cards`` (order kept)."""
    need = Counter(cards)
    out = []
    for c in hand:
        if need[c]:
            need[c] -= 1
        else:
            out.append(c)
    return tuple(out)


def candidate_plays(
    hand: Sequence[str], table: Table, opened: bool, ace_after_king: bool = False, limit: int = 60
) -> list[Table]:
    """A varied list of legal plays: the best repartition, single melds from the
    hand, single-card extensions (or, before opening, openings of 25+)."""
    plays: list[Table] = []
    best = best_play(hand, table, opened, ace_after_king)
    if best is not None:
        plays.append(best)
    melds = hand_melds(hand, ace_after_king)
    if opened:
        plays.extend(tuple(table) + (m,) for m in melds)
        plays.extend(extensions(hand, table, ace_after_king))
    else:
        plays.extend(tuple(table) + (m,) for m in melds if group_points(m, ace_after_king) >= 25)
    seen: set = set()
    out = []
    for p in plays:
        key = tuple(sorted(tuple(sorted(g)) for g in p))
        if key not in seen:
            seen.add(key)
            out.append(p)
        if len(out) >= limit:
            break
    return out


__all__ = [
    "best_repartition",
    "best_play",
    "best_opening",
    "build_sets",
    "candidate_plays",
    "card_value",
    "extended",
    "extensions",
    "hand_melds",
    "laid_points",
    "order_like",
    "removed_from_hand",
]
