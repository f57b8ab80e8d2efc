"""The Court menu and its options: level, Quick Play, cue cards, Must Follow Suit.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``CourtMenus`` is a mixin of
``CourtScene``; each option is saved in the Court settings as soon as it changes.
"""

from __future__ import annotations

from typing import Any

from game.court import keyboard, roundlog, rules
from game.court.shared import LEVEL_NAMES, LEVELS
from game.engine import theme
from game.engine.dialogs import confirm, message
from game.engine.roundbox import log_dialog
from game.engine.shortcuts import key
from game.engine.widgets import Menu, item


class CourtMenus:
    """The menu half of ``CourtScene`` (a mixin: ``self`` is the scene)."""

    app: Any

    def pref(self, key: str, value: Any) -> None:
        self.app.settings.game("court")[key] = value
        self.app.save_settings()

    def show_round_log(self) -> None:
        """Court ▸ Round log: the round so far, turn by turn (the last Rule Cue Card tells only one turn)."""
        h = self.history
        self.app.push(log_dialog(self.app, "Round log",
                                 roundlog.log_lines(h.states[:h.cursor + 1], h.moves[:h.cursor])))

    def quick_play_step(self) -> None:
        """With Quick Play the second card of your pair, whose place is forced, goes there by itself."""
        s = self.state
        if not (self.quick_play and s.phase == "draw" and s.draw_step == 1 and rules.current_player(s) == 0):
            return
        if self.table.animating or self.app.stack.top is not self or self.round_end is not None:
            return
        forced = rules.legal_moves(s)
        if len(forced) == 1:
            self.play(forced[0])

    def toggle_quick(self) -> None:
        self.quick_play = not self.quick_play
        self.pref("quick_play", self.quick_play)
        s = self.state
        if not self.quick_play and s.phase == "draw" and s.drawer == 0:
            self.revealed = True  # the card Quick Play turned stays turned
        self.relayout()
        # said first (round 10, by ear: choosing it said nothing of what it now is)
        self.status.say("Quick Play on: in the draw the deck turns for you and a forced card goes by itself."
                        if self.quick_play else "Quick Play off.")
        self.say_draw()  # the status line asks the question of the moment at once

    def toggle_cues(self) -> None:
        from game.engine import speech

        self.cue_cards = not self.cue_cards
        self.pref("cue_cards", self.cue_cards)
        # said, with the question of the moment that stays on the status line (it said nothing by ear)
        what = "on: each turn's rule is shown beside the scores" if self.cue_cards else "off"
        speech.announce(" ".join(f"Rule Cue Cards {what}. {self.status.message}".split()), force=True)

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
        busy = self.in_progress()
        lost = f" {self.abandon_words()}" if busy else ""
        confirm(self.app, "Must Follow Suit", f"Turn Must Follow Suit {'on' if new else 'off'}? "
                f"This starts a new game.{lost}", apply, yes="New game", no="Keep playing" if busy else "Cancel",
                safe=busy)

    def title_player(self) -> str | None:
        """Court plays as a named player (Court ▸ Player…): "Parlour — Affairs of the Court — Ann"."""
        return self.player

    def set_level(self, level: str) -> None:
        if level == self.level:
            return

        def apply() -> None:
            self.record_abandoned()  # at the level it was played at
            self.level = level
            self.pref("level", level)
            self.new_game()
        if self.tournament_active:
            message(self.app, "Difficulty", "The level cannot change during a tournament.")
        elif self.in_progress():
            confirm(self.app, "Difficulty", f"Play the {LEVEL_NAMES[level]} computer? This starts a new game. "
                    f"{self.abandon_words()}", apply, yes="New game", no="Keep playing", safe=True)
        else:
            apply()

    def extra_menus(self) -> list[Menu]:
        court = [
            item("Player…", self.choose_player, key(self.game, "player")),
            item("History…", self.show_history, key(self.game, "history")),
            item("Hint", self.hint, key(self.game, "hint")),
            item("Your discards…", self.show_discards, key(self.game, "discards")),
            item("Round log…", self.show_round_log, key(self.game, "round_log")),
            item("-"),
            item("Keep", lambda: keyboard.draw_key(self, "keep"), key(self.game, "keep")),
            item("Discard", lambda: keyboard.draw_key(self, "discard"), key(self.game, "discard")),
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
            item("Cancel tournament", self.cancel_tournament, enabled=lambda: self.tournament_active),
        ]
        return [Menu("Court", court)]
