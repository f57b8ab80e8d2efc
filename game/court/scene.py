"""The Affairs of the Court table: the draw, the turns, the bonus, history and tournaments.

Input maps to moves only: a click on the deck turns the top card (Quick Play
turns it by itself), Keep / Discard decide it, a click on a card of your hand
plays it (in the bonus: plays a numbered card; Done stops).  The computer
(seat 1) thinks in a worker thread on `rules.observe(state, 1)` alone.

Hidden cards never carry their real code on the table: the computer's hand,
its discards and the pack are drawn with dummy ids (``back#...``).
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.cards import card_name, the_card
from game.court import keyboard, rules
from game.court.help import HELP
from game.court.players import LEVELS as ALL_LEVELS
from game.court.players import make_player
from game.engine import theme
from game.engine.cardtable import CardSprite, Placement
from game.engine.computer import ComputerTurns
from game.engine.dialogs import ChoiceDialog, TableDialog, TextInputDialog, confirm, message
from game.engine.hints import ExpertHint
from game.engine.shortcuts import key
from game.engine.table import TableScene, game_over_dialog
from game.engine.widgets import Button, Menu, item
from game.words import capital, count
from saves import court_history
from saves.court_history import GUEST, clean_name, load_history
from saves.settings import pref

LEVELS = [lv for lv in ALL_LEVELS if lv != "random"]
LEVEL_NAMES = {"novice": "Novice", "intermediate": "Intermediate", "expert": "Expert"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SCORE_W = 250


def _heading_lines(left: str, right: str, width: int) -> int:
    """1 when a card's two heading texts fit side by side in ``width`` pixels, else 2."""
    f = theme.font(16, True)
    return 1 if f.size(left)[0] + 16 + f.size(right)[0] <= width else 2


