"""Aces Up (and Idiot's Delight, Firing Squad): the pure rules.

The table is four piles and a face-down stock.  Only the top card of a pile
can be touched, and Aces rank highest.  A top card may be discarded singly
when another top card of its suit outranks it; two top cards of one rank may
be discarded together where the variation allows pairs, and such a card may
then *only* leave as a pair (the pair rule comes first).  An empty pile may
take the top card of any other pile.  The player may deal at any time while
the stock lasts: one card onto every pile, empty ones included, and with
fewer than four cards left, as many as there are from pile 0 on.

Variations (option ``variation``, see :data:`VARIATIONS`):

* ``"aces_up"`` (default): pairs allowed, but never a pair of Aces.  Won when
  the stock is empty and nothing but the four Aces is left on the table.
* ``"idiots_delight"``: pairs allowed, Aces too.  Won when every card is gone.
* ``"firing_squad"``: no pairs at all.  Won like Aces Up.

The game is over when it is won, or when the stock is empty, nothing can be
discarded and no fill can uncover a new card (there is no empty pile, or no
pile holds two or more cards); a game over that is not won is lost.

Scoring: +1 per card discarded singly, +1 per pair, -4 per deal after the
opening one, +50 for the win.  :func:`unscored` switches scoring off for the
rest of the game (the scene calls it after Undo, Restart and Load); the score
then stays frozen and ``state.scored`` is False ("not scored").

Public API (the scene, auto-player, solver, simulator and tests use these):

* :class:`State` -- frozen: ``piles`` (4 tuples, bottom to top), ``stock``
  (next dealt first), ``removed`` (the discard pile, oldest first),
  ``variation``, ``seed`` (deal number or None), ``score``, ``scored``,
  ``deals`` (deals after the opening one) and ``deck`` (the opening dealing
  order, so :func:`restart` can deal it again).
* Moves, frozen dataclasses whose ``str()`` is the fixed text form:
  :class:`Deal` ``deal``, :class:`Discard` ``discard P``, :class:`Pair`
  ``pair P Q`` (``a < b``, normalized on creation), :class:`Fill` ``move P Q``
  (top card of P onto the empty pile Q).  Piles are numbered 0-3.
* ``new_game(seed=None, *, deck=None, variation="aces_up")`` -- with ``deck``,
  cards 0-3 go onto piles 0-3 and the rest is the stock, dealt front first.
* ``legal_moves``, ``apply``, ``parse_move``, ``why_illegal``,
  ``current_player`` (0 while the game goes on, else None), ``score``,
  ``is_over``, ``is_won``, ``outcome`` ("won" / "lost" / None), ``to_dict``,
  ``from_dict``, ``unscored``, ``restart``, ``top_cards``, ``card_label``,
  ``observe`` (what the player may see: no stock order), ``VARIATIONS``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.cards import SUITS, card_name, cards_phrase, full_pack, new_deal_number, parse_card, shuffled
from game.errors import IllegalMove

__all__ = [
    "IllegalMove", "VARIATIONS", "State", "Deal", "Discard", "Pair", "Fill", "Move", "View",
    "new_game", "legal_moves", "apply", "parse_move", "why_illegal", "current_player", "score",
    "is_over", "is_won", "outcome", "to_dict", "from_dict", "unscored", "restart", "top_cards",
    "card_label", "observe", "rank_value", "pairs_allowed", "can_pair_rank",
]

#: Variation name -> title for the menu, in menu order.
VARIATIONS: dict[str, str] = {
    "aces_up": "Aces Up",
    "idiots_delight": "Idiot's Delight",
    "firing_squad": "Firing Squad",
}

NUM_PILES = 4
SAVE_FORMAT_KEYS = ("piles", "stock", "removed", "deck", "variation", "seed", "score", "scored", "deals")

_RANK_VALUE = {r: i for i, r in enumerate("23456789TJQKA", start=2)}
_SUIT_SINGULAR = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}

POINTS_SINGLE = 1
POINTS_PAIR = 1
POINTS_DEAL = -4
POINTS_WIN = 50


def rank_value(card: str) -> int:
    """Aces-high value: 2..10, J=11, Q=12, K=13, A=14."""
    return _RANK_VALUE[card[0]]


def card_label(card: str) -> str:
    """The collection's one card name (game.cards.card_name): 'seven of clubs', 'ace of spades'."""
    return card_name(card)


def pairs_allowed(variation: str) -> bool:
    return variation != "firing_squad"


def can_pair_rank(variation: str, rank: str) -> bool:
    """Whether two cards of ``rank`` may leave together in ``variation``."""
    if variation == "firing_squad":
        return False
    return rank != "A" or variation == "idiots_delight"


# --------------------------------------------------------------------- state


