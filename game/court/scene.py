"""The Affairs of the Court table: the draw, the turns, the bonus, history and tournaments.

Input maps to moves only: a click on the deck turns the top card (Quick Play
turns it by itself), Keep / Discard decide it, a click on a card of your hand
plays it (in the bonus: plays a numbered card; Done stops).  The computer
(seat 1) thinks in a worker thread on `rules.observe(state, 1)` alone.

Hidden cards never carry their real code on the table: the computer's hand,
its discards and the pack are drawn with dummy ids (``back#...``).

The scene is split into mixins of this package so each file stays readable: ``layout`` (where every
place and card goes), ``drawing`` (the table's labels, score panel, cue and draw cards), ``roundscreen``
(the end of a round), ``menus`` (the Court menu and its options), ``tournament`` (player, history and
tournament dialogs and flow) and ``hint``; ``shared`` holds the names they all use.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.cards import card_name
from game.court import keyboard, rules
from game.court.counting import CourtCounting
from game.court.drawing import CourtDrawing
from game.court.help import HELP
from game.court.hint import CourtHint
from game.court.layout import CourtLayout
from game.court.menus import CourtMenus
from game.court.players import make_player
from game.court.roundend import ended_round
from game.court.roundscreen import CourtRoundScreen
from game.court.shared import LEVEL_NAMES, LEVELS, SCORE_W, SUIT_WORDS, own_pair
from game.court.tournament import TOURNAMENT_TURN_OVER, CourtTournament
from game.court.why import points_words
from game.engine import speech, theme
from game.engine.cardtable import CardSprite
from game.engine.computer import ComputerTurns
from game.engine.dialogs import message
from game.engine.hints import ExpertHint
from game.engine.roundbox import Row
from game.engine.shortcuts import key
from game.engine.table import TableScene
from game.engine.widgets import Button
from game.words import count
from saves.court_history import GUEST, MAX_NAME, load_history
from saves.settings import pref
from saves.solitaire_stats import new_game_id

#: your draw's words name the keys for this many of your pairs, then ask the question alone (say_draw)
TERSE_AFTER_PAIR = 2
__all__ = ["LEVELS", "LEVEL_NAMES", "SUIT_WORDS", "SCORE_W", "CourtScene", "create_scene", "expert_choice"]


class CourtScene(CourtCounting, CourtRoundScreen, CourtLayout, CourtDrawing, CourtMenus, CourtTournament, CourtHint,
                 TableScene):
    game = "court"
    title = "Affairs of the Court"
    rules = rules
    allow_undo = False  # a duel with hidden cards: no taking moves back
    help_text = HELP
    keyboard_help = keyboard.HELP
    #: the draw just ended under the player's keys: the next Enter on a hand card is held once (keyboard)
    draw_guard = False

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
        #: a saved tournament game loaded after its turn was over: practice, counted nowhere (after_load)
        self.tournament_replay = False
        self.revealed = False
        self.recorded = False
        self.move_said = ""  # the last turn's words on the status line, kept in front of the computer's lead
        self.move_spoken = ""  # the same as said (`keyboard.move_spoken`: your own lead not named again)
        self.round_end = None  # a finished round on show (game.court.roundscreen): the table waits
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
        self.score_w = SCORE_W
        self.cue_rect = pygame.Rect(0, 0, 0, 0)
        self._rng_base = random.Random().randrange(1 << 30)
        super().__init__(app, seed, resume, **options)
        if not self.game_id:  # the window's first deal is made without start_game: it needs its id too (round 9:
            self.game_id = new_game_id()  # saved with none, it took a new one at each Load and counted again)
        self.shown = [float(t) for t in self.state.totals]
        # the computer waits while a finished round is on show: its draw must not run under the box
        self.computer = ComputerTurns(self, self.think,
                                      lambda s: rules.current_player(s) == 1 and self.round_end is None,
                                      delay_s=0.6)
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
        turn = "Click the deck (or Enter on it) to turn a card." if not self.quick_play \
            else "Keep or discard the turned card."
        return f"{self.player} against the {LEVEL_NAMES[self.level]} computer. {who}. " + (
            turn if rules.current_player(self.state) == 0 else "")

    def relayout(self, animate: bool = True, stagger: float = 0.0, spawn=None) -> None:
        super().relayout(animate, stagger, spawn if spawn is not None else self._spawn)
        self._spawn = None

    # --------------------------------------------------------------- moves
    def play(self, move: Any, sound: str = "place", sprite_ids: tuple[str, ...] = (),
             stagger: float = 0.0) -> bool:
        """Every move passes here: new cards fly from where they come from."""
        state = self.state
        seat = rules.current_player(state)
        if state.phase == "draw":
            self._spawn = (self.turn_rect.x, self.turn_rect.y) if seat == 0 else self.deal_origin()
            self.revealed = False  # the next card stays in the deck until the player turns it (the help)
            sound = "flip" if seat == 0 else "deal"
        elif seat == 1:
            xs = self.hand_xs(max(1, len(state.hands[1])))
            self._spawn = (xs[len(xs) // 2], self.hand_y[1])
        self.foresee_round_end(move)
        return super().play(move, sound, sprite_ids, stagger)

    def can_draw(self, kind: str) -> bool:
        s = self.state
        if s.phase != "draw" or rules.current_player(s) != 0 or not (self.revealed or self.quick_play):
            return False
        return rules.Move(kind) in rules.legal_moves(s)

    def draw_move(self, kind: str) -> None:
        if self.can_draw(kind):
            self.play(rules.Move(kind))

    def turn_words(self) -> str:
        s = self.state
        if self.is_over() or self.round_end is not None or rules.current_player(s) == 0:
            return ""
        return "Wait: the computer is drawing its pair." if s.phase == "draw" else "Wait for the computer to play."

    def human_bonus(self) -> bool:
        return self.state.phase == "bonus" and rules.current_player(self.state) == 0

    def bonus_done(self) -> None:
        if self.human_bonus():
            self.play(rules.Move("done"), "click")

    def focus_spots(self) -> list:
        return keyboard.spots(self)

    def focus_step(self, spots: list, current, dx: int, dy: int):
        return keyboard.arrow_step(spots, current, dx, dy)

    def handle(self, event: pygame.event.Event) -> bool:
        keyboard.chose_ring(self, event)
        return super().handle(event)

    def focus_click(self, sprite: CardSprite | None, pos: tuple[int, int], mod: int) -> None:
        if not keyboard.held_after_draw(self, sprite):
            super().focus_click(sprite, pos, mod)

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        s = self.state
        if self.is_over() or self.round_end is not None:
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
            elif (on_deck or (sprite is not None and sprite.id == s.pack[0])) and (self.revealed or self.quick_play):
                self.status.say(keyboard.answer_words(self))
            elif not (self.revealed or self.quick_play):
                self.status.say("Click the deck (or Enter on it) to turn the next card.")
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
        # the keys are said in full for your first two pairs, then the question alone: by ear a draw took 27 s
        # a pair, 6 minutes for the 13 (round 13: "Court 13-pair draw slow by ear"); F1 and Ctrl+H say them again
        terse = own_pair(s) > TERSE_AFTER_PAIR
        if not (self.revealed or self.quick_play):
            if s.draw_step == 0:
                self.status.say(f"Your pair {own_pair(s)} of 13." if terse else
                                f"Your pair {own_pair(s)} of 13: Enter on the deck (or click it) turns a card.")
            elif terse:
                self.status.say(f"Second card: it will be {'discarded' if s.kept_first else 'kept'}.")
            else:
                # (one colon only: "it will be kept: you discarded the first" read as two statements)
                way = "discarded, since you kept" if s.kept_first else "kept, since you discarded"
                self.status.say("Enter on the deck (or click it) turns the second card of your pair: "
                                f"it will be {way} the first.")
            return
        forced = rules.legal_moves(s)
        if len(forced) == 1 and self.quick_play:  # it goes there by itself: no key to press (round 10, by ear)
            if terse:
                return  # "You kept the …" says it as it goes
            done = "kept" if forced[0].kind == "keep" else "discarded"
            self.status.say(f"The {card_name(s.pack[0])} is {done} by itself (Quick Play): "
                            f"{'you kept' if s.kept_first else 'you discarded'} the first card.")
        elif len(forced) == 1:
            kind = forced[0].kind
            if terse:
                self.status.say(f"The {card_name(s.pack[0])}: {kind} it ({key(self.game, kind)}).")
                return
            self.status.say(f"The {card_name(s.pack[0])}: you must {kind} it "
                            f"({'you kept' if s.kept_first else 'you discarded'} the first card). "
                            f"{keyboard.answer_words(self)}")
        elif terse:
            self.status.say(f"The {card_name(s.pack[0])}: keep or discard? ({key(self.game, 'keep')} or "
                            f"{key(self.game, 'discard')})")
        else:
            self.status.say(f"The {card_name(s.pack[0])}: keep it or discard it? {keyboard.answer_words(self)}")

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
        keyboard.after_draw_move(self, before, move, after)
        keyboard.draw_ended(self, before, after)
        said = keyboard.move_words(before, move, after)
        if said:
            self.move_spoken = keyboard.move_spoken(before, move, after, said)
            self.status.say(said, spoken=self.move_spoken)
            self.move_said = said
        lead = keyboard.lead_words(before, move, after)
        if lead and rules.current_player(before) == 0:
            self.status.say(lead)
        prompt = keyboard.turn_prompt(after) if after.phase == "play" and before.phase == "play" and \
            after.round_no == before.round_no else ""
        if prompt and lead:  # the computer led: the line says what to answer with (it kept "The computer
            # leads." or the last turn, while the player had to act: issue 32).  Without the Rule Cue Card the
            # turn just finished stays in front of it, to be read (speech says only what was added), and the
            # keys' words give way so both fit the line's two rows at 800x600
            keyboard.ring_to_answer(self, after)
            turn = self.status.message if self.status.message == self.move_said and not self.cue_cards else ""
            if turn:
                self.status.say(f"{turn} {keyboard.lead_answer_words(after)}.",
                                spoken=f"{self.move_spoken} {keyboard.lead_answer_words(after)}.")
            else:
                self.status.say(prompt)
        elif prompt and self.status.message == self.move_said:  # the turn just finished, and you lead next:
            # the line said only the turn's result (the score box said "to play"); it goes on to say you lead.
            # The keys' words are said apart, so the line keeps to its two rows at 800x600
            self.status.say(f"{self.move_said} {keyboard.LEAD_WORDS}",
                            spoken=f"{self.move_spoken} {keyboard.LEAD_WORDS}")
            speech.announce(keyboard.LEAD_KEYS)
        elif prompt:  # the player's turn to lead, said every time
            speech.announce(prompt)
        if after.last_turn is not before.last_turn and after.last_turn is not None:
            lt = after.last_turn
            self.add_floaters(lt.before, lt.after)
            if lt.capture:
                self.app.sounds.play("capture")
        elif move.kind == "bonus":
            end = after.totals if after.round_no == before.round_no else after.last_round.totals
            self.add_floaters(before.totals, end)
            who = "You play" if before.bonus_player == 0 else "The computer plays"
            # with its effect, as a turn's result is said (round 14, by ear: only the round's summary told it)
            effect = points_words(end[0] - before.totals[0], end[1] - before.totals[1])
            self.status.say(f"Bonus: {who} the {card_name(move.card)}: {effect}.")
        elif move.kind == "done":
            who = "You keep" if before.bonus_player == 0 else "The computer keeps"
            self.status.say(f"{who} the rest back.")
        if after.phase == "bonus" and before.phase == "play":
            if after.bonus_player == 0:
                self.status.say("Bonus! Enter on (or click) numbered cards to play them with full effect, then Done.")
            else:
                self.status.say("The computer still holds cards: its bonus.")
        if ended_round(before, after):
            self.round_finished()
        if after.phase == "play" and before.phase == "draw":
            lead = keyboard.turn_prompt(after) or "The computer leads."
            self.status.say(f"The draw is over. {lead}")
        elif after.phase == "draw" and after.round_no == before.round_no:
            if rules.current_player(after) == 0:
                self.say_draw()
            elif move.kind in ("keep", "discard") and rules.current_player(before) == 0:
                self.status.say("The computer draws its pair.")

    def describe_table(self) -> str:
        return keyboard.describe_table(self)

    def describe_plays(self) -> str:
        return keyboard.plays_words(self)

    def describe_hand(self) -> str:
        """F6: only the hand, as F8 says it."""
        return keyboard.describe_hand(self)

    # ------------------------------------------------------------ game over
    def on_game_over(self, state: rules.State) -> None:
        you, comp = state.totals
        if self.tournament_active and self.hist.tournament is not None:
            if self.round_end is None:
                self.tournament_game_over(state)
            else:  # the last round is shown first; Go on goes to the standings
                self.show_round_box(f"{self.player}'s three rounds are played",
                                    [Row(f"{self.player} {you}, the computer {comp}: {you - comp:+d}.", bold=True)])
            return
        if not self.recorded:
            self.recorded = True
            counted = self.hist.record_state(self.player, self.level, state, game_id=self.game_id)
            problem = self.hist.save() if counted else None
            if problem:
                self.status.say(problem, theme.HILITE)
        how = " after 99 rounds" if state.end_reason == "limit" else ""
        title = {0: "You won!", 1: "The computer won."}.get(state.winner, "A draw: nobody wins.")
        self.status.say(f"Game over. {title} You {you}, the computer {comp}{how}.", theme.GOLD)
        if state.winner == 0:
            self.game_end_box("You won!", f"You {you}, the computer {comp}{how}. Well played!", True)
        elif state.winner == 1:
            self.game_end_box("The computer won", f"You {you}, the computer {comp}{how}.", False)
        else:
            self.game_end_box("A draw", f"You {you}, the computer {comp}{how}: nobody wins.", False)

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        if hasattr(self, "computer"):
            self.computer.cancel()
        self.revealed = False
        self.recorded = False
        self.tournament_replay = False
        self.round_end = None
        self.floaters.clear()
        self.shown = [float(t) for t in state.totals]
        super().start_game(state, seed, sound)
        keyboard.ring_to_deck(self)  # a new game starts with the draw: the ring stayed on the last button
        # pressed (round 14, by ear: "Back to the table: discard button" after a tournament's results)
        self.status.say(self.welcome())

    def new_state(self, seed: int) -> rules.State:
        t = self.hist.tournament if getattr(self, "tournament_active", False) else None
        if t is not None:
            return t.new_game()
        return rules.new_game(seed, follow_suit=self.options.get("follow_suit", True))

    def after_resumed(self) -> None:
        self.recorded = self.is_over() or self.hist.counted_before(self.game_id) or self.tournament_replay
        self.shown = [float(t) for t in self.state.totals]

    def after_loaded_by_player(self) -> None:
        self.recorded = self.is_over() or self.hist.counted_before(self.game_id) or self.tournament_replay
        self.shown = [float(t) for t in self.state.totals]
        if self.tournament_replay:
            self.status.say(TOURNAMENT_TURN_OVER, theme.HILITE)

    def extra_save(self) -> dict[str, Any]:
        t = self.hist.tournament if self.tournament_active else None
        return {"level": self.level, "player": self.player, "tournament": self.tournament_active,
                "tournament_seed": t.seed if t is not None else None, "game_id": self.game_id}

    def save_summary(self) -> dict[str, Any]:
        """The saved-games list shows the level, the round and both totals (round 13: only the moves were
        shown, and games were told apart by loading them)."""
        out = super().save_summary()
        s = self.state
        you, comp = s.totals
        out["kind"] = LEVEL_NAMES[self.level] + (", tournament" if self.tournament_active else "")
        out["state"] = f"{'finished' if self.is_over() else f'round {s.round_no}'}: you {you}, computer {comp}"
        return out

    def shown_as(self, extra: dict[str, Any]) -> None:
        """A Review's table: the level and the player the game was played with, read from its ``extra``
        (round 13: a Novice tournament game by "Tess" was reviewed as "You" against the Expert, the level
        play went back to afterwards).  Only drawn: nothing is counted or kept."""
        if extra.get("level") in LEVELS:
            self.level = extra["level"]
        player = extra.get("player")
        if isinstance(player, str) and player.strip() and len(player) <= MAX_NAME:
            self.player = player

    def after_load(self, extra: dict[str, Any]) -> None:
        self.round_end = None
        self.game_id_after_load(extra)
        level = extra.get("level")
        if level in LEVELS:
            self.level = level
        player = extra.get("player")
        if isinstance(player, str) and player in self.hist.players:
            self.player = player
        self.tournament_replay = self.tournament_turn_over(extra)
        self.tournament_active = bool(extra.get("tournament")) and not self.tournament_replay
        self.cancel_btn.visible = self.tournament_active
        if self in self.app.stack.scenes:
            self.show_title()  # the saved game's player (round 14: a resumed tournament's title said "Guest")

    # ---------------------------------------------------------------- frame
    def busy(self) -> bool:
        return (super().busy() or self.computer.busy() or bool(self.floaters) or self._totals_moving()
                or self.hints.thinking)

    def _totals_moving(self) -> bool:
        return any(abs(self.shown[i] - self.state.totals[i]) > 0.5 for i in (0, 1))

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.state
        self.computer.delay_s = 0.12 if s.phase == "draw" else 0.7
        self.computer.update(dt)
        self.quick_play_step()
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

    def mark_playable(self) -> None:
        """When you must follow suit, ring the cards you may play."""
        s = self.state
        mine = rules.current_player(s) == 0 and (s.phase == "bonus" or (s.phase == "play" and s.table))
        if self.hints.shown_for is s and self.hint_card in self.highlighted:
            return  # a Hint is showing: keep its gold frame beside the blue ones
        if mine and not self.table.animating:
            ids = [m.card for m in rules.legal_moves(s) if m.card]
            if len(ids) < len(s.hands[0]) and set(ids) != self.highlighted:
                self.highlight(ids, theme.HINT)
        elif self.highlighted and not mine:
            self.clear_highlights()

    def status_text(self) -> str:
        s = self.shown_state  # the round on show (a finished one waits for Next round)
        return f"Round {s.round_no}   {LEVEL_NAMES[self.level]}   Deal #{self.seed}"

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


def expert_choice(view: rules.View, seed: int, known: rules.State | None = None) -> rules.Move:
    """The Hint's move for the seat ``view`` belongs to (run in a worker thread): Review's own choice at that
    move (`review.hint_choice`; ``seed`` is the move's number in the game, 1 = the first), so a move made on
    the Hint's word is never marked a mistake."""
    from game.court.review import hint_choice

    return hint_choice(view, seed, known)


def create_scene(app, seed: int | None = None, resume: bool = True, **options: Any) -> CourtScene:
    return CourtScene(app, seed, resume, **options)
