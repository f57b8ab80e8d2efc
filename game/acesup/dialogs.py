"""Aces Up dialogs and menu items: variations, statistics (with streaks, win %, best and average winning
score, fastest win, fewest moves), and the Game menu's own items.

Split out of ``scene.py``; ``AcesUpDialogs`` is a mixin of ``AcesUpScene``.
"""

from __future__ import annotations

from typing import Any

from game.acesup import rules
from game.engine import theme
from game.engine.dialogs import ChoiceDialog, TableDialog, confirm
from game.engine.shortcuts import key
from game.engine.statsview import StatLine, stats_table
from game.engine.widgets import item


class AcesUpDialogs:
    """The dialog half of ``AcesUpScene`` (a mixin: ``self`` is the scene)."""

    app: Any
    state: Any

    def set_variation(self, variation: str) -> None:
        self.app.settings.game("acesup")["variation"] = variation
        self.app.save_settings()
        self.options = {"variation": variation}
        self.new_game()

    def choose_variation(self) -> None:
        def pick(v: Any) -> None:
            if v != self.variation:
                self.set_variation(v)  # the dialog said what choosing does: one question, not two
        note = "The new variation starts a new game."
        if self.in_progress():
            note = "A new variation starts a new game: this one will be lost."
        self.app.push(ChoiceDialog(self.app, "Variations", list(rules.VARIATIONS.items()), self.variation, pick,
                                   note=note))

    def show_statistics(self) -> None:
        columns = []
        for var, name in rules.VARIATIONS.items():
            r = self.stats.get(var)
            columns.append((name, StatLine(r.played, r.won, r.streak, r.losing, r.longest, r.longest_losing,
                                           r.best_win, r.average_win, r.fastest, r.fewest)))
        headers, rows = stats_table(columns)

        def done(label: str) -> None:
            if label == "Reset":
                confirm(self.app, "Reset statistics", "Clear the statistics of all three variations?",
                        self._reset_stats, safe=True)
        self.app.push(TableDialog(self.app, "Aces Up statistics", [("All", headers, rows)], ("Close", "Reset"),
                                  done, footer="Scores: won, scored games. Fastest and fewest: wins."))

    def _reset_stats(self) -> None:
        problem = self.stats.reset()
        self.status.say(problem or "Statistics cleared.", theme.HILITE if problem else theme.WHITE)

    def game_menu_extra(self) -> list:
        return [
            item("Variations…", self.choose_variation, key(self.game, "variations"), submenu=True),
            item("Statistics…", self.show_statistics, key(self.game, "statistics")),
            item("Demo: let the computer play", self.toggle_demo, key(self.game, "demo"), checked=lambda: self.demo),
            item("Show a winning move", self.winning.ask, enabled=lambda: not self.is_over()),
            *self.winnable.menu_items(),
            self.clock_menu_item(),
            item("-"),
        ]