@dataclass(frozen=True)
class State:
    """One position.  Every card of the pack is in ``piles``, ``stock`` or ``removed``."""

    piles: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    variation: str = "aces_up"
    seed: int | None = None
    score: int = 0
    scored: bool = True
    deals: int = 0
    removed: tuple[str, ...] = ()
    deck: tuple[str, ...] = field(default=(), repr=False)


@dataclass(frozen=True)
class Deal:
    """Deal one stock card onto each pile (fewer at the end of the stock)."""

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True)
class Discard:
    """Discard the top card of ``pile`` singly."""

    pile: int

    def __str__(self) -> str:
        return f"discard {self.pile}"


@dataclass(frozen=True)
class Pair:
    """Discard the top cards of piles ``a`` and ``b`` together (stored with a < b)."""

    a: int
    b: int

    def __post_init__(self) -> None:
        if isinstance(self.a, int) and isinstance(self.b, int) and self.a > self.b:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"pair {self.a} {self.b}"


@dataclass(frozen=True)
class Fill:
    """Move the top card of pile ``src`` onto the empty pile ``dst``."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"move {self.src} {self.dst}"


Move = Deal | Discard | Pair | Fill


@dataclass(frozen=True)
class View:
    """What the player may see: the table and discards, but only the stock's size."""

    piles: tuple[tuple[str, ...], ...]
    stock_count: int
    removed: tuple[str, ...]
    variation: str


# ------------------------------------------------------------------ new game


def _check_variation(variation: Any) -> str:
    if not isinstance(variation, str) or variation not in VARIATIONS:
        names = ", ".join(VARIATIONS)
        raise ValueError(f"unknown Aces Up variation {variation!r} (choose one of {names})")
    return variation


def _deal_from(deck: tuple[str, ...], variation: str, seed: int | None) -> State:
    piles = tuple((c,) for c in deck[:NUM_PILES])
    piles = piles + ((),) * (NUM_PILES - len(piles))
    return State(piles=piles, stock=tuple(deck[NUM_PILES:]), variation=variation, seed=seed,
                 score=0, scored=True, deals=0, removed=(), deck=tuple(deck))


def new_game(seed: int | None = None, *, deck: list[str] | None = None, variation: str = "aces_up") -> State:
    """A fresh deal.  ``deck`` (52 codes, first dealt first) fixes the pack and wins over ``seed``;
    without either a new deal number is drawn."""
    _check_variation(variation)
    if deck is not None:
        cards = tuple(parse_card(c) for c in deck)
        _check_pack(cards, "deck")
    else:
        if seed is None:
            seed = new_deal_number()
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("the deal number must be a whole number")
        cards = tuple(shuffled(full_pack(), seed))
    return _deal_from(cards, variation, seed)


def restart(state: State) -> State:
    """The same deal from its start, with scoring off (Restart counts like Undo)."""
    if not state.deck:
        raise ValueError("this position does not record its opening deal")
    return unscored(_deal_from(state.deck, state.variation, state.seed))


def unscored(state: State) -> State:
    """A copy with scoring switched off; the score stays as it was."""
    return state if not state.scored else replace(state, scored=False)


# ------------------------------------------------------------------- queries


def top_cards(state: State) -> tuple[str | None, ...]:
    """The top card of each pile, None for an empty pile."""
    return tuple(p[-1] if p else None for p in state.piles)


def observe(state: State) -> View:
    """The player's view: everything face up, the stock only as a count."""
    return View(piles=state.piles, stock_count=len(state.stock), removed=state.removed,
                variation=state.variation)


def score(state: State) -> int:
    return state.score


def current_player(state: State) -> int | None:
    return None if is_over(state) else 0


def is_won(state: State) -> bool:
    """Idiot's Delight: every card gone.  Otherwise: stock empty and only the four Aces left."""
    if state.stock:
        return False
    left = [c for p in state.piles for c in p]
    if state.variation == "idiots_delight":
        return not left
    return len(left) == 4 and all(c[0] == "A" for c in left)


def _has_removal(state: State) -> bool:
    tops = top_cards(state)
    return any(_discard_problem(state, tops, i) is None for i in range(NUM_PILES)) or any(
        _pair_problem(state, tops, i, j) is None
        for i in range(NUM_PILES) for j in range(i + 1, NUM_PILES)
    )


def is_over(state: State) -> bool:
    if is_won(state):
        return True
    if state.stock or _has_removal(state):
        return False
    has_space = any(not p for p in state.piles)
    has_buried = any(len(p) >= 2 for p in state.piles)
    return not (has_space and has_buried)


def outcome(state: State) -> str | None:
    """'won', 'lost', or None while the game goes on."""
    if is_won(state):
        return "won"
    return "lost" if is_over(state) else None


# --------------------------------------------------------------------- moves


def _pile_ok(p: Any) -> bool:
    return isinstance(p, int) and not isinstance(p, bool) and 0 <= p < NUM_PILES


