"""What leaving a Forty Thieves game counts as, in one place: the statistics rule (a game left after the
player's first move counts once; a win when the stacks were cleared, otherwise a loss) and the words every
question that leaves a game says about it (New, Restart, Load, Jokers…, "New game" to "Resume it?").

``counts_as`` and ``LEFT_RULE`` are pure words (the Help uses them too); ``ThievesLeaving`` is a mixin of
the Forty Thieves table (``self`` is the table)."""

from __future__ import annotations

from typing import Any

from game.engine import theme
from saves import games as saved_games
from saves import store
from saves.solitaire_stats import game_id_from

#: the rule as the Help says it (README: "A game counts once")
LEFT_RULE = ("A game you leave after your first move (New game, Restart, Load, or New game when asked to resume "
             "it) counts once in the statistics: as a win if you had cleared the stacks, otherwise as a loss. "
             "The question that leaves it says which.")


def counts_as(clears: int) -> str:
    """What a game left with ``clears`` clears counts as (the statistics: a win is a game with a clear)."""
    if clears > 0:
        times = {1: "once", 2: "twice"}.get(clears, f"{clears} times")
        return f"a win in the statistics (you cleared the stacks {times})"
    return "a loss in the statistics"


class ThievesLeaving:
    """Counting the Forty Thieves game that leaves the table, and saying so before it leaves."""

    app: Any
    state: Any
    rules: Any
    records: Any
    status: Any
    game_id: str
    player_moved: bool

    def leaving_counts(self) -> bool:
        """The game on the table counts if left now: the player's moves, not counted yet, not over, not
        practice (Undo, Restart) or assisted (Show a winning move)."""
        if getattr(self, "recorded", True) or not hasattr(self, "history"):
            return False
        return self.player_moved and not self.is_over() and not self.state.practice  # type: ignore[attr-defined]

    def abandon_words(self) -> str:
        if self.leaving_counts():
            return f"The game in progress counts as {counts_as(self.state.clears)}."
        return super().abandon_words()  # type: ignore[misc]

    def declining_words(self, data: dict[str, Any]) -> str:
        """What "New game" to "Resume it?" counts the kept game as (the same rule as `leaving_counts`, read
        from the kept game's data before it is loaded)."""
        try:
            replayed = saved_games.replay(self.rules, data)
        except store.SaveError:
            return ""  # an unreadable kept game counts nothing (it is reported when it is set aside)
        extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
        state = replayed.states[replayed.cursor]
        if (not replayed.moves or self.rules.is_over(state) or state.practice or extra.get("recorded") is True
                or extra.get("assisted") is True or self.records.counted(game_id_from(extra))):
            return ""
        return f"New game counts it as {counts_as(state.clears)}."

    def record_abandoned(self) -> None:
        """A game given up after the player's first move still counts in the statistics (not in the tables),
        once; a practice or assisted game never does."""
        if getattr(self, "recorded", True) or not hasattr(self, "history"):
            return
        if self.leaving_counts():
            st = self.state
            problem = self.records.record_game(st.start_jokers, st.score, st.clears, game_id=self.game_id,
                                               abandoned=True)
            if problem:
                self.status.say(problem, theme.HILITE)
        self.recorded = True
