"""ACME: the five-seat "President" climbing game, as pure rules.

A *game* in the sense of CONVENTIONS.md is one **round** of ACME: deal, the
card exchange, then tricks until one player still holds cards.  `is_over` is
true when that round has ended; a table continues with `next_round`, which
deals afresh with the finishing order as the new roles.

Seats are 0..4 (seat 0 is the human) and play moves from seat s to s+1.
``State.roles`` lists the seats in seniority order: President, Vice President,
White Collar Worker, Blue Collar Worker, Apprentice.  Suits never matter to
play; the rank order is 3 4 5 6 7 8 9 10 J Q K A 2 and the joker above all.

Move text (stable, see `Move.__str__` and `parse_move`):
    ``give 3C 4D``   an exchange gift (President 2 cards, Vice President 1,
                     Blue Collar Worker his highest card, Apprentice his two
                     highest — "highest" meaning rightmost in the sorted hand)
    ``play 7H 7S``   one to four cards of one rank, or the joker alone
    ``pass``         decline this trick (never allowed to the leader)

Dealing with ``deck=``: the first 12 cards to the President, the next 11 to
the Vice President, then 10 each to the White Collar Worker, the Blue Collar
Worker and the Apprentice.  ``roles=[s0, .., s4]`` gives the seats in
seniority order; without it the roles are drawn from the seed.

The module is pure: no pygame, no I/O, no global state, and no function
changes a state it was given.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from game.cards import JOKER, SUITS, cards_phrase, check_pack, full_pack, parse_cards, rank_word
from game.errors import IllegalMove
from game.words import count

__all__ = [
    "IllegalMove", "Move", "State", "Observation", "ROLE_NAMES", "ROLE_SHORT", "HAND_SIZES",
    "new_game", "next_round", "legal_moves", "legal_moves_for", "EXCHANGE", "apply", "parse_move",
    "current_player", "score",
    "is_over", "to_dict", "from_dict", "observe", "acme_rank", "card_key", "sort_hand",
    "role_of", "selection_move", "selectable_cards", "playable_cards", "top_play", "trick_plays",
    "played_cards", "exchange_giver", "exchange_receiver", "GIVER_ROLES", "describe", "describe_cards",
]

#: Rank letters from lowest to highest; the joker ranks above them all.
ACME_ORDER = "3456789TJQKA2"
JOKER_RANK = 13
ROLE_NAMES = ("President", "Vice President", "White Collar Worker", "Blue Collar Worker", "Apprentice")
ROLE_SHORT = ("President", "Vice Pres.", "White Collar", "Blue Collar", "Apprentice")
#: Cards dealt to each role, in seniority order (53 in all).
HAND_SIZES = (12, 11, 10, 10, 10)
#: The exchange: (giver role, receiver role, cards, must give the highest?) in the order it is made.
EXCHANGE = ((0, 4, 2, False), (1, 3, 1, False), (3, 1, 1, True), (4, 0, 2, True))
GIVER_ROLES = tuple(e[0] for e in EXCHANGE)
PHASES = ("exchange", "play", "over")
NSEATS = 5


def acme_rank(code: str) -> int:
    """0 for a three up to 12 for a two; 13 for the joker."""
    return JOKER_RANK if code == JOKER else ACME_ORDER.index(code[0])


def card_key(code: str) -> tuple[int, int]:
    """Sort key of a hand: by ACME rank, then by suit (clubs, diamonds, hearts, spades)."""
    if code == JOKER:
        return (JOKER_RANK, 0)
    return (ACME_ORDER.index(code[0]), SUITS.index(code[1]))


def sort_hand(cards) -> tuple[str, ...]:
    """The hand sorted low to high, as the player sees it (rightmost = highest)."""
    return tuple(sorted(cards, key=card_key))


@dataclass(frozen=True)
class Move:
    """``kind`` is "give", "play" or "pass"; ``cards`` are sorted low to high."""

    kind: str
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.kind if self.kind == "pass" else f"{self.kind} {' '.join(self.cards)}"


PASS = Move("pass")


@dataclass(frozen=True)
class State:
    """One moment of a round.

    ``gifts`` holds the exchange gifts made so far, one per giver in the order
    President, Vice President, Blue Collar Worker, Apprentice; a gift leaves
    the giver's hand at once (exchanges use the hands as dealt) and reaches
    the receiver when the last gift is made.  ``log`` is every play-phase
    action in order (a pass is an empty tuple of cards); the current trick is
    ``log[trick_start:]`` and everything before it is the played pile.
    ``leader`` is the seat that led (or is to lead) the current trick and
    ``pending`` the seats still to have their one chance on it, in order.
    """

    hands: tuple[tuple[str, ...], ...]
    roles: tuple[int, ...]
    phase: str = "exchange"
    gifts: tuple[tuple[str, ...], ...] = ()
    log: tuple[tuple[int, tuple[str, ...]], ...] = ()
    trick_start: int = 0
    leader: int = 0
    pending: tuple[int, ...] = ()
    finished: tuple[int, ...] = ()


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand, counts of the others, the public record,
    and the exchange gifts it gave or received (never another player's hidden cards)."""

    seat: int
    hand: tuple[str, ...]
    counts: tuple[int, ...]
    roles: tuple[int, ...]
    phase: str
    gifts_made: int
    gave: tuple[str, ...]
    received: tuple[str, ...]
    log: tuple[tuple[int, tuple[str, ...]], ...]
    trick_start: int
    leader: int
    pending: tuple[int, ...]
    finished: tuple[int, ...]


