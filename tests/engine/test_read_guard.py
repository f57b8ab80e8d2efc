"""Round 9: Enter skipped the end-of-game summary.  Playing by keys, the Enter meant for a card landed on
Court's game-over box (default "New game") and dealt again before the result was read; the same for ACME's
round summary ("Next round").  Every end box and round summary ignores Enter and Space for
dialogs.READ_GUARD_S after it opens, keys queued before it opened included (decided in the engine)."""

from __future__ import annotations

import pygame
import pytest

from game.court import rules
from game.engine import dialogs
from game.engine.endbox import EndBox
from game.engine.roundbox import RoundBox, Row
from saves import deals
from tests.scenes.helpers import center_of, click, key, make_app, open_table, top_dialog
from tests.scenes.test_court_scene import bonus_for_human


class FakeClock:
    """The guard's clock, moved by the test (no waiting, nothing timed)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock(monkeypatch):
    c = FakeClock()
    monkeypatch.setattr(dialogs, "clock", c)
    monkeypatch.setattr(dialogs, "READ_GUARD_S", 0.6)
    return c


@pytest.fixture
def app(parlour_home):
    a = make_app(animation="off")
    yield a
    a.close()


def test_enter_queued_with_the_last_play_never_presses_new_game(app, clock, monkeypatch):
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    click(app, center_of(scene, "7C"), settle=False)  # the last card ...
    key(app, pygame.K_RETURN)  # ... and an Enter already on its way
    box = top_dialog(app)
    assert rules.is_over(scene.state) and isinstance(box, (EndBox, RoundBox))
    assert box.labels[box.focused] == "New game"
    key(app, pygame.K_SPACE)
    key(app, pygame.K_KP_ENTER)
    assert top_dialog(app) is box and rules.is_over(scene.state)  # the result is still there
    clock.t += 0.7  # read
    key(app, pygame.K_RETURN)
    assert top_dialog(app) is scene and not rules.is_over(scene.state)  # now Enter deals again


def test_escape_and_the_mouse_are_never_held_back(app, clock):
    scene = open_table(app, "court", seed=4)
    box = scene.show_round_box("Round over", [Row("You 40, the computer 20.")])
    app.settle()
    key(app, pygame.K_RETURN)
    assert top_dialog(app) is box
    click(app, box.buttons[0].rect.center)
    assert top_dialog(app) is not box


def test_a_round_summary_holds_enter_then_takes_it(app, clock):
    pressed: list[str] = []
    scene = open_table(app, "acme", seed=3)
    box = RoundBox(app, "Round over: you finished 1st", [Row("You are President next round.")],
                   [("Next round", lambda: pressed.append("next"))])
    app.push(box)
    app.settle()
    key(app, pygame.K_RETURN)
    assert pressed == [] and top_dialog(app) is box
    clock.t += 0.61
    key(app, pygame.K_RETURN)
    assert pressed == ["next"] and top_dialog(app) is scene


def test_an_ordinary_question_takes_enter_at_once(app, clock):
    answered: list[bool] = []
    open_table(app, "court", seed=4)
    dialogs.confirm(app, "Quit", "Quit?", lambda: answered.append(True))
    app.settle()
    key(app, pygame.K_RETURN)
    assert answered == [True]
