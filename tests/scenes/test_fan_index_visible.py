"""Issue 32 (round 8): a hinted (or chosen) card of a fanned hand never hides its neighbour's corner index.

The Hint puts the keyboard ring on its card, and the ring is drawn above every card: ringing the card's whole
visible strip, its right side lay over the next card's rank and suit.  Measured in pixels: the neighbour's
index looks the same with the ring shown as without it, at 800x600, 1280x800 and 1920x1080."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.helpers import make_app, open_table

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


def index_area(scene, code: str) -> pygame.Rect:
    """The top-left corner of a card, where its rank and suit are printed (a quarter of its width)."""
    r = scene.table.sprites[code].rect(scene.table.card_size)
    return pygame.Rect(r.x, r.y, max(4, r.w // 4), max(4, r.h // 4))


def pixels(app, area: pygame.Rect) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.window.subsurface(area), "RGB")


def ring_leaves_the_next_index(app, scene, card: str, nxt: str) -> None:
    scene.focus.hide()
    bare = pixels(app, index_area(scene, nxt))
    spot = next(s for s in scene.focus.spots() if s.key == f"hand {card}")
    scene.focus.visible = True
    scene.focus.focus_on(spot)
    ringed = pixels(app, index_area(scene, nxt))
    assert bare == ringed, f"the ring on {card} covers the index of {nxt}"


@pytest.mark.parametrize("size", SIZES)
def test_court_the_hinted_cards_ring_leaves_the_next_index_readable(size):
    from tests.scenes.test_court_scene import H0, H1, drawn

    app = make_app(size=size, animation="off")
    try:
        scene = open_table(app, "court", seed=4)
        scene.start_game(drawn(H0, H1), 7)
        app.settle()
        scene.show_hint("6C", "hand 6C")  # the Hint: gold frame, and the ring on the card
        app.settle()
        ring_leaves_the_next_index(app, scene, "6C", "7C")
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_acme_a_ringed_card_leaves_the_next_index_readable(size):
    from game.acme import rules
    from tests.rules.test_acme_rules import DECK

    app = make_app(size=size, animation="off")
    try:
        scene = open_table(app, "acme", seed=5)
        scene.start_game(rules.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), 7)
        app.settle()
        hand = scene.state.hands[0]
        ring_leaves_the_next_index(app, scene, hand[3], hand[4])
    finally:
        app.close()
