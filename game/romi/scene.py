"""The Romi table: the 8 x 24 board, the palette (your hand), the stock and the computer.

During your turn you edit a working copy of the board (`game.romi.board.Board`)
freely; the rules see it only when the turn ends (the sandglass), as one
``play`` move holding the whole table, and refuse it with the bad groups
outlined if it is not legal.  The computer thinks in a worker thread from what
its seat may see (`rules.observe`), then its move is animated card by card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from game.engine import theme, worker
from game.engine.cardtable import CardSprite, Placement
from game.engine.table import TableScene, game_over_dialog
from game.engine.tablesaves import COUNTED_ALREADY, SAME_GAME_CONTINUES
from game.engine.widgets import Button
from game.romi import drawing, keyboard, rules, saved_layout
from game.romi import layout as romi_layout
from game.romi import palette as palette_places
from game.romi.board import COLS, ROWS, Board
from game.romi.editing import BoardEditing
from game.romi.help import HELP
from game.romi.menus import SOUND_SETS, TIME_LIMITS, RomiMenus
from game.romi.players import LEVELS, choose_move
from game.romi.revealed import revealed_hand
from game.romi.saving import RomiSaving
from game.romi.seats import COMPUTER, HUMAN
from game.romi.selecting import Selecting
from game.romi.tiles import TileArt
from game.romi.turn_undo import EditHistory
from game.romi.turns import TurnFlow
from game.words import count
from saves import games as saved_games
from saves import romi_stats, store
from saves.settings import pref

#: what leaving a game the player has moved in counts as (New, Restart, Load, a Demonstration, "Resume it?")
LEFT_LOSS = "{what} as a loss."


def player_moved(states: list[Any], cursor: int) -> bool:
    """Whether the player made a move of the game (a move made from a position where it was his turn): a game
    counts once the player has moved in it, not when only the computer has (it may open a deal)."""
    return any(st.turn == HUMAN for st in states[:cursor])


def laid_this_turn(replayed: Any, extra: dict[str, Any]) -> bool:
    """Whether the kept game holds cards the player moved on the board in the turn it was left in (as
    `RomiScene.board_changed` reads the table)."""
    s = replayed.states[replayed.cursor]
    kept = saved_layout.from_dict(extra.get("layout"), s.table, s.hands[HUMAN], s.turn == HUMAN and not s.over)
    if kept is None:
        return False
    board, turn_board = kept
    return board.table() != turn_board.table() or sorted(board.palette) != sorted(turn_board.palette)


class RomiScene(BoardEditing, Selecting, TurnFlow, RomiMenus, RomiSaving, TableScene):
    """The Romi table; its board editing, turn flow, menus and saving live in the mixins of editing.py,
    turns.py, menus.py and saving.py (scene.py had grown past a thousand lines), the drawing beneath the
    cards in drawing.py."""

    rank_key_words = "A digit goes to a card of that rank in your hand; H takes the ring to your hand."

    game = "romi"
    title = "Romi"
    rules = rules
    allow_undo = False  # a game against the computer: no taking back
    help_text = HELP
    keyboard_help = keyboard.HELP

    def __init__(self, app, seed: int | None = None, resume: bool = True, **options: Any) -> None:
        prefs = app.settings.game("romi")
        level = pref(prefs, "level", "beginner")
        #: the level chosen in the Level menu: it applies to the next game (`game.romi.menus.set_level`)
        self.chosen_level = level if level in LEVELS and level != "random" else "beginner"
        self.level = self.chosen_level  # the level of the game on the table: the one it is counted at
        limit = pref(prefs, "time_limit", 120)
        self.time_limit = limit if limit in TIME_LIMITS else 120
        self.see_cards = pref(prefs, "see_cards", False)
        sounds = pref(prefs, "sound_events", "all")
        self.sound_events = sounds if sounds in SOUND_SETS else "all"
        aak = options.pop("ace_after_king", pref(prefs, "ace_after_king", False))
        self.next_aak: bool | None = None  # Preferences chosen during a game: the rule of the next one
        sort_by = pref(prefs, "sort_by", "suit")
        self.sort_by = sort_by if sort_by in ("suit", "rank") else "suit"  # the palette remembers its order
        self.board = Board()
        self.turn_board = Board()
        self._synced: rules.State | None = None
        self.selection: list[str] = []
        self.job: worker.Job | None = None
        self.pending: rules.Move | None = None
        self.wait = 0.0
        self.demo = False
        self.end_pending: Callable[[], None] | None = None  # the end box, opened when the cards have landed
        self.paused = False
        self.clock: float | None = None
        self.clock_full = 0.0  # the time limit the running clock started from (the sandglass's full height)
        self._clock_left: float | None = None  # a loaded game's time left, taken by the turn it resumes
        self.first_next = 0
        self.cpu_played: list[str] = []
        self._announce = False  # "Your turn" waits until the computer's cards have landed
        self.notice = ""  # what Romi did for you (time-out, Help from Romi): said until you act
        self.notice_short = ""  # the same in short, shown when the whole would cut the turn prompt
        self.bad_ids: list[str] = []
        self._mods = 0
        self._spawn: tuple[float, float] | None = None
        self.recorded = False
        self.game_id = romi_stats.new_game_id()  # travels in saved games: a game is counted once
        self.assisted = False  # Help from Romi played a turn: a win is not counted as one
        self.help_moves: set[int] = set()  # the moves Help from Romi played (their index in the history)
        self.cards_seen = False  # the computer's hand was shown in this game (See the computer's cards)
        self.stats, warning = romi_stats.load()
        self.px, self.py, self.ppy = 46, 66, 66
        self.ppx, self.pcols = 46, COLS  # the palette's places: their pitch and how many a row
        self.cell_size = (44, 62)  # a board card: a whole card, or a compact tile in small windows
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.palette_rect = pygame.Rect(0, 0, 0, 0)
        self.stock_rect = pygame.Rect(0, 0, 0, 0)
        self.cpu_rect = pygame.Rect(0, 0, 0, 0)
        self.glass_rect = pygame.Rect(0, 0, 0, 0)
        self._grid: pygame.Surface | None = None
        self._grid_key: tuple | None = None
        self._cpu_geo: int | None = None
        self.palette_slots: dict[str, int] = {}  # palette cards dropped on an empty place stay there
        self.edits = EditHistory()  # Ctrl+Z within the turn
        self._joker_key: tuple = ()
        self._joker_marks: dict[str, tuple[str, str | None]] = {}
        self._tile_art: TileArt | None = None
        self._refused_press: str | None = None  # a table card whose drag was refused before the opening
        self.geo = romi_layout.compute(app.size, ROWS, 0)
        super().__init__(app, seed, resume, ace_after_king=bool(aak))
        self.table.selected_raise = 0.0  # a selected card shows in reverse video where it lies (cardtable)
        # the facts (deal, level, score, games won) keep their place on the status line: a long message wraps
        # or is cut with an ellipsis beside them (at 800x600 a two-line message hid them, with no ellipsis);
        # speech and the status history keep the whole message
        self.status.keep_facts = 4
        self.buttons = [
            Button("Draw", self.draw_card, enabled=self.my_turn),
            Button("End turn", self.end_turn, enabled=self.my_turn),
            Button("Validate", self.validate, enabled=self.my_turn),
            Button("Restore", self.restore_board, enabled=self.my_turn),
            Button("Sort", self.sort_button, enabled=self.sort_ready),
        ]
        self.sort_label()
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

    def turn_words(self) -> str:
        if self.is_over() or self.my_turn() or self.demo or self.paused:
            return ""
        return "Please wait: it is the computer's turn."

    def board_changed(self) -> bool:
        return (self.board.table() != self.turn_board.table()
                or sorted(self.board.palette) != sorted(self.turn_board.palette))

    def sync_board(self) -> None:
        """Make the board show the rules' state after a move (once per state)."""
        if self._synced is self.state:
            return
        s = self.state
        was_sorted = self.palette_sorted() and not self.palette_slots
        fresh = self.board.reconcile(s.table, s.hands[HUMAN])
        if (self._synced is None and not self.history.moves) or was_sorted:
            self.sort_palette(relayout=False)  # a new hand arrives in order; a sorted palette stays sorted
        if self._synced is not None and self._synced.turn == COMPUTER and self.history.moves:
            # only what the computer laid this turn is "just played"; a turn where it drew lays nothing
            played = isinstance(self.history.moves[-1], rules.Play)
            self.cpu_played = [i for i in fresh if i in self.board.board_ids()] if played else []
        self._synced = s
        self.turn_board = self.board.copy()
        self.edits.reset(self.board, self.palette_slots)
        self.selection = []

    # ------------------------------------------------------------- geometry
    def geometry(self, size: tuple[int, int]) -> None:
        geo = romi_layout.compute(size, max(ROWS, self.board.rows), len(self.state.hands[COMPUTER]))
        self.geo = geo
        self.table.set_card_size(geo.card)
        self.px, self.py, self.ppy = geo.px, geo.py, geo.ppy
        self.ppx, self.pcols = geo.ppx, geo.pcols
        self.cell_size = geo.cell
        self.board_rect, self.palette_rect = geo.board, geo.palette
        self.cpu_rect, self.stock_rect, self.glass_rect = geo.cpu, geo.stock, geo.glass
        for b, r in zip(self.buttons, geo.buttons, strict=False):
            b.rect = r

    @property
    def hand_size(self) -> tuple[int, int]:
        """The palette's cards (`layout.RomiLayout.hand`): larger than the board's where the window has room."""
        return self.geo.hand if self.geo.hand[0] else self.table.card_size

    def cell_xy(self, row: int, col: int) -> tuple[int, int]:
        return (self.board_rect.x + col * self.px, self.board_rect.y + row * self.py)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.board_rect.collidepoint(pos):
            return None
        rows = max(ROWS, self.board.rows)
        return (min(rows - 1, int((pos[1] - self.board_rect.y) // self.py)),
                min(COLS - 1, int((pos[0] - self.board_rect.x) // self.px)))

    @property
    def palette_capacity(self) -> int:
        """The palette's places (two rows of `pcols`): beyond them the hand is packed and squeezed."""
        return 2 * self.pcols

    def palette_xy(self, i: int, n: int) -> tuple[int, int]:
        cap = self.palette_capacity
        if n <= cap:  # the place it lies at, gaps the player made included
            p = palette_places.positions(self.board.palette, self.palette_slots, cap)[i]
            return (self.palette_rect.x + (p % self.pcols) * self.ppx,
                    self.palette_rect.y + (p // self.pcols) * self.ppy)
        per_row = (n + 1) // 2
        step = min(self.ppx, (self.palette_rect.w - self.hand_size[0]) / max(1, per_row - 1))
        return (int(self.palette_rect.x + (i % per_row) * step), self.palette_rect.y + (i // per_row) * self.ppy)

    def palette_index(self, pos: tuple[int, int]) -> int:
        n = len(self.board.palette)
        cap = self.palette_capacity
        row = 1 if pos[1] >= self.palette_rect.y + self.ppy else 0
        if n <= cap:  # before the first card lying at or after the pointer's place
            col = int((pos[0] - self.palette_rect.x + self.ppx / 2) // self.ppx)
            places = palette_places.positions(self.board.palette, self.palette_slots, cap)
            return sum(1 for p in places if p < row * self.pcols + col)
        per_row = (n + 1) // 2
        step = min(self.ppx, (self.palette_rect.w - self.hand_size[0]) / max(1, per_row - 1))
        col = int((pos[0] - self.palette_rect.x + step / 2) // step)
        return max(0, min(n, row * per_row + col))

    def layout(self, state: rules.State) -> dict[str, Placement]:
        self.sync_board()
        out: dict[str, Placement] = {}
        tile = self.cell_size if self.geo.tiles else None  # a board card fits its cell: never over another
        for r, row in enumerate(self.board.cells):
            for c, cid in enumerate(row):
                if cid is not None:
                    x, y = self.cell_xy(r, c)
                    out[cid] = Placement(x, y, True, 100 + r * COLS + c, tile)
        n = len(self.board.palette)
        hand = self.hand_size if self.hand_size != self.table.card_size else None  # its own size (layout)
        for i, cid in enumerate(self.board.palette):
            x, y = self.palette_xy(i, n)
            out[cid] = Placement(x, y, True, 400 + i, hand)
        cpu = state.hands[COMPUTER]
        show = self.see_cards and self.level == "beginner" and not self.demo
        if len(cpu) != self._cpu_geo:  # its face-down fan follows the hand's size (its area does not)
            self._cpu_geo = len(cpu)
            self.geometry(self.app.size)
        if show:
            self.cards_seen = True  # the level of this game is kept from now on (menus.level_locked)
            out.update(revealed_hand(cpu, self.cpu_rect, self.table.card_size))
        else:
            for k in range(len(cpu)):
                out[f"back#{k}"] = Placement(self.cpu_rect.x + k * self.geo.cpu_step_x, self.cpu_rect.y, False,
                                             600 + k)
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
        if self.demo and not self.paused and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            # a Demonstration stops with a click on the table or Escape (the menus work as ever)
            if self.menubar.handle(event):
                return True
            if ((event.type == pygame.MOUSEBUTTONDOWN and event.pos[1] > theme.MENUBAR_H)
                    or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)):
                self.stop_demonstration()
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.notice and self.my_turn():
            self.notice = ""  # the player acts: what Romi did for them has been read
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._refused_press = None
            mod = getattr(event, "mod", None)
            self._mods = mod if isinstance(mod, int) and mod else pygame.key.get_mods()
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.menubar.open is None
                and self.glass_rect.collidepoint(event.pos) and self.my_turn()):
            self.end_turn()  # the seed: the player "clicks on the sandglass icon" when his turn is finished
            return True
        if event.type == pygame.KEYDOWN and keyboard.jump(self, event):
            return True  # Page Down / Page Up / F: the ring to a group or a free place, said with its place
        if event.type == pygame.KEYDOWN and not self.focus.visible:
            # The menu bar first, and only once: a shortcut handled here must not reach super().handle,
            # which asks the menu bar again (F1 used to open two helps).
            if self.menubar.handle(event):
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_turn(ask=True)
                return True
            if event.key == pygame.K_SPACE:
                self.draw_card()
                return True
            if event.key == pygame.K_ESCAPE and self.selection:
                self.select([])
                return True
        if event.type == pygame.MOUSEMOTION and not self.paused:
            self.box_motion(event)
        if (event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and not self.paused
                and self.box_release()):
            return True
        if self.paused and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.menubar.handle(event):
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.pos[1] > theme.MENUBAR_H:
                self.resume_play()  # a click on the pause screen continues
            return True
        return super().handle(event)

    def focus_step(self, spots: list, current, dx: int, dy: int):
        return keyboard.arrow_step(spots, current, dx, dy)

    def focus_spots(self) -> list:
        return keyboard.spots(self)

    def focus_after_pick(self, others: list, nearest):
        return keyboard.after_pick(self, others, nearest)

    def focus_click(self, sprite: CardSprite | None, pos: tuple[int, int], mod: int) -> None:
        self._mods = mod  # Shift+Enter selects a card and the cards after it, as Shift-click does
        if sprite is None and not self.selection and self.my_turn() and self.cell_at(pos) is not None:
            self.status.say(keyboard.NOTHING_SELECTED)  # a click there does nothing: said, not silent
            return
        self.on_click(sprite, pos)

    # -------------------------------------------------------------- turns
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
                left, self._clock_left = self._clock_left, None
                self.clock_full = float(self.time_limit)
                self.clock = left if left is not None else self.clock_full
                self.clock_full = max(self.clock_full, self.clock)
            if self.table.animating:
                self._announce = True  # said in update() once the cards are down
            else:
                self.announce_turn()

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

    # ----------------------------------------------------------- game events
    #: a game left unfinished counts, as the solitaires' and Court's do (fresh eyes: New, a Demonstration or
    #: Load over a game lost nothing, so a player could dodge every loss)
    counts_abandoned = True

    def record_abandoned(self) -> None:
        """The game on the table is being left after the player's first move: a loss at its level, once."""
        if not self._leaving_counts():
            return
        self.recorded = True
        problem = self._count_left_game(self.level, self.game_id)
        self.status.say(problem or "The unfinished game counts as a loss.", theme.HILITE if problem else theme.WHITE)

    def _count_left_game(self, level: str, game_id: str) -> str | None:
        """A game left unfinished, counted as the computer's win with no points at its level (one helper for
        leaving by New, Restart, a Demonstration and by Load): the statistics file's problem, or None."""
        self.stats, problem = romi_stats.record_game(COMPUTER, (0, 0), level, False, game_id)
        return problem

    def _leaving_counts(self) -> bool:
        """The player's game on the table, under way and not counted yet (not a demo's, not the first deal's),
        once the player has moved in it (the README: a game counts after the player's first move; fresh eyes,
        round 9: a deal the computer opened, left untouched after a Demonstration, was counted as a loss)."""
        if getattr(self, "recorded", True) or getattr(self, "demo", True) or not hasattr(self, "history"):
            return False
        if self.game_id in self.stats.counted:  # a save of a game counted already (finished, or left): once
            return False
        return not self.is_over() and self.in_progress() and (
            self.board_changed() or player_moved(self.history.states, self.history.cursor))

    def abandon_words(self) -> str:
        return LEFT_LOSS.format(what="The game in progress counts") if self._leaving_counts() \
            else super().abandon_words()

    def declining_words(self, data: dict[str, Any]) -> str:
        """"New game" to "Resume it?" counts the kept game ``data`` as a loss when leaving it would (read from its
        data, as `_leaving_counts` reads the table): the question says so, as New's does (fresh eyes, round 9)."""
        try:
            replayed = saved_games.replay(rules, data)
        except store.SaveError:
            return ""
        extra = _extra(data)
        if (rules.is_over(replayed.states[replayed.cursor]) or extra.get("recorded") is True
                or romi_stats.game_id_from(extra) in self.stats.counted
                or not (player_moved(replayed.states, replayed.cursor) or laid_this_turn(replayed, extra))):
            return ""
        return LEFT_LOSS.format(what="New game counts it")

    def _same_game_as(self, data: dict[str, Any]) -> bool:
        """The saved game ``data`` is the game on the table (its id), under way and not counted yet: loading it
        goes on with it and leaves nothing (issue 32, round 12; as Court and the solitaires)."""
        return romi_stats.game_id_from(_extra(data)) == self.game_id and self._leaving_counts()

    def load_words(self, data: dict[str, Any]) -> str:
        """Load's words on the save, before Load: the game goes on, or it was counted already (practice)."""
        if self._same_game_as(data):
            return SAME_GAME_CONTINUES
        if romi_stats.game_id_from(_extra(data)) in self.stats.counted:
            return COUNTED_ALREADY
        return ""

    def load_data(self, data: dict[str, Any]) -> None:
        """Loading over a game in progress leaves it: it counts, once the load has worked (a save of that same
        game goes on with it: nothing is left)."""
        leaving = (self.game_id, self.level) if self._leaving_counts() and not self._same_game_as(data) else None
        super().load_data(data)
        if leaving is not None:
            problem = self._count_left_game(leaving[1], leaving[0])
            if problem:  # the statistics file could not take it: said, never silent
                self.status.say(problem, theme.HILITE)

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        self.record_abandoned()
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.pending = None
        self.board = Board()
        self.palette_slots.clear()
        self._synced = None
        self.cpu_played = []
        self._announce = False
        self.notice = ""
        self.recorded = False
        self.game_id = romi_stats.new_game_id()
        self.assisted = False
        self.help_moves = set()
        self.paused = False
        self.end_pending = None  # the last game's end box, not yet opened, is not this game's
        self.level = self.chosen_level  # a level chosen during the last game takes effect now
        self.cards_seen = False
        self._clock_left = None
        super().start_game(state, seed, sound)
        self.begin_turn()

    def new_game(self, seed: int | None = None, demo: bool = False) -> None:
        """A new game (the menu's New stops a demonstration), at the rule chosen during the last one."""
        self.record_abandoned()  # before the demo flag: a game handed to a Demonstration is left too
        self.recorded = True  # the game leaving the table counts no more: the player's is counted, a demo's is nobody's
        self.demo = demo
        if self.next_aak is not None:
            self.options = {"ace_after_king": self.next_aak}
            self.next_aak = None
        super().new_game(seed)

    def to_main_menu(self) -> None:
        if self.job is not None:
            self.job.cancel()
        super().to_main_menu()

    def on_game_over(self, state: rules.State) -> None:
        self.clock = None
        self.first_next = rules.next_first(state)
        pts = rules.game_points(state)
        if self.demo:
            self.demo = False
            text = "The demonstration is over." + (
                f" Computer 1 won {count(pts[0], 'point')}." if state.winner == 0 else
                f" Computer 2 won {count(pts[1], 'point')}." if state.winner == 1 else " It was a draw.")
            self.when_still(lambda: game_over_dialog(self, "Demonstration", text, True))
            return
        if not self.recorded:
            self.recorded = True
            self.stats, problem = romi_stats.record_game(state.winner, pts, self.level, self.assisted,
                                                         self.game_id)
            if problem:
                self.status.say(problem, theme.HILITE)
        left = rules.score(state)

        def show() -> None:
            muted = self.app.sounds.muted
            self.app.sounds.muted = muted or not self.snd("end", "end")
            try:
                self.game_over_box(state, pts, left)
            finally:
                self.app.sounds.muted = muted
        self.when_still(show)

    # -------------------------------------------------------------- drawing
    def describe_table(self) -> str:
        return keyboard.describe_table(self)

    def describe_hand(self) -> str:
        """F6: only the hand, in the palette's order (game.romi.spoken.hand_words, as F8 says it)."""
        from game.romi import spoken as romi_spoken

        selected = self.selected_phrase()
        return romi_spoken.hand_words(self.board.palette) + "." + (f" Selected: {selected}." if selected else "")

    def describe_plays(self) -> str:
        """Shift+F8: the groups the hand makes, the opening count, the cards that fit a group on the board, or
        the draw (game.romi.spoken.plays_words); on the computer's turn or after the game, whose turn it is."""
        from game.romi import spoken as romi_spoken

        if rules.is_over(self.state) or self.demo or not self.my_turn():
            return romi_spoken.whose_turn(self.state, self.state.turn == HUMAN and not self.demo) + "."
        return romi_spoken.plays_words(self.board, self.turn_board.palette, self.state.opened[0],
                                       self.board_changed(), self.aak,
                                       None if self.state.stock else self.state.passes)

    def status_text(self) -> str:
        if self.demo:  # the computer plays both hands: the player's score is not this game's
            return f"Demonstration   Deal #{self.seed}   Click or Esc to stop"
        # the deal number first: a message too long for two lines beside the facts drops them from the left,
        # and the level (the clock's, the statistics') must stay (a long computer play pushed it off)
        lv = self.level.capitalize()
        return (f"Deal #{self.seed}   {lv}   You {self.stats.points_for} : {self.stats.points_against} Computer"
                f"   Won {self.stats.won}/{self.stats.played}")

    def draw_table(self, surface: pygame.Surface) -> None:
        drawing.draw_table(self, surface)

    def card_art(self) -> TileArt:
        """Board cards narrower than a readable face are drawn as compact tiles (game.romi.tiles)."""
        if self._tile_art is None or self._tile_art.art is not self.app.art:
            self._tile_art = TileArt(self.app.art)
        return self._tile_art

    def draw_overlay(self, surface: pygame.Surface) -> None:
        drawing.draw_overlay(self, surface)

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


def _extra(data: dict[str, Any]) -> dict[str, Any]:
    """A save's extra data (empty when the file holds none or not a mapping)."""
    extra = data.get("extra")
    return extra if isinstance(extra, dict) else {}
