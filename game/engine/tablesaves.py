"""Save…, Load… and the saved-games actions of every table, and Review (the game so far, or a saved one).

Split out of ``table.py``; ``TableSaves`` is a mixin of ``TableScene``.  The kept game ("Resume it?") is
written with the same `save_data_later` and read back with the same `load_data`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game import letters
from game.engine.dialogs import TextInputDialog, confirm, message
from game.engine.history import History
from saves import games as saved_games
from saves import store

#: the most letters of a saved game's name the status line says (a 40-letter name is cut with "…")
SHOWN_NAME_MAX = 30
def shown_name(name: str, limit: int = SHOWN_NAME_MAX) -> str:
    """A saved game's name as the status line says it: the name the saved-games list shows (as typed, spaces
    at the ends trimmed; never the file's escaped name or its extension), cut with "…" when longer than
    ``limit`` letters, never inside an accented letter or an emoji sequence."""
    name = name.strip()
    if len(name) <= limit:
        return name
    return letters.cut_at_boundary(name, limit - 1).rstrip() + "\u2026"


#: Load's words for a save of the game on the table (the same game id): it goes on, nothing is left (issue 32,
#: round 12: Court counted the game in progress as left, then never counted the loaded game when it ended)
SAME_GAME_CONTINUES = ("This is a save of the game you are playing: it goes on from there and counts once, "
                       "when it ends.")
#: Load's words for a save of a game the records hold already (finished or left): practice from there on
COUNTED_ALREADY = "That game was counted already: playing it on is practice and will not count again."


class TableSaves:
    """The saved-games half of ``TableScene`` (a mixin: ``self`` is the table)."""

    app: Any
    game: str
    title: str
    rules: Any
    options: dict[str, Any]
    seed: int
    history: History
    table: Any
    status: Any
    over_shown: bool

    # ----------------------------------------------------------- hooks
    def extra_save(self) -> dict[str, Any]:
        return {}

    def after_load(self, extra: dict[str, Any]) -> None:
        pass

    # --------------------------------------------------------- save / load
    def save_data(self) -> dict[str, Any]:
        return self.save_data_later()()

    def save_data_later(self) -> Callable[[], dict[str, Any]]:
        """`save_data` in two halves: what is taken now (references to immutable states and moves, the
        game's extra data), and the returned function that builds the dict from them, safe to run on
        another thread (the kept game's writer: the move texts and the start are built off the frame loop)."""
        rules, first, moves = self.rules, self.history.first, tuple(self.history.moves)
        seed, cursor, options, extra = self.seed, self.history.cursor, dict(self.options), self.extra_save()
        return lambda: {"start": rules.to_dict(first), "seed": seed, "moves": [str(m) for m in moves],
                        "cursor": cursor, "options": options, "extra": extra}

    def load_data(self, data: dict[str, Any]) -> None:
        """Rebuild the game from saved data; raises SaveError in plain words."""
        replayed = saved_games.replay(self.rules, data)
        options = self.checked_options(data.get("options"), replayed.seed)
        self.options = options
        self.seed = replayed.seed
        self.history = History(replayed.states, replayed.moves, replayed.cursor)
        self.over_shown = self.is_over()
        self.clear_highlights()
        self.table.sprites.clear()
        extra = data.get("extra")
        self.after_load(extra if isinstance(extra, dict) else {})
        self.relayout(stagger=0.02, spawn=self.deal_origin())

    def checked_options(self, options: Any, seed: int) -> dict[str, Any]:
        """The game options of a saved game, checked before they are used (SaveError if wrong).

        Only this table's own options are accepted, each of the type it has here, and they must
        make a new deal: a bad value would otherwise surface at the next New as a crash.
        """
        if options is None:
            return dict(self.options)
        damaged = "The saved game is damaged: its game options"
        if not isinstance(options, dict):
            raise store.SaveError(f"{damaged} are unreadable.")
        unknown = [str(k)[:20] for k in options if k not in self.options]
        if unknown:
            raise store.SaveError(f"{damaged} name something {self.title} does not have ({', '.join(unknown)}).")
        merged = dict(self.options)
        for key, value in options.items():
            if self.options[key] is not None and type(value) is not type(self.options[key]):
                raise store.SaveError(f"{damaged} hold a wrong value for {key}.")
            merged[key] = value
        kept = self.options
        self.options = merged
        try:
            self.new_state(seed)
            if merged:
                self.rules.new_game(seed, **merged)
        except (ValueError, TypeError, KeyError) as err:
            raise store.SaveError(f"{damaged} cannot make a deal ({str(err)[:80]}).") from None
        finally:
            self.options = kept
        return merged

    def save_summary(self) -> dict[str, Any]:
        """What the saved-games manager shows of this game: kind (variation, jokers), deal, state, moves."""
        return {"kind": self.summary_kind(), "deal": self.seed, "moves": self.history.cursor,
                "state": "finished" if self.is_over() else "in progress"}

    def summary_kind(self) -> str:
        """The variation or the number of jokers, in words, for the saved-games manager ("" if none)."""
        return ""

    def saved_game_actions(self) -> list[tuple[str, Any]]:
        """What can be done to the selected saved game besides Save/Load: (label, action(SaveInfo)) pairs."""
        return [("Rename\u2026", self.rename_saved), ("Delete\u2026", self.delete_saved)]

    def _saves_dialog(self) -> Any:
        from game.engine.savedgames import SavedGamesDialog

        return next((s for s in reversed(self.app.stack.scenes) if isinstance(s, SavedGamesDialog)), None)

    def _refresh_saves(self, select: str | None = None) -> None:
        dlg = self._saves_dialog()
        if dlg is not None:
            dlg.refresh(saved_games.list_saves(self.game), select)

    def rename_saved(self, info: Any) -> None:
        """Rename a saved game: the old name is selected (typing replaces it, an arrow key edits it), and a name
        refused, or another saved game's, is said in the dialog, which keeps what was typed."""
        shown = self._saves_dialog()
        others = {s.name for s in (shown.saves if shown is not None else ())} - {info.name}

        def check(name: str) -> str | None:
            if name.strip() in others:
                return f"A saved game called \u201c{name.strip()}\u201d exists already."
            return saved_games.check_name(name)

        def do(name: str) -> None:
            try:
                saved_games.rename_save(self.game, info, name)
            except store.SaveError as err:
                message(self.app, "Could not rename", str(err))
                return
            self.status.say(f"Renamed \u201c{shown_name(info.name)}\u201d to \u201c{shown_name(name)}\u201d.")
            self._refresh_saves(name.strip())
        self.app.push(TextInputDialog(self.app, "Rename saved game", f"New name for \u201c{info.name}\u201d:", do,
                                      info.name, check, max_len=saved_games.MAX_NAME, select_initial=True))

    def delete_saved(self, info: Any) -> None:
        def do() -> None:
            try:
                saved_games.delete_save(info)
            except store.SaveError as err:
                message(self.app, "Could not delete", str(err))
                return
            # the status line said "Saved as …" still, of a file now gone (round 8): it says what was deleted
            self.status.say(f"Deleted the saved game \u201c{shown_name(info.name)}\u201d.")
            self._refresh_saves()
        confirm(self.app, "Delete saved game", f"Delete the saved game \u201c{info.name}\u201d? It cannot be "
                "brought back.", do, yes="Delete", no="Keep it", safe=True)

    def _saved_path(self, name: str, saves: Sequence[Any]) -> Any:
        """The file of the saved game called ``name`` in ``saves`` (the list the dialog shows: every file was
        read once for it), else where a new one would go."""
        match = next((s for s in saves if s.name == name.strip()), None)
        return match.path if match else saved_games.save_path(self.game, name)

    def save_dialog(self) -> None:
        from game.engine.savedgames import SavedGamesDialog

        def do(name: str, replace: bool = False) -> None:
            data = self.save_data()
            try:
                saved_games.save_game(self.game, self.title, name, data, self.save_summary(),
                                             replace=replace)
            except store.SaveError as err:
                message(self.app, "Could not save", str(err))
                return
            self.app.sounds.play("click")
            self.status.say(f"Saved as \u201c{shown_name(name)}\u201d.")  # the list's name, not the file's
            cut = saved_games.fit_to_limit(data)[1]
            if cut:
                message(self.app, "Saved in part", f"Saved as \u201c{name.strip()}\u201d, but not all of it. {cut}")
        existing = saved_games.list_saves(self.game)

        def maybe_overwrite(name: str) -> None:
            if self._saved_path(name, dlg.saves).exists():
                confirm(self.app, "Replace saved game?", f"A saved game called \u201c{name}\u201d exists. Replace it?",
                        lambda: do(name, replace=True), yes="Replace", no="Cancel")
            else:
                do(name)
        dlg = SavedGamesDialog(self.app, f"Save {self.title}", existing, maybe_overwrite, "save",
                               self.saved_game_actions(), validate=saved_games.check_name)
        dlg.field.set(self.default_save_name())  # a name proposed, selected: typing replaces it, Enter keeps it
        dlg.field.all_selected = True
        self.app.push(dlg)

    def save_name_base(self) -> str:
        """What a proposed save name says of the game (Romi counts turns, not moves)."""
        title = self.title if len(self.title) <= 14 else self.game.capitalize()  # the name box holds 40
        return f"{title} deal {self.seed} move {len(self.history.moves)}"

    def default_save_name(self) -> str:
        """A name Save proposes (`save_name_base`), one no saved game has yet: the box used to open empty with
        Save greyed."""
        base = self.save_name_base()
        name, n = base, 1
        while saved_games.save_path(self.game, name).exists():
            n += 1
            name = f"{base} {n}"
        return name

    def load_dialog(self) -> None:
        from game.engine.savedgames import SavedGamesDialog

        def do(name: str, then: str = "") -> None:
            target = self._saved_path(name, dlg.saves)
            try:
                data = saved_games.load_game(self.game, self.title, target)
                snapshot = (self.history, self.seed, self.options)
                try:
                    self.load_data(data)
                except store.SaveError:
                    self.history, self.seed, self.options = snapshot
                    self.relayout(animate=False)
                    raise
            except store.SaveError as err:
                message(self.app, "Could not load", f"{err} Your current game is unchanged.")
                return
            # a save counted already is practice from here: said on the line too, as no question comes when no
            # game is under way (round 14: a Court game loaded after its end was never called practice)
            note = f" {then}" if then == COUNTED_ALREADY else ""
            self.status.say(f"Loaded \u201c{name}\u201d.{note}")
            self.after_loaded_by_player()
        def chosen(name: str) -> None:
            try:  # read only (load_game sets a bad file aside: the Load itself says what is wrong with it)
                raw = store.read_json(self._saved_path(name, dlg.saves), saved_games.FORMAT, saved_games.VERSION)
            except store.SaveError:
                raw = {}
            data = raw.get("data") if raw.get("game") == self.game else None
            then = self.load_words(data) if isinstance(data, dict) else ""
            more = {"then": then} if then else {}  # (ACME's own ask_first takes no then=)
            self.ask_first("Load", f"Load \u201c{name}\u201d?", lambda: do(name, then), yes="Load", **more)
        actions = [("Review", self.review_saved), *self.saved_game_actions()]
        dlg = SavedGamesDialog(self.app, f"Load {self.title}", saved_games.list_saves(self.game), chosen, "load",
                               actions)
        self.app.push(dlg)

    def load_words(self, data: dict[str, Any]) -> str:
        """What Load's question says of the saved game ``data`` beyond what leaving the game on the table
        costs (the solitaires: a save of the game in progress will not count again); '' by default."""
        return ""

    def after_loaded_by_player(self) -> None:
        """A player's Load (not a resume): e.g. Aces Up stops scoring."""

    # ----------------------------------------------------------------- review
    def open_review(self) -> None:
        """Game ▸ Review (and "Review this game" on the end boxes): the game so far, replayed move by move
        with its analysis, in its own scene; this table and its game are only read.  On a game with no move
        yet, the last game finished in this window is offered instead (round 12: after New game the finished
        game could no longer be reviewed: Review showed the new, empty one)."""
        from game.review.scene import open_review
        from game.review.source import from_scene

        last = getattr(self, "last_finished", None)
        if not self.own_moves_played() and last is not None:
            n = len(last.moves)
            # whose game it was, when another player played it (round 15: after a tournament, Tess was offered
            # "the last game", Zoë's, without a word of whose)
            by = getattr(self, "last_finished_player", None)
            whose = f"{by}'s game, " if by and by != self.title_player() else ""
            confirm(self.app, "Review", f"You have not moved in this game yet. Review the last game "
                    f"({whose}Deal #{last.seed}, {n} move{'s' if n != 1 else ''})?",
                    lambda: open_review(self.app, last), yes="Review the last game", no="Cancel")
            return
        open_review(self.app, from_scene(self))

    def own_moves_played(self) -> bool:
        """Moves of the player's own in the game on the table: the computers' first moves (ACME's exchange
        after Deal, Court's computer drawing first) are not a game to review yet (round 14: ACME's Review after
        F2 showed the new round's two gifts, and the round just finished could no longer be reviewed)."""
        h = self.history
        seat_of = getattr(self.rules, "current_player", None)
        if seat_of is None:
            return bool(h.moves)
        return any(seat_of(st) == 0 for st in h.states[:h.cursor])

    def keep_finished_for_review(self) -> None:
        """A finished game about to be replaced (New game, Deal, Load) is kept, in memory only, for Game ▸
        Review on the next game before its first move."""
        from game.review.source import from_scene

        h = getattr(self, "history", None)
        if h is not None and h is getattr(self, "_finished_kept_from", None):
            return  # kept already, before the table changed its player or level (a Court tournament's end)
        if h is not None and h.moves and self.rules.is_over(h.states[h.cursor]):
            self.last_finished = from_scene(self)
            self.last_finished_player = self.played_by
            self._finished_kept_from = h

    def review_saved(self, info: Any) -> None:
        """"Review" in the saved-games list: that saved game (a SaveInfo) replayed (the game on the table is
        untouched)."""
        from game.review.scene import open_review
        from game.review.source import ReviewInputError, from_data

        try:
            data = saved_games.load_game(self.game, self.title, info.path)
            source = from_data(self.game, data, info.name)
        except (store.SaveError, ReviewInputError) as err:
            message(self.app, "Could not review", str(err))
            return
        open_review(self.app, source)
