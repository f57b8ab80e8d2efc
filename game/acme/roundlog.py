"""The round's story, from the table's list of states: tricks, passes and who went out.

Pure (no pygame): the Last trick view and the Round log dialog read it, and
tests can check it against the rules.  A trick's boundaries are not in the log
itself (whether a trick is over depends on who still holds cards), so they are
read from the successive states' ``trick_start``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.acme import rules
from game.acme.seats import ORDINAL


@dataclass(frozen=True)
class Action:
    """One action of the play phase: ``cards`` is empty for a pass; ``out`` is the place (0-4) taken by
    this play's last card, or None."""

    seat: int
    cards: tuple[str, ...]
    out: int | None = None


def tricks(states: Sequence[rules.State]) -> list[list[Action]]:
    """Every trick of the round so far, in order; the last one may still be in play."""
    out: list[list[Action]] = []
    prev: rules.State | None = None
    for st in states:
        if prev is not None and prev.phase == "play" and len(st.log) == len(prev.log) + 1:
            seat, cards = st.log[-1]
            went_out = seat in st.finished and seat not in prev.finished
            action = Action(seat, cards, st.finished.index(seat) if went_out else None)
            if not prev.log[prev.trick_start:] or not out:  # an empty trick: this action is a lead
                out.append([])
            out[-1].append(action)
        prev = st
    return out


def finished_tricks(states: Sequence[rules.State]) -> list[list[Action]]:
    """The tricks that are over (the current one is left out until it ends)."""
    all_tricks = tricks(states)
    if not states:
        return []
    last = states[-1]
    if all_tricks and last.phase == "play" and last.log[last.trick_start:]:
        return all_tricks[:-1]
    return all_tricks


def last_trick(states: Sequence[rules.State]) -> list[Action]:
    """The last finished trick, or [] before any trick has ended."""
    done = finished_tricks(states)
    return done[-1] if done else []


def be(names: Sequence[str], seat: int) -> str:
    """The verb after a seat's name: 'You are', but 'Tess is' (a player's own name is the third person)."""
    return "are" if names[seat] == "You" else "is"


def out_words(state: rules.State, seat: int, names: Sequence[str]) -> str:
    """'Dmitri is out: 4th, Blue Collar Worker next round': the place read from the finishing order, the one
    source the log, the summary and the seats use (the last seat may be added to it by the same play)."""
    place = state.finished.index(seat)
    return f"{names[seat]} {be(names, seat)} out: {ORDINAL[place]}, {rules.ROLE_NAMES[place]} next round"


def action_words(action: Action, names: Sequence[str], lead: bool) -> str:
    """'Alice led a pair of Sevens', 'You passed', 'Bruno played the Joker and is out: 1st'."""
    who = names[action.seat]
    if not action.cards:
        return f"{who} passed"
    verb = "led" if lead else "played"
    text = f"{who} {verb} {rules.describe(action.cards)}"
    if action.out is not None:
        text += f" and {be(names, action.seat)} out: {ORDINAL[action.out]}"
    return text


def trick_winner(trick: Sequence[Action]) -> int:
    """The seat that took a finished trick: the last one that played cards in it (the others passed)."""
    return next(a.seat for a in reversed(trick) if a.cards)


def log_lines(states: Sequence[rules.State], names: Sequence[str]) -> list[str]:
    """The whole round in words, trick by trick, each finished trick closed by who took it, for the Round log."""
    lines: list[str] = []
    done = len(finished_tricks(states))
    for k, trick in enumerate(tricks(states), 1):
        lines.append(f"Trick {k}:")
        for i, action in enumerate(trick):
            lines.append("    " + action_words(action, names, i == 0) + ".")
        if k <= done:
            lines.append(f"    {names[trick_winner(trick)]} took the trick.")
    if states and rules.is_over(states[-1]):
        last = states[-1].finished[-1]
        lines.append(f"{names[last]} {be(names, last)} last: 5th, Apprentice next round.")
    return lines


def giving_words(role: int, n: int, highest: bool, names: Sequence[str], seat: int) -> str:
    """'Alice (President) gives any two cards', 'You (Apprentice) give your two highest cards'."""
    you = names[seat] == "You"
    what = ("your" if you else "their") + (" two highest cards" if n == 2 else " highest card") if highest \
        else f"any {'two cards' if n == 2 else 'card'}"
    return f"{names[seat]} ({rules.ROLE_NAMES[role]}) {'give' if you else 'gives'} {what}"


def summary_lines(state: rules.State, names: Sequence[str],
                  seating: Sequence[int] | None = None) -> list[str]:
    """A finished round for its summary: each place with who took it and the role it brings (and the role
    held this round), then the exchange that opens the next round, giver by giver.  ``seating`` is the next
    deal's seats in seniority order (President first), the one source of the roles and the exchange: the
    finishing order, unless the round counted before (a round loaded again keeps the table's seats)."""
    order = list(state.finished if seating is None else seating)
    lines = []
    for place, seat in enumerate(state.finished):
        was = rules.ROLE_NAMES[rules.role_of(state, seat)]
        now = rules.ROLE_NAMES[order.index(seat)]
        change = f"stays {now}" if was == now else f"{now} next round (was {was})"
        lines.append(f"{ORDINAL[place]}: {names[seat]} — {change}.")
    gifts = []
    for giver, receiver, n, highest in rules.EXCHANGE:
        to = order[receiver]
        gifts.append(f"{giving_words(giver, n, highest, names, order[giver])} to "
                     f"{'you' if to == 0 else names[to]}")
    lines.append("Then the exchange: " + "; ".join(gifts) + ".")
    return lines
