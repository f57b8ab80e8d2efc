"""ACME seniority kept honest: however a round is left unfinished, it is Exit; a round counts once;
a round is dealt by Deal.

The seed's rule: leaving a round unfinished demotes the leaver to Apprentice for
the next round.  Change Player and Exit always warned and demoted; closing the
window, going to the main menu and loading another game left the same way
without either.  `AcmeTable` gives every one of those the same warning and
the same demotion (saving first does not avoid it: see `help.LEAVE_RULE`).

A round counts once: its key (`saves.acme_profiles.round_key`: the deal number
and the dealt position) is kept with the player, so a round saved, finished,
then loaded and finished again is not counted — nor its seating applied — twice.

Choosing a player (new or existing) no longer deals at once: the table waits,
empty, for Deal (F2), so switching straight back warns of nothing (nothing was
played).

`Seniority` is a mixin: `game.acme.scene.AcmeTable` is `AcmeScene` with these rules on top (the table
`create_scene` makes), kept apart so the table's drawing and play code stay as they are. As a mixin it never
imports the scene, so the two modules do not import each other.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.acme import rules
from game.acme.drawing import SEAT_EDGE, seat_fill
from game.acme.seats import SEAT_NAMES
from game.cards import new_deal_number
from game.engine import theme
from game.engine.dialogs import MessageDialog, confirm
from game.engine.history import History
from game.engine.shortcuts import key
from game.engine.table import TableScene
from saves import acme_profiles as AP
from saves import games as saved_games
from saves import store


class Seniority:
    """The ACME table with its seniority kept honest."""

    def __init__(self, app, seed: int | None = None, resume: bool = True, **options: Any) -> None:
        # Nothing is dealt until Deal: at a player's start (no deal number asked for), after a player
        # is chosen and after Exit.  A table opened for a given deal (screenshot, tests) shows it.
        self.awaiting = seed is None
        self._leave_on_load = False
        self._leaving_key: str | None = None  # the round a Load leaves: counted once, as Apprentice
        super().__init__(app, seed, resume, **options)
        if self.awaiting and not self.book.warning:
            self.say_turn()

    # ------------------------------------------------------------ leaving = Exit
    def must_warn(self) -> bool:
        return self.profile is not None and self.in_round() and not self._left

    def _asking(self, title: str) -> bool:
        top = self.app.stack.top
        return isinstance(top, MessageDialog) and top.title == title

    def on_quit(self) -> bool:
        """Closing the window mid-round is Exit: the same question, and the same demotion if confirmed.
        Closing again while that question is open answers it (Exit): a second close, or a logout's SIGTERM
        after the first, must end the program, and leaving the round that way is Exit all the same."""
        if self.must_warn():
            if not self._asking("Exit"):
                self.exit_game()
                return False
            self.leave()
            self._left = True
            self.forget_kept()
        return super().on_quit()

    def to_main_menu(self) -> None:
        if self.must_warn():
            if not self._asking("Main menu"):
                confirm(self.app, "Main menu", self.leave_warning("leaves") + " Leave anyway?", self._leave_to_menu,
                        yes="Leave", no="Keep playing", safe=True)
            return
        super().to_main_menu()

    def _leave_to_menu(self) -> None:
        self.leave()
        self._left = True  # the penalty is paid: nothing to keep for next time
        TableScene.to_main_menu(self)

    def load_dialog(self) -> None:
        """Loading over a round in progress leaves it: warn first; the demotion comes once the load has worked."""
        self._leave_on_load = False
        if self.must_warn():
            def go() -> None:
                self._leave_on_load = True
                self._leaving_key = self.round_key()  # the loaded file replaces the round: name it now
                TableScene.load_dialog(self)
            confirm(self.app, "Load", self.leave_warning("loads another round") + " Load anyway?", go,
                    yes="Choose a round", no="Keep playing", safe=True)
            return
        super().load_dialog()

    def ask_first(self, title: str, question: str, action, yes: str = "Yes") -> None:
        """The round's own warning (Apprentice next round) was answered before the file was chosen: one
        question is enough."""
        if self._leave_on_load:
            action()
        else:
            super().ask_first(title, question, action, yes)

    def after_loaded_by_player(self) -> None:
        if self._leave_on_load and self.profile is not None:
            self._leave_on_load = False
            AP.leave_round(self.profile, self._leaving_key)
            problem = AP.save_profiles(self.book)
            self.status.say(problem or f"The unfinished round was left: {self.profile.name} will be Apprentice "
                            "in the next round dealt.", theme.HILITE)
        super().after_loaded_by_player()

    def after_load(self, extra: dict[str, Any]) -> None:
        self.awaiting = False
        super().after_load(extra)

    # ------------------------------------------------------------ "Resume it?" answered New game
    def _kept_round_key(self, data: dict[str, Any]) -> str | None:
        """The round key of a kept round still under way (None: none, unreadable, or over)."""
        try:
            replayed = saved_games.replay(rules, data)
        except store.SaveError:
            return None
        if rules.is_over(replayed.states[replayed.cursor]):
            return None
        return AP.round_key(replayed.seed, rules.to_dict(replayed.states[0]))

    def declining_words(self, data: dict[str, Any]) -> str:
        """Declining a kept round leaves it, as Exit does (round 13, a fresh player: the question said nothing
        of it, and declining cost nothing: a round could be dodged by ending the program and saying New game)."""
        if self.profile is None or self._kept_round_key(data) is None:
            return ""
        return f"New game leaves that round: {self.profile.name} {self.becomes_apprentice()} Apprentice next round."

    def declined_resume(self, data: dict[str, Any]) -> None:
        key = self._kept_round_key(data)
        if self.profile is None or key is None:
            return
        AP.leave_round(self.profile, key)
        problem = AP.save_profiles(self.book)
        self.player_chosen()  # the seats as the next deal has them, nothing dealt until Deal
        self.status.say(problem or f"The unfinished round was left: {self.profile.name} will be Apprentice in the "
                        "next round dealt.", theme.HILITE)

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        self.awaiting = False
        super().start_game(state, seed, sound)

    def say_turn(self) -> None:
        if not self.awaiting:
            super().say_turn()
            return
        who = f"{self.profile.name}, you are" if self.profile is not None else "You are"
        role = rules.ROLE_NAMES[rules.role_of(self.state, 0)]
        self.status.say(f"{who} {role}. Press Deal ({key(self.game, 'deal')}) to deal the round.")

    # ------------------------------------------------------------ a round counts once
    def round_key(self) -> str:
        return AP.round_key(self.seed, rules.to_dict(self.history.first))

    def on_game_over(self, state: rules.State) -> None:
        this = self.round_key()
        again = self.profile is not None and not self.recorded and AP.counted_before(self.profile, this)
        self.counted_again = again  # the summary says so above its places (round 13: they read as new roles)
        if again:
            self.recorded = True  # no count and no new seating
        counting = self.profile is not None and not self.recorded
        super().on_game_over(state)
        if again and self.profile is not None:
            role = rules.ROLE_NAMES[self.profile.role()]
            self.status.say("Round over. This round was counted before (it was loaded again): it is not "
                            f"counted twice, and you stay {role} for the next round. "
                            f"Press Deal ({key(self.game, 'deal')}) for the next round.", theme.GOLD)
        elif counting and self.recorded and self.profile is not None:
            AP.mark_counted(self.profile, this)
            AP.save_profiles(self.book)

    # ------------------------------------------------------------ dealt by Deal
    def new_round(self, seed: int | None = None) -> None:
        if self.awaiting and seed is None:
            seed = self.seed  # the deal number the waiting table shows is the one dealt
        self.awaiting = False
        super().new_round(seed)

    def player_chosen(self) -> None:
        """A player was chosen: show his table's seats, deal nothing until Deal."""
        self.computer.cancel()
        self.selected = set()
        self.recorded = False
        self.seed = new_deal_number()  # a fresh deal waits (the last round's number is not dealt again)
        self.history = History.start(self.new_state(self.seed))
        self.over_shown = False
        self.awaiting = True
        self.table.sprites.clear()
        self.relayout(animate=False)

    def layout(self, state: rules.State) -> dict:
        return {} if self.awaiting else super().layout(state)

    def in_round(self) -> bool:
        return not self.awaiting and super().in_round()

    def is_computer(self, state: rules.State) -> bool:
        return not self.awaiting and super().is_computer(state)

    def on_click(self, sprite: Any, pos: tuple[int, int]) -> None:
        if self.awaiting:
            self.status.say("Press Deal (F2) to deal the round.")
            return
        super().on_click(sprite, pos)

    def play_enabled(self) -> bool:
        return self.awaiting or super().play_enabled()

    def press_play(self) -> None:
        if self.awaiting:
            self.deal()
            return
        super().press_play()

    def play_label(self) -> str:
        return "Deal" if self.awaiting else super().play_label()

    def save_dialog(self) -> None:
        if self.awaiting:
            self.refuse("Nothing is dealt yet: press Deal (F2) for the round.")
            return
        super().save_dialog()

    def draw_table(self, surface: pygame.Surface) -> None:
        if self.awaiting:
            self.draw_awaiting(surface)
            return
        super().draw_table(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if not self.awaiting:
            super().draw_overlay(surface)

    def draw_awaiting(self, surface: pygame.Surface) -> None:
        """The seats with this player's seniorities, and what to do: no card of any deal shows."""
        for seat, r in self.seat_rects.items():
            role = rules.role_of(self.state, seat)  # the table that will be dealt: what the status line says
            theme.panel(surface, r, seat_fill(role), theme.board_line(SEAT_EDGE), radius=10)
            name = (self.profile.name if self.profile else "You") if seat == 0 else SEAT_NAMES[seat]
            theme.text(surface, name, (r.x + 12, r.y + 8), 22, theme.WHITE, bold=True)
            theme.text(surface, rules.ROLE_SHORT[role], (r.x + 12, r.y + 32), 20,
                       theme.GOLD if role == 0 else (210, 225, 210))
        cx, cy = self.trick_center
        theme.text(surface, "Press Deal (F2) to deal the round", (cx, cy), 26, theme.GOLD, anchor="center",
                   bold=True)
