"""Where the palette's cards lie: in order, packed from the left, except where the player dropped a card
into the palette's empty area, which it keeps (a card put at the right end stays at the right end).

The palette has two rows of `COLS` places.  ``slots`` maps a card id to the place it was dropped at; the
palette's list order stays the reading order, so a card's place is its slot when that lies after the
previous card's place, else the next place along (an inserted card pushes the ones after it).  When the
places run out (more than two full rows) the palette is packed and squeezed as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.romi.board import COLS

CAPACITY = 2 * COLS


def positions(palette: Sequence[str], slots: dict[str, int], capacity: int = CAPACITY) -> list[int]:
    """The place (0..capacity-1, row-major) of each palette card, or 0..n-1 when they would not fit (a
    small window's palette has fewer places a row: `game.romi.layout.RomiLayout.pcols`)."""
    out: list[int] = []
    prev = -1
    for cid in palette:
        s = slots.get(cid)
        p = s if s is not None and s > prev else prev + 1
        out.append(p)
        prev = p
    if out and out[-1] >= capacity:
        return list(range(len(palette)))
    return out


def insert_index(palette: Sequence[str], slots: dict[str, int], moving: Sequence[str], slot: int,
                 capacity: int = CAPACITY) -> int:
    """Where in the list cards dropped at ``slot`` go: after every other card lying before it."""
    rest = [c for c in palette if c not in moving]
    pos = positions(rest, slots, capacity)
    return sum(1 for p in pos if p < slot)


def is_free(palette: Sequence[str], slots: dict[str, int], moving: Sequence[str], slot: int,
            capacity: int = CAPACITY) -> bool:
    """Whether ``slot`` and the places after it for the moving cards hold no other card."""
    rest = [c for c in palette if c not in moving]
    taken = set(positions(rest, slots, capacity))
    return slot + len(moving) <= capacity and not any(slot + k in taken for k in range(len(moving)))
