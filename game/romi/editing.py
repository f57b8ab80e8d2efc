"""Editing the board during your turn: clicks, drags and drops on the board and the palette, the two
shortcuts on a group's card (split a group, add to its end), and the board utilities (Validate, Restore,
Sort).

Moved out of scene.py, which had grown past a thousand lines: `RomiScene` takes these methods from
`BoardEditing`, a mixin, so every call site (``scene.on_click``, ``scene.move_to_cell``…) is unchanged.
All of it works on the scene's working copy of the board; the rules see it only when the turn ends.
"""

from __future__ import annotations

import pygame

from game.cards import JOKER, RANKS, cards_phrase
from game.engine import theme
from game.engine.cardtable import CardSprite
from game.romi import jokers, rules, spoken
from game.romi import palette as palette_places
from game.romi.board import COLS, Board, code_of, codes, could_become_valid
from game.romi.groups import why_invalid
from game.romi.seats import HUMAN
from game.words import capital, count, plural


class BoardEditing:
    """The board-editing half of `game.romi.scene.RomiScene` (a mixin: it has no state of its own)."""

    def select(self, ids: list[str]) -> None:
        self.selection = list(ids)
        for sp in self.table.sprites.values():
            sp.selected = sp.id in self.selection
        self.app.invalidate()

    def own_this_turn(self, cid: str) -> bool:
        """Cards from your hand this turn may go back to the palette; table cards may not."""
        return cid in self.turn_board.palette

    CLOSED_TABLE = ("Before your opening play the table's groups stay as they are: lay new groups from your "
                    "hand, worth 25 points or more together.")

    def table_closed(self) -> bool:
        """Until you have opened, the rules let you only add groups of your own (rules.py, Opening)."""
        return not self.state.opened[HUMAN]

    def refuse_closed_table(self, ids: list[str]) -> bool:
        """Refuse at once, with the reason, any touch of the table's cards before your opening."""
        touched = [i for i in ids if i in self.turn_board.board_ids()]
        if not touched or not self.table_closed():
            return False
        self.refuse(self.CLOSED_TABLE, tuple(touched))
        return True

    def table_untouched(self, board: Board) -> bool:
        """Whether every group holding table cards is still exactly one of the turn's starting groups."""
        before = {tuple(ids) for _r, _c, ids in self.turn_board.groups()}
        table = set(self.turn_board.board_ids())
        return all(tuple(ids) in before for _r, _c, ids in board.groups() if table.intersection(ids))

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        sid = sprite.id if sprite is not None else None
        if sid is not None and sid.startswith("stock#"):
            self.draw_card()
            return
        if not self.my_turn():
            if self.turn_words():
                self.status.say(self.turn_words(), theme.HILITE)
            return
        on_board = sid is not None and sid in self.board.board_ids()
        on_palette = sid is not None and sid in self.board.palette
        shift = bool(self._mods & pygame.KMOD_SHIFT)
        if sid is not None and sid == self._refused_press:
            self._refused_press = None  # the drag was refused already; its release is no second click
            return
        if (on_board or on_palette) and self._mods & pygame.KMOD_CTRL:
            self.toggle_selected(sid)  # Ctrl-click: add to the selection, or take out
            return
        if self.selection:
            if sid is not None and sid in self.selection:
                self.select([])
                self.status.say("Selection cancelled.")
                return
            if on_board:
                if not self.refuse_closed_table([sid]):
                    self.click_group_card(sid)
                return
            if on_palette:
                self.move_to_palette(self.selection, self.board.palette.index(sid))
                return
            cell = self.cell_at(pos)
            if cell is not None:
                self.move_to_cell(self.selection, *cell)
                return
            if self.palette_rect.collidepoint(pos):
                self.move_to_palette_at(self.selection, pos, pos)
                return
            self.select([])
            return
        if on_board or on_palette:
            if self.refuse_closed_table([sid]):
                return
            ids = [sid]
            if shift:
                ids = self.following(sid)
            self.select(ids)
            self.app.sounds.play(self.snd("click"))
            self.say_selected()

    def following(self, sid: str) -> list[str]:
        """Shift-click: the card and the cards after it in its group; on the palette,
        the following cards that could still make a valid group, passing over a second copy of a card taken
        (round 15, by ear: the sorted hand's five, six, six, seven of hearts stopped at the second six)."""
        g = self.board.group_of(sid)
        if g is not None:
            return g[2][g[2].index(sid):]
        pal = self.board.palette
        i = pal.index(sid)
        out = [sid]
        for nxt in pal[i + 1:]:
            if code_of(nxt) != JOKER and code_of(nxt) in codes(out):
                continue  # the twin of the other pack: the group goes on after it
            if could_become_valid(codes(out + [nxt]), self.aak):
                out.append(nxt)
            else:
                break
        return out

    def click_group_card(self, target: str) -> None:
        """A click on a table card with cards selected: the two shortcuts."""
        g = self.board.group_of(target)
        if g is None:
            return
        row, col, ids = g
        sel = [i for i in self.selection if i not in ids]
        if not sel:
            self.select([])
            return
        k = ids.index(target)
        # Split: one card equal to a card inside a group of 5 or more.
        if (len(sel) == 1 and code_of(sel[0]) == code_of(target) and len(ids) >= 5 and k + 1 >= 3
                and len(ids) - k >= 3):
            self.split_group(g, k, sel[0])
            return
        if len(ids) == 1:  # a lone card: the new ones go where a run reads upwards (8 then 9, either way)
            self.add_to_group(g, sel, at_end=not _goes_before(codes(sel), code_of(target)))
            return
        if k == 0 or k == len(ids) - 1:
            self.add_to_group(g, sel, at_end=(k == len(ids) - 1))
            return
        if len(sel) == 1 and code_of(sel[0]) == code_of(target):  # a split asked for, and why it cannot be
            words = cards_phrase(codes(ids))
            if len(ids) < 5:
                self.refuse(f"Only a group of 5 or more cards can be split: {words} has {len(ids)}.", (target,))
            else:
                short = min(k + 1, len(ids) - k)
                self.refuse(f"Splitting {words} there would leave a group of {short} cards: each part needs "
                            "3 or more.", (target,))
            return
        self.refuse("That cell is taken. Click (or Enter on) the first or last card of a group to add cards to it.",
                    (target,))

    def add_to_group(self, g, sel: list[str], at_end: bool) -> None:
        row, col, ids = g
        new_ids = ids + sel if at_end else sel + ids
        if not could_become_valid(codes(new_ids), self.aak):
            self.refuse(f"{capital(cards_phrase(codes(new_ids)))} can never become a set or a run.", tuple(sel))
            return
        trial = self.board.copy()
        trial.remove(sel)
        start = col if at_end else col - len(sel)
        if trial.free(row, start, len(new_ids), ids) and self._gap_ok(trial, row, start, len(new_ids), ids):
            trial.remove(ids)
            trial.put(new_ids, row, start)
        else:
            trial.remove(ids)
            trial.place_group(new_ids, near=(row, start))
        self.board = trial
        self.after_edit("place")
        moved = self.board.group_of(new_ids[0])
        # said when it left its place, so the next drop aims where it went; not when it grew where it lay,
        # shifted along its row (round 15, by ear: a card put before a group at the row's start said "moved")
        grew_in_place = moved is not None and moved[0] == row and moved[1] <= col and \
            col + len(ids) <= moved[1] + len(new_ids)
        if moved is not None and moved[:2] != (row, start) and not grew_in_place:
            self.status.say(f"No room where it lay: the group moved to row {moved[0] + 1}, column {moved[1] + 1}. "
                            f"{self.status.message}")

    @staticmethod
    def _gap_ok(board: Board, row: int, start: int, length: int, own: list[str]) -> bool:
        left = start - 1
        right = start + length
        ok_left = left < 0 or board.cells[row][left] is None or board.cells[row][left] in own
        ok_right = right >= COLS or board.cells[row][right] is None or board.cells[row][right] in own
        return ok_left and ok_right

    def split_group(self, g, k: int, card: str) -> None:
        row, col, ids = g
        left, right = ids[:k + 1], [card] + ids[k + 1:]
        trial = self.board.copy()
        trial.remove([card] + ids)
        trial.put(left, row, col)
        start = col + len(left) + 1
        if trial.free(row, start, len(right)) and self._gap_ok(trial, row, start, len(right), []):
            trial.put(right, row, start)
        else:
            trial.place_group(right, near=(row, start))
        self.board = trial
        self.after_edit("place")
        self.status.say(f"Split into {cards_phrase(codes(left))}, and {cards_phrase(codes(right))}.")

    def move_to_cell(self, ids: list[str], row: int, col: int) -> bool:
        before = self.board.copy()
        problem = self.board.place(ids, row, col, self.aak)
        if problem:
            self.refuse(problem, tuple(ids))
            return False
        if self.table_closed() and not self.table_untouched(self.board):
            self.board = before
            self.refuse(self.CLOSED_TABLE, tuple(ids))
            return False
        self.after_edit("place")
        return True

    def palette_slot(self, point: tuple[int, int]) -> int | None:
        """The palette place under ``point`` (None off the palette)."""
        r = self.palette_rect
        if not r.collidepoint(point):
            return None
        col = max(0, min(self.pcols - 1, int((point[0] - r.x) // self.ppx)))
        row = max(0, min(1, int((point[1] - r.y) // self.ppy)))
        return row * self.pcols + col

    def move_to_palette_at(self, ids: list[str], point: tuple[int, int], pos: tuple[int, int]) -> bool:
        """Cards put on the palette with their first card at ``point``: onto an empty place they stay where
        they were put; onto other cards they go in among them (``pos``, the pointer, picks where)."""
        slot = self.palette_slot(point)
        pal = self.board.palette
        cap = self.palette_capacity
        if (slot is not None and len(set(pal) | set(ids)) <= cap
                and palette_places.is_free(pal, self.palette_slots, ids, slot, cap)):
            index = palette_places.insert_index(pal, self.palette_slots, ids, slot, cap)
            kept = {i: self.palette_slots.pop(i) for i in ids if i in self.palette_slots}
            self.palette_slots.update({cid: slot + k for k, cid in enumerate(ids)})
            if self.move_to_palette(ids, index, keep_slots=True):
                return True
            for cid in ids:
                self.palette_slots.pop(cid, None)
            self.palette_slots.update(kept)
            return False
        return self.move_to_palette(ids, self.palette_index(pos))

    def move_to_palette(self, ids: list[str], index: int, keep_slots: bool = False) -> bool:
        if not keep_slots:  # put in among the others: no place of their own
            for cid in ids:
                self.palette_slots.pop(cid, None)
        back = [i for i in ids if not self.own_this_turn(i)]
        if back:
            self.refuse("Cards on the table can't go back to a hand (Restore undoes your turn).", tuple(back))
            return False
        self.board.to_palette(ids, index)
        self.after_edit("place")
        return True

    def after_edit(self, sound: str, record: bool = True) -> None:
        jokers.arrange_valid_groups(self.board, self.aak)  # a valid run shows in order, jokers in place
        if record:
            self.edits.note(self.board, self.palette_slots)
        self.select([])
        self.clear_highlights()
        self.bad_ids = []
        if self.snd(sound):
            self.app.sounds.play(sound)
        self.relayout()
        if sound == "place" and self.my_turn():
            self.say_placed()

    def say_placed(self) -> None:
        """After a card moves on the board the status line tells where the turn stands (not "N selected")."""
        if not self.board_changed():
            self.say_turn()
            return
        mine = [i for i in self.board.board_ids() if i in self.turn_board.palette]
        opening = "" if self.state.opened[HUMAN] else \
            " " + spoken.opening_words(self.board, self.turn_board.palette, self.aak)  # the count as it changes
        self.status.say(f"{capital(count(len(mine), 'card'))} from your hand on the table this turn: "
                        f"press End turn when every group is valid, or Restore.{opening}")

    def drag_group(self, sprite: CardSprite) -> list[CardSprite] | None:
        if not self.my_turn():
            return None
        sid = sprite.id
        if sid not in self.board.palette and sid not in self.board.board_ids():
            return None
        if self.refuse_closed_table([sid]):
            self._refused_press = sid
            return None
        # a selection dragged by any of its cards keeps its order (grabbed by the middle card it used to
        # put that card first); the cards keep their places relative to the one under the pointer
        ids = list(self.selection) if sid in self.selection else [sid]
        return [self.table.sprites[i] for i in ids if i in self.table.sprites]

    def on_drop(self, sprites: list[CardSprite], pos: tuple[int, int]) -> bool:
        ids = [sp.id for sp in sprites]
        lead = sprites[0].rect(self.table.card_size)
        centre = (lead.x + min(self.px, lead.w) // 2, lead.centery)
        cell = self.drop_cell(ids, centre, pos)
        if cell is not None:
            target = self.board.cells[cell[0]][cell[1]] if cell[0] < self.board.rows else None
            if target is not None and target not in ids:
                if self.refuse_closed_table([target]):
                    return False
                self.selection = ids
                before = self.board.copy()
                self.click_group_card(target)
                return self.board.table() != before.table()
            return self.move_to_cell(ids, *cell)
        if self.palette_rect.collidepoint(pos) or self.palette_rect.collidepoint(lead.center):
            return self.move_to_palette_at(ids, (lead.x + self.ppx // 2, lead.y + self.ppy // 2), pos)
        return False

    def drop_cell(self, ids: list[str], centre: tuple[int, int], pos: tuple[int, int]) -> tuple[int, int] | None:
        """The board cell a drop means: the dragged card's centre, or the pointer; a card under either wins
        over an empty cell.  Why: a card held by its edge and let go with the pointer on a group's end had
        its centre over the empty cell beside (often the one a group that grew had just left) and was laid
        there alone, where the player had aimed at the group."""
        cells = [c for c in (self.cell_at(centre), self.cell_at(pos)) if c is not None]
        for r, c in cells:
            if r < self.board.rows and self.board.cells[r][c] not in (None, *ids):
                return (r, c)
        return cells[0] if cells else None

    def undo_edit(self) -> None:
        """Ctrl+Z: take back your last move of this turn (Restore takes back all of them at once)."""
        if not self.my_turn():
            return
        kind = self.edits.last_kind()
        picture = self.edits.take_back()
        if picture is None:
            self.status.say("Nothing to take back: the board is as your turn began.", theme.HILITE)
            return
        self.board, self.palette_slots = picture
        self.after_edit("flip", record=False)
        done = "Restore taken back: your cards are where you had put them." if kind == "restore" \
            else "Move taken back."
        self.status.say(f"{done} {self.undo_words()}")

    def undo_words(self) -> str:
        """How many steps Ctrl+Z can still take back this turn, in plain words (Restore is one step)."""
        left = len(self.edits)
        if not left:
            return "The board is as your turn began: nothing more to take back."
        return f"Ctrl+Z can take back {count(left, 'more step')} this turn."

    # ------------------------------------------------------ board utilities
    def validate(self) -> None:
        if not self.my_turn():  # greyed then; a key or a stray call is told why
            self.say_not_now("Validate")
            return
        bad = rules.validate_table(self.board.table(), self.aak)
        if bad:
            self.show_bad(bad)
            table = self.board.table()
            reasons = [capital(why_invalid(table[i], self.aak)) for i in bad[:3]]  # the rules' words, as a drop
            more = f" And {count(len(bad) - 3, 'more group')}." if len(bad) > 3 else ""
            self.status.say(f"{count(len(bad), 'group')} {plural('is', len(bad))} not valid (outlined in red): "
                            f"{'. '.join(reasons)}.{more}", theme.DANGER)
        else:
            self.clear_highlights()
            self.status.say("Every group on the board is valid.", theme.GOOD)

    def restore_board(self) -> None:
        if not self.my_turn():
            return
        # the board and the palette as the turn began, the palette's kept places too (the rack was laid out
        # afresh, not as the player had it)
        board, slots = self.edits.first()
        start = self.turn_board
        if board.cells == start.cells and sorted(board.palette) == sorted(start.palette):
            self.board, self.palette_slots = board, slots
        else:  # a game resumed mid-turn: its edits began after the turn did
            self.board = start.copy()
            self.palette_slots = {}
        changed = self.edits.note(self.board, self.palette_slots, "restore")
        self.after_edit("flip", record=False)
        if changed:  # Restore is one step Ctrl+Z takes back (the count said "N more moves" for it)
            self.status.say("The board is back as the computer left it. Ctrl+Z brings back what you had "
                            "laid out, in one step.")
        else:
            self.status.say("The board is already as the computer left it: nothing to restore.")

    def sort_key(self, cid: str) -> tuple:
        """The palette's order: by suit then rank (runs side by side) or by rank then suit (sets), jokers
        last."""
        c = code_of(cid)
        suit, rank = "CDHS".find(c[-1]), "A23456789TJQK".find(c[0])
        return (c == "JK", suit, rank) if self.sort_by == "suit" else (c == "JK", rank, suit)

    def palette_sorted(self) -> bool:
        pal = self.board.palette
        return all(self.sort_key(a) <= self.sort_key(b) for a, b in zip(pal, pal[1:], strict=False))

    def sort_palette(self, relayout: bool = True) -> None:
        """Order the palette the remembered way (turn-start copy too)."""
        self.board.palette.sort(key=self.sort_key)
        self.turn_board.palette.sort(key=self.sort_key)
        self.palette_slots.clear()
        self.edits.resort(self.sort_key)
        if relayout:
            self.after_edit("", record=False)

    def sort_button(self) -> None:
        """Sort: the palette in the remembered order; pressed again on a sorted palette, the other order
        (by suit for runs, by rank for sets), which the palette then remembers (new hands, drawn cards)."""
        if not self.sort_ready():  # greyed then; a key or a stray call is told why
            self.say_not_now("Sort")
            return
        if self.palette_sorted() and not self.palette_slots:
            self.sort_by = "rank" if self.sort_by == "suit" else "suit"
            self.app.settings.game("romi")["sort_by"] = self.sort_by
            self.app.save_settings()
        self.sort_palette()
        self.sort_label()
        self.status.say(f"Your palette is sorted by {self.sort_by} (Sort again: by "
                        f"{'rank' if self.sort_by == 'suit' else 'suit'}).")

    def next_sort(self) -> str:
        """The order Sort gives now: the other one on a palette already sorted, else the remembered one."""
        if self.palette_sorted() and not self.palette_slots:
            return "rank" if self.sort_by == "suit" else "suit"
        return self.sort_by

    def sort_label(self) -> None:
        """The button says what pressing it does (it said the current order, read as the action)."""
        label = f"Sort by {self.next_sort()}"
        for b in self.buttons:
            if b.action == self.sort_button and b.label != label:
                b.label = label


def _goes_before(added: list[str], lone: str) -> bool:
    """Whether cards added to a lone table card go in front of it: one card of its suit and a lower rank."""
    if len(added) != 1 or JOKER in (added[0], lone) or added[0][1] != lone[1]:
        return False
    return RANKS.index(added[0][0]) < RANKS.index(lone[0])
