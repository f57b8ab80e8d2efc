"""The ACME table: you at the bottom, four computer seats around, the trick in the middle.

Input maps to moves only: clicking a card of your hand selects it (it rises)
when it can be part of a legal play or gift; the Play button exchanges, plays or —
with nothing selected — passes (rules/acme.md, as the seed's help), and is
enabled only for a legal selection.  A pass cannot be taken back (ACME has no
Undo), and a fresh player passed by accident on a button that read Play: so the
button's word says what a press does now — Pass, Play or Deal (``play_label``).
P and Game ▸ Pass pass too.
Everything the rules allow comes from `game.acme.rules`; the computer seats
think in a worker thread on what their seat may see.  Messages go on the
message line under the hand, never in pop-ups.

Named players (`saves.acme_profiles`) keep their table of seniorities and
statistics; leaving a round unfinished (Change Player, Exit) makes the leaver
Apprentice next round, after a confirm.  Saving a round is not leaving.  That part, with the
menus built around it, is the ``AcmeMenus`` mixin of ``menus.py``.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from game.acme import drawing, keyboard, layout, players, rules, spoken
from game.acme.follow import FollowThePlay, expert_choice
from game.acme.help import HELP
from game.acme.layout import FAN  # noqa: F401  (kept importable from here)
from game.acme.menus import AcmeMenus
from game.acme.seats import ORDINAL, SEAT_NAMES  # noqa: F401  (importable from here too)
from game.acme.seniority import Seniority
from game.acme.summary import RoundSummary
from game.acme.trickview import TrickView
from game.cards import the_card
from game.engine import theme
from game.engine.cardtable import CardSprite, Placement
from game.engine.computer import ComputerTurns
from game.engine.hints import ExpertHint
from game.engine.shortcuts import key
from game.engine.table import TableScene
from game.engine.widgets import Button
from game.words import capital, count, plural
from saves import acme_profiles as AP
from saves.settings import pref

#: Pause before each computer play at the Normal computer speed (Options ▸ Computer speed scales it).
COMPUTER_DELAY_S = 0.9


class AcmeScene(RoundSummary, FollowThePlay, AcmeMenus, TableScene):
    game = "acme"
    title = "ACME"
    rules = rules
    allow_undo = False
    help_text = HELP
    keyboard_help = keyboard.HELP

    def __init__(self, app, seed: int | None = None, resume: bool = True, **options: Any) -> None:
        self.book = AP.load_profiles()
        self.profile: AP.Profile | None = self.book.current
        self.selected: set[str] = set()
        self.card_click: tuple[int, int] | None = None  # the last press, when it was on a card of the hand
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.hand_rect = pygame.Rect(0, 0, 0, 0)
        self.trick_center = (0, 0)
        self.pile_pos = (0, 0)
        self.recorded = False
        self._spawn: tuple[float, float] | None = None
        self._left = False
        self._rng = random.Random()
        self.level = pref(app.settings.game("acme"), "level", players.DEFAULT_LEVEL, players.LEVELS)
        if self.level not in players.LEVELS:
            self.level = players.DEFAULT_LEVEL
        self.ai = {s: players.make_player(self.level) for s in range(1, 5)}
        self.trick = TrickView()
        self.fast_finish = False  # the player asked to see the end of the round at once
        self.hints = ExpertHint(expert_choice)
        super().__init__(app, seed, resume, **options)
        self.table.reverse_selected = False  # a selected card is lifted and outlined, never a negative
        self.table.selected_raise = 0.2
        self.computer = ComputerTurns(self, self.think, self.is_computer, delay_s=COMPUTER_DELAY_S)
        self.play_button = Button("Play", self.press_play, enabled=self.play_enabled)
        self.skip_button = Button("Finish round", self.finish_round, enabled=self.can_finish_round)
        self.skip_button.visible = False
        self.buttons = [self.play_button, self.skip_button]
        self.geometry(app.size)
        if self.book.warning:
            self.status.say(self.book.warning, theme.HILITE)
        else:
            self.say_turn()

    # ------------------------------------------------------------ players
    def think(self, state: rules.State) -> rules.Move:
        seat = rules.current_player(state)
        return self.ai[seat].choose(rules.observe(state, seat), self._rng)

    def is_computer(self, state: rules.State) -> bool:
        return rules.current_player(state) not in (None, 0)

    def turn_words(self) -> str:
        return "Wait for your turn." if self.is_computer(self.state) and not rules.is_over(self.state) else ""

    def new_state(self, seed: int) -> rules.State:
        """The next deal, seated as the summary said: a named player's table, or for a guest the finished
        round's places (round 15, a major: a guest's next deal drew the seats at random again, though the
        summary had said "You will be President").  A table's first round draws them."""
        if getattr(self, "profile", None):
            return rules.new_game(seed, roles=self.profile.roles)
        history = getattr(self, "history", None)
        roles = None
        if history is not None and rules.is_over(history.state):
            roles = list(history.state.finished)
        elif history is not None and not history.moves:  # the seats shown while the table waits for Deal
            roles = list(history.state.roles)  # (round 16: the guest's Deal dealt other seats than shown)
        return rules.new_game(seed, roles=roles)

    # ------------------------------------------------------------ geometry (game/acme/layout.py)
    def geometry(self, size: tuple[int, int]) -> None:
        layout.geometry(self, size)

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        return layout.seat_anchor(self, seat)

    def layout(self, state: rules.State) -> dict[str, Placement]:
        return layout.placements(self, state, self.trick.shown(state))

    def relayout(self, animate: bool = True, stagger: float = 0.0, spawn=None) -> None:
        for sp_id in list(self.selected):
            if sp_id not in self.state.hands[0]:
                self.selected.discard(sp_id)
        super().relayout(animate, stagger, spawn if spawn is not None else self._spawn)
        self._spawn = None
        for sp in self.table.sprites.values():
            sp.selected = sp.id in self.selected

    def deal_origin(self) -> tuple[float, float]:
        return (self.trick_center[0] - self.table.card_size[0] / 2, self.trick_center[1] - self.table.card_size[1])

    # ------------------------------------------------------------ playing
    def play(self, move: Any, sound: str = "place", sprite_ids: tuple[str, ...] = (), stagger: float = 0.0) -> bool:
        seat = rules.current_player(self.state)
        if seat not in (None, 0):
            self._spawn = self.seat_anchor(seat)  # its cards come out of its hidden hand
        if isinstance(move, rules.Move) and move.kind == "pass":
            sound = "tick"
        return super().play(move, sound, sprite_ids, 0.05 if stagger == 0.0 else stagger)

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        if sprite is None or sprite.id not in self.state.hands[0]:
            return
        self.card_click = pos
        if rules.is_over(self.state):
            self.status.say(f"The round is over: press Deal ({key(self.game, 'deal')}) for the next one.")
            return
        if rules.current_player(self.state) != 0:
            self.refuse("Wait for your turn.", (sprite.id,))
            return
        code = sprite.id
        if code in self.selected:
            self.selected.discard(code)
            if not self.selected:
                self.mark_misled()
        elif code in rules.selectable_cards(self.state, self.selected | {code}):
            self.selected.add(code)
        elif self.gift_full():
            forced = rules.legal_moves(self.state)
            if len(forced) == 1 and forced[0].kind == "give":  # the highest, by the rules: nothing to swap
                # (round 14: "click one of the selected to put it back" led to "You must give your highest")
                self.refuse(f"You must give your highest: {rules.describe_cards(forced[0].cards)}, selected. "
                            "Press Play.", (code,))
            else:
                self.refuse(f"You give {len(self.selected)} cards: click one of the selected to put it back.",
                            (code,))
            return
        elif code in rules.playable_cards(self.state):
            self.selected = {code}  # another rank to play, or another single card to give: it starts afresh
        else:
            self.refuse(self.why_not(code), (code,))
            self.mark_misled()
            return
        self.app.sounds.play("click")
        for sp in self.table.sprites.values():
            sp.selected = sp.id in self.selected
        self.say_selection()
        self.app.invalidate()

    def focus_spots(self) -> list:
        return keyboard.spots(self)

    def focus_step(self, spots: list, current, dx: int, dy: int):
        return keyboard.arrow_step(self, spots, current, dx, dy)

    def focus_start(self, spots: list, click: tuple[int, int] | None):
        return keyboard.start_spot(self, spots, self.card_click)  # a press elsewhere (Play, Pass): none

    def focus_for_enter(self, spots: list):
        """Enter with the ring hidden and cards selected: the ring on Play, which the prompt names."""
        if not self.selected or rules.current_player(self.state) != 0:
            return None
        return next((s for s in spots if s.key == f"button {self.play_label()}"), None)

    #: a press on the button reading Pass this soon after a card click was refused or took the last card out
    #: of the selection asks for a second press: ACME has no undo, and the button under the cursor turned
    #: from Play to Pass (round 14, a fresh player passed meaning to play a pair of queens)
    PASS_GUARD_S = 1.5
    misled_at = -1e9

    def mark_misled(self) -> None:
        self.misled_at = time.monotonic()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.card_click = None  # any press; one on a card of the hand is kept again by on_click
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.menubar.open is None
                and rules.current_player(self.state) == 0 and not self.waiting_for_deal()):
            button = self.play_button
            if button.visible and button.rect.collidepoint(event.pos):
                self.hurry()  # greyed only while the cards move: the press acts on them at rest
                if not button.is_enabled:
                    self.refuse(self.play_how())  # a greyed button on the player's turn says why, never silent
                    return True
                if self.play_label() == "Pass" and time.monotonic() - self.misled_at < self.PASS_GUARD_S:
                    self.misled_at = -1e9
                    self.refuse("The button says Pass: nothing is selected. Click Pass again to pass.")
                    return True
        return keyboard.walk(self, event) or super().handle(event)

    def gift_full(self) -> bool:
        """Two cards chosen to give: a third click is refused, never a wipe of the two (round 10, shot-95..97:
        it kept only the new card). A play of another rank, or another single card to give, still starts the
        selection afresh: one click undone at most."""
        move = rules.selection_move(self.state, self.selected) if len(self.selected) > 1 else None
        return move is not None and move.kind == "give"

    def why_not(self, code: str) -> str:
        s = self.state
        if s.phase == "exchange":
            spec = rules.EXCHANGE[len(s.gifts)]
            if spec[3]:
                return f"You must give your highest {plural('card', spec[2])}: the rightmost."
        top = rules.top_play(s)
        if top is not None:
            n = len(top[1])
            return (f"{capital(the_card(code))} cannot beat {rules.describe(top[1])} "
                    f"(you need {count(n, 'card')} of a higher rank, or the joker).")
        return "That card cannot be played now."

    def play_enabled(self) -> bool:
        s = self.state
        if rules.is_over(s):
            return True  # Deal
        if rules.current_player(s) != 0 or self.table.animating:
            return False
        return rules.selection_move(s, self.selected) is not None  # nothing selected: a pass, if allowed

    def pass_enabled(self) -> bool:
        s = self.state
        return rules.current_player(s) == 0 and not self.table.animating and rules.selection_move(s, ()) == rules.PASS

    def play_how(self) -> str:
        """Why the greyed Play does nothing now, and what does (the leader cannot pass; a selection that is
        no play yet; the exchange's gift)."""
        s = self.state
        if s.phase == "play" and self.selected:
            return "Not yet a legal play: " + rules.describe_cards(tuple(self.selected)) + "."
        if s.phase == "play" and rules.top_play(s) is None:
            return "Select the cards to play (click them, or Enter on them), then press Play: you lead, so you " \
                   "cannot pass."
        return spoken.turn_prompt(s, self.spoken_names(), self.by_keys())

    def pass_how(self) -> str:
        """Why Pass does nothing now."""
        s = self.state
        if rules.current_player(s) != 0:
            return "Wait for your turn."
        if s.phase == "exchange":
            return "No passing in the exchange: " + spoken.turn_prompt(s, self.spoken_names(), self.by_keys())
        return "You lead: you cannot pass. Select the cards to play, then press Play."

    def press_pass(self) -> None:
        """P and Game ▸ Pass: pass, whatever is selected (the button passes only with nothing selected)."""
        if self.trick.release():  # the player goes on: the finished trick is gathered now
            self.relayout()
        if not self.pass_enabled():
            if rules.is_over(self.state):
                self.status.say(f"The round is over: press Deal ({key(self.game, 'deal')}) for the next one.")
            else:
                self.refuse(self.pass_how())
            return
        self.selected = set()
        self.clear_highlights()
        self.play(rules.PASS)

    def press_play(self) -> None:
        if self.trick.release():  # the player goes on: the finished trick is gathered now
            self.relayout()
        if rules.is_over(self.state):
            self.deal()
            return
        move = rules.selection_move(self.state, self.selected)
        if move is None:
            self.refuse(self.play_how())
            return
        if move.kind == "pass":
            self.clear_highlights()
        ids = tuple(self.selected)
        self.selected = set()
        self.play(move, "place", ids)

    def after_move(self, before: rules.State, move: rules.Move, after: rules.State) -> None:
        scale = 0.0 if self.fast_finish else self.app.settings.computer_scale()
        if self.trick.after_move(before, after, scale):
            self.relayout()  # the finished trick stays where it was played for a moment
        seat = rules.current_player(before)
        if before.phase == "exchange" and after.phase == "play":
            names = self.spoken_names()
            prompt = spoken.turn_prompt(after, names, self.by_keys())
            # the line shows the cards short, so its words are whole; the voice says them in words
            self.status.say(" ".join(t for t in (spoken.exchange_line(after, names), prompt) if t),
                            spoken=" ".join(t for t in (spoken.exchange_words(after, names), prompt) if t))
            self.app.sounds.play("flip")
        elif before.phase == "play" and seat is not None:
            # every play said whole, with the turn prompt when the player is next (also after an "out")
            names = self.spoken_names()
            text = " ".join(t for t in (spoken.play_sentence(before, move, after, names),
                                        spoken.turn_prompt(after, names, self.by_keys())) if t)
            if seat == 0 and not after.hands[0] and not rules.is_over(after):
                text += " Watch the others finish, or press Finish round."
            out = not after.hands[seat] and move.kind == "play"
            self.status.say(text, theme.GOLD if out else theme.WHITE)
            if out:
                self.app.sounds.play("score_up" if seat == 0 else "score_down")
        elif not rules.is_over(after):
            self.say_turn()
        if rules.trick_plays(after) == () and before.phase == "play" and not rules.is_over(after):
            self.app.sounds.play("capture")

    def say_turn(self) -> None:
        s = self.state
        if rules.is_over(s):
            return
        seat = rules.current_player(s)
        if seat != 0:
            if s.phase == "exchange":
                self.status.say("The exchange: the President, Vice President, Blue Collar Worker and "
                                "Apprentice give cards.")
            return
        role = rules.role_of(s, 0)
        if s.phase == "exchange":
            g, r, n, highest = rules.EXCHANGE[len(s.gifts)]
            if highest:  # no choice to make: the cards the rules take are selected for the player
                self.select_forced_gift()
                what = "two highest cards are" if n == 2 else "highest card is"
                cards = rules.describe_cards(tuple(self.selected))  # named: "the rightmost" said nothing by ear
                self.status.say(f"You are {rules.ROLE_NAMES[role]}: your {what} selected, {cards}, "
                                f"to give the {rules.ROLE_NAMES[r]}. Press Play (Enter on the Play button).")
                return
        self.status.say(spoken.turn_prompt(s, self.spoken_names(), self.by_keys()))

    def by_keys(self) -> bool:
        """Whether the prompts name keys: the voice is on or the focus ring is in use; a player who clicks reads
        what to click (round 13: "status lines talk keys to mouse players")."""
        return bool(self.app.speech.enabled or self.focus.visible)

    def spoken_names(self) -> tuple[str, ...]:
        """The seats as the voice names them: "You" for the player (the verbs agree), the others by name."""
        return ("You", *SEAT_NAMES[1:])

    def select_forced_gift(self) -> None:
        """The Blue Collar Worker's and the Apprentice's gift is fixed (their highest cards): select it."""
        moves = rules.legal_moves(self.state)
        if len(moves) == 1 and moves[0].kind == "give":
            self.selected = set(moves[0].cards)
            for sp in self.table.sprites.values():
                sp.selected = sp.id in self.selected
            self.app.invalidate()

    def say_selection(self) -> None:
        move = rules.selection_move(self.state, self.selected)
        if not self.selected:
            self.say_turn()
        elif move is None and self.state.phase == "exchange" and rules.current_player(self.state) == 0:
            self.status.say(spoken.giving_words(self.state, tuple(self.selected)))
        elif move is None:
            self.status.say("Not yet a legal play: " + rules.describe_cards(tuple(self.selected)) + ".")
        else:
            verb = "give" if move.kind == "give" else "play"
            self.status.say(f"Press Play to {verb} {rules.describe_cards(move.cards)}.")

    def on_game_over(self, state: rules.State) -> None:
        place = state.finished.index(0)
        self.round_summary_due()
        if self.profile is not None and not self.recorded:
            AP.record_round(self.profile, list(state.roles), list(state.finished))
            problem = AP.save_profiles(self.book)
            if problem:
                self.status.say(problem, theme.HILITE)
                self.recorded = True
                return
        self.recorded = True
        self.forget_kept()
        self.app.sounds.play("win" if place == 0 else "lose" if place == 4 else "score_up")
        # the voice leaves it to the summary box that follows, which says the same (round 15, by ear: this
        # 15-second line came first, and the box with the keys was said only after it)
        self.status.say(f"Round over: you finished {ORDINAL[place]} and will be {rules.ROLE_NAMES[place]}. "
                        f"{spoken.finishing_order(state, self.spoken_names())} "
                        f"Press Deal ({key(self.game, 'deal')}) for the next round.", theme.GOLD,
                        spoken="" if self.summary_due else None)

    # ------------------------------------------------------------ rounds
    def deal(self) -> None:
        if self.in_round():
            self.refuse("You cannot re-deal while a round is in progress.")
            return
        if self.summary_due and rules.is_over(self.state):
            # Deal pressed in the last trick's pause, before the summary came (round 12, by ear: the ring was
            # on the button that now read Deal, and an Enter dealt the next round: the summary was never shown
            # nor said).  The press brings the summary at once; Deal goes on from there.
            if self.trick.release():
                self.relayout()
            return
        self.new_round()

    def in_round(self) -> bool:
        """A round is under way from its deal until it is over: the README and Help make leaving a dealt
        round Exit, before the first exchange move too (round 12: F2 then Ctrl+W left a President's dealt
        round with no question and no demotion, because this asked for a move first).  While "Resume it?"
        is open the table behind is not the player's round (the kept one is): closing then keeps it."""
        return not self.resume_pending and not rules.is_over(self.state)

    def new_round(self, seed: int | None = None) -> None:
        self.computer.cancel()
        self.trick.release()
        self.fast_finish = False
        self.selected = set()
        self.recorded = False
        TableScene.new_game(self, seed)
        self.say_turn()

    def new_game(self, seed: int | None = None) -> None:
        if self.in_round():
            self.refuse("You cannot re-deal while a round is in progress: finish it first.")
            return
        self.new_round(seed)

    def restart(self) -> None:
        self.refuse("ACME rounds cannot be restarted.")

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        if hasattr(self, "computer"):
            self.computer.cancel()
        self.trick.release()
        self.fast_finish = False
        self.selected = set()
        super().start_game(state, seed, sound)

    def after_load(self, extra: dict[str, Any]) -> None:
        self.selected = set()
        self.trick.release()
        self.fast_finish = False
        self.recorded = rules.is_over(self.state)

    def after_resumed(self) -> None:
        self.say_turn()

    # ------------------------------------------------------------ drawing
    def describe_table(self) -> str:
        return keyboard.describe_table(self)

    def describe_plays(self) -> str:
        """Shift+F8: the plays that beat the top, by rank groups (the rules' legal moves), or the pass."""
        moves = rules.legal_moves(self.state) if rules.current_player(self.state) == 0 else []
        if not moves:
            return spoken.whose_turn(self.state, self.spoken_names())
        # one per rank group: suits never matter in ACME ("a pair of nines" once, whichever two nines)
        plays = list(dict.fromkeys(rules.describe(m.cards) for m in moves if m.kind != "pass"))
        passing = " or pass" if any(m.kind == "pass" for m in moves) else ""
        verb = "give" if moves[0].kind == "give" else "play"
        return (f"You can {verb} " + ", ".join(plays) + f"{passing}.") if plays else "You can only pass."

    def describe_hand(self) -> str:
        """F6: only the hand, grouped by rank as F8 says it, then the cards selected (round 10, by ear: F6 did
        not say which were selected, only the ring did, card by card)."""
        hand = self.state.hands[0]
        chosen = [c for c in hand if c in self.selected]
        picked = f" Selected: {self.describe_cards(chosen)}." if chosen else ""
        return f"Your hand, {len(hand)} card{'s' if len(hand) != 1 else ''}: " + (
            spoken.hand_by_rank(hand) if hand else "empty") + "." + picked

    def status_text(self) -> str:
        name = self.profile.name if self.profile else "Guest"
        return f"{name}   Deal #{self.seed}"

    def draw_table(self, surface: pygame.Surface) -> None:
        drawing.draw_table(self, surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        drawing.draw_overlay(self, surface)

    def busy(self) -> bool:
        return (super().busy() or self.computer.busy() or self.trick.holding or self.hints.thinking
                or self.finishing is not None)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.trick.update(dt, self.table.animating):
            self.relayout(stagger=0.03)  # the trick is gathered to the played pile
        self.computer.delay_s = 0.0 if self.fast_finish else COMPUTER_DELAY_S
        if not self.trick.holding:  # the computers wait while a finished trick is shown
            self.computer.update(dt)
        self.poll_hint()
        self.poll_finish()
        self.poll_summary()
        self.play_button.label = self.play_label()
        self.skip_button.visible = self.can_finish_round()

    def in_progress(self) -> bool:
        return self.in_round() and not self._left

    def play_label(self) -> str:
        """The Play button's word is what a press does now: Deal once the round is over, Pass on your turn
        with nothing selected when you may pass (a fresh player passed by accident on a button that read
        Play), else Play — in the exchange too, and greyed while the others play."""
        s = self.state
        if rules.is_over(s):
            return "Deal"
        if not self.selected and rules.current_player(s) == 0 and rules.selection_move(s, ()) == rules.PASS:
            return "Pass"
        return "Play"

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        # A frame may be drawn before any update (the first after a start or a rest): the button's word is
        # set here too, so it never says Play while the table says Deal.
        self.play_button.label = self.play_label()
        super().draw(surface, alpha)

    # ------------------------------------------------------------ benchmark
    def bench_prepare(self) -> None:
        while rules.current_player(self.state) not in (None, 0) or (
                rules.current_player(self.state) == 0 and self.state.phase == "exchange"):
            seat = rules.current_player(self.state)
            move = players.make_player("baseline").choose(rules.observe(self.state, seat), self._rng)
            self.history.push(move, rules.apply(self.state, move))
        self.relayout(animate=False)

    def bench_animate(self) -> None:
        for sp in self.table.sprites.values():
            sp.x, sp.y = self.deal_origin()
        self.relayout(stagger=0.01)


class AcmeTable(Seniority, AcmeScene):
    """The ACME table a player gets: the scene with the seniority rules of game.acme.seniority on top."""


def create_scene(app, seed: int | None = None, resume: bool = True, **options: Any) -> AcmeScene:
    return AcmeTable(app, seed, resume, **options)
