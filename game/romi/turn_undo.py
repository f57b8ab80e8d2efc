"""Taking back single moves within your turn (Ctrl+Z), as far back as the start of the turn.

Romi is a game against the computer, so a finished turn is never taken back (``allow_undo`` is off); but
within a turn the board is your scratch pad, and one slip (a card dropped on the wrong group) should not
cost the whole arrangement, which Restore would.  `EditHistory` keeps the board and palette as they were
before each edit: the scene notes every edit after it happened, and the history pushes the picture it held
(pure Python: no pygame, so it is tested without a window).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.romi.board import Board

Picture = tuple[Board, dict[str, int]]  # the board (palette included) and the palette's kept places


def _same(a: Board, b: Board) -> bool:
    return a.cells == b.cells and a.palette == b.palette


@dataclass
class EditHistory:
    """The pictures before each edit of this turn, oldest first, and the picture after the last one."""

    base: Picture = field(default_factory=lambda: (Board(), {}))
    done: list[Picture] = field(default_factory=list)
    #: what each edit in ``done`` was ("move", or "restore": Restore is taken back as one step, and said so)
    kinds: list[str] = field(default_factory=list)

    def reset(self, board: Board, slots: dict[str, int]) -> None:
        """A new turn (or a loaded game): nothing to take back."""
        self.base = (board.copy(), dict(slots))
        self.done = []
        self.kinds = []

    def note(self, board: Board, slots: dict[str, int], kind: str = "move") -> bool:
        """Record an edit (``kind``) that led to ``board``; False (nothing kept) when it changed nothing."""
        if _same(board, self.base[0]) and slots == self.base[1]:
            return False
        self.done.append(self.base)
        self.kinds.append(kind)
        self.base = (board.copy(), dict(slots))
        return True

    def take_back(self) -> Picture | None:
        """The picture before the last edit (None at the start of the turn)."""
        if not self.done:
            return None
        board, slots = self.done.pop()
        if self.kinds:
            self.kinds.pop()
        self.base = (board.copy(), dict(slots))
        return board.copy(), dict(slots)

    def last_kind(self) -> str:
        """What Ctrl+Z would take back next: "move", "restore", or "" at the start of the turn."""
        return self.kinds[-1] if self.kinds else ""

    def first(self) -> Picture:
        """A copy of the picture as the turn began (Restore)."""
        board, slots = self.done[0] if self.done else self.base
        return board.copy(), dict(slots)

    def resort(self, key: Callable[[str], Any]) -> None:
        """The palette was sorted: every picture holds it in that order, so a sort is not a move Ctrl+Z takes
        back, and taking back a move never undoes the sort."""
        for board, slots in (self.base, *self.done):
            board.palette.sort(key=key)
            slots.clear()

    def __len__(self) -> int:
        return len(self.done)
