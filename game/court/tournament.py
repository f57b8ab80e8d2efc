"""The Court player, history and tournament dialogs and the tournament's flow from game to game.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``CourtTournament`` is a mixin of
``CourtScene``; what is counted and kept lives in ``saves.court_history``, this module only asks and shows.
"""

from __future__ import annotations

from typing import Any

from game.court import rules
from game.court.shared import LEVEL_NAMES, LEVELS
from game.engine import theme
from game.engine.dialogs import ChoiceDialog, MessageDialog, TableDialog, TextInputDialog, confirm, message
from saves import court_history
from saves.court_history import GUEST, clean_name
from saves.settings import pref

#: said when a saved tournament game is loaded after its player's turn in that tournament is over
TOURNAMENT_TURN_OVER = ("This tournament game was already played (or its tournament is over): it is loaded to "
                        "play on as practice and counts nowhere.")


class CourtTournament:
    """The player/history/tournament half of ``CourtScene`` (a mixin: ``self`` is the scene)."""

    app: Any
    #: the player and level play goes back to after the tournament (the loaded game's, not the preference's)
    before_tournament: tuple[str, str] | None = None

    def choose_player(self) -> None:
        opts = [(p, p) for p in self.hist.players] + [("__new__", "New player…")]

        def pick(v: Any) -> None:
            if v == "__new__":
                self.new_player()
            else:
                self.switch_player(v)
        self.app.push(ChoiceDialog(self.app, "Player", opts, self.player, pick,
                                   note="Your games are kept under this name."))

    def new_player(self) -> None:
        def check(text: str) -> str | None:
            try:
                clean_name(text)
            except ValueError as err:
                return str(err)
            return None

        def ok(text: str) -> None:
            name = self.hist.add_player(text)
            problem = self.hist.save()
            self.switch_player(name)
            if problem:
                self.status.say(problem, theme.HILITE)
        self.app.push(TextInputDialog(self.app, "New player", "Your name:", ok, "", check,
                                      max_len=court_history.MAX_NAME))

    def set_player(self, name: str) -> None:
        self.player = name
        self.pref("player", name)
        self.show_title()
        self.status.say(f"Playing as {name}.")

    def show_history(self) -> None:
        labels = [("games", "Games"), ("wins", "Wins"), ("losses", "Losses"), ("draws", "Draws"),
                  ("abandoned", "Left unfinished"), ("win_pct", "Winning %"), ("total_points", "Total points"),
                  ("average_score", "Average score"),
                  ("total_difference", "Total difference"), ("average_spread", "Average spread"),
                  ("total_rounds", "Total rounds"), ("average_rounds", "Average rounds"),
                  ("total_bonus", "Total bonus points"), ("average_bonus", "Bonus point average")]
        sums = {lv: self.hist.summary(self.player, lv) for lv in LEVELS}
        rows = [[name] + [str(sums[lv][key]) for lv in LEVELS] for key, name in labels]
        tabs = [("Statistics", ["Statistic"] + [LEVEL_NAMES[lv] for lv in LEVELS], rows)]
        legend = []
        for lv in LEVELS:
            for g in self.hist.summary(self.player, lv)["legendary"]:
                legend.append([LEVEL_NAMES[lv], f"+{g['spread']}", f"{g['you']} to {g['computer']}", g["date"]])
        legend.sort(key=lambda r: -int(r[1]))
        tabs.append(("Legendary Games", ["Level", "Spread", "Score", "Date"], legend[:10]))
        tours = [[t.get("finished", ""), LEVEL_NAMES.get(t["level"], t["level"]),
                  winner_words(t),
                  ", ".join(f"{n} {s:+d}" for n, s in t["scores"]) or "-"] for t in self.hist.tournaments[:10]]
        tabs.append(("Tournaments", ["Date", "Level", "Winner", "Every player's spread"], tours))
        self.app.push(TableDialog(self.app, f"History of {self.player}", tabs,
                                  footer="Only games with Must Follow Suit on count. Left unfinished: a loss, "
                                         "not in the averages."))

    def start_tournament_dialog(self) -> None:
        if self.tournament_active:
            message(self.app, "Tournament", "A tournament is already being played.")
            return

        def level_chosen(level: Any) -> None:
            busy = self.in_progress()
            lost = f" {self.abandon_words()}" if busy else ""
            confirm(self.app, "Tournament", f"Start a tournament against the {LEVEL_NAMES[level]} computer? "
                    f"Each player plays three rounds on the same packs.{lost}", lambda: ask_count(level),
                    yes="Start", no="Cancel", safe=busy)

        def ask_count(level: str) -> None:
            def check(text: str) -> str | None:
                return None if text.isdigit() and 1 <= int(text) <= 10 else "Type a number from 1 to 10."
            self.app.push(TextInputDialog(self.app, "Tournament", "Number of players (1 to 10):",
                                          lambda t: ask_names(level, int(t), []), "2", check, max_len=2))

        def ask_names(level: str, count: int, names: list[str]) -> None:
            if len(names) == count:
                self.begin_tournament(level, names)
                return

            def check(text: str) -> str | None:
                try:
                    name = clean_name(text)
                except ValueError as err:
                    return str(err)
                if name.casefold() in {n.casefold() for n in names}:
                    return "That name is already in this tournament."
                return None
            first = self.player if not names and self.player != GUEST else ""  # the one at the table first
            self.app.push(TextInputDialog(self.app, "Tournament", f"Name of player {len(names) + 1} of {count}:",
                                          lambda t: ask_names(level, count, names + [clean_name(t)]), first, check,
                                          max_len=court_history.MAX_NAME))
        self.app.push(ChoiceDialog(self.app, "Tournament level", [(lv, LEVEL_NAMES[lv]) for lv in LEVELS],
                                   self.level, level_chosen))

    def tournament_turn_over(self, extra: dict[str, Any]) -> bool:
        """A saved game's ``extra`` is a tournament game whose turn is over: its tournament is finished or another
        one's, or another player's turn has come.  Such a game goes on only as practice: a save made before the
        player's game ended, loaded after, was played again and counted for the next player (round 13)."""
        if not extra.get("tournament"):
            return False
        t = self.hist.tournament
        return (t is None or t.current is None or extra.get("player") != t.current
                or extra.get("tournament_seed", t.seed) != t.seed)

    def begin_tournament(self, level: str, names: list[str]) -> None:
        self.record_abandoned()  # the game on the table is left unfinished
        for n in names:
            self.hist.add_player(n)
        t = self.hist.start_tournament(level, names)
        self.before_tournament = (self.player, self.level)  # what play goes back to afterwards
        self.level = level
        self.tournament_active = True
        self.cancel_btn.visible = True
        self.options = {"follow_suit": True}
        problem = self.hist.save()
        self.player = t.current or GUEST
        self.new_game(t.seed)
        self.status.say(f"Tournament: {self.player} plays first. Three rounds against the "
                        f"{LEVEL_NAMES[level]} computer.")
        if problem:
            self.status.say(problem, theme.HILITE)

    def tournament_game_over(self, state: rules.State) -> None:
        t = self.hist.tournament
        name = t.current
        review = f"Review {name}'s game"  # the game just played (round 13: a tournament game had no Review)
        diff = state.totals[0] - state.totals[1]
        if name is not None and not self.recorded:
            t.record(name, diff)
            self.recorded = True
        nxt = t.current
        if nxt is None:
            summary = self.hist.finish_tournament()
            problem = self.hist.save()
            self.tournament_active = False
            self.cancel_btn.visible = False
            head, rows = standings_table(summary["scores"])
            result = result_words(summary)
            lone_loss = len(summary["scores"]) == 1 and summary["scores"][0][1] < 0
            self.app.sounds.play("lose" if lone_loss else "win")
            # the line under the box, shown only (the box says the result aloud): it kept the last bonus card
            # played ("Bonus: The computer plays the seven of diamonds.", round 14)
            self.status.message = f"The tournament is over. {result}"
            results = TableDialog(self.app, "Tournament results", [("Standings", head, rows)],
                                  buttons=("Close", review), footer=result + (f" {problem}" if problem else ""),
                                  on_close=lambda label: self._review_over(results, label == review,
                                                                           self.back_to_normal_play))
            self.app.push(results)
            return
        problem = self.hist.save()

        def go() -> None:
            self.keep_finished_for_review()  # with its own player's names, before the next player's
            self.player = nxt
            self.new_game(t.seed)
            self.status.say(f"Tournament: {nxt}'s turn, on the same packs.")
        standings = "; ".join(f"{n} {s:+d}" for n, s in t.standings() if s is not None)
        box = MessageDialog(self.app, "Tournament", f"{name} finished with {diff:+d}. Standings: {standings}. "
                            f"Next: {nxt}." + (f" {problem}" if problem else ""), (f"{nxt}'s turn", review),
                            lambda label: self._review_over(box, label == review, go), cancel=f"{nxt}'s turn")
        self.app.push(box)

    def _review_over(self, box, review: bool, then) -> None:
        """A tournament box's Review button: the game just played, reviewed over the box, which stays (as the
        end box of a game does); any other answer goes on (``then``)."""
        if not review:
            then()
            return
        self.app.push(box)
        self.open_review()

    def kept_game_name(self, data: dict[str, Any]) -> str:
        """"Resume it?" names a tournament game and its player (round 15: "a game of Affairs of the Court" said
        neither, though Resume put the tournament back exactly)."""
        extra = data.get("extra")
        player = extra.get("player") if isinstance(extra, dict) else None
        if isinstance(extra, dict) and extra.get("tournament") is True and isinstance(player, str) and player:
            return f"{self.title} ({' '.join(player.split())[:40]}'s game of the tournament)"
        return str(self.title)

    def back_to_normal_play(self) -> str:
        """After a tournament (or its cancellation): the player and the level from before it come back.
        Returns the words that say so."""
        # the game just played kept for Review with its own player and level, before they change back (round
        # 15: "Review the last game" showed Zoë's Intermediate game as "You" against the Expert)
        self.keep_finished_for_review()
        prefs = self.app.settings.game("court")
        player, level = getattr(self, "before_tournament", None) or (pref(prefs, "player", GUEST),
                                                                     pref(prefs, "level", "intermediate"))
        self.before_tournament = None
        self.player = player if player in self.hist.players else GUEST
        self.level = level if level in LEVELS else "intermediate"
        self.new_game()
        # the new game's welcome after it (the line kept what to do in the draw; by ear the player and level
        # came twice, round 14): speech says only the sentences not heard just before
        said = f"Back to normal play, as before. {self.welcome()}"
        self.status.say(said)
        return said

    def cancel_tournament(self) -> None:
        def really() -> None:
            self.hist.cancel_tournament()
            self.recorded = True  # a tournament game never counts in the History, even left unfinished
            self.tournament_active = False
            self.cancel_btn.visible = False
            problem = self.hist.save()
            said = self.back_to_normal_play()
            self.status.say(problem or "The tournament was cancelled. " + said)
        confirm(self.app, "Cancel Tournament", "Cancel the tournament and return to normal play?", really,
                yes="Cancel it", no="Keep playing", safe=True)

    def resume_tournament(self) -> None:
        t = self.hist.tournament
        if t is None or t.current is None:
            message(self.app, "Tournament", "There is no tournament to resume.")
            return
        self.record_abandoned()
        self.before_tournament = (self.player, self.level)
        self.tournament_active = True
        self.cancel_btn.visible = True
        self.level = t.level
        self.player = t.current
        self.options = {"follow_suit": True}
        self.new_game(t.seed)
        self.status.say(f"Tournament resumed: {t.current}'s turn.")



