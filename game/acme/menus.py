"""ACME's named player and its menus: choosing the player (the name in the title bar), leaving a round
unfinished (Change Player, Exit: the leaver is Apprentice next round, after a confirm), the statistics, and the
Game and Options menus built around them.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``AcmeMenus`` is a mixin of
``AcmeScene``; ``game.acme.seniority`` overrides ``player_chosen`` (the round then waits for Deal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.acme import rules
from game.acme.dialogs import StatisticsDialog
from game.acme.help import LEAVE_RULE
from game.engine import theme
from game.engine.dialogs import TextInputDialog, confirm
from game.engine.shortcuts import key
from game.engine.widgets import Menu, item
from saves import acme_profiles as AP


class AcmeMenus:
    """The player-and-menus half of ``AcmeScene`` (a mixin: ``self`` is the scene)."""

    app: Any
    game: str
    seed: int
    history: Any
    state: Any
    status: Any
    profile: Any
    book: Any
    _entered: bool
    _offer_resume: bool
    resume_pending: bool
    _left: bool

    def on_enter(self) -> None:
        first = not self._entered
        super().on_enter()
        # a guest's kept round asks "Resume it?" first, alone (round 14: the name box came up over it, over an
        # empty table); Change Player stays in the Game menu
        if first and self.profile is None and self._offer_resume and not self.resume_pending:
            self.change_player()

    def title_player(self) -> str | None:
        """The player's name in the window's title bar, as the help says ("Parlour — ACME — Ann")."""
        return self.profile.name if self.profile is not None else None

    def change_player(self) -> None:
        self.ask_to_leave("Change Player", "leaves", "Change player", self.ask_name)

    def ask_to_leave(self, title: str, doing: str, yes: str, then: Callable[[], None]) -> None:
        """Change Player and Exit leave a round the same way: a named player mid-round is asked first ("<yes>
        anyway?", with the demotion's words) and, if he confirms, leaves (Apprentice next round) and ``then``
        goes on; otherwise ``then`` goes on at once.  (The two questions were built twice, word for word.)"""
        if self.in_round() and self.profile is not None:
            confirm(self.app, title, f"{self.leave_warning(doing)} {yes} anyway?", lambda: (self.leave(), then()),
                    yes=yes, no="Keep playing", safe=True)
        else:
            then()

    def leave_warning(self, doing: str) -> str:
        """Every way of leaving a round mid-way asks with these words: the demotion, and what a save does not
        do (help.LEAVE_RULE, the Help's and README's sentence)."""
        name = self.profile.name
        return (f"The round is not finished. If {name} {doing} now, {name} {self.becomes_apprentice()} Apprentice next "
                f"round. {LEAVE_RULE}")

    def becomes_apprentice(self) -> str:
        """'becomes', or 'stays' for a player already Apprentice at the table ("becomes" read as news, round
        14)."""
        roles = list(self.profile.roles) if self.profile is not None else []
        return "stays" if roles and roles.index(0) == len(roles) - 1 else "becomes"

    def leave(self) -> None:
        if self.profile is not None and self.in_round():
            AP.leave_round(self.profile, AP.round_key(self.seed, rules.to_dict(self.history.first)))
            problem = AP.save_profiles(self.book)
            if problem:
                self.status.say(problem, theme.HILITE)
            self.forget_kept()

    def ask_name(self) -> None:
        names = self.book.names()
        prompt = "Your name:" if not names else "Your name (players: " + ", ".join(names[:5]) + \
            ("…" if len(names) > 5 else "") + "):"

        def check(text: str) -> str | None:
            try:
                AP.clean_name(text)
            except ValueError as err:
                return str(err)
            return None

        def ok(text: str) -> None:
            new = self.book.find(AP.clean_name(text)) is None
            self.profile = self.book.select(text)
            self.show_title()
            problem = AP.save_profiles(self.book)
            self.player_chosen()
            role = rules.ROLE_NAMES[rules.role_of(self.state, 0)]
            # why this role: a new player's first seats are drawn at random (rules/acme.md), later ones are
            # the last round's finishing order (or Apprentice after a round left unfinished)
            why = ("a new player's first round seats everyone at random" if new else
                   "your seat comes from your last round")
            self.status.say(problem or f"Welcome, {self.profile.name}: you are {role} ({why}). "
                            f"Press Deal ({key(self.game, 'deal')}) to deal the round.",
                            theme.HILITE if problem else
                            theme.WHITE)
        # a named player may go back to playing as a guest (round 15: three fresh players found no way back;
        # Cancel keeps the player chosen)
        guest = ("Play as guest", self.play_as_guest) if self.profile is not None else None
        self.app.push(TextInputDialog(self.app, "Player", prompt, ok, "", check, max_len=AP.MAX_NAME, other=guest))

    def play_as_guest(self) -> None:
        """No player: no seniority kept, no statistics; the table waits for Deal, as after a name.  The book
        forgets its last player, so the next start is a guest's too (round 16, a major: a guest's kept round
        came back as the last named player's, and counted in his statistics)."""
        self.profile = None
        self.book.last = None
        problem = AP.save_profiles(self.book)
        if problem:
            self.status.say(problem, theme.HILITE)
        self.show_title()
        self.player_chosen()
        self.status.say("Playing as a guest: no seniority to keep and no statistics. "
                        f"Press Deal ({key(self.game, 'deal')}) to deal the round.")

    def player_chosen(self) -> None:
        """A player was chosen (see game.acme.seniority: the round waits for Deal)."""
        self.new_round()

    def exit_game(self) -> None:
        self.ask_to_leave("Exit", "exits", "Exit", self._quit)

    def _quit(self) -> None:
        self._left = True  # the penalty is paid: nothing to keep for next time
        self.forget_kept()
        self.app.request_quit()

    def show_statistics(self) -> None:
        self.app.push(StatisticsDialog(self.app, self.profile))

    def clear_statistics(self) -> None:
        if self.profile is None:
            self.status.say("Choose a player first (Game > Change Player).")
            return
        name = self.profile.name

        def yes() -> None:
            AP.clear_statistics(self.profile)
            problem = AP.save_profiles(self.book)
            self.status.say(problem or f"Statistics of {name} cleared.")
        confirm(self.app, "Clear Statistics", f"Clear all the statistics of {name}?", yes, yes="Clear",
                no="Cancel", safe=True)

    def build_menus(self) -> list[Menu]:
        menus = super().build_menus()
        game = menus[0]
        keep = [it for it in game.items if it.label not in ("New", "Restart", "Select deal…", "Exit")]
        items = [item("Change Player…", self.change_player, key(self.game, "change_player")),
                 item("Deal", self.deal, key(self.game, "deal")),
                 # greyed when passing is not allowed (it read as available after the round was over); P pressed
                 # then still says why, on the status line
                 item("Pass", self.press_pass, key(self.game, "pass"), enabled=self.pass_enabled,
                      refused=self.press_pass),
                 item("Statistics…", self.show_statistics, key(self.game, "statistics")),
                 item("-"),
                 item("Hint", self.hint, key(self.game, "hint")),
                 item("Last trick…", self.show_last_trick, key(self.game, "last_trick")),
                 item("Round log…", self.show_round_log, key(self.game, "round_log")),
                 item("-")] + keep + [item("Exit", self.exit_game, key(self.game, "exit"))]
        # never two separators in a row (the kept part may begin with one)
        game.items = [it for i, it in enumerate(items) if not (it.separator and i and items[i - 1].separator)]
        for m in menus:
            if m.title == "Options":
                m.items = m.items + [item("-"), item("Clear Statistics…", self.clear_statistics)]
        return menus
