"""What of a Romi game is saved and kept beyond the moves, and how it comes back: the board and palette as
the player arranged them within a turn, the level, the Expert clock's time left, the game's statistics id;
the name Save proposes; and what counts as a game worth keeping (cards moved in the first turn do).

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``RomiSaving`` is a mixin of
``RomiScene``: it fills the engine's save/keep hooks (`game.engine.tablesaves`, `game.engine.tablekeep`).
"""

from __future__ import annotations

from typing import Any

from game.romi import palette as palette_places
from game.romi import saved_layout
from game.romi.board import Board
from game.romi.menus import TIME_LIMITS
from game.romi.players import LEVELS
from game.romi.seats import HUMAN
from saves import romi_stats


class RomiSaving:
    """The saving half of ``RomiScene`` (a mixin: ``self`` is the scene)."""

    app: Any
    game: str
    seed: int
    history: Any
    state: Any
    board: Board
    palette_slots: dict[str, int]

    def save_name_base(self) -> str:
        """A proposed save name counts Romi's turns (a turn is two moves)."""
        return f"Romi deal {self.seed} turn {len(self.history.moves) // 2 + 1}"

    def save_summary(self) -> dict[str, Any]:
        """The saved-games list shows the game's level (and Ace after King when it is the rule): a Beginner
        game and an Expert one were told apart only by loading them."""
        out = super().save_summary()
        out["kind"] = self.level.capitalize() + (", Ace after King" if self.aak else "")
        return out

    def extra_save(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "assisted": self.assisted, "level": self.level,
                "clock": self.clock,  # the Expert clock's time left in your turn (None: no clock)
                "layout": saved_layout.to_dict(self.turn_board, self.board),
                "palette_slots": {cid: p for cid, p in self.palette_slots.items() if cid in self.board.palette}}

    def after_load(self, extra: dict[str, Any]) -> None:
        self.board = Board()
        self.palette_slots.clear()
        self._synced = None
        self.job = None
        self.pending = None
        self._announce = False  # the last game's "your turn after the computer's cards land" is not this one's
        self.demo = False
        self.end_pending = None
        self.recorded = self.is_over()
        self.game_id = romi_stats.game_id_from(extra)
        self.assisted = extra.get("assisted") is True
        self.help_moves = set()  # Help's own moves are this session's: a loaded game's last lay is the player's
        level = extra.get("level")
        # the game goes on at the level it was begun at (an older file without one: the level chosen now)
        self.level = level if level in LEVELS and level != "random" else self.chosen_level
        # ...and it is the player's level now: the Level menu ticks it, and the next deal (after a
        # Demonstration too) is at it, not at a level chosen before the load (fresh eyes: a Beginner save,
        # a Demonstration, Escape, and the new game was Expert)
        self.chosen_level = self.level
        left = extra.get("clock")
        ok = isinstance(left, (int, float)) and not isinstance(left, bool) and 0 < left <= max(TIME_LIMITS)
        self._clock_left = float(left) if ok and self.level == "expert" else None
        s = self.state
        kept = saved_layout.from_dict(extra.get("layout"), s.table, s.hands[HUMAN], s.turn == HUMAN and not s.over)
        if kept is not None:  # the player's own arrangement of board and palette (else laid out afresh)
            self.board, self.turn_board = kept
            self._synced = s
            self.selection = []
            self.geometry(self.app.size)  # the kept board may have more rows than eight
            slots = extra.get("palette_slots")
            if isinstance(slots, dict):
                self.palette_slots = {cid: p for cid, p in slots.items() if cid in self.board.palette
                                      and isinstance(p, int) and not isinstance(p, bool)
                                      and 0 <= p < palette_places.CAPACITY}
            self.edits.reset(self.board, self.palette_slots)

    def after_resumed(self) -> None:
        self.begin_turn()

    def after_loaded_by_player(self) -> None:
        self.begin_turn()

    def in_progress(self) -> bool:
        """Moves made, or cards moved on the board in the first turn (work worth keeping), not a demo."""
        if self.demo or self.is_over():
            return False
        return super().in_progress() or self.board_changed()

    def kept_extra(self) -> Any:
        """The turn's rearranging is kept as every move is (a SIGKILL mid-turn loses at most the card in
        flight), and the Expert clock's time left to the nearest ten seconds."""
        clock = None if self.clock is None else int(self.clock // 10)
        return (tuple(map(tuple, self.board.cells)), tuple(self.board.palette),
                tuple(sorted(self.palette_slots.items())), clock)
