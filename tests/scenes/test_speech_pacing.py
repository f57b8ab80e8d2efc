"""With Speak on, a computer seat waits for the sentence about the last play before it plays again (issue
34: 43 of 68 ACME computer plays were cut off): ACME, Court and Romi ask ``Speaker.busy`` (a beat per
sentence).  The voice is a stand-in that says it is busy until the test lets it finish."""

from __future__ import annotations

import time

import pytest

from game.romi import rules as romi_rules
from tests.scenes.helpers import center_of, click, make_app, open_table
from tests.scenes.test_acme_follow import Scripted, hand_point, play_state
from tests.scenes.test_court_scene import H0, H1, drawn

FRAME = 1 / 30


def _pump(app, seconds: float) -> None:
    for _ in range(int(seconds / FRAME)):
        app.pump(FRAME)
        time.sleep(0.001)  # let the worker thread answer


def _first_move(app, game: str):
    """Open ``game`` and make the player's first move; returns (scene, count of moves made so far)."""
    if game == "acme":
        scene = open_table(app, "acme", seed=3)
        scene.ai = {s: Scripted() for s in range(1, 5)}
        scene.start_game(play_state(("3C 4C", "5C 5D", "6C 6D", "7C 7D", "8C 8D")), 9)
        app.settle()
        click(app, hand_point(scene, "3C"), settle=False)
        click(app, scene.play_button.rect.center, settle=False)
        return scene, lambda: len(scene.state.log)
    if game == "court":
        scene = open_table(app, "court", seed=4)
        scene.start_game(drawn(H0, H1), 7)
        app.settle()
        click(app, center_of(scene, "9C"), settle=False)
        return scene, lambda: len(scene.history.moves)
    scene = open_table(app, "romi", seed=2)
    app.settle()
    click(app, scene.buttons[0].rect.center, settle=False)  # Draw: the computer's turn
    return scene, lambda: len(scene.history.moves)


@pytest.mark.parametrize("game", ["acme", "court", "romi"])
def test_the_computer_waits_for_the_sentence_about_the_last_play(game):
    app = make_app(animation="off", computer="instant")
    talking = [True]
    app.speech.busy = lambda: talking[0]  # the voice is still saying the player's move
    try:
        scene, moves = _first_move(app, game)
        app.pump(FRAME)
        made = moves()
        assert made >= 1 and (game != "romi" or scene.history.moves[0] == romi_rules.Draw())
        _pump(app, 1.5)  # far longer than an instant computer needs
        assert moves() == made  # it waited for the voice
        talking[0] = False
        _pump(app, 3.0)
        assert moves() > made  # and played once the sentence was said
    finally:
        app.close()
