"""Issue 34, round 13 by ear: Up and Down move between the buttons and the hand as they sit on screen.  In ACME
Down from the Pass/Play button (level with the hand) found nothing and the ring stayed; in Court Up from the
hand passed the Discard button just above it for the deck far to the left; in Romi Down from Sort reached an
empty place of the palette.  What the ring lands on is said (the recording voice keeps it, in order)."""

from __future__ import annotations

import pygame
import pytest

from game.court import rules as court
from tests.keyboard.keys import focus_to, press
from tests.scenes.helpers import make_app, open_table
from tests.scenes.test_court_scene import H0, H1, deck_for

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_acme_up_and_down_go_between_the_hand_and_the_play_button_both_ways(size):
    app = make_app(size=size, animation="off")
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    scene = open_table(app, "acme", seed=3)
    hand = [s.key for s in scene.focus.spots() if s.area == "hand"]
    card = hand[len(hand) // 2]
    for there, back in ((pygame.K_DOWN, pygame.K_UP), (pygame.K_UP, pygame.K_DOWN), (pygame.K_DOWN, pygame.K_DOWN)):
        focus_to(app, scene, card)
        press(app, there)
        assert scene.focus.key.startswith("button "), (size, scene.focus.key)
        press(app, back)  # from the button: back to the card the ring left
        assert scene.focus.key == card, (size, there, back, scene.focus.key)
        assert spoken[-1] == scene.focus.current().label
    app.close()


@pytest.mark.parametrize("size", SIZES)
def test_court_up_from_the_hand_reaches_the_button_above_it(size):
    app = make_app(size=size, animation="off")
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    scene = open_table(app, "court", seed=4)
    s = court.new_game(7, deck=deck_for(H0, H1))
    for _ in range(12):  # mid-draw: three cards in the hand, Keep and Discard above them
        s = court.apply(s, "keep" if s.draw_step == 0 else "discard")
    scene.start_game(s, 7)
    app.settle()
    buttons = [x for x in scene.focus.spots() if x.area == "buttons"]
    for card in [x for x in scene.focus.spots() if x.area == "hand"]:
        focus_to(app, scene, card.key)
        press(app, pygame.K_UP)
        got = scene.focus.current()
        c = card.rect
        above = [b for b in buttons if b.rect.bottom <= c.top]
        nearest = min(above, key=lambda b: abs(b.rect.centerx - c.centerx) + abs(b.rect.centery - c.centery))
        assert got.key == nearest.key, (size, card.key, got.key)
        assert spoken[-1] == got.label
        press(app, pygame.K_DOWN)
        assert scene.focus.current().area == "hand"
    app.close()


@pytest.mark.parametrize("size", SIZES[1:])  # (at 800×600 nothing of the palette lies below Sort)
def test_romi_down_from_the_last_button_reaches_a_card_of_the_hand(size):
    app = make_app(size=size, animation="off")
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    scene = open_table(app, "romi", seed=3)
    last = [x for x in scene.focus.spots() if x.area == "buttons"][-1]
    focus_to(app, scene, last.key)
    press(app, pygame.K_DOWN)
    got = scene.focus.current()
    assert got.area == "palette" and got.sprite is not None, (size, got.key)
    assert spoken[-1] == got.label
    app.close()
