"""Forty Thieves as the seed plays it: a Golf-like patience with jokers and redeals.

Not the classic two-deck Forty Thieves.  One 52-card pack plus 0–5 jokers is
shuffled; seven stacks of five cards are dealt face up (the last card dealt to a
stack is the one that can be taken) and the rest is a face-down stock whose top
card is turned to be the *current card*.

Moves (their text forms are fixed by CONVENTIONS.md):

- ``take S`` — the exposed card of stack S (0–6) goes onto the current card and
  becomes the new current card.  Allowed when its rank is one above or one below
  the current card's (suits do not matter; Ace and King do not wrap), or when
  either card is a joker.  It scores the card's points (`card_points`).
- ``turn`` — the next stock card becomes the current card; allowed whenever the
  stock is not empty.

When a take empties the last of the seven stacks the player scores 15 more, one
joker (if any is left) leaves the pack for good, and the whole pack is
reshuffled and dealt again; the score carries on, without limit.  The game is
over when the stock is empty and no take is possible.

Determinism: the first deal comes from ``seed`` (or from ``deck``); every redeal
is shuffled from a number derived from the seed and the clear count
(`redeal_seed`), so a saved state redeals exactly as the unsaved one would.

What the scene needs besides the CONVENTIONS interface:

- `State` fields: ``stacks`` (seven tuples, exposed card last), ``current``,
  ``stock`` (next card to turn first), ``waste`` (cards under the current card,
  oldest first), ``jokers`` (in the pack now), ``start_jokers``, ``score``,
  ``clears``, ``seed``, ``practice``.
- `can_take(state, s)` / `why_not_take(state, s)` for the click-refusal cue,
  `practice(state)` when the player uses Undo, `outcome(state)` at game end,
  `observe(state)` for fair players, `all_cards(state)` for accounting, and
  ``new.clears > old.clears`` tells the scene a redeal happened in that move.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace
from typing import Any

from game.cards import JOKER, check_pack, full_pack, parse_card, rank_index, shuffled
from game.cards import the_card as cards_the_card
from game.errors import IllegalMove

__all__ = [
    "IllegalMove", "State", "Take", "Turn", "Move", "View", "Outcome",
    "NUM_STACKS", "STACK_DEPTH", "MAX_JOKERS", "DEFAULT_JOKERS", "CLEAR_BONUS",
    "card_points", "new_game", "legal_moves", "apply", "parse_move", "current_player", "score",
    "is_over", "outcome", "to_dict", "from_dict", "practice", "can_take", "why_not_take",
    "observe", "all_cards", "redeal_seed", "deal", "the_card",
]

NUM_STACKS = 7
STACK_DEPTH = 5
MAX_JOKERS = 5
DEFAULT_JOKERS = 2
CLEAR_BONUS = 15
FORMAT_VERSION = 1

#: Points for taking a card of each rank from a stack (jokers score nothing).
_POINTS = {"A": 8, "2": 6, "3": 6, "4": 4, "5": 4, "6": 2, "7": 2, "8": 2,
           "9": 4, "T": 4, "J": 6, "Q": 6, "K": 8, JOKER: 0}


def card_points(code: str) -> int:
    """Points scored by taking ``code`` from a stack (Ace and King 8 … joker 0)."""
    c = parse_card(code)
    return _POINTS[JOKER if c == JOKER else c[0]]


# ---------------------------------------------------------------- moves


@dataclass(frozen=True)
class Take:
    """Take the exposed card of stack ``stack`` (0–6) onto the current card."""

    stack: int

    def __str__(self) -> str:
        return f"take {self.stack}"


@dataclass(frozen=True)
class Turn:
    """Turn the next stock card over as the current card."""

    def __str__(self) -> str:
        return "turn"


Move = Take | Turn


# ---------------------------------------------------------------- state


@dataclass(frozen=True)
class State:
    """One position.  Every card of the pack is in exactly one of stacks, current, stock, waste."""

    stacks: tuple[tuple[str, ...], ...]
    current: str
    stock: tuple[str, ...]
    waste: tuple[str, ...]
    jokers: int
    start_jokers: int
    score: int = 0
    clears: int = 0
    seed: int = 0
    practice: bool = False


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: what the high-score tables and statistics need."""

    score: int
    clears: int
    start_jokers: int
    practice: bool


@dataclass(frozen=True)
class View:
    """What a fair player may know: everything face up, the stock only as a count.

    ``unseen`` is the multiset of cards never shown yet (the stock's cards), sorted,
    so it carries no hint of the stock's order.
    """

    stacks: tuple[tuple[str, ...], ...]
    current: str
    stock_size: int
    unseen: tuple[str, ...]
    jokers: int
    score: int
    clears: int