def result_words(summary: dict[str, Any]) -> str:
    """The tournament's result in a sentence.  Players are ranked by their spread against the computer; a
    lone player is measured against the computer itself, so a lost spread is the computer's win."""
    scores = summary["scores"]
    if len(scores) == 1:
        name, spread = scores[0]
        if spread > 0:
            return f"Winner: {name}, {spread:+d} against the computer."
        if spread < 0:
            return f"The computer won: {name} lost by {-spread}."
        return f"A draw: {name} and the computer finished level."
    winners = " and ".join(summary["winners"])
    return f"Tie: {winners} share first place." if summary["tie"] else f"Winner: {winners}."


def winner_words(summary: dict[str, Any]) -> str:
    """The History's Winner column for a kept tournament (kept summaries of one player included)."""
    scores = summary["scores"]
    if len(scores) == 1 and scores[0][1] <= 0:
        return "the computer" if scores[0][1] < 0 else "draw"
    return ("Tie: " if summary.get("tie") else "") + ", ".join(summary["winners"])


def standings_table(scores: list[tuple[str, int]]) -> tuple[list[str], list[list[str]]]:
    """The results box's columns and rows.  A lone player gets no place: "1st" above "The computer won" read
    as a win; his spread against the computer is the result, said in the line below."""
    if len(scores) == 1:
        return ["Player", "Score"], [[n, f"{sp:+d}"] for n, sp in scores]
    places = shared_places([sp for _n, sp in scores])
    return ["Place", "Player", "Score"], [[place, n, f"{sp:+d}"] for place, (n, sp) in zip(places, scores,
                                                                                          strict=True)]


def shared_places(scores: list[int]) -> list[str]:
    """Places for scores sorted best first; equal scores share a place: ['1st =', '1st =', '3rd']."""
    return [_ordinal(scores.index(sc) + 1) + (" =" if scores.count(sc) > 1 else "") for sc in scores]


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
