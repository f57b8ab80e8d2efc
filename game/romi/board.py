"""The Romi board: 8 rows of 24 cells where the groups lie, and the human's palette.

This is the model behind the table scene (pure Python, no pygame), kept apart
so its rules of placement can be tested without a window.  A cell holds a card
*id* (``7H#0``, ``7H#1``: the two copies of a card are told apart only here,
for drawing) or None.  A group is a maximal run of filled cells in one row, so
groups are always separated by at least one empty cell.

During the human's turn the board is edited freely; only when the turn ends
does its table (`Board.table`) go to the rules as one ``play`` move.  After every
move `reconcile` makes the board show the rules' table and hand again while
moving as few cards as possible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.cards import JOKER, cards_phrase
from game.romi.groups import _layout_start, group_points, is_valid_group
from game.words import capital

ROWS = 8
COLS = 24

Group = tuple[int, int, list[str]]  # row, first column, card ids


def code_of(card_id: str) -> str:
    return card_id.split("#", 1)[0]


def codes(ids: Iterable[str]) -> list[str]:
    return [code_of(i) for i in ids]


def could_become_valid(cards: Sequence[str], ace_after_king: bool = False) -> bool:
    """Whether the row ``cards``, *in the order it lies*, could still become a valid group by adding cards
    at its ends (the board refuses to put a card beside others when this is false).

    A set is order-free (one rank, different suits, at most four).  A run is read cell by cell: the cards
    must already stand at consecutive positions, a joker holding its cell, because a gap inside a row can
    never be filled (its cells are adjacent).  A row reading down (9 8 7) counts too: once valid it is laid
    in order (`jokers.arrange_valid_groups`).  A row that is already a valid group is always accepted.
    """
    cards = list(cards)
    if len(cards) >= 3 and is_valid_group(cards, ace_after_king):
        return True
    nat = [c for c in cards if c != JOKER]
    top = 14 if ace_after_king else 13
    if not nat:
        return len(cards) <= top
    if len({c[0] for c in nat}) == 1 and len({c[1] for c in nat}) == len(nat) and len(cards) <= 4:
        return True
    return (_layout_start(cards, ace_after_king) is not None
            or _layout_start(cards[::-1], ace_after_king) is not None)


def opening_points(groups: Iterable[Sequence[str]], own: Iterable[str], ace_after_king: bool = False) -> int:
    """What an opening laid so far is worth: the points of the valid groups made only of ``own`` card ids
    (cards from the hand this turn); the live count beside the palette ("Opening: 38 of 25 points")."""
    mine = set(own)
    return sum(group_points(codes(ids), ace_after_king) for ids in groups
               if ids and mine.issuperset(ids) and len(ids) >= 3 and is_valid_group(codes(ids), ace_after_king))


@dataclass
class Board:
    cells: list[list[str | None]] = field(default_factory=lambda: [[None] * COLS for _ in range(ROWS)])
    palette: list[str] = field(default_factory=list)

    # --- reading -----------------------------------------------------------
    def copy(self) -> Board:
        return Board([row[:] for row in self.cells], self.palette[:])

    @property
    def rows(self) -> int:
        return len(self.cells)

    def groups(self) -> list[Group]:
        out: list[Group] = []
        for r, row in enumerate(self.cells):
            c = 0
            while c < COLS:
                if row[c] is None:
                    c += 1
                    continue
                start = c
                ids = []
                while c < COLS and row[c] is not None:
                    ids.append(row[c])
                    c += 1
                out.append((r, start, ids))
        return out

    def table(self) -> tuple[tuple[str, ...], ...]:
        """The groups as card codes, row by row (what a ``play`` move sends)."""
        return tuple(tuple(codes(ids)) for _, _, ids in self.groups())

    def board_ids(self) -> list[str]:
        return [i for row in self.cells for i in row if i is not None]

    def where(self, card_id: str) -> tuple[str, int, int]:
        """("cell", row, col) or ("palette", index, 0); KeyError if absent."""
        for r, row in enumerate(self.cells):
            for c, x in enumerate(row):
                if x == card_id:
                    return ("cell", r, c)
        if card_id in self.palette:
            return ("palette", self.palette.index(card_id), 0)
        raise KeyError(card_id)

    def group_of(self, card_id: str) -> Group | None:
        for g in self.groups():
            if card_id in g[2]:
                return g
        return None

    def free(self, row: int, col: int, length: int, ignore: Iterable[str] = ()) -> bool:
        """Cells col..col+length-1 of ``row`` are empty (or hold ``ignore`` cards)."""
        if row < 0 or row >= self.rows or col < 0 or col + length > COLS:
            return False
        skip = set(ignore)
        return all(self.cells[row][c] is None or self.cells[row][c] in skip for c in range(col, col + length))

    def room_for(self, length: int, ignore: Iterable[str] = (),
                 near: tuple[int, int] | None = None) -> tuple[int, int] | None:
        """A place where a new group of ``length`` fits with a gap either side: the first from the top left,
        or with ``near`` (row, column) the nearest to it, in its own row first, then the nearest row (a
        group that grows at the edge of the board shifts a cell rather than jumping to a far row)."""
        skip = set(ignore)

        def empty(r: int, c: int) -> bool:
            return c < 0 or c >= COLS or self.cells[r][c] is None or self.cells[r][c] in skip

        spots = [(r, c) for r in range(self.rows) for c in range(COLS - length + 1)
                 if self.free(r, c, length, skip) and empty(r, c - 1) and empty(r, c + length)]
        if not spots:
            return None
        if near is None:
            return spots[0]
        return min(spots, key=lambda s: (abs(s[0] - near[0]), abs(s[1] - near[1]), s))

    # --- editing ----------------------------------------------------------
    def remove(self, ids: Iterable[str]) -> None:
        gone = set(ids)
        for row in self.cells:
            for c, x in enumerate(row):
                if x in gone:
                    row[c] = None
        self.palette = [i for i in self.palette if i not in gone]

    def put(self, ids: Sequence[str], row: int, col: int) -> None:
        for k, cid in enumerate(ids):
            self.cells[row][col + k] = cid

    def place(self, ids: Sequence[str], row: int, col: int, ace_after_king: bool = False) -> str | None:
        """Move ``ids`` into consecutive cells from (row, col); returns a reason if refused."""
        ids = list(ids)
        if not self.free(row, col, len(ids), ids):
            return "There is no room there: the cells are taken or the row ends."
        trial = self.copy()
        trial.remove(ids)
        trial.put(ids, row, col)
        g = trial.group_of(ids[0])
        if g is not None and not could_become_valid(codes(g[2]), ace_after_king):
            return f"{capital(cards_phrase(codes(g[2])))} can never become a set or a run."
        self.cells, self.palette = trial.cells, trial.palette
        return None

    def to_palette(self, ids: Sequence[str], index: int | None = None) -> None:
        self.remove(ids)
        index = len(self.palette) if index is None else max(0, min(index, len(self.palette)))
        self.palette[index:index] = list(ids)

    def place_group(self, ids: Sequence[str], near: tuple[int, int] | None = None) -> None:
        """Lay a whole group where it fits (as near ``near`` as there is room), packing the
        board or adding a row if it is full."""
        ids = list(ids)
        spot = self.room_for(len(ids), near=near)
        if spot is None:
            self.pack()
            spot = self.room_for(len(ids))
        while spot is None:
            self.cells.append([None] * COLS)
            spot = self.room_for(len(ids))
        self.put(ids, *spot)

    def pack(self) -> None:
        """Lay every group again from the top left, longest first (makes room)."""
        groups = sorted(self.groups(), key=lambda g: -len(g[2]))
        self.cells = [[None] * COLS for _ in range(max(ROWS, 1))]
        for _, _, ids in groups:
            spot = self.room_for(len(ids))
            while spot is None:
                self.cells.append([None] * COLS)
                spot = self.room_for(len(ids))
            self.put(ids, *spot)

    # --- following the rules ----------------------------------------------
    def reconcile(self, table: Sequence[Sequence[str]], hand: Sequence[str],
                  reserved: Iterable[str] = ()) -> list[str]:
        """Show ``table`` and the palette ``hand``, keeping unchanged groups where they
        are and cards' ids where possible.  Returns the ids that are new on the board."""
        old_groups = self.groups()
        old_ids_by_code: dict[str, list[str]] = {}
        for _, _, ids in old_groups:
            for i in ids:
                old_ids_by_code.setdefault(code_of(i), []).append(i)
        pal_by_code: dict[str, list[str]] = {}
        for i in self.palette:
            pal_by_code.setdefault(code_of(i), []).append(i)
        in_use = set(self.board_ids()) | set(self.palette) | set(reserved)

        # the hand keeps its own ids (in palette order) as far as the codes allow
        need = Counter(hand)
        new_palette: list[str] = []
        for i in self.palette:
            if need[code_of(i)] > 0:
                need[code_of(i)] -= 1
                new_palette.append(i)
        kept_pal = set(new_palette)
        spare_pal = {c: [i for i in lst if i not in kept_pal] for c, lst in pal_by_code.items()}

        used_old: set[int] = set()
        placed: list[tuple[int, int, list[str]] | None] = [None] * len(table)
        taken: set[str] = set()
        # 1) groups that did not change at all, 2) the same cards in a new order
        for exact in (True, False):
            for k, g in enumerate(table):
                if placed[k] is not None:
                    continue
                for j, (r, c, ids) in enumerate(old_groups):
                    if j in used_old:
                        continue
                    cs = codes(ids)
                    if (cs == list(g)) if exact else (sorted(cs) == sorted(g)):
                        new_ids: list[str] = []
                        for cc in g:
                            new_ids.append(next(i for i in ids if code_of(i) == cc and i not in taken
                                                and i not in new_ids))
                        used_old.add(j)
                        taken.update(new_ids)
                        placed[k] = (r, c, new_ids)
                        break
        fresh: list[str] = []

        def id_for(cc: str) -> str:
            for i in old_ids_by_code.get(cc, []):
                if i not in taken:
                    taken.add(i)
                    return i
            for i in spare_pal.get(cc, []):
                if i not in taken:
                    taken.add(i)
                    return i
            n = 0
            while f"{cc}#{n}" in in_use or f"{cc}#{n}" in taken:
                n += 1
            i = f"{cc}#{n}"
            taken.add(i)
            fresh.append(i)
            return i

        changed: list[tuple[int, list[str], tuple[int, int] | None]] = []
        for k, g in enumerate(table):
            if placed[k] is None:
                ids = [id_for(cc) for cc in g]
                # try where the old group that shared most cards lay
                best, near = 0, None
                for j, (r, c, oids) in enumerate(old_groups):
                    if j in used_old:
                        continue
                    overlap = sum((Counter(codes(oids)) & Counter(g)).values())
                    if overlap > best:
                        best, near = overlap, (r, c)
                changed.append((k, ids, near))
        self.cells = [[None] * COLS for _ in range(max(ROWS, len(self.cells)))]
        for p in placed:
            if p is not None:
                self.put(p[2], p[0], p[1])
        for _k, ids, near in changed:
            self.place_group(ids, near)
        while len(self.cells) > ROWS and not any(self.cells[-1]):
            self.cells.pop()
        # the palette: kept ids, then any new cards (drawn) at the end
        for cc, n in need.items():
            for _ in range(n):
                new_palette.append(id_for(cc))
        self.palette = new_palette
        return fresh
