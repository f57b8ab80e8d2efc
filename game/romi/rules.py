"""Romi's rules: a two-player rummy with two packs and two jokers on a shared table.

The whole game lives in an immutable `State`; `apply` returns a new one and
never changes its input, so the scene's undo, the computer players' search and
the tests can all call it freely.

Cards and deal.  106 cards: two 52-card packs and two jokers (equal codes are
legal; copies are interchangeable, so every text form uses the code alone).
With ``deck=`` the first 14 cards go to seat 0 (the human), the next 14 to
seat 1, and the rest is the stock, drawn front first.

Groups.  A set is 3-4 cards of one rank in different suits; a run is 3 or more
cards of one suit in consecutive ranks, Ace low.  With ``ace_after_king=True``
an Ace may also follow the King (Q-K-A), but a run never wraps (K-A-2).  A
joker stands for any card (see `groups.py`).

A turn.  The player to act either plays or draws.
- Opening: until a player has opened, a play may only add new groups made from
  that player's hand alone, worth 25 points or more together, leaving the
  table's groups exactly as they were.
- After opening: the play may rearrange the whole table and add hand cards;
  afterwards every group must be valid, every card that was on the table must
  still be there (jokers too) and at least one card must have come from the hand.
- Drawing takes the front card of the stock.  When the stock is empty, ``draw``
  is a pass; two passes in a row end the game and the lower hand total wins
  (equal totals: a draw).  A player is never forced to play.
- The first player to lay their last card wins.  The winner scores the points
  left in the loser's hand, a joker counting 25.  The loser of a game plays
  first in the next (``next_first``); the human plays first in the first game.

Move text.  ``draw`` (``pass`` is accepted for it), and ``play G1 | G2 | ...``
where the groups are the whole table after the turn, each group's cards in
table order, e.g. ``play 7H 8H 9H | QS QD QC``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.cards import JOKER, cards_phrase, full_pack, parse_cards, shuffled
from game.errors import IllegalMove
from game.romi.groups import (
    arrange_group,
    group_points,
    hand_points,
    is_valid_group,
    why_invalid,
)
from game.words import capital

__all__ = [
    "IllegalMove", "State", "Draw", "Play", "Observation", "Move", "new_game", "legal_moves", "apply",
    "parse_move", "current_player", "score", "is_over", "to_dict", "from_dict", "observe",
    "validate_table", "is_valid_group", "group_points", "game_points", "next_first", "PACK",
    "HAND_SIZE", "OPENING_POINTS", "table_cards",
]

HAND_SIZE = 14
OPENING_POINTS = 25
SEATS = 2
#: The 106 cards: two packs and two jokers.
PACK: tuple[str, ...] = tuple(sorted(full_pack(0) * 2 + [JOKER, JOKER]))
FORMAT_VERSION = 1

Table = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Draw:
    """Draw the front card of the stock (a pass when it is empty)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Play:
    """The whole table as it stands after the turn."""

    groups: Table

    def __str__(self) -> str:
        return "play " + " | ".join(" ".join(g) for g in self.groups)


Move = Draw | Play


@dataclass(frozen=True)
class State:
    """Everything about a game of Romi at one moment."""

    hands: tuple[tuple[str, ...], tuple[str, ...]]
    table: Table
    stock: tuple[str, ...]
    turn: int = 0
    opened: tuple[bool, bool] = (False, False)
    passes: int = 0  # consecutive passes while the stock is empty
    over: bool = False
    winner: int | None = None  # None with over=True: a drawn game
    first: int = 0  # who played first in this game
    ace_after_king: bool = False


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand, the table and counts of the rest."""

    seat: int
    hand: tuple[str, ...]
    table: Table
    opponent_cards: int
    stock_cards: int
    opened: tuple[bool, bool]
    turn: int
    passes: int
    over: bool
    ace_after_king: bool


# --- setting up -----------------------------------------------------------------
def new_game(
    seed: int | None = None,
    *,
    deck: Sequence[str] | None = None,
    ace_after_king: bool = False,
    first: int = 0,
) -> State:
    """A fresh deal.  ``first`` is the seat that plays first (0: the human)."""
    if not isinstance(ace_after_king, bool):
        raise ValueError("ace_after_king must be True or False")
    if first not in (0, 1) or isinstance(first, bool):
        raise ValueError("first must be seat 0 or 1")
    if deck is not None:
        cards = parse_cards(list(deck))
        from game.cards import check_pack

        check_pack(cards, PACK, "Romi deck (two packs and two jokers)")
    else:
        cards = shuffled(PACK, seed)
    hands = (tuple(cards[:HAND_SIZE]), tuple(cards[HAND_SIZE:2 * HAND_SIZE]))
    return State(hands=hands, table=(), stock=tuple(cards[2 * HAND_SIZE:]), turn=first,
                 first=first, ace_after_king=ace_after_king)


# --- queries --------------------------------------------------------------------
def current_player(state: State) -> int | None:
    return None if state.over else state.turn


def is_over(state: State) -> bool:
    return state.over


def score(state: State) -> tuple[int, int]:
    """Points left in each seat's hand (a joker counts 25)."""
    return (hand_points(state.hands[0]), hand_points(state.hands[1]))


