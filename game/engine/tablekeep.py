"""Keeping the game on the table for the next start, and "Resume it?" when the table opens.

The kept game is handed to its writer thread after every completed move (``keep_moves``, once a frame), so a
SIGKILL or a power cut loses at most the move in flight; closing the window (``on_quit``) or going to the
main menu keeps it now and says so when it cannot.  Opening a table offers a kept game this window may
claim (`saves.keptslots`).  Split out of ``table.py``; ``TableKeeping`` is a mixin of ``TableScene``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.dialogs import MessageDialog, message
from saves import games as saved_games
from saves import keptslots, store
from saves.keeper import WRITER
from saves.recordqueue import QUEUE as RECORDS

#: closing with records still waiting for a busy data folder waits this long for it, then asks
CLOSE_RECORDS_WAIT_S = 1.0
RECORDS_WAITING_SHORT = "Statistics not written yet"
RECORDS_WAIT_WORDS = ("Your statistics are not written yet: another Parlour window is keeping the data folder "
                      "busy. This window keeps trying and says so once they are written.")


class TableKeeping:
    """The kept-game half of ``TableScene`` (a mixin: ``self`` is the table)."""

    app: Any
    game: str
    title: str
    seed: int
    seed_given: bool
    history: Any
    status: Any
    resume_pending: bool
    _entered: bool
    _offer_resume: bool
    _keep_told: bool
    _records_told: bool
    _kept_key: tuple[Any, ...] | None

    def on_enter(self) -> None:
        if self._entered:
            return
        self._entered = True
        if self._offer_resume:
            self.offer_resume()
        if not self.resume_pending and not self.seed_given:
            self.deal_as_options_ask()

    def deal_as_options_ask(self) -> None:
        """The deal made when the table opened is random: a table whose options ask for a kind of deal (the
        solitaires' "Winnable deals only") deals one of that kind here — on opening, and after "New game"
        to "Resume it?". Every way to a new deal honours every option."""

    def waiting_for_deal(self) -> bool:
        """A new deal is being looked for (Winnable deals only): the table shows no cards and takes no
        clicks until it is there, so no move is made on a deal about to vanish."""
        return False

    def turn_words(self) -> str:
        """Why the player cannot act now because a computer seat is to play (ACME, Court, Romi), or '' when
        they can: a press of a button greyed for that reason, or a key for it, is answered in these words,
        never dropped in silence (issue 33: a fast click during the computer's play)."""
        return ""

    def waiting_words(self) -> str:
        """What the status line says while `waiting_for_deal`."""
        return "Looking for a deal\u2026"

    #: opened from a main-menu tile marked "Resume": the kept game is resumed without asking "Resume it?" again
    resume_without_asking = False
    #: the answer "Resume" the main menu's tile gave, acted on at the first frame (`resume_as_chosen`)
    _resume_chosen: Callable[[], None] | None = None

    def kept_game_name(self, data: dict[str, Any]) -> str:
        """What the kept game is called in "Resume it?" (a table with variations names the kept one's)."""
        return str(self.title)

    def offer_resume(self) -> None:
        """Ask "Resume it?" about a kept game this window may take (`saves.keptslots`: one another window
        offers or plays is not offered here, and saying which one when two are kept)."""
        path = keptslots.claim_to_offer(self.game)
        if path is None:
            return
        try:
            data = saved_games.read_resume(self.game, self.title, path)
        except store.SaveError as err:
            moved = store.quarantine(path)
            kept = f" The file was kept aside as {moved.name}." if moved else ""
            message(self.app, "Unfinished game", f"Your unfinished game could not be restored: {err}{kept}")
            return
        if data is None:
            return
        name = self.kept_game_name(data)
        question = f"You left a game of {name} unfinished. Resume it?"
        others = len(keptslots.kept(self.game)) - 1
        if others > 0:
            question = (f"You left {others + 1} games of {name} unfinished. "
                        f"This one, {keptslots.describe(path, data)}: resume it? The other"
                        f"{'s stay' if others > 1 else ' stays'} kept for the next window.")
        # "New game" leaves the kept game: say what it counts as (declined_resume; '' where it counts nothing)
        question = " ".join(filter(None, (question, self.declining_words(data))))

        def yes() -> None:
            self.resume_pending = False
            self.app.invalidate()
            try:
                self.load_data(data)
                self.status.say("Welcome back: your game is as you left it.")
                self.after_resumed()
            except store.SaveError as err:
                moved = store.quarantine(path)
                kept = f" The file was kept aside as {moved.name}." if moved else ""
                message(self.app, "Unfinished game", f"{err}{kept}")

        def no() -> None:
            self.resume_pending = False
            self.declined_resume(data)
            self.forget_kept()
            self.relayout(stagger=0.02, spawn=self.deal_origin())
            self.deal_as_options_ask()

        def answer(label: str) -> None:
            (yes if label == "Resume" else no)()

        if self.resume_without_asking:  # the player chose the tile marked Resume: that was the answer
            # ... acted on at the first frame, not here in on_enter: the table is not laid out yet (Forty
            # Thieves' stacks have no places), and an answer given now would let on_enter go on to deal
            # ("Winnable deals only" replaced the resumed game with a new deal and counted it as lost).
            self.resume_pending = True
            self._resume_chosen = yes
            self.app.invalidate()
            return

        # Escape keeps the unfinished game (the choice that loses nothing); closing the window
        # before answering leaves the kept file untouched (keep_for_next_time).
        self.resume_pending = True
        self.app.stack.push(MessageDialog(self.app, "Unfinished game",
                                          question,
                                          ("Resume", "New game"), answer, default=0, cancel="Resume"))

    def resume_as_chosen(self) -> None:
        """At the frame after opening: resume the kept game the main menu's Resume tile chose."""
        chosen, self._resume_chosen = self._resume_chosen, None
        if chosen is not None:
            chosen()

    def after_resumed(self) -> None:
        pass

    def record_abandoned(self) -> None:
        """A game left after the player's first move counts once, as given up (the solitaires' statistics)."""

    #: True for tables whose statistics count a game left unfinished (record_abandoned does something)
    counts_abandoned = False

    def declining_words(self, data: dict[str, Any]) -> str:
        """What "New game" to "Resume it?" counts the kept game ``data`` as, said in the question ('' when
        nothing: the question then says nothing of counting). The same rule as the table's abandon_words."""
        return ""

    def declined_resume(self, data: dict[str, Any]) -> None:
        """"New game" to "Resume it?" leaves the kept game: where a game left unfinished counts, it counts
        now, once, as given up — declining the question must not be a free escape from a losing game. The
        fresh deal behind the question is then dealt again, as it was."""
        if not self.counts_abandoned:
            return
        seed, first = self.seed, self.history.first
        try:
            self.load_data(data)
        except store.SaveError:
            return  # an unreadable kept game counts nothing (it is reported when it is set aside)
        self.after_resumed()
        self.record_abandoned()
        self.start_game(first, seed, sound="")

    def keep_for_next_time(self) -> str | None:
        """Keep the game in progress for the next start (or forget a finished one), now.

        Returns None, or a plain-words message when the game could not be kept.  While the
        "Resume it?" question is unanswered the kept game is left exactly as it was.
        """
        if self.resume_pending:
            return None
        self._kept_key = None
        self.keep_moves()
        WRITER.flush()
        return WRITER.problems.get(self.game) if self.worth_keeping() else None

    def worth_keeping(self) -> bool:
        """The game on the table is the player's own game in progress, kept for "Resume it?" (and the main
        menu's Resume badge). A table whose computer can play the player's game (Aces Up's demo) says no for
        a game it played: a demo's game offered back as the player's was then counted as theirs."""
        return bool(self.in_progress())

    def keep_moves(self) -> None:
        """After every completed move (called once a frame: cheap when nothing changed), hand the game
        to the kept game's writer thread, or have it forget a game that is over or not begun: a SIGKILL,
        a lost display or a power cut then loses at most the move in flight."""
        if not self._entered or self.resume_pending:
            return
        progress = self.worth_keeping()
        key = (id(self.history), self.history.cursor, len(self.history.moves), progress, self.kept_extra())
        if key == self._kept_key:
            return
        self._kept_key = key
        if progress:
            WRITER.keep(self.game, self.title, self.save_data_later())
        else:
            WRITER.clear(self.game)

    def kept_extra(self) -> Any:
        """What the kept game holds besides the moves that changes between them (Romi's board, arranged
        within a turn): when it changes the kept game is written again.  Cheap: asked once a frame."""
        return None

    def forget_kept(self) -> None:
        """Forget the kept game now, if it is this window's (a round left with its penalty, a kept game
        declined)."""
        WRITER.clear(self.game)
        WRITER.flush()

    def _not_kept(self, problem: str) -> str:
        return (f"Your unfinished game of {self.title} could not be kept for next time. {problem} "
                "Close the window again to quit without it.")

    def on_session_end(self) -> None:
        """Kept as it stands, with no question (ACME's Exit and its penalty are the player's choice, not a
        logout's), and the records given their moment to be written."""
        self.keep_for_next_time()
        if RECORDS.waiting():
            RECORDS.flush(CLOSE_RECORDS_WAIT_S)

    def on_quit(self) -> bool:
        problem = self.keep_for_next_time()
        if problem and not self._keep_told:
            # A double-clicked program has no console: say it on screen, once, and stay open
            # so the player can read it (a second close quits).
            self._keep_told = True
            message(self.app, "Game not kept", self._not_kept(problem))
            return False
        if RECORDS.waiting() and not RECORDS.flush(CLOSE_RECORDS_WAIT_S) and not self._records_told:
            self._records_told = True
            message(self.app, "Records not written", f"{RECORDS_WAIT_WORDS} Close the window again to quit "
                                                     "without them.")
            return False
        return True

    def to_main_menu(self) -> None:
        from game.mainmenu import MainMenu

        problem = self.keep_for_next_time()
        self.app.replace(MainMenu(self.app))
        if problem:
            message(self.app, "Game not kept", f"Your unfinished game of {self.title} could not be kept for "
                                               f"next time. {problem}")
