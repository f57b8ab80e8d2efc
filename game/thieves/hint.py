"""The Forty Thieves Hint and Show a winning move: asked in the background, shown as a highlight and a line.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``ThievesHint`` is a mixin of
``ThievesScene``; the scene polls the worker job and the solver in ``update``.
"""

from __future__ import annotations

from typing import Any

from game.engine import speech, theme, worker
from game.thieves import players, review, rules
from game.thieves.rules import Take


class ThievesHint:
    """The hint half of ``ThievesScene`` (a mixin: ``self`` is the scene)."""

    state: Any

    def hint(self) -> None:
        """Fair: ask the auto-player, which sees only the player's view (never the stock), in a worker thread
        so a frame never waits for it.  The solver's move is Show a winning move (an assisted game)."""
        self.hurry()  # asked during the clear-and-redeal: the hint is for the new deal
        if self.is_over():
            return
        if self.hint_job is None:
            self.hint_job = (self.state, worker.submit(players.auto_move, rules.observe(self.state)))
        speech.expect_answer()  # said when it comes, cutting what is being said (a long F8 reading)

    def show_winning_move(self, move: Any) -> None:
        self.show_hint(move, True)

    def make_assisted(self) -> None:
        """The player asked the solver: a game under way counts as given up, then the game is practice."""
        self.record_abandoned()
        self.assisted = True
        if not self.state.practice:
            self.history.states = [rules.practice(s) for s in self.history.states]
            self._shown = rules.practice(self._shown) if self._shown is not None else None

    def show_hint(self, move: Any, winning: bool) -> None:
        if move is None:
            self.status.say("No move is left.", theme.HINT)
            return
        if isinstance(move, Take):
            sid = self.exposed_id(move.stack)
            self.highlight([sid] if sid else [])
            self.ring_on_hint([sid] if sid else [])
            text = review.describe(self.state, move) + "."
        else:
            top = self.state.stock[0]
            self.highlight([self._id_at(("k", 0), top)])
            self.ring_on_hint([self._id_at(("k", 0), top)])
            text = "Turn the next card of the stock."
        if winning:
            self.status.say("Winning move: " + text + " It keeps the stacks clearable (assisted game).",
                            theme.HINT)
        else:
            self.winnable.say_hint(text, move)
