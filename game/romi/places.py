"""Where things lie on the Romi board, for a player who cannot see it: the groups in reading order and the
free places where a new group fits.

Pure (no pygame): the words (game.romi.spoken), the keys that jump between groups and free places
(game.romi.keyboard) and F8 all read the board through these, so what is said and where the ring goes agree.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from game.cards import JOKER, RANKS
from game.romi.board import COLS, Board, Group, codes, could_become_valid
from game.romi.groups import is_laid_out, is_valid_group

#: the fewest cards a group can hold: a free place with less room is no place for a new one
MIN_GROUP = 3


@dataclass(frozen=True)
class FreePlace:
    """Empty cells in one row where a new group of up to ``room`` cards can lie from column ``col``, with an
    empty cell (or the board's edge) on each side so that it joins no other group."""

    row: int
    col: int
    room: int


def free_places(board: Board, need: int = MIN_GROUP) -> list[FreePlace]:
    """Every gap of ``board`` with room for ``need`` cards or more, in reading order (row by row, left to
    right): a gap's first cell beside a group is left empty, and so is its last."""
    out: list[FreePlace] = []
    for r, row in enumerate(board.cells):
        c = 0
        while c < COLS:
            if row[c] is not None:
                c += 1
                continue
            start = c
            while c < COLS and row[c] is None:
                c += 1
            first = start + (1 if start > 0 else 0)  # a card lies left of the gap: keep one cell free
            last = c - 1 - (1 if c < COLS else 0)  # and right of it
            room = last - first + 1
            if room >= need:
                out.append(FreePlace(r, first, room))
    return out


def room_from(board: Board, row: int, col: int) -> int:
    """How many cards a new group laid from the empty cell (row, col) rightwards can hold (0 when a card
    lies just left of it, where a card would join that group)."""
    cells = board.cells[row]
    if cells[col] is not None or (col > 0 and cells[col - 1] is not None):
        return 0
    end = col
    while end < COLS and cells[end] is None:
        end += 1
    return end - col - (1 if end < COLS else 0)


def empty_rows(board: Board) -> list[int]:
    """The rows without a card."""
    return [r for r, row in enumerate(board.cells) if not any(row)]


def group_index(groups: list[Group], row: int, col: int) -> int | None:
    """The index of the group lying on (row, col), or None."""
    for k, (r, c, ids) in enumerate(groups):
        if r == row and c <= col < c + len(ids):
            return k
    return None


def next_index(positions: list[tuple[int, int]], row: int | None, col: int | None, step: int,
               current: int | None) -> int:
    """The next (``step`` 1) or previous (-1) of ``positions`` (reading order) from the ring's cell, going
    round at the ends: from inside the current one, its neighbour; from elsewhere on the board, the first
    lying after (or before) the cell; from off the board, the first (or the last)."""
    n = len(positions)
    if current is not None:
        return (current + step) % n
    if row is None or col is None:
        return 0 if step > 0 else n - 1
    here = (row, col)
    if step > 0:
        return next((k for k, p in enumerate(positions) if p > here), 0)
    return next((k for k in range(n - 1, -1, -1) if positions[k] < here), n - 1)


@dataclass(frozen=True)
class FitEnd:
    """A group end where held cards fit: group ``index`` (in reading order, as F8 numbers it), the cell of
    the end card the ring goes to (``row``, ``col``: where Enter or Space adds them at that end), and
    whether that is its last card."""

    index: int
    row: int
    col: int
    at_end: bool


def fitting_ends(groups: Sequence[Group], held: Sequence[str], ace_after_king: bool = False,
                 closed: Collection[str] = ()) -> list[FitEnd]:
    """Every group end where ``held`` (card ids, in the order they would be laid) added there makes a valid
    group, in reading order; the last card first when both ends take them (a set).  A group holding any of
    ``closed`` (the table's cards before the player has opened) takes nothing.  Why: a blind player lifting
    a card walked the groups one by one to find where it fits (round 13); the ring now goes there."""
    if not held:
        return []
    held_codes = codes(held)
    out: list[FitEnd] = []
    for k, (r, c, ids) in enumerate(groups):
        if set(ids) & set(held) or set(ids) & set(closed):
            continue
        own = codes(ids)
        # a valid row is laid in order whichever end took the cards (jokers.arrange_valid_groups); the end
        # named is the one where they read in order (the six before 7 8 9, not after).  A group still being
        # built (under 3 cards: the ace of hearts alone) takes cards that could still make it one (round 13,
        # by ear: the two of hearts lifted went to a free place beyond the lone ace)
        rows = {at_end: own + held_codes if at_end else held_codes + own for at_end in (True, False)}
        building = len(own) < 3
        ends = [e for e, row in rows.items()
                if (could_become_valid(row, ace_after_king) if building else is_valid_group(row, ace_after_king))]
        if ends:
            at_end = next((e for e in ends if reads_in_order(rows[e], ace_after_king)), ends[0])
            out.append(FitEnd(k, r, c + len(ids) - 1 if at_end else c, at_end))
    return out


def reads_in_order(row: Sequence[str], ace_after_king: bool = False) -> bool:
    """Whether ``row`` (codes) reads as the table lays it: a run upwards, a set in any order."""
    if len(row) >= 3:
        return is_laid_out(tuple(row), ace_after_king)
    ranks = [RANKS.index(c[0]) for c in row if c != JOKER]
    return len(set(ranks)) <= 1 or ranks == sorted(ranks)


def ranges(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last) pairs: 2 3 4 7 -> (2, 4), (7, 7)."""
    out: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out