def redeal_seed(seed: int, clears: int) -> int:
    """The shuffle number for the deal after ``clears`` clears (stable across runs and saves)."""
    digest = hashlib.sha256(f"parlour-thieves:{seed}:{clears}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def deal(cards: list[str]) -> tuple[tuple[tuple[str, ...], ...], str, tuple[str, ...]]:
    """Lay ``cards`` out in dealing order: card i of the first 35 to stack i mod 7, then current, stock."""
    n = NUM_STACKS * STACK_DEPTH
    stacks = tuple(tuple(cards[s:n:NUM_STACKS]) for s in range(NUM_STACKS))
    return stacks, cards[n], tuple(cards[n + 1:])


def _check_jokers(jokers: Any) -> int:
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= MAX_JOKERS:
        raise ValueError(f"jokers must be a whole number from 0 to {MAX_JOKERS}, not {jokers!r}")
    return jokers


def new_game(seed: int | None = None, *, deck: list[str] | None = None,
             jokers: int = DEFAULT_JOKERS, **options: Any) -> State:
    """A fresh game with ``jokers`` (0–5) jokers in the pack.

    ``deck`` (card codes, first dealt first) fixes the first deal and must hold the
    52 cards plus exactly ``jokers`` jokers; redeals still come from ``seed``
    (0 when no seed is given with a deck).  Without either, a random seed is drawn.
    """
    if options:
        raise ValueError(f"unknown Forty Thieves option(s): {', '.join(sorted(options))}")
    jokers = _check_jokers(jokers)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if deck is not None:
        cards = [parse_card(c) for c in deck]
        check_pack(cards, full_pack(jokers), "deck")
        seed = 0 if seed is None else seed
    else:
        if seed is None:
            seed = random.SystemRandom().randint(1, 999_999)
        cards = shuffled(full_pack(jokers), seed)
    stacks, current, stock = deal(cards)
    return State(stacks=stacks, current=current, stock=stock, waste=(), jokers=jokers,
                 start_jokers=jokers, seed=seed)


# ---------------------------------------------------------------- rules


def _linked(a: str, b: str) -> bool:
    if a == JOKER or b == JOKER:
        return True
    return abs(rank_index(a) - rank_index(b)) == 1


def the_card(code: str) -> str:
    """'the nine of clubs', 'the joker': the collection's one card name (game.cards.the_card)."""
    return cards_the_card(code)


def why_not_take(state: State, stack: int) -> str | None:
    """Why ``take stack`` is refused, in words for the player; None when it is allowed."""
    if isinstance(stack, bool) or not isinstance(stack, int) or not 0 <= stack < NUM_STACKS:
        return f"There is no stack {stack}: stacks are numbered 0 to {NUM_STACKS - 1}."
    if is_over(state):
        return "The game is over: start a new game."
    cards = state.stacks[stack]
    if not cards:
        return f"Stack {stack} is empty."
    card = cards[-1]
    if not _linked(card, state.current):
        text = f"{the_card(card)} is not one above or below {the_card(state.current)}"
        if {card[0], state.current[0]} == {"A", "K"}:
            text += " (Ace and King do not join)"
        return text[0].upper() + text[1:] + "."
    return None


def can_take(state: State, stack: int) -> bool:
    """True when the exposed card of ``stack`` may go onto the current card now."""
    return why_not_take(state, stack) is None


def _takes(state: State) -> list[Take]:
    return [Take(s) for s in range(NUM_STACKS)
            if state.stacks[s] and _linked(state.stacks[s][-1], state.current)]


def legal_moves(state: State) -> list[Move]:
    """Every take allowed now (stack order), then ``turn`` while the stock has cards."""
    moves: list[Move] = list(_takes(state))
    if state.stock:
        moves.append(Turn())
    return moves


def is_over(state: State) -> bool:
    """True when the stock is empty and no take is possible."""
    return not state.stock and not _takes(state)


def current_player(state: State) -> int | None:
    """Seat 0 (the player) while a move is possible, else None."""
    return None if is_over(state) else 0


def score(state: State) -> int:
    return state.score


def outcome(state: State) -> Outcome | None:
    """The result of a finished game, or None while it can go on."""
    if not is_over(state):
        return None
    return Outcome(state.score, state.clears, state.start_jokers, state.practice)


def practice(state: State) -> State:
    """The same position marked as a practice game (Undo was used): it never enters high scores."""
    return state if state.practice else replace(state, practice=True)


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises IllegalMove (with a readable reason) if it is not allowed."""
    if isinstance(move, Turn):
        if not state.stock:
            raise IllegalMove("The stock is empty: there is no card left to turn.")
        return replace(state, current=state.stock[0], stock=state.stock[1:],
                       waste=state.waste + (state.current,))
    if not isinstance(move, Take):
        raise IllegalMove(f"'{move}' is not a Forty Thieves move.")
    reason = why_not_take(state, move.stack)
    if reason:
        raise IllegalMove(reason)
    s = move.stack
    card = state.stacks[s][-1]
    stacks = state.stacks[:s] + (state.stacks[s][:-1],) + state.stacks[s + 1:]
    after = replace(state, stacks=stacks, current=card, waste=state.waste + (state.current,),
                    score=state.score + card_points(card))
    if any(stacks):
        return after
    return _redeal(after)


def _redeal(state: State) -> State:
    """All seven stacks are empty: bonus, one joker out, the whole pack reshuffled and dealt."""
    jokers = max(0, state.jokers - 1)
    clears = state.clears + 1
    cards = shuffled(full_pack(jokers), redeal_seed(state.seed, clears))
    stacks, current, stock = deal(cards)
    return replace(state, stacks=stacks, current=current, stock=stock, waste=(), jokers=jokers,
                   score=state.score + CLEAR_BONUS, clears=clears)


def parse_move(state: State, text: str) -> Move:
    """Read ``take S`` or ``turn`` (case and spacing forgiven); IllegalMove on anything else."""
    words = str(text).strip().lower().split()
    if words == ["turn"]:
        return Turn()
    if len(words) == 2 and words[0] == "take" and words[1].isdigit():
        s = int(words[1])
        if 0 <= s < NUM_STACKS:
            return Take(s)
        raise IllegalMove(f"There is no stack {s}: stacks are numbered 0 to {NUM_STACKS - 1}.")
    raise IllegalMove(f"'{str(text).strip()}' is not a move: write 'take S' (S from 0 to 6) or 'turn'.")


def observe(state: State, seat: int = 0) -> View:
    """The fair player's view: face-up cards, the stock's size and the unseen cards as a sorted multiset."""
    return View(stacks=state.stacks, current=state.current, stock_size=len(state.stock),
                unseen=tuple(sorted(state.stock)), jokers=state.jokers, score=state.score,
                clears=state.clears)


def all_cards(state: State) -> list[str]:
    """Every card of the pack as it stands, wherever it lies (for accounting checks)."""
    out = [c for st in state.stacks for c in st]
    out.append(state.current)
    out.extend(state.stock)
    out.extend(state.waste)
    return out


# ---------------------------------------------------------------- saving


def to_dict(state: State) -> dict[str, Any]:
    """A JSON-safe dict of the whole state."""
    return {
        "stacks": [list(s) for s in state.stacks],
        "current": state.current,
        "stock": list(state.stock),
        "waste": list(state.waste),
        "jokers": state.jokers,
        "start_jokers": state.start_jokers,
        "score": state.score,
        "clears": state.clears,
        "seed": state.seed,
        "practice": state.practice,
    }


def _int(data: dict[str, Any], key: str, lo: int, hi: int | None = None) -> int:
    v = data.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"'{key}' must be a whole number")
    if v < lo or (hi is not None and v > hi):
        raise ValueError(f"'{key}' is out of range ({v})")
    return v


def _card_list(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f"'{what}' must be a list of cards")
    out = []
    for c in value:
        if not isinstance(c, str) or len(c) != 2:
            raise ValueError(f"'{what}' holds something that is not a card: {str(c)[:20]!r}")
        code = parse_card(c)
        if code != c:
            raise ValueError(f"'{what}' holds a card not in canonical form: {c!r}")
        out.append(code)
    return tuple(out)


def from_dict(data: Any) -> State:
    """Rebuild a state from `to_dict`'s output, checking everything; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("a Forty Thieves state must be a JSON object")
    known = {"stacks", "current", "stock", "waste", "jokers", "start_jokers", "score", "clears",
             "seed", "practice"}
    missing = known - set(data)
    if missing:
        raise ValueError(f"the state lacks {', '.join(sorted(missing))}")
    extra = set(data) - known
    if extra:
        raise ValueError(f"the state has unknown fields: {', '.join(sorted(map(str, extra)))[:80]}")
    stacks_raw = data["stacks"]
    if not isinstance(stacks_raw, list) or len(stacks_raw) != NUM_STACKS:
        raise ValueError(f"'stacks' must be a list of {NUM_STACKS} stacks")
    stacks = tuple(_card_list(s, "stacks") for s in stacks_raw)
    if any(len(s) > STACK_DEPTH for s in stacks):
        raise ValueError(f"a stack holds more than {STACK_DEPTH} cards")
    current_raw = data["current"]
    if not isinstance(current_raw, str):
        raise ValueError("'current' must be a card")
    current = _card_list([current_raw], "current")[0]
    stock = _card_list(data["stock"], "stock")
    waste = _card_list(data["waste"], "waste")
    start = _int(data, "start_jokers", 0, MAX_JOKERS)
    jokers = _int(data, "jokers", 0, start)
    clears = _int(data, "clears", 0)
    score_ = _int(data, "score", 0)
    seed = _int(data, "seed", -(2 ** 63), 2 ** 63)
    if jokers != max(0, start - clears):
        raise ValueError("the joker count does not match the number of clears")
    if not isinstance(data["practice"], bool):
        raise ValueError("'practice' must be true or false")
    if not any(stacks):
        raise ValueError("all seven stacks are empty: the deal should have been redealt")
    state = State(stacks=stacks, current=current, stock=stock, waste=waste, jokers=jokers,
                  start_jokers=start, score=score_, clears=clears, seed=seed,
                  practice=data["practice"])
    check_pack(all_cards(state), full_pack(jokers), "pack in the saved game")
    if score_ < CLEAR_BONUS * clears:
        raise ValueError("the score is lower than the clearing bonuses already earned")
    return state
