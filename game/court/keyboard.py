"""Where the keyboard focus rests on the Affairs of the Court table: the deck, your hand, the buttons.

Enter (or Space) on the deck turns the next card in the draw, on a card of your hand plays it (or plays
it in the bonus), and on Keep, Discard or Done presses them — all through the scene's own mouse hooks
(game.engine.focus). Court has no drags, so Space is a click everywhere.
"""

from __future__ import annotations

import pygame

from game.cards import card_name
from game.court import rules
from game.engine.focus import Spot, resting_rect

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "Affairs of the Court keys: Enter or Space on the deck turns the next card of the draw; Enter on Keep or "
    "Discard answers; Enter on a card of your hand plays it (in the bonus too); Enter on Done ends your bonus."
)


def spots(scene) -> list[Spot]:
    state = scene.state
    placements = scene.layout(state)
    out: list[Spot] = []
    if state.phase == "draw":
        n = len(state.pack)
        out.append(Spot("deck", scene.deck_rect, f"The deck: {n} card{'s' if n != 1 else ''}. Enter turns the next.",
                        "deck", pick=False))
    hand = [c for c in state.hands[0] if c in placements]
    playable = set()
    if rules.current_player(state) == 0 and state.phase in ("play", "bonus"):
        playable = {m.card for m in rules.legal_moves(state) if getattr(m, "card", None)}
    for i, code in enumerate(hand):
        r = resting_rect(scene, placements, code)
        if i + 1 < len(hand):  # overlapping cards: ring only the visible strip
            nxt = resting_rect(scene, placements, hand[i + 1])
            r = pygame.Rect(r.x, r.y, max(8, min(r.w, nxt.x - r.x)), r.h)
        can = " Enter plays it." if code in playable else ""
        out.append(Spot(f"hand {code}", r, f"Your hand, card {i + 1} of {len(hand)}: the {card_name(code)}.{can}",
                        "hand", sprite=code, pick=False))
    return out + scene.button_spots()
