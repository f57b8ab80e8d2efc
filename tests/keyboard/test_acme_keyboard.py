"""A whole ACME round — the exchange, every trick, to the last card — with posted key presses only."""

from __future__ import annotations

import random

import pygame

from game.acme import players, rules
from tests.keyboard.keys import enter, focus_to, press
from tests.rules.test_acme_rules import DECK
from tests.scenes.helpers import make_app, open_table


def choose_cards(app, scene, cards: tuple[str, ...]) -> None:
    """Select exactly ``cards`` in the hand with the keys (Enter toggles the focused card)."""
    for code in sorted(scene.selected - set(cards)):
        focus_to(app, scene, f"hand {code}")
        enter(app)
    for code in cards:
        if code not in scene.selected:
            focus_to(app, scene, f"hand {code}")
            press(app, pygame.K_SPACE)  # Space acts as a click on a card that cannot be dragged
    assert scene.selected == set(cards)


def test_a_whole_round_by_keyboard(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(rules.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), 7)
    app.settle()
    me = players.make_player("baseline")
    rng = random.Random(2)
    turns = 0
    while not rules.is_over(scene.state):
        assert rules.current_player(scene.state) == 0, "the computers play on by themselves"
        before = scene.state
        move = me.choose(rules.observe(before, 0), rng)
        choose_cards(app, scene, tuple(move.cards))
        focus_to(app, scene, "button Pass" if move.kind == "pass" else "button Play")  # one button: its word
        enter(app)
        assert len(scene.state.log) > len(before.log) or scene.state.phase != before.phase, f"{move} not played"
        turns += 1
        assert turns < 60
    assert rules.is_over(scene.state) and turns >= 3
