"""The Aces Up table: four fanned piles, the stock on the left, the discards on the right.

Input maps to moves only: a click on the stock deals; a click on a top card
discards it, or selects it when it must leave as a pair (a second click on its
partner pairs them, on itself deselects); a drag moves a top card to an empty
pile.  Everything the rules allow or refuse comes from `game.acesup.rules`.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.acesup import keyboard, players, rules, solver
from game.acesup.help import HELP
from game.cards import rank_word, the_card
from game.engine import solvewatch, theme
from game.engine.cardtable import CardSprite, Placement
from game.engine.computer import ComputerTurns
from game.engine.dialogs import ChoiceDialog, TableDialog, confirm
from game.engine.shortcuts import key
from game.engine.table import TableScene, game_over_dialog
from game.engine.widgets import Button, item
from game.engine.winmove import WinningMove
from saves.settings import pref
from saves.solitaire_stats import SolitaireStats, game_id_from, new_game_id

FAN = 0.26  # vertical offset between cards of a pile, as a share of card height


class AcesUpScene(TableScene):
    game = "acesup"
    title = "Aces Up"
    rules = rules
    help_text = HELP
    counts_abandoned = True
    keyboard_help = keyboard.HELP

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
        self.slots: list[pygame.Rect] = []
        self.stock_rect = pygame.Rect(0, 0, 0, 0)
        self.discard_rect = pygame.Rect(0, 0, 0, 0)
        self.fan = 30
        self.winnable = solvewatch.WinnableFeatures(app, "acesup", self, solvewatch.in_process(solver.solve),
                                                   300_000, 1.5)
        self.winning = WinningMove(self, self.winnable.solve, players.pointless)  # the light's solver process
        self.demo = False
        self._demo_rng = random.Random()
        super().__init__(app, seed, resume, variation=variation)
        self.computer = ComputerTurns(self, lambda s: players.choose_move(s, self._demo_rng),
                                      lambda _s: self.demo, delay_s=0.45)
        self.buttons = [
            Button("Undo", self.undo, enabled=lambda: self.history.can_undo),
            Button("Redo", self.redo, enabled=lambda: self.history.can_redo),
            Button("Hint", self.hint, enabled=lambda: not self.is_over()),
            Button("New game", self.ask_new_game),
        ]
        # while the demo runs the table says so and offers this instead of Undo/Redo/Hint/New game
        self.stop_button = Button("Stop demo", self.toggle_demo)
        self.stop_button.visible = False
        if self.stats.warning:
            self.status.say(self.stats.warning, theme.HILITE)
        else:
            self.status.say(f"{rules.VARIATIONS[variation]}: deal #{self.seed}. Click the stock to deal.")

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
        cw = min((w - 80) // 7, int((bottom - top) / (1 + 8 * FAN) / 1.4))
        cw = max(40, cw)
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
        super().relayout(animate, stagger, spawn)
        if not self.is_over():
            self.watch.track(self.state)

    def deal_origin(self) -> tuple[float, float]:
        return (self.stock_rect.x, self.stock_rect.y)

    # ---------------------------------------------------------------- input
    def pile_of(self, sprite: CardSprite | None) -> int | None:
        """The pile whose *top* card is ``sprite``, else None."""
        if sprite is None:
            return None
        for p, pile in enumerate(self.state.piles):
            if pile and pile[-1] == sprite.id:
                return p
        return None

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        if self.is_over():
            return
        on_stock = sprite.id in self.state.stock if sprite is not None else self.stock_rect.collidepoint(pos)
        if on_stock:
            self.deal()
            return
        pile = self.pile_of(sprite)
        if pile is None:
            if sprite is not None and sprite.id not in self.state.removed:
                self.refuse("Only the top card of a pile can be played.", (sprite.id,))
            self.select(None)
            return
        if self.selected is not None:
            first = self.selected
            self.select(None)
            if first == pile:
                self.status.say("Selection cleared.")
                return
            self.play(rules.Pair(first, pile), "place", self.top_ids(first, pile))
            return
        tops = rules.top_cards(self.state)
        partner = [j for j, c in enumerate(tops) if j != pile and c and c[0] == tops[pile][0]]
        if partner and rules.can_pair_rank(self.variation, tops[pile][0]):
            self.select(pile)
            self.status.say(f"Selected {the_card(tops[pile])}: click its partner to discard the pair.")
            self.app.sounds.play("click")
            return
        self.play(rules.Discard(pile), "place", self.top_ids(pile))

    def top_ids(self, *piles: int) -> tuple[str, ...]:
        return tuple(self.state.piles[p][-1] for p in piles if self.state.piles[p])

    def select(self, pile: int | None) -> None:
        for sp in self.table.sprites.values():
            sp.selected = False
        self.selected = pile
        if pile is not None:
            self.table.sprites[self.state.piles[pile][-1]].selected = True

    def deal(self) -> None:
        self.select(None)
        if not self.state.stock:
            self.refuse("The stock is empty.")
            return
        self.play(rules.Deal(), "deal", stagger=0.07)

    def drag_group(self, sprite: CardSprite) -> list[CardSprite] | None:
        if self.pile_of(sprite) is None or self.is_over():
            return None
        self.select(None)
        return [sprite]

    def on_drop(self, sprites: list[CardSprite], pos: tuple[int, int]) -> bool:
        src = self.pile_of(sprites[0])
        if src is None:
            return False
        card = sprites[0].rect(self.table.card_size)
        for q, slot in enumerate(self.slots):
            column = pygame.Rect(slot.x, slot.y, slot.w, slot.h + self.fan * max(0, len(self.state.piles[q]) - 1))
            if q != src and card.colliderect(column) and column.collidepoint(card.center):
                if not self.state.piles[q]:
                    return self.play(rules.Fill(src, q), "place")
                problem = rules.why_illegal(self.state, rules.Pair(src, q))
                if problem is None:
                    return self.play(rules.Pair(src, q), "place")  # dropped on its partner
                if self.state.piles[q][-1][0] != sprites[0].id[0]:  # not the same rank: no pair at all
                    problem = "A card can only be moved into an empty pile, or onto its pair partner."
                self.status.say(problem, theme.HILITE)  # same rank: why that pair may not go (Aces)
                return False
        if self.discard_rect.collidepoint(pos) or self.discard_rect.collidepoint(card.center):
            problem = rules.why_illegal(self.state, rules.Discard(src))
            if problem is None:
                return self.play(rules.Discard(src), "place")
            self.status.say(problem, theme.HILITE)
        return False

    def focus_spots(self) -> list:
        return keyboard.spots(self)

    # ------------------------------------------------------------- features
    def hint(self) -> None:
        """Fair: the auto-player's move, from what the player sees (never the stock); see show_winning_move."""
        if self.is_over():
            return
        move = players.hint(self.state)
        if move is None:
            if self.state.stock:
                self.highlight([self.state.stock[0]])
                self.status.say("Nothing to discard: deal from the stock.", theme.HINT)
            else:
                self.status.say("No move can help any more.", theme.HINT)
            return
        ids, text = self.describe(move)
        self.highlight(ids)
        self.status.say("Hint: " + text, theme.HINT)

    def show_winning_move(self, move: Any) -> None:
        """The solver's move (Game > Show a winning move): the game is assisted."""
        ids, text = self.describe(move)
        if players.pointless(self.state, move):  # the only winning move: it changes where the deals fall
            text += " Only that wins: the next deals then fall on other piles."
        self.highlight(ids)
        self.status.say("Winning move: " + text + " (assisted game)", theme.HINT)

    def make_assisted(self) -> None:
        """The player asked the solver: count the game as given up if under way, then never again."""
        self.record_abandoned()
        self.assisted = True
        self.unscore("Assisted")

    def describe(self, move: Any) -> tuple[list[str], str]:
        """The cards a move touches and the move in words."""
        if isinstance(move, rules.Discard):
            ids = list(self.top_ids(move.pile))
            text = f"Discard the {rules.card_label(ids[0])}."
        elif isinstance(move, rules.Pair):
            ids = list(self.top_ids(move.a, move.b))
            text = f"Discard the pair of {rank_word(ids[0], 2)}."
        elif isinstance(move, rules.Fill):
            ids = list(self.top_ids(move.src))
            text = f"Move the {rules.card_label(ids[0])} into the empty pile."
        else:
            ids = [self.state.stock[0]] if self.state.stock else []
            text = "Deal from the stock."
        return ids, text

    def set_variation(self, variation: str) -> None:
        self.app.settings.game("acesup")["variation"] = variation
        self.app.save_settings()
        self.options = {"variation": variation}
        self.new_game()

    def choose_variation(self) -> None:
        def pick(v: Any) -> None:
            if v == self.variation:
                return
            if self.in_progress():
                confirm(self.app, "Change variation", "This starts a new game. Continue?",
                        lambda: self.set_variation(v))
            else:
                self.set_variation(v)
        self.app.push(ChoiceDialog(self.app, "Variations", list(rules.VARIATIONS.items()), self.variation, pick,
                                   note="The new variation starts a new game."))

    def show_statistics(self) -> None:
        rows = []
        for var, name in rules.VARIATIONS.items():
            r = self.stats.get(var)
            rows.append([name, str(r.played), str(r.won), f"{r.win_rate:.0%}" if r.played else "-",
                         "-" if r.best is None else str(r.best), str(r.streak), str(r.longest)])
        headers = ["Variation", "Played", "Won", "Won %", "Best", "Streak", "Longest"]

        def done(label: str) -> None:
            if label == "Reset":
                confirm(self.app, "Reset statistics", "Clear the statistics of all three variations?",
                        self._reset_stats)
        self.app.push(TableDialog(self.app, "Aces Up statistics", [("All", headers, rows)], ("Close", "Reset"),
                                  done))

    def _reset_stats(self) -> None:
        problem = self.stats.reset()
        self.status.say(problem or "Statistics cleared.", theme.HILITE if problem else theme.WHITE)

    def game_menu_extra(self) -> list:
        return [
            item("Variations…", self.choose_variation, key(self.game, "variations")),
            item("Statistics…", self.show_statistics, key(self.game, "statistics")),
            item("Demo: let the computer play", self.toggle_demo, key(self.game, "demo"), checked=lambda: self.demo),
            item("Show a winning move", self.winning.ask, enabled=lambda: not self.is_over()),
            *self.winnable.menu_items(),
            item("-"),
        ]

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
            return "assisted: not scored"
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
            given_up = self.player_moved and not self.recorded
            self.record_abandoned()  # the demo's game is not the player's: a game under way counts as given up
            self.status.say("Demo: the auto-player plays (it never looks at the stock). Click to stop."
                            + (" Your game counts as given up." if given_up else ""))
        else:
            self.status.say("Demo stopped: your turn.")

    def handle(self, event: pygame.event.Event) -> bool:
        if self.demo and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and not (  # Stop demo included
                event.type == pygame.KEYDOWN and event.key == pygame.K_e and event.mod & pygame.KMOD_CTRL):
            self.demo = False
            self.computer.cancel()
            self.status.say("Demo stopped: your turn.")
            return True
        return super().handle(event)

    def new_game(self, seed: int | None = None) -> None:
        if seed is None and self.winnable.only:
            if self.winnable.search_job is None:
                self.record_abandoned()
                variation = self.variation
                self.winnable.start_search(lambda n: rules.new_game(n, variation=variation))
            return
        self.record_abandoned()
        self.selected = None
        super().new_game(seed)
        self.recorded = False
        self.status.say(f"{rules.VARIATIONS[self.variation]}: deal #{self.seed}. Click the stock to deal.")

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        self.selected = None
        self.demo = False
        if hasattr(self, "computer"):
            self.computer.cancel()
            self.winning.cancel()
        super().start_game(state, seed, sound)
        self.recorded = False
        self.player_moved = False
        self.assisted = False
        self.game_id = new_game_id()

    def extra_save(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "assisted": self.assisted, "recorded": self.recorded}

    def load_data(self, data: dict[str, Any]) -> None:
        """As the base; the game on the table, if under way, counts as given up once the load has worked."""
        leaving = (self.variation, self.player_moved and not self.recorded and not self.assisted
                   and not self.is_over(), self.game_id)
        super().load_data(data)
        if leaving[1]:
            self.stats.record(leaving[0], False, None, leaving[2])

    def after_load(self, extra: dict[str, Any]) -> None:
        self.winning.cancel()
        self.game_id = game_id_from(extra)
        self.assisted = extra.get("assisted") is True
        self.recorded = self.is_over() or self.assisted or extra.get("recorded") is True \
            or self.stats.counted(self.game_id)
        self.player_moved = bool(self.history.moves)  # a resumed game is the player's own

    def after_loaded_by_player(self) -> None:
        self.unscore("Loaded")
        self.player_moved = False  # a loaded game counts only once the player moves in it

    def record_abandoned(self) -> None:
        """A game given up after the player's first move counts as lost (once); then nothing more counts."""
        if self.player_moved and not self.recorded and not self.assisted and not self.is_over():
            problem = self.stats.record(self.variation, False, None, self.game_id)
            if problem:
                self.status.say(problem, theme.HILITE)
        self.recorded = True

    def after_move(self, before: rules.State, move: Any, after: rules.State) -> None:
        if not self.demo:
            self.player_moved = True
        self.select(None)
        self.status.say(keyboard.move_words(before, move, after))

    def describe_table(self) -> str:
        return keyboard.describe_table(self)

    def on_game_over(self, state: rules.State) -> None:
        won = rules.outcome(state) == "won"
        if self.demo:
            self.demo = False
            self.status.say("Demo over: the auto-player " + ("won." if won else "ran out of moves."))
            return
        scored = state.scored
        if not self.recorded and not self.assisted and self.player_moved:
            problem = self.stats.record(state.variation, won, state.score if scored else None, self.game_id)
            if problem:
                self.status.say(problem, theme.HILITE)
        self.recorded = True
        unscored = self.scored_words()
        score_text = f"Final score: {state.score}" if not unscored else (
            "An assisted game: not scored, not in the statistics" if self.assisted else "Not scored")
        if won:
            gone = "Every card is gone" if state.variation == "idiots_delight" else "Every card but the Aces is gone"
            game_over_dialog(self, "You won!", f"{gone}. {score_text}.", True)
        else:
            game_over_dialog(self, "No more moves", f"The game is over. {score_text}.", False)

    # -------------------------------------------------------------- drawing
    def status_text(self) -> str:
        unscored = self.scored_words()
        return (f"{rules.VARIATIONS[self.variation]}   Deal #{self.seed}   Stock {len(self.state.stock)}"
                + (f"   ({unscored.capitalize()})" if unscored else ""))

    def demo_banner(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the running demo is announced, over the button row it replaces."""
        row = self.buttons[0].rect
        w = min(theme.sc(460), size[0] - theme.sc(260))
        return pygame.Rect(size[0] // 2 - w // 2 - theme.sc(100), row.y - 4, w, row.h + 8)

    def draw_table(self, surface: pygame.Surface) -> None:
        art = self.app.art
        cw, ch = self.table.card_size
        surface.blit(art.slot(cw, ch, "Stock" if not self.state.stock else None), self.stock_rect)
        for r in self.slots:
            surface.blit(art.slot(cw, ch), r)
        surface.blit(art.slot(cw, ch, "Discards"), self.discard_rect)
        if self.selected is not None and not self.state.piles[self.selected]:
            self.selected = None

    def draw_overlay(self, surface: pygame.Surface) -> None:
        s = self.state
        box = self.score_rect
        theme.panel(surface, box, (24, 60, 40), theme.GOLD, radius=10)
        sc = theme.sc
        theme.text(surface, "SCORE", (box.x + sc(14), box.y + sc(8)), 18, (200, 220, 200))
        unscored = self.scored_words()
        theme.text(surface, "\u2014" if unscored else str(s.score), (box.x + sc(14), box.y + sc(26)), 40, theme.WHITE,
                   bold=True)  # no real score for a game that is not scored
        if unscored:
            theme.text(surface, unscored, (box.right - sc(12), box.y + sc(44)), 20, theme.HILITE, anchor="topright")
        theme.text(surface, rules.VARIATIONS[s.variation], (box.right - sc(12), box.y + sc(9)), 18, (200, 220, 200),
                   anchor="topright")
        self.winnable.draw_light(surface, self.light_rect)
        theme.text(surface, f"{len(s.stock)} in stock", (self.stock_rect.centerx, self.stock_rect.bottom + sc(14)), 20,
                   (220, 235, 220), anchor="midtop")
        if self.demo:
            banner = self.demo_banner(surface.get_size())
            theme.panel(surface, banner, (24, 60, 40), theme.GOLD, radius=10)
            theme.text(surface, "Demo: the computer is playing", (banner.x + sc(16), banner.centery), 22,
                       theme.WHITE, anchor="midleft")
            self.stop_button.rect = pygame.Rect(0, 0, sc(130), banner.h - sc(12))
            self.stop_button.rect.midright = (banner.right - sc(8), banner.centery)
            self.stop_button.draw(surface)

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

