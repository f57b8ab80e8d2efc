"""Where the keyboard focus rests on the ACME table: the cards of your hand, then the buttons.

Enter or Space on a card selects it or takes it back (a click: ACME's cards are chosen, not dragged);
Enter on Play plays the selection (or passes with nothing selected, or gives the exchange gifts), and on
Deal deals the next round — all through the scene's own mouse hooks (game.engine.focus).
"""

from __future__ import annotations

import pygame

from game.cards import card_name, cards_phrase
from game.engine.focus import Spot, resting_rect

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "ACME keys: Enter or Space on a card of your hand selects it or puts it back; Enter on Play plays the selection"
    " (with nothing selected it passes; in the exchange it gives the selected cards) and on Deal deals the next "
    "round."
)


def spots(scene) -> list[Spot]:
    state = scene.state
    placements = scene.layout(state)
    hand = [c for c in state.hands[0] if c in placements]
    out: list[Spot] = []
    for i, code in enumerate(hand):
        r = resting_rect(scene, placements, code)
        if i + 1 < len(hand):  # a fanned card: ring only its visible strip, so neighbours never share a ring
            nxt = resting_rect(scene, placements, hand[i + 1])
            r = pygame.Rect(r.x, r.y, max(8, nxt.x - r.x), r.h)
        if code in scene.selected:
            r = r.move(0, -int(r.h * scene.table.selected_raise))
        chosen = ", selected" if code in scene.selected else ""
        name = "the joker" if code == "JK" else f"the {card_name(code)}"
        out.append(Spot(f"hand {code}", r, f"Your hand, card {i + 1} of {len(hand)}: {name}{chosen}.", "hand",
                        sprite=code, pick=False))
    return out + scene.button_spots()


def describe_table(scene) -> str:
    """F8 (Options ▸ Speak): each seat's role and cards (your hand in full), then what lies on the table."""
    from game.acme import rules
    from game.acme.drawing import seat_name

    s = scene.state
    seats = []
    for seat in range(len(s.hands)):
        role = rules.ROLE_SHORT[rules.role_of(s, seat)]
        n = len(s.hands[seat])
        held = cards_phrase(rules.sort_hand(s.hands[0])) if seat == 0 and n else f"{n} card{'s' if n != 1 else ''}"
        seats.append(f"{seat_name(scene, seat)}, {role}: {'out' if seat in s.finished else held}")
    plays = [f"{seat_name(scene, seat)} {'passed' if not cards else 'played ' + rules.describe(cards)}"
             for seat, cards in scene.trick.shown(s)]
    return ". ".join(["ACME", *seats, *(plays or ["Nothing played yet in this trick"])]) + "."
