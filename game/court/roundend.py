"""What the end-of-round screen shows, read from the table's history (pure: no pygame).

The rules deal the next round in the same move that ends one (`rules._end_round`), so the position the
round ended in — the computer's last turn, its bonus, the cards left in each hand — is gone from the
next state.  `round_end` rebuilds it: it replays the round's last move on a copy of the state before it
whose round limit is that round, so the rules end the game there instead of dealing, and the hands are
left as they were.  Nothing is changed; the real history goes on from the dealt round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.cards import the_card
from game.court import rules


@dataclass(frozen=True)
class BonusCard:
    """A card played in a bonus and what it did to the two totals (seat 0's change, seat 1's change)."""

    seat: int
    card: str
    change: tuple[int, int]


@dataclass(frozen=True)
class RoundEnd:
    """One finished round, as the end-of-round screen tells it."""

    round_no: int
    final: rules.State  # the table as the round ended, before the next deal (phase "over")
    start: tuple[int, int]  # the totals when the round was dealt
    end: tuple[int, int]  # the totals when it ended
    last_turn: rules.TurnRecord | None
    bonus: tuple[BonusCard, ...]
    game_over: bool  # the round ended the game (the real state is over)

    @property
    def left(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The cards left in each hand (the bonus player's court cards, and numbered cards kept back)."""
        return self.final.hands

    @property
    def change(self) -> tuple[int, int]:
        return (self.end[0] - self.start[0], self.end[1] - self.start[1])


def ended_round(before: rules.State, after: rules.State) -> bool:
    """Whether the move from ``before`` to ``after`` finished a round (and dealt the next, or ended the game)."""
    return after.round_no != before.round_no or (rules.is_over(after) and not rules.is_over(before))


def final_position(before: rules.State, move: rules.Move) -> rules.State:
    """The position the round ends in when ``move`` is played on ``before`` — its last move — undealt."""
    return rules.apply(replace(before, round_limit=before.round_no), move)


def round_end(states: Sequence[rules.State], moves: Sequence[rules.Move]) -> RoundEnd | None:
    """The round finished by the last move of the history (``moves[i]`` leads ``states[i]`` to ``states[i+1]``),
    or None when the last move did not finish one."""
    if not moves or len(states) != len(moves) + 1 or not ended_round(states[-2], states[-1]):
        return None
    before, move, after = states[-2], moves[-1], states[-1]
    final = final_position(before, move)
    first = len(states) - 2
    while first > 0 and states[first - 1].round_no == before.round_no:
        first -= 1
    start = states[first].totals
    bonus: list[BonusCard] = []
    for i in range(first, len(moves)):
        m = moves[i]
        if m.kind == "bonus":
            was = states[i].totals
            now = final.totals if i == len(moves) - 1 else states[i + 1].totals
            bonus.append(BonusCard(states[i].bonus_player, m.card, (now[0] - was[0], now[1] - was[1])))
    return RoundEnd(before.round_no, final, start, final.totals, final.last_turn, tuple(bonus),
                    rules.is_over(after))


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def bonus_words(card: BonusCard, names: tuple[str, str] = ("you", "the computer")) -> str:
    """'the seven of hearts: you +7', 'the five of spades: you −5, the computer −5'."""
    parts = [f"{names[s]} {signed(card.change[s])}" for s in (0, 1) if card.change[s]]
    return f"{the_card(card.card)}: {', '.join(parts) or 'no change'}"
