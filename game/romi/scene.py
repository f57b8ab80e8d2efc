"""The Romi table: the 8 x 24 board, the palette (your hand), the stock and the computer.

During your turn you edit a working copy of the board (`game.romi.board.Board`)
freely; the rules see it only when the turn ends (the sandglass), as one
``play`` move holding the whole table, and refuse it with the bad groups
outlined if it is not legal.  The computer thinks in a worker thread from what
its seat may see (`rules.observe`), then its move is animated card by card.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.cards import cards_phrase
from game.engine import theme, worker
from game.engine.cardtable import CardSprite, Placement
from game.engine.dialogs import ChoiceDialog, TableDialog, confirm, message
from game.engine.shortcuts import key
from game.engine.table import TableScene, game_over_dialog
from game.engine.widgets import Button, Menu, item
from game.romi import drawing, jokers, keyboard, rules, saved_layout
from game.romi import layout as romi_layout
from game.romi import palette as palette_places
from game.romi.board import COLS, ROWS, Board, code_of, codes, could_become_valid
from game.romi.groups import hand_points
from game.romi.help import HELP
from game.romi.players import LEVELS, choose_move, help_move
from game.words import capital, count, plural
from saves import romi_stats
from saves.settings import pref

TIME_LIMITS = (30, 60, 90, 120, 180, 300)
#: Preferences: which events make a sound.
SOUND_SETS = {
    "all": ("Every event", {"moves", "computer", "refusals", "end"}),
    "computer": ("The computer's moves, refusals and the end", {"computer", "refusals", "end"}),
    "refusals": ("Only refusals and the end of a game", {"refusals", "end"}),
    "end": ("Only the end of a game", {"end"}),
    "none": ("No sounds from Romi", set()),
}
COMPUTER = 1
HUMAN = 0


class RomiScene(TableScene):
    game = "romi"
    title = "Romi"
    rules = rules
    allow_undo = False  # a game against the computer: no taking back
    help_text = HELP
    keyboard_help = keyboard.HELP

    def __init__(self, app, seed: int | None = None, resume: bool = True, **options: Any) -> None:
        prefs = app.settings.game("romi")
        level = pref(prefs, "level", "beginner")
        self.level = level if level in LEVELS and level != "random" else "beginner"
        limit = pref(prefs, "time_limit", 120)
        self.time_limit = limit if limit in TIME_LIMITS else 120
        self.see_cards = pref(prefs, "see_cards", False)
        sounds = pref(prefs, "sound_events", "all")
        self.sound_events = sounds if sounds in SOUND_SETS else "all"
        aak = options.pop("ace_after_king", pref(prefs, "ace_after_king", False))
        self.board = Board()
        self.turn_board = Board()
        self._synced: rules.State | None = None
        self.selection: list[str] = []
        self.job: worker.Job | None = None
        self.pending: rules.Move | None = None
        self.wait = 0.0
        self.demo = False
        self.paused = False
        self.clock: float | None = None
        self.first_next = 0
        self.cpu_played: list[str] = []
        self._announce = False  # "Your turn" waits until the computer's cards have landed
        self.bad_ids: list[str] = []
        self._mods = 0
        self._spawn: tuple[float, float] | None = None
        self.recorded = False
        self.stats, warning = romi_stats.load()
        self.px, self.py = 46, 66
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.palette_rect = pygame.Rect(0, 0, 0, 0)
        self.stock_rect = pygame.Rect(0, 0, 0, 0)
        self.cpu_rect = pygame.Rect(0, 0, 0, 0)
        self.glass_rect = pygame.Rect(0, 0, 0, 0)
        self._grid: pygame.Surface | None = None
        self._grid_key: tuple | None = None
        self._cpu_geo: tuple[int, bool] | None = None
        self.palette_slots: dict[str, int] = {}  # palette cards dropped on an empty place stay there
        self._joker_key: tuple = ()
        self._joker_marks: dict[str, tuple[str, str | None]] = {}
        self._refused_press: str | None = None  # a table card whose drag was refused before the opening
        self.geo = romi_layout.compute(app.size, ROWS, 0, False)
        super().__init__(app, seed, resume, ace_after_king=bool(aak))
        self.table.selected_raise = 0.0  # a selected card shows in reverse video where it lies (cardtable)
        self.buttons = [
            Button("Draw", self.draw_card, enabled=self.my_turn),
            Button("End turn", self.end_turn, enabled=self.my_turn),
            Button("Validate", self.validate, enabled=lambda: not self.is_over()),
            Button("Restore", self.restore_board, enabled=self.my_turn),
            Button("Sort", self.sort_palette),
        ]
        self.say_turn()
        if warning:
            self.status.say(warning, theme.HILITE)

    # ------------------------------------------------------------ rules glue
    @property
    def aak(self) -> bool:
        return bool(self.options.get("ace_after_king", False))

    def new_state(self, seed: int) -> rules.State:
        return rules.new_game(seed, ace_after_king=bool(self.options.get("ace_after_king", False)),
                              first=self.first_next)

    def my_turn(self) -> bool:
        return (not self.is_over() and not self.demo and not self.paused and self.state.turn == HUMAN
                and self.job is None and self.pending is None)

    def board_changed(self) -> bool:
        return (self.board.table() != self.turn_board.table()
                or sorted(self.board.palette) != sorted(self.turn_board.palette))

    def sync_board(self) -> None:
        """Make the board show the rules' state after a move (once per state)."""
        if self._synced is self.state:
            return
        s = self.state
        fresh = self.board.reconcile(s.table, s.hands[HUMAN])
        if self._synced is None and not self.history.moves:
            self.sort_palette(relayout=False)  # a new hand arrives in order
        if self._synced is not None and self._synced.turn == COMPUTER and self.history.moves:
            # only what the computer laid this turn is "just played"; a turn where it drew lays nothing
            played = isinstance(self.history.moves[-1], rules.Play)
            self.cpu_played = [i for i in fresh if i in self.board.board_ids()] if played else []
        self._synced = s
        self.turn_board = self.board.copy()
        self.selection = []

    # ------------------------------------------------------------- geometry
    def geometry(self, size: tuple[int, int]) -> None:
        shown = self.see_cards and self.level == "beginner" and not self.demo
        geo = romi_layout.compute(size, max(ROWS, self.board.rows), len(self.state.hands[COMPUTER]), shown)
        self.geo = geo
        self.table.set_card_size(geo.card)
        self.px, self.py = geo.px, geo.py
        self.board_rect, self.palette_rect = geo.board, geo.palette
        self.cpu_rect, self.stock_rect, self.glass_rect = geo.cpu, geo.stock, geo.glass
        for b, r in zip(self.buttons, geo.buttons, strict=False):
            b.rect = r

    def cell_xy(self, row: int, col: int) -> tuple[int, int]:
        return (self.board_rect.x + col * self.px, self.board_rect.y + row * self.py)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.board_rect.collidepoint(pos):
            return None
        rows = max(ROWS, self.board.rows)
        return (min(rows - 1, int((pos[1] - self.board_rect.y) // self.py)),
                min(COLS - 1, int((pos[0] - self.board_rect.x) // self.px)))

    def palette_xy(self, i: int, n: int) -> tuple[int, int]:
        if n <= palette_places.CAPACITY:  # the place it lies at, gaps the player made included
            p = palette_places.positions(self.board.palette, self.palette_slots)[i]
            return (self.palette_rect.x + (p % COLS) * self.px, self.palette_rect.y + (p // COLS) * self.py)
        per_row = COLS if n <= 2 * COLS else (n + 1) // 2
        step = self.px if per_row <= COLS else (self.palette_rect.w - self.table.card_size[0]) / max(1, per_row - 1)
        return (int(self.palette_rect.x + (i % per_row) * step), self.palette_rect.y + (i // per_row) * self.py)

    def palette_index(self, pos: tuple[int, int]) -> int:
        n = len(self.board.palette)
        if n <= palette_places.CAPACITY:  # before the first card lying at or after the pointer's place
            row = 1 if pos[1] >= self.palette_rect.y + self.py else 0
            col = int((pos[0] - self.palette_rect.x + self.px / 2) // self.px)
            places = palette_places.positions(self.board.palette, self.palette_slots)
            return sum(1 for p in places if p < row * COLS + col)
        per_row = COLS if n <= 2 * COLS else (n + 1) // 2
        step = self.px if per_row <= COLS else (self.palette_rect.w - self.table.card_size[0]) / max(1, per_row - 1)
        row = 1 if pos[1] >= self.palette_rect.y + self.py else 0
        col = int((pos[0] - self.palette_rect.x + step / 2) // step)
        return max(0, min(n, row * per_row + col))

    def layout(self, state: rules.State) -> dict[str, Placement]:
        self.sync_board()
        out: dict[str, Placement] = {}
        for r, row in enumerate(self.board.cells):
            for c, cid in enumerate(row):
                if cid is not None:
                    x, y = self.cell_xy(r, c)
                    out[cid] = Placement(x, y, True, 100 + r * COLS + c)
        n = len(self.board.palette)
        for i, cid in enumerate(self.board.palette):
            x, y = self.palette_xy(i, n)
            out[cid] = Placement(x, y, True, 400 + i)
        cpu = state.hands[COMPUTER]
        show = self.see_cards and self.level == "beginner" and not self.demo
        if (len(cpu), show) != self._cpu_geo:  # its fan (and the column beneath) follows the hand's size
            self._cpu_geo = (len(cpu), show)
            self.geometry(self.app.size)
        geo = self.geo
        seen: dict[str, int] = {}
        for k, code in enumerate(cpu):
            if show:
                seen[code] = seen.get(code, 0) + 1
                cid = f"{code}#c{seen[code]}"
            else:
                cid = f"back#{k}"
            row, col = divmod(k, geo.cpu_per_row)
            out[cid] = Placement(self.cpu_rect.x + col * geo.cpu_step_x,
                                 self.cpu_rect.y + row * int(self.table.card_size[1] * 0.42), show, 600 + k)
        for k in range(min(6, len(state.stock))):
            out[f"stock#{k}"] = Placement(self.stock_rect.x - k * 2, self.stock_rect.y - k * 2, False, 700 + k)
        return out

    def relayout(self, animate: bool = True, stagger: float = 0.0, spawn=None) -> None:
        spawn = spawn if spawn is not None else self._spawn
        self._spawn = None
        rows = self.board.rows
        super().relayout(animate, stagger, spawn)
        if self.board.rows != rows:  # the board grew or shrank: fit it to the window again
            self.geometry(self.app.size)
            super().relayout(animate, stagger, spawn)
        for sp in self.table.sprites.values():
            sp.selected = sp.id in self.selection

    def deal_origin(self) -> tuple[float, float]:
        return (self.stock_rect.x, self.stock_rect.y)

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._refused_press = None
            mod = getattr(event, "mod", None)
            self._mods = mod if isinstance(mod, int) and mod else pygame.key.get_mods()
        if event.type == pygame.KEYDOWN and not self.focus.visible:
            # The menu bar first, and only once: a shortcut handled here must not reach super().handle,
            # which asks the menu bar again (F1 used to open two helps).
            if self.menubar.handle(event):
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_turn()
                return True
            if event.key == pygame.K_SPACE:
                self.draw_card()
                return True
            if event.key == pygame.K_ESCAPE and self.selection:
                self.select([])
                return True
        if self.paused and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.menubar.handle(event):
                return True
            for b in self.buttons:
                if b.handle(event):
                    return True
            return True
        return super().handle(event)

    def focus_spots(self) -> list:
        return keyboard.spots(self)

    def focus_click(self, sprite: CardSprite | None, pos: tuple[int, int], mod: int) -> None:
        self._mods = mod  # Shift+Enter selects a card and the cards after it, as Shift-click does
        self.on_click(sprite, pos)

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
            if not self.is_over():
                self.status.say("Please wait: it is the computer's turn.", theme.HILITE)
            return
        on_board = sid is not None and sid in self.board.board_ids()
        on_palette = sid is not None and sid in self.board.palette
        shift = bool(self._mods & pygame.KMOD_SHIFT)
        if sid is not None and sid == self._refused_press:
            self._refused_press = None  # the drag was refused already; its release is no second click
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
            n = len(ids)
            self.status.say(f"{count(n, 'card')} selected: click a cell, the palette or a group's end.")

    def following(self, sid: str) -> list[str]:
        """Shift-click: the card and the cards after it in its group; on the palette,
        the following cards that could still make a valid group."""
        g = self.board.group_of(sid)
        if g is not None:
            return g[2][g[2].index(sid):]
        pal = self.board.palette
        i = pal.index(sid)
        out = [sid]
        for nxt in pal[i + 1:]:
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
        if k == 0 or k == len(ids) - 1:
            self.add_to_group(g, sel, at_end=(k == len(ids) - 1 and not (k == 0 and len(ids) == 1)))
            return
        self.refuse("That cell is taken. Click the first or last card of a group to add cards to it.",
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
            trial.place_group(new_ids)
        self.board = trial
        self.after_edit("place")

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
            trial.place_group(right)
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
        col = max(0, min(COLS - 1, int((point[0] - r.x) // self.px)))
        row = max(0, min(1, int((point[1] - r.y) // self.py)))
        return row * COLS + col

    def move_to_palette_at(self, ids: list[str], point: tuple[int, int], pos: tuple[int, int]) -> bool:
        """Cards put on the palette with their first card at ``point``: onto an empty place they stay where
        they were put; onto other cards they go in among them (``pos``, the pointer, picks where)."""
        slot = self.palette_slot(point)
        pal = self.board.palette
        if (slot is not None and len(set(pal) | set(ids)) <= palette_places.CAPACITY
                and palette_places.is_free(pal, self.palette_slots, ids, slot)):
            index = palette_places.insert_index(pal, self.palette_slots, ids, slot)
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

    def after_edit(self, sound: str) -> None:
        jokers.arrange_valid_groups(self.board, self.aak)  # a valid run shows in order, jokers in place
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
        self.status.say(f"{capital(count(len(mine), 'card'))} from your hand on the table this turn: "
                        "press End turn when every group is valid, or Restore.")

    def drag_group(self, sprite: CardSprite) -> list[CardSprite] | None:
        if not self.my_turn():
            return None
        sid = sprite.id
        if sid not in self.board.palette and sid not in self.board.board_ids():
            return None
        if self.refuse_closed_table([sid]):
            self._refused_press = sid
            return None
        ids = self.selection if sid in self.selection else [sid]
        if sid in self.selection:
            ids = [sid] + [i for i in self.selection if i != sid]
        return [self.table.sprites[i] for i in ids if i in self.table.sprites]

    def on_drop(self, sprites: list[CardSprite], pos: tuple[int, int]) -> bool:
        ids = [sp.id for sp in sprites]
        lead = sprites[0].rect(self.table.card_size)
        centre = (lead.x + self.px // 2, lead.centery)
        cell = self.cell_at(centre) or self.cell_at(pos)
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
            return self.move_to_palette_at(ids, (lead.x + self.px // 2, lead.y + self.py // 2), pos)
        return False

    # -------------------------------------------------------------- turns
    def end_turn(self) -> None:
        """The sandglass: hand the board to the rules as one play."""
        if not self.my_turn():
            return
        if not self.board_changed():
            self.status.say("Move cards onto the board first, or draw a card.", theme.HILITE)
            return
        bad = rules.validate_table(self.board.table(), self.aak)
        if bad:
            self.show_bad(bad)
            self.refuse(f"{count(len(bad), 'group')} {plural('is', len(bad))} not valid (outlined in red): "
                        "fix them, or Restore the board.")
            return
        leftovers = [i for i in self.turn_board.board_ids() if i in self.board.palette]
        if leftovers:
            self.refuse("Cards on the table can't go back to a hand.", tuple(leftovers))
            return
        self.play(rules.Play(self.board.table()), "place")

    def draw_card(self) -> None:
        if not self.my_turn():
            return
        if self.board_changed():
            self.board = self.turn_board.copy()
        self._spawn = (self.stock_rect.x, self.stock_rect.y)
        self.play(rules.Draw(), "deal")

    def show_bad(self, bad: list[int]) -> None:
        groups = self.board.groups()
        ids = [i for k in bad for i in groups[k][2]]
        self.highlight(ids, theme.DANGER)
        self.bad_ids = ids

    def say_turn(self) -> None:
        s = self.state
        if self.is_over():
            return
        if self.demo:
            self.status.say("Demonstration: the computer plays both hands.")
        elif s.turn == HUMAN:
            opened = "" if s.opened[HUMAN] else " Your first play needs 25 points from your hand."
            self.status.say(f"Your turn: play cards and press End turn, or Draw.{opened}")
        else:
            self.status.say("The computer is thinking…")

    def announce_turn(self) -> None:
        """"Your turn", after what the computer just did (which stays readable beside it)."""
        said = self.status.message
        if "Your turn:" in said:
            return  # said already
        self.say_turn()
        if said.startswith("The computer") and not said.startswith("The computer is thinking"):
            self.status.say(f"{said} {self.status.message}")

    def after_move(self, before: rules.State, move: Any, after: rules.State) -> None:
        self.bad_ids = []
        mover = before.turn
        if isinstance(move, rules.Draw):
            if before.stock:
                text = "You drew a card." if mover == HUMAN and not self.demo else "The computer drew a card."
            else:
                text = ("You passed." if mover == HUMAN and not self.demo else "The computer passed.")
            self.status.say(text)
        elif mover == HUMAN and not self.demo:
            self.status.say(f"You played {count(len(before.hands[mover]) - len(after.hands[mover]), 'card')}.")
        elif mover == COMPUTER or self.demo:
            self.status.say(f"{'The computer' if mover == COMPUTER else 'Demo (south)'} played "
                            f"{count(len(before.hands[mover]) - len(after.hands[mover]), 'card')}.")
        if not rules.is_over(after):
            self.begin_turn()

    def begin_turn(self) -> None:
        """Start whoever's turn it is: a clock for you at Expert, a think for the computer."""
        self.clock = None
        if self.is_over() or self.paused:
            return
        if self.state.turn == COMPUTER or self.demo:
            level = self.level if self.state.turn == COMPUTER else "expert"
            obs = rules.observe(self.state, self.state.turn)
            rng = random.Random(self.seed * 1000 + len(self.history.moves))
            self.job = worker.submit(choose_move, obs, level, rng)
            if not self.demo:
                self.status.say(self.status.message + "  The computer is thinking…"
                                if self.status.message.startswith("You") else "The computer is thinking…")
        else:
            if self.level == "expert":
                self.clock = float(self.time_limit)
            if self.table.animating:
                self._announce = True  # said in update() once the cards are down
            else:
                self.announce_turn()

    def busy(self) -> bool:
        return (super().busy() or self.job is not None or self.pending is not None
                or (self.clock is not None and not self.paused))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.paused or self.resume_pending:
            return
        if self.job is not None and self.job.done:
            job, self.job = self.job, None
            self.pending = job.result if job.error is None else rules.Draw()
            self.wait = 0.6 * self.app.settings.computer_scale()  # Options ▸ Computer speed
        if self.pending is not None and not self.table.animating:
            self.wait -= dt
            if self.wait <= 0:
                move, self.pending = self.pending, None
                seat = self.state.turn
                self._spawn = (self.cpu_rect.x, self.cpu_rect.y) if isinstance(move, rules.Play) else (
                    self.stock_rect.x, self.stock_rect.y)
                sound = self.snd("place" if isinstance(move, rules.Play) else "deal", "computer")
                if not self.play(move, sound, stagger=0.12):
                    self.play(rules.Draw(), sound)  # never stall on a bad computer move
                if seat == COMPUTER and self.cpu_played and not self.demo:
                    self.highlight(self.cpu_played, theme.HINT)
                if not self.is_over() and self.state.turn == HUMAN and not self.demo:
                    self._announce = True
        if self._announce and not self.table.animating:
            self._announce = False
            if not self.is_over() and self.state.turn == HUMAN and not self.demo:
                self.announce_turn()
        if self.clock is not None and self.app.stack.top is self and self.my_turn():
            self.clock -= dt
            if self.clock <= 0:
                self.clock = None
                self.time_out()

    def time_out(self) -> None:
        """The sandglass ran out: keep a valid play, else restore and draw."""
        if self.board_changed():
            table = self.board.table()
            if not rules.validate_table(table, self.aak):
                try:
                    rules.apply(self.state, rules.Play(table))
                except rules.IllegalMove:
                    pass
                else:
                    self.play(rules.Play(table), "place")
                    self.say_done("Time is up: your play stands.")
                    return
            self.board = self.turn_board.copy()
            self.play(rules.Draw(), "deal")
            self.say_done("Time is up: the table is restored and you draw a card.")
            return
        self.play(rules.Draw(), "deal")
        self.say_done("Time is up: you draw a card.")

    def say_done(self, text: str) -> None:
        """What Romi did for the player (time-out, Help from Romi), then that the computer is at work."""
        self.status.say(text + ("  The computer is thinking\u2026" if self.job is not None else ""), theme.HILITE)

    # ---------------------------------------------------------------- sounds
    def snd(self, name: str, kind: str = "moves") -> str:
        """``name`` if the preferences let this kind of event sound, else ''."""
        return name if name and kind in SOUND_SETS[self.sound_events][1] else ""

    def play(self, move: Any, sound: str = "place", sprite_ids: tuple[str, ...] = (),
             stagger: float = 0.0) -> bool:
        return super().play(move, self.snd(sound) if sound in ("place", "deal", "flip", "click") else sound,
                            sprite_ids, stagger)

    def refuse(self, text: str, sprite_ids: tuple[str, ...] = ()) -> None:
        muted = self.app.sounds.muted
        self.app.sounds.muted = muted or not self.snd("refuse", "refusals")
        try:
            super().refuse(text, sprite_ids)
        finally:
            self.app.sounds.muted = muted

    def choose_sounds(self) -> None:
        def pick(value: Any) -> None:
            self.sound_events = value
            self.app.settings.game("romi")["sound_events"] = value
            self.app.save_settings()
        self.app.push(ChoiceDialog(self.app, "Sound events", [(k, v[0]) for k, v in SOUND_SETS.items()],
                                   self.sound_events, pick,
                                   note="Sound as a whole is switched in the Options menu."))

    # ------------------------------------------------------------ utilities
    def validate(self) -> None:
        bad = rules.validate_table(self.board.table(), self.aak)
        if bad:
            self.show_bad(bad)
            self.status.say(f"{count(len(bad), 'group')} {plural('is', len(bad))} not valid (outlined in red).",
                            theme.DANGER)
        else:
            self.clear_highlights()
            self.status.say("Every group on the board is valid.", theme.GOOD)

    def restore_board(self) -> None:
        if not self.my_turn():
            return
        self.board = self.turn_board.copy()
        self.after_edit("flip")
        self.status.say("The board is back as the computer left it.")

    def sort_palette(self, relayout: bool = True) -> None:
        """Order the palette by suit then rank, jokers last (turn-start copy too)."""
        def key(i: str) -> tuple:
            c = code_of(i)
            return (c == "JK", "CDHS".find(c[-1]), "A23456789TJQK".find(c[0]))
        self.board.palette.sort(key=key)
        self.turn_board.palette.sort(key=key)
        self.palette_slots.clear()
        if relayout:
            self.after_edit("")

    def help_from_romi(self) -> None:
        if self.level != "beginner":
            message(self.app, "Help from Romi", "Help from Romi is offered at the Beginner level only.")
            return
        if not self.my_turn():
            return
        self.board = self.turn_board.copy()
        move = help_move(self.state)
        before = self.state.hands[HUMAN]
        if not self.play(move, "place" if isinstance(move, rules.Play) else "deal", stagger=0.08):
            return
        if isinstance(move, rules.Play):
            laid = list(before)
            for c in self.state.hands[HUMAN]:
                laid.remove(c)
            self.say_done(f"Help from Romi played {cards_phrase(tuple(laid))} for you.")
        else:
            self.say_done("Help from Romi found no play: you draw a card.")

    def cards_played(self) -> None:
        mine = [i for i in self.board.board_ids() if i in self.turn_board.palette]
        if mine:
            self.highlight(mine, theme.HINT)
            self.status.say(f"You have played {count(len(mine), 'card')} this turn: {cards_phrase(codes(mine))}.",
                            theme.HINT)
        elif self.cpu_played:
            ids = [i for i in self.cpu_played if i in self.table.sprites]
            self.highlight(ids, theme.HINT)
            self.status.say(f"The computer played {cards_phrase(codes(ids))} on its last turn.", theme.HINT)
        else:
            self.status.say("No cards were played on the last turn.")

    def show_statistics(self) -> None:
        s = self.stats
        rows = [["Games played", str(s.games)], ["Won by you", str(s.won)], ["Won by the computer", str(s.lost)],
                ["Drawn", str(s.drawn)], ["Your score", str(s.points_for)],
                ["Computer's score", str(s.points_against)]]
        self.app.push(TableDialog(self.app, "Romi statistics", [("You against the computer", ["", "Total"], rows)],
                                  ("Close",)))

    def set_level(self, level: str) -> None:
        self.level = level
        self.app.settings.game("romi")["level"] = level
        self.app.save_settings()
        if level != "expert":
            self.clock = None
        self.relayout()  # the computer's cards turn face down at once when they may no longer be seen
        self.status.say(f"Level: {level.capitalize()}.")

    def choose_expert(self) -> None:
        def pick(seconds: Any) -> None:
            self.time_limit = int(seconds)
            self.app.settings.game("romi")["time_limit"] = self.time_limit
            self.set_level("expert")
            if self.my_turn():
                self.clock = float(self.time_limit)
        choices = [(t, f"{t // 60} min {t % 60:02d} s" if t >= 60 else f"{t} seconds") for t in TIME_LIMITS]
        self.app.push(ChoiceDialog(self.app, "Expert: time for your turn", choices, self.time_limit, pick,
                                   note="When the sandglass runs out, Romi ends your turn for you."))

    def preferences(self) -> None:
        if self.history.moves and not self.is_over():
            message(self.app, "Preferences", "Preferences can be changed only before a game starts "
                    "(choose New game first).")
            return

        def change(value: Any) -> None:
            self.options = {"ace_after_king": bool(value)}
            self.app.settings.game("romi")["ace_after_king"] = bool(value)
            self.app.save_settings()
            self.new_game(self.seed)

        def pick(value: Any) -> None:
            if self.job is not None or self.pending is not None or (self.history.moves and not self.is_over()):
                # the computer has begun (or made) its first move: dealing again would throw it away
                confirm(self.app, "Preferences", "The computer has already begun this deal. The new rule "
                        "deals it again from the start. Change the rule?", lambda: change(value),
                        yes="Deal again", no="Keep this deal")
            else:
                change(value)
        self.app.push(ChoiceDialog(self.app, "Preferences", [
            (False, "American Standard: the Ace is low only (A-2-3)"),
            (True, "Ace after King as well (Q-K-A; never K-A-2)")], self.aak, pick,
            note="Sounds: the shared Options menu turns them on or off."))

    def toggle_see_cards(self) -> None:
        if self.level != "beginner":
            self.status.say("The computer's cards can be seen at the Beginner level only.", theme.HILITE)
            return
        self.see_cards = not self.see_cards
        self.app.settings.game("romi")["see_cards"] = self.see_cards
        self.app.save_settings()
        self.relayout()

    def demonstration(self) -> None:
        def go() -> None:
            self.new_game(demo=True)
        if self.in_progress():
            confirm(self.app, "Demonstration", "Stop this game and watch the computer play both hands?", go)
        else:
            go()

    def pause(self) -> None:
        if not self.paused and not self.is_over():
            self.paused = True
            self.status.say("Paused: choose Continue to go on.")

    def resume_play(self) -> None:
        if self.paused:
            self.paused = False
            self.say_turn()
            if self.job is None and self.pending is None and (self.state.turn == COMPUTER or self.demo):
                self.begin_turn()

    # ---------------------------------------------------------------- menus
    def game_menu_extra(self) -> list:
        return [
            item("Demonstration", self.demonstration, key(self.game, "demonstration")),
            item("Pause", self.pause, key(self.game, "pause"), enabled=lambda: not self.paused),
            item("Continue", self.resume_play, key(self.game, "continue"), enabled=lambda: self.paused),
            item("-"),
        ]

    def extra_menus(self) -> list[Menu]:
        return [
            Menu("Level", [
                item("Beginner", lambda: self.set_level("beginner"), checked=lambda: self.level == "beginner"),
                item("Intermediate", lambda: self.set_level("intermediate"),
                     checked=lambda: self.level == "intermediate"),
                item("Expert…", self.choose_expert, checked=lambda: self.level == "expert"),
                item("-"),
                item("Preferences…", self.preferences),
                item("Sound events…", self.choose_sounds),
                item("See the computer's cards", self.toggle_see_cards, checked=lambda: self.see_cards,
                     enabled=lambda: self.level == "beginner"),
            ]),
            Menu("Utilities", [
                item("Sort", self.sort_palette, key(self.game, "sort")),
                item("Help from Romi", self.help_from_romi, key(self.game, "help_from_romi"),
                     enabled=lambda: self.level == "beginner"),
                item("Cards played", self.cards_played, key(self.game, "cards_played")),
                item("Validate", self.validate, key(self.game, "validate")),
                item("Restore the board", self.restore_board, key(self.game, "restore")),
                item("Statistics…", self.show_statistics, key(self.game, "statistics")),
            ]),
        ]

    # ----------------------------------------------------------- game events
    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.pending = None
        self.board = Board()
        self.palette_slots.clear()
        self._synced = None
        self.cpu_played = []
        self._announce = False
        self.recorded = False
        self.paused = False
        super().start_game(state, seed, sound)
        self.begin_turn()

    def new_game(self, seed: int | None = None, demo: bool = False) -> None:
        """A new game (the menu's New stops a demonstration)."""
        self.demo = demo
        super().new_game(seed)

    def to_main_menu(self) -> None:
        if self.job is not None:
            self.job.cancel()
        super().to_main_menu()

    def extra_save(self) -> dict[str, Any]:
        return {"layout": saved_layout.to_dict(self.turn_board, self.board),
                "palette_slots": {cid: p for cid, p in self.palette_slots.items() if cid in self.board.palette}}

    def after_load(self, extra: dict[str, Any]) -> None:
        self.board = Board()
        self.palette_slots.clear()
        self._synced = None
        self.job = None
        self.pending = None
        self.demo = False
        self.recorded = self.is_over()
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

    def after_resumed(self) -> None:
        self.begin_turn()

    def after_loaded_by_player(self) -> None:
        self.begin_turn()

    def in_progress(self) -> bool:
        return super().in_progress() and not self.demo

    def on_game_over(self, state: rules.State) -> None:
        self.clock = None
        self.first_next = rules.next_first(state)
        pts = rules.game_points(state)
        if self.demo:
            self.demo = False
            text = "The demonstration is over." + (
                f" South won {count(pts[0], 'point')}." if state.winner == 0 else
                f" North won {count(pts[1], 'point')}." if state.winner == 1 else " It was a draw.")
            game_over_dialog(self, "Demonstration", text, True)
            return
        if not self.recorded:
            self.recorded = True
            self.stats, problem = romi_stats.record_game(state.winner, pts)
            if problem:
                self.status.say(problem, theme.HILITE)
        left = rules.score(state)
        muted = self.app.sounds.muted
        self.app.sounds.muted = muted or not self.snd("end", "end")
        try:
            self.game_over_box(state, pts, left)
        finally:
            self.app.sounds.muted = muted

    def game_over_box(self, state: rules.State, pts: tuple[int, int], left: tuple[int, int]) -> None:
        if state.winner == HUMAN:
            game_over_dialog(self, "You won!", f"You laid your last card and score {count(pts[0], 'point')} "
                             f"(the computer's hand). Running score: you {self.stats.points_for}, "
                             f"computer {self.stats.points_against}.", True)
        elif state.winner == COMPUTER:
            how = "laid its last card" if not state.hands[COMPUTER] else "holds the lower hand"
            game_over_dialog(self, "The computer won", f"The computer {how} and scores {count(pts[1], 'point')}. "
                             f"Running score: you {self.stats.points_for}, computer {self.stats.points_against}.",
                             False)
        else:
            game_over_dialog(self, "A draw", f"Both hands are worth {count(left[0], 'point')}: nobody scores.", False)

    # -------------------------------------------------------------- drawing
    def status_text(self) -> str:
        lv = "Demo" if self.demo else self.level.capitalize()
        return (f"{lv}   Deal #{self.seed}   You {self.stats.points_for} : {self.stats.points_against} Computer"
                f"   Won {self.stats.won}/{self.stats.games}")

    def draw_table(self, surface: pygame.Surface) -> None:
        drawing.draw_table(self, surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        groups = tuple(tuple(g) for _r, _c, g in self.board.groups())
        if self._joker_key != groups:
            self._joker_key, self._joker_marks = groups, jokers.joker_meanings(self.board, self.aak)
        for cid, (rank, suit) in self._joker_marks.items():
            sp = self.table.sprites.get(cid)
            if sp is not None and not sp.dragging:
                jokers.draw_badge(surface, sp.rect(self.table.card_size), rank, suit)
        hand = codes(self.board.palette)  # cards laid this turn have left the hand already
        mine = hand_points(hand)
        theme.text(surface, f"Your hand: {count(len(hand), 'card')}, {count(mine, 'point')}",
                   (self.palette_rect.right, self.palette_rect.y - 8), 18, theme.WHITE, anchor="bottomright")
        if self.paused:
            veil = pygame.Rect(self.board_rect.x - 8, self.board_rect.y - 8,
                               self.cpu_rect.right - self.board_rect.x + 16,
                               self.palette_rect.bottom - self.board_rect.y + 16)
            theme.panel(surface, veil, theme.FELT_DARK, theme.GOLD)
            theme.text(surface, "Paused", veil.center, 48, theme.GOLD, anchor="center", bold=True)
            theme.text(surface, f"Choose Continue in the Game menu ({key(self.game, 'continue')}).",
                       (veil.centerx, veil.centery + 40),
                       22, theme.WHITE, anchor="center")

    # ------------------------------------------------------------- benchmark
    def bench_prepare(self) -> None:
        """A crowded mid-game board (expert against expert, no animation)."""
        s = rules.new_game(12)
        for _ in range(40):
            nxt = rules.apply(s, choose_move(rules.observe(s, s.turn), "expert", random.Random(1)))
            if rules.is_over(nxt):
                break
            s = nxt
        if s.turn != HUMAN:
            s = rules.apply(s, rules.Draw())
        self.start_game(s, 12, sound="")
        self.table.finish()

    def bench_drag_sprite(self) -> CardSprite | None:
        ids = self.board.palette or self.board.board_ids()
        return self.table.sprites.get(ids[0]) if ids else None

    def bench_animate(self) -> None:
        """Every card flies in from the stock, as on a deal."""
        for sp in self.table.sprites.values():
            sp.x, sp.y = self.stock_rect.x, self.stock_rect.y
        self.relayout(stagger=0.01)


def create_scene(app, seed: int | None = None, resume: bool = True, **options: Any) -> RomiScene:
    return RomiScene(app, seed, resume, **options)