# --------------------------------------------------------------------- dealing

def new_game(seed: int | None = None, *, deck=None, roles=None) -> State:
    """Deal a round: ``deck`` (53 codes, dealing order) wins over ``seed``.

    ``roles`` lists the seats President first; without it the roles are drawn
    from the seed (a new table's first round).
    """
    rng = random.Random(seed)
    if deck is not None:
        cards = parse_cards(deck)
        check_pack(cards, full_pack(1), "ACME deck")
    else:
        cards = full_pack(1)
        rng.shuffle(cards)
    if roles is None:
        order = list(range(NSEATS))
        rng.shuffle(order)
        roles = order
    roles_t = _check_roles(roles)
    hands: list[tuple[str, ...]] = [()] * NSEATS
    pos = 0
    for role, size in enumerate(HAND_SIZES):
        hands[roles_t[role]] = sort_hand(cards[pos:pos + size])
        pos += size
    return State(hands=tuple(hands), roles=roles_t, leader=roles_t[0])


def next_round(state: State, seed: int | None = None, *, deck=None) -> State:
    """The next round of the same table: the finishing order becomes the roles."""
    if state.phase != "over":
        raise IllegalMove("The round is not over yet; a new deal must wait until it is complete.")
    return new_game(seed, deck=deck, roles=list(state.finished))


def _check_roles(roles) -> tuple[int, ...]:
    try:
        out = tuple(int(r) for r in roles)
    except (TypeError, ValueError):
        raise ValueError("roles must be five seat numbers") from None
    if sorted(out) != list(range(NSEATS)) or any(isinstance(r, bool) for r in roles):
        raise ValueError("roles must list each seat 0-4 exactly once, President first")
    return out


# --------------------------------------------------------------------- queries

def role_of(state: State | Observation, seat: int) -> int:
    """The seat's role index (0 President .. 4 Apprentice)."""
    return state.roles.index(seat)


def exchange_giver(state: State) -> int | None:
    """The seat that gives next in the exchange, or None outside it."""
    if state.phase != "exchange":
        return None
    return state.roles[EXCHANGE[len(state.gifts)][0]]


def exchange_receiver(state: State) -> int | None:
    if state.phase != "exchange":
        return None
    return state.roles[EXCHANGE[len(state.gifts)][1]]


def current_player(state: State) -> int | None:
    """The seat that must act now, or None once the round is over."""
    if state.phase == "exchange":
        return exchange_giver(state)
    if state.phase == "over":
        return None
    if state.pending:
        return state.pending[0]
    return state.leader


def score(state: State) -> tuple[int, ...]:
    """The seats in finishing order so far (first out first)."""
    return state.finished


def is_over(state: State) -> bool:
    """True once the round (ACME's unit of play) has ended."""
    return state.phase == "over"


