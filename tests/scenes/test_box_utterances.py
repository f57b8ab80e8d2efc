"""Boxes by ear (issue 34, round 12): each box that opens is its own utterance, queued after what was being
said ("…New game has focus… the edit box has focus" was heard as one sentence when the high-score name box
opened over the end box), and a box that closes says, once, what has focus now.  A real stand-in voice
that logs each utterance it is given; real key events."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame

from game.engine import speech
from game.engine.dialogs import MessageDialog, TextInputDialog
from game.mainmenu import MainMenu
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table

_VOICE = """#!{python}
import sys, time
with open({log!r}, "a") as f:
    f.write("said " + " ".join(sys.argv[1:]) + "\\n")
time.sleep({seconds})
"""


def _voiced_app(tmp_path: Path, monkeypatch, seconds: float = 0.3):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    log, script = tmp_path / "voice.log", tmp_path / "voice"
    script.write_text(_VOICE.format(python=sys.executable, log=str(log), seconds=seconds))
    script.chmod(0o755)
    app = make_app(animation="off")
    app.speech = speech.CURRENT = speech.Speaker(True, engine=speech.Engine("stand-in", (str(script),)))
    return app, log


def _said(log: Path) -> list[str]:
    return [x[len("said "):] for x in log.read_text().splitlines()] if log.exists() else []


def _wait(app, cond, seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not cond():
        app.pump(1 / 30)
        time.sleep(0.01)
    return cond()


def test_a_box_opened_at_once_over_another_is_said_by_itself_first_and_the_other_whole_when_back(
        tmp_path, monkeypatch):
    """Round 12: never joined.  Round 13 (by ear): the box with the keys is said first, cutting the one under it
    (the end box's text ran 12 s before the high-score name box was said); that one is said whole when back."""
    app, log = _voiced_app(tmp_path, monkeypatch)
    try:
        open_table(app, "acesup", seed=3)
        assert _wait(app, lambda: bool(_said(log)))
        app.speech.say("Game over: 154 points.")
        end_box = MessageDialog(app, "Game over", "You scored 154 points.", ("New game", "Close"))
        app.push(end_box)
        app.push(TextInputDialog(app, "High score", "Your name:", lambda _t: None))
        assert _wait(app, lambda: any(s.startswith("High score") for s in _said(log))), _said(log)
        name = next(s for s in _said(log) if s.startswith("High score"))
        assert "Game over" not in name and "You scored" not in name, _said(log)
        press(app, pygame.K_ESCAPE)  # the name box closed: the end box, never heard, is said whole
        assert app.stack.top is end_box
        assert _wait(app, lambda: any(s.startswith("Back to Game over. You scored 154 points.") for s in _said(log))), \
            _said(log)
    finally:
        app.speech.close()
        app.close()


def _recording_app(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.settings.speak = app.speech.enabled = True
    return app


def test_closing_a_box_over_the_table_says_once_what_has_focus_now(tmp_path, monkeypatch):
    app = _recording_app(tmp_path, monkeypatch)
    said = app.speech.recorder
    try:
        open_table(app, "acesup", seed=3)
        press(app, pygame.K_TAB)
        press(app, pygame.K_RIGHT)  # the ring on pile 1
        press(app, pygame.K_F1)
        assert app.stack.top.title == "How to play Aces Up"
        n = len(said)
        press(app, pygame.K_ESCAPE)
        assert said[n:] == ["Back to the table: pile 1: the ace of diamonds on top, 1 card."], said[n:]
        app.settle()
        assert sum(s.startswith("Back to") for s in said) == 1
        press(app, pygame.K_ESCAPE)  # the ring hidden: the table's name
        press(app, pygame.K_F1)
        press(app, pygame.K_ESCAPE)
        assert said[-1] == "Back to the Aces Up table."
    finally:
        app.close()


def test_closing_a_box_over_the_main_menu_names_the_tile_with_focus(tmp_path, monkeypatch):
    app = _recording_app(tmp_path, monkeypatch)
    said = app.speech.recorder
    try:
        app.replace(MainMenu(app))
        press(app, pygame.K_F1)
        assert len(app.stack.scenes) == 2  # a box over the menu
        press(app, pygame.K_ESCAPE)
        assert said[-1] == "Back to the main menu: Aces Up.", said[-3:]
    finally:
        app.close()


def test_a_box_that_opens_another_in_its_place_says_only_the_new_box(tmp_path, monkeypatch):
    app = _recording_app(tmp_path, monkeypatch)
    said = app.speech.recorder
    try:
        open_table(app, "acesup", seed=3)
        app.push(MessageDialog(app, "Game over", "You scored 12 points.", ("OK",),
                               lambda _l: app.push(MessageDialog(app, "High scores", "You are first."))))
        app.settle()
        n = len(said)
        press(app, pygame.K_RETURN)
        app.settle()
        assert not any(s.startswith("Back to") for s in said[n:]), said[n:]
        assert any(s.startswith("High scores.") for s in said[n:]), said[n:]
        press(app, pygame.K_RETURN)
        assert said[-1] == "Back to the Aces Up table."
    finally:
        app.close()


def test_a_button_that_says_what_it_did_is_not_followed_by_back_to_the_table(tmp_path, monkeypatch):
    """Round 14, by ear: Romi's End turn box said "You played 1 card… The computer is thinking… Back to the Romi
    table." every turn.  A button whose action is said needs no "Back to"; Escape (nothing said) still has it."""
    app = _recording_app(tmp_path, monkeypatch)
    said = app.speech.recorder
    try:
        scene = open_table(app, "acesup", seed=3)
        app.push(MessageDialog(app, "End turn", "End your turn?", ("End turn", "Keep playing"),
                               lambda label: scene.status.say("You played 1 card.") if label == "End turn" else None))
        app.settle()
        n = len(said)
        press(app, pygame.K_RETURN)
        app.settle()
        assert said[n:] == ["You played 1 card."], said[n:]
        app.push(MessageDialog(app, "End turn", "End your turn?", ("End turn", "Keep playing"), lambda _l: None))
        app.settle()
        press(app, pygame.K_ESCAPE)
        assert said[-1] == "Back to the Aces Up table."
    finally:
        app.close()


def test_the_news_before_a_box_covered_at_once_is_said_whole_before_the_box_on_top(tmp_path, monkeypatch):
    """Round 15, by ear (Forty Thieves): the last card turned was cut by the high-score name box opened over
    the end box, so the game's end was never heard before "New high score!".  The move is said whole, then the
    name box; the end box (never heard) is said whole when the name box closes."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    log, script = tmp_path / "voice.log", tmp_path / "voice"
    done = f"with open({str(log)!r}, 'a') as f:\n    f.write('whole ' + ' '.join(sys.argv[1:]) + '\\n')\n"
    script.write_text(_VOICE.format(python=sys.executable, log=str(log), seconds=0.6) + done)
    script.chmod(0o755)
    app = make_app(animation="off")
    app.speech = speech.CURRENT = speech.Speaker(True, engine=speech.Engine("stand-in", (str(script),)))
    try:
        open_table(app, "thieves", seed=3)
        app.speech.say("You turn the seven of spades.")
        assert _wait(app, lambda: "You turn the seven of spades." in (log.read_text() if log.exists() else ""))
        end_box = MessageDialog(app, "No more moves", "The stock is empty. Score: 812.", ("New game", "Close"))
        app.push(end_box)
        app.push(TextInputDialog(app, "New high score!", "812 points. Your name:", lambda _t: None))
        assert _wait(app, lambda: "said New high score!" in log.read_text())
        lines = log.read_text().splitlines()
        assert any(x.startswith("whole") and x.endswith("You turn the seven of spades.") for x in lines), lines
        name = next(i for i, x in enumerate(lines) if x.startswith("said New high score!"))
        assert not any(x.startswith("said No more moves") for x in lines[:name]), lines
        press(app, pygame.K_ESCAPE)
        assert _wait(app, lambda: "said Back to No more moves. The stock is empty." in log.read_text()), \
            log.read_text()
    finally:
        app.speech.close()
        app.close()
