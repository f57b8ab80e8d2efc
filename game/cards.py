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


#: The one way the collection names a rank in words (lower case, as in running text).
RANK_WORDS = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
    "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack",
    "Q": "queen", "K": "king",
}
#: Rank titles for headings and labels only ('Ten'); messages name cards with card_name / rank_word.
RANK_NAMES = {r: w.capitalize() for r, w in RANK_WORDS.items()}


def rank_word(rank: str, n: int = 1) -> str:
    """A rank in words, singular or plural: 'seven', 'sixes', 'kings' (``rank`` is a letter or a code)."""
    from game.words import plural

    return plural(RANK_WORDS[rank[0]], n)


def card_name(code: str) -> str:
    """The one name of a card in every message: 'ten of hearts', 'joker' (no article, lower case).

    Write ``the_card(code)`` for 'the ten of hearts' and ``cards_phrase(codes)`` for several cards;
    ``game.words.capital`` when the name opens a sentence.
    """
    if code == JOKER:
        return "joker"
    return f"{RANK_WORDS[code[0]]} of {SUIT_NAMES[code[1]]}"


def the_card(code: str) -> str:
    """'the ten of hearts', 'the joker'."""
    return "the " + card_name(code)


def cards_phrase(codes: Iterable[str], empty: str = "no cards") -> str:
    """Several cards in words, grouped as a reader would say them.

    Cards of one suit are told together in the order given ('the four, five and six of clubs'), cards
    of one rank likewise ('the sevens of clubs, hearts and spades'); jokers come last ('with a joker',
    'with two jokers').  Why grouped: Romi's groups and ACME's tricks are runs and sets, and a run read
    card by card ('the four of clubs, the five of clubs and ...') hides what it is.
    """
    from game.words import join_words

    codes = list(codes)
    naturals = [c for c in codes if c != JOKER]
    jokers = len(codes) - len(naturals)
    if not codes:
        return empty
    if len(codes) == 1:
        return the_card(codes[0])
    parts: list[str] = []
    ranks = {c[0] for c in naturals}
    if len(naturals) >= 2 and len(ranks) == 1:
        parts.append(f"the {rank_word(naturals[0], 2)} of " + join_words([SUIT_NAMES[c[1]] for c in naturals]))
    elif naturals:
        by_suit: dict[str, list[str]] = {}
        for c in naturals:
            by_suit.setdefault(c[1], []).append(RANK_WORDS[c[0]])
        for suit, words in by_suit.items():
            parts.append(f"the {join_words(words)} of {SUIT_NAMES[suit]}")
    if not jokers:
        return join_words(parts)
    joker_words = "a joker" if jokers == 1 else f"{_SMALL_NUMBERS.get(jokers, str(jokers))} jokers"
    return f"{join_words(parts)} with {joker_words}" if parts else joker_words


_SMALL_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five"}


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
            parts.append("missing " + cards_phrase(missing))
        if extra:
            parts.append("unexpected " + cards_phrase(extra))
        raise ValueError(f"the {what} is wrong: " + "; ".join(parts))


def hand_phrase(codes: Iterable[str], sep: str = "; ") -> str:
    """A hand in the order shown, cards of one suit side by side said together: 'the seven, ten and king of
    clubs; a joker; the two of spades'.  Why: card by card, a sorted hand of 13 took half a minute by ear
    (round 14); the order is kept, so a hand read after Sort is heard as it is seen."""
    from game.words import join_words

    chunks: list[list[str]] = []
    for c in codes:
        if c != JOKER and chunks and chunks[-1][0] != JOKER and chunks[-1][0][1] == c[1]:
            chunks[-1].append(c)
        else:
            chunks.append([c])
    return sep.join("a joker" if chunk[0] == JOKER else the_card(chunk[0]) if len(chunk) == 1 else
                    f"the {join_words([RANK_WORDS[c[0]] for c in chunk])} of {SUIT_NAMES[chunk[0][1]]}"
                    for chunk in chunks)
