"""Romi's groups: which collections of cards make a set or a run, and what they are worth.

A group is judged as a collection (the order the cards are given in does not
matter); a joker may stand for any card, and a group is valid when *some*
reading of its jokers makes it a set or a run.  The same readings give the
group's points (a joker is worth the card it stands for, in the reading worth
most) and the order in which the table lays the group out.

Positions of a run are 1..13 (Ace low); with the Ace-after-King preference an
Ace may also take position 14 (Q-K-A), still worth 1 point.  A run never wraps
round (K-A-2 has no reading).

This module is pure: no pygame, no I/O, no global state beyond constant tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.cards import JOKER, RANKS, SUITS, cards_phrase

#: What a joker costs the player left holding it when a game ends.
JOKER_HAND_POINTS = 25


def card_value(code: str) -> int:
    """Face points of a natural card: Ace 1, 2-10 face value, J 11, Q 12, K 13."""
    return RANKS.index(code[0]) + 1


def hand_card_points(code: str) -> int:
    """Points a card counts when left in a hand at the end (a joker counts 25)."""
    return JOKER_HAND_POINTS if code == JOKER else card_value(code)


def hand_points(cards: Iterable[str]) -> int:
    """The total of a hand for scoring (jokers 25 each)."""
    return sum(hand_card_points(c) for c in cards)


def position_value(pos: int) -> int:
    """Points of run position ``pos`` (14 is the high Ace, worth 1)."""
    return 1 if pos == 14 else pos


def position_card(pos: int, suit: str) -> str:
    """The natural card that sits at run position ``pos`` of ``suit``."""
    return RANKS[(pos - 1) % 13] + suit


@dataclass(frozen=True)
class Reading:
    """One way to read a group: a set of ``rank`` or a run from position ``start``."""

    kind: str  # "set" or "run"
    rank: int  # set: its rank 1..13; run: the first position 1..14
    suit: str | None  # run: its suit; set: None
    points: int


def _naturals(cards: Sequence[str]) -> tuple[list[str], int]:
    nat = [c for c in cards if c != JOKER]
    return nat, len(cards) - len(nat)


def readings(cards: Sequence[str], ace_after_king: bool = False) -> list[Reading]:
    """Every reading that makes ``cards`` a valid group (empty list: not a group)."""
    n = len(cards)
    if n < 3:
        return []
    nat, _jokers = _naturals(cards)
    out: list[Reading] = []
    # Sets: one rank, every suit different, at most four cards.
    if n <= 4:
        ranks = {c[0] for c in nat}
        suits = [c[1] for c in nat]
        if len(ranks) <= 1 and len(set(suits)) == len(suits):
            if ranks:
                r = RANKS.index(next(iter(ranks))) + 1
                out.append(Reading("set", r, None, r * n))
            else:
                out.append(Reading("set", 13, None, 13 * n))
    # Runs: one suit, consecutive positions, no wrap.
    suits = {c[1] for c in nat}
    if len(suits) <= 1:
        suit = next(iter(suits)) if suits else None
        top = 14 if ace_after_king else 13
        aces = sum(1 for c in nat if c[0] == "A")
        others = [RANKS.index(c[0]) + 1 for c in nat if c[0] != "A"]
        if len(set(others)) == len(others):
            for start in range(1, top - n + 2):
                end = start + n - 1
                if any(r < start or r > end for r in others):
                    continue
                ace_slots = (1 if start == 1 else 0) + (1 if end == 14 else 0)
                if aces > ace_slots:
                    continue
                pts = sum(position_value(p) for p in range(start, end + 1))
                out.append(Reading("run", start, suit, pts))
    return out


def is_valid_group(cards: Sequence[str], ace_after_king: bool = False) -> bool:
    """True when some reading of the jokers makes ``cards`` a set or a run."""
    return bool(readings(list(cards), ace_after_king))


def group_points(cards: Sequence[str], ace_after_king: bool = False) -> int:
    """The points of a valid group, each joker worth the card it stands for in the
    reading worth most.  Raises ValueError for a collection that is not a group."""
    rs = readings(list(cards), ace_after_king)
    if not rs:
        raise ValueError(f"{cards_phrase(cards, empty='nothing')} is not a set or a run")
    return max(r.points for r in rs)


def why_invalid(cards: Sequence[str], ace_after_king: bool = False) -> str:
    """A player-readable reason why ``cards`` is not a group ('' when it is one)."""
    text = cards_phrase(cards, empty="an empty group")
    if len(cards) < 3:
        return f"{text}: a group needs at least 3 cards"
    if readings(list(cards), ace_after_king):
        return ""
    return f"{text} is not a set or a run"


def _layout_start(cards: Sequence[str], ace_after_king: bool) -> int | None:
    """The first position if ``cards`` *in this order* lie as an ascending run."""
    n = len(cards)
    nat = [(i, c) for i, c in enumerate(cards) if c != JOKER]
    if not nat or len({c[1] for _, c in nat}) != 1:
        return None
    top = 14 if ace_after_king else 13
    for start in range(1, top - n + 2):
        ok = True
        for i, c in nat:
            pos = start + i
            r = RANKS.index(c[0]) + 1
            if not (r == pos or (r == 1 and pos == 14)):
                ok = False
                break
        if ok:
            return start
    return None


def is_laid_out(cards: Sequence[str], ace_after_king: bool = False) -> bool:
    """True when the order itself is a valid table layout: an ascending run with
    every joker in its place, or a set (any order)."""
    if len(cards) < 3:
        return False
    if _layout_start(cards, ace_after_king) is not None:
        return True
    return any(r.kind == "set" for r in readings(list(cards), ace_after_king))


def joker_stands_for(cards: Sequence[str], ace_after_king: bool = False) -> list[str]:
    """The card each joker of a run stands for, in the run's order (``cards`` as laid on the table); [] for a
    set (its joker is any missing suit) and for cards not laid out as a run.  Said by ear (round 15): "a run of
    the five and seven of hearts with a joker" did not say where the joker lay."""
    start = _layout_start(cards, ace_after_king)
    if start is None or JOKER not in cards or any(r.kind == "set" for r in readings(list(cards), ace_after_king)):
        return []
    suit = next(c[1] for c in cards if c != JOKER)
    return [position_card(start + i, suit) for i, c in enumerate(cards) if c == JOKER]