def trick_plays(state: State | Observation) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The current trick's actions (seat, cards); a pass has no cards."""
    return state.log[state.trick_start:]


def top_play(state: State | Observation) -> tuple[int, tuple[str, ...]] | None:
    """The (seat, cards) now on top of the trick, or None before the lead."""
    for seat, cards in reversed(trick_plays(state)):
        if cards:
            return seat, cards
    return None


def played_cards(state: State | Observation) -> tuple[str, ...]:
    """Every card played this round, in order (finished tricks and the current one)."""
    return tuple(c for _, cards in state.log for c in cards)


def _gift_spec(state: State) -> tuple[int, int, int, bool]:
    return EXCHANGE[len(state.gifts)]


def _highest(hand: tuple[str, ...], n: int) -> tuple[str, ...]:
    return sort_hand(hand)[-n:]


def legal_moves(state: State) -> list[Move]:
    """Every legal move for the seat to act (each distinct set of cards once)."""
    seat = current_player(state)
    if seat is None:
        return []
    return _legal(state.hands[seat], state.phase, len(state.gifts), top_play(state))


def legal_moves_for(obs: Observation) -> list[Move]:
    """The legal moves of the observing seat when it is the one to act (else [])."""
    if obs.phase == "over":
        return []
    if obs.phase == "exchange":
        if obs.roles[EXCHANGE[obs.gifts_made][0]] != obs.seat:
            return []
    elif (obs.pending[0] if obs.pending else obs.leader) != obs.seat:
        return []
    return _legal(obs.hand, obs.phase, obs.gifts_made, top_play(obs))


def _legal(hand: tuple[str, ...], phase: str, gifts_made: int,
           top: tuple[int, tuple[str, ...]] | None) -> list[Move]:
    if phase == "exchange":
        _, _, n, highest = EXCHANGE[gifts_made]
        if highest:
            return [Move("give", _highest(hand, n))]
        return [Move("give", sort_hand(c)) for c in combinations(hand, n)]
    groups: dict[int, list[str]] = {}
    for c in hand:
        groups.setdefault(acme_rank(c), []).append(c)
    moves: list[Move] = []
    if top is None:
        for rank in sorted(groups):
            cards = groups[rank]
            for k in range(1, len(cards) + 1):
                moves.extend(Move("play", sort_hand(c)) for c in combinations(cards, k))
        return moves
    moves.append(PASS)
    count, rank_on_top = len(top[1]), acme_rank(top[1][0])
    for rank in sorted(groups):
        if rank == JOKER_RANK:
            moves.append(Move("play", (JOKER,)))
        elif rank > rank_on_top and len(groups[rank]) >= count:
            moves.extend(Move("play", sort_hand(c)) for c in combinations(groups[rank], count))
    return moves


