"""Romi's status line at 800x600 (round 11's player: "a status line cut"): a computer play naming its cards on
two groups ran past the two lines and ended in "…", with the turn prompt after it lost.  A line too long for
the window shows the play to its count and speech says the whole; a window wide enough shows it whole."""

from __future__ import annotations

import random

import pytest

from game.romi import players, rules
from game.romi.seats import COMPUTER, HUMAN
from game.romi.spoken import played_words
from tests.scenes.helpers import make_app, open_table


def a_long_computer_play(aak: bool) -> tuple[rules.State, rules.Play, rules.State]:
    """A real computer turn (Intermediate, seeded) that lays cards on two or more board groups."""
    for seed in range(1, 200):
        rng = random.Random(seed)
        s = rules.new_game(seed)
        for _ in range(200):
            if rules.is_over(s):
                break
            seat = rules.current_player(s)
            move = players.choose_move(rules.observe(s, seat), "intermediate", rng)
            after = rules.apply(s, move)
            if seat == COMPUTER and isinstance(move, rules.Play) and " and " in played_words(
                    "The computer", s, after, seat, aak).split(":", 1)[1] and not rules.is_over(after):
                if len(played_words("The computer", s, after, seat, aak)) > 110:
                    return s, move, after
            s = after
    raise AssertionError("no long computer play in 200 seeded games")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_long_computer_play_is_never_cut_and_is_said_whole(size):
    app = make_app(size=size, animation="off")
    app.settings.speak = app.speech.enabled = True
    try:
        scene = open_table(app, "romi", seed=2)
        before, move, after = a_long_computer_play(scene.aak)
        whole = played_words("The computer", before, after, COMPUTER, scene.aak)
        scene.start_game(before, 2)
        app.settle()
        scene.history.push(move, after)
        scene.after_move(before, move, after)
        app.settle()
        assert after.turn == HUMAN
        shown = scene.status.message
        assert scene.status.fits(shown, size[0]), shown  # nothing cut with "…"
        assert "Your turn" in shown  # the prompt after the play shows too
        if size[0] == 800:
            assert shown.startswith(whole.split(":")[0] + ".")  # "The computer played 3 cards."
        else:
            assert shown.startswith(whole)
        assert any(whole in line for line in app.speech.recorder)  # a blind player hears every card
    finally:
        app.close()
