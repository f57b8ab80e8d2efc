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
from game.romi import places, spoken
from game.romi.board import COLS
from game.words import capital


def _name(cid: str) -> str:
    code = cid.split("#")[0]
    return "a joker" if code == "JK" else f"the {card_name(code)}"

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "Romi keys: Enter on a card selects it (Shift+Enter: it and the cards after it; Ctrl+Enter adds it to the "
    "selection or takes it out, as Ctrl-click); with cards selected, Enter on "
    "a board cell puts them there and Enter on a group's first or last card adds them at that end (the shortcuts); "
    "Space lifts the selection (from the hand the ring takes it over the first free place on the board, and says "
    "so) and Space again puts it down where the ring is; Enter on the stock draws; Draw, End "
    "turn, Validate, Restore and Sort are buttons the ring reaches (Tab). With the ring hidden, Enter ends the turn"
    " and Space draws (each asks first when you have laid cards this turn); Ctrl+Z takes back your last move. "
    "Finding your way on the board by ear: Page Down and Page Up move the ring to the next or previous group "
    "(said with its row and columns; holding cards, to its last card, where Space adds them); F moves it to the "
    "next free place where a new group fits (said with the room it has); G moves it to the next group where the "
    "cards you hold or have selected fit (lifted from the hand, the ring goes to the first such group at once); "
    "H takes the ring back to your hand; F8 reads every group with its place. "
    "On an empty cell the ring says the group beside it, or the room for a new group from there."
)

#: Enter or Space on an empty cell with nothing selected (a blind player heard nothing at all)
NOTHING_SELECTED = "Nothing is selected to put here: Enter on a card of your hand selects it, Space lifts it."

#: the keys that jump the ring on the board: Page Down / Page Up between groups, F between free places
JUMPS = {pygame.K_PAGEDOWN: ("group", 1), pygame.K_PAGEUP: ("group", -1), pygame.K_f: ("free", 1),
         pygame.K_g: ("fit", 1)}


def moving(scene) -> list[str]:
    """The cards the ring would put somewhere: those held (Space), else those selected (Enter)."""
    focus = getattr(scene, "focus", None)
    held = list(focus.holding) if focus is not None else []
    return held or list(scene.selection)


def _closed(scene) -> set[str]:
    """The table's cards no card may join yet: all of them before the player has opened, else none."""
    return set(scene.turn_board.board_ids()) if scene.table_closed() else set()


def fits(scene, cards: list[str]) -> list[places.FitEnd]:
    """The group ends where ``cards`` fit, as the rules let this player add them now (before opening, only to
    groups laid this turn)."""
    return places.fitting_ends(scene.board.groups(), cards, scene.aak, _closed(scene))


