"""The "still winnable?" light of a solitaire, computed off the frame loop.

Whenever the position changes the scene calls `WinnableWatch.track(state)`;
one worker thread at a time runs the game's exact solver with a node budget
(a newer position waits for the running one rather than piling up threads),
and the answer — winnable, lost, undecided, or still thinking — is read in
`status()`.  The solver may read the stock: it answers whether the deal can
still be won, it never plays for the player.  A finished job posts JOB_DONE,
so the loop wakes to show the answer without polling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine import worker

CHECKING, WINNABLE, LOST, UNDECIDED, OFF = "checking", "winnable", "lost", "undecided", "off"

LABELS = {
    CHECKING: "Checking\u2026",
    WINNABLE: "Still winnable",
    LOST: "Not winnable any more",
    UNDECIDED: "Undecided",
    OFF: "",
}
COLOURS = {
    CHECKING: (200, 200, 120),
    WINNABLE: (80, 210, 110),
    LOST: (226, 80, 70),
    UNDECIDED: (160, 160, 160),
    OFF: (0, 0, 0),
}


class WinnableWatch:
    def __init__(self, solve: Callable[..., Any], node_budget: int = 300_000, time_limit_s: float = 2.0) -> None:
        self.solve = solve
        self.node_budget = node_budget
        self.time_limit_s = time_limit_s
        self.enabled = True
        self._state: Any = None
        self._job: worker.Job | None = None
        self._job_state: Any = None
        self._cache: dict[Any, Any] = {}  # state -> solver result (states are hashable)

    def track(self, state: Any) -> None:
        """The position shown now; start solving it if it is new."""
        self._state = state
        self._kick()

    def _kick(self) -> None:
        if not self.enabled or self._state is None or self._state in self._cache:
            return
        if self._job is not None and not self._job.done:
            return  # one at a time; _poll starts the newest when this one ends
        self._job_state = self._state
        self._job = worker.submit(self.solve, self._state, node_budget=self.node_budget,
                                  time_limit_s=self.time_limit_s)

    def _poll(self) -> None:
        if self._job is not None and self._job.done:
            job, state = self._job, self._job_state
            self._job = None
            if job.error is None:
                if len(self._cache) > 512:
                    self._cache.clear()
                self._cache[state] = job.result
            self._kick()

    def result(self) -> Any:
        """The solver's result for the tracked position, or None while thinking."""
        self._poll()
        return self._cache.get(self._state)

    def status(self) -> str:
        if not self.enabled:
            return OFF
        res = self.result()
        if res is None:
            return CHECKING
        return {True: WINNABLE, False: LOST, None: UNDECIDED}[res.winnable]

    @property
    def thinking(self) -> bool:
        self._poll()
        return self._job is not None

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the tracked position is solved (tests and screenshots only)."""
        import time

        end = time.perf_counter() + timeout
        while time.perf_counter() < end and self.enabled and self.result() is None:
            if self._job is not None:
                self._job.wait(0.05)
            else:
                self._kick()
