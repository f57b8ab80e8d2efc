"""Affairs of the Court's round so far, turn by turn, in words (Court ▸ Round log, like ACME's).

Pure (no pygame): read from the table's states and moves.  What the player could not see stays hidden: the
computer's draw is "the computer drew a pair", never which card it kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.cards import the_card
from game.court import rules
from game.words import capital


def round_start(states: Sequence[rules.State], end: int) -> int:
    """The index of the state that opened the round ``states[end]`` is in."""
    i = end
    while i > 0 and states[i - 1].round_no == states[end].round_no:
        i -= 1
    return i


def move_line(before: rules.State, move: Any, after: rules.State) -> str | None:
    """One move in words from the human's side (seat 0), or None for a move told with the next one (a lead is
    told with its answer, as the turn)."""
    seat = rules.current_player(before)
    you = seat == 0
    if move.kind in ("keep", "discard"):
        if not you:
            return "The computer drew its pair." if before.draw_step == 0 else None
        return f"You {'kept' if move.kind == 'keep' else 'discarded'} {the_card(before.pack[0])}."
    if move.kind == "play":
        lt = after.last_turn
        if lt is None or lt is before.last_turn:
            return None  # a lead: told with the answer
        leader, follower = ("You", "the computer") if lt.leader == 0 else ("The computer", "you")
        return (f"{leader} led {the_card(lt.leader_card)}, {follower} played {the_card(lt.follower_card)}: "
                f"{rules.cue_text(lt, 0)}. You {lt.after[0]}, the computer {lt.after[1]}.")
    if move.kind == "bonus":
        return f"Bonus: {'you play' if you else 'the computer plays'} {the_card(move.card)}."
    if move.kind == "done":
        return f"{'You keep' if you else 'The computer keeps'} the rest back."
    return None


def log_lines(states: Sequence[rules.State], moves: Sequence[Any]) -> list[str]:
    """The round so far, one line per event (turns numbered); before the first move of a round, the round
    just finished."""
    if not states:
        return []
    end = len(states) - 1
    start = round_start(states, end)
    if start == end and start > 0:  # a round has just ended: show it, not the empty new one
        end = start
        start = round_start(states, start - 1)
    first = states[start]
    lines = [f"Round {first.round_no}: you {first.totals[0]}, the computer {first.totals[1]} at its start."]
    turn = 0
    pairs = [0, 0]
    for i in range(start, end):
        before, move, after = states[i], moves[i], states[i + 1]
        seat = rules.current_player(before)
        if move.kind in ("keep", "discard") and before.draw_step == 0 and seat is not None:
            pairs[seat] += 1
        text = move_line(before, move, after)
        if text is None:
            continue
        if move.kind == "play":
            turn += 1
            text = f"Turn {turn}: {text}"
        elif move.kind in ("keep", "discard") and seat is not None:
            text = f"Pair {pairs[seat]}: {text}"
        lines.append(capital(text))
    if end < len(states) - 1 or states[end].round_no != first.round_no:
        lines.append(f"Round {first.round_no} is over: you {states[end].totals[0]}, "
                     f"the computer {states[end].totals[1]}.")
    if len(lines) == 1:
        lines.append("Nothing has been played in this round yet.")
    return lines