def _partner(state: State, tops: tuple[str | None, ...], i: int) -> int | None:
    """Another pile whose top card pairs with pile i's top, where such a pair may leave."""
    card = tops[i]
    if card is None or not can_pair_rank(state.variation, card[0]):
        return None
    for j, other in enumerate(tops):
        if j != i and other is not None and other[0] == card[0]:
            return j
    return None


def _discard_problem(state: State, tops: tuple[str | None, ...], i: int) -> str | None:
    card = tops[i]
    if card is None:
        return "That pile is empty."
    j = _partner(state, tops, i)
    if j is not None:
        return f"The {card_label(card)} can only leave as a pair with the {card_label(tops[j])}."
    if card[0] == "A":
        if state.variation == "idiots_delight":
            return f"Nothing outranks the {card_label(card)}: aces leave only as a pair."
        return f"Nothing outranks the {card_label(card)}, so it stays."
    v = rank_value(card)
    for other in tops:
        if other is not None and other[1] == card[1] and rank_value(other) > v:
            return None
    return (f"The {card_label(card)} can only be discarded while a higher "
            f"{_SUIT_SINGULAR[card[1]]} shows on another pile.")


def _pair_problem(state: State, tops: tuple[str | None, ...], a: int, b: int) -> str | None:
    if a == b:
        return "A pair needs two different piles."
    x, y = tops[a], tops[b]
    if x is None or y is None:
        return "A pair needs a card on both piles."
    if state.variation == "firing_squad":
        return "Firing Squad allows no pairs: cards leave only singly."
    if x[0] != y[0]:
        return f"The {card_label(x)} and the {card_label(y)} are not a pair."
    if x[0] == "A" and state.variation == "aces_up":
        return "In Aces Up the aces are never discarded as a pair."
    return None


def _fill_problem(state: State, src: int, dst: int) -> str | None:
    if src == dst:
        return "A card must move to a different pile."
    if not state.piles[src]:
        return "There is no card on that pile to move."
    if state.piles[dst]:
        return "A card can only be moved onto an empty pile."
    return None


def why_illegal(state: State, move: Move) -> str | None:
    """None when ``move`` is legal now, else a sentence for the player saying why not."""
    if is_over(state):
        return "The game is over." if not is_won(state) else "The game is won."
    tops = top_cards(state)
    if isinstance(move, Deal):
        return None if state.stock else "The stock is empty."
    if isinstance(move, Discard):
        if not _pile_ok(move.pile):
            return "There is no such pile."
        return _discard_problem(state, tops, move.pile)
    if isinstance(move, Pair):
        if not (_pile_ok(move.a) and _pile_ok(move.b)):
            return "There is no such pile."
        return _pair_problem(state, tops, move.a, move.b)
    if isinstance(move, Fill):
        if not (_pile_ok(move.src) and _pile_ok(move.dst)):
            return "There is no such pile."
        return _fill_problem(state, move.src, move.dst)
    return "That is not an Aces Up move."


def legal_moves(state: State) -> list[Move]:
    """Discards, then pairs, then fills, then the deal; empty once the game is over."""
    if is_over(state):
        return []
    tops = top_cards(state)
    moves: list[Move] = [Discard(i) for i in range(NUM_PILES) if _discard_problem(state, tops, i) is None]
    moves += [Pair(a, b) for a in range(NUM_PILES) for b in range(a + 1, NUM_PILES)
              if _pair_problem(state, tops, a, b) is None]
    moves += [Fill(s, d) for s in range(NUM_PILES) for d in range(NUM_PILES)
              if s != d and _fill_problem(state, s, d) is None]
    if state.stock:
        moves.append(Deal())
    return moves


def _finish(state: State, gained: int) -> State:
    if state.scored:
        state = replace(state, score=state.score + gained)
        if is_won(state):
            state = replace(state, score=state.score + POINTS_WIN)
    return state


def apply(state: State, move: Move) -> State:
    """The position after ``move``; raises IllegalMove (readable message) if the rules forbid it."""
    problem = why_illegal(state, move)
    if problem is not None:
        raise IllegalMove(problem)
    piles = list(state.piles)
    if isinstance(move, Deal):
        n = min(NUM_PILES, len(state.stock))
        for i in range(n):
            piles[i] = piles[i] + (state.stock[i],)
        new = replace(state, piles=tuple(piles), stock=state.stock[n:], deals=state.deals + 1)
        return _finish(new, POINTS_DEAL)
    if isinstance(move, Discard):
        card = piles[move.pile][-1]
        piles[move.pile] = piles[move.pile][:-1]
        new = replace(state, piles=tuple(piles), removed=state.removed + (card,))
        return _finish(new, POINTS_SINGLE)
    if isinstance(move, Pair):
        x, y = piles[move.a][-1], piles[move.b][-1]
        piles[move.a] = piles[move.a][:-1]
        piles[move.b] = piles[move.b][:-1]
        new = replace(state, piles=tuple(piles), removed=state.removed + (x, y))
        return _finish(new, POINTS_PAIR)
    assert isinstance(move, Fill)
    card = piles[move.src][-1]
    piles[move.src] = piles[move.src][:-1]
    piles[move.dst] = (card,)
    return replace(state, piles=tuple(piles))


