"""Affairs of the Court: the pure rules (no pygame, no I/O, no global state).

Two seats: seat 0 is the human, seat 1 the computer.  Both start at 100 points
and try to bring the other's total to zero or below; totals are judged only at
the end of a round, never after a single turn.

A round has three parts:

* **The draw** (rule 2.x).  The pack is turned from the front in pairs; the
  drawer of a pair sees its first card and keeps or discards it, then sees the
  second, which goes the other way (kept if the first was discarded).  The
  seats take pairs in turn, the round's first drawer first, until the 26 pairs
  are gone.  Discards are private to their drawer.
* **The turns** (3.x, 4.x).  The first drawer leads; the winner of a turn
  leads the next.  The follower must follow suit when able (option
  ``follow_suit``).  `resolve_turn` is the whole turn table.  Turns stop as
  soon as a hand is empty.
* **The bonus** (5.x).  Whoever still holds cards may play numbered cards one
  by one with their full suit effect, or stop (``done``).

Then the totals are judged: both at zero or below is a draw, one is a loss,
otherwise the next round is dealt at once (the state keeps a summary of the
round just finished in ``last_round`` so a table can show it).  The next
round's first drawer is the seat with more points (equal: the one who did not
draw first this round).  A game still undecided after ``round_limit`` rounds
(99 unless a tournament asks for 3) goes to the higher total, equal is a draw.
A game with fewer rounds than the normal 99 (a tournament's three) is a fixed
number of rounds: every one is played whatever the totals ("Each player in
turn plays three rounds"), and only the last is judged.

Move texts: ``keep`` / ``discard`` in the draw, ``play QH`` in the turns,
``bonus 7H`` and ``done`` in the bonus.

Options of `new_game`: ``follow_suit=True`` (the follower must follow suit
when able) and ``round_limit=99`` (rounds before the guard decides).
Round 1 uses ``deck`` if given, otherwise a shuffle from ``seed``; round *n*
always uses ``round_seed(seed, n)``, so the same seed gives the same packs in
the same order — what tournaments rely on.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from game.cards import SUIT_NAMES, card_name, check_pack, full_pack, parse_card, shuffled
from game.errors import IllegalMove

__all__ = [
    "IllegalMove", "Move", "State", "TurnResult", "TurnRecord", "RoundSummary", "View",
    "new_game", "legal_moves", "apply", "parse_move", "current_player", "score", "is_over",
    "to_dict", "from_dict", "resolve_turn", "observe", "round_seed", "card_value",
    "is_numbered", "cue_text", "sort_hand", "START_POINTS", "RULE_TITLES",
]

START_POINTS = 100
DEFAULT_ROUND_LIMIT = 99
SEATS = (0, 1)
FULL_PACK = tuple(full_pack())
_FULL_SET = frozenset(FULL_PACK)
PHASES = ("draw", "play", "bonus", "over")
#: Face values of numbered cards; court cards rank J < Q < K < A.
_NUM = {str(v): v for v in range(2, 10)} | {"T": 10}
_COURT = {"J": 11, "Q": 12, "K": 13, "A": 14}

#: What each rule number is called on a Rule Cue Card.
RULE_TITLES = {
    "4.11": "the higher card takes effect",
    "4.13": "equal ranks: both cards take effect",
    "4.14": "same suit: the higher card takes effect with both values added",
    "4.21": "a numbered card beats a court card of another suit",
    "4.221": "the Jack blocks the effect",
    "4.222": "the Queen reverses the effect",
    "4.223": "the King blocks and captures the card",
    "4.2241": "the ace of spades switches the totals",
    "4.2242": "the ace of hearts takes both totals to the higher one",
    "4.2243": "the Ace doubles and reverses the effect",
    "4.311": "court cards of different suits: the leader wins, no points",
    "4.321": "an Affair of the Court: the suit is discarded from both hands",
    "4.322": "Messenger to the Court: the King captures the Jack",
    "4.323": "Marriage of the Court: the King captures the Queen",
    "4.3241": "Traitor in the Court: the ace of spades switches the totals",
    "4.3242": "Traitor in the Court: the ace of hearts takes both totals to the higher one",
    "4.3243": "Traitor in the Court: the Ace wins, no points",
}


def is_numbered(card: str) -> bool:
    """Numbered cards are 2..10; J, Q, K and A are court cards."""
    return card[0] in _NUM


def card_value(card: str) -> int:
    """Face value of a numbered card (2..10); court cards 11..14 (J < Q < K < A)."""
    return _NUM.get(card[0]) or _COURT[card[0]]


def sort_hand(cards) -> tuple[str, ...]:
    """A hand in display order: by suit (clubs, diamonds, hearts, spades), then rank."""
    return tuple(sorted(cards, key=lambda c: ("CDHS".index(c[1]), card_value(c))))


def round_seed(seed: int, round_no: int) -> int:
    """The shuffle seed of round ``round_no`` of a game started with ``seed``."""
    return (seed * 1_000_003 + round_no * 7_919) % (2**62)


# --------------------------------------------------------------------------- turn table


@dataclass(frozen=True)
class TurnResult:
    """What one turn does.  ``scores`` are (leader's, follower's) totals after it."""

    scores: tuple[int, int]
    next_leader: str  # "leader" or "follower"
    capture: str | None
    purge_suit: str | None
    rule: str


def _effect(suit: str, v: int, who: int, s: list[int]) -> None:
    """Apply a suit effect of value ``v`` played by index ``who`` (rules 4.121-4.123)."""
    if suit == "H":
        s[who] += v
    elif suit == "S":
        s[0] -= v
        s[1] -= v
    else:
        s[1 - who] -= v


def resolve_turn(leader_card: str, follower_card: str, scores: tuple[int, int] = (100, 100)) -> TurnResult:
    """Decide one turn by the seed's table (rules 4.1-4.3)."""
    lc, fc = parse_card(leader_card), parse_card(follower_card)
    if lc == fc:
        raise ValueError("a turn needs two different cards")
    s = [int(scores[0]), int(scores[1])]
    cards = (lc, fc)
    suits = (lc[1], fc[1])
    nums = (is_numbered(lc), is_numbered(fc))
    capture = purge = None
    if nums[0] and nums[1]:
        lv, fv = card_value(lc), card_value(fc)
        if lv == fv:
            _effect(suits[0], lv, 0, s)
            _effect(suits[1], fv, 1, s)
            return TurnResult((s[0], s[1]), "leader", None, None, "4.13")
        w = 0 if lv > fv else 1
        if suits[0] == suits[1]:
            _effect(suits[w], lv + fv, w, s)
            rule = "4.14"
        else:
            _effect(suits[w], card_value(cards[w]), w, s)
            rule = "4.11"
    elif nums[0] != nums[1]:
        n = 0 if nums[0] else 1  # the numbered card's player
        c = 1 - n  # the court card's player
        v = card_value(cards[n])
        if suits[0] != suits[1]:
            w = n
            _effect(suits[n], v, n, s)
            rule = "4.21"
        else:
            w = c
            court = cards[c][0]
            suit = suits[0]
            if court == "J":
                rule = "4.221"
            elif court == "Q":
                rule = "4.222"
                if suit == "H":
                    s[c] += v
                elif suit == "S":
                    s[0] -= v
                    s[1] -= v
                else:
                    s[n] -= v
            elif court == "K":
                rule = "4.223"
                capture = cards[n]
            elif suit == "S":
                rule = "4.2241"
                s.reverse()
            elif suit == "H":
                rule = "4.2242"
                s = [max(s)] * 2
            else:
                rule = "4.2243"
                s[n] -= 2 * v
    else:
        if suits[0] != suits[1]:
            w = 0
            rule = "4.311"
        else:
            w = 0 if card_value(lc) > card_value(fc) else 1
            ranks = {lc[0], fc[0]}
            suit = suits[0]
            if "A" in ranks:
                if suit == "S":
                    rule = "4.3241"
                    s.reverse()
                elif suit == "H":
                    rule = "4.3242"
                    s = [max(s)] * 2
                else:
                    rule = "4.3243"
            elif ranks == {"J", "Q"}:
                rule = "4.321"
                purge = suit
            elif ranks == {"J", "K"}:
                rule = "4.322"
                capture = cards[1 - w]
            else:
                rule = "4.323"
                capture = cards[1 - w]
    return TurnResult((s[0], s[1]), "leader" if w == 0 else "follower", capture, purge, rule)


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True, order=True)
class Move:
    """``keep``, ``discard``, ``play XX``, ``bonus XX`` or ``done``."""

    kind: str
    card: str | None = None

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {self.card}"