def game_points(state: State) -> tuple[int, int]:
    """What each seat scored in a finished game: the winner takes the points
    left in the loser's hand; a draw or an unfinished game scores nothing."""
    if not state.over or state.winner is None:
        return (0, 0)
    loser = 1 - state.winner
    pts = hand_points(state.hands[loser])
    return (pts, 0) if state.winner == 0 else (0, pts)


def next_first(state: State) -> int:
    """Who plays first in the next game: the loser; after a draw, the other seat."""
    if state.over and state.winner is not None:
        return 1 - state.winner
    return 1 - state.first


def table_cards(table: Table) -> list[str]:
    return [c for g in table for c in g]


def observe(state: State, seat: int) -> Observation:
    """The view a player at ``seat`` is allowed: never the other hand or the stock order."""
    return Observation(
        seat=seat,
        hand=state.hands[seat],
        table=state.table,
        opponent_cards=len(state.hands[1 - seat]),
        stock_cards=len(state.stock),
        opened=state.opened,
        turn=state.turn,
        passes=state.passes,
        over=state.over,
        ace_after_king=state.ace_after_king,
    )


def validate_table(groups: Sequence[Sequence[str]], ace_after_king: bool = False) -> list[int]:
    """Indexes of the groups that are not valid (for the scene's Validate)."""
    return [i for i, g in enumerate(groups) if not is_valid_group(list(g), ace_after_king)]


def legal_moves(state: State) -> list[Move]:
    """``draw`` and the plays the move generator finds (Romi's rearrangements are
    too many to list; `apply` judges any play)."""
    if state.over:
        return []
    from game.romi.generator import candidate_plays

    p = state.turn
    plays = candidate_plays(state.hands[p], state.table, state.opened[p], state.ace_after_king)
    return [Draw()] + [Play(t) for t in plays]


