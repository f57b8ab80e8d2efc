"""The player's arrangement of the Romi board and palette, kept in a saved game (and the game left open).

A saved game holds the deal and the moves (game/engine/table.py); where the groups lie on the 8 x 24 board
and the order of the palette are the player's own work, so Load and Resume bring them back rather than
laying the table out afresh.  What is read back is checked against the replayed position: a layout that
does not show exactly the table and hand of that position (an edited or foreign file) is ignored, and the
table is laid out as for a new position; nothing in it can change the game itself.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from game.romi.board import COLS, ROWS, Board, code_of

ID = re.compile(r"^(?:[A2-9TJQK][CDHS]|JK)#[A-Za-z0-9]{1,6}$")
MAX_ROWS = 4 * ROWS


def to_dict(turn_board: Board, board: Board) -> dict[str, Any]:
    """The board as the turn began (matching the saved position) and as the player has it now."""
    return {"turn": _one(turn_board), "now": _one(board)}


def _one(b: Board) -> dict[str, Any]:
    return {"cells": [list(row) for row in b.cells], "palette": list(b.palette)}


def _board(data: Any) -> Board | None:
    if not isinstance(data, dict):
        return None
    cells, palette = data.get("cells"), data.get("palette")
    if not isinstance(cells, list) or not ROWS <= len(cells) <= MAX_ROWS or not isinstance(palette, list):
        return None
    rows: list[list[str | None]] = []
    for row in cells:
        if not isinstance(row, list) or len(row) != COLS:
            return None
        if not all(c is None or (isinstance(c, str) and ID.match(c)) for c in row):
            return None
        rows.append(list(row))
    if not all(isinstance(c, str) and ID.match(c) for c in palette):
        return None
    ids = [c for row in rows for c in row if c is not None] + list(palette)
    if len(set(ids)) != len(ids):
        return None
    return Board(rows, list(palette))


def _shows(b: Board, table, hand) -> bool:
    groups = Counter(tuple(g) for g in b.table())
    return groups == Counter(tuple(g) for g in table) and Counter(code_of(i) for i in b.palette) == Counter(hand)


def from_dict(data: Any, table, hand, my_turn: bool) -> tuple[Board, Board] | None:
    """(board now, board as the turn began) for a position with ``table`` and your ``hand``; None when the
    saved layout is missing or does not show that position."""
    if not isinstance(data, dict):
        return None
    turn = _board(data.get("turn"))
    if turn is None or not _shows(turn, table, hand):
        return None
    now = _board(data.get("now")) if my_turn else None
    if now is not None:
        same_cards = sorted(now.board_ids() + now.palette) == sorted(turn.board_ids() + turn.palette)
        table_stays = set(turn.board_ids()) <= set(now.board_ids())
        if not (same_cards and table_stays):
            now = None
    return (now or turn.copy()), turn
