"""Builders of exact Forty Thieves positions for the rules tests."""

from __future__ import annotations

from collections import Counter

from game.cards import full_pack
from game.thieves import rules


def make_deck(stacks: list[list[str]], current: str, stock: list[str] | None = None,
              jokers: int = 0) -> list[str]:
    """A ``deck=`` list dealing ``stacks`` (each first-dealt first, exposed card last), ``current``
    and then ``stock`` at the front of the stock.  A stack given with fewer than five cards is
    padded underneath with unused cards; the other cards end the stock in pack order."""
    assert len(stacks) == 7
    named = [c for st in stacks for c in st] + [current] + list(stock or [])
    spare = list((Counter(full_pack(jokers)) - Counter(named)).elements())
    spare.sort(key=lambda c: (c == "JK", c[1:], "A23456789TJQK".find(c[0])))
    spare = [c for c in spare if c != "JK"] + [c for c in spare if c == "JK"]
    deck = [""] * 35
    for s, cards in enumerate(stacks):
        cards = [spare.pop(0) for _ in range(5 - len(cards))] + list(cards)
        for k, c in enumerate(cards):
            deck[k * 7 + s] = c
    deck.append(current)
    deck.extend(stock or [])
    deck.extend(spare)
    assert sorted(deck) == sorted(full_pack(jokers))
    return deck


def position(stacks: list[list[str]], current: str, stock: list[str], jokers: int = 0,
             start_jokers: int | None = None, clears: int = 0, score: int | None = None,
             seed: int = 7) -> rules.State:
    """A mid-deal state with exactly these stacks, current card and stock; every other card is in
    the waste (as if taken or turned earlier).  Validated through from_dict."""
    start = jokers if start_jokers is None else start_jokers
    used = Counter(c for s in stacks for c in s) + Counter([current]) + Counter(stock)
    waste = list((Counter(full_pack(jokers)) - used).elements())
    data = {
        "stacks": [list(s) for s in stacks], "current": current, "stock": list(stock),
        "waste": waste, "jokers": jokers, "start_jokers": start, "score": 15 * clears if score is None
        else score, "clears": clears, "seed": seed, "practice": False,
    }
    return rules.from_dict(data)