# --- moves ----------------------------------------------------------------------
def parse_move(state: State, text: str) -> Move:
    """Read ``draw``/``pass`` or ``play G1 | G2 | ...``; raise IllegalMove if unreadable."""
    t = text.strip()
    low = t.lower()
    if low in ("draw", "pass"):
        return Draw()
    if low.startswith("play"):
        body = t[4:].strip()
        if not body:
            raise IllegalMove("a play must list the table's groups, e.g. 'play 7H 8H 9H'")
        groups = []
        for part in body.split("|"):
            try:
                cards = parse_cards(part)
            except ValueError as exc:
                raise IllegalMove(str(exc)) from None
            if not cards:
                raise IllegalMove("an empty group between '|' marks")
            groups.append(tuple(cards))
        return Play(tuple(groups))
    raise IllegalMove(f"'{t}' is not a Romi move (write 'draw' or 'play 7H 8H 9H | QS QD QC')")


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is never changed."""
    if state.over:
        raise IllegalMove("the game is over")
    if isinstance(move, Draw):
        return _draw(state)
    if isinstance(move, Play):
        return _play(state, move.groups)
    raise IllegalMove(f"{move!r} is not a Romi move")


def _draw(state: State) -> State:
    p = state.turn
    if state.stock:
        hands = list(state.hands)
        hands[p] = state.hands[p] + (state.stock[0],)
        return _replace(state, hands=tuple(hands), stock=state.stock[1:], turn=1 - p, passes=0)
    passes = state.passes + 1
    if passes < 2:
        return _replace(state, passes=passes, turn=1 - p)
    a, b = score(state)
    winner = None if a == b else (0 if a < b else 1)
    return _replace(state, passes=passes, over=True, winner=winner)


def _play(state: State, groups: Sequence[Sequence[str]]) -> State:
    p = state.turn
    aak = state.ace_after_king
    if not groups:
        raise IllegalMove("a play must leave at least one group on the table")
    clean: list[tuple[str, ...]] = []
    for g in groups:
        try:
            cards = tuple(parse_cards(list(g)))
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        reason = why_invalid(cards, aak)
        if reason:
            raise IllegalMove(reason)
        clean.append(cards)
    before = Counter(c for g in state.table for c in g)
    after = Counter(c for g in clean for c in g)
    lost = before - after
    if lost:
        names = capital(cards_phrase(sorted(lost.elements())))
        raise IllegalMove(f"{names} must stay on the table: cards on the table never go back to a hand")
    added = after - before
    hand = Counter(state.hands[p])
    missing = added - hand
    if missing:
        names = cards_phrase(sorted(missing.elements()))
        raise IllegalMove(f"you do not hold {names}")
    if not added:
        raise IllegalMove("you must add at least one card from your hand (or draw a card)")
    if not state.opened[p]:
        remaining = Counter(tuple(sorted(g)) for g in clean)
        for old in state.table:
            key = tuple(sorted(old))
            if remaining[key] <= 0:
                raise IllegalMove(
                    "before opening you may not touch the table: lay new groups from your hand only"
                )
            remaining[key] -= 1
        pts = sum(group_points(g, aak) for g in remaining.elements())
        if pts < OPENING_POINTS:
            raise IllegalMove(
                f"an opening needs {OPENING_POINTS} points from your hand; these groups make {pts}"
            )
    new_hand = list(state.hands[p])
    for c in added.elements():
        new_hand.remove(c)
    hands = list(state.hands)
    hands[p] = tuple(new_hand)
    opened = list(state.opened)
    opened[p] = True
    table = tuple(arrange_group(g, aak) for g in clean)
    won = not new_hand
    return _replace(
        state, hands=tuple(hands), table=table, opened=tuple(opened), passes=0,
        turn=p if won else 1 - p, over=won, winner=p if won else None,
    )


def _replace(state: State, **changes) -> State:
    from dataclasses import replace

    return replace(state, **changes)


# --- saving -----------------------------------------------------------------------
def to_dict(state: State) -> dict:
    """A JSON-safe dict (see `from_dict`)."""
    return {
        "version": FORMAT_VERSION,
        "hands": [list(h) for h in state.hands],
        "table": [list(g) for g in state.table],
        "stock": list(state.stock),
        "turn": state.turn,
        "opened": list(state.opened),
        "passes": state.passes,
        "over": state.over,
        "winner": state.winner,
        "first": state.first,
        "ace_after_king": state.ace_after_king,
    }


def _seat(value, what: str, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise ValueError(f"{what} must be seat 0 or 1, not {value!r}")
    return value


def _cards(value, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f"{what} must be a list of card codes")
    try:
        cards = tuple(parse_cards(value))
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None
    if list(cards) != value:
        raise ValueError(f"{what} must use canonical card codes")
    return cards


def from_dict(data: dict) -> State:
    """Rebuild a state from `to_dict`'s output, checking everything."""
    if not isinstance(data, dict):
        raise ValueError("a Romi game must be a JSON object")
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise ValueError(f"unknown Romi state version {version!r}")
    for key in ("hands", "table", "stock", "turn", "opened", "passes", "over", "winner", "first",
                "ace_after_king"):
        if key not in data:
            raise ValueError(f"the Romi game has no '{key}'")
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list) or len(hands_raw) != 2:
        raise ValueError("hands must be a list of two hands")
    hands = (_cards(hands_raw[0], "hand 0"), _cards(hands_raw[1], "hand 1"))
    if not isinstance(data["table"], list):
        raise ValueError("table must be a list of groups")
    aak = data["ace_after_king"]
    if not isinstance(aak, bool):
        raise ValueError("ace_after_king must be true or false")
    table = tuple(_cards(g, f"table group {i + 1}") for i, g in enumerate(data["table"]))
    for g in table:
        reason = why_invalid(g, aak)
        if reason:
            raise ValueError(f"the table holds an invalid group: {reason}")
    stock = _cards(data["stock"], "stock")
    from game.cards import check_pack

    check_pack(list(hands[0] + hands[1] + stock) + [c for g in table for c in g], PACK, "set of cards")
    turn = _seat(data["turn"], "turn")
    first = _seat(data["first"], "first")
    opened_raw = data["opened"]
    if not isinstance(opened_raw, list) or len(opened_raw) != 2 or not all(
            isinstance(x, bool) for x in opened_raw):
        raise ValueError("opened must be two true/false flags")
    passes = data["passes"]
    if isinstance(passes, bool) or not isinstance(passes, int) or not 0 <= passes <= 2:
        raise ValueError("passes must be 0, 1 or 2")
    over = data["over"]
    if not isinstance(over, bool):
        raise ValueError("over must be true or false")
    winner = _seat(data["winner"], "winner", allow_none=True)
    if winner is not None and not over:
        raise ValueError("a game with a winner must be over")
    if winner is not None and hands[winner] and passes < 2:
        raise ValueError("the winner still holds cards")
    if passes and stock:
        raise ValueError("passes happen only once the stock is empty")
    if passes == 2 and not over:
        raise ValueError("two passes in a row end the game")
    if table and not any(opened_raw):
        raise ValueError("cards are on the table but nobody has opened")
    return State(hands=hands, table=table, stock=stock, turn=turn, opened=tuple(opened_raw),
                 passes=passes, over=over, winner=winner, first=first, ace_after_king=aak)
