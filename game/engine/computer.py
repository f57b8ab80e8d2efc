"""Computer seats on a table: think in a worker thread, pause a beat, play.

`ComputerTurns` watches the scene's state; when a computer seat is to act it
hands ``think(state)`` to a worker thread (so a frame is never late), waits
until the cards have stopped moving and a short, settable delay has passed
(Options ▸ Computer speed, so the player can follow) and, with Speak on, until the voice has said the
sentence about the last play (``Speaker.busy``: a beat per sentence, bounded, so never a freeze), then plays
the move through ``scene.play``.  If
the state changes meanwhile (new game, load), the stale answer is dropped.

``think`` must look only at what that seat may see: wrap your player as
``lambda s: players.choose(rules.observe(s, rules.current_player(s)), level, rng)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine import worker


class ComputerTurns:
    def __init__(self, scene: Any, think: Callable[[Any], Any], is_computer: Callable[[Any], bool],
                 delay_s: float = 0.6) -> None:
        self.scene = scene
        self.think = think
        self.is_computer = is_computer
        self.delay_s = delay_s
        self.paused = False
        self._job: worker.Job | None = None
        self._for_state: Any = None
        self._waited = 0.0
        self.error: BaseException | None = None

    @property
    def thinking(self) -> bool:
        return self._job is not None

    def busy(self) -> bool:
        """True while a computer seat is to act (the loop keeps ticking)."""
        if getattr(self.scene, "resume_pending", False):
            return False
        state = self.scene.state
        return (not self.paused and not self.covered() and self.error is None
                and not self.scene.rules.is_over(state) and self.is_computer(state))

    def covered(self) -> bool:
        """A dialog (or anything else) is open over the table: the computers wait for the player, whatever
        it is (the Load warning, the list of saved games, a log); the pause before their play starts again
        once it is closed."""
        stack = getattr(self.scene.app, "stack", None)
        menubar = getattr(self.scene, "menubar", None)
        if menubar is not None and menubar.open is not None:
            return True  # an open menu too (round 15: three plays went by while the player read Options)
        return stack is not None and stack.top is not None and stack.top is not self.scene

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()
        self._job = None
        self._for_state = None

    def update(self, dt: float) -> None:
        if self.paused or self.error is not None or getattr(self.scene, "resume_pending", False):
            return  # (no computer moves behind the "Resume it?" question)
        state = self.scene.state
        if self._job is not None and self._for_state is not state:
            self.cancel()
        if self._job is None:
            if self.scene.rules.is_over(state) or not self.is_computer(state):
                return
            self._for_state = state
            self._waited = 0.0
            self._job = worker.submit(self.think, state)
            return
        if self.covered():
            self._waited = 0.0
            return
        self._waited += dt
        if not self._job.done or self.scene.table.animating:
            return
        delay = self.delay_s * self.scene.app.settings.computer_scale()
        if self._waited < delay or self.scene.app.speech.busy():
            return  # (with Speak on, the sentence about the last play is said whole first, and a beat after)
        job = self._job
        self._job = None
        self._for_state = None
        if job.error is not None:
            self.error = job.error
            self.scene.status.say(f"The computer player failed: {job.error}")
            return
        self.scene.play(job.result)

    def finish_now(self, max_moves: int = 1000) -> None:
        """Play computer moves synchronously until a human must act (tests, screenshots)."""
        for _ in range(max_moves):
            state = self.scene.state
            if self.scene.rules.is_over(state) or not self.is_computer(state):
                return
            self.cancel()
            self.scene.play(self.think(state))
