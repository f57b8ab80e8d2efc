"""Romi's menus and dialogs: Level (Beginner, Intermediate, Expert and its time limit), Preferences, Sound
events, the Utilities (Help from Romi, Cards played, Statistics), Demonstration and Pause, and the box at the
end of a game.

Moved out of scene.py, which had grown past a thousand lines: `RomiScene` takes these methods from
`RomiMenus`, a mixin, so every call site is unchanged.
"""

from __future__ import annotations

from typing import Any

from game.cards import cards_phrase
from game.engine import theme
from game.engine.dialogs import ChoiceDialog, MessageDialog, TableDialog, confirm, message
from game.engine.shortcuts import key
from game.engine.table import game_over_dialog
from game.engine.widgets import Menu, item
from game.romi import rules, spoken
from game.romi.players import help_move
from game.romi.seats import COMPUTER, HUMAN
from game.words import capital, count
from saves import romi_stats

TIME_LIMITS = (30, 60, 90, 120, 180, 300)
#: Preferences: which events make a sound.
SOUND_SETS = {
    "all": ("Every event", {"moves", "computer", "refusals", "end"}),
    "computer": ("The computer's moves, refusals and the end", {"computer", "refusals", "end"}),
    "refusals": ("Only refusals and the end of a game", {"refusals", "end"}),
    "end": ("Only the end of a game", {"end"}),
    "none": ("No sounds from Romi", set()),
}
#: Help from Romi's question: its answers
HELP_YES = "Play for me"
HELP_NEVER_ASK = "Play, don't ask again"


