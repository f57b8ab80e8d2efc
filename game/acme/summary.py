"""ACME's round summary: when a round ends, a box tells the finishing order, the roles it brings and the
exchange that opens the next round, with Next round (Deal).

It waits until the last trick has been shown and the cards have stopped, so the box never hides the last
play, and while a menu is open (a click on the Game menu during that pause opened it: the box coming up
over it took the click away).  Its buttons come from `end_box_buttons` ((label, callback) pairs): one more
button is one line.
``RoundSummary`` is a mixin of ``AcmeScene`` (``self`` is the scene).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.acme import roundlog, rules
from game.acme.seats import ORDINAL, SEAT_NAMES
from game.engine.roundbox import RoundBox, Row
from game.engine.shortcuts import key


class RoundSummary:
    """The end of a round shown in a box (a mixin: ``self`` is the scene)."""

    app: Any
    summary_due = False

    def round_summary_due(self) -> None:
        """The round is over: show its summary once the last trick has been seen."""
        self.summary_due = True

    def poll_summary(self) -> None:
        if not self.summary_due or not rules.is_over(self.state):
            self.summary_due = False
            return
        if self.trick.holding or self.table.animating or self.app.stack.top is not self:
            return
        if self.menubar.open is not None:
            return  # a menu the player opened during the last trick's pause stays his until he closes it

        self.summary_due = False
        place = self.state.finished.index(0)
        self.app.push(RoundBox(self.app, f"Round over: you finished {ORDINAL[place]}", self.summary_rows(),
                               self.end_box_buttons(), shortcuts=[(key(self.game, "deal"), "Next round")],
                               over=[(key(self.game, "round_log"), self.show_round_log),
                                     (key(self.game, "last_trick"), self.show_last_trick)]))

    def end_box_buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The summary's buttons, first = Enter: Next round deals (as Deal, F2); Review replays the round just
        played (game.review); Close looks at the table."""
        return [("Next round", self.deal), ("Review this game", self.open_review), ("Close", self.look_at_table)]

    def look_at_table(self) -> None:
        """Close: the finished round stays on the table; Deal (F2) or the Deal button goes on."""

    def summary_rows(self) -> list[Row]:
        lines = roundlog.summary_lines(self.state, SEAT_NAMES, self.next_seating())
        place = self.state.finished.index(0)
        rows = [Row(line, (), bold=i == place) for i, line in enumerate(lines[:-1])]
        if getattr(self, "counted_again", False):  # a round loaded again after it counted (Seniority)
            # the seats are the profile's as they stand (rounds played since it counted may have moved them:
            # round 14, "1st: Alice — stays Vice President" read as a wrong promotion under "those it gave")
            rows.insert(0, Row("This round was counted before: its places count nothing again, and the seats "
                               "below are your table's as they stand now.", (), bold=True))
        return rows + [Row(""), Row(lines[-1]), Row(f"You will be {rules.ROLE_NAMES[self.next_role()]}.")]

    def next_seating(self) -> list[int]:
        """The next deal's seats in seniority order (President first): his profile's table is the one source
        (a round counted before, e.g. left and then loaded and finished, does not reseat anyone); a guest's
        is the finishing order."""
        profile = getattr(self, "profile", None)
        if profile is not None and self.recorded:
            return list(profile.roles)
        return list(self.state.finished)

    def next_role(self) -> int:
        """The role the next deal gives the player (`next_seating`, the summary's rows use the same)."""
        return self.next_seating().index(0)