_KINDS_NO_CARD = ("keep", "discard", "done")
_KINDS_CARD = ("play", "bonus")


def parse_move(state: State | None, text: str) -> Move:
    """Read a move text; raise IllegalMove on text that is not a move."""
    parts = str(text).strip().lower().split()
    if not parts:
        raise IllegalMove("Type a move: keep, discard, play QH, bonus 7H or done.")
    kind = parts[0]
    if kind in _KINDS_NO_CARD and len(parts) == 1:
        return Move(kind)
    if kind in _KINDS_CARD and len(parts) == 2:
        try:
            return Move(kind, parse_card(parts[1]))
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
    raise IllegalMove(f"'{str(text).strip()}' is not a move: write keep, discard, play QH, bonus 7H or done.")


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class TurnRecord:
    """The last turn played, for the Rule Cue Card and the table's animations."""

    leader: int
    leader_card: str
    follower_card: str
    rule: str
    before: tuple[int, int]  # seat totals
    after: tuple[int, int]
    winner: int
    capture: str | None
    purge_suit: str | None
    purged: tuple[str, ...]


@dataclass(frozen=True)
class RoundSummary:
    """The round just finished: what the round-over banner shows."""

    round_no: int
    totals: tuple[int, int]
    bonus: tuple[int, int]
    bonus_player: int | None


