"""The Forty Thieves table: seven fanned stacks above, the stock and the current card below.

Input maps to moves only: a click on a stack takes its exposed card, a click on
the stock or the current card turns, and dragging a stack's exposed card onto
the current card also takes it.  Everything allowed or refused comes from
`game.thieves.rules`.  A clear is shown in two steps — the emptied table with
the pack gathered, then the new deal flying out — and the high-score tables,
statistics and the last name live in `saves.thieves_records`.

The scene is split into mixins of this package so each file stays readable: ``input`` (clicks, drags,
Space), ``hint`` (Hint and Show a winning move), ``dialogs`` (jokers, high scores, statistics, the name)
and ``drawing``; ``places`` names where each card lies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine import solvewatch, theme, worker
from game.engine.cardtable import CardSprite, Placement
from game.engine.clock import GameClock, seconds_from
from game.engine.dialogs import message
from game.engine.focus import row_step
from game.engine.solitaire import SolitaireTable
from game.engine.table import TableScene
from game.engine.widgets import Button
from game.engine.winmove import ASSISTED_SCORE_LINE, WinningMove
from game.thieves import keyboard, players, rules, solver
from game.thieves.dialogs import ThievesDialogs
from game.thieves.drawing import GREEN_TEXT, ThievesDrawing
from game.thieves.help import HELP
from game.thieves.hint import ThievesHint
from game.thieves.input import ThievesInput
from game.thieves.leaving import ThievesLeaving
from game.thieves.places import Loc, locations, move_map
from game.thieves.rules import JOKER, Take
from game.words import count
from saves.settings import pref
from saves.solitaire_stats import game_id_from, new_game_id
from saves.thieves_records import ThievesRecords

FAN = 0.27  # vertical offset between the cards of a stack, as a share of card height
CLEAR_PAUSE_S = 0.9  # how long the emptied table shows before the new deal (scaled by animation speed)

__all__ = ["CLEAR_PAUSE_S", "FAN", "GREEN_TEXT", "Loc", "ThievesScene", "create_scene", "locations", "move_map"]


class ThievesScene(ThievesLeaving, ThievesInput, ThievesHint, ThievesDialogs, ThievesDrawing, SolitaireTable,
                   TableScene):
    game = "thieves"
    title = "Forty Thieves"
    rules = rules
    help_text = HELP
    counts_abandoned = True
    keyboard_help = keyboard.HELP
    end_is_final = True
    has_computer_players = False

    def __init__(self, app, seed: int | None = None, resume: bool = True, jokers: int | None = None) -> None:
        prefs = app.settings.game("thieves")
        chosen = jokers if jokers is not None else pref(prefs, "jokers", rules.DEFAULT_JOKERS)
        if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen <= rules.MAX_JOKERS:
            chosen = rules.DEFAULT_JOKERS
        self.next_jokers = chosen
        self.records = ThievesRecords()
        self.recorded = False
        self.player_moved = False  # the player has moved since the deal or the Load: the game can count
        self.assisted = False  # a winning move was shown (see game.engine.winmove): practice, and says so
        self.game_id = new_game_id()
        self.clock = GameClock()  # the player's time on this game (see game.engine.clock)
        self.stack_rects: list[pygame.Rect] = []
        self.stock_rect = pygame.Rect(0, 0, 0, 0)
        self.current_rect = pygame.Rect(0, 0, 0, 0)
        self.fan = 30
        self.winnable = solvewatch.WinnableFeatures(app, "thieves", self, solvewatch.in_process(solver.solve),
                                                    1_000_000, 1.0, {
            "only_on": "New games will be deals whose stacks can be cleared.",
            "looking": "Looking for a deal whose stacks can be cleared\u2026",
            "found": "Deal #{seed}: the solver proved its stacks can all be cleared. Good luck!",
            "not_found": "No deal could be proven clearable quickly enough: deal #{seed} is dealt, and the light "
                         "tells whether its stacks can be cleared.",
            "safe": " Safe: after it the stacks are still clearable.",
            "safe_other": " Safe: after it the stacks are still clearable (the solver would play another move).",
            "risky": " Risky: after it the stacks are not clearable any more.",
            "undecided": " The solver would play another move; whether this one keeps the stacks clearable is "
                         "undecided."},
                                                    apply=rules.apply)
        self.hint_job: tuple[rules.State, worker.Job] | None = None
        self.winning = WinningMove(self, self.winnable.solve, lambda _state, _move: False, 300_000, 3.0,
                                   "No move keeps the stacks clearable any more.")
        # joker ids: the state shown last and the id of the joker at each of its places
        self._shown: rules.State | None = None
        self._joker_ids: dict[Loc, str] = {}
        # a clear in progress: the emptied table shows, then the new deal flies out
        self._interim: rules.State | None = None
        self._interim_left = 0.0
        self._gathered = False  # second step of a clear: the whole pack face down on the stock
        self._interim_from: rules.State | None = None  # the position the clearing take was made in
        self._interim_move: Any = None
        self.banner = ""
        self.banner_left = 0.0
        super().__init__(app, seed, resume, jokers=chosen)
        self.buttons = [
            Button("Undo", self.undo, enabled=self.can_undo),
            Button("Redo", self.redo, enabled=self.can_redo),  # as Aces Up has it (it was in the menu only)
            Button("Hint", self.hint, enabled=lambda: not self.is_over()),
            Button("New game", self.ask_new_game),
            Button("High scores", self.show_high_scores),
        ]
        self.status.say(self.greeting())

    @property
    def watch(self) -> solvewatch.WinnableWatch:
        return self.winnable.watch

    def greeting(self) -> str:
        return (f"Deal #{self.seed} with {self._jokers_text(self.state.start_jokers)}. Take a card one above "
                "or below the current card.")

    @staticmethod
    def _jokers_text(n: int) -> str:
        return count(n, "joker", zero="no jokers")

    def on_enter(self) -> None:
        first = not self._entered
        super().on_enter()
        if first:
            warning = self.records.take_warning()
            if warning:
                message(self.app, "High scores", warning)

    # ------------------------------------------------------------- geometry
    def new_state(self, seed: int) -> rules.State:
        self.options = {"jokers": self.next_jokers}
        return rules.new_game(seed, jokers=self.next_jokers)

    def geometry(self, size: tuple[int, int]) -> None:
        w, h = size
        sc = theme.sc
        top = theme.MENUBAR_H + sc(22)
        buttons_y = h - theme.STATUS_H - sc(54)
        room = buttons_y - sc(16) - top - sc(30)  # stacks + gap + the stock row + its labels
        ch = int(min((w - 100) / 7.9 * 1.4, room / (1 + 4 * FAN + 0.3 + 1)))
        ch = max(56, ch)
        cw = int(ch / 1.4)
        self.table.set_card_size((cw, ch))
        self.fan = int(ch * FAN)
        gap = max(10, min(int(cw * 0.3), (w - 7 * cw) // 8))
        x0 = (w - (7 * cw + 6 * gap)) // 2
        self.stack_rects = [pygame.Rect(x0 + i * (cw + gap), top, cw, ch + 4 * self.fan) for i in range(7)]
        row_y = top + ch + 4 * self.fan + int(ch * 0.3)
        self.stock_rect = pygame.Rect(self.stack_rects[2].x, row_y, cw, ch)
        self.current_rect = pygame.Rect(self.stack_rects[3].x, row_y, cw, ch)
        bgap = sc(12)
        n = max(1, len(self.buttons))
        bw = min(sc(130), (w - sc(24) - (n - 1) * bgap) // n)  # the row fits the narrowest window
        bx = w // 2 - (len(self.buttons) * (bw + bgap) - bgap) // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(bx + i * (bw + bgap), buttons_y, bw, sc(40))

    def _ids(self, state: rules.State) -> dict[Loc, str]:
        """The id of every joker of ``state``: kept from the state shown before when one move apart."""
        places = [loc for loc, c in locations(state) if c == JOKER]
        old = self._shown
        mapping: dict[Loc, Loc] | None = None
        if self._interim is not None and state is self._interim and old == self._interim_from:
            mapping = move_map(old, self._interim_move)  # the clearing take, before the redeal
        elif old is not None and old != state and state.clears == old.clears:
            for m in rules.legal_moves(old):
                if rules.apply(old, m) == state:
                    mapping = move_map(old, m)
                    break
            if mapping is None:
                for m in rules.legal_moves(state):
                    if rules.apply(state, m) == old:  # an undo: invert the move's map
                        mapping = {v: k for k, v in move_map(state, m).items()}
                        break
        if old == state:
            return dict(self._joker_ids)
        if mapping is not None or (old is not None and old.clears == state.clears and old != state):
            ids: dict[Loc, str] = {}
            mapping = mapping or {}
            for loc in places:
                prev = mapping.get(loc, loc)
                if prev in self._joker_ids and self._joker_ids[prev] not in ids.values():
                    ids[loc] = self._joker_ids[prev]
            free = [f"JK#{n}" for n in range(rules.MAX_JOKERS + 1) if f"JK#{n}" not in ids.values()]
            for loc in places:
                if loc not in ids:
                    ids[loc] = free.pop(0)
            return ids
        return {loc: f"JK#{n}" for n, loc in enumerate(places)}

    def layout(self, state: rules.State) -> dict[str, Placement]:
        shown = self._interim if self._interim is not None else state
        ids = self._ids(shown)
        self._shown, self._joker_ids = shown, ids

        def cid(loc: Loc, code: str) -> str:
            return ids[loc] if code == JOKER else code

        out: dict[str, Placement] = {}
        cw, ch = self.table.card_size
        if self._interim is not None and self._gathered:
            cards = locations(shown)
            for i, (loc, code) in enumerate(cards):
                depth = len(cards) - 1 - i
                out[cid(loc, code)] = Placement(self.stock_rect.x - min(depth, 40) // 5 * 2,
                                                self.stock_rect.y - min(depth, 40) // 5 * 2, False, 1 + i)
            return out
        n_stock = len(shown.stock)
        for i, code in enumerate(shown.stock):  # the next card to turn lies on top
            depth = n_stock - 1 - i
            out[cid(("k", i), code)] = Placement(self.stock_rect.x - min(depth, 40) // 5 * 2,
                                                 self.stock_rect.y - min(depth, 40) // 5 * 2, False, 1 + depth)
        n_waste = len(shown.waste)
        for i, code in enumerate(shown.waste):
            depth = n_waste - i  # cards under the current one, the older the lower
            out[cid(("w", i), code)] = Placement(self.current_rect.x - min(depth, 30) // 6 * 2,
                                                 self.current_rect.y - min(depth, 30) // 6 * 2, True, 100 + i)
        out[cid(("c",), shown.current)] = Placement(self.current_rect.x, self.current_rect.y, True, 100 + n_waste)
        for s, st in enumerate(shown.stacks):
            r = self.stack_rects[s]
            for k, code in enumerate(st):
                out[cid(("s", s, k), code)] = Placement(r.x, r.y + k * self.fan, True, 300 + k)
        return out

    def relayout(self, animate: bool = True, stagger: float = 0.0, spawn=None) -> None:
        super().relayout(animate, stagger, spawn)
        if not self.is_over() and self._interim is None:
            self.watch.track(self.state)

    def deal_origin(self) -> tuple[float, float]:
        return (self.stock_rect.x, self.stock_rect.y)

    def focus_step(self, spots: list, current, dx: int, dy: int):
        """The arrows follow the screen's rows (focus.row_step, the rule the keys' Help says)."""
        return row_step(spots, current, dx, dy)

    def focus_spots(self) -> list:
        return keyboard.spots(self)

    def describe_plays(self) -> str:
        return keyboard.plays_words(self.state)

    def describe_table(self) -> str:
        return keyboard.describe_table(self)

    def deal_rules(self) -> tuple[int, Callable[[int], rules.State]]:
        """The jokers a new deal is dealt with (the next game's) and how to deal it: "Winnable deals only"
        proves its deal for exactly these."""
        jokers = self.next_jokers
        return jokers, lambda n: rules.new_game(n, jokers=jokers)

    def new_game(self, seed: int | None = None) -> None:
        if seed is None and self.winnable.only:
            self.winnable.start_search()
            return
        super().new_game(seed)

    # ---------------------------------------------------------- game events
    def _drop_interim(self) -> None:
        """Undo or Redo during a clear: skip the rest of its animation."""
        self._interim = None
        self._gathered = False
        self._shown = None

    def undo(self) -> None:
        self._drop_interim()
        super().undo()

    def redo(self) -> None:
        self._drop_interim()
        before = self.history.cursor
        super().redo()
        if self.history.cursor > before and not self.is_over():
            self.status.say(f"Move redone ({self.practice_words()}: no high score).")

    def practice_words(self) -> str:
        """One phrase for a game kept out of the high scores: the status line, the score panel, the end box."""
        return "assisted game" if self.assisted else "practice game"

    def after_undo(self) -> None:
        if not self.state.practice:
            self.history.states = [rules.practice(s) for s in self.history.states]
            self._shown = rules.practice(self._shown) if self._shown is not None else None
            self.status.say("Undo used: this is now a practice game (no high score).", theme.HILITE)
        else:  # the last move's words no longer describe the table
            self.status.say(f"Move undone ({self.practice_words()}: no high score).")

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        self.record_abandoned()
        self._interim = None
        self._gathered = False
        self.banner = ""
        self._shown = None
        self.winning.cancel()
        super().start_game(state, seed, sound)
        self.recorded = False
        self.player_moved = False
        self.assisted = False
        self.game_id = new_game_id()
        self.clock = GameClock()
        self.status.say(self.greeting())

    def restart(self) -> None:
        # replaying the same deal with knowledge of the stock is practice
        assisted = self.assisted
        self.start_game(rules.practice(self.history.first), self.seed)
        self.assisted = assisted  # what the solver showed is still known
        self.status.say("Restarted: this is a practice game (no high score).", theme.HILITE)

    def after_loaded_by_player(self) -> None:
        self.player_moved = False  # a loaded game counts only once the player moves in it

    def extra_save(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "assisted": self.assisted, "recorded": self.recorded,
                "seconds": round(self.clock.seconds(), 1)}

    def load_data(self, data: dict[str, Any]) -> None:
        """As the base; the game on the table, if under way, counts as given up once the load has worked."""
        st = self.state
        leaving = self.leaving_counts()
        before = (st.start_jokers, st.score, st.clears, self.game_id)
        super().load_data(data)
        if leaving:
            problem = self.records.record_game(*before[:3], game_id=before[3], abandoned=True)
            if problem:
                self.status.say(problem, theme.HILITE)

    def after_load(self, extra: dict[str, Any]) -> None:
        self._interim = None
        self._gathered = False
        self._shown = None
        self.winning.cancel()
        self.game_id = game_id_from(extra)
        self.clock = GameClock(seconds_from(extra))  # goes on at the next move
        self.assisted = extra.get("assisted") is True
        self.recorded = self.is_over() or extra.get("recorded") is True or self.records.counted(self.game_id)
        self.player_moved = bool(self.history.moves)  # a resumed game is the player's own

    def after_move(self, before: rules.State, move: Any, after: rules.State) -> None:
        self.player_moved = True
        self.clock.start()
        if after.clears > before.clears:
            self._begin_clear(before, move, after)
            return
        if isinstance(move, Take):
            pts = after.score - before.score
            left = after.stacks[move.stack]
            shows = (f"stack {move.stack + 1} now shows {rules.the_card(left[-1])}" if left
                     else f"stack {move.stack + 1} is empty")  # what a sighted player sees there now, as Aces Up says
            self.status.say(f"Took {rules.the_card(after.current)}" + (f": +{pts}; " if pts else "; ") + f"{shows}.")
        else:
            left = len(after.stock)
            self.status.say(f"Turned {rules.the_card(after.current)}. {count(left, 'card')} "
                            "left in the stock.")

    def play(self, move: Any, sound: str = "place", sprite_ids: tuple[str, ...] = (),
             stagger: float = 0.0) -> bool:
        """As the base, but a take that clears the table first shows the emptied table (see _begin_clear)."""
        before = self.state
        try:
            after = rules.apply(before, move)
        except ValueError:
            after = None  # the base refuses it with the reason
        if after is not None and after.clears > before.clears:
            taken = before.stacks[move.stack][-1]
            self._interim = rules.State(
                stacks=tuple(() for _ in range(7)), current=taken, stock=before.stock,
                waste=before.waste + (before.current,), jokers=before.jokers, start_jokers=before.start_jokers,
                score=after.score, clears=after.clears, seed=before.seed, practice=before.practice)
            self._interim_from, self._interim_move = before, move
            self._gathered = False
        return super().play(move, sound, sprite_ids, stagger)

    def _begin_clear(self, before: rules.State, move: Any, after: rules.State) -> None:
        """The emptied table is showing (set up in `play`): banner, sound, then gather and redeal."""
        scale = self.app.settings.anim_scale()
        self._interim_left = CLEAR_PAUSE_S * scale
        gone = " One joker leaves the pack." if after.jokers < before.jokers else ""
        self.banner = f"All seven stacks cleared!  +{rules.CLEAR_BONUS}"
        self.banner_left = 2.2 * scale if scale else 0.0
        self.status.say(f"All seven stacks cleared: +{rules.CLEAR_BONUS}.{gone} A new deal follows.", theme.GOLD)
        self.app.sounds.play("score_up")
        if not scale:
            self._finish_clear()

    def _finish_clear(self) -> None:
        self._interim = None
        self._gathered = False
        self._shown = None  # a reshuffle: the jokers are dealt afresh
        self.app.sounds.play("deal")
        self.relayout(stagger=0.025)
        self.check_over()

    def hurry(self) -> None:
        """A click or key during the clear-and-redeal plays the new deal at once (the banner stays)."""
        if self._interim is not None:
            self._finish_clear()
        super().hurry()

    def check_over(self) -> None:
        if self._interim is None:
            super().check_over()

    def on_game_over(self, state: rules.State) -> None:
        already = self.recorded  # counted before (given up, then loaded again): not entered twice
        self.recorded = True
        j = state.start_jokers
        counts = not already and not state.practice and self.player_moved
        self.clock.stop()
        problem = self.records.record_game(j, state.score, state.clears, game_id=self.game_id,
                                           seconds=self.clock.seconds(), moves=self.history.cursor) if counts else None
        clears = f" after clearing the stacks {state.clears} time{'s' if state.clears != 1 else ''}" \
            if state.clears else ""
        text = f"No card can be taken and the stock is empty{clears}."
        score = ASSISTED_SCORE_LINE if self.assisted else f"Score: {state.score}."  # (the Help: not scored)
        if problem:
            self.status.say(problem, theme.HILITE)
        if state.practice or already:
            if self.assisted:  # the score line says it all
                self.end_box("No more moves", text, False, score)
                return
            kind = "A practice game: it is" if state.practice else "This game was counted before: it is"
            self.end_box("No more moves", text + f" ({kind} not entered in the high scores.)", False, score)
            return
        # a game with a clear is a win (the statistics count it so, and the celebration plays): say it
        title = "You won!" if state.clears > 0 else "No more moves"
        self.end_box(title, text, state.clears > 0, score)
        if self.records.qualifies(j, state.score):  # the name first, over the end box
            self.app.sounds.play("win")
            self.ask_name(state)

    def summary_kind(self) -> str:
        return self._jokers_text(self.state.start_jokers)

    def save_summary(self) -> dict[str, Any]:
        out = super().save_summary()
        state = f"score {self.state.score}" + (f", {self.practice_words()}" if self.state.practice else "")
        out["state"] = ("no more moves, " if self.is_over() else "") + state
        return out

    def reopened(self) -> None:
        self.status.say("Last move undone: the game goes on as practice (no high score, not counted again).",
                        theme.HILITE)

    # -------------------------------------------------------------- frame
    def busy(self) -> bool:
        return (super().busy() or self._interim is not None or self.banner_left > 0
                or self.winnable.search_job is not None or self.hint_job is not None or self.winning.busy)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.winning.poll()
        if self.hint_job is not None and self.hint_job[1].done:
            asked, hint_job = self.hint_job
            self.hint_job = None
            if hint_job.error is None and asked == self.state:  # still the position it was asked about
                self.show_hint(hint_job.result, False)
        found = self.winnable.poll()
        if found is not None:
            TableScene.new_game(self, found[0])
            self.winnable.announce(*found)
        if self.banner_left > 0:
            self.banner_left = max(0.0, self.banner_left - dt)
        if self._interim is not None:
            self._interim_left -= dt
            if self._interim_left <= 0 and not self.table.animating:
                if self._gathered:
                    self._finish_clear()
                else:  # gather the pack on the stock, face down, before dealing it again
                    self._gathered = True
                    self._interim_left = 0.3 * self.app.settings.anim_scale()
                    self.app.sounds.play("shuffle")
                    self.relayout(stagger=0.004)

    # ------------------------------------------------------------ benchmark
    def bench_prepare(self) -> None:
        """Let the auto-player play half a deal without animation: many cards on the waste."""
        player = players.make_player("auto")
        for _ in range(30):
            if self.is_over():
                break
            move = player(rules.observe(self.state), None)
            after = rules.apply(self.state, move)
            if after.clears > self.state.clears:
                break
            self.history.push(move, after)

    def bench_drag_sprite(self) -> CardSprite | None:
        for s in range(7):
            sid = self.exposed_id(s)
            if sid:
                return self.table.sprites.get(sid)
        return None

    def bench_animate(self) -> None:
        for sp in self.table.sprites.values():
            sp.x, sp.y = self.stock_rect.x, self.stock_rect.y
        self.relayout(stagger=0.01)


def create_scene(app, seed: int | None = None, resume: bool = True, **options: Any) -> ThievesScene:
    return ThievesScene(app, seed, resume, **options)
