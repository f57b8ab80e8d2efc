"""Where the keyboard focus rests on the Aces Up table: the stock, the four piles, the discards, the buttons.

Enter on the stock deals, Enter on a pile's top card does what a click does (discard it, or select it for
a pair and then pair it with its partner), Space lifts a top card and Space again drops it on an empty pile
or on its partner — all through the scene's own mouse hooks (game.engine.focus).
"""

from __future__ import annotations

from game.cards import card_name
from game.engine.focus import Spot, resting_rect

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "Aces Up keys: Enter on the stock deals; Enter on a pile's top card discards it, or selects it for a pair — "
    "then Enter on its partner pairs them; Space lifts a top card, Space on an empty pile, its partner or the "
    "discards puts it there."
)


def spots(scene) -> list[Spot]:
    state = scene.state
    placements = scene.layout(state)
    n = len(state.stock)
    out = [Spot("stock", scene.stock_rect, f"Stock: {n} card{'s' if n != 1 else ''} left. Enter deals."
                if n else "Stock: empty.", "piles", pick=False)]  # one area: the stock and Pile 1 are neighbours
    for p, pile in enumerate(state.piles):
        if pile:
            top = pile[-1]
            size = f"{len(pile)} card{'s' if len(pile) != 1 else ''}"
            out.append(Spot(f"pile {p}", resting_rect(scene, placements, top),
                            f"Pile {p + 1}: the {card_name(top)} on top, {size}.", "piles", sprite=top, drop=True))
        else:
            out.append(Spot(f"pile {p}", scene.slots[p], f"Pile {p + 1}: empty.", "piles", drop=True))
    k = len(state.removed)
    out.append(Spot("discards", scene.discard_rect, f"Discards: {k} card{'s' if k != 1 else ''}.", "piles",
                    drop=True, pick=False))
    return out + scene.button_spots()
