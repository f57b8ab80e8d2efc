"""Card codes, packs and seeded shuffles shared by every game.

A card is two characters, rank then suit (``TH`` is the ten of hearts); the
joker is ``JK``.  Parsing is forgiving (case, ``10`` for ``T``); printing is
always canonical, so saves and move texts stay stable.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKER = "JK"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {
    "A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
    "7": "Seven", "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack",
    "Q": "Queen", "K": "King",
}
#: Deal numbers shown to the player are 1..MAX_DEAL (like FreeCell's).
MAX_DEAL = 999_999


def parse_card(text: str) -> str:
    """Return the canonical code of ``text`` or raise ValueError saying why."""
    t = text.strip().upper()
    if t in ("JK", "JOKER", "*"):
        return JOKER
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"'{text.strip()}' is not a card (write e.g. TH, 7s, 10c, JK)")
    return t


def parse_cards(text: str | Iterable[str]) -> list[str]:
    """Parse several cards, separated by spaces or commas, or an iterable."""
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [parse_card(t) for t in text]


def is_joker(code: str) -> bool:
    return code == JOKER


def rank_of(code: str) -> str:
    """The rank letter (``'T'`` for ten); ``'JK'`` for the joker."""
    return JOKER if code == JOKER else code[0]


def suit_of(code: str) -> str | None:
    """The suit letter, or None for the joker."""
    return None if code == JOKER else code[1]


def rank_index(code: str) -> int:
    """Ace-low face value 1..13 (joker: 0)."""
    return 0 if code == JOKER else RANKS.index(code[0]) + 1


def card_name(code: str) -> str:
    """A player-readable name: 'Ten of hearts', 'Joker'."""
    if code == JOKER:
        return "Joker"
    return f"{RANK_NAMES[code[0]]} of {SUIT_NAMES[code[1]]}"


def full_pack(jokers: int = 0) -> list[str]:
    """One 52-card pack in a fixed order, plus ``jokers`` jokers at the end."""
    return [r + s for s in SUITS for r in RANKS] + [JOKER] * jokers


def shuffled(cards: Iterable[str], seed: int | None) -> list[str]:
    """A reproducible shuffle: the same seed always deals the same order."""
    out = list(cards)
    random.Random(seed).shuffle(out)
    return out


def new_deal_number(rng: random.Random | None = None) -> int:
    """A fresh deal number for New Game."""
    return (rng or random).randint(1, MAX_DEAL)


def check_pack(cards: Iterable[str], expected: Iterable[str], what: str = "deck") -> None:
    """Raise ValueError unless ``cards`` is exactly the multiset ``expected``."""
    from collections import Counter

    got, want = Counter(cards), Counter(expected)
    if got != want:
        missing = sorted((want - got).elements())
        extra = sorted((got - want).elements())
        parts = []
        if missing:
            parts.append("missing " + " ".join(missing))
        if extra:
            parts.append("unexpected " + " ".join(extra))
        raise ValueError(f"the {what} is wrong: " + "; ".join(parts))
