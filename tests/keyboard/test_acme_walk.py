"""Issue 24: Left and Right walk the ACME hand one card at a time (from the rightmost card Left skipped one),
and after Play the ring stays on Play (it used to fall onto the last card of the hand every time)."""

from __future__ import annotations

import pygame

from game.acme import players, rules
from tests.keyboard.keys import enter, focus_to, press
from tests.keyboard.test_acme_keyboard import choose_cards
from tests.rules.test_acme_rules import DECK
from tests.scenes.helpers import make_app, open_table


def acme(tmp_path, monkeypatch, size=(1280, 800)):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(rules.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), 7)
    app.settle()
    return app, scene


def test_left_and_right_walk_the_hand_one_card_at_a_time(tmp_path, monkeypatch):
    for size in ((800, 600), (1280, 800), (1920, 1080)):
        app, scene = acme(tmp_path, monkeypatch, size)
        hand = list(scene.state.hands[0])
        focus_to(app, scene, f"hand {hand[-1]}")
        for code in reversed(hand[:-1]):
            press(app, pygame.K_LEFT)
            assert scene.focus.key == f"hand {code}", (size, scene.focus.key, code)
        for code in hand[1:]:
            press(app, pygame.K_RIGHT)
            assert scene.focus.key == f"hand {code}", (size, scene.focus.key, code)
        app.close()


def test_after_play_the_ring_stays_on_play(tmp_path, monkeypatch):
    app, scene = acme(tmp_path, monkeypatch)
    me = players.make_player("baseline")
    import random
    move = me.choose(rules.observe(scene.state, 0), random.Random(1))  # the President's two gifts
    choose_cards(app, scene, move.cards)
    focus_to(app, scene, "button Play")
    enter(app)
    app.settle()
    assert scene.state.phase == "play"
    assert scene.focus.key == "button Play", scene.focus.key
    if rules.current_player(scene.state) != 0:
        enter(app)
        assert scene.status.message == "Wait for your turn."
    app.close()
