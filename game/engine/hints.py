"""A Hint from the Expert, thought out off the frame loop.

The Expert of ACME or Affairs of the Court may take a good part of a second;
run in the frame loop it would freeze the table.  `ExpertHint.ask` hands the
choice to a worker thread with *only the human seat's observation* (so a hint
can never use a hidden card); `poll` returns the move once it is ready — or
drops it, when the table has moved on meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine import theme, worker


class ExpertHint:
    def __init__(self, choose: Callable[[Any, int], Any]) -> None:
        self.choose = choose  # (observation, seed) -> move; runs in a worker thread
        self.job: worker.Job | None = None
        self.for_state: Any = None
        self.shown_for: Any = None  # the state the last hint shown belongs to

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def ask(self, state: Any, observation: Any, seed: int, *known: Any) -> bool:
        """Start thinking about ``state``; False if that is already under way.  ``known``: more the game's
        ``choose`` takes (Court's endings where nothing is hidden: the state itself)."""
        if self.job is not None and self.for_state is state:
            return False
        if self.job is not None:
            self.job.cancel()
        self.for_state = state
        self.job = worker.submit(self.choose, observation, seed, *known)
        return True

    def poll(self, state: Any) -> tuple[bool, Any, BaseException | None]:
        """(ready, move, error): ready once the answer for the current ``state`` has come."""
        job = self.job
        if job is None or not job.done:
            return False, None, None
        self.job = None
        if self.for_state is not state:
            return False, None, None  # stale: the table moved on
        self.shown_for = state
        return True, job.result, job.error

    def answer(self, scene: Any) -> Any:
        """The move to show for the table as it stands, once ready; None until then. An error is said on the
        status line (and gives None): the two tables that ask for hints show them the same way."""
        ready, move, error = self.poll(scene.state)
        if not ready:
            return None
        if error is not None:
            scene.status.say("No hint this time: the Expert could not decide.", theme.HILITE)
            return None
        return move

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.for_state = None
        self.shown_for = None