@dataclass(frozen=True)
class State:
    seed: int
    follow_suit: bool
    round_limit: int
    round_no: int
    totals: tuple[int, int]
    phase: str
    pack: tuple[str, ...]
    draw_step: int
    kept_first: bool
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    seen: tuple[tuple[str, ...], tuple[str, ...]]
    captured: tuple[tuple[str, ...], tuple[str, ...]]
    out: tuple[str, ...]
    table: tuple[str, ...]
    leader: int
    tricks: tuple[tuple[int, str, str], ...]
    bonus_player: int | None
    first_drawer: int
    prev_first_drawer: int | None
    bonus_points: tuple[int, int]
    round_bonus: tuple[int, int]
    last_turn: TurnRecord | None = None
    last_round: RoundSummary | None = None
    winner: int | None = None
    end_reason: str = ""

    @property
    def drawer(self) -> int:
        """The seat drawing the current pair (meaningful in the draw phase)."""
        pair = (52 - len(self.pack)) // 2
        return self.first_drawer if pair % 2 == 0 else 1 - self.first_drawer

    @property
    def turned(self) -> str | None:
        """The card the drawer is looking at (draw phase only)."""
        return self.pack[0] if self.phase == "draw" and self.pack else None


def _start_round(base: dict[str, Any], round_no: int, first: int, prev: int | None,
                 pack: tuple[str, ...]) -> dict[str, Any]:
    base.update(
        round_no=round_no, phase="draw", pack=pack, draw_step=0, kept_first=False,
        hands=((), ()), seen=((), ()), captured=((), ()), out=(), table=(), leader=first,
        tricks=(), bonus_player=None, first_drawer=first, prev_first_drawer=prev,
        round_bonus=(0, 0),
    )
    return base


