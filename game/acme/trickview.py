"""The trick a player can read: a finished trick stays on the table a moment before it is gathered.

The rules end a trick the instant its last chance is taken (and a joker ends
it at once), so a table that only drew the current state swept every last
play — the joker above all — into the pile before anyone saw it.  `TrickView`
keeps the plays of a trick that has just ended *shown* for a while (scaled by
Options ▸ Computer speed, counted once the cards have landed); the computer
seats wait meanwhile.  Then the trick is gathered to the played pile with a
visible move.  A person who wants to go on at once may: pressing Play (or
Finish round) lets the trick go.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.acme import rules

#: Seconds a finished trick stays on the table at the Normal computer speed.
HOLD_S = 1.6

Plays = tuple[tuple[int, tuple[str, ...]], ...]


@dataclass
class TrickView:
    held: Plays = ()
    left: float = 0.0

    @property
    def holding(self) -> bool:
        return bool(self.held)

    def after_move(self, before: rules.State, after: rules.State, scale: float) -> bool:
        """Hold the trick ``before``'s move finished, if it did; True when a hold starts."""
        if before.phase != "play":
            return False
        ended = after.trick_start != before.trick_start or rules.is_over(after)
        if not ended or scale <= 0:
            self.release()
            return False
        self.held = after.log[before.trick_start:]
        self.left = HOLD_S * scale
        return True

    def update(self, dt: float, animating: bool) -> bool:
        """Count the hold down once the cards are still; True when it has just ended."""
        if not self.held or animating:
            return False
        self.left -= dt
        if self.left > 0:
            return False
        self.release()
        return True

    def release(self) -> bool:
        """Let the held trick go (True if one was held)."""
        was = bool(self.held)
        self.held = ()
        self.left = 0.0
        return was

    def shown(self, state: rules.State) -> Plays:
        """The plays on the table now: the held trick, else the current one."""
        if self.held:
            return self.held
        if rules.is_over(state) or state.phase != "play":
            return ()
        return rules.trick_plays(state)
