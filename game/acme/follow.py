"""Following the play at the ACME table: Last trick, Round log, Finish round and Hint.

A mixin of `AcmeScene` (kept apart so the scene stays about input and timing):
it reads the scene's history, trick view and status line and never changes
the rules' state itself — Finish round has the rest of the round worked out in a worker thread and
laid on the table at once (no pause, beat or flight per play), and a Hint selects the Expert's cards
(framed in gold) and says what it would do.
"""

from __future__ import annotations

from collections.abc import Callable

from game.acme import drawing, rules
from game.acme.dialogs import LastTrickDialog, round_log_dialog
from game.acme.hintwords import pass_reason
from game.engine import theme, worker

#: more moves than any round has: a player that never ends the round cannot hang the worker
MAX_FINISH_MOVES = 2000


def expert_choice(obs: rules.Observation, n: int) -> rules.Move:
    """The Hint: the Expert's move for your seat at the round's ``n``-th move, the one Review compares yours
    with (`review.hint_choice`; run in a worker thread: it takes a while)."""
    from game.acme.review import hint_choice

    return hint_choice(obs, n)


def rest_of_round(state: rules.State, think: Callable[[rules.State], rules.Move]) -> list[rules.Move]:
    """The computers' moves from ``state`` to the round's end (run in a worker thread: each seat thinks on
    what it may see, as at its normal pace)."""
    moves: list[rules.Move] = []
    while not rules.is_over(state) and len(moves) < MAX_FINISH_MOVES:
        move = think(state)
        state = rules.apply(state, move)
        moves.append(move)
    return moves


class FollowThePlay:
    """What a player uses to follow the round: the views of past tricks, skipping the end, hints."""

    #: Finish round's work in progress: (the state it started from, the worker's job), or None
    finishing: tuple[rules.State, worker.Job] | None = None

    def ring_on_button(self, label: str) -> None:
        """The keyboard ring goes to the button that does the hint, so Enter does what it says (as Court's
        Hint puts it on its card): it stayed where it was, and Tab from there reached the first card of the
        hand, where Enter took that card into the selection instead."""
        target = next((x for x in self.focus.spots() if x.key == f"button {label}"), None)
        if target is not None:
            self.focus.visible = True
            self.focus.focus_on(target)

    def names(self) -> list[str]:
        return [drawing.seat_name(self, seat) for seat in range(5)]

    def round_states(self) -> list[rules.State]:
        return self.history.states[:self.history.cursor + 1]

    def show_last_trick(self) -> None:
        self.app.push(LastTrickDialog(self.app, self.round_states(), self.names()))

    def show_round_log(self) -> None:
        self.app.push(round_log_dialog(self.app, self.round_states(), self.names()))

    def can_finish_round(self) -> bool:
        """After you went out, the rest of the round plays at its pace — or at once, if you ask."""
        s = self.state
        return 0 in s.finished and not rules.is_over(s) and not self.fast_finish

    def finish_round(self) -> None:
        if not self.can_finish_round():
            return
        self.fast_finish = True
        if self.trick.release():
            self.relayout()
        # "plays it to the end at once" (round 9: the computers kept their pace, about 3 s of "thinking…"):
        # the rest is worked out off the frame loop and laid down in one frame, no pause, beat or flight
        self.computer.cancel()
        self.computer.paused = True
        self.finishing = (self.state, worker.submit(rest_of_round, self.state, self.think))
        self.status.say("Finishing the round…")

    def poll_finish(self) -> None:
        """Once Finish round's moves are worked out, play them all at once; then the summary, as ever."""
        if self.finishing is None:
            return
        start, job = self.finishing
        if not self.fast_finish or start is not self.state:  # a new round, a load: the answer is stale
            job.cancel()
            self.finishing = None
            self.computer.paused = False
            return
        if not job.done:
            return
        self.finishing = None
        self.computer.paused = False
        if job.error is not None:
            self.status.say(f"The computer player failed: {job.error}", theme.HILITE)
            return
        for move in job.result:
            self.history.push(move, rules.apply(self.state, move))
        self.clear_highlights()
        self.relayout(animate=False)
        self.check_over()

    def hint(self) -> None:
        """The Expert's choice for your seat, thought out in a worker thread on what your seat may see."""
        s = self.state
        if rules.is_over(s):  # (it said "A hint is given on your turn" over the round's summary, round 13)
            self.status.say("The round is over: there is nothing to hint. Deal (F2) starts the next round.",
                            theme.HILITE)
            return
        if rules.current_player(s) != 0:
            self.status.say("A hint is given on your turn.", theme.HILITE)
            return
        if self.hints.ask(s, rules.observe(s, 0), self.history.cursor + 1):  # the move's number, as Review counts
            self.status.say("Thinking of a hint…", theme.HINT)

    def poll_hint(self) -> None:
        move = self.hints.answer(self)
        if move is None:
            return
        self.selected = set(move.cards)  # the hint is selected: Play (or Enter on it) does what it says
        self.relayout()
        self.ring_on_button(self.play_label())  # Pass when the hint is to pass (nothing selected), else Play
        if move.kind == "pass":
            self.clear_highlights()
            self.status.say(f"Hint: pass: {pass_reason(self.state)} "
                            "The button says Pass: press it, or P.", theme.HINT)
            return
        self.highlight(list(move.cards), theme.GOLD)  # gold: the hint's own look (blue marks are other news)
        verb = "give" if move.kind == "give" else "play"
        they = "They are" if len(move.cards) > 1 else "It is"
        self.status.say(f"Hint: {verb} {rules.describe_cards(move.cards)}. {they} selected and framed in gold: "
                        "press Play (Enter on the Play button).", theme.HINT)