def parse_move(state: State, text: str) -> Move:
    """Read ``deal``, ``discard P``, ``pair P Q`` or ``move P Q`` (any case, spaces or commas)."""
    if not isinstance(text, str):
        raise IllegalMove("A move must be text such as 'discard 2'.")
    words = text.replace(",", " ").lower().split()
    if not words:
        raise IllegalMove("Empty move: write deal, discard P, pair P Q or move P Q.")
    verb, args = words[0], words[1:]
    expected = {"deal": 0, "discard": 1, "pair": 2, "move": 2}
    if verb not in expected:
        raise IllegalMove(f"'{text.strip()}' is not a move: write deal, discard P, pair P Q or move P Q.")
    if len(args) != expected[verb]:
        raise IllegalMove(f"'{text.strip()}' needs {expected[verb]} pile number(s) (0-3).")
    nums: list[int] = []
    for a in args:
        if len(a) != 1 or a not in "0123":
            raise IllegalMove(f"'{a}' is not a pile number (0-3).")
        nums.append(int(a))
    if verb == "deal":
        return Deal()
    if verb == "discard":
        return Discard(nums[0])
    if nums[0] == nums[1]:
        raise IllegalMove(f"'{text.strip()}' names the same pile twice.")
    return Pair(nums[0], nums[1]) if verb == "pair" else Fill(nums[0], nums[1])


# ---------------------------------------------------------------- save/load


def to_dict(state: State) -> dict[str, Any]:
    """A JSON-safe dict (lists of card codes) that :func:`from_dict` turns back into ``state``."""
    return {
        "variation": state.variation,
        "seed": state.seed,
        "piles": [list(p) for p in state.piles],
        "stock": list(state.stock),
        "removed": list(state.removed),
        "deck": list(state.deck),
        "score": state.score,
        "scored": state.scored,
        "deals": state.deals,
    }


def _check_pack(cards: tuple[str, ...], what: str) -> None:
    if len(cards) != 52 or len(set(cards)) != 52:
        seen: set[str] = set()
        dup = sorted({c for c in cards if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
        missing = sorted(set(full_pack()) - set(cards))
        parts = [f"{len(cards)} cards instead of 52"] if len(cards) != 52 else []
        if dup:
            parts.append("repeated " + cards_phrase(dup))
        if missing:
            parts.append("missing " + cards_phrase(missing))
        raise ValueError(f"the {what} is wrong: " + "; ".join(parts))


def _card_list(data: dict[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"'{key}' must be a list of cards")
    out = []
    for c in value:
        if not isinstance(c, str) or len(c) != 2 or c[0] not in _RANK_VALUE or c[1] not in SUITS:
            raise ValueError(f"'{key}' holds {c!r}, which is not a card code such as 'TH'")
        out.append(c)
    return tuple(out)


def _int(data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = data.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"'{key}' must be a whole number from {lo} to {hi}")
    return v


def from_dict(data: Any) -> State:
    """Rebuild a state from :func:`to_dict` output, checking everything; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("an Aces Up position must be a JSON object")
    missing = [k for k in SAVE_FORMAT_KEYS if k not in data]
    if missing:
        raise ValueError("the position lacks " + ", ".join(missing))
    variation = _check_variation(data["variation"])
    seed = data["seed"]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError("'seed' must be a deal number or null")
    raw_piles = data["piles"]
    if not isinstance(raw_piles, list) or len(raw_piles) != NUM_PILES:
        raise ValueError("'piles' must be a list of four piles")
    piles = tuple(_card_list({"pile": p}, "pile") for p in raw_piles)
    stock = _card_list(data, "stock")
    removed = _card_list(data, "removed")
    deck = _card_list(data, "deck")
    _check_pack(tuple(c for p in piles for c in p) + stock + removed, "set of cards on the table")
    _check_pack(deck, "recorded opening deal")
    if stock and deck[len(deck) - len(stock):] != stock:
        raise ValueError("the stock does not match the recorded opening deal")
    score_value = _int(data, "score", -10_000, 10_000)
    scored = data["scored"]
    if not isinstance(scored, bool):
        raise ValueError("'scored' must be true or false")
    deals = _int(data, "deals", 0, 52)
    return State(piles=piles, stock=stock, variation=variation, seed=seed, score=score_value,
                 scored=scored, deals=deals, removed=removed, deck=deck)