class CourtScene(TableScene):
    game = "court"
    title = "Affairs of the Court"
    rules = rules
    allow_undo = False  # a duel with hidden cards: no taking moves back
    help_text = HELP
    keyboard_help = keyboard.HELP

    def __init__(self, app, seed: int | None = None, resume: bool = True, **options: Any) -> None:
        prefs = app.settings.game("court")
        level = pref(prefs, "level", "intermediate")
        self.level = level if level in LEVELS else "intermediate"
        self.quick_play = pref(prefs, "quick_play", False)
        self.cue_cards = pref(prefs, "cue_cards", True)
        options.setdefault("follow_suit", pref(prefs, "follow_suit", True))
        self.hist = load_history()
        player = pref(prefs, "player", GUEST)
        self.player = player if player in self.hist.players else GUEST
        self.tournament_active = False
        self.revealed = False
        self.recorded = False
        self.banner: tuple[str, str] | None = None
        self.banner_t = 0.0
        self.shown = [100.0, 100.0]
        self.floaters: list[list[Any]] = []  # [seat, text, colour, seconds left]
        self._spawn: tuple[float, float] | None = None
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.turn_rect = pygame.Rect(0, 0, 0, 0)
        self.play_rects = [pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]
        self.out_rect = pygame.Rect(0, 0, 0, 0)
        self.discard_rects = [pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]
        self.hand_y = [0, 0]
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        self.cue_rect = pygame.Rect(0, 0, 0, 0)
        self._rng_base = random.Random().randrange(1 << 30)
        super().__init__(app, seed, resume, **options)
        self.shown = [float(t) for t in self.state.totals]
        # the computer waits while the round banner is up: its draw must not run under the banner
        self.computer = ComputerTurns(self, self.think,
                                      lambda s: rules.current_player(s) == 1 and self.banner is None, delay_s=0.6)
        self.hints = ExpertHint(expert_choice)
        self.keep_btn = Button("Keep", lambda: self.draw_move("keep"), enabled=lambda: self.can_draw("keep"))
        self.discard_btn = Button("Discard", lambda: self.draw_move("discard"),
                                  enabled=lambda: self.can_draw("discard"))
        self.done_btn = Button("Done", self.bonus_done, enabled=self.human_bonus)
        self.cancel_btn = Button("Cancel Tournament", self.cancel_tournament)
        self.buttons = [self.keep_btn, self.discard_btn, self.done_btn, self.cancel_btn]
        self.cancel_btn.visible = False
        if self.hist.warning:
            self.status.say(self.hist.warning, theme.HILITE)
        else:
            self.status.say(self.welcome())

    # ------------------------------------------------------------- the computer
    def think(self, state: rules.State) -> rules.Move:
        view = rules.observe(state, 1)
        rng = random.Random(self._rng_base * 1000 + len(self.history.moves))
        return make_player(self.level).choose(view, rng)

    def welcome(self) -> str:
        who = "You draw first" if rules.current_player(self.state) == 0 else "The computer draws first"
        turn = "Click the deck to turn a card." if not self.quick_play else "Keep or discard the turned card."
        return f"{self.player} against the {LEVEL_NAMES[self.level]} computer. {who}. " + (
            turn if rules.current_player(self.state) == 0 else "")

    # ------------------------------------------------------------------ geometry
    def geometry(self, size: tuple[int, int]) -> None:
        w, h = size
        top = theme.MENUBAR_H + 14
        bottom = h - theme.STATUS_H - 14
        ch = int(min((bottom - top) / 4.3, (w - SCORE_W) / 10 * 1.4))
        ch = max(70, ch)
        cw = ch * 5 // 7
        self.table.set_card_size((cw, ch))
        self.hand_y = [bottom - ch, top + 26]
        mid_top = top + 26 + ch + 18
        mid_bottom = bottom - ch - 18
        my = (mid_top + mid_bottom) // 2 - ch // 2
        play_w = w - SCORE_W - 20
        sw, sh = cw * 3 // 4, ch * 3 // 4
        # a column of the two draw discard piles at the left: the computer's above, yours below
        self.discard_rects = [pygame.Rect(24, mid_bottom - sh - 30, sw, sh), pygame.Rect(24, mid_top + 2, sw, sh)]
        self.deck_rect = pygame.Rect(24 + sw + 34, my, cw, ch)
        self.turn_rect = pygame.Rect(self.deck_rect.right + 22, my, cw, ch)
        bx = self.turn_rect.right + 20
        bw = max(110, cw + 10)
        self.keep_btn.rect = pygame.Rect(bx, my + ch // 2 - 44, bw, 38)
        self.discard_btn.rect = pygame.Rect(bx, my + ch // 2 + 6, bw, 38)
        cx = max(bx + bw + cw + 40, play_w // 2 + 60)
        if min(play_w - cw - 40, cx + cw + 90) < cx + cw + 12 + 40:
            # too narrow for one row (800 px): Keep and Discard go under the turned card, the play moves left
            self.keep_btn.rect = pygame.Rect(self.turn_rect.x, my + ch + 34, bw, 38)
            self.discard_btn.rect = pygame.Rect(self.turn_rect.x, my + ch + 80, bw, 38)
            cx = self.turn_rect.right + 40 + cw + 12
        self.play_rects = [pygame.Rect(cx + 12, my + ch // 10, cw, ch),
                           pygame.Rect(cx - cw - 12, my - ch // 10, cw, ch)]
        self.out_rect = pygame.Rect(min(play_w - cw - 40, cx + cw + 90), my, cw, ch)
        self.done_btn.rect = pygame.Rect(cx - 60, self.hand_y[0] - 50, 120, 38)
        self.score_rect = pygame.Rect(w - SCORE_W - 10, top + 26, SCORE_W, 250)
        self.cue_rect = pygame.Rect(w - SCORE_W - 10, self.score_rect.bottom + 14, SCORE_W, 200)
        self.cancel_btn.rect = pygame.Rect(w - SCORE_W - 10, bottom - 40, SCORE_W, 38)

    def hand_xs(self, n: int) -> list[float]:
        cw = self.table.card_size[0]
        right = self.app.size[0] - SCORE_W - 30
        avail = right - 40
        step = min(cw * 0.72, (avail - cw) / max(1, n - 1))
        width = cw + step * (n - 1)
        x0 = 40 + (avail - width) / 2
        return [x0 + i * step for i in range(n)]

    def layout(self, state: rules.State) -> dict[str, Placement]:
        s = state
        out: dict[str, Placement] = {}
        cw, ch = self.table.card_size
        small = (cw * 3 // 4, ch * 3 // 4)
        show_turned = s.phase == "draw" and s.drawer == 0 and (self.revealed or self.quick_play)
        pack = s.pack[1:] if show_turned else s.pack
        for i in range(len(pack)):
            depth = len(pack) - 1 - i  # 0 = bottom card
            out[f"back#p{depth}"] = Placement(self.deck_rect.x - min(depth, 40) // 8 * 2,
                                              self.deck_rect.y - min(depth, 40) // 8 * 2, False, depth)
        if show_turned:
            out[s.pack[0]] = Placement(self.turn_rect.x, self.turn_rect.y, True, 60)
        # your discards (yours, so their codes are fine face down) and the computer's (dummy ids)
        r = self.discard_rects[0]
        for i, c in enumerate(s.seen[0]):
            out[c] = Placement(r.x + i // 5, r.y - i // 5, False, 70 + i, small)
        r = self.discard_rects[1]
        for i in range(len(s.seen[1])):
            out[f"back#d{i}"] = Placement(r.x + i // 5, r.y - i // 5, False, 70 + i, small)
        # hands
        mine = list(s.hands[0])
        for i, (c, x) in enumerate(zip(mine, self.hand_xs(len(mine)), strict=True)):
            out[c] = Placement(x, self.hand_y[0], True, 200 + i)
        theirs = len(s.hands[1])
        known = [c for c in s.hands[1] if c in s.captured[1]]
        xs = self.hand_xs(theirs)
        for i in range(theirs - len(known)):
            out[f"back#h{i}"] = Placement(xs[i], self.hand_y[1], False, 200 + i)
        for j, c in enumerate(known):
            k = theirs - len(known) + j
            out[c] = Placement(xs[k], self.hand_y[1], True, 200 + k)
        # the middle: the lead in progress, else the last turn's two cards
        shown: set[str] = set()
        if s.table:
            out[s.table[0]] = Placement(*self.play_rects[s.leader].topleft, True, 150)
            shown.add(s.table[0])
        elif s.last_turn is not None and s.tricks and s.tricks[-1][1:] == (s.last_turn.leader_card,
                                                                           s.last_turn.follower_card):
            lt = s.last_turn
            for seat, c in ((lt.leader, lt.leader_card), (1 - lt.leader, lt.follower_card)):
                if c in s.out:
                    out[c] = Placement(*self.play_rects[seat].topleft, True, 150 + (seat == 1 - lt.leader))
                    shown.add(c)
        rest = [c for c in s.out if c not in shown]
        for i, c in enumerate(rest):
            out[c] = Placement(self.out_rect.x + (i % 13) * 3 + i // 13 * 2, self.out_rect.y + i // 13 * 3, True,
                               100 + i)
        return out

    def relayout(self, animate: bool = True, stagger: float = 0.0, spawn=None) -> None:
        super().relayout(animate, stagger, spawn if spawn is not None else self._spawn)
        self._spawn = None

    def deal_origin(self) -> tuple[float, float]:
        return (self.deck_rect.x, self.deck_rect.y)

    # --------------------------------------------------------------- moves
    def play(self, move: Any, sound: str = "place", sprite_ids: tuple[str, ...] = (),
             stagger: float = 0.0) -> bool:
        """Every move passes here: new cards fly from where they come from."""
        state = self.state
        seat = rules.current_player(state)
        if state.phase == "draw":
            self._spawn = (self.turn_rect.x, self.turn_rect.y) if seat == 0 else self.deal_origin()
            sound = "flip" if seat == 0 else "deal"
        elif seat == 1:
            xs = self.hand_xs(max(1, len(state.hands[1])))
            self._spawn = (xs[len(xs) // 2], self.hand_y[1])
        return super().play(move, sound, sprite_ids, stagger)

    def can_draw(self, kind: str) -> bool:
        s = self.state
        if s.phase != "draw" or rules.current_player(s) != 0 or not (self.revealed or self.quick_play):
            return False
        return rules.Move(kind) in rules.legal_moves(s)

    def draw_move(self, kind: str) -> None:
        if self.can_draw(kind):
            self.play(rules.Move(kind))

    def human_bonus(self) -> bool:
        return self.state.phase == "bonus" and rules.current_player(self.state) == 0

    def bonus_done(self) -> None:
        if self.human_bonus():
            self.play(rules.Move("done"), "click")

    def focus_spots(self) -> list:
        return keyboard.spots(self)

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        s = self.state
        self.banner = None
        if self.is_over():
            return
        if rules.current_player(s) != 0:
            self.status.say("Wait for the computer to play.", theme.HILITE)
            return
        if s.phase == "draw":
            on_deck = (sprite is not None and sprite.id.startswith("back#p")) or self.deck_rect.collidepoint(pos)
            if on_deck and not (self.revealed or self.quick_play):
                self.revealed = True
                self.app.sounds.play("flip")
                self.relayout()
                self.say_draw()
            elif sprite is not None and sprite.id == s.pack[0] and (self.revealed or self.quick_play):
                self.status.say("Use Keep or Discard.")
            elif not (self.revealed or self.quick_play):
                self.status.say("Click the deck to turn the next card.")
            return
        if sprite is None or sprite.id not in s.hands[0]:
            return
        if s.phase == "play":
            self.play(rules.Move("play", sprite.id), "place", (sprite.id,))
        elif s.phase == "bonus":
            self.play(rules.Move("bonus", sprite.id), "place", (sprite.id,))

    def say_draw(self) -> None:
        """Your draw: the status line asks the question of the moment (turn a card, keep or discard it)."""
        s = self.state
        if s.phase != "draw" or rules.current_player(s) != 0 or not s.pack:
            return
        if not (self.revealed or self.quick_play):
            pair = (52 - len(s.pack)) // 2 + 1
            self.status.say(f"Your pair {pair} of 26: click the deck to turn a card.")
            return
        forced = rules.legal_moves(s)
        if len(forced) == 1:
            kind = forced[0].kind
            self.status.say(f"The {card_name(s.pack[0])}: you must {kind} it "
                            f"({'you kept' if s.kept_first else 'you discarded'} the first card). "
                            f"Press {kind.capitalize()}.")
        else:
            self.status.say(f"The {card_name(s.pack[0])}: keep it or discard it?")

    def forced_button(self) -> Button | None:
        """The one draw button you may press (the second card of your pair), lit on the table."""
        if not (self.can_draw("keep") or self.can_draw("discard")) or self.state.draw_step != 1:
            return None
        return self.keep_btn if self.can_draw("keep") else self.discard_btn

    def show_discards(self) -> None:
        """Look back at the cards you discarded in this round's draw (yours only: the computer's stay hidden)."""
        mine = self.state.seen[0]
        if not mine:
            text = "You have discarded no card in this round's draw yet."
        else:
            names = ", ".join(f"the {card_name(c)}" for c in rules.sort_hand(mine))
            text = f"In this round's draw you discarded {count(len(mine), 'card')}: {names}."
        message(self.app, "Your discards", text + " The computer's discards stay hidden.")

    def after_move(self, before: rules.State, move: Any, after: rules.State) -> None:
        self.revealed = False
        if move.kind in ("keep", "discard"):
            self.banner = None  # the new round's draw has begun: the banner has said its piece
            if before.draw_step == 0 and after.phase == "draw" and after.drawer == 0 and rules.current_player(
                    after) == 0:
                self.revealed = True  # the forced second card of your pair shows at once
                self.relayout()
        if after.last_turn is not before.last_turn and after.last_turn is not None:
            lt = after.last_turn
            self.add_floaters(lt.before, lt.after)
            if lt.capture:
                self.app.sounds.play("capture")
            self.status.say(rules.cue_text(lt, 0))
        elif move.kind == "bonus":
            self.add_floaters(before.totals, after.totals if after.round_no == before.round_no
                              else after.last_round.totals)
            who = "You play" if before.bonus_player == 0 else "The computer plays"
            self.status.say(f"Bonus: {who} the {card_name(move.card)}.")
        elif move.kind == "done":
            who = "You keep" if before.bonus_player == 0 else "The computer keeps"
            self.status.say(f"{who} the rest back.")
        if after.phase == "bonus" and before.phase == "play":
            if after.bonus_player == 0:
                self.status.say("Bonus! Click numbered cards to play them with full effect, then Done.")
            else:
                self.status.say("The computer still holds cards: its bonus.")
        if after.round_no != before.round_no and not rules.is_over(after):
            lr = after.last_round
            first = "You draw first" if after.first_drawer == 0 else "The computer draws first"
            self.banner = (f"Round {lr.round_no} over: you {lr.totals[0]}, the computer {lr.totals[1]}",
                           f"Round {after.round_no}. {first}.")
            self.banner_t = 1.5 + 2.5 * self.app.settings.computer_scale()
            self.app.sounds.play("shuffle")
        if after.phase == "draw" and after.drawer == 0 and before.phase != "draw":
            pass
        if after.phase == "play" and before.phase == "draw":
            lead = "You lead" if after.leader == 0 else "The computer leads"
            self.status.say(f"The draw is over. {lead}.")
        elif after.phase == "draw" and after.round_no == before.round_no:
            if rules.current_player(after) == 0:
                self.say_draw()
            elif move.kind in ("keep", "discard") and rules.current_player(before) == 0:
                self.status.say("The computer draws its pair.")

    def add_floaters(self, before: tuple[int, int], after: tuple[int, int]) -> None:
        for seat in (0, 1):
            d = after[seat] - before[seat]
            if d:
                # one pop-up per seat: a quick run of bonus cards adds up in it instead of printing over it
                old = next((f for f in self.floaters if f[0] == seat), None)
                if old is not None:
                    self.floaters.remove(old)
                    d += int(old[1])
                if d:
                    self.floaters.append([seat, f"{d:+d}", theme.GOOD if d > 0 else theme.DANGER, 1.8])
        if after[0] - before[0] > 0 or after[1] - before[1] < 0:
            self.app.sounds.play("score_up")
        elif after != before:
            self.app.sounds.play("score_down")

    # ------------------------------------------------------------ game over
    def on_game_over(self, state: rules.State) -> None:
        you, comp = state.totals
        if self.tournament_active and self.hist.tournament is not None:
            self.tournament_game_over(state)
            return
        if not self.recorded:
            self.recorded = True
            counted = self.hist.record_state(self.player, self.level, state)
            problem = self.hist.save() if counted else None
            if problem:
                self.status.say(problem, theme.HILITE)
        how = " after 99 rounds" if state.end_reason == "limit" else ""
        if state.winner == 0:
            game_over_dialog(self, "You won!", f"You {you}, the computer {comp}{how}. Well played!", True)
        elif state.winner == 1:
            game_over_dialog(self, "The computer won", f"You {you}, the computer {comp}{how}.", False)
        else:
            game_over_dialog(self, "A draw", f"You {you}, the computer {comp}{how}: nobody wins.", False)

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        if hasattr(self, "computer"):
            self.computer.cancel()
        self.revealed = False
        self.recorded = False
        self.banner = None
        self.floaters.clear()
        self.shown = [float(t) for t in state.totals]
        super().start_game(state, seed, sound)
        self.status.say(self.welcome())

    def new_state(self, seed: int) -> rules.State:
        t = self.hist.tournament if getattr(self, "tournament_active", False) else None
        if t is not None:
            return t.new_game()
        return rules.new_game(seed, follow_suit=self.options.get("follow_suit", True))

    def after_resumed(self) -> None:
        self.recorded = self.is_over()
        self.shown = [float(t) for t in self.state.totals]

    def after_loaded_by_player(self) -> None:
        self.recorded = self.is_over()
        self.shown = [float(t) for t in self.state.totals]

    def extra_save(self) -> dict[str, Any]:
        return {"level": self.level, "player": self.player, "tournament": self.tournament_active}

    def after_load(self, extra: dict[str, Any]) -> None:
        level = extra.get("level")
        if level in LEVELS:
            self.level = level
        player = extra.get("player")
        if isinstance(player, str) and player in self.hist.players:
            self.player = player
        self.tournament_active = bool(extra.get("tournament")) and self.hist.tournament is not None
        self.cancel_btn.visible = self.tournament_active

    # ------------------------------------------------------------ options
    def pref(self, key: str, value: Any) -> None:
        self.app.settings.game("court")[key] = value
        self.app.save_settings()

    def toggle_quick(self) -> None:
        self.quick_play = not self.quick_play
        self.pref("quick_play", self.quick_play)
        self.relayout()

    def toggle_cues(self) -> None:
        self.cue_cards = not self.cue_cards
        self.pref("cue_cards", self.cue_cards)

    def toggle_follow(self) -> None:
        new = not self.options.get("follow_suit", True)
        self.pref("follow_suit", new)

        def apply() -> None:
            self.options = {"follow_suit": new}
            self.new_game()
            if not new:
                self.status.say("Must Follow Suit is off: this game does not count in the history.", theme.HILITE)
        if self.tournament_active:
            message(self.app, "Must Follow Suit", "Tournaments are played with Must Follow Suit on.")
            return
        confirm(self.app, "Must Follow Suit", f"Turn Must Follow Suit {'on' if new else 'off'}? "
                "This starts a new game.", apply)

    def set_level(self, level: str) -> None:
        if level == self.level:
            return

        def apply() -> None:
            self.level = level
            self.pref("level", level)
            self.new_game()
        if self.tournament_active:
            message(self.app, "Difficulty", "The level cannot change during a tournament.")
        elif self.in_progress():
            confirm(self.app, "Difficulty", f"Play the {LEVEL_NAMES[level]} computer? This starts a new game.",
                    apply)
        else:
            apply()

    def choose_player(self) -> None:
        opts = [(p, p) for p in self.hist.players] + [("__new__", "New player…")]

        def pick(v: Any) -> None:
            if v == "__new__":
                self.new_player()
            else:
                self.set_player(v)
        self.app.push(ChoiceDialog(self.app, "Player", opts, self.player, pick,
                                   note="Your games are kept under this name."))

    def new_player(self) -> None:
        def check(text: str) -> str | None:
            try:
                clean_name(text)
            except ValueError as err:
                return str(err)
            return None

        def ok(text: str) -> None:
            name = self.hist.add_player(text)
            problem = self.hist.save()
            self.set_player(name)
            if problem:
                self.status.say(problem, theme.HILITE)
        self.app.push(TextInputDialog(self.app, "New player", "Your name:", ok, "", check,
                                      max_len=court_history.MAX_NAME))

    def set_player(self, name: str) -> None:
        self.player = name
        self.pref("player", name)
        self.status.say(f"Playing as {name}.")

    def show_history(self) -> None:
        labels = [("games", "Games"), ("wins", "Wins"), ("losses", "Losses"), ("draws", "Draws"),
                  ("win_pct", "Winning %"), ("total_points", "Total points"), ("average_score", "Average score"),
                  ("total_difference", "Total difference"), ("average_spread", "Average spread"),
                  ("total_rounds", "Total rounds"), ("average_rounds", "Average rounds"),
                  ("total_bonus", "Total bonus points"), ("average_bonus", "Bonus point average")]
        sums = {lv: self.hist.summary(self.player, lv) for lv in LEVELS}
        rows = [[name] + [str(sums[lv][key]) for lv in LEVELS] for key, name in labels]
        tabs = [("Statistics", ["Statistic"] + [LEVEL_NAMES[lv] for lv in LEVELS], rows)]
        legend = []
        for lv in LEVELS:
            for g in self.hist.summary(self.player, lv)["legendary"]:
                legend.append([LEVEL_NAMES[lv], f"+{g['spread']}", f"{g['you']} to {g['computer']}", g["date"]])
        legend.sort(key=lambda r: -int(r[1]))
        tabs.append(("Legendary Games", ["Level", "Spread", "Score", "Date"], legend[:10]))
        tours = [[t.get("finished", ""), LEVEL_NAMES.get(t["level"], t["level"]), ", ".join(t["winners"]),
                  str(t["scores"][0][1]) if t["scores"] else "-"] for t in self.hist.tournaments[:10]]
        tabs.append(("Tournaments", ["Date", "Level", "Winner", "Score"], tours))
        self.app.push(TableDialog(self.app, f"History of {self.player}", tabs,
                                  footer="Only games played with Must Follow Suit on are counted."))

    # ---------------------------------------------------------- tournaments
    def start_tournament_dialog(self) -> None:
        if self.tournament_active:
            message(self.app, "Tournament", "A tournament is already being played.")
            return

        def level_chosen(level: Any) -> None:
            lost = " The game in progress will be lost." if self.in_progress() else ""
            confirm(self.app, "Tournament", f"Start a tournament against the {LEVEL_NAMES[level]} computer? "
                    f"Each player plays three rounds on the same packs.{lost}", lambda: ask_count(level),
                    yes="Start", no="Cancel")

        def ask_count(level: str) -> None:
            def check(text: str) -> str | None:
                return None if text.isdigit() and 1 <= int(text) <= 10 else "Type a number from 1 to 10."
            self.app.push(TextInputDialog(self.app, "Tournament", "Number of players (1 to 10):",
                                          lambda t: ask_names(level, int(t), []), "2", check, max_len=2))

        def ask_names(level: str, count: int, names: list[str]) -> None:
            if len(names) == count:
                self.begin_tournament(level, names)
                return

            def check(text: str) -> str | None:
                try:
                    name = clean_name(text)
                except ValueError as err:
                    return str(err)
                if name.casefold() in {n.casefold() for n in names}:
                    return "That name is already in this tournament."
                return None
            self.app.push(TextInputDialog(self.app, "Tournament", f"Name of player {len(names) + 1} of {count}:",
                                          lambda t: ask_names(level, count, names + [clean_name(t)]), "", check,
                                          max_len=court_history.MAX_NAME))
        self.app.push(ChoiceDialog(self.app, "Tournament level", [(lv, LEVEL_NAMES[lv]) for lv in LEVELS],
                                   self.level, level_chosen))

    def begin_tournament(self, level: str, names: list[str]) -> None:
        for n in names:
            self.hist.add_player(n)
        t = self.hist.start_tournament(level, names)
        self.level = level
        self.tournament_active = True
        self.cancel_btn.visible = True
        self.options = {"follow_suit": True}
        problem = self.hist.save()
        self.player = t.current or GUEST
        self.new_game(t.seed)
        self.status.say(f"Tournament: {self.player} plays first. Three rounds against the "
                        f"{LEVEL_NAMES[level]} computer.")
        if problem:
            self.status.say(problem, theme.HILITE)

    def tournament_game_over(self, state: rules.State) -> None:
        t = self.hist.tournament
        name = t.current
        diff = state.totals[0] - state.totals[1]
        if name is not None and not self.recorded:
            t.record(name, diff)
            self.recorded = True
        nxt = t.current
        if nxt is None:
            summary = self.hist.finish_tournament()
            problem = self.hist.save()
            self.tournament_active = False
            self.cancel_btn.visible = False
            rows = [[str(i + 1), n, f"{s:+d}"] for i, (n, s) in enumerate(summary["scores"])]
            winners = " and ".join(summary["winners"])
            self.app.sounds.play("win")
            self.app.push(TableDialog(self.app, "Tournament results", [("Standings", ["Place", "Player", "Score"],
                                                                          rows)],
                                      footer=f"Winner: {winners}." + (f" {problem}" if problem else ""),
                                      on_close=lambda _label: self.back_to_normal_play()))
            return
        problem = self.hist.save()

        def go() -> None:
            self.player = nxt
            self.new_game(t.seed)
            self.status.say(f"Tournament: {nxt}'s turn, on the same packs.")
        standings = "; ".join(f"{n} {s:+d}" for n, s in t.standings() if s is not None)
        message(self.app, "Tournament", f"{name} finished with {diff:+d}. Standings: {standings}. "
                f"Next: {nxt}." + (f" {problem}" if problem else ""), on_close=go)

    def back_to_normal_play(self) -> None:
        player = pref(self.app.settings.game("court"), "player", GUEST)
        self.player = player if player in self.hist.players else GUEST
        self.new_game()

    def cancel_tournament(self) -> None:
        def really() -> None:
            self.hist.cancel_tournament()
            self.tournament_active = False
            self.cancel_btn.visible = False
            problem = self.hist.save()
            self.back_to_normal_play()
            self.status.say(problem or "The tournament was cancelled: back to normal play.")
        confirm(self.app, "Cancel Tournament", "Cancel the tournament and return to normal play?", really,
                yes="Cancel it", no="Keep playing")

    def resume_tournament(self) -> None:
        t = self.hist.tournament
        if t is None or t.current is None:
            message(self.app, "Tournament", "There is no tournament to resume.")
            return
        self.tournament_active = True
        self.cancel_btn.visible = True
        self.level = t.level
        self.player = t.current
        self.options = {"follow_suit": True}
        self.new_game(t.seed)
        self.status.say(f"Tournament resumed: {t.current}'s turn.")

    # ---------------------------------------------------------------- hint
    def hint(self) -> None:
        """The Expert's choice for your seat, thought out in a worker thread on what you may see."""
        s = self.state
        if self.is_over() or rules.current_player(s) != 0:
            self.status.say("A hint is given on your turn.", theme.HILITE)
            return
        if s.phase == "draw" and not (self.revealed or self.quick_play):
            self.status.say("Hint: click the deck to turn a card first.", theme.HINT)
            return
        if self.hints.ask(s, rules.observe(s, 0), self.seed * 1000 + len(self.history.moves)):
            self.status.say("Thinking of a hint…", theme.HINT)

    def poll_hint(self) -> None:
        ready, move, error = self.hints.poll(self.state)
        if not ready:
            return
        if error is not None:
            self.status.say("No hint this time: the Expert could not decide.", theme.HILITE)
            return
        s = self.state
        if move.kind in ("keep", "discard"):
            self.highlight([s.pack[0]], theme.HINT)
            self.status.say(f"Hint: {move.kind} the {card_name(s.pack[0])}.", theme.HINT)
        elif move.kind == "play":
            self.highlight([move.card], theme.HINT)
            self.status.say(f"Hint: play the {card_name(move.card)}.", theme.HINT)
        elif move.kind == "bonus":
            self.highlight([move.card], theme.HINT)
            self.status.say(f"Hint: play the {card_name(move.card)} as a bonus.", theme.HINT)
        else:
            self.clear_highlights()
            self.status.say("Hint: press Done and keep the rest back.", theme.HINT)

    # ---------------------------------------------------------------- menus
    def extra_menus(self) -> list[Menu]:
        court = [
            item("Player…", self.choose_player, key(self.game, "player")),
            item("History…", self.show_history, key(self.game, "history")),
            item("Hint", self.hint, key(self.game, "hint")),
            item("Your discards…", self.show_discards, key(self.game, "discards")),
            item("-"),
        ]
        for lv in LEVELS:
            court.append(item(LEVEL_NAMES[lv], lambda lv=lv: self.set_level(lv),
                              checked=lambda lv=lv: self.level == lv))
        court += [
            item("-"),
            item("Quick Play", self.toggle_quick, checked=lambda: self.quick_play),
            item("Rule Cue Cards", self.toggle_cues, checked=lambda: self.cue_cards),
            item("Must Follow Suit", self.toggle_follow, checked=lambda: self.options.get("follow_suit", True)),
            item("-"),
            item("Tournament…", self.start_tournament_dialog),
            item("Resume tournament", lambda: self.ask_first("Tournament", "Resume the tournament?",
                                                             self.resume_tournament, yes="Resume"),
                 enabled=lambda: self.hist.tournament is not None and not self.tournament_active),
            item("Cancel Tournament", self.cancel_tournament, enabled=lambda: self.tournament_active),
        ]
        return [Menu("Court", court)]

    # ---------------------------------------------------------------- frame
    def busy(self) -> bool:
        return (super().busy() or self.computer.busy() or bool(self.floaters) or self._totals_moving()
                or self.hints.thinking or self.banner is not None)

    def _totals_moving(self) -> bool:
        return any(abs(self.shown[i] - self.state.totals[i]) > 0.5 for i in (0, 1))

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.state
        self.computer.delay_s = 0.12 if s.phase == "draw" else 0.7
        self.computer.update(dt)
        self.poll_hint()
        scale = self.app.settings.anim_scale()
        for i in (0, 1):
            target = s.totals[i]
            if scale <= 0:
                self.shown[i] = float(target)
            else:
                self.shown[i] += (target - self.shown[i]) * min(1.0, dt * 5 / scale)
                if abs(self.shown[i] - target) < 0.5:
                    self.shown[i] = float(target)
        self.mark_playable()
        for f in self.floaters:
            f[3] -= dt if scale > 0 else 99
        self.floaters = [f for f in self.floaters if f[3] > 0]
        if self.banner is not None:
            self.banner_t -= dt
            if self.banner_t <= 0:
                self.banner = None

    def mark_playable(self) -> None:
        """When you must follow suit, ring the cards you may play."""
        s = self.state
        mine = rules.current_player(s) == 0 and (s.phase == "bonus" or (s.phase == "play" and s.table))
        if self.hints.shown_for is s:
            return  # a Hint is showing: keep its highlight
        if mine and not self.table.animating:
            ids = [m.card for m in rules.legal_moves(s) if m.card]
            if len(ids) < len(s.hands[0]) and set(ids) != self.highlighted:
                self.highlight(ids, theme.HINT)
        elif self.highlighted and not mine:
            self.clear_highlights()

    def status_text(self) -> str:
        s = self.state
        return f"Round {s.round_no}   {LEVEL_NAMES[self.level]}   Deal #{self.seed}"

    def draw_table(self, surface: pygame.Surface) -> None:
        art = self.app.art
        cw, ch = self.table.card_size
        s = self.state
        label = (200, 225, 205)
        if s.phase == "draw":
            surface.blit(art.slot(cw, ch, None), self.deck_rect)
            surface.blit(art.slot(cw, ch, None), self.turn_rect)
            viewed = s.drawer == 0 and (self.revealed or self.quick_play)  # the turned card is not in the deck
            theme.text(surface, count(len(s.pack) - viewed, "card"), (self.deck_rect.centerx,
                       self.deck_rect.bottom + 8), 18, label, anchor="midtop")
            if s.drawer == 0 and not (self.revealed or self.quick_play):
                for i, word in enumerate(("Click", "the deck")):
                    theme.text(surface, word, (self.turn_rect.centerx, self.turn_rect.centery + (i * 2 - 1) * 10),
                               18, theme.HILITE, anchor="center")
        for seat, r in enumerate(self.play_rects):
            pygame.draw.rect(surface, (255, 255, 255, 40), r, 2, border_radius=max(4, cw // 10))
            theme.text(surface, "You" if seat == 0 else "Computer", (r.centerx, r.bottom + 6), 18, label,
                       anchor="midtop")
        theme.text(surface, "Played", (self.out_rect.centerx, self.out_rect.bottom + 10), 18, label, anchor="midtop")
        for seat, r in enumerate(self.discard_rects):
            n = len(s.seen[seat])
            if n:
                who = "Your discards" if seat == 0 else "Its discards"
                ty = r.top - 5 if seat == 0 else r.bottom + 5
                theme.text(surface, f"{who} ({n})", (r.x, ty), 17, label,
                           anchor="bottomleft" if seat == 0 else "topleft")
        # hand labels
        who = self.player if self.player != GUEST else "You"
        theme.text(surface, f"{who}: {count(len(s.hands[0]), 'card')}", (40, self.hand_y[0] - 22), 19, label)
        theme.text(surface, f"Computer ({LEVEL_NAMES[self.level]}): {count(len(s.hands[1]), 'card')}",
                   (40, self.hand_y[1] - 22), 19, label)
        to_act = rules.current_player(s)
        if to_act is not None:
            y = self.hand_y[to_act] - 22 if to_act == 0 else self.hand_y[1] - 22
            pygame.draw.circle(surface, theme.HILITE, (28, y + 8), 6)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        s = self.state
        r = self.score_rect
        theme.panel(surface, r, (24, 52, 40), theme.GOLD, radius=12)
        theme.text(surface, f"ROUND {s.round_no}", (r.centerx, r.y + 10), 20, (210, 230, 210), anchor="midtop",
                   bold=True)
        rows = [(1, "Computer"), (0, self.player if self.player != GUEST else "You")]
        for k, (seat, name) in enumerate(rows):
            y = r.y + 42 + k * 100
            theme.text(surface, name, (r.x + 16, y), 22, (215, 235, 215))
            value = round(self.shown[seat])
            colour = theme.DANGER if value <= 0 else theme.WHITE
            theme.text(surface, str(value), (r.x + 16, y + 22), 64, colour, bold=True)
            for f in self.floaters:
                if f[0] == seat:
                    rise = int((1.8 - f[3]) * 18)
                    theme.text(surface, f[1], (r.right - 16, y + 40 - rise), 40, f[2], anchor="topright", bold=True)
            if rules.current_player(s) == seat:
                theme.text(surface, "to play" if s.phase != "draw" else "drawing", (r.right - 16, y + 4), 18,
                           theme.HILITE, anchor="topright")
        foot = "Must Follow Suit" if s.follow_suit else "Follow suit OFF (not counted)"
        if self.tournament_active and self.hist.tournament is not None:
            foot = f"Tournament: round {s.round_no} of 3"
        theme.text(surface, foot, (r.centerx, r.bottom - 12), 18, (200, 220, 200), anchor="midbottom")
        if s.phase == "draw":
            self.draw_draw_card(surface)
        elif self.cue_cards and s.last_turn is not None and s.tricks and s.tricks[-1][1:] == (
                s.last_turn.leader_card, s.last_turn.follower_card):  # this round's turn, never last round's
            self.draw_cue(surface, s.last_turn)
        if s.phase == "bonus":
            who = "Your bonus: click numbered cards, then Done" if s.bonus_player == 0 else "The computer's bonus"
            theme.text(surface, who, (self.play_rects[0].centerx - 60, self.play_rects[0].y - 30), 24,
                       theme.HILITE, anchor="midbottom", bold=True)
        if self.banner is not None:
            self.draw_banner(surface)
        forced = self.forced_button()
        if forced is not None:
            pygame.draw.rect(surface, theme.GOLD, forced.rect.inflate(10, 10), 4, border_radius=10)
        self.done_btn.visible = s.phase == "bonus"
        show_draw = s.phase == "draw"
        self.keep_btn.visible = self.discard_btn.visible = show_draw

    def draw_cue(self, surface: pygame.Surface, lt: rules.TurnRecord) -> None:
        r = self.cue_rect
        text = rules.cue_text(lt, 0)
        head, _, rest = text.partition(" \u2014 ")
        lines = theme.wrap(rest[0].upper() + rest[1:] if rest else rest, r.w - 28, 20)
        sub = theme.wrap(f"{capital(the_card(lt.leader_card))} led, {the_card(lt.follower_card)}", r.w - 28, 16)
        two = _heading_lines("RULE CUE CARD", f"Rule {head}", r.w - 28)
        r.h = 62 + 22 * len(lines) + 18 * (len(sub) - 1) + 18 * (two - 1)
        theme.panel(surface, r, (252, 246, 226), theme.GOLD, radius=10)
        y = self._heading(surface, r, "RULE CUE CARD", f"Rule {head}")
        for line in sub:
            theme.text(surface, line, (r.x + 14, y), 16, theme.INK_SOFT)
            y += 18
        for i, line in enumerate(lines):
            theme.text(surface, line, (r.x + 14, y + 4 + i * 22), 20, theme.INK)

    def draw_draw_card(self, surface: pygame.Surface) -> None:
        """During the draw: which pair this is and what the second card must do."""
        s = self.state
        pair = (52 - len(s.pack)) // 2 + 1
        who = "Your pair" if s.drawer == 0 else "The computer's pair"
        if s.draw_step == 0:
            text = "Turn a card: keep it and the next one is discarded, or discard it and keep the next."
        elif s.kept_first:
            text = "The first card was kept, so this one is discarded (rule 2.231)."
        else:
            text = "The first card was discarded, so this one is kept (rule 2.232)."
        lines = theme.wrap(text, self.cue_rect.w - 28, 20)
        two = _heading_lines("THE DRAW", f"{who}: {pair} of 26", self.cue_rect.w - 28)
        r = pygame.Rect(self.cue_rect.x, self.cue_rect.y, self.cue_rect.w, 44 + 22 * len(lines) + 18 * (two - 1))
        theme.panel(surface, r, (252, 246, 226), theme.GOLD, radius=10)
        y = self._heading(surface, r, "THE DRAW", f"{who}: {pair} of 26")
        for i, line in enumerate(lines):
            theme.text(surface, line, (r.x + 14, y + 4 + i * 22), 20, theme.INK)

    @staticmethod
    def _heading(surface: pygame.Surface, r: pygame.Rect, left: str, right: str) -> int:
        """A card's heading: its name at the left, its detail at the right, or on the next line when both
        would not fit side by side.  Returns the y where the card's text goes on."""
        theme.text(surface, left, (r.x + 14, r.y + 10), 16, theme.INK_SOFT, bold=True)
        if _heading_lines(left, right, r.w - 28) == 1:
            theme.text(surface, right, (r.right - 14, r.y + 10), 16, (150, 40, 40), anchor="topright", bold=True)
            return r.y + 30
        theme.text(surface, right, (r.x + 14, r.y + 28), 16, (150, 40, 40), bold=True)
        return r.y + 48

    def draw_banner(self, surface: pygame.Surface) -> None:
        title, sub = self.banner
        w = max(theme.font(30, True).size(title)[0], theme.font(22).size(sub)[0]) + 60
        box = pygame.Rect(0, 0, w, 92)
        box.center = ((self.app.size[0] - SCORE_W) // 2, self.hand_y[1] + self.table.card_size[1] // 2)
        box.clamp_ip(pygame.Rect(10, theme.MENUBAR_H + 4, self.app.size[0] - SCORE_W - 30, self.app.size[1]))
        theme.panel(surface, box, (30, 40, 60), theme.GOLD, radius=12)
        theme.text(surface, title, (box.centerx, box.y + 14), 30, theme.WHITE, anchor="midtop", bold=True)
        theme.text(surface, sub, (box.centerx, box.y + 56), 22, theme.HILITE, anchor="midtop")

    # ------------------------------------------------------------ benchmark
    def bench_prepare(self) -> None:
        rng = random.Random(1)
        player = make_player("novice")
        s = self.state
        while s.phase == "draw" or len(s.out) < 8:
            seat = rules.current_player(s)
            if seat is None:
                break
            m = player.choose(rules.observe(s, seat), rng)
            s = rules.apply(s, m)
            self.history.push(m, s)
        self.relayout(animate=False)

    def bench_drag_sprite(self) -> CardSprite | None:
        hand = self.state.hands[0]
        return self.table.sprites.get(hand[0]) if hand else None

    def bench_animate(self) -> None:
        for sp in self.table.sprites.values():
            sp.x, sp.y = self.deck_rect.x, self.deck_rect.y
        self.relayout(stagger=0.01)


def expert_choice(view: rules.View, seed: int) -> rules.Move:
    """The Expert's move for the seat ``view`` belongs to (run in a worker thread: it takes a while)."""
    return make_player("expert").choose(view, random.Random(seed))


def create_scene(app, seed: int | None = None, resume: bool = True, **options: Any) -> CourtScene:
    return CourtScene(app, seed, resume, **options)
