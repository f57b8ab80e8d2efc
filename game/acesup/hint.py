"""Aces Up Hint (fair: from what the player sees) and Show a winning move (the solver: an assisted game).

Split out of ``scene.py``; ``AcesUpHint`` is a mixin of ``AcesUpScene``.
"""

from __future__ import annotations

from typing import Any

from game.acesup import keyboard, players, rules
from game.engine import theme


class AcesUpHint:
    """The hint half of ``AcesUpScene`` (a mixin: ``self`` is the scene)."""

    state: Any
    #: the position a Hint was given in and its move: Enter on the card a hinted Fill moves plays it
    _hinted: tuple[Any, Any] | None = None

    def hint(self) -> None:
        """Fair: the auto-player's move, from what the player sees (never the stock); see show_winning_move."""
        if self.is_over():
            return
        move = players.hint(self.state)
        if move is None:
            if self.state.stock:
                self.highlight([self.state.stock[0]])
                self.ring_on_hint([self.state.stock[0]])
                self.winnable.say_hint("nothing to discard: deal from the stock.", rules.Deal())
            else:
                self.status.say("No move can help any more.", theme.HINT)
            return
        ids, text = self.describe(move)
        self.highlight(ids)
        self.ring_on_hint(self.ring_order(move, ids))
        self._hinted = (self.state, move)
        self.winnable.say_hint(text, move)

    def show_winning_move(self, move: Any) -> None:
        """The solver's move (Game > Show a winning move): the game is assisted."""
        ids, text = self.describe(move)
        if players.pointless(self.state, move):  # the only winning move: it changes where the deals fall
            text += " Only that wins: the next deals then fall on other piles."
        self.highlight(ids)
        self.ring_on_hint(self.ring_order(move, ids))
        self._hinted = (self.state, move)
        self.status.say("Winning move: " + text + " (assisted game)", theme.HINT)

    def focus_click(self, sprite: Any, pos: tuple[int, int], mod: int) -> None:
        """Enter on the card a Hint says to move into an empty pile moves it there (found playing with the
        keys: Enter on it tried to discard it and was refused, a drag being the only way); any other Enter is
        a click."""
        hinted = self._hinted
        if (hinted is not None and hinted[0] is self.state and isinstance(hinted[1], rules.Fill)
                and sprite is not None and self.pile_of(sprite) == hinted[1].src):  # type: ignore[attr-defined]
            self.play(hinted[1], "place")  # type: ignore[attr-defined]
            return
        super().focus_click(sprite, pos, mod)  # type: ignore[misc]

    def ring_order(self, move: Any, ids: list[str]) -> list[str]:
        """A hinted pair whose first card is already selected: the ring goes to its partner, so the next
        Enter pairs them (on the selected card it deselected it, and Hint then Enter went round in a loop)."""
        if isinstance(move, rules.Pair) and self.selected == move.a:  # type: ignore[attr-defined]
            return ids[::-1]
        return ids

    def make_assisted(self) -> None:
        """The player asked the solver: count the game as given up if under way, then never again."""
        self.record_abandoned()
        self.assisted = True
        self.unscore("Assisted")

    def describe(self, move: Any) -> tuple[list[str], str]:
        """The cards a move touches and the move in words, with its piles (keyboard.hint_words: heard, the
        review's short words named no pile)."""
        words = keyboard.hint_words(self.state, move)
        if isinstance(move, rules.Deal):
            return ([self.state.stock[0]] if self.state.stock else []), words
        piles = ((move.a, move.b) if isinstance(move, rules.Pair) else
                 (move.pile,) if isinstance(move, rules.Discard) else (move.src,))
        return list(self.top_ids(*piles)), words
