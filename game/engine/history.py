"""Undo and redo as a list of immutable states and a cursor.

Because `rules.apply` never changes a state, undo is moving the cursor back and
redo moving it forward; a new move cuts off the redo tail.  The moves are kept
beside the states so a save can store the start and the move texts and a load
can replay them through the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class History:
    states: list[Any]
    moves: list[Any] = field(default_factory=list)  # moves[i] leads states[i] -> states[i+1]
    cursor: int = 0

    @classmethod
    def start(cls, state: Any) -> History:
        return cls([state], [], 0)

    @property
    def state(self) -> Any:
        return self.states[self.cursor]

    @property
    def first(self) -> Any:
        return self.states[0]

    def push(self, move: Any, state: Any) -> None:
        del self.states[self.cursor + 1:]
        del self.moves[self.cursor:]
        self.moves.append(move)
        self.states.append(state)
        self.cursor += 1

    def replace_current(self, state: Any) -> None:
        """Swap the present state for an equivalent one (e.g. marked unscored)."""
        self.states[self.cursor] = state

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.states) - 1

    def undo(self) -> Any:
        if self.can_undo:
            self.cursor -= 1
        return self.state

    def redo(self) -> Any:
        if self.can_redo:
            self.cursor += 1
        return self.state

    def played_moves(self) -> list[Any]:
        """Moves up to the cursor (what a save replays), then the redo tail."""
        return list(self.moves)
