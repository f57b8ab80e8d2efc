"""'Show a winning move' for a solitaire: the solver's move, which makes the game *assisted*.

Hint is fair: it asks the auto-player, which sees only what the player sees.
The solver reads the hidden stock, so a move it finds is knowledge the player
could not have had.  Showing one is therefore a separate, clearly named command
that looks first and, when it has found a move, asks before it shows it and marks
the game *assisted* (nothing found: nothing shown, no question and no mark): from then on it is not scored,
stays out of the high scores and the statistics, and says so on the table (a
game already under way counts once, as given up, at that moment — as when the
player hands it to the demo).  The winnable light only says whether the deal
can still be won, never how, so it stays as it is.

The search runs in a worker thread.  A move that leaves the position the same up
to the order of the piles (an Aces Up card alone on its pile moved to an empty
one) is shown only when no other move keeps the game winnable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import theme, worker
from game.engine.dialogs import confirm

#: What the README and the confirm box call an assisted game (a table with high scores: Forty Thieves).
ASSISTED_NOTE = ("The solver reads the cards you cannot see, so this game becomes assisted: no score, "
                 "no high score, and it is left out of the statistics.")
#: The same for a table without high scores (Aces Up): it must not promise to take away what is not there.
ASSISTED_NOTE_NO_HIGH_SCORES = ("The solver reads the cards you cannot see, so this game becomes assisted: "
                                "no score, and it is left out of the statistics.")

#: An assisted game's score, the same on both solitaires (the Help: an assisted game is not scored): the score
#: box's words beside its dash, and the end box's line in place of a score.
ASSISTED_UNSCORED = "assisted: not scored"
ASSISTED_SCORE_LINE = "An assisted game: not scored, not in the statistics."


@dataclass(frozen=True)
class Found:
    """The answer: ``move`` (None when none was found) and the solver's verdict for the position."""

    move: Any
    winnable: bool | None


def find_winning_move(state: Any, rules: Any, solve: Callable[..., Any], pointless: Callable[[Any, Any], bool],
                      node_budget: int, time_limit_s: float, known: Any = None) -> Found:
    """The first move of a winning line, avoiding pointless moves when another move also wins.

    ``known`` is a solver result already computed for ``state`` (the winnable light's), used if given.
    Runs in a worker thread: pure, no pygame."""
    res = known if known is not None else solve(state, node_budget=node_budget, time_limit_s=time_limit_s)
    if res.winnable is not True or not res.line:
        return Found(None, res.winnable)
    first = res.line[0]
    if not pointless(state, first):
        return Found(first, True)
    for move in rules.legal_moves(state):
        if move == first or pointless(state, move):
            continue
        if solve(rules.apply(state, move), node_budget=node_budget, time_limit_s=time_limit_s).winnable:
            return Found(move, True)
    return Found(first, True)  # the only winning move: moving that card changes which cards land where


class WinningMove:
    """The command, its confirm box and its worker job, for one table.

    The scene supplies ``solve``, ``pointless(state, move)``, ``make_assisted()`` (mark the game, count it as
    given up if under way) and ``show(move, note)`` (highlight and say the move)."""

    def __init__(self, scene: Any, solve: Callable[..., Any], pointless: Callable[[Any, Any], bool],
                 node_budget: int = 400_000, time_limit_s: float = 3.0, lost: str = "",
                 note: str = ASSISTED_NOTE) -> None:
        self.scene = scene
        self.note = note
        self.lost = lost or "No move can win this game any more."
        self.solve = solve
        self.pointless = pointless
        self.node_budget = node_budget
        self.time_limit_s = time_limit_s
        self.job: tuple[Any, worker.Job] | None = None
        self.shown: Any = None  # the last move shown

    def ask(self) -> None:
        """The menu command: look first; a move found is shown after a confirm unless the game is already
        assisted.  When none is found nothing is shown, so the game is neither marked nor warned about."""
        if self.scene.is_over() or self.job is not None:
            return
        self.start()

    def _offer(self, move: Any) -> None:
        """A move was found for a game not yet assisted: say what showing it costs, then show it."""
        scene = self.scene
        asked = scene.state
        under_way = self.counting_words()

        def accept() -> None:
            if scene.state != asked or scene.is_over():
                return  # the player moved meanwhile: that move is for another position
            scene.make_assisted()
            self.shown = move
            scene.show_winning_move(move)

        def decline() -> None:
            scene.status.say("No move was shown: the game is not assisted.", theme.HINT)
        confirm(scene.app, "Show a winning move", "A winning move was found. " + self.note + under_way
                + " Show it?", accept, yes="Show it", no="Cancel", on_no=decline)

    def counting_words(self) -> str:
        """What showing the move does to the statistics, as `make_assisted` does it (record_abandoned, by the
        table's leaving_counts): a game under way counts as given up; a practice game (after Undo) or one
        counted already is not counted by it at all (round 8: a practice game was told it counted as given up)."""
        scene = self.scene
        if scene.leaving_counts():
            return " You have already played: this game counts as given up."
        if getattr(scene.state, "practice", False):
            return " This is a practice game: it is not counted in the statistics either way."
        if scene.player_moved:
            return " This game has been counted already: it does not count again."
        return ""

    def start(self) -> None:
        scene = self.scene
        state = scene.state
        watch = getattr(scene, "watch", None)
        known = watch.result() if watch is not None and watch.enabled else None
        self.job = (state, worker.submit(find_winning_move, state, scene.rules, self.solve, self.pointless,
                                         self.node_budget, self.time_limit_s, known))
        scene.status.say("Looking for a winning move\u2026", theme.HINT)

    def cancel(self) -> None:
        if self.job is not None:
            self.job[1].cancel()
        self.job = None

    @property
    def busy(self) -> bool:
        return self.job is not None

    def poll(self) -> None:
        """Show the answer once the job is done, if the position is still the one asked about."""
        if self.job is None or not self.job[1].done:
            return
        asked, job = self.job
        self.job = None
        scene = self.scene
        if job.cancelled or asked != scene.state:
            return
        if job.error is not None:
            scene.status.say(f"The solver could not look: {job.error}", theme.HILITE)
            return
        found: Found = job.result
        if found.move is not None and not scene.assisted:
            scene.status.say("A winning move was found.", theme.HINT)
            self._offer(found.move)
        elif found.move is not None:
            self.shown = found.move
            scene.show_winning_move(found.move)
        elif found.winnable is False:
            scene.status.say(self.lost, theme.HINT)
        else:
            scene.status.say("The solver found no winning move in the time it had.", theme.HINT)
