"""The review scene: a game replayed move by move, with its analysis.

It is its own scene, pushed on the stack over whatever opened it: the table in play is only read (its
start and moves become a `Source`), never changed.  The board is drawn by a *puppet*: a fresh table scene
of the same game whose history is the reviewed game's, so every position looks exactly as it looked in
play (the game's own layout, slots, scores), and stepping moves the puppet's undo cursor and lets the
engine's layout diffing animate the move as in play.  Hidden cards stay as the player saw them (the
game's own layout decides what is face down); "Show all cards", once the game is over, turns every card
of every seat face up at every position (`game.review.shown`, which also puts right what a table in play
does in its frame loop: the score as it stood, ACME's finished trick before it is gathered).
Of the puppet only the felt, its drawing and its cards are shown: its buttons, menus and status line are
replaced by the review's own.

The analysis (game.review.runner) runs in the solver process while the player steps; the summary stands
in the menu bar, the verdict of each move on the status line, and the slider's track is coloured by the
verdicts, with the losing move or mistakes marked.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import registry
from game.cards import parse_card
from game.engine import speech, theme
from game.engine.cardtable import Placement
from game.engine.common import options_menu
from game.engine.dialogs import TextDialog
from game.engine.history import History
from game.engine.scene import Scene
from game.engine.shortcuts import key, with_keys
from game.engine.widgets import Button, Menu, MenuBar, MessageLine, item
from game.review import analyser, runner, shown
from game.review.help import HELP
from game.review.slider import MoveSlider, StepButton
from game.review.source import Source
from game.review.statuswords import ReviewWords

#: the review's control row, between the table and the status line
CONTROL_H = 40
#: the most lines the status band grows to for a move's words (a Court mark at 800x600, Larger text, needs 6)
STATUS_LINES = 12
#: the summary's type sizes beside the menus, largest first (smaller than the last: its own band)
SUMMARY_SIZES = (20, 18, 16)
VERDICT_COLOURS = {"winnable": (80, 190, 100), "lost": (210, 80, 70), "undecided": (150, 150, 150)}


def _real_card(sid: str) -> bool:
    code = sid.split("#")[0]
    if len(code) != 2:
        return False
    try:
        parse_card(code)
    except ValueError:
        return False
    return True


class _PuppetApp:
    """The app as the puppet sees it: the same in everything but its size, the window less the review's
    control row (a table that re-reads ``app.size`` to fit itself then fits the area it is drawn in)."""

    def __init__(self, app: Any) -> None:
        self._app = app
        self.size = app.size

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)


def make_puppet(app: Any, source: Source) -> Any:
    """A fresh table of ``source``'s game standing at its start, its history the reviewed game's.

    Nothing of it runs but drawing: no computer seat, hint or winnable light (its solver stays idle)."""
    try:
        puppet = registry.make_scene(app, source.game, seed=source.seed, resume=False, **source.options)
    except (TypeError, ValueError, KeyError):  # a saved game's options this table does not take
        puppet = registry.make_scene(app, source.game, seed=source.seed, resume=False)
    features = getattr(puppet, "winnable", None)
    if features is not None:
        features.watch.enabled = False
    shown_as = getattr(puppet, "shown_as", None)  # who played at what level, as the game was (Court)
    if shown_as is not None:
        shown_as(source.extra)
    puppet.app = _PuppetApp(app)
    puppet.history = History(list(source.states), list(source.moves), 0)
    puppet.over_shown = True  # the end of the game is not announced again
    puppet.replaying = True  # a seat to act is not "thinking…" in a replay
    return puppet


class ReviewScene(ReviewWords, Scene):
    """``source`` replayed; ``analysis`` (default: a new one, started at once) explains it."""

    def __init__(self, app: Any, source: Source, analysis: runner.Analysis | None = None) -> None:
        super().__init__(app)
        self.source = source
        self.title = registry.get(source.game).title
        self.total = len(source.moves)
        self.analysis = analysis or runner.Analysis(source)
        self.analyser = analyser(source.game)  # its describe() and UNIT say moves and costs in words
        self.reveal = False
        self.puppet = make_puppet(app, source)
        kind = self.puppet.summary_kind()  # the variation (Idiot's Delight) or the jokers, as the saves list says
        if kind and kind != self.title:
            self.title = f"{self.title} ({kind})"
        self.summary_h = 0  # a summary too long for the menu bar gets its own band under it (wrapped)
        own_layout = self.puppet.layout
        self.puppet.layout = lambda state: self._shown(state, own_layout(state))
        shown.settle(source.game, self.puppet, source.states, 0)
        self.status = MessageLine()
        self.status.max_lines = STATUS_LINES  # a mark's words are never cut: the band grows to hold them
        self.status_h = 0  # the status band's height (0: not laid out yet); it grows, never shrinks, at one size
        self.menubar = MenuBar(self.build_menus())
        self.slider = MoveSlider(self.total, self.go)
        self.steps = [StepButton("first", lambda: self.go(0), enabled=lambda: self.pos > 0),
                      StepButton("previous", lambda: self.go(self.pos - 1), enabled=lambda: self.pos > 0),
                      StepButton("next", lambda: self.go(self.pos + 1), enabled=lambda: self.pos < self.total),
                      StepButton("last", lambda: self.go(self.total), enabled=lambda: self.pos < self.total),
                      StepButton("previous_mistake", lambda: self.go_mistake(-1),
                                 enabled=lambda: self.mistake_from(-1) is not None),
                      StepButton("next_mistake", lambda: self.go_mistake(1),
                                 enabled=lambda: self.mistake_from(1) is not None)]
        self.close_button = Button("Close", self.close)
        self.controls = pygame.Rect(0, 0, 0, 0)
        self.control_h = CONTROL_H
        self.played_history: History | None = None  # while the better lay is shown: the game as played
        self._told: tuple[Any, ...] | None = None  # what the status line and the slider last showed
        self.analysis.start()

    # ----------------------------------------------------------------- state
    @property
    def pos(self) -> int:
        """How many moves are shown played (0: the start)."""
        return self.puppet.history.cursor

    @property
    def game_over(self) -> bool:
        return bool(self.source.rules.is_over(self.source.states[-1]))

    def _shown(self, state: Any, placements: dict[str, Placement]) -> dict[str, Placement]:
        if not self.reveal:
            return placements
        placements = shown.reveal(self.source.game, self.puppet, state, placements)
        return {sid: (p if p.face_up or not _real_card(sid) else
                      Placement(p.x, p.y, True, p.z, p.size)) for sid, p in placements.items()}

    def go(self, n: int, animate: bool = True) -> None:
        """Show the position after ``n`` moves (the move into it animated as in play)."""
        n = max(0, min(self.total, n))
        if n == self.pos and self.played_history is None:
            return
        self._show_played()
        forward = n == self.pos + 1
        self.puppet.history.cursor = n
        shown.settle(self.source.game, self.puppet, self.source.states, n)
        self.puppet.clear_highlights()
        self.app.sounds.play("place" if forward else "flip")
        self.puppet.relayout(animate=animate)
        self.slider.value = n
        self.app.invalidate()

    def better_lay(self) -> dict[str, Any] | None:
        """The analysis entry of the move just shown when it names a better lay (Romi), else None."""
        e = self.analysis.entry(self.pos) if self.pos else None
        return e if e is not None and e.get("better_play") else None

    def toggle_better(self) -> None:
        """Move ▸ Show the better lay: the board as the optimal lay would have left it, in place of the move
        played (its cards fly there as in play); again, or any step, shows the game as played."""
        if self.played_history is not None:
            self._show_played()
            self.puppet.relayout()
            return
        e = self.better_lay()
        rules, n = self.source.rules, self.pos
        try:
            move = rules.parse_move(self.source.states[n - 1], e["better_play"]) if e else None
            after = rules.apply(self.source.states[n - 1], move) if move is not None else None
        except ValueError:
            after = None
        if after is None:
            self.app.sounds.play("refuse")
            return
        self.played_history = self.puppet.history
        self.puppet.history = History([*self.source.states[:n], after], [*self.source.moves[:n - 1], move], n)
        self.puppet.relayout()
        self.app.invalidate()

    def _show_played(self) -> None:
        if self.played_history is not None:
            self.puppet.history, self.played_history = self.played_history, None

    def toggle_reveal(self) -> None:
        if not self.game_over:
            self.app.sounds.play("refuse")
            return
        self.reveal = not self.reveal
        self.puppet.relayout()

    def toggle_analysis(self) -> None:
        if self.analysis.status == runner.RUNNING:
            self.analysis.stop()
        else:
            self.analysis.start()
        self.app.invalidate()

    def marked_moves(self) -> list[int]:
        """The moves the analysis marks (mistakes; a solitaire's losing move), in order."""
        return [e["n"] for e in self.analysis.entries if e.get("mark")]

    def reachable_marks(self) -> list[int]:
        """The moves Next / Previous, Before the marked move and the slider's ticks reach: the mistakes and
        a solitaire's bad-luck move, which the summary names ('Winnable until move 21') though it is no
        mistake (round 10: with no mistake every way to it was greyed)."""
        return [e["n"] for e in self.analysis.entries if e.get("mark") or e.get("luck")]

    def mistake_from(self, step: int) -> int | None:
        """The next (``step`` 1) or previous (-1) marked move from the position shown, or None."""
        marked = self.reachable_marks()
        later = [n for n in marked if (n > self.pos if step > 0 else n < self.pos)]
        if not later:
            return None
        return later[0] if step > 0 else later[-1]

    def go_mistake(self, step: int) -> None:
        """Move ▸ Next / Previous marked move: show it played (the status line says why)."""
        n = self.mistake_from(step)
        if n is None:
            self.app.sounds.play("refuse")
            self._tell()  # the position's own words first, so they do not replace this answer at the next frame
            self.status.say(f"No {'later' if step > 0 else 'earlier'} marked move.")
            return
        self.go(n)

    def go_to_mark(self) -> None:
        marked = self.reachable_marks()
        if marked:
            self.go(marked[0] - 1)  # the position where the marked move was played

    def close(self) -> None:
        self.analysis.stop()
        self.app.stack.pop(self)

    def on_exit(self) -> None:
        self.analysis.stop()

    # ----------------------------------------------------------------- menus
    def build_menus(self) -> list[Menu]:
        review = Menu("Review", [
            item("Show all cards", self.toggle_reveal, checked=lambda: self.reveal, enabled=lambda: self.game_over),
            item("Stop analysis", self.toggle_analysis,
                 enabled=lambda: self.analysis.status == runner.RUNNING),
            item("Analyse again", self.toggle_analysis,
                 enabled=lambda: self.analysis.available and self.analysis.status in (runner.STOPPED,
                                                                                      runner.FAILED)),
            item("-"),
            item("Close review", self.close),
        ])
        moves = Menu("Move", [
            item("Start", lambda: self.go(0), "Home"),
            item("Previous", lambda: self.go(self.pos - 1), "Left"),
            item("Next", lambda: self.go(self.pos + 1), "Right"),
            item("End", lambda: self.go(self.total), "End"),
            item("-"),
            # enabled while any move is marked: past the last one the key says so rather than do nothing
            item("Next marked move", lambda: self.go_mistake(1), "Page Down",
                 enabled=lambda: bool(self.reachable_marks())),
            item("Previous marked move", lambda: self.go_mistake(-1), "Page Up",
                 enabled=lambda: bool(self.reachable_marks())),
            item("Before the marked move", self.go_to_mark,
                 enabled=lambda: bool(self.reachable_marks())),
        ])
        if self.source.game == "romi":  # only Romi's analysis names a lay to put on the board
            moves.items.append(item("Show the better lay", self.toggle_better,
                                    checked=lambda: self.played_history is not None,
                                    enabled=lambda: self.played_history is not None or self.better_lay() is not None))
        return [review, moves, options_menu(self.app),
                Menu("Help", [item("About Review", self.show_help, key("review", "help"))])]

    def show_help(self) -> None:
        self.app.push(TextDialog(self.app, "Review", with_keys("review", HELP)))

    # ----------------------------------------------------------------- input
    def on_resize(self, size: tuple[int, int]) -> None:
        self.status_h = 0  # a new size: the band is fitted again to the words shown
        self._layout(size)

    def _layout(self, size: tuple[int, int]) -> None:
        self.menubar.resize(size[0])
        w, h = size
        sc = theme.sc
        self.control_h = ch = sc(CONTROL_H)  # at the type scale, like the rest of the window
        # the puppet gets the window less the control row; the strip where its own status line would be
        # and the row below are the review's (its buttons and status line are not shown).  A move's words
        # longer than the usual two lines grow the status band, and the table is laid out above it, so no
        # word is cut and no card is covered
        self.summary_h = band = self.summary_band(w)
        self.status_h = status = max(self.status_h, self.status.height(w))
        more = status - theme.STATUS_H
        self.puppet.app.size = (w, h - ch - band - more)
        self.puppet.on_resize((w, h - ch - band - more))
        self.controls = pygame.Rect(0, h - status - ch, w, ch)
        row = pygame.Rect(0, 0, min(sc(820), w - 24), ch - sc(6))
        row.center = self.controls.center
        bw, gap = sc(44), sc(6)
        self.close_button.fit(sc(12))
        self.close_button.rect.h = row.h
        self.close_button.rect.topright = (row.right, row.y)
        first, previous, nxt, last, previous_mistake, next_mistake = self.steps
        for i, b in enumerate((first, previous, previous_mistake)):
            b.rect = pygame.Rect(row.x + i * (bw + gap), row.y, bw, row.h)
        for i, b in enumerate((next_mistake, nxt, last)):
            b.rect = pygame.Rect(self.close_button.rect.x - sc(12) - (3 - i) * (bw + gap), row.y, bw, row.h)
        track_x = previous_mistake.rect.right + sc(8)
        self.slider.rect = pygame.Rect(track_x, row.y, next_mistake.rect.x - sc(8) - track_x, row.h)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.menubar.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: lambda: self.go(self.pos - 1), pygame.K_RIGHT: lambda: self.go(self.pos + 1),
                    pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(self.total),
                    pygame.K_PAGEDOWN: lambda: self.go_mistake(1), pygame.K_PAGEUP: lambda: self.go_mistake(-1),
                    pygame.K_ESCAPE: self.close}
            if event.key in keys:
                keys[event.key]()
                return True
            return False
        for b in (*self.steps, self.close_button):
            if b.handle(event):
                return True
        return self.slider.handle(event)

    # ----------------------------------------------------------------- frame
    def busy(self) -> bool:
        return self.puppet.table.animating or self.analysis.status == runner.RUNNING

    def update(self, dt: float) -> None:
        self.puppet.table.update(dt)
        if self.analysis.poll():
            self.app.invalidate()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from sprites.felt import felt_surface

        w, h = surface.get_size()
        p = self.puppet
        self.status.right = self.progress_words()
        self._tell()  # first: a summary or words that now need a band make the table room before it is drawn
        self._fit_status_band()
        surface.blit(felt_surface(w, h), (0, 0))
        band = self.summary_h
        more = max(0, self.status_h - theme.STATUS_H)  # the lines the status band has grown by
        area = surface.subsurface((0, band, w, max(1, h - self.control_h - band - more)))
        p.draw_table(area)
        p.table.draw(area, p.card_art(), self.app.settings.card_back, alpha)  # Romi's tiles too
        p.draw_overlay(area)
        surface.blit(theme.veil(w, self.controls.h, 70), self.controls)
        theme.note("panel", "review controls", self.controls)
        for b in self.steps:
            b.draw(surface)
        self.slider.draw(surface)
        self.close_button.draw(surface)
        self.status.draw(surface, self.status_h)  # the band as laid out, the words centred in it
        if self.analysis.status == runner.RUNNING:
            bar = pygame.Rect(0, self.controls.y, w, 5)
            pygame.draw.rect(surface, (30, 40, 34), bar)
            pygame.draw.rect(surface, theme.GOLD, (0, bar.y, int(w * self.analysis.fraction), bar.h))
        if self.summary_h:
            self._draw_summary(surface)  # its band, under a menu that opens over it
        self.menubar.draw(surface)
        if self.menubar.open is None and not self.summary_h:
            self._draw_summary(surface)

    def _tell(self) -> None:
        """The status line's words and the slider's colours for what is shown, worked out when that changed
        (the position, the analysis, the better lay), not at every frame."""
        a = self.analysis
        key = (self.pos, a.status, len(a.entries), a.summary, self.played_history is None)
        if key == self._told:
            return
        done = self._told is not None and self._told[1] != runner.DONE and a.status == runner.DONE
        self._told = key
        if done:  # the analysis has just finished: its summary is news
            speech.announce(f"{self.summary_text()}.")
        self.slider.verdicts = self.track_colours()
        self.slider.ticks = self.reachable_marks()
        self.slider.value = self.pos
        self.status.say(self.move_words(), theme.HILITE if self._marked(self.pos) else theme.WHITE)
        w = self.app.size[0]
        # the summary now needs (or no longer needs) its own band, or the words more lines than the status band
        # has: the table makes room (the band keeps its height after, so the cards do not jump at every step)
        if self.summary_band(w) != self.summary_h:
            self._layout(self.app.size)
            self.puppet.relayout(animate=False)
        self._fit_status_band()

    def _fit_status_band(self) -> None:
        """Grow the status band (the table laid out above it) when the words and progress shown need more
        lines than it has: checked at every frame, as the progress on its right changes while analysing."""
        if self.status.height(self.app.size[0]) > self.status_h:
            self._layout(self.app.size)
            self.puppet.relayout(animate=False)

    # ----------------------------------------------------------------- speech
    def on_enter(self) -> None:
        """Said on opening: the summary (what the review found, or that it is analysing), then the position."""
        super().on_enter()
        speech.announce(f"{self.summary_text()}.")

    def describe_table(self) -> str:
        """F8 in the review: the position shown, read as its own table reads it (not the game left beneath)."""
        return f"{self.summary_text()}. {self.move_words()} {self.puppet.describe_table()}"

    def _marked(self, n: int) -> bool:
        e = self.analysis.entry(n)
        return bool(e and e.get("mark"))

    def track_colours(self) -> list[tuple[int, int, int] | None]:
        """One colour per move for the slider: the verdict after it, or red/grey marks for other games."""
        out: list[tuple[int, int, int] | None] = []
        for n in range(1, self.total + 1):
            e = self.analysis.entry(n)
            if e is None:
                out.append(None)
            elif e.get("after") in VERDICT_COLOURS:
                out.append(VERDICT_COLOURS[e["after"]])
            else:
                out.append(VERDICT_COLOURS["lost"] if e.get("mark") else None)
        return out

    def _summary_room(self, w: int) -> int:
        left = (self.menubar.title_rects[-1].right if self.menubar.title_rects else 0) + 16
        return w - 12 - left

    def summary_band(self, w: int) -> int:
        """The height of the summary's own band under the menu bar: 0 while it fits beside the menus (at
        the smallest size tried), else its wrapped lines'."""
        text = self.summary_text()
        if theme.font(SUMMARY_SIZES[-1]).size(text)[0] <= self._summary_room(w):
            return 0
        lines = theme.wrap(text, w - 24, SUMMARY_SIZES[-1])
        return len(lines) * theme.font(SUMMARY_SIZES[-1]).get_linesize() + theme.sc(8)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        text = self.summary_text()
        w = surface.get_width()
        if self.summary_h:  # its own band, wrapped: never cut at "…"
            band = pygame.Rect(0, theme.MENUBAR_H, w, self.summary_h)
            surface.blit(theme.veil(w, band.h, 110), band)
            size = SUMMARY_SIZES[-1]
            step = theme.font(size).get_linesize()
            for i, line in enumerate(theme.wrap(text, w - 24, size)):
                theme.text(surface, line, (12, band.y + theme.sc(4) + i * step), size, theme.GOLD)
            return
        room = self._summary_room(w)
        for size in SUMMARY_SIZES:
            if theme.font(size).size(text)[0] <= room:
                break
        theme.text(surface, text, (w - 12, theme.MENUBAR_H // 2), size, theme.GOLD, anchor="midright")


def open_review(app: Any, source: Source) -> ReviewScene:
    """Push the review of ``source`` over whatever is showing."""
    scene = ReviewScene(app, source)
    app.push(scene)
    return scene