def arrange_group(cards: Sequence[str], ace_after_king: bool = False) -> tuple[str, ...]:
    """The group in table order.  An order that is already a layout is kept (so a
    player's choice of where a joker goes stands); otherwise a run is laid in rank
    order with its jokers in place (the reading worth most) and a set by suit."""
    cards = tuple(cards)
    if is_laid_out(cards, ace_after_king):
        return cards
    rs = readings(list(cards), ace_after_king)
    if not rs:
        raise ValueError(f"{cards_phrase(cards)} is not a set or a run")
    best = max(rs, key=lambda r: (r.points, r.kind == "run"))
    nat, jokers = _naturals(cards)
    if best.kind == "set":
        return tuple(sorted(nat, key=lambda c: SUITS.index(c[1]))) + (JOKER,) * jokers
    n = len(cards)
    slots: list[str | None] = [None] * n
    for c in sorted(nat, key=lambda c: RANKS.index(c[0])):
        r = RANKS.index(c[0]) + 1
        if c[0] == "A":
            idx = 0 if best.rank == 1 and slots[0] is None else n - 1
        else:
            idx = r - best.rank
        slots[idx] = c
    return tuple(JOKER if s is None else s for s in slots)


def run_cards(start: int, length: int, suit: str) -> tuple[str, ...]:
    """The natural cards of a run (helper for tests and generators)."""
    return tuple(position_card(p, suit) for p in range(start, start + length))
