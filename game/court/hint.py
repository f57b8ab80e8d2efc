"""The Court Hint: the Expert's choice for your seat, thought out in a worker thread on what you may see.

Split out of ``scene.py`` (the project keeps a scene under ~500 lines).  ``CourtHint`` is a mixin of
``CourtScene``; the scene builds ``self.hints`` (an ``ExpertHint``) and polls it every frame.
"""

from __future__ import annotations

from typing import Any

from game.cards import card_name
from game.court import rules
from game.court.why import reason
from game.engine import theme


class CourtHint:
    """The hint half of ``CourtScene`` (a mixin: ``self`` is the scene)."""

    state: Any
    hints: Any

    def hint(self) -> None:
        """The Expert's choice for your seat, thought out in a worker thread on what you may see."""
        s = self.state
        if self.is_over() or rules.current_player(s) != 0:
            self.status.say("A hint is given on your turn.", theme.HILITE)
            return
        if s.phase == "draw" and not (self.revealed or self.quick_play):
            self.status.say("Hint: click the deck (or Enter on it) to turn a card first.", theme.HINT)
            return
        self.hints.request(self, s, rules.observe(s, 0))

    def poll_hint(self) -> None:
        move = self.hints.answer(self)
        if move is None:
            return
        s = self.state
        why = reason(rules.observe(s, 0), move, len(self.history.moves))
        if move.kind in ("keep", "discard"):
            self.highlight([s.pack[0]], theme.HINT)
            self.status.say(f"Hint: {move.kind} the {card_name(s.pack[0])}: {why}.", theme.HINT)
        elif move.kind == "play":
            self.highlight([move.card], theme.HINT)
            self.status.say(f"Hint: play the {card_name(move.card)}: {why}.", theme.HINT)
        elif move.kind == "bonus":
            self.highlight([move.card], theme.HINT)
            self.status.say(f"Hint: play the {card_name(move.card)} as a bonus: {why}.", theme.HINT)
        else:
            self.clear_highlights()
            self.status.say(f"Hint: press Done and keep the rest back: {why}.", theme.HINT)