def _they(cards: list[str]) -> str:
    return "it fits" if len(cards) == 1 else "they fit"


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
    cards = moving(scene)
    fit_cells = {(f.row, f.col) for f in fits(scene, cards)}
    for r, row in enumerate(board.cells):
        for c in range(COLS):
            cid = row[c]
            x, y = scene.cell_xy(r, c)
            rect = pygame.Rect(x, y, *scene.cell_size)
            sel = ", selected" if cid is not None and cid in scene.selection else ""
            fit = f", where {_they(cards)}" if (r, c) in fit_cells else ""
            what = spoken.cell_words(board, r, c, scene.aak)
            out.append(Spot(f"cell {r} {c}", rect, f"Board row {r + 1}, column {c + 1}: {what}{sel}{fit}.", "board",
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
        if found is not None and current.area == "board" and found.area == "palette":
            return _nearest_hand_card(spots, current) or found
        if found is not None:
            return found
    found = step(spots, current, dx, dy)
    if dy and current.area == "buttons" and found is not None and found.area == "palette" and found.sprite is None:
        # Down from the last button (Sort) reached an empty place of the palette and said only that: the hand's
        # card nearest it, as Down from the board does (issue 34, round 13 by ear: buttons and hand should meet)
        return _nearest_hand_card(spots, current) or found
    return found


def _nearest_hand_card(spots: list[Spot], current: Spot) -> Spot | None:
    """Down from the board's bottom row: the hand's card nearest below (an empty place of the palette under a
    right-hand column said only 'an empty place', and the hand seemed lost)."""
    cards = [s for s in spots if s.area == "palette" and s.sprite is not None]
    cx, cy = current.rect.center
    return min(cards, key=lambda s: (abs(s.rect.centery - cy), abs(s.rect.centerx - cx)), default=None)


def describe_table(scene) -> str:
    """F8 (Options ▸ Speak): whose turn, your hand as shown, the board as it is now (runs and sets named),
    the opening count, the computer's hand size, the stock (game.romi.spoken)."""
    from game.romi import spoken

    return spoken.table_words(scene)


def jump(scene, event: pygame.event.Event) -> bool:
    """Page Down / Page Up / F (`JUMPS`): the ring to the next or previous group, or the next free place,
    said with its place; True when the key was one of them.  Why: a blind player found a group only by
    walking 192 cells, and a place for a new group not at all (RS Games' and Playroom's rummy tables list
    their melds; this board is a grid, so the ring jumps along it instead)."""
    mod = getattr(event, "mod", 0) or 0
    plain = not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_SHIFT)
    if event.key == pygame.K_h and plain and not scene.paused and scene.menubar.open is None:
        return to_hand(scene)
    if (event.key not in JUMPS or mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
            or scene.paused or scene.menubar.open is not None):
        return False
    kind, direction = JUMPS[event.key]
    if mod & pygame.KMOD_SHIFT and kind in ("free", "fit"):
        direction = -1  # Shift+F, Shift+G: the previous one
    focus = scene.focus
    held = list(focus.holding)
    cur = focus.current() if focus.visible else None
    row = col = None
    if cur is not None and cur.key.startswith("cell "):
        row, col = (int(x) for x in cur.key.split()[1:])
    if kind == "group":
        found = _group_target(scene, held, row, col, direction)
    elif kind == "fit":
        found = _fit_target(scene, row, col, direction)
    else:
        found = _free_target(scene, held, row, col, direction)
    if isinstance(found, str):
        scene.status.say(found)
        return True
    (r, c), words = found
    spot = next((s for s in focus.spots() if s.key == f"cell {r} {c}"), None)
    if spot is None:
        return True
    if cur is not None and cur.area == "palette":
        focus._area_memory["palette"] = cur.key  # where H brings the ring back to
    focus.visible = True
    focus.focus_on(spot)
    if held:
        scene.status.say(f"Holding {scene.describe_cards(held)}. Over {words[:1].lower()}{words[1:]}: "
                         "Space puts down, Escape cancels.")
    else:
        scene.status.say(f"{words}.")
    return True


def to_hand(scene) -> bool:
    """H: the ring back to your hand, on the card it was last on there (round 14, by ear: from the board the
    hand was Shift+Tab away, or Tab through the stock and five buttons).  Holding cards, the ring goes over
    the hand as an arrow would take it."""
    focus = scene.focus
    spots = focus.spots()
    hand = [s for s in spots if s.area == "palette"]
    if not hand:
        return True
    cards = [s for s in hand if s.sprite is not None] or hand
    remembered = focus._area_memory.get("palette")
    cur = focus.current(spots) if focus.visible else None
    if cur is not None and cur.area != "palette":
        focus._area_memory[cur.area] = cur.key
    chosen = [s for s in cards if s.sprite in scene.selection]
    focus.visible = True
    focus.focus_on(next((s for s in cards if s.key == remembered), (chosen or cards)[0]))
    focus.announce()
    return True


def _group_target(scene, held: list[str], row: int | None, col: int | None, direction: int):
    """The next group's cell and words (its first card; its last one while cards are held), or why none."""
    groups = [g for g in scene.board.groups() if not set(g[2]) <= set(held)]
    if not groups:
        none = "No other group is on the board." if scene.board.groups() else "The board has no group yet."
        return f"{none} F moves the ring to a free place for a new one."
    current = places.group_index(groups, row, col) if row is not None and col is not None else None
    k = places.next_index([(r, c) for r, c, _ids in groups], row, col, direction, current)
    r, c, ids = groups[k]
    words = f"group {k + 1} of {len(groups)}: {spoken.placed_group_words(groups[k], scene.aak)}"
    if held:  # Space on a group's first or last card adds the held cards at that end (the shortcut)
        fit = next((f for f in fits(scene, held) if f.row == r and c <= f.col < c + len(ids)), None)
        if fit is not None:  # the end where they fit, and said so
            return (fit.row, fit.col), f"the {'end' if fit.at_end else 'start'} of {words}, where {_they(held)}"
        end = max(c + i for i, cid in enumerate(ids) if cid not in held)
        not_fit = "it does not fit" if len(held) == 1 else "they do not fit"
        return (r, end), f"the end of {words}; {not_fit} there"
    return (r, c), words[:1].upper() + words[1:]


def _fit_target(scene, row: int | None, col: int | None, direction: int):
    """G: the next group end where the held (or selected) cards fit, or why none."""
    cards = moving(scene)
    if not cards:
        return ("Nothing is held or selected. Lift a card of your hand with Space, then G moves the ring to a "
                "group where it fits.")
    found = fits(scene, cards)
    name = scene.describe_cards(cards)
    if not found:
        table = _closed(scene)
        shut = any(table.intersection(ids) for _r, _c, ids in scene.board.groups())
        closed = " you may add only to groups you laid this turn until you have opened;" if shut else ""
        return f"{capital(name)} fits no group on the board:{closed} F moves the ring to a free place for a new one."
    current = next((k for k, f in enumerate(found) if (f.row, f.col) == (row, col)), None)
    k = places.next_index([(f.row, f.col) for f in found], row, col, direction, current)
    f = found[k]
    groups = scene.board.groups()
    words = (f"{'end' if f.at_end else 'start'} of group {f.index + 1} of {len(groups)}, "
             f"{spoken.placed_group_words(groups[f.index], scene.aak)}; {_they(cards)} here"
             + (f" ({k + 1} of {len(found)} places)" if len(found) > 1 else ""))
    return (f.row, f.col), words if scene.focus.holding else capital(words)


def _free_target(scene, held: list[str], row: int | None, col: int | None, direction: int):
    """The next free place with room for the held or selected cards (3 at least), or why none."""
    need = max(places.MIN_GROUP, len(held) or len(scene.selection))
    found = places.free_places(scene.board, need)
    if not found:
        return f"No free place on the board has room for {need} cards."
    current = next((k for k, p in enumerate(found)
                    if p.row == row and col is not None and p.col <= col < p.col + p.room), None)
    k = places.next_index([(p.row, p.col) for p in found], row, col, direction, current)
    words = f"free place {k + 1} of {len(found)}: {spoken.free_place_words(found[k])}"
    return (found[k].row, found[k].col), words if held else words[:1].upper() + words[1:]


def after_pick(scene, others: list[Spot], nearest: Spot) -> Spot:
    """Where the ring goes once cards are lifted from the hand: the first free place on the board with room
    for them (a new group's place; Page Down reaches a group's end), said as the ring's cell.  Lifted from
    the board, the nearest place, as on every table."""
    held = scene.focus.holding
    if not held or not all(cid in scene.board.palette for cid in held):
        return nearest
    fit = next(iter(fits(scene, held)), None)
    if fit is not None:  # a group where they fit: the ring goes to that end (G finds the next one)
        return next((s for s in others if s.key == f"cell {fit.row} {fit.col}"), nearest)
    found = places.free_places(scene.board, max(places.MIN_GROUP, len(held)))
    if not found:
        return nearest
    key = f"cell {found[0].row} {found[0].col}"
    return next((s for s in others if s.key == key), nearest)
