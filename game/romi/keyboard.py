"""Where the keyboard focus rests on the Romi table: your palette (hand), the board's cells, the stock, the
buttons.

Enter on a card selects it (Shift+Enter: it and the cards after it, as Shift-click), Enter on a cell or a
group's end card with cards selected puts them there (click-select, click-destination and both
shortcuts); Space lifts the selection (or the focused card) and Space again drops it where the ring is
(drag and drop). Enter on the stock draws; Draw, End turn, Validate, Restore and Sort are buttons — all
through the scene's own mouse hooks (game.engine.focus).
"""

from __future__ import annotations

import pygame

from game.cards import card_name
from game.engine.focus import Spot, resting_rect, step
from game.romi import palette as palette_places
from game.romi.board import COLS


def _name(cid: str) -> str:
    code = cid.split("#")[0]
    return "a joker" if code == "JK" else f"the {card_name(code)}"

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "Romi keys: Enter on a card selects it (Shift+Enter: it and the cards after it); with cards selected, Enter on "
    "a board cell puts them there and Enter on a group's first or last card adds them at that end (the shortcuts); "
    "Space lifts the selection and Space again puts it down where the ring is; Enter on the stock draws; Draw, End "
    "turn, Validate, Restore and Sort are buttons the ring reaches (Tab). With the ring hidden, Enter ends the turn"
    " and Space draws (each asks first when you have laid cards this turn); Ctrl+Z takes back your last move."
)


def spots(scene) -> list[Spot]:
    board = scene.board
    cw, ch = scene.hand_size  # the palette's cards have their own size
    out: list[Spot] = []
    n = len(board.palette)
    placements = scene.layout(scene.state)
    rects = [resting_rect(scene, placements, cid) for cid in board.palette]
    for i, cid in enumerate(board.palette):
        r = rects[i]
        if i + 1 < n and rects[i + 1].y == r.y and rects[i + 1].x > r.x:  # overlapping: only the visible strip
            r = pygame.Rect(r.x, r.y, max(8, min(cw, rects[i + 1].x - r.x)), ch)
        sel = ", selected" if cid in scene.selection else ""
        out.append(Spot(f"palette {cid}", r, f"Your hand, card {i + 1} of {n}: {_name(cid)}{sel}.", "palette",
                        sprite=cid, drop=True))
    cap = scene.palette_capacity
    if n < cap:  # the palette's empty places: a card put there stays there
        taken = set(palette_places.positions(board.palette, scene.palette_slots, cap))
        for p in range(cap):
            if p not in taken:
                x = scene.palette_rect.x + (p % scene.pcols) * scene.ppx
                y = scene.palette_rect.y + (p // scene.pcols) * scene.ppy
                out.append(Spot(f"palette place {p}", pygame.Rect(x, y, cw, ch), "Your hand: an empty place.",
                                "palette", drop=True, pick=False))
    for r, row in enumerate(board.cells):
        for c in range(COLS):
            cid = row[c]
            x, y = scene.cell_xy(r, c)
            rect = pygame.Rect(x, y, *scene.cell_size)
            what = _name(cid) if cid is not None else "empty"
            out.append(Spot(f"cell {r} {c}", rect, f"Board row {r + 1}, column {c + 1}: {what}.", "board",
                            sprite=cid, drop=True))
    left = len(scene.state.stock)
    top = f"stock#{min(6, left) - 1}" if left else None  # the sprite a click on the stock hits
    out.append(Spot("stock", scene.stock_rect, f"The stock: {left} cards. Enter draws a card." if left
                    else "The stock is empty.", "stock", sprite=top, pick=False))
    return out + scene.button_spots()


def arrow_step(spots: list[Spot], current: Spot, dx: int, dy: int) -> Spot | None:
    """Up and Down keep to the hand and the board, one above the other, before the buttons and the stock
    beside them: Up from the hand once reached the Sort button (its foot is nearer the hand's than the
    board's lowest row) and then climbed the buttons to Draw, where a player looking for a cell expected
    the board."""
    if dy and current.area in ("palette", "board"):
        found = step([s for s in spots if s.area in ("palette", "board")], current, dx, dy)
        if found is not None:
            return found
    return step(spots, current, dx, dy)


def describe_table(scene) -> str:
    """F8 (Options ▸ Speak): whose turn, your hand as shown, the board as it is now (runs and sets named),
    the opening count, the computer's hand size, the stock (game.romi.spoken)."""
    from game.romi import spoken

    return spoken.table_words(scene)