def new_game(seed: int | None = None, *, deck=None, follow_suit: bool = True,
             round_limit: int = DEFAULT_ROUND_LIMIT) -> State:
    """A fresh game; the human (seat 0) draws first in round 1."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("seed must be a whole number")
    if not isinstance(round_limit, int) or isinstance(round_limit, bool) or not 1 <= round_limit <= 999:
        raise ValueError("round_limit must be a whole number from 1 to 999")
    if deck is not None:
        pack = tuple(parse_card(c) if isinstance(c, str) else c for c in deck)
        check_pack(pack, FULL_PACK, "deck")
    else:
        pack = tuple(shuffled(FULL_PACK, round_seed(seed, 1)))
    fields = _start_round(
        dict(seed=seed, follow_suit=bool(follow_suit), round_limit=round_limit,
             totals=(START_POINTS, START_POINTS), bonus_points=(0, 0)),
        1, 0, None, pack)
    return State(**fields)


def current_player(state: State) -> int | None:
    if state.phase == "draw":
        return state.drawer
    if state.phase == "play":
        return state.leader if not state.table else 1 - state.leader
    if state.phase == "bonus":
        return state.bonus_player
    return None


def _follow_cards(hand: tuple[str, ...], lead: str, follow_suit: bool) -> tuple[str, ...]:
    if follow_suit:
        same = tuple(c for c in hand if c[1] == lead[1])
        if same:
            return same
    return hand


def legal_moves(state: State) -> list[Move]:
    if state.phase == "draw":
        if state.draw_step == 0:
            return [Move("keep"), Move("discard")]
        return [Move("discard") if state.kept_first else Move("keep")]
    if state.phase == "play":
        seat = current_player(state)
        hand = state.hands[seat]
        cards = hand if not state.table else _follow_cards(hand, state.table[0], state.follow_suit)
        return [Move("play", c) for c in cards]
    if state.phase == "bonus":
        hand = state.hands[state.bonus_player]
        return [Move("bonus", c) for c in hand if is_numbered(c)] + [Move("done")]
    return []


def _suit_word(suit: str) -> str:
    return SUIT_NAMES[suit]


def apply(state: State, move: Move | str) -> State:
    """The state after ``move``; ``state`` itself is never changed."""
    if isinstance(move, str):
        move = parse_move(state, move)
    if not isinstance(move, Move):
        raise IllegalMove("That is not a move.")
    if state.phase == "over":
        raise IllegalMove("The game is over; start a new game.")
    if state.phase == "draw":
        return _apply_draw(state, move)
    if state.phase == "play":
        return _apply_play(state, move)
    return _apply_bonus(state, move)


def _apply_draw(state: State, move: Move) -> State:
    if move.kind not in ("keep", "discard"):
        raise IllegalMove("You are drawing: keep or discard the card you turned.")
    seat = state.drawer
    card = state.pack[0]
    if state.draw_step == 1:
        forced = "discard" if state.kept_first else "keep"
        if move.kind != forced:
            why = "you kept the first card of this pair" if state.kept_first else \
                "you discarded the first card of this pair"
            raise IllegalMove(f"You must {forced} this card: {why}.")
    hands, seen = list(state.hands), list(state.seen)
    if move.kind == "keep":
        hands[seat] = sort_hand(hands[seat] + (card,))
    else:
        seen[seat] = seen[seat] + (card,)
    pack = state.pack[1:]
    new = replace(state, pack=pack, hands=(hands[0], hands[1]), seen=(seen[0], seen[1]),
                  draw_step=1 - state.draw_step,
                  kept_first=(move.kind == "keep") if state.draw_step == 0 else False)
    if not pack:
        new = replace(new, phase="play", leader=state.first_drawer, draw_step=0)
    return new


def _apply_play(state: State, move: Move) -> State:
    if move.kind != "play":
        raise IllegalMove("It is a turn: play a card from your hand.")
    seat = current_player(state)
    card = move.card
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalMove(f"The {card_name(card)} is not in your hand.")
    if state.table:
        lead = state.table[0]
        allowed = _follow_cards(hand, lead, state.follow_suit)
        if card not in allowed:
            raise IllegalMove(f"You must follow suit: play one of your {_suit_word(lead[1])}.")
    hands = [list(state.hands[0]), list(state.hands[1])]
    captured = [list(state.captured[0]), list(state.captured[1])]
    hands[seat].remove(card)
    if card in captured[seat]:
        captured[seat].remove(card)
    if not state.table:
        return replace(state, hands=(tuple(hands[0]), tuple(hands[1])),
                       captured=(tuple(captured[0]), tuple(captured[1])), table=(card,))
    leader, lead = state.leader, state.table[0]
    follower = seat
    res = resolve_turn(lead, card, (state.totals[leader], state.totals[follower]))
    totals = [0, 0]
    totals[leader], totals[follower] = res.scores
    winner = leader if res.next_leader == "leader" else follower
    out = list(state.out)
    for c in (lead, card):
        if c != res.capture:
            out.append(c)
    if res.capture:
        hands[winner].append(res.capture)
        captured[winner].append(res.capture)
    purged: list[str] = []
    if res.purge_suit:
        for s in SEATS:
            gone = [c for c in hands[s] if c[1] == res.purge_suit]
            purged += gone
            hands[s] = [c for c in hands[s] if c[1] != res.purge_suit]
            captured[s] = [c for c in captured[s] if c[1] != res.purge_suit]
        out += purged
    record = TurnRecord(leader, lead, card, res.rule, state.totals, (totals[0], totals[1]), winner,
                        res.capture, res.purge_suit, tuple(purged))
    new = replace(
        state, totals=(totals[0], totals[1]), hands=(sort_hand(hands[0]), sort_hand(hands[1])),
        captured=(tuple(captured[0]), tuple(captured[1])), out=tuple(out), table=(), leader=winner,
        tricks=state.tricks + ((leader, lead, card),), last_turn=record,
    )
    if new.hands[0] and new.hands[1]:
        return new
    holder = 0 if new.hands[0] else 1 if new.hands[1] else None
    if holder is not None and any(is_numbered(c) for c in new.hands[holder]):
        return replace(new, phase="bonus", bonus_player=holder)
    return _end_round(replace(new, bonus_player=holder))


def _apply_bonus(state: State, move: Move) -> State:
    seat = state.bonus_player
    if move.kind == "done":
        return _end_round(state)
    if move.kind != "bonus":
        raise IllegalMove("It is the bonus: play a numbered card (bonus 7H) or stop (done).")
    card = move.card
    if card not in state.hands[seat]:
        raise IllegalMove(f"The {card_name(card)} is not in your hand.")
    if not is_numbered(card):
        raise IllegalMove("Court cards have no effect in the bonus: only numbered cards may be played.")
    v = card_value(card)
    s = list(state.totals) if seat == 0 else list(reversed(state.totals))
    _effect(card[1], v, 0, s)
    totals = (s[0], s[1]) if seat == 0 else (s[1], s[0])
    hand = tuple(c for c in state.hands[seat] if c != card)
    hands = (hand, state.hands[1]) if seat == 0 else (state.hands[0], hand)
    cap = tuple(c for c in state.captured[seat] if c != card)
    captured = (cap, state.captured[1]) if seat == 0 else (state.captured[0], cap)
    bp = list(state.bonus_points)
    rb = list(state.round_bonus)
    bp[seat] += v
    rb[seat] += v
    new = replace(state, totals=totals, hands=hands, captured=captured, out=state.out + (card,),
                  bonus_points=(bp[0], bp[1]), round_bonus=(rb[0], rb[1]))
    if not any(is_numbered(c) for c in hand):
        return _end_round(new)
    return new


def _end_round(state: State) -> State:
    """Judge the totals (rule 1.0) and either end the game or deal the next round."""
    a, b = state.totals
    summary = RoundSummary(state.round_no, state.totals, state.round_bonus, state.bonus_player)
    winner: int | None = None
    reason = ""
    fixed = state.round_limit < DEFAULT_ROUND_LIMIT  # a tournament game: every one of its rounds is played
    if (a <= 0 or b <= 0) and not fixed:
        reason = "zero"
        winner = None if (a <= 0 and b <= 0) else (1 if a <= 0 else 0)
    elif state.round_no >= state.round_limit:
        reason = "limit"
        winner = None if a == b else (0 if a > b else 1)
    if reason:
        return replace(state, phase="over", winner=winner, end_reason=reason, last_round=summary,
                       table=())
    first = 0 if a > b else 1 if b > a else 1 - state.first_drawer
    nxt = state.round_no + 1
    fields = asdict_shallow(state)
    fields = _start_round(fields, nxt, first, state.first_drawer,
                          tuple(shuffled(FULL_PACK, round_seed(state.seed, nxt))))
    fields["last_round"] = summary
    return State(**fields)


def asdict_shallow(state: State) -> dict[str, Any]:
    return {f: getattr(state, f) for f in State.__dataclass_fields__}


def score(state: State) -> tuple[int, int]:
    return state.totals


def is_over(state: State) -> bool:
    return state.phase == "over"


# --------------------------------------------------------------------------- what a seat may see


@dataclass(frozen=True)
class View:
    """Everything seat ``seat`` may know — computer players see only this."""

    seat: int
    phase: str
    totals: tuple[int, int]
    round_no: int
    round_limit: int
    follow_suit: bool
    hand: tuple[str, ...]
    seen: tuple[str, ...]
    turned: str | None
    draw_step: int
    drawer: int
    pack_size: int
    opp_hand_size: int
    opp_seen_count: int
    opp_captured: tuple[str, ...]
    out: tuple[str, ...]
    table: tuple[str, ...]
    leader: int
    tricks: tuple[tuple[int, str, str], ...]
    bonus_player: int | None
    first_drawer: int
    legal: tuple[Move, ...] = field(default=())

    @property
    def me(self) -> int:
        return self.totals[self.seat]

    @property
    def opp(self) -> int:
        return self.totals[1 - self.seat]


def observe(state: State, seat: int) -> View:
    """What ``seat`` may know: its own hand and discards, public cards, counts."""
    o = 1 - seat
    mine = current_player(state) == seat
    return View(
        seat=seat, phase=state.phase, totals=state.totals, round_no=state.round_no,
        round_limit=state.round_limit, follow_suit=state.follow_suit, hand=state.hands[seat],
        seen=state.seen[seat], turned=state.turned if (mine and state.phase == "draw") else None,
        draw_step=state.draw_step, drawer=state.drawer, pack_size=len(state.pack),
        opp_hand_size=len(state.hands[o]), opp_seen_count=len(state.seen[o]),
        opp_captured=state.captured[o], out=state.out, table=state.table, leader=state.leader,
        tricks=state.tricks, bonus_player=state.bonus_player, first_drawer=state.first_drawer,
        legal=tuple(legal_moves(state)) if mine else (),
    )


# --------------------------------------------------------------------------- cue card text


def _who(seat: int, viewer: int, names: tuple[str, str]) -> str:
    return names[0] if seat == viewer else names[1]


def cue_text(record: TurnRecord, viewer: int = 0, names: tuple[str, str] = ("you", "the computer")) -> str:
    """A Rule Cue Card line: '4.222 — the Queen reverses the effect: you gain 8'."""
    head = f"{record.rule} \u2014 {RULE_TITLES[record.rule]}"
    parts = []
    if record.rule in ("4.2241", "4.3241"):
        parts.append("the totals are now " + " and ".join(
            f"{_who(s, viewer, names)} {record.after[s]}" for s in (viewer, 1 - viewer)))
    elif record.rule in ("4.2242", "4.3242"):
        parts.append(f"both totals are now {record.after[0]}")
    else:
        d = [record.after[s] - record.before[s] for s in SEATS]
        if d[0] and d[0] == d[1]:
            parts.append(f"both {'gain' if d[0] > 0 else 'lose'} {abs(d[0])}")
        else:
            for s in (viewer, 1 - viewer):
                if d[s]:
                    who = _who(s, viewer, names)
                    verb = ("gain" if d[s] > 0 else "lose") if who == "you" else \
                        ("gains" if d[s] > 0 else "loses")
                    parts.append(f"{who} {verb} {abs(d[s])}")
    if record.capture:
        who = _who(record.winner, viewer, names)
        parts.append(f"{who} {'capture' if who == 'you' else 'captures'} the {card_name(record.capture)}")
    if record.purge_suit:
        parts.append(f"all {SUIT_NAMES[record.purge_suit]} leave both hands")
    if not parts and not head.endswith("no points"):
        parts.append("no points")
    text = head + (": " + ", ".join(parts) if parts else "")
    return text[0].upper() + text[1:] if text[0].isalpha() else text


# --------------------------------------------------------------------------- saving


def to_dict(state: State) -> dict[str, Any]:
    d = asdict(state)
    return _jsonable(d)


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    return x


def _int(d: dict, key: str, lo: int, hi: int, none_ok: bool = False) -> int | None:
    v = d.get(key)
    if v is None and none_ok:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"'{key}' must be a whole number from {lo} to {hi}")
    return v


def _bool(d: dict, key: str) -> bool:
    v = d.get(key)
    if not isinstance(v, bool):
        raise ValueError(f"'{key}' must be true or false")
    return v


def _cards(v: Any, what: str, max_len: int = 52) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) > max_len:
        raise ValueError(f"'{what}' must be a list of at most {max_len} cards")
    out = []
    for c in v:
        if not isinstance(c, str) or c not in _FULL_SET:
            raise ValueError(f"'{what}' holds something that is not a card: {str(c)[:20]!r}")
        out.append(c)
    return tuple(out)


def _pair(v: Any, what: str, conv) -> tuple:
    if not isinstance(v, list) or len(v) != 2:
        raise ValueError(f"'{what}' must be a pair")
    return (conv(v[0], f"{what}[0]"), conv(v[1], f"{what}[1]"))


def _total(v: Any, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or abs(v) > 10**7:
        raise ValueError(f"'{what}' must be a whole number")
    return v


def _seat(v: Any, what: str) -> int:
    if v not in (0, 1) or isinstance(v, bool):
        raise ValueError(f"'{what}' must be seat 0 or 1")
    return v


def from_dict(data: Any) -> State:
    """Rebuild a state saved by `to_dict`, checking everything."""
    if not isinstance(data, dict):
        raise ValueError("a court game must be a JSON object")
    known = set(State.__dataclass_fields__)
    extra = set(data) - known
    if extra:
        raise ValueError(f"unknown field(s) in the saved game: {', '.join(sorted(extra))[:80]}")
    missing = [k for k in known if k not in data and State.__dataclass_fields__[k].default is
               State.__dataclass_fields__[k].default_factory]
    if missing:
        raise ValueError(f"the saved game lacks: {', '.join(sorted(missing))}")
    d = data
    seed = _int(d, "seed", 0, 2**63)
    phase = d.get("phase")
    if phase not in PHASES:
        raise ValueError(f"'phase' must be one of {', '.join(PHASES)}")
    kw: dict[str, Any] = dict(
        seed=seed, follow_suit=_bool(d, "follow_suit"), round_limit=_int(d, "round_limit", 1, 999),
        round_no=_int(d, "round_no", 1, 999), totals=_pair(d.get("totals"), "totals", _total), phase=phase,
        pack=_cards(d.get("pack"), "pack"), draw_step=_int(d, "draw_step", 0, 1),
        kept_first=_bool(d, "kept_first"),
        hands=_pair(d.get("hands"), "hands", _cards), seen=_pair(d.get("seen"), "seen", _cards),
        captured=_pair(d.get("captured"), "captured", _cards), out=_cards(d.get("out"), "out"),
        table=_cards(d.get("table"), "table", 1), leader=_seat(d.get("leader"), "leader"),
        bonus_player=None if d.get("bonus_player") is None else _seat(d.get("bonus_player"), "bonus_player"),
        first_drawer=_seat(d.get("first_drawer"), "first_drawer"),
        prev_first_drawer=None if d.get("prev_first_drawer") is None
        else _seat(d.get("prev_first_drawer"), "prev_first_drawer"),
        bonus_points=_pair(d.get("bonus_points"), "bonus_points", _total),
        round_bonus=_pair(d.get("round_bonus"), "round_bonus", _total),
        winner=None if d.get("winner") is None else _seat(d.get("winner"), "winner"),
        end_reason=d.get("end_reason", ""),
    )
    if kw["end_reason"] not in ("", "zero", "limit"):
        raise ValueError("'end_reason' must be '', 'zero' or 'limit'")
    if kw["round_no"] > kw["round_limit"]:
        raise ValueError("the round number is past the round limit")
    tricks = d.get("tricks")
    if not isinstance(tricks, list) or len(tricks) > 52:
        raise ValueError("'tricks' must be a list of turns")
    tr = []
    for t in tricks:
        if not isinstance(t, list) or len(t) != 3:
            raise ValueError("each entry of 'tricks' must be [leader seat, card, card]")
        lc, fc = _cards(t[1:], "tricks")
        tr.append((_seat(t[0], "tricks"), lc, fc))
    kw["tricks"] = tuple(tr)
    kw["hands"] = (sort_hand(kw["hands"][0]), sort_hand(kw["hands"][1]))
    kw["last_turn"] = _turn_record(d.get("last_turn"))
    kw["last_round"] = _round_summary(d.get("last_round"))
    state = State(**kw)
    _check(state)
    return state


def _turn_record(v: Any) -> TurnRecord | None:
    if v is None:
        return None
    if not isinstance(v, dict) or set(v) != set(TurnRecord.__dataclass_fields__):
        raise ValueError("'last_turn' is malformed")
    lc, fc = _cards([v["leader_card"], v["follower_card"]], "last_turn")
    if v["rule"] not in RULE_TITLES:
        raise ValueError("'last_turn' names an unknown rule")
    cap = None if v["capture"] is None else _cards([v["capture"]], "last_turn")[0]
    ps = v["purge_suit"]
    if ps is not None and ps not in SUIT_NAMES:
        raise ValueError("'last_turn' has a bad suit")
    return TurnRecord(_seat(v["leader"], "last_turn"), lc, fc, v["rule"], _pair(v["before"], "before", _total),
                      _pair(v["after"], "after", _total), _seat(v["winner"], "winner"), cap, ps,
                      _cards(v["purged"], "purged"))


def _round_summary(v: Any) -> RoundSummary | None:
    if v is None:
        return None
    if not isinstance(v, dict) or set(v) != set(RoundSummary.__dataclass_fields__):
        raise ValueError("'last_round' is malformed")
    bp = v["bonus_player"]
    return RoundSummary(_int(v, "round_no", 1, 999), _pair(v["totals"], "totals", _total),
                        _pair(v["bonus"], "bonus", _total),
                        None if bp is None else _seat(bp, "bonus_player"))


def _check(s: State) -> None:
    """Card accounting and phase invariants of a rebuilt state."""
    everything = s.pack + s.seen[0] + s.seen[1] + s.hands[0] + s.hands[1] + s.out + s.table
    check_pack(everything, FULL_PACK, "game's cards")
    for seat in SEATS:
        if not set(s.captured[seat]) <= set(s.hands[seat]):
            raise ValueError("a captured card is not in its capturer's hand")
    if s.phase == "draw":
        if len(s.pack) == 0 or len(s.pack) % 2 != (s.draw_step % 2) or s.table or s.out:
            raise ValueError("the draw is inconsistent")
    elif s.pack:
        raise ValueError("cards are left in the pack after the draw")
    if s.phase == "play":
        if not s.hands[1 - s.leader] or not (s.table or s.hands[s.leader]):
            raise ValueError("a turn cannot be played with an empty hand")
        if s.table and s.table[0] in s.hands[s.leader]:
            raise ValueError("the lead card is still in a hand")
    elif s.table:
        raise ValueError("a card is on the table outside a turn")
    if s.phase == "bonus":
        if s.bonus_player is None or s.hands[1 - s.bonus_player] or not any(
                is_numbered(c) for c in s.hands[s.bonus_player]):
            raise ValueError("the bonus is inconsistent")
    if s.phase != "over" and (s.winner is not None or s.end_reason):
        raise ValueError("a winner is set while the game goes on")
    if s.phase == "over" and not s.end_reason:
        raise ValueError("the game is over without a reason")
