"""The Aces Up table: four fanned piles, the stock on the left, the discards on the right.

Input maps to moves only; everything the rules allow or refuse comes from `game.acesup.rules`. The scene
is split into mixins of this package so each file stays readable (as game/thieves): ``input`` (clicks,
drags, the keyboard's spots), ``hint`` (Hint and Show a winning move), ``dialogs`` (variations,
statistics, the Game menu's items) and ``drawing``; this file keeps geometry, layout, the game's events
(scoring, statistics, the end box), the demo and the frame.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from game.acesup import keyboard, players, rules, solver
from game.acesup.dialogs import AcesUpDialogs
from game.acesup.drawing import AcesUpDrawing
from game.acesup.help import HELP
from game.acesup.hint import AcesUpHint
from game.acesup.input import AcesUpInput
from game.engine import solvewatch, theme
from game.engine.cardtable import CardSprite, Placement
from game.engine.clock import GameClock, seconds_from
from game.engine.computer import ComputerTurns
from game.engine.shortcuts import key
from game.engine.solitaire import SolitaireTable
from game.engine.table import TableScene
from game.engine.widgets import Button
from game.engine.winmove import ASSISTED_NOTE_NO_HIGH_SCORES, ASSISTED_SCORE_LINE, ASSISTED_UNSCORED, WinningMove
from saves import games as saved_games
from saves import store
from saves.settings import pref
from saves.solitaire_stats import SolitaireStats, game_id_from, new_game_id

FAN = 0.26  # vertical offset between cards of a pile, as a share of card height
READABLE = 0.25  # the least offset that shows a card's corner index whole (rank *and* suit), same share


#: what a game left after the player's first move counts as, in every question that leaves it
LEFT_WORDS = "{what} as a loss in the statistics."


class AcesUpScene(AcesUpInput, AcesUpHint, AcesUpDialogs, AcesUpDrawing, SolitaireTable, TableScene):
    game = "acesup"
    title = "Aces Up"
    rules = rules
    help_text = HELP
    counts_abandoned = True
    keyboard_help = keyboard.HELP
    end_is_final = True

    def __init__(self, app, seed: int | None = None, resume: bool = True, variation: str | None = None) -> None:
        prefs = app.settings.game("acesup")
        variation = variation or pref(prefs, "variation", "aces_up", rules.VARIATIONS)
        if variation not in rules.VARIATIONS:
            variation = "aces_up"
        self.selected: int | None = None  # pile whose top card waits for its pair partner
        self.stats = SolitaireStats("acesup")
        # statistics: a game counts once, when it ends or is given up after the player's first move
        self.recorded = False  # counted already, or never to be counted (demo, assisted)
        self.player_moved = False  # the player (not the demo) has moved since the deal or the Load
        self.assisted = False  # a winning move was shown (see game.engine.winmove)
        self.game_id = new_game_id()
        self.clock = GameClock()  # the player's time on this game (see game.engine.clock)
        self.slots: list[pygame.Rect] = []
        self.stock_rect = pygame.Rect(0, 0, 0, 0)
        self.discard_rect = pygame.Rect(0, 0, 0, 0)
        self.fan = 30
        self.winnable = solvewatch.WinnableFeatures(app, "acesup", self, solvewatch.in_process(solver.solve),
                                                   300_000, 1.5, apply=rules.apply)
        self.winning = WinningMove(self, self.winnable.solve, players.pointless,
                                   note=ASSISTED_NOTE_NO_HIGH_SCORES)  # the light's solver process
        self.demo = False
        self.demo_played = False  # the demo played the game on the table: it is not kept (worth_keeping)
        self.demo_given_up = False  # the player's game, under way, counted as given up when handed to the demo
        self._demo_rng = random.Random()
        super().__init__(app, seed, resume, variation=variation)
        self.computer = ComputerTurns(self, lambda s: players.choose_move(s, self._demo_rng),
                                      lambda _s: self.demo, delay_s=0.45)
        self.buttons = [
            Button("Undo", self.undo, enabled=self.can_undo),
            Button("Redo", self.redo, enabled=self.can_redo),
            Button("Hint", self.hint, enabled=lambda: not self.is_over()),
            Button("New game", self.ask_new_game),
        ]
        # while the demo runs the table says so and offers this instead of Undo/Redo/Hint/New game
        self.stop_button = Button("Stop demo", self.toggle_demo)
        self.stop_button.visible = False
        if self.stats.warning:
            self.status.say(self.stats.warning, theme.HILITE)
        else:
            self.status.say(f"{rules.VARIATIONS[variation]}: deal #{self.seed}. "
                            "Click the stock (or Enter on it) to deal.")

    @property
    def watch(self) -> solvewatch.WinnableWatch:
        return self.winnable.watch

    # ------------------------------------------------------------- geometry
    @property
    def variation(self) -> str:
        return self.state.variation

    def geometry(self, size: tuple[int, int]) -> None:
        w, h = size
        sc = theme.sc
        top = theme.MENUBAR_H + sc(24)
        bottom = h - theme.STATUS_H - sc(64)
        # six columns (stock, four piles, discards) and room for ~14 fanned cards
        cw = min((w - 80) // 7, int((bottom - top) / (1 + 8 * FAN) / 1.4), self.card_width_for_piles(size, top))
        cw = max(40, cw)
        self._sized_for = self.pile_lengths()
        ch = int(cw * 1.4)
        self.table.set_card_size((cw, ch))
        self.fan = int(ch * FAN)
        gap = max(12, (w - 6 * cw) // 9)
        x0 = (w - (6 * cw + 5 * gap + gap)) // 2
        self.stock_rect = pygame.Rect(x0, top, cw, ch)
        self.slots = [pygame.Rect(x0 + (i + 1) * (cw + gap) + gap // 2, top, cw, ch) for i in range(4)]
        self.discard_rect = pygame.Rect(x0 + 5 * (cw + gap) + gap, top, cw, ch)
        # the score box and the light above it sit at the bottom right; the buttons are centred unless
        # that would put them under the score box, then they move left of it
        self.score_rect = pygame.Rect(w - sc(216), h - theme.STATUS_H - sc(12 + 70), sc(200), sc(70))
        self.light_rect = pygame.Rect(self.score_rect.x, self.score_rect.y - sc(36), sc(200), sc(28))
        row = len(self.buttons) * sc(130) - sc(12)
        bx = min((w - row) // 2, self.score_rect.x - sc(16) - row)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(max(12, bx) + i * sc(130), h - theme.STATUS_H - sc(52), sc(118), sc(40))

    def pile_lengths(self) -> tuple[int, ...]:
        return tuple(len(p) for p in self.state.piles) if hasattr(self, "history") else ()

    def card_width_for_piles(self, size: tuple[int, int], top: int) -> int:
        """The widest card with which every pile still shows each card's rank and suit: long piles make the
        cards smaller (and the table grows them back as the piles shrink) rather than fan them into an
        unreadable strip. The rightmost pile stops above the light, the others above the buttons."""
        w, h = size
        sc = theme.sc
        floors = [h - theme.STATUS_H - sc(52)] * 3 + [h - theme.STATUS_H - sc(12 + 70 + 36)]
        widest = w
        for n, floor in zip(self.pile_lengths(), floors, strict=False):
            if n > 1:
                widest = min(widest, int((floor - 12 - top) / (1 + READABLE * (n - 1)) / 1.4))
        return widest

    def pile_fan(self, n: int, pile: int = 0) -> int:
        """Squeeze a long pile so it stays above the buttons (and above the light, for a pile over it)."""
        if not self.buttons:
            return self.fan
        floor = self.buttons[0].rect.y
        slot = self.slots[pile]
        if slot.right > self.light_rect.x - 8:
            floor = min(floor, self.light_rect.y)
        room = floor - 12 - slot.y - self.table.card_size[1]
        return self.fan if n <= 1 else max(6, min(self.fan, room // (n - 1)))

    def layout(self, state: rules.State) -> dict[str, Placement]:
        out: dict[str, Placement] = {}
        for i, code in enumerate(reversed(state.stock)):  # the next card to deal on top
            out[code] = Placement(self.stock_rect.x - min(i, 47) // 6 * 2, self.stock_rect.y - min(i, 47) // 6 * 2,
                                  False, i)
        for p, pile in enumerate(state.piles):
            fan = self.pile_fan(len(pile), p)
            for k, code in enumerate(pile):
                out[code] = Placement(self.slots[p].x, self.slots[p].y + k * fan, True, 100 + k)
        for k, code in enumerate(state.removed):
            out[code] = Placement(self.discard_rect.x + k // 8 * 2, self.discard_rect.y + k // 8 * 2, True, 200 + k)
        return out

    def relayout(self, animate: bool = True, stagger: float = 0.0, spawn=None) -> None:
        if getattr(self, "_sized_for", None) != self.pile_lengths() and self.buttons:
            self.geometry(self.app.size)  # long piles: smaller cards (see card_width_for_piles)
        super().relayout(animate, stagger, spawn)
        if not self.is_over():
            self.watch.track(self.state)

    def deal_origin(self) -> tuple[float, float]:
        return (self.stock_rect.x, self.stock_rect.y)

    # ---------------------------------------------------------- game events
    def unscore(self, why: str) -> None:
        if self.state.scored:
            self.history.states = [rules.unscored(s) for s in self.history.states]
            self.status.say(f"{why}: this game is now not scored.", theme.HILITE)

    def after_undo(self) -> None:
        was_scored = self.state.scored
        self.unscore("Undo")
        if not was_scored:  # the last move's words no longer describe the table
            self.status.say("Move undone (this game is not scored).")
        self.select(None)

    def redo(self) -> None:
        before = self.history.cursor
        super().redo()
        if self.history.cursor > before and not self.is_over():
            self.status.say("Move redone (this game is not scored).")

    def scored_words(self) -> str:
        """One phrase for an unscored game, the same on the status line, the score panel and the end box."""
        if self.assisted:
            return ASSISTED_UNSCORED
        return "" if self.state.scored else "not scored"

    def restart(self) -> None:
        self.record_abandoned()
        assisted = self.assisted
        self.start_game(rules.restart(self.history.first), self.seed)
        self.assisted = assisted  # the same deal: what the solver showed is still known
        self.recorded = assisted
        self.status.say("Restarted: this game is now not scored.", theme.HILITE)

    def toggle_demo(self) -> None:
        self.demo = not self.demo and not self.is_over()
        self.select(None)
        if self.demo:
            self.demo_played = True
            given_up = self.leaving_counts()
            self.demo_given_up = self.demo_given_up or given_up
            self.record_abandoned()  # the demo's game is not the player's: a game under way counts as given up
            if self.state.scored:  # nor is its score: the score box shows "not scored" from now on
                self.history.states = [rules.unscored(st) for st in self.history.states]
            self.status.say("Demo: the auto-player plays (it never looks at the stock). Click to stop."
                            + (" Your game counts as given up." if given_up else ""))
        else:
            self.demo_stopped()

    def demo_stopped(self) -> None:
        """Say plainly what the game on the table is now worth: the demo played it, so nothing; and what the
        player's own game, handed to the demo, counted as (round 8: "not counted" was said of a game the
        statistics had just counted as given up)."""
        new = f"a new game ({key(self.game, 'new')}) is"
        if self.demo_given_up:
            self.status.say(f"Demo stopped: your turn. Your game counted as given up when you handed it to the "
                            f"demo; this one is not scored and will not count; {new}.", theme.HILITE)
            return
        self.status.say(f"Demo stopped: your turn. The demo played this game, so it is not scored and not "
                        f"counted; {new}.", theme.HILITE)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.demo and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and not (  # Stop demo included
                event.type == pygame.KEYDOWN and event.key == pygame.K_e and event.mod & pygame.KMOD_CTRL):
            self.demo = False
            self.computer.cancel()
            self.demo_stopped()
            return True
        return super().handle(event)

    def new_game(self, seed: int | None = None) -> None:
        if seed is None and self.winnable.only:
            self.record_abandoned()
            self.winnable.start_search()
            return
        self.record_abandoned()
        self.selected = None
        super().new_game(seed)
        self.recorded = False
        self.status.say(f"{rules.VARIATIONS[self.variation]}: deal #{self.seed}. "
                        "Click the stock (or Enter on it) to deal.")

    def deal_rules(self) -> tuple[str, Callable[[int], rules.State]]:
        """The variation a new deal is dealt under (the options, which a new variation sets before the table
        shows it) and how to deal it: "Winnable deals only" proves its deal for exactly these."""
        variation = str(self.options.get("variation", self.variation))
        return variation, lambda n: rules.new_game(n, variation=variation)

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        self.selected = None
        self.demo = False
        self.demo_played = self.demo_given_up = False
        if hasattr(self, "computer"):
            self.computer.cancel()
            self.winning.cancel()
        super().start_game(state, seed, sound)
        self.recorded = False
        self.player_moved = False
        self.assisted = False
        self.game_id = new_game_id()
        self.clock = GameClock()

    def extra_save(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "assisted": self.assisted, "recorded": self.recorded,
                "seconds": round(self.clock.seconds(), 1)}

    def load_data(self, data: dict[str, Any]) -> None:
        """As the base; the game on the table, if under way, counts as given up once the load has worked."""
        leaving = (self.variation, self.player_moved and not self.recorded and not self.assisted
                   and not self.is_over(), self.game_id)
        super().load_data(data)
        if leaving[1]:
            self.stats.record(leaving[0], False, None, leaving[2])

    def after_load(self, extra: dict[str, Any]) -> None:
        self.winning.cancel()
        self.demo_played = self.demo_given_up = False
        self.game_id = game_id_from(extra)
        self.clock = GameClock(seconds_from(extra))  # goes on at the next move
        self.assisted = extra.get("assisted") is True
        self.recorded = self.is_over() or self.assisted or extra.get("recorded") is True \
            or self.stats.counted(self.game_id)
        self.player_moved = bool(self.history.moves)  # a resumed game is the player's own

    def after_loaded_by_player(self) -> None:
        self.unscore("Loaded")
        self.player_moved = False  # a loaded game counts only once the player moves in it

    def leaving_counts(self) -> bool:
        """The game on the table counts as lost if left now (the player has moved, not counted yet)."""
        return self.player_moved and not self.recorded and not self.assisted and not self.is_over()

    def abandon_words(self) -> str:
        """Every question that leaves a game says what it counts as (as Forty Thieves', Court's and Romi's)."""
        return LEFT_WORDS.format(what="The game in progress counts") if self.leaving_counts() \
            else super().abandon_words()

    def declining_words(self, data: dict[str, Any]) -> str:
        """"New game" to "Resume it?" counts the kept game as lost, as `leaving_counts` (read from its data)."""
        try:
            replayed = saved_games.replay(rules, data)
        except store.SaveError:
            return ""
        extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
        if (not replayed.moves or rules.is_over(replayed.states[replayed.cursor]) or extra.get("recorded") is True
                or extra.get("assisted") is True or self.stats.counted(game_id_from(extra))):
            return ""
        return LEFT_WORDS.format(what="New game counts it")

    def record_abandoned(self) -> None:
        """A game given up after the player's first move counts as lost (once); then nothing more counts."""
        if self.leaving_counts():
            problem = self.stats.record(self.variation, False, None, self.game_id)
            if problem:
                self.status.say(problem, theme.HILITE)
        self.recorded = True

    def after_move(self, before: rules.State, move: Any, after: rules.State) -> None:
        if not self.demo:
            self.player_moved = True
            self.clock.start()
        self.select(None)
        self.status.say(keyboard.move_words(before, move, after))

    def describe_plays(self) -> str:
        return keyboard.plays_words(self.state)

    def describe_table(self) -> str:
        return keyboard.describe_table(self)

    def on_game_over(self, state: rules.State) -> None:
        won = rules.outcome(state) == "won"
        if self.demo:
            self.demo = False
            self.status.say("Demo over: the auto-player " + ("won." if won else "ran out of moves."))
            return
        scored = state.scored
        self.clock.stop()
        if not self.recorded and not self.assisted and self.player_moved:
            problem = self.stats.record(state.variation, won, state.score if scored else None, self.game_id,
                                        self.clock.seconds(), self.history.cursor)
            if problem:
                self.status.say(problem, theme.HILITE)
        self.recorded = True
        unscored = self.scored_words()
        score_text = f"Final score: {state.score}" if not unscored else (
            ASSISTED_SCORE_LINE[:-1] if self.assisted else "Not scored")
        if won:
            gone = "Every card is gone" if state.variation == "idiots_delight" else "Every card but the Aces is gone"
            self.end_box("You won!", f"{gone}.", True, score_text + ".")
        else:
            self.end_box("No more moves", "The stock is empty and no card can be discarded or moved.", False,
                         score_text + ".")

    def worth_keeping(self) -> bool:
        """A game the demo played (from its deal, or the player's handed to it: counted then as given up) is
        not the player's: it is not kept for "Resume it?", even once the demo is stopped and the player
        plays on (not scored, not counted). The kept game it replaced was the same game, counted already."""
        return super().worth_keeping() and not self.demo_played

    def kept_game_name(self, data: dict[str, Any]) -> str:
        """The kept game's variation ("a game of Idiot's Delight", not "of Aces Up"; QA cosmetic)."""
        options = data.get("options")
        variation = options.get("variation") if isinstance(options, dict) else None
        return rules.VARIATIONS.get(variation, self.title) if isinstance(variation, str) else self.title

    def summary_kind(self) -> str:
        return rules.VARIATIONS[self.variation]

    def save_summary(self) -> dict[str, Any]:
        out = super().save_summary()
        over = {"won": "won", "lost": "no more moves"}.get(rules.outcome(self.state) or "", "")
        score = f"score {self.state.score}" if not self.scored_words() else self.scored_words()
        out["state"] = f"{over}, {score}" if over else score
        return out

    def reopened(self) -> None:
        self.status.say("Last move undone: the game goes on as practice (not scored, not counted again).",
                        theme.HILITE)

    def busy(self) -> bool:
        return (super().busy() or self.winnable.search_job is not None or self.computer.busy()
                or self.winning.busy)

    def update(self, dt: float) -> None:
        super().update(dt)
        for b in self.buttons:
            b.visible = not self.demo
        self.stop_button.visible = self.demo
        self.computer.update(dt)
        self.winning.poll()
        found = self.winnable.poll()
        if found is not None:
            seed, proven = found
            self.selected = None
            TableScene.new_game(self, seed)
            self.recorded = False
            self.winnable.announce(seed, proven)

    # ------------------------------------------------------------ benchmark
    def bench_prepare(self) -> None:
        """Let the auto-player play until the piles are long: the busiest table."""
        rng = random.Random(1)
        for _ in range(200):
            if self.is_over() or len(self.state.stock) <= 8:
                break
            move = players.choose_move(self.state, rng)
            self.history.push(move, rules.apply(self.state, move))

    def bench_solver_state(self) -> rules.State:
        """A deal the solver cannot decide within the benchmark: it thinks all through the frames."""
        return rules.new_game(1000, variation="firing_squad")

    def bench_drag_sprite(self) -> CardSprite | None:
        tops = [p[-1] for p in self.state.piles if p]
        return self.table.sprites.get(tops[0]) if tops else None

    def bench_animate(self) -> None:
        for sp in self.table.sprites.values():
            sp.x, sp.y = self.stock_rect.x, self.stock_rect.y
        self.relayout(stagger=0.01)


def create_scene(app, seed: int | None = None, resume: bool = True, **options: Any) -> AcesUpScene:
    return AcesUpScene(app, seed, resume, **options)