def check_move(state: State, move: Move) -> None:
    """Raise IllegalMove, in words a player can read, unless ``move`` is legal now."""
    seat = current_player(state)
    if seat is None:
        raise IllegalMove("The round is over; deal again to play on.")
    hand = state.hands[seat]
    if move.kind not in ("give", "play", "pass"):
        raise IllegalMove(f"'{move.kind}' is not an ACME move.")
    have = Counter(hand)
    want = Counter(move.cards)
    if any(want[c] > have[c] for c in want):
        missing = sorted(c for c in want if want[c] > have[c])
        raise IllegalMove(f"You do not hold {cards_phrase(missing)}.")
    if state.phase == "exchange":
        giver, receiver, n, highest = _gift_spec(state)
        if move.kind != "give":
            raise IllegalMove(
                f"The {ROLE_NAMES[giver]} must first give {count(n, 'card')} "
                f"to the {ROLE_NAMES[receiver]}.")
        if len(move.cards) != n:
            raise IllegalMove(
                f"The {ROLE_NAMES[giver]} gives exactly {count(n, 'card')}.")
        if highest and sort_hand(move.cards) != _highest(hand, n):
            what = "highest card" if n == 1 else f"{n} highest cards"
            raise IllegalMove(
                f"The {ROLE_NAMES[giver]} must give his {what}: the rightmost in the sorted hand "
                f"({cards_phrase(_highest(hand, n))}).")
        return
    if move.kind == "give":
        raise IllegalMove("The exchange is over; play cards or pass.")
    top = top_play(state)
    if move.kind == "pass":
        if top is None:
            raise IllegalMove("You lead this trick, so you must play: you cannot pass.")
        return
    cards = move.cards
    if not 1 <= len(cards) <= 4:
        raise IllegalMove("Play one to four cards of one rank.")
    if JOKER in cards and len(cards) > 1:
        raise IllegalMove("The joker is always played alone.")
    if len({acme_rank(c) for c in cards}) != 1:
        raise IllegalMove("All the cards you play must be of one rank.")
    if top is None or cards == (JOKER,):
        return
    on_top = top[1]
    if len(cards) != len(on_top):
        n = len(on_top)
        raise IllegalMove(f"Play {count(n, 'card')}, as many as are on top (or the joker).")
    if acme_rank(cards[0]) <= acme_rank(on_top[0]):
        raise IllegalMove("Your cards must rank higher than the cards on top.")


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``state`` itself is never changed."""
    if not isinstance(move, Move):
        raise IllegalMove(f"{move!r} is not a move.")
    move = Move(move.kind, sort_hand(move.cards))
    check_move(state, move)
    seat = current_player(state)
    assert seat is not None
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], move.cards)
    if state.phase == "exchange":
        gifts = state.gifts + (move.cards,)
        if len(gifts) < len(EXCHANGE):
            return _replace(state, hands=tuple(hands), gifts=gifts)
        for (_, receiver, _, _), cards in zip(EXCHANGE, gifts, strict=True):
            r = state.roles[receiver]
            hands[r] = sort_hand(hands[r] + cards)
        return _replace(state, hands=tuple(hands), gifts=gifts, phase="play",
                        leader=state.roles[0], pending=())
    log = state.log + ((seat, move.cards),)
    finished = state.finished
    if move.cards and not hands[seat]:
        finished = finished + (seat,)
    holders = [s for s in range(NSEATS) if hands[s]]
    if len(holders) <= 1:
        finished = finished + tuple(holders)
        return _replace(state, hands=tuple(hands), log=log, finished=finished, pending=(), phase="over")
    if top_play(state) is None:  # the lead: everyone else with cards gets one chance, in seat order
        pending = tuple(s for s in ((seat + i) % NSEATS for i in range(1, NSEATS)) if hands[s])
    else:
        pending = state.pending[1:]
    if move.cards == (JOKER,):
        pending = ()  # the joker cannot be beaten: the trick ends at once
    if pending:
        return _replace(state, hands=tuple(hands), log=log, finished=finished, pending=pending)
    # The trick is over: the last player to play leads, or the most senior player left.
    last = next(s for s, cards in reversed(log[state.trick_start:]) if cards)
    if not hands[last]:
        last = next(s for s in state.roles if hands[s])
    return _replace(state, hands=tuple(hands), log=log, finished=finished, pending=(),
                    trick_start=len(log), leader=last)


def _remove(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    out = list(hand)
    for c in cards:
        out.remove(c)
    return tuple(out)


def _replace(state: State, **kw: Any) -> State:
    from dataclasses import replace

    return replace(state, **kw)


def parse_move(state: State, text: str) -> Move:
    """Read ``pass``, ``play 7H 7S`` or ``give 3C 4D`` (case-insensitive)."""
    words = str(text).strip().split()
    if not words:
        raise IllegalMove("Empty move: write 'play 7H 7S', 'pass' or 'give 3C 4D'.")
    kind = words[0].lower()
    if kind == "pass":
        if len(words) > 1:
            raise IllegalMove("'pass' takes no cards.")
        return PASS
    if kind not in ("play", "give"):
        raise IllegalMove(f"'{words[0]}' is not an ACME move: write 'play 7H 7S', 'pass' or 'give 3C 4D'.")
    try:
        cards = parse_cards(words[1:])
    except ValueError as exc:
        raise IllegalMove(str(exc)) from None
    if not cards:
        raise IllegalMove(f"'{kind}' needs the cards, e.g. '{kind} 7H 7S'.")
    if len(set(cards)) != len(cards):
        raise IllegalMove("A card is named twice.")
    return Move(kind, sort_hand(cards))


# ------------------------------------------------------------- the human's hand

def selection_move(state: State, selected) -> Move | None:
    """The legal move the selected cards make for the seat to act, or None.

    With nothing selected this is ``pass`` when passing is allowed — the Play
    button passes then (and says Pass).  The scene enables Play only when this
    is not None.
    """
    sel = sort_hand(selected)
    if state.phase == "over":
        return None
    if state.phase == "exchange":
        move = Move("give", sel)
    else:
        move = Move("play", sel) if sel else PASS
    try:
        check_move(state, move)
    except IllegalMove:
        return None
    return move


def selectable_cards(state: State, selected=()) -> frozenset[str]:
    """Cards that, added to ``selected``, still form part of some legal move.

    The selected cards themselves are included when they are part of a legal
    move, so the scene can let the player click them off again.
    """
    sel = set(selected)
    out: set[str] = set()
    for m in legal_moves(state):
        if m.cards and sel <= set(m.cards):
            out.update(m.cards)
    return frozenset(out)


def playable_cards(state: State) -> frozenset[str]:
    """Cards of the seat to act that appear in at least one legal play or gift."""
    return selectable_cards(state, ())


# ------------------------------------------------------------------- words

def describe(cards) -> str:
    """A play in words: 'a single king', 'a pair of sevens', 'three twos', 'the joker' (suits never
    matter in ACME, so a play is named by its rank alone)."""
    cards = tuple(cards)
    if not cards:
        return "a pass"
    if cards == (JOKER,):
        return "the joker"
    word = rank_word(cards[0])
    plural = rank_word(cards[0], 2)
    return {1: f"a single {word}", 2: f"a pair of {plural}", 3: f"three {plural}"}.get(len(cards),
                                                                                     f"four {plural}")


def describe_cards(cards) -> str:
    """Cards by name, in hand order: 'the three of clubs and the ace of hearts' (game.cards.cards_phrase)."""
    return cards_phrase(sort_hand(cards), empty="nothing")


# ---------------------------------------------------------------- observation

def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know: never another player's hidden cards.

    The gifts a seat gave are known to it at once; gifts it receives become
    known when the exchange is delivered.
    """
    gave: tuple[str, ...] = ()
    received: tuple[str, ...] = ()
    for (g, r, _, _), cards in zip(EXCHANGE, state.gifts, strict=False):
        if state.roles[g] == seat:
            gave = cards
        if state.roles[r] == seat and state.phase != "exchange":
            received = cards
    return Observation(
        seat=seat, hand=state.hands[seat], counts=tuple(len(h) for h in state.hands),
        roles=state.roles, phase=state.phase, gifts_made=len(state.gifts), gave=gave,
        received=received, log=state.log, trick_start=state.trick_start, leader=state.leader,
        pending=state.pending, finished=state.finished)


