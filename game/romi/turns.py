"""The flow of turns at the Romi table: ending your turn (the sandglass), drawing, what the status line says
as turns pass, the computer's move paced and animated in ``update``, and the Expert clock's time-out.

Moved out of scene.py, which had grown past a thousand lines: `RomiScene` takes these methods from
`TurnFlow`, a mixin, so every call site is unchanged.  Starting a turn (``begin_turn``, which hands the
computer's think to a worker thread) stays in scene.py with the computer's ``choose_move``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.engine import theme
from game.engine.dialogs import confirm
from game.romi import rules, spoken
from game.romi.groups import why_invalid
from game.romi.seats import COMPUTER, HUMAN
from game.words import capital, count

#: the sandglass warns (red sand, an alarm, then a tick a second) in its last seconds
WARN_S = 10.0


class TurnFlow:
    """The turn-flow half of `game.romi.scene.RomiScene` (a mixin: it has no state of its own)."""

    # -------------------------------------------------------------- turns
    def end_turn(self, ask: bool = False) -> None:
        """The sandglass: hand the board to the rules as one play.  An invalid board is refused with what is
        wrong and left as it is; ``ask`` (the Enter key, easily pressed by accident) asks before playing."""
        if not self.my_turn():
            if self.turn_words():  # pressed during the computer's play: told, not ignored
                self.status.say(self.turn_words(), theme.HILITE)
            return
        if not self.board_changed():
            self.status.say("Move cards onto the board first, or draw a card.", theme.HILITE)
            return
        bad = rules.validate_table(self.board.table(), self.aak)
        if bad:
            self.show_bad(bad)
            first = why_invalid(self.board.table()[bad[0]], self.aak)
            more = f" ({count(len(bad) - 1, 'more group')} too)" if len(bad) > 1 else ""
            self.refuse(f"Not yet: {first}{more}, outlined in red. Fix it, take moves back (Ctrl+Z) or Restore.")
            return
        leftovers = [i for i in self.turn_board.board_ids() if i in self.board.palette]
        if leftovers:
            self.refuse("Cards on the table can't go back to a hand.", tuple(leftovers))
            return
        move = rules.Play(self.board.table())
        try:
            rules.apply(self.state, move)
        except rules.IllegalMove as exc:
            self.refuse(capital(str(exc)) + ".")
            return
        if ask:
            n = self.laid_this_turn()
            confirm(self.app, "End turn", f"End your turn and play the {count(n, 'card')} you laid?",
                    lambda: self.play(move, "place"), yes="End turn", no="Keep playing")
            return
        self.play(move, "place")

    def laid_this_turn(self) -> int:
        """How many cards of your hand lie on the board this turn."""
        return sum(1 for i in self.board.board_ids() if i in self.turn_board.palette)

    def draw_card(self) -> None:
        """Draw (and end the turn); with work on the board, ask first: drawing takes it all back."""
        if not self.my_turn():
            if self.turn_words():  # pressed during the computer's play: told, not ignored
                self.status.say(self.turn_words(), theme.HILITE)
            return
        if self.board_changed():
            n = self.laid_this_turn()
            question = (f"Take back the {count(n, 'card')} you laid and draw?" if n
                        else "Put the table back as it was and draw?")
            confirm(self.app, "Draw", question, self._draw_now, yes="Take back and draw", no="Keep playing")
            return
        self._draw_now()

    def _draw_now(self) -> None:
        if not self.my_turn():
            return
        if self.board_changed():
            self.board = self.turn_board.copy()
        self._spawn = (self.stock_rect.x, self.stock_rect.y)
        self.play(rules.Draw(), "deal")

    def show_bad(self, bad: list[int]) -> None:
        groups = self.board.groups()
        ids = [i for k in bad for i in groups[k][2]]
        self.highlight(ids, theme.DANGER)
        self.bad_ids = ids

    def say_turn(self) -> None:
        s = self.state
        if self.is_over():
            return
        if self.demo:
            self.status.say("Demonstration: Computer 1 (the palette) plays Computer 2. Click or Escape stops it.")
        elif s.turn == HUMAN:
            opened = "" if s.opened[HUMAN] else " Your first play needs 25 points from your hand."
            text = f"Your turn: play cards and press End turn, or Draw.{opened}"
            if self.notice:  # what Romi did for you stays until you act
                self.say_with_notice(text)
            else:
                self.status.say(text)
        else:
            self.status.say("The computer is thinking…")

    def shown_prompt(self) -> str:
        """The turn prompt as `say_turn` shows it, without what Romi did for you before it (whole or short)."""
        said = self.status.message
        for lead in (self.notice, self.notice_short):
            if lead and said.startswith(lead):
                return said[len(lead):].strip()
        return said

    def say_fitting(self, *parts: str, colour=theme.WHITE) -> None:
        """``parts`` on the status line, whole when they fit the window; else each but the last is shown to its
        count ("The computer played 2 cards.": the board and Cards played show them) and speech says the whole.
        Round 11 at 800x600: "The computer played 2 cards: the ten of diamonds on a set of tens and the seven of
        hearts on a run…" was cut, and with it the turn prompt after it."""
        whole = " ".join(p for p in parts if p)
        brief = " ".join(p for p in _briefs(parts) if p)
        shown = whole if self.status.fits(whole, self.app.size[0]) else brief
        self.status.say(shown, colour, spoken=None if shown == whole else whole)
        self.fitted = (shown, whole)

    def whole_of(self, shown: str) -> str:
        """The whole of a line `say_fitting` showed short (``shown`` itself when it was shown whole)."""
        fitted = getattr(self, "fitted", None)
        return fitted[1] if fitted and fitted[0] == shown else shown

    def say_with_notice(self, *parts: str) -> None:
        """What Romi did for you, then ``parts`` (the computer's play, the turn prompt), on the status line.
        When the whole would be cut (round 9: after Help from Romi at 1280x800 the line ended 'Your…'), the line
        shows Romi's deed in short ('Romi played 3 cards for you.'), and if need be the computer's play too, so
        what happened and whose turn it is both show; speech says the whole."""
        whole = " ".join(p for p in (self.notice, *parts) if p)
        # the whole; Romi's deed short; then also the computer's play to its count ('The computer played 1
        # card.': Cards played lists them), the turn prompt last and always whole
        tries = [(self.notice, *parts), (self.notice_short, *parts), (self.notice_short, *_briefs(parts))]
        lines = [" ".join(p for p in t if p) for t in tries]
        shown = next((li for li in lines if self.status.fits(li, self.app.size[0])), lines[-1])
        self.status.say(shown, theme.HILITE, spoken=None if shown == whole else whole)

    def announce_turn(self) -> None:
        """"Your turn", after what the computer just did (which stays readable beside it)."""
        said = self.status.message
        if "Your turn:" in said:
            return  # said already
        if self.notice and said.startswith(self.notice):
            said = said[len(self.notice):].strip()
        self.say_turn()
        if said.startswith("The computer") and not said.startswith("The computer is thinking"):
            turn = self.shown_prompt()
            if self.notice:
                self.say_with_notice(self.whole_of(said), turn)
            else:
                self.say_fitting(self.whole_of(said), turn)

    def after_move(self, before: rules.State, move: Any, after: rules.State) -> None:
        self.bad_ids = []
        mover = before.turn
        mine = mover == HUMAN and not self.demo
        if isinstance(move, rules.Draw):
            if before.stock:
                text = spoken.drew_words(before, after, mover) if mine else f"{self.who(mover)} drew a card."
            else:
                text = "You passed." if mine else f"{self.who(mover)} passed."
            self.status.say(text)
        else:  # every play names its cards (the computer's above all: the player cannot see them arrive)
            self.say_fitting(spoken.played_words("You" if mine else self.who(mover), before, after, mover,
                                                 self.aak), "")
        if not rules.is_over(after):
            self.begin_turn()

    def who(self, seat: int) -> str:
        """The computer's name on the status line: in a Demonstration it plays both seats."""
        if self.demo:
            return "Computer 1" if seat == HUMAN else "Computer 2"
        return "The computer"

    def busy(self) -> bool:
        return (super().busy() or self.job is not None or self.pending is not None or self.end_pending is not None
                or (self.clock is not None and not self.paused))

    def when_still(self, show: Callable[[], None]) -> None:
        """Open the end box once the last play's cards have landed.  Why: opened at once, the celebration
        froze the table mid-move and launched the cards from where they had been (a win with Help from
        Romi, whose cards leave one by one, showed its last cards still in the palette and no cascade)."""
        if self.table.animating:
            self.end_pending = show
        else:
            show()

    def update(self, dt: float) -> None:
        self.update_turns(dt)
        if self.app.stack.top is not self and self.table.animating:
            # a dialog over cards in flight (opened during a move, or a computer's move played beneath it):
            # they land at once, so the table under a dialog never shows a card in the air (a drawn card was
            # seen stuck half-way behind a question)
            self.table.finish()

    def update_turns(self, dt: float) -> None:
        """The frame's work: the cards' flight, the end box, the computer's move, the Expert clock."""
        super().update(dt)
        if self.end_pending is not None and not self.table.animating:
            show, self.end_pending = self.end_pending, None
            show()
        self.sort_label()  # what Sort would do follows the palette as cards move
        if self.paused or self.resume_pending:
            return
        if self.job is not None and self.job.done:
            job, self.job = self.job, None
            self.pending = job.result if job.error is None else rules.Draw()
            self.wait = 0.6 * self.app.settings.computer_scale()  # Options ▸ Computer speed
        covered = self.app.stack.top is not self or self.menubar.open is not None  # a box or a menu: it waits
        if self.pending is not None and not self.table.animating and not covered:
            self.wait -= dt
            if self.wait <= 0 and not self.app.speech.busy():  # Speak on: the last sentence said whole first
                move, self.pending = self.pending, None
                seat = self.state.turn
                self._spawn = (self.cpu_rect.x, self.cpu_rect.y) if isinstance(move, rules.Play) else (
                    self.stock_rect.x, self.stock_rect.y)
                sound = self.snd("place" if isinstance(move, rules.Play) else "deal", "computer")
                if not self.play(move, sound, stagger=0.12):
                    self.play(rules.Draw(), sound)  # never stall on a bad computer move
                if seat == COMPUTER and self.cpu_played and not self.demo:
                    self.highlight(self.cpu_played, theme.HINT)
                if not self.is_over() and self.state.turn == HUMAN and not self.demo:
                    self._announce = True
        if self._announce and not self.table.animating:
            self._announce = False
            if not self.is_over() and self.state.turn == HUMAN and not self.demo:
                self.announce_turn()
        if self.clock is not None and self.app.stack.top is self and self.my_turn():
            before = self.clock
            self.clock -= dt
            self.warn_of_time(before, self.clock)
            if self.clock <= 0:
                self.clock = None
                self.time_out()

    def glass_warning(self) -> bool:
        """The sandglass's last `WARN_S` seconds: it turns red and ticks."""
        return self.clock is not None and self.clock <= WARN_S

    def warn_of_time(self, before: float, now: float) -> None:
        """An alarm as the sandglass enters its last `WARN_S` seconds, then a tick each second."""
        if now <= 0 or math.ceil(now) == math.ceil(before) or now > WARN_S:
            return
        sound = self.snd("alarm" if before > WARN_S else "tick", "refusals")
        if sound:
            self.app.sounds.play(sound)
        if before > WARN_S:
            self.status.say(f"{int(WARN_S)} seconds left: end your turn, or the sandglass ends it for you.",
                            theme.DANGER)

    def time_out(self) -> None:
        """The sandglass ran out: keep a valid play, else restore and draw."""
        if self.board_changed():
            table = self.board.table()
            if not rules.validate_table(table, self.aak):
                try:
                    rules.apply(self.state, rules.Play(table))
                except rules.IllegalMove:
                    pass
                else:
                    self.play(rules.Play(table), "place")
                    self.say_done("Time's up: your play stands.")
                    return
            self.board = self.turn_board.copy()
            self.play(rules.Draw(), "deal")
            self.say_done("Time's up: your cards were taken back and a card was drawn for you.")
            return
        self.play(rules.Draw(), "deal")
        self.say_done("Time's up: a card was drawn for you.")

    def say_done(self, text: str, short: str = "") -> None:
        """What Romi did for the player (time-out, Help from Romi), then that the computer is at work.  The
        words stay on the status line, through the computer's turn, until the player acts (`notice`);
        ``short`` is shown in their place when the whole line would be cut (`say_with_notice`)."""
        self.notice = text
        self.notice_short = short or text
        self.status.say(text + ("  The computer is thinking\u2026" if self.job is not None else ""), theme.HILITE)


def _briefs(parts: tuple[str, ...]) -> list[str]:
    """Each part but the last to its count ("The computer played 2 cards: …" → "The computer played 2 cards."):
    the board and Cards played show the cards; the last part (the turn prompt) stays whole."""
    return [p.split(":")[0] + "." if ":" in p else p for p in parts[:-1]] + list(parts[-1:])
