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

#: the Hint's own frame (gold, dashed, with the keyboard ring); theme.HINT's blue frames the cards you may play
HINT_COLOUR = theme.GOLD


class CourtHint:
    """The hint half of ``CourtScene`` (a mixin: ``self`` is the scene)."""

    state: Any
    hints: Any
    hint_card: str | None = None

    def hint(self) -> None:
        """The Expert's choice for your seat, thought out in a worker thread on what you may see."""
        s = self.state
        if self.is_over() or rules.current_player(s) != 0:
            self.status.say("A hint is given on your turn.", theme.HILITE)
            return
        if s.phase == "draw" and not (self.revealed or self.quick_play):
            # the ring goes to the deck, as it goes to a hinted card: "click the deck" named no key a blind
            # player could press (issue 34, round 13)
            self.ring_on(self.focus_spot("deck"))
            self.status.say("Hint: turn a card first: the ring is on the deck, press Enter (or click the deck).",
                            theme.HINT)
            return
        from game.court.review import nothing_hidden

        view = rules.observe(s, 0)
        known = (s,) if nothing_hidden(view) else ()  # an ending with every card known: played out exactly
        if self.hints.ask(s, view, self.history.cursor + 1, *known):  # the move's number, as Review counts it
            self.status.say("Thinking of a hint…", theme.HINT)

    def poll_hint(self) -> None:
        move = self.hints.answer(self)
        if move is None:
            return
        s = self.state
        why = reason(rules.observe(s, 0), move, len(self.history.moves))
        if move.kind in ("keep", "discard"):
            self.show_hint(s.pack[0], f"button {move.kind.capitalize()}")
            self.status.say(f"Hint: {move.kind} the {card_name(s.pack[0])}: {why}. {self.hint_key_words()}",
                            theme.HINT)
        elif move.kind in ("play", "bonus"):
            self.show_hint(move.card, f"hand {move.card}")
            bonus = " as a bonus" if move.kind == "bonus" else ""
            self.status.say(f"Hint: play the {card_name(move.card)}{bonus}: {why}. {self.hint_key_words()}",
                            theme.HINT)
        else:
            self.hint_card = None
            self.clear_highlights()
            self.ring_on(self.focus_spot("button Done"))
            self.status.say(f"Hint: press Done and keep the rest back: {why}. The ring is on Done: press Enter.",
                            theme.HINT)

    def show_hint(self, card: str, spot: str) -> None:
        """The hinted card framed in gold, its own look: the dashed blue frames are the cards Must Follow Suit
        lets you play (mark_playable), shown beside it.  The keyboard ring goes to the card (or to Keep or
        Discard), so Enter does what the Hint says.  (Not lifted: a lifted card covers the hand's label.)"""
        self.hint_card = card
        self.mark_playable()
        sp = self.table.sprites.get(card)
        if sp is not None:
            sp.highlight = HINT_COLOUR
            self.highlighted.add(card)
        self.ring_on(self.focus_spot(spot))

    def focus_spot(self, key: str):
        """The ring's place named ``key`` now (None when it is not there)."""
        return next((x for x in self.focus.spots() if x.key == key), None)

    def ring_on(self, target) -> None:
        """The keyboard ring shown on ``target``, so Enter does what the Hint says."""
        if target is not None:
            self.focus.visible = True
            self.focus.focus_on(target)

    def hint_key_words(self) -> str:
        """Which frame is which, on the status line (the two looks are told apart in words too)."""
        rings = any(sp.highlight == theme.HINT for sp in self.table.sprites.values())
        return "Gold frame and ring: the hint (Enter does it)" + ("; blue dashes: the cards you may play."
                                                                   if rings else ".")