# ------------------------------------------------------------------ save/load

def to_dict(state: State) -> dict[str, Any]:
    """A JSON-safe dict; `from_dict` reads it back exactly."""
    return {
        "hands": [list(h) for h in state.hands],
        "roles": list(state.roles),
        "phase": state.phase,
        "gifts": [list(g) for g in state.gifts],
        "log": [[s, list(c)] for s, c in state.log],
        "trick_start": state.trick_start,
        "leader": state.leader,
        "pending": list(state.pending),
        "finished": list(state.finished),
    }


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def _cards(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f"{what} must be a list of card codes")
    try:
        cards = parse_cards(value)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None
    if cards != list(value):
        raise ValueError(f"{what}: cards must be written in canonical form")
    return tuple(cards)


def _seats(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of seats")
    seats = tuple(_int(v, f"a seat in {what}", 0, NSEATS - 1) for v in value)
    if len(set(seats)) != len(seats):
        raise ValueError(f"{what} names a seat twice")
    return seats


def from_dict(data: Any) -> State:
    """Rebuild a state from `to_dict` output, checking every part; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("an ACME state must be a JSON object")
    need = ("hands", "roles", "phase", "gifts", "log", "trick_start", "leader", "pending", "finished")
    for key in need:
        if key not in data:
            raise ValueError(f"the ACME state has no '{key}'")
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list) or len(hands_raw) != NSEATS:
        raise ValueError("hands must be a list of five hands")
    hands = tuple(_cards(h, f"hand of seat {i}") for i, h in enumerate(hands_raw))
    for i, h in enumerate(hands):
        if h != sort_hand(h):
            raise ValueError(f"the hand of seat {i} is not sorted")
    roles = _seats(data["roles"], "roles")
    if len(roles) != NSEATS:
        raise ValueError("roles must list all five seats")
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}")
    gifts_raw = data["gifts"]
    if not isinstance(gifts_raw, list) or len(gifts_raw) > len(EXCHANGE):
        raise ValueError("gifts must be a list of at most four gifts")
    gifts = tuple(_cards(g, "a gift") for g in gifts_raw)
    for (_, _, n, _), g in zip(EXCHANGE, gifts, strict=False):
        if len(g) != n or g != sort_hand(g):
            raise ValueError("a gift has the wrong number of cards or is not sorted")
    log_raw = data["log"]
    if not isinstance(log_raw, list):
        raise ValueError("log must be a list")
    log = []
    for entry in log_raw:
        if not isinstance(entry, list) or len(entry) != 2:
            raise ValueError("each log entry must be [seat, cards]")
        log.append((_int(entry[0], "a log seat", 0, NSEATS - 1), _cards(entry[1], "logged cards")))
    trick_start = _int(data["trick_start"], "trick_start", 0, len(log))
    leader = _int(data["leader"], "leader", 0, NSEATS - 1)
    pending = _seats(data["pending"], "pending")
    finished = _seats(data["finished"], "finished")
    state = State(hands=hands, roles=roles, phase=phase, gifts=gifts, log=tuple(log),
                  trick_start=trick_start, leader=leader, pending=pending, finished=finished)
    _validate(state)
    return state


def _validate(s: State) -> None:
    """Check that a rebuilt state is one the rules could reach (cards, phases, turns)."""
    in_transit = [c for g in (s.gifts if s.phase == "exchange" else ()) for c in g]
    everything = [c for h in s.hands for c in h] + in_transit + list(played_cards(s))
    check_pack(everything, full_pack(1), "ACME pack")
    if s.phase == "exchange":
        if len(s.gifts) >= len(EXCHANGE) or s.log or s.finished or s.pending:
            raise ValueError("an exchange in progress cannot have tricks, finishers or four gifts")
        for role, size in enumerate(HAND_SIZES):
            seat = s.roles[role]
            given = sum(len(g) for (gr, _, _, _), g in zip(EXCHANGE, s.gifts, strict=False) if gr == role)
            if len(s.hands[seat]) + given != size:
                raise ValueError(f"seat {seat} holds the wrong number of cards for its role")
        return
    if len(s.gifts) != len(EXCHANGE):
        raise ValueError("the exchange must be complete once play has begun")
    holders = [i for i in range(NSEATS) if s.hands[i]]
    empty = [i for i in range(NSEATS) if not s.hands[i]]
    if s.phase == "over":
        if len(s.finished) != NSEATS or len(holders) > 1 or s.pending:
            raise ValueError("a finished round must list all five seats in finishing order")
        if holders and s.finished[-1] != holders[0]:
            raise ValueError("the last seat holding cards must finish last")
        return
    if sorted(s.finished) != empty or len(holders) < 2:
        raise ValueError("the finishing order must list exactly the seats without cards")
    if not s.hands[s.leader] and not s.log[s.trick_start:]:
        raise ValueError("the leader to play must hold cards")
    if any(not s.hands[p] for p in s.pending):
        raise ValueError("a seat still to act must hold cards")
    trick = s.log[s.trick_start:]
    if trick and (trick[0][0] != s.leader or not trick[0][1]):
        raise ValueError("the current trick must begin with the leader's play")
    if trick and not s.pending:
        raise ValueError("a trick under way must have someone still to act")
    if not trick and s.pending:
        raise ValueError("nobody acts before the lead")
