"""A whole Affairs of the Court round — the draw, every turn, the bonus — with posted key presses only."""

from __future__ import annotations

import random

from game.court import rules
from tests.keyboard.keys import enter, focus_to, space
from tests.scenes.helpers import make_app, open_table


def test_a_whole_round_by_keyboard(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "court", seed=11)
    scene.level = "novice"
    rng = random.Random(4)
    steps = 0
    while not rules.is_over(scene.state):
        steps += 1
        # a guard against a stuck loop (each step must play a move, below): a whole game lasts 3 to 7 rounds
        # or more, about 40 key steps a round, as the computer's draw and play vary from run to run
        assert steps < 1000
        if app.stack.top is not scene:  # a round's end (issue 24): Enter is Next round
            assert scene.round_end is not None
            enter(app)
            continue
        s = scene.state
        assert rules.current_player(s) == 0, "the computer plays on by itself"
        if s.phase == "draw":
            if not scene.revealed and not scene.quick_play:
                focus_to(app, scene, "deck")
                enter(app)  # turn the card
                assert scene.revealed
            move = rng.choice(rules.legal_moves(scene.state))
            focus_to(app, scene, f"button {move.kind.capitalize()}")
            enter(app)
        else:
            move = rng.choice(rules.legal_moves(s))
            if move.kind == "done":
                focus_to(app, scene, "button Done")
                enter(app)
            else:
                focus_to(app, scene, f"hand {move.card}")
                space(app) if steps % 2 else enter(app)
                if scene.state == s and scene.status.message.startswith("The draw is over."):
                    enter(app)  # the draw's rhythm held once (round 15): the ring fell on the card
        assert scene.state != s, f"{move} was not played by the keys"
    assert rules.is_over(scene.state)
