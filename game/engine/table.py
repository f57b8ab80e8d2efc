"""`TableScene`: what every card table shares, so a game writes only its own parts.

It owns the card sprites, the menu bar, the buttons and the message line; the
history (undo/redo); New/Restart/Select deal; Save/Load through the file
dialog; keeping the game for the next start when the window closes; and the
mouse: press, click, drag with a threshold, drop.  A game subclass supplies
the rules module, ``new_state``, ``geometry`` (card size and anchors for a
window size), ``layout`` (where every card rests), and its input hooks
``on_click``/``drag_group``/``on_drop``.  Moves go through `play`, which asks
the rules and turns a refusal into a sound, a shake and a readable message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.cards import MAX_DEAL, new_deal_number
from game.engine import theme
from game.engine.cardtable import CardSprite, CardTable, Placement
from game.engine.common import options_menu
from game.engine.dialogs import MessageDialog, TextDialog, TextInputDialog, confirm, message
from game.engine.focus import HELP as KEYBOARD_PLAY
from game.engine.focus import KeyboardFocus, Spot
from game.engine.history import History
from game.engine.scene import Scene
from game.engine.shortcuts import key_or_none, with_keys
from game.engine.widgets import Button, Menu, MenuBar, MenuItem, MessageLine, item
from saves import games as saved_games
from saves import keptslots, store
from saves.keeper import WRITER
from saves.recordqueue import QUEUE as RECORDS

DRAG_THRESHOLD = 6
#: closing with records still waiting for a busy data folder waits this long for it, then asks
CLOSE_RECORDS_WAIT_S = 1.0
RECORDS_WAITING_SHORT = "Statistics not written yet"
RECORDS_WAIT_WORDS = ("Your statistics are not written yet: another Parlour window is keeping the data folder "
                      "busy. This window keeps trying and says so once they are written.")
MAX_MOVES = saved_games.MAX_MOVES  # the longest saved game read (saves.games.replay)


class TableScene(Scene):
    #: short name (CONVENTIONS.md) and title; the rules module
    game = ""
    title = ""
    rules: Any = None
    allow_undo = True
    help_text = ""
    #: what Enter and Space do on this table (game.<name>.keyboard.HELP), shown after the general keys
    keyboard_help = ""
    #: a finished game stays finished: Undo and Redo do not reopen it (the end box's "Undo last move" does,
    #: on purpose and as practice). The solitaires set it; a duel's result is left as its game decides.
    end_is_final = False
    #: a computer plays here (a seat or a demo): Options offers Computer speed
    has_computer_players = True

    def __init__(self, app, seed: int | None = None, resume: bool = True, **options: Any) -> None:
        super().__init__(app)
        self.options = options
        self.table = CardTable()
        self.status = MessageLine()
        self.buttons: list[Button] = []
        self.seed_given = seed is not None  # a deal asked for by number (Select deal, screenshot, tests)
        self.seed = seed if seed is not None else new_deal_number()
        self.history = History.start(self.new_state(self.seed))
        self.menubar = MenuBar(self.build_menus())
        self._press: tuple[CardSprite | None, tuple[int, int]] | None = None
        self._dragging = False
        self._offer_resume = resume
        self._entered = False
        #: the "Resume it?" question is open: the kept game must stay as it is, no computer
        #: may move and nothing of the new deal may show until it is answered
        self.resume_pending = False
        self._keep_told = False
        self._records_told = False
        self._kept_key: tuple[Any, ...] | None = None
        #: keys pressed while a deal is looked for ("Winnable deals only"): they act once it is dealt
        self._held_keys: list[pygame.event.Event] = []
        self.over_shown = False
        self.highlighted: set[str] = set()
        self.focus = KeyboardFocus(self)

    # ------------------------------------------------------------------ hooks
    def new_state(self, seed: int) -> Any:
        """A fresh deal for deal number ``seed`` with this table's options."""
        return self.rules.new_game(seed, **self.options)

    def geometry(self, size: tuple[int, int]) -> None:
        """Compute card size and anchors for the window size (call set_card_size)."""

    def layout(self, state: Any) -> dict[str, Placement]:
        """Where every card of ``state`` rests."""
        return {}

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        """A click (press and release without dragging) on a card or on the felt."""

    def drag_group(self, sprite: CardSprite) -> list[CardSprite] | None:
        """The cards that would be lifted by dragging ``sprite``, or None."""
        return None

    def on_drop(self, sprites: list[CardSprite], pos: tuple[int, int]) -> bool:
        """Cards released at ``pos``: play the move and return True, else False."""
        return False

    def after_move(self, before: Any, move: Any, after: Any) -> None:
        """A move was played (sounds, messages, statistics)."""

    def on_game_over(self, state: Any) -> None:
        """The game has just ended."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Drawn on the felt beneath the cards (slots, labels)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above the cards (score panel, banners)."""

    def game_menu_extra(self) -> list[MenuItem]:
        return []

    def extra_menus(self) -> list[Menu]:
        return []

    def arrival(self) -> str:
        """Said when the table opens (Options ▸ Speak): the game, what its status line says, and the keys
        that read it."""
        said = " ".join(self.status.message.split())
        return f"{self.title} table. {said + ' ' if said else ''}F8 reads the table, F1 the rules, F10 the menus."

    def status_text(self) -> str:
        """Right-hand side of the status line (deal number, score, stock)."""
        return f"Deal #{self.seed}"

    def extra_save(self) -> dict[str, Any]:
        return {}

    def after_load(self, extra: dict[str, Any]) -> None:
        pass

    def hint(self) -> None:
        message(self.app, "Hint", "No hint for this game.")

    def focus_spots(self) -> list[Spot]:
        """Where the keyboard focus can rest (game.engine.focus): the game's places, then its buttons."""
        return self.button_spots()

    def focus_click(self, sprite: CardSprite | None, pos: tuple[int, int], mod: int) -> None:
        """Enter on the focused place: a click there (``mod`` carries Shift for games that use it)."""
        self.on_click(sprite, pos)

    def button_spots(self) -> list[Spot]:
        """The enabled, visible buttons as focus spots (Enter presses them)."""
        return [Spot(f"button {b.label}", b.rect, f"{b.label} button", "buttons", action=b.action)
                for b in self.buttons if b.is_enabled]

    def describe_table(self) -> str:
        """What F8 reads aloud (Options ▸ Speak): each place and what it holds, then the status facts.
        The default reads the focus ring's places; a game may say more (its piles' depths, the scores)."""
        places = [s.label.rstrip(".") for s in self.focus_spots() if s.area != "buttons"]
        return ". ".join([self.title, *places, self.status_text()]) + "."

    def describe_cards(self, ids: list[str]) -> str:
        """Words for held cards on the status line ("the seven of hearts", "the seven, eight and nine of
        hearts"): the one card-name voice of game.cards."""
        from game.cards import cards_phrase

        return cards_phrase([i.split("#")[0] for i in ids])

    # -------------------------------------------------------------- state
    @property
    def state(self) -> Any:
        return self.history.state

    def is_over(self) -> bool:
        return bool(self.rules.is_over(self.state))

    def in_progress(self) -> bool:
        """Worth keeping when the window closes: moves made and not over."""
        return bool(self.history.moves) and not self.is_over()

    def play(self, move: Any, sound: str = "place", sprite_ids: tuple[str, ...] = (),
             stagger: float = 0.0) -> bool:
        """Apply ``move`` through the rules; True if it was legal."""
        before = self.state
        try:
            after = self.rules.apply(before, move)
        except ValueError as err:  # IllegalMove is a ValueError
            self.refuse(str(err), sprite_ids)
            return False
        self.history.push(move, after)
        self.clear_highlights()
        if sound:
            self.app.sounds.play(sound)
        self.relayout(stagger=stagger)
        self.after_move(before, move, after)
        self.check_over()
        return True

    def refuse(self, text: str, sprite_ids: tuple[str, ...] = ()) -> None:
        self.app.sounds.play("refuse")
        self.status.say(text, theme.HILITE)
        for sid in sprite_ids:
            self.table.refuse(sid)

    def check_over(self) -> None:
        if self.is_over() and not self.over_shown:
            self.over_shown = True
            self.on_game_over(self.state)

    def end_box_buttons(self, won: bool) -> list[tuple[str, Callable[[], None] | None]]:
        """The end box's choices as (label, action) pairs, in order; an action of None only closes the box
        (to look at the table). One overridable list, so a table (or a later feature) adds a choice in a line."""
        out: list[tuple[str, Callable[[], None] | None]] = [("New game", self.new_game), ("Restart", self.restart)]
        if not won and self.allow_undo and self.history.can_undo:
            out.append(("Undo last move", self.undo_last_move))
        out.append(("Review this game", self.open_review))
        out.append(("Close", None))
        return out

    def end_box(self, title: str, text: str, won: bool, score_line: str = "") -> MessageDialog:
        """Show the end of the game: the status line says it too (never a stale "Move undone").  Records that
        found the data folder busy are said on the box, where the words stay until the player closes it."""
        self.status.say(f"{title.rstrip('!.')}. {score_line}".strip(), theme.GOLD if won else theme.WHITE)
        if RECORDS.waiting():
            text = f"{text} {RECORDS_WAIT_WORDS}"
        return game_over_dialog(self, title, text, won, self.end_box_buttons(won), score_line)

    def relayout(self, animate: bool = True, stagger: float = 0.0, spawn: tuple[float, float] | None = None) -> None:
        self.table.anim_scale = self.app.settings.anim_scale()
        self.table.sync(self.layout(self.state), animate=animate, stagger=stagger, spawn=spawn)
        self.app.invalidate()

    def clear_highlights(self) -> None:
        for sid in self.highlighted:
            sp = self.table.sprites.get(sid)
            if sp is not None:
                sp.highlight = None
        self.highlighted.clear()

    def highlight(self, ids: list[str], colour=theme.HINT) -> None:
        self.clear_highlights()
        for sid in ids:
            sp = self.table.sprites.get(sid)
            if sp is not None:
                sp.highlight = colour
                self.highlighted.add(sid)

    # ---------------------------------------------------------- game menu
    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        self.seed = seed
        self.history = History.start(state)
        self.over_shown = False
        self.clear_highlights()
        self.table.sprites.clear()
        self.status.say(f"Deal #{seed}. Good luck!")
        if sound:
            self.app.sounds.play(sound)
        self.relayout(stagger=0.04, spawn=self.deal_origin())

    def deal_origin(self) -> tuple[float, float] | None:
        """Where new cards fly in from on a deal (the stock), or None."""
        return None

    def new_game(self, seed: int | None = None) -> None:
        seed = seed if seed is not None else new_deal_number()
        self.start_game(self.new_state(seed), seed)

    def restart(self) -> None:
        self.start_game(self.history.first, self.seed)

    # Whatever throws away a game in progress asks first (menus and buttons call these, never
    # new_game/restart directly; a game over or not yet begun is not asked about).
    def ask_first(self, title: str, question: str, action, yes: str = "Yes") -> None:
        """Run ``action``; if it would throw away a game in progress, ask first."""
        if self.in_progress():
            confirm(self.app, title, f"{question} The game in progress will be lost.", action, yes=yes,
                    no="Keep playing")
        else:
            action()

    def ask_new_game(self) -> None:
        self.ask_first("New game", "Start a new game?", self.new_game, yes="New game")

    def ask_restart(self) -> None:
        self.ask_first("Restart", "Start this deal again from the beginning?", self.restart, yes="Restart")

    def can_undo(self) -> bool:
        """Undo is offered: a move to take back, and the game not finished (see end_is_final)."""
        return self.history.can_undo and not self.finished()

    def can_redo(self) -> bool:
        return self.history.can_redo and not self.finished()

    def finished(self) -> bool:
        """The game has ended and stays ended (Undo/Redo refused): only the end box reopens it."""
        return self.end_is_final and self.is_over()

    def undo(self) -> None:
        if not self.allow_undo or not self.history.can_undo:
            self.refuse("Nothing to undo.")  # said, not only a sound: a player who cannot see hears why
            return
        if self.finished():
            self.refuse("The game is over: New game, Restart, or Undo last move in the end box (Game menu: "
                        "Restart).")
            return
        self._undo_one()

    def undo_last_move(self) -> None:
        """The end box's choice: take back the last move of a finished game, on purpose (the game is then
        practice: not scored, no high score, and it was counted already)."""
        if not self.allow_undo or not self.history.can_undo:
            return
        self._undo_one()
        self.reopened()

    def reopened(self) -> None:
        """A finished game was reopened by "Undo last move" (the solitaires say it is now practice)."""

    def _undo_one(self) -> None:
        self.history.undo()
        self.over_shown = self.is_over()
        self.clear_highlights()
        self.app.sounds.play("flip")
        self.relayout()
        self.after_undo()

    def redo(self) -> None:
        if not self.allow_undo or not self.history.can_redo or self.finished():
            self.refuse("The game is over: nothing to redo." if self.finished() else "Nothing to redo.")
            return
        self.history.redo()
        self.clear_highlights()
        self.app.sounds.play("place")
        self.status.say("Move redone.")  # a redo into the end replaces it with the end's own words
        self.relayout()
        self.check_over()

    def after_undo(self) -> None:
        pass

    def select_deal(self) -> None:
        def check(text: str) -> str | None:
            if not text.isdigit() or not 1 <= int(text) <= MAX_DEAL:
                return f"Type a deal number from 1 to {MAX_DEAL}."
            return None
        def chosen(text: str) -> None:
            self.ask_first("Select deal", f"Play deal #{int(text)}?", lambda: self.new_game(int(text)),
                           yes="New game")
        self.app.push(TextInputDialog(self.app, "Select deal", f"Deal number (1 to {MAX_DEAL}):",
                                      chosen, str(self.seed), check, max_len=6))

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

    def _refresh_saves(self) -> None:
        dlg = self._saves_dialog()
        if dlg is not None:
            dlg.refresh(saved_games.list_saves(self.game))

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
            self._refresh_saves()
        self.app.push(TextInputDialog(self.app, "Rename saved game", f"New name for \u201c{info.name}\u201d:", do,
                                      info.name, check, max_len=saved_games.MAX_NAME, select_initial=True))

    def delete_saved(self, info: Any) -> None:
        def do() -> None:
            try:
                saved_games.delete_save(info)
            except store.SaveError as err:
                message(self.app, "Could not delete", str(err))
                return
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
                path = saved_games.save_game(self.game, self.title, name, data, self.save_summary(),
                                             replace=replace)
            except store.SaveError as err:
                message(self.app, "Could not save", str(err))
                return
            self.app.sounds.play("click")
            self.status.say(f"Saved as \u201c{name}\u201d ({path.name}).")
            cut = saved_games.fit_to_limit(data)[1]
            if cut:
                message(self.app, "Saved in part", f"Saved as \u201c{name}\u201d, but not all of it. {cut}")
        existing = saved_games.list_saves(self.game)

        def maybe_overwrite(name: str) -> None:
            if self._saved_path(name, dlg.saves).exists():
                confirm(self.app, "Replace saved game?", f"A saved game called \u201c{name}\u201d exists. Replace it?",
                        lambda: do(name, replace=True), yes="Replace", no="Cancel")
            else:
                do(name)
        dlg = SavedGamesDialog(self.app, f"Save {self.title}", existing, maybe_overwrite, "save",
                               self.saved_game_actions(), validate=saved_games.check_name)
        self.app.push(dlg)

    def load_dialog(self) -> None:
        from game.engine.savedgames import SavedGamesDialog

        def do(name: str) -> None:
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
            self.status.say(f"Loaded \u201c{name}\u201d.")
            self.after_loaded_by_player()
        def chosen(name: str) -> None:
            self.ask_first("Load", f"Load \u201c{name}\u201d?", lambda: do(name), yes="Load")
        actions = [("Review", self.review_saved), *self.saved_game_actions()]
        dlg = SavedGamesDialog(self.app, f"Load {self.title}", saved_games.list_saves(self.game), chosen, "load",
                               actions)
        self.app.push(dlg)

    def after_loaded_by_player(self) -> None:
        """A player's Load (not a resume): e.g. Aces Up stops scoring."""

    # ----------------------------------------------------------------- review
    def open_review(self) -> None:
        """Game ▸ Review (and "Review this game" on the end boxes): the game so far, replayed move by move
        with its analysis, in its own scene; this table and its game are only read."""
        from game.review.scene import open_review
        from game.review.source import from_scene

        open_review(self.app, from_scene(self))

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

    # ------------------------------------------------- keeping the game on quit
    def on_enter(self) -> None:
        if self._entered:
            return
        self._entered = True
        if self._offer_resume:
            self.offer_resume()
        if not self.resume_pending and not self.seed_given:
            self.deal_as_options_ask()

    def deal_as_options_ask(self) -> None:
        """The deal made when the table opened is random: a table whose options ask for a kind of deal (the
        solitaires' "Winnable deals only") deals one of that kind here — on opening, and after "New game"
        to "Resume it?". Every way to a new deal honours every option."""

    def waiting_for_deal(self) -> bool:
        """A new deal is being looked for (Winnable deals only): the table shows no cards and takes no
        clicks until it is there, so no move is made on a deal about to vanish."""
        return False

    def turn_words(self) -> str:
        """Why the player cannot act now because a computer seat is to play (ACME, Court, Romi), or '' when
        they can: a press of a button greyed for that reason, or a key for it, is answered in these words,
        never dropped in silence (issue 33: a fast click during the computer's play)."""
        return ""

    def waiting_words(self) -> str:
        """What the status line says while `waiting_for_deal`."""
        return "Looking for a deal\u2026"

    #: opened from a main-menu tile marked "Resume": the kept game is resumed without asking "Resume it?" again
    resume_without_asking = False

    def offer_resume(self) -> None:
        """Ask "Resume it?" about a kept game this window may take (`saves.keptslots`: one another window
        offers or plays is not offered here, and saying which one when two are kept)."""
        path = keptslots.claim_to_offer(self.game)
        if path is None:
            return
        try:
            data = saved_games.read_resume(self.game, self.title, path)
        except store.SaveError as err:
            moved = store.quarantine(path)
            kept = f" The file was kept aside as {moved.name}." if moved else ""
            message(self.app, "Unfinished game", f"Your unfinished game could not be restored: {err}{kept}")
            return
        if data is None:
            return
        question = f"You left a game of {self.title} unfinished. Resume it?"
        others = len(keptslots.kept(self.game)) - 1
        if others > 0:
            question = (f"You left {others + 1} games of {self.title} unfinished. "
                        f"This one, {keptslots.describe(path, data)}: resume it? The other"
                        f"{'s stay' if others > 1 else ' stays'} kept for the next window.")

        def yes() -> None:
            self.resume_pending = False
            self.app.invalidate()
            try:
                self.load_data(data)
                self.status.say("Welcome back: your game is as you left it.")
                self.after_resumed()
            except store.SaveError as err:
                moved = store.quarantine(path)
                kept = f" The file was kept aside as {moved.name}." if moved else ""
                message(self.app, "Unfinished game", f"{err}{kept}")

        def no() -> None:
            self.resume_pending = False
            self.declined_resume(data)
            self.forget_kept()
            self.relayout(stagger=0.02, spawn=self.deal_origin())
            self.deal_as_options_ask()

        def answer(label: str) -> None:
            (yes if label == "Resume" else no)()

        if self.resume_without_asking:  # the player chose the tile marked Resume: that was the answer
            yes()
            return

        # Escape keeps the unfinished game (the choice that loses nothing); closing the window
        # before answering leaves the kept file untouched (keep_for_next_time).
        self.resume_pending = True
        self.app.stack.push(MessageDialog(self.app, "Unfinished game",
                                          question,
                                          ("Resume", "New game"), answer, default=0, cancel="Resume"))

    def after_resumed(self) -> None:
        pass

    def record_abandoned(self) -> None:
        """A game left after the player's first move counts once, as given up (the solitaires' statistics)."""

    #: True for tables whose statistics count a game left unfinished (record_abandoned does something)
    counts_abandoned = False

    def declined_resume(self, data: dict[str, Any]) -> None:
        """"New game" to "Resume it?" leaves the kept game: where a game left unfinished counts, it counts
        now, once, as given up — declining the question must not be a free escape from a losing game. The
        fresh deal behind the question is then dealt again, as it was."""
        if not self.counts_abandoned:
            return
        seed, first = self.seed, self.history.first
        try:
            self.load_data(data)
        except store.SaveError:
            return  # an unreadable kept game counts nothing (it is reported when it is set aside)
        self.after_resumed()
        self.record_abandoned()
        self.start_game(first, seed, sound="")

    def keep_for_next_time(self) -> str | None:
        """Keep the game in progress for the next start (or forget a finished one), now.

        Returns None, or a plain-words message when the game could not be kept.  While the
        "Resume it?" question is unanswered the kept game is left exactly as it was.
        """
        if self.resume_pending:
            return None
        self._kept_key = None
        self.keep_moves()
        WRITER.flush()
        return WRITER.problems.get(self.game) if self.in_progress() else None

    def keep_moves(self) -> None:
        """After every completed move (called once a frame: cheap when nothing changed), hand the game
        to the kept game's writer thread, or have it forget a game that is over or not begun: a SIGKILL,
        a lost display or a power cut then loses at most the move in flight."""
        if not self._entered or self.resume_pending:
            return
        progress = self.in_progress()
        key = (id(self.history), self.history.cursor, len(self.history.moves), progress, self.kept_extra())
        if key == self._kept_key:
            return
        self._kept_key = key
        if progress:
            WRITER.keep(self.game, self.title, self.save_data_later())
        else:
            WRITER.clear(self.game)

    def kept_extra(self) -> Any:
        """What the kept game holds besides the moves that changes between them (Romi's board, arranged
        within a turn): when it changes the kept game is written again.  Cheap: asked once a frame."""
        return None

    def after_frame(self) -> None:
        self.keep_moves()
        if self._held_keys and not self.waiting_for_deal():
            held, self._held_keys = self._held_keys, []
            for event in held:  # the deal is here: the keys pressed while it was looked for act on it
                pygame.event.post(event)

    def forget_kept(self) -> None:
        """Forget the kept game now, if it is this window's (a round left with its penalty, a kept game
        declined)."""
        WRITER.clear(self.game)
        WRITER.flush()

    def _not_kept(self, problem: str) -> str:
        return (f"Your unfinished game of {self.title} could not be kept for next time. {problem} "
                "Close the window again to quit without it.")

    def on_quit(self) -> bool:
        problem = self.keep_for_next_time()
        if problem and not self._keep_told:
            # A double-clicked program has no console: say it on screen, once, and stay open
            # so the player can read it (a second close quits).
            self._keep_told = True
            message(self.app, "Game not kept", self._not_kept(problem))
            return False
        if RECORDS.waiting() and not RECORDS.flush(CLOSE_RECORDS_WAIT_S) and not self._records_told:
            self._records_told = True
            message(self.app, "Records not written", f"{RECORDS_WAIT_WORDS} Close the window again to quit "
                                                     "without them.")
            return False
        return True

    def to_main_menu(self) -> None:
        from game.mainmenu import MainMenu

        problem = self.keep_for_next_time()
        self.app.replace(MainMenu(self.app))
        if problem:
            message(self.app, "Game not kept", f"Your unfinished game of {self.title} could not be kept for "
                                               f"next time. {problem}")

    # ----------------------------------------------------------------- menus
    def build_menus(self) -> list[Menu]:
        game_items = [
            item("New", self.ask_new_game, key_or_none(self.game, "new")),
            item("Restart", self.ask_restart, key_or_none(self.game, "restart")),
            item("Select deal…", self.select_deal, key_or_none(self.game, "select_deal")),
            item("-"),
        ]
        if self.allow_undo:
            game_items += [
                item("Undo", self.undo, key_or_none(self.game, "undo"), enabled=self.can_undo, refused=self.undo),
                item("Redo", self.redo, key_or_none(self.game, "redo"), enabled=self.can_redo, refused=self.redo),
                item("Hint", self.hint, key_or_none(self.game, "hint")),
                item("-"),
            ]
        game_items += self.game_menu_extra()
        game_items += [
            item("Review", self.open_review),
            item("Save…", self.save_dialog, key_or_none(self.game, "save")),
            item("Load…", self.load_dialog, key_or_none(self.game, "load")),
            item("-"),
            item("Main menu", self.to_main_menu, key_or_none(self.game, "main_menu")),
            item("Exit", self.app.request_quit, key_or_none(self.game, "exit")),
        ]
        return [Menu("Game", game_items), *self.extra_menus(),
                options_menu(self.app, computer=self.has_computer_players),
                Menu("Help", [item(f"How to play {self.title}", self.show_help, key_or_none(self.game, "help"))])]

    def show_help(self) -> None:
        text = "\n\n".join(t for t in (self.help_text.rstrip(), KEYBOARD_PLAY, self.keyboard_help) if t)
        self.app.push(TextDialog(self.app, f"How to play {self.title}", with_keys(self.game, text)))

    # ----------------------------------------------------------------- input
    def on_resize(self, size: tuple[int, int]) -> None:
        self.menubar.resize(size[0])
        self.geometry(size)
        self.relayout(animate=False)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.waiting_for_deal() and event.type == pygame.KEYDOWN and self.menubar.open is None:
            # a key (a shortcut too) for a deal about to be replaced waits for the new deal, then acts on it
            if len(self._held_keys) < 8:
                self._held_keys.append(event)
            self.status.say(f"{self.waiting_words()} Your key acts once it is dealt.", theme.HINT)
            return True
        if self.menubar.handle(event):
            return True
        if self.waiting_for_deal() and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN:  # no card is there to act on yet: said, not ignored
                self.status.say(f"{self.waiting_words()} Click again once it is dealt.", theme.HINT)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            # Before the focus ring and the buttons see it: a button that waits for the cards to rest
            # (ACME's Play while a trick is gathered) refused a fast press in silence; now it finds them at rest.
            self.hurry()
        if self.focus.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and any(
                b.visible and not b.is_enabled and b.rect.collidepoint(event.pos) for b in self.buttons):
            words = self.turn_words()
            if words:  # (a button greyed for any other reason says so by its look, as everywhere)
                self.status.say(words, theme.HILITE)
                return True
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # (the animation was hurried above) the click acts on the table as it now rests: a fast
            # player's second click on the stock deals again, never lands on a card still flying.
            self._press = (self.table.hit(event.pos), event.pos)
            self._dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            sprite, start = self._press
            if not self._dragging and sprite is not None:
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_THRESHOLD:
                    group = self.drag_group(sprite)
                    if group:
                        self.clear_highlights()  # a hint for another card no longer applies
                        self.table.begin_drag(group, start)
                        self._dragging = True
            if self._dragging:
                self.table.drag_to(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            sprite, _start = self._press
            self._press = None
            if self._dragging:
                self._dragging = False
                self.table.drag_to(event.pos)
                held = self.table.end_drag()
                if not self.on_drop(held, event.pos):
                    self.table.fly_home(held, [self._home_of(sp) for sp in held])
                    self.app.sounds.play("refuse")
                return True
            self.on_click(sprite, event.pos)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self._dragging:
            self._dragging = False
            self._press = None
            self.table.cancel_drag()
            return True
        return False

    def hurry(self) -> None:
        """Input arrived during an animation: jump it to its end, so the click or key acts on the table as
        it rests and is never lost.  A table with a timed show of its own (Forty Thieves' clear and
        redeal) ends that too."""
        if self.table.animating:
            self.table.finish()
            self.app.invalidate()

    def _home_of(self, sp: CardSprite) -> tuple[float, float]:
        pl = self.layout(self.state).get(sp.id)
        return (pl.x, pl.y) if pl else (sp.x, sp.y)

    # ------------------------------------------------------------- frame
    def busy(self) -> bool:
        return self.table.animating

    def update(self, dt: float) -> None:
        self.table.update(dt)
        news = RECORDS.take_news()
        if news:
            self.status.say(" ".join(news), theme.HILITE)

    def card_art(self):
        """The art the cards are drawn with (a table may stand in its own for some faces: Romi's tiles)."""
        return self.app.art

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from sprites.felt import felt_surface

        w, h = surface.get_size()
        surface.blit(felt_surface(w, h), (0, 0))
        if self.resume_pending or self.waiting_for_deal():
            # Nothing of the new deal shows before the player has chosen (no comparing hands):
            # not its cards, its deal number nor its turn message; a warning (a file problem) stays.
            said = self.status.message, self.status.colour
            if said[1] != theme.HILITE and self.resume_pending:
                self.status.say("Resume your unfinished game, or start a new one.")
            self.status.right = ""
            self.status.draw(surface)
            self.status.say(*said)
            self.menubar.draw(surface)
            return
        self.draw_table(surface)
        self.table.draw(surface, self.card_art(), self.app.settings.card_back, alpha)
        self.draw_overlay(surface)
        for b in self.buttons:
            b.draw(surface)
        self.focus.draw(surface)
        self.status.right = self.status_text()
        if RECORDS.waiting():  # stays in sight until they are written (the facts on its left give way first)
            self.status.right = f"{self.status.right}   {RECORDS_WAITING_SHORT}"
        self.status.draw(surface)
        self.menubar.draw(surface)


class EndBox(MessageDialog):
    """The end of a game: what happened, the score in large type, and the choices (wide enough for four).

    The score line is wrapped to the box like the message ("An assisted game: not scored, not in the
    statistics." ran past the right edge at 1280x800 and was cut at 800x600)."""

    width = 640
    SCORE_SIZE = 36
    SCORE_LINE_H = 42

    def __init__(self, app, title: str, text: str, score_line: str, buttons: Sequence[str],
                 on_close: Callable[[str], None], cancel: str) -> None:
        self.score_line = score_line
        self.score_lines: list[str] = []
        self.text = text
        # all it says (spoken, tested); the lines drawn small are the text's, the score line is drawn large
        super().__init__(app, title, f"{text} {score_line}".strip(), buttons, on_close, default=0, cancel=cancel)

    def body_text(self) -> str:
        return self.text

    def extra_height(self) -> int:
        self.score_lines = theme.wrap(self.score_line, self.body.w, self.SCORE_SIZE, bold=True) \
            if self.score_line else []
        return 8 + self.SCORE_LINE_H * len(self.score_lines) if self.score_lines else 0

    def draw_body(self, surface: pygame.Surface) -> None:
        super().draw_body(surface)
        y = self.body.y + theme.sc(26) * len(self.lines) + theme.sc(8)
        for line in self.score_lines:
            theme.text(surface, line, (self.body.x, y), self.SCORE_SIZE, theme.INK, bold=True)
            y += theme.sc(self.SCORE_LINE_H)


def game_over_dialog(scene: TableScene, title: str, text: str, won: bool,
                     choices: Sequence[tuple[str, Callable[[], None] | None]] | None = None,
                     score_line: str = "") -> MessageDialog:
    """The end-of-game box: its ``choices`` (label, action; None only closes, to look at the table), by default
    New game, Review this game or Close; a win is celebrated first, and any choice that acts ends the celebration."""
    scene.app.sounds.play("win" if won else "lose")
    party = None
    if won:
        from game.engine.celebrate import celebrate

        party = celebrate(scene)
    choices = list(choices) if choices is not None else [("New game", scene.new_game),
                                                         ("Review this game", scene.open_review), ("Close", None)]
    actions = dict(choices)

    def done(label: str) -> None:
        act = actions.get(label)
        if act is None:
            return
        if party is not None:
            party.finish()
        act()
    labels = [label for label, _act in choices]
    cancel = next((label for label, act in choices if act is None), labels[-1])
    dlg = EndBox(scene.app, title, text, score_line, labels, done, cancel)
    scene.app.push(dlg)
    return dlg
