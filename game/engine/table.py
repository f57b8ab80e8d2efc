"""`TableScene`: what every card table shares, so a game writes only its own parts.

It owns the card sprites, the menu bar, the buttons and the message line; the
history (undo/redo); New/Restart/Select deal; Save/Load through the file
dialog; keeping the game for the next start when the window closes; and the
mouse: press, click, drag with a threshold, drop.  A game subclass supplies
the rules module, ``new_state``, ``geometry`` (card size and anchors for a
window size), ``layout`` (where every card rests), and its input hooks
``on_click``/``drag_group``/``on_drop``.  Moves go through `play`, which asks
the rules and turns a refusal into a sound, a shake and a readable message.

Its parts are mixins, each in a module named for what it holds: ``tableinput`` (the mouse),
``tablesaves`` (Save…/Load…, the saved-games actions, Review), ``tablekeep`` (the kept game and
"Resume it?", closing the window); the end box is ``endbox``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.cards import MAX_DEAL, new_deal_number
from game.engine import theme
from game.engine.cardtable import CardSprite, CardTable, Placement
from game.engine.common import options_menu
from game.engine.dialogs import MessageDialog, TextDialog, TextInputDialog, confirm, message
from game.engine.endbox import EndBox, game_over_dialog
from game.engine.focus import HELP as KEYBOARD_PLAY
from game.engine.focus import KeyboardFocus, Spot
from game.engine.history import History
from game.engine.scene import Scene
from game.engine.shortcuts import key_or_none, with_keys
from game.engine.tableinput import DRAG_THRESHOLD, TableInput
from game.engine.tablekeep import CLOSE_RECORDS_WAIT_S, RECORDS_WAIT_WORDS, RECORDS_WAITING_SHORT, TableKeeping
from game.engine.tablesaves import SAME_GAME_CONTINUES, TableSaves
from game.engine.widgets import Button, Menu, MenuBar, MenuItem, MessageLine, item
from saves import games as saved_games
from saves.recordqueue import QUEUE as RECORDS

MAX_MOVES = saved_games.MAX_MOVES  # the longest saved game read (saves.games.replay)
#: the names other modules and tests take from here, wherever they are now defined
__all__ = ["CLOSE_RECORDS_WAIT_S", "DRAG_THRESHOLD", "MAX_MOVES", "RECORDS_WAITING_SHORT", "RECORDS_WAIT_WORDS",
           "EndBox", "TableScene", "game_over_dialog"]


class TableScene(TableInput, TableKeeping, TableSaves, Scene):
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
        self.menubar.back_words = lambda: self.status.message
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

    #: said for a rank's digit with the ring off the hand (the key finds a rank in the hand only)
    rank_key_words = "A digit goes to a card of that rank in your hand; Tab takes the ring to your hand."

    def back_words(self) -> str:
        """'Back to the table: your hand, card 2 of 14: the ace of diamonds.' (the focus ring's first
        sentence), or 'Back to the Aces Up table.' while the ring is hidden."""
        spot = self.focus.current() if self.focus.visible else None
        if spot is None:
            return f"Back to the {self.title} table."
        first = spot.label.split(". ")[0].rstrip(".")
        return f"Back to the table: {first[:1].lower() + first[1:]}."

    def status_text(self) -> str:
        """Right-hand side of the status line (deal number, score, stock)."""
        return f"Deal #{self.seed}"

    def hint(self) -> None:
        message(self.app, "Hint", "No hint for this game.")

    def hint_refused(self) -> None:
        """Game ▸ Hint (or its key) on a finished game: greyed like the Hint button, and said why (QA m3: it
        did nothing and said nothing)."""
        self.refuse("The game is over: no hint. New game, Restart, or Review in the Game menu.")

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
        found the data folder busy are said on the box, where the words stay until the player closes it.  The
        line is shown, not said: the box says the title and the score (round 12 by ear: 'You won. Final score:
        43.' then the box's 'You won! … Final score: 43.')."""
        self.status.say(f"{title.rstrip('!.')}. {score_line}".strip(), theme.GOLD if won else theme.WHITE,
                        spoken="")
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
        self.keep_finished_for_review()
        self.show_title()  # the player may have changed with the deal (a tournament's next player)
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
    # ---------------------------------------------------------- the window's title
    def on_enter(self) -> None:
        super().on_enter()
        self.show_title()

    def on_exit(self) -> None:
        self.app.show_title()
        super().on_exit()

    def title_player(self) -> str | None:
        """The player a table plays as, for the title bar (ACME's named player, Court's); None: no one."""
        return None

    def show_title(self) -> None:
        """Every table names its game in the title bar, and its player where it has one ("Parlour — ACME —
        Ann", "Parlour — Affairs of the Court — Guest"): a title of just "Parlour" said nothing."""
        who = self.title_player()
        self.played_by = who  # the game on the table is this player's (kept with it for Review: tablesaves)
        self.app.show_title(self.title, *([who] if who else []))

    #: the player the game on the table is played by, as the title bar last named them
    played_by: str | None = None

    def ask_first(self, title: str, question: str, action, yes: str = "Yes", then: str = "") -> None:
        """Run ``action``; if it would throw away a game in progress, ask first, with the focus on Keep playing:
        the question loses (or counts) a game, so Enter out of habit, or on hearing only its first words,
        keeps it (confirm's ``safe``; a click or Tab then Enter says yes).  ``then``: what more the question
        must say, after what leaving costs (a save of this same game leaves nothing: its words replace them)."""
        if self.in_progress():
            costs = "" if then == SAME_GAME_CONTINUES else self.abandon_words()
            confirm(self.app, title, " ".join(filter(None, (question, costs, then))), action,
                    yes=yes, no="Keep playing", safe=True)
        else:
            action()

    def abandon_words(self) -> str:
        """What leaving the game in progress costs, said in the question that leaves it (a game that counts
        when left says so: a loss is never recorded unannounced)."""
        return "The game in progress will be lost."

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
                                      chosen, str(self.seed), check, max_len=6, select_initial=True))
        # the current number selected, as the save-name box: typing replaces it (round 8: at the 6-digit limit,
        # typing into it did nothing), Enter keeps it

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
                item("Hint", self.hint, key_or_none(self.game, "hint"), enabled=lambda: not self.is_over(),
                     refused=self.hint_refused),
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

    # ------------------------------------------------------------- frame
    def after_frame(self) -> None:
        self.resume_as_chosen()
        self.keep_moves()
        if self._held_keys and not self.waiting_for_deal():
            held, self._held_keys = self._held_keys, []
            for event in held:  # the deal is here: the keys pressed while it was looked for act on it
                pygame.event.post(event)

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
            # Shown, never said: the box says it, and the new deal's own words put back were said over it
            # (round 15, by ear: Romi's "Your first play needs 25 points" came after "Resume it?" and was what
            # F9 repeated, though the game kept had opened)
            said = self.status.message, self.status.colour
            if said[1] != theme.HILITE and self.resume_pending:
                self.status.message, self.status.colour = "Resume your unfinished game, or start a new one.", \
                    theme.WHITE
            self.status.right = ""
            self.status.draw(surface)
            self.status.message, self.status.colour = said
            self.menubar.draw(surface)
            return
        self.draw_table(surface)
        self.table.draw(surface, self.card_art(), self.app.settings.card_back, alpha)
        self.draw_overlay(surface)
        for b in self.buttons:
            b.draw(surface)
        if self.app.stack.top is self:  # a box over the table has the keys and its own ring: one ring in sight
            self.focus.draw(surface)  # (round 13: Cancel Tournament stayed ringed under the round's box)
        self.status.right = self.status_text()
        if RECORDS.waiting():  # stays in sight until they are written (the facts on its left give way first)
            self.status.right = f"{self.status.right}   {RECORDS_WAITING_SHORT}"
        self.status.draw(surface)
        self.menubar.draw(surface)
