"""The Forty Thieves dialogs: jokers, high scores, statistics, the name for a new high score, and their menu items.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``ThievesDialogs`` is a mixin of
``ThievesScene``; what is counted and kept lives in ``saves.thieves_records``, this module only asks and shows.
"""

from __future__ import annotations

from typing import Any

from game.engine import theme
from game.engine.dialogs import ChoiceDialog, TableDialog, TextInputDialog, confirm, message
from game.engine.shortcuts import key
from game.engine.statsview import StatLine, stats_table
from game.engine.widgets import item
from game.thieves import rules
from game.words import count
from saves.thieves_records import MAX_NAME


class ThievesDialogs:
    """The dialog half of ``ThievesScene`` (a mixin: ``self`` is the scene)."""

    app: Any
    state: Any

    def choose_jokers(self) -> None:
        options = [(n, f"{n} joker{'s' if n != 1 else ''}" + ("  (standard)" if n == 2 else ""))
                   for n in range(rules.MAX_JOKERS + 1)]

        def pick(n: Any) -> None:
            self.next_jokers = int(n)
            self.app.settings.game("thieves")["jokers"] = self.next_jokers
            self.app.save_settings()
            if self.next_jokers == self.state.start_jokers:
                self.status.say(f"Jokers: {self.next_jokers}.")
            else:
                self.status.say(f"The next new game starts with {self._jokers_text(self.next_jokers)}.")
        self.app.push(ChoiceDialog(self.app, "Jokers", options, self.next_jokers, pick,
                                   note="Takes effect at the next new game."))

    def high_score_tabs(self, new: tuple[int, int] | None = None) -> list[tuple[str, list[str], list[list[str]]]]:
        """One tab per starting joker count; ``new`` = (jokers, place) marks the entry just made."""
        tabs = []
        for j in range(rules.MAX_JOKERS + 1):
            rows = [[str(i + 1) + ("  new!" if new == (j, i) else ""), str(e.score), e.name, e.date]
                    for i, e in enumerate(self.records.table(j))]
            tabs.append((f"{j} joker{'s' if j != 1 else ''}", ["Place", "Score", "Name", "Date"], rows))
        return tabs

    def show_high_scores(self, jokers: int | None = None, new_place: int | None = None) -> None:
        tab = self.state.start_jokers if jokers is None else jokers
        new = None if new_place is None else (tab, new_place)
        self.app.push(TableDialog(self.app, "Forty Thieves high scores", self.high_score_tabs(new), tab=tab,
                                  footer="One table for each number of jokers at the start of the game."))

    def show_statistics(self) -> None:
        columns = []
        for j in range(rules.MAX_JOKERS + 1):
            st = self.records.stats[j]
            columns.append((f"{j} joker{'s' if j != 1 else ''}",
                            StatLine(st.games, st.wins, st.streak, st.losing, st.longest_streak, st.longest_losing,
                                     st.best_win, st.average_win, st.fastest, st.fewest)))
        headers, rows = stats_table(columns)
        rows += [["Best score", *[str(self.records.stats[j].best) if self.records.stats[j].scored_games else "-"
                                  for j in range(rules.MAX_JOKERS + 1)]],
                 ["Average score", *[f"{self.records.stats[j].average:.1f}" if self.records.stats[j].scored_games
                                     else "-" for j in range(rules.MAX_JOKERS + 1)]],
                 ["Clears", *[str(self.records.stats[j].clears) for j in range(rules.MAX_JOKERS + 1)]]]

        def done(label: str) -> None:
            if label == "Reset":
                confirm(self.app, "Reset statistics", "Clear the statistics of every number of jokers? "
                        "The high-score tables are kept.", self._reset_stats, safe=True)
        self.app.push(TableDialog(self.app, "Forty Thieves statistics", [("All", headers, rows)], ("Close", "Reset"),
                                  done, footer="A win: the stacks cleared at least once. Practice games not counted."))

    def _reset_stats(self) -> None:
        problem = self.records.reset_stats()
        self.status.say(problem or "Statistics cleared.", theme.HILITE if problem else theme.WHITE)

    def ask_name(self, state: rules.State) -> None:
        def ok(name: str) -> None:
            place = self.records.add_score(state.start_jokers, state.score, name)
            warning = self.records.take_warning()
            self.show_high_scores(state.start_jokers, place)
            if warning:
                message(self.app, "High scores", warning)
            elif place is not None:
                self.status.say(f"Your score of {state.score} is number {place + 1} in the table.", theme.GOLD)

        def check(text: str) -> str | None:
            return None if text.strip() else "Type a name."
        self.app.push(TextInputDialog(
            self.app, "New high score!",
            f"{count(state.score, 'point')} with {self._jokers_text(state.start_jokers)}. Your name:",
            ok, self.records.last_name, check, max_len=MAX_NAME, select_initial=True))

    def game_menu_extra(self) -> list:
        return [
            item("Jokers…", self.choose_jokers, key(self.game, "jokers"), submenu=True),
            item("High scores…", self.show_high_scores, key(self.game, "high_scores")),
            item("Statistics…", self.show_statistics, key(self.game, "statistics")),
            item("Show a winning move", self.winning.ask, enabled=lambda: not self.is_over()),
            *self.winnable.menu_items(),
            self.clock_menu_item(),
            item("-"),
        ]
