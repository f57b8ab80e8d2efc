"""What Affairs of the Court counts in the History: a finished game once, and a game left unfinished too.

A record could be kept perfect by quitting a game about to be lost; now switching the level mid-game,
starting a new game (or a tournament) over one in progress, or declining the kept game at start-up counts
that game as a loss at its level (``saves.court_history.CourtHistory.record_abandoned``), as the
solitaires count a game given up.  Each game carries an id (kept in its saved games), so a saved game
finished once counts once however often it is loaded and finished.  Games with Must Follow Suit off and
tournament games are never counted here.

``CourtCounting`` is a mixin of ``CourtScene`` (``self`` is the scene).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game.court import rules
from game.court.tournament import TOURNAMENT_TURN_OVER
from game.engine import theme
from game.engine.dialogs import confirm
from game.engine.tablesaves import COUNTED_ALREADY, SAME_GAME_CONTINUES
from saves import games as saved_games
from saves import store
from saves.solitaire_stats import new_game_id

#: moves of a saved game with no id that name it (with its deal and start): the same save loaded twice is the
#: same game; two games played on one deal part within the first draws
NAMING_MOVES = 60


def saved_game_id(data: dict[str, Any]) -> str:
    """The id a saved game counts under.  Its own when it has one; otherwise (saves written while a window's
    first game had none, round 9: the same save finished twice, once per player, counted twice) an id made
    from the game itself, its start, deal and first moves, so loading it again finds it counted."""
    extra = data.get("extra")
    gid = extra.get("game_id") if isinstance(extra, dict) else None
    if isinstance(gid, str) and 0 < len(gid) <= 64:
        return gid
    moves = data.get("moves")
    named = [data.get("start"), data.get("seed"), moves[:NAMING_MOVES] if isinstance(moves, list) else None]
    return "s" + hashlib.sha256(json.dumps(named, sort_keys=True, default=str).encode()).hexdigest()[:15]


class CourtCounting:
    """Counting games once, abandoned ones included (a mixin: ``self`` is the scene)."""

    app: Any
    counts_abandoned = True
    game_id = ""
    loaded_id = ""  # the id of the saved game being loaded (saved_game_id), taken by game_id_after_load

    def record_abandoned(self) -> None:
        """The game on the table is being left unfinished: a loss at its level (once), if it counts."""
        s = self.state
        if self.recorded or self.is_over() or not self.history.moves or self.tournament_active:
            return
        self.recorded = True
        if self.hist.record_abandoned(self.player, self.level, s, self.game_id):
            problem = self.hist.save()
            self.status.say(problem or f"The unfinished game counts as a loss against the "
                            f"{self.level.capitalize()} computer.", theme.HILITE if problem else theme.WHITE)

    def abandon_words(self) -> str:
        """What leaving the game on the table costs, said in every question that leaves it (the level
        switched, New, Restart, Load, Must Follow Suit, a tournament): a loss is never recorded unannounced."""
        s = self.state
        if self.recorded or self.tournament_active or not s.follow_suit or self.hist.counted_before(self.game_id):
            return "The game in progress will be lost."
        return "The game in progress counts as a loss."

    def declining_words(self, data: dict[str, Any]) -> str:
        """"New game" to "Resume it?" counts the kept game ``data`` as a loss where leaving it would (the
        conditions of `record_abandoned` and the History's, read from the data): the question says so, as
        Romi's and the solitaires' do (round 13, a fresh player: the loss was recorded without a word)."""
        try:
            replayed = saved_games.replay(rules, data)
        except store.SaveError:
            return ""
        extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
        state = replayed.states[replayed.cursor]
        if (rules.is_over(state) or replayed.cursor == 0 or not state.follow_suit or extra.get("tournament")
                or self.hist.counted_before(saved_game_id(data))):
            return ""
        return "New game counts it as a loss."

    def switch_player(self, name: str) -> None:
        """Court ▸ Player mid-game asks first, as ACME's Change Player does: the game on the table is left (it
        counts for the player who played it, never for the next: switching was a way to hand a game, or the
        same saved game again, to another name), and the new player starts a new game.  Keep playing (the
        safe answer) is first."""
        if name == self.player or not self.in_progress() or self.tournament_active:
            self.set_player(name)
            return

        def switch() -> None:
            self.record_abandoned()
            self.set_player(name)
            self.new_game()
            self.status.say(f"Playing as {name}: a new game.")
        left = self.abandon_words().replace("as a loss.", f"as a loss for {self.player}.")
        confirm(self.app, "Player", f"Play as {name}? {left} {name} starts a new game.",
                switch, yes=f"Play as {name}", no="Keep playing", safe=True)

    def same_game_as(self, data: dict[str, Any]) -> bool:
        """The saved game ``data`` is the game on the table (its id), still under way and not counted: loading
        it goes on with it, as PySolFC and the solitaires here do, and leaves nothing."""
        return saved_game_id(data) == self.game_id and self._leaving_counts()

    def _leaving_counts(self) -> bool:
        """A game under way, not counted yet and not a tournament's: leaving it counts (once)."""
        return bool(self.history.moves) and not self.recorded and not self.is_over() and not self.tournament_active

    def load_words(self, data: dict[str, Any]) -> str:
        """Load's words on the save, before Load: the game in progress goes on, or the save was counted already
        (practice from there on), or nothing more."""
        if self.same_game_as(data):
            return SAME_GAME_CONTINUES
        if self.hist.counted_before(saved_game_id(data)):
            return COUNTED_ALREADY
        extra = data.get("extra")
        if isinstance(extra, dict) and self.tournament_turn_over(extra):
            return TOURNAMENT_TURN_OVER
        return ""

    def new_game(self, seed: int | None = None) -> None:
        self.record_abandoned()
        super().new_game(seed)

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        super().start_game(state, seed, sound)
        self.game_id = new_game_id()

    def load_data(self, data: dict[str, Any]) -> None:
        """Loading over a game in progress leaves it: it counts, once the load has worked."""
        leaving = (self.player, self.level, self.state, self.game_id,
                   self._leaving_counts() and not self.same_game_as(data))
        self.loaded_id = saved_game_id(data)
        super().load_data(data)
        if leaving[4] and self.hist.record_abandoned(*leaving[:4]):
            self.hist.save()

    def game_id_after_load(self, extra: dict[str, Any]) -> None:
        self.game_id = self.loaded_id or new_game_id()
        self.loaded_id = ""
        if self.hist.counted_before(self.game_id):
            self.recorded = True