class RomiMenus:
    """The menus-and-dialogs half of `game.romi.scene.RomiScene` (a mixin: it has no state of its own)."""

    def choose_sounds(self) -> None:
        def pick(value: Any) -> None:
            self.sound_events = value
            self.app.settings.game("romi")["sound_events"] = value
            self.app.save_settings()
        self.app.push(ChoiceDialog(self.app, "Sound events", [(k, v[0]) for k, v in SOUND_SETS.items()],
                                   self.sound_events, pick,
                                   note="Sound as a whole is switched in the Options menu."))

    def help_from_romi(self) -> None:
        """Romi plays your turn; the first time in a game it says first that a win will not count (unless
        the player said not to ask again)."""
        if not self.help_ready():
            self.help_refused()
            return
        prefs = self.app.settings.game("romi")
        if self.assisted or prefs.get("help_no_ask") is True:
            self._help_now()
            return

        def answer(label: str) -> None:
            if label == HELP_NEVER_ASK:
                prefs["help_no_ask"] = True
                self.app.save_settings()
            if label in (HELP_YES, HELP_NEVER_ASK):
                self._help_now()
        self.app.push(MessageDialog(
            self.app, "Help from Romi", "Romi will play this turn for you. A game won with Help from Romi is "
            "not counted as a win (Statistics lists it apart). Let Romi play?",
            (HELP_YES, HELP_NEVER_ASK, "Cancel"), answer, default=0, cancel="Cancel"))

    def help_ready(self) -> bool:
        """Help from Romi can play now: a Beginner game (rules/romi.md: the seed offers it at that level
        only) and your turn."""
        return self.level == "beginner" and self.my_turn()

    def help_refused(self) -> None:
        """Why Help from Romi is greyed, said when it is chosen (it was greyed at Intermediate and Expert
        with no word why)."""
        if self.level != "beginner" and not self.demo and not self.is_over():
            later = (" It will be offered from the next game, at Beginner." if self.chosen_level == "beginner"
                     else " Choose Level ▸ Beginner for the next game to have it.")
            self.status.say(f"Help from Romi is offered at the Beginner level only; this game is at "
                            f"{self.level.capitalize()}.{later}", theme.HILITE)
        else:
            self.say_not_now("Help from Romi")

    def sort_ready(self) -> bool:
        """Sort orders your palette: not while a Demonstration plays it, the game is over or paused."""
        return not (self.demo or self.is_over() or self.paused)

    def not_now_reason(self) -> str:
        """Why the player's tools (Validate, Sort, Help from Romi) cannot act now, in plain words."""
        if self.paused:
            return f"the game is paused (Continue, {key(self.game, 'continue')}, goes on)"
        if self.demo:
            return "a Demonstration is playing (a click or Escape stops it)"
        if self.is_over():
            return "the game is over (New game deals another)"
        return "it is the computer's turn"

    def say_not_now(self, what: str) -> None:
        """A greyed tool chosen (its key, or a click on the greyed item): said why, never silent."""
        self.status.say(f"{what} is not available now: {self.not_now_reason()}.", theme.HILITE)

    def _help_now(self) -> None:
        if not self.my_turn():
            return
        self.board = self.turn_board.copy()
        move = help_move(self.state)
        self.assisted = True  # a game won with help is marked, and not counted as a win
        self.help_moves.add(len(self.history.moves))  # the end box says who laid the last card
        before = self.state
        if not self.play(move, "place" if isinstance(move, rules.Play) else "deal", stagger=0.08):
            return
        if isinstance(move, rules.Play):
            laid = spoken.gone(before.hands[HUMAN], self.state.hands[HUMAN])
            words = spoken.laid_phrase(laid, self.state.table, self.aak, before.table)
            self.say_done(f"Romi played for you: {words}.", f"Romi played {count(len(laid), 'card')} for you.")
        else:
            self.say_done("Romi found no play for you and drew a card.")

    def cards_played(self) -> None:
        """Outline the cards played (yours this turn, else the computer's last turn) and list them, one line
        per group they went to: the whole play as one sentence ran past the status line."""
        mine = [i for i in self.board.board_ids() if i in self.turn_board.palette]
        ids = mine or [i for i in self.cpu_played if i in self.table.sprites]
        if not ids:
            self.status.say("No cards were played on the last turn.")
            return
        self.highlight(ids, theme.HINT)
        head = (f"You have played {count(len(ids), 'card')} this turn" if mine
                else f"The computer played {count(len(ids), 'card')} on its last turn")
        lines = self.played_lines(ids)
        self.status.say(f"{head}, outlined on the table.", theme.HINT)  # the box lists them (and says them)
        message(self.app, "Cards played", f"{head}, outlined on the table:\n" + "\n".join(
            f"\u2022 {capital(line)}." for line in lines))

    def played_lines(self, ids: list[str]) -> list[str]:
        """The cards with these ids, one phrase per board group they lie in (in board order)."""
        wanted = set(ids)
        return [spoken.ids_phrase([i for i in g if i in wanted], self.board, self.aak)
                for _r, _c, g in self.board.groups() if wanted.intersection(g)]

    def show_statistics(self) -> None:
        """Games, wins, win %, total score and streaks for each level and in all (a game won with Help from
        Romi is a game played, not a win: counted in Games and listed apart)."""
        s = self.stats
        recs = [s.level(lv) for lv in romi_stats.LEVELS] + [s]
        lines = [("Games", lambda r: r.played), ("Won by you", lambda r: r.won),
                 ("Win %", lambda r: f"{round(100 * r.win_rate)} %" if r.played else "-"),
                 ("Won by the computer", lambda r: r.lost), ("Drawn", lambda r: r.drawn),
                 ("Your total score", lambda r: r.points_for), ("Computer's score", lambda r: r.points_against),
                 ("Winning streak", lambda r: r.streak), ("Longest streak", lambda r: r.longest),
                 ("Won with help (played, not a win)", lambda r: r.assisted)]
        rows = [[name, *(str(get(r)) for r in recs)] for name, get in lines]
        headers = ["", *(lv.capitalize() for lv in romi_stats.LEVELS), "All"]
        self.app.push(TableDialog(self.app, "Romi statistics", [("You against the computer", headers, rows)],
                                  ("Close",)))

    def level_locked(self) -> bool:
        """The game on the table keeps its level: it has begun (a move made or the computer at work), or its
        computer's cards have been seen.  A level chosen then applies to the next game, as the seed's
        Preferences do: a game begun at Beginner, cards seen, must never be counted as an Intermediate win."""
        if self.demo or self.is_over():
            return False
        begun = bool(self.history.moves) or self.job is not None or self.pending is not None
        return begun or self.cards_seen

    def set_level(self, level: str) -> None:
        self.chosen_level = level
        self.app.settings.game("romi")["level"] = level
        self.app.save_settings()
        if self.level_locked():
            if level == self.level:
                self.status.say(f"Level: {level.capitalize()}, the level of this game.")
            else:
                self.status.say(f"Level: {level.capitalize()} from the next game; this game stays at "
                                f"{self.level.capitalize()}.", theme.HILITE)
            return
        was = self.level
        self.level = level
        if level != "expert":
            self.clock = None
        elif was != "expert" and self.my_turn():
            self.clock_full = float(self.time_limit)
            self.clock = self.clock_full
        self.relayout()  # the computer's cards turn face down at once when they may no longer be seen
        self.status.say(f"Level: {level.capitalize()}.")

    def choose_expert(self) -> None:
        def pick(seconds: Any) -> None:
            # the new limit is for the turns to come: a running clock keeps the time it has left
            self.time_limit = int(seconds)
            self.app.settings.game("romi")["time_limit"] = self.time_limit
            running = self.clock is not None
            self.set_level("expert")
            if running:
                self.status.say(f"Time for a turn: {label(self.time_limit)} from your next turn (this turn "
                                "keeps the time it has left).", theme.HILITE)

        def label(t: int) -> str:
            return f"{t // 60} min {t % 60:02d} s" if t >= 60 else f"{t} seconds"
        choices = [(t, label(t)) for t in TIME_LIMITS]
        self.app.push(ChoiceDialog(self.app, "Expert: time for your turn", choices, self.time_limit, pick,
                                   note="When the sandglass runs out, Romi ends your turn for you."))

    def preferences_locked(self) -> bool:
        """The game on the table keeps its rule once begun (or while paused): a rule chosen then is kept for
        the next game, and said so — the menu item used to be greyed out with no reason given."""
        return bool(self.history.moves) or self.paused  # a finished game too: it is not dealt again (round 11)

    def preferences(self) -> None:
        locked = self.preferences_locked()

        def rule_name(aak: bool) -> str:
            return "Ace after King" if aak else "American Standard"

        def change(value: Any) -> None:
            self.app.settings.game("romi")["ace_after_king"] = bool(value)
            self.app.save_settings()
            if locked:  # this game keeps its rule; new_game takes the one saved
                self.next_aak = bool(value)
                if bool(value) == self.aak:
                    self.status.say(f"Rule: {rule_name(self.aak)}, the rule of this game.")
                else:
                    self.status.say(f"Rule: {rule_name(bool(value))} from the next game; this game stays at "
                                    f"{rule_name(self.aak)}.", theme.HILITE)
                return
            self.options = {"ace_after_king": bool(value)}
            self.new_game(self.seed)

        def pick(value: Any) -> None:
            if not locked and (self.job is not None or self.pending is not None):
                # the computer has begun its first move: dealing again would throw it away
                confirm(self.app, "Preferences", "The computer has already begun this deal. The new rule "
                        "deals it again from the start. Change the rule?", lambda: change(value),
                        yes="Deal again", no="Keep this deal")
            else:
                change(value)
        note = "Applies from the next game: this one keeps its rule." if locked else \
            "Sounds: the shared Options menu turns them on or off."
        chosen = self.aak if self.next_aak is None else self.next_aak
        self.app.push(ChoiceDialog(self.app, "Preferences", [
            (False, "American Standard: the Ace is low only (A-2-3)"),
            (True, "Ace after King as well (Q-K-A; never K-A-2)")], chosen, pick, note=note))

    def toggle_see_cards(self) -> None:
        if self.level != "beginner":
            self.status.say("The computer's cards can be seen at the Beginner level only.", theme.HILITE)
            return
        self.see_cards = not self.see_cards
        self.app.settings.game("romi")["see_cards"] = self.see_cards
        self.app.save_settings()
        self.relayout()

    def demonstration(self) -> None:
        """Start a Demonstration (the computer plays both hands); during one, the same command stops it."""
        if self.demo:
            self.stop_demonstration()
            return

        def go() -> None:
            self.new_game(demo=True)
        # the game left counts as a loss: the question says so and starts on Keep playing, as New's does
        self.ask_first("Demonstration", "Stop this game and watch the computer play both hands?", go, yes="Watch")

    def stop_demonstration(self) -> None:
        """A click, Escape or Game ▸ Stop demonstration: the demo's game is nobody's, so a new deal is yours."""
        if not self.demo:
            return
        self.new_game()
        self.status.say("Demonstration stopped: a new game is dealt for you. " + self.status.message)

    def pause(self) -> None:
        """Pause: the table is covered, the clock stops and every action but Continue is off (the buttons
        hide; a click on the pause screen, or Continue, goes on)."""
        if not self.paused and not self.is_over():
            self.paused = True
            self.select([])
            for b in self.buttons:
                b.visible = False
            self.status.say(f"Paused: click anywhere or choose Continue ({key(self.game, 'continue')}) to go on.")

    def resume_play(self) -> None:
        if self.paused:
            self.paused = False
            for b in self.buttons:
                b.visible = True
            self.say_turn()
            if self.job is None and self.pending is None and (self.state.turn == COMPUTER or self.demo):
                self.begin_turn()

    def unpaused(self) -> bool:
        return not self.paused

    # ---------------------------------------------------------------- menus
    def game_menu_extra(self) -> list:
        return [
            item("Demonstration", self.demonstration, key(self.game, "demonstration"),
                 enabled=lambda: self.unpaused() and not self.demo),
            item("Stop demonstration", self.stop_demonstration, enabled=lambda: self.demo),
            item("Pause", self.pause, key(self.game, "pause"), enabled=lambda: not self.paused),
            item("Continue", self.resume_play, key(self.game, "continue"), enabled=lambda: self.paused),
            item("-"),
        ]

    def extra_menus(self) -> list[Menu]:
        return [
            Menu("Level", [
                item("Beginner", lambda: self.set_level("beginner"),
                     checked=lambda: self.chosen_level == "beginner", enabled=self.unpaused),
                item("Intermediate", lambda: self.set_level("intermediate"),
                     checked=lambda: self.chosen_level == "intermediate", enabled=self.unpaused),
                item("Expert…", self.choose_expert, checked=lambda: self.chosen_level == "expert",
                     enabled=self.unpaused),
                item("-"),
                item("Preferences…", self.preferences),
                item("Sound events…", self.choose_sounds, submenu=True),
                item("See the computer's cards", self.toggle_see_cards, checked=lambda: self.see_cards,
                     enabled=lambda: self.level == "beginner" and not self.paused),
            ]),
            Menu("Utilities", [
                item("Undo move", self.undo_edit, key(self.game, "undo_move"),
                     enabled=self.my_turn),
                item("Sort", self.sort_button, key(self.game, "sort"), enabled=self.sort_ready,
                     refused=lambda: self.say_not_now("Sort")),
                item("Help from Romi", self.help_from_romi, key(self.game, "help_from_romi"), enabled=self.help_ready,
                     refused=self.help_refused),
                item("Cards played", self.cards_played, key(self.game, "cards_played"), enabled=self.unpaused),
                item("Validate", self.validate, key(self.game, "validate"), enabled=self.my_turn,
                     refused=lambda: self.say_not_now("Validate")),
                item("Restore the board", self.restore_board, key(self.game, "restore"), enabled=self.unpaused),
                item("Statistics…", self.show_statistics, key(self.game, "statistics")),
            ]),
        ]

    def game_over_box(self, state: rules.State, pts: tuple[int, int], left: tuple[int, int]) -> None:
        if state.winner == HUMAN and self.assisted:
            # not a win in the statistics, so not celebrated as one, whoever laid the last card (the player's
            # own last lay, after Help from Romi had played a turn, still set the cards bouncing)
            how = ("Help from Romi laid your last card" if len(self.history.moves) - 1 in self.help_moves
                   else "You laid your last card, in a game where Help from Romi played for you")
            game_over_dialog(self, "You won, with help", f"{how}: the game is marked as helped and not counted "
                             "as a win (Statistics lists it apart).", True, party=False)
        elif state.winner == HUMAN:
            # how it was won, in the rules' words: an empty stock and two passes end it on the lower hand (round
            # 16, a major by ear: "You laid your last card" was said of a win on two passes, 7 cards in hand)
            how = "You laid your last card" if not state.hands[HUMAN] else \
                f"Both passed with the stock empty: your hand ({left[0]}) is lower than the computer's ({left[1]})"
            held = cards_phrase(state.hands[COMPUTER])
            game_over_dialog(self, "You won!", f"{how}, and you score {count(pts[0], 'point')} (the computer's "
                             f"hand: {held}). Running score: you {self.stats.points_for}, "
                             f"computer {self.stats.points_against}.", True)
        elif state.winner == COMPUTER:
            how = "laid its last card" if not state.hands[COMPUTER] else \
                f"holds the lower hand ({left[1]} to your {left[0]}, both having passed with the stock empty)"
            game_over_dialog(self, "The computer won", f"The computer {how} and scores {count(pts[1], 'point')}. "
                             f"Running score: you {self.stats.points_for}, computer {self.stats.points_against}.",
                             False)
        else:
            game_over_dialog(self, "A draw", f"Both hands are worth {count(left[0], 'point')}: nobody scores.", False)

