"""A box opened over one that has just opened (Forty Thieves' "New high score!" name box over its end box) is
said first, in place of the one under it (the news before both is never cut); the one under is said whole
when it is back on top (by ear, round 13: the end box's long text ran 12 seconds before the box that had the
keys was said)."""

from __future__ import annotations

import pygame
import pytest

from game.engine import dialogs
from game.engine.dialogs import MessageDialog, TextInputDialog
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    a = make_app(animation="off")
    a.settings.speak = a.speech.enabled = True
    a.speech.recorder = []
    open_table(a, "thieves", seed=3)
    yield a
    a.close()


def _calls(app, monkeypatch) -> list[tuple[str, bool, bool]]:
    calls: list[tuple[str, bool, bool]] = []
    real = app.speech.say

    def say(sentence, force=False, interrupt=False, echo=False, alone=False):
        calls.append((sentence, interrupt, alone))
        real(sentence, force=force, interrupt=interrupt, echo=echo, alone=alone)

    monkeypatch.setattr(app.speech, "say", say)
    return calls


def test_a_box_opened_at_once_over_another_is_said_first_and_the_one_under_whole_when_back(app, monkeypatch):
    calls = _calls(app, monkeypatch)
    end = MessageDialog(app, "You won!", "No card can be taken and the stock is empty. Score: 812.",
                        ("New game", "Close"), None)
    app.push(end)
    app.push(TextInputDialog(app, "New high score!", "812 points. Your name:", lambda _n: None, "Ann", None))
    assert calls[0][0].startswith("You won!") and calls[0][2]  # queued on its own
    name, cut, alone = calls[1]
    # said next, in place of the other (withdrawn), after the news before it (round 15: the last move was cut)
    assert name.startswith("New high score! 812 points. Your name:") and alone and not cut
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is end
    assert calls[-1][0] == ("Back to You won! No card can be taken and the stock is empty. Score: 812. Buttons: "
                            "New game, Close; New game has focus. Tab moves, Enter presses.")


def test_a_box_opened_over_one_open_for_a_while_leaves_it_said_and_says_only_where_you_are_back(app, monkeypatch):
    calls = _calls(app, monkeypatch)
    end = MessageDialog(app, "You won!", "Score: 812.", ("New game", "Close"), None)
    app.push(end)
    monkeypatch.setattr(dialogs, "clock", lambda: end.opened_at + 5)
    app.push(MessageDialog(app, "High scores", "Ann 812.", ("OK",), None))
    assert calls[-1][0].startswith("High scores.") and not calls[-1][1]
    press(app, pygame.K_ESCAPE)
    assert calls[-1][0] == "Back to You won: New game has focus."
