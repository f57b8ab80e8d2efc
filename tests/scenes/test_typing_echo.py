"""Issue 34: each letter typed in a name box cut the one before it off (one voice process per letter is
slower than typing).  Typing echo now works as a screen reader's does: each character said whole when typed
at a normal pace, letters typed while one is said follow together, the word said on Space, the whole field on
Up or Down; typing still cuts any other speech (README, Speak)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame

from game.engine import speech
from game.engine.dialogs import TextInputDialog
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, type_text

_VOICE = """#!{python}
import sys, time
words = " ".join(sys.argv[1:])
with open({log!r}, "a") as f:
    f.write("said " + words + "\\n")
time.sleep({seconds})
with open({log!r}, "a") as f:
    f.write("whole " + words + "\\n")
"""


def _box(app) -> TextInputDialog:
    box = TextInputDialog(app, "Player", "Your name:", lambda _t: None)
    app.push(box)
    app.settle()
    return box


def _lines(log: Path, kind: str) -> list[str]:
    return [x[len(kind) + 1:] for x in log.read_text().splitlines() if x.startswith(kind + " ")] \
        if log.exists() else []


def _wait(app, cond, seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not cond():
        app.pump(1 / 30)
        time.sleep(0.01)
    return cond()


def test_letters_typed_at_a_normal_pace_are_each_said_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    log, script = tmp_path / "voice.log", tmp_path / "voice"
    script.write_text(_VOICE.format(python=sys.executable, log=str(log), seconds=0.6))
    script.chmod(0o755)
    app = make_app(animation="off")
    app.speech = speech.CURRENT = speech.Speaker(True, engine=speech.Engine("stand-in", (str(script),)))
    _box(app)
    assert _wait(app, lambda: _lines(log, "whole"))  # the box's own words said first
    for n, ch in enumerate("Ann", 1):
        type_text(app, ch)  # the next letter comes while this one is still being said (a normal pace)
        assert _wait(app, lambda n=n: len(_lines(log, "said")) > n), log.read_text()
    assert _wait(app, lambda: len(_lines(log, "whole")) == len(_lines(log, "said"))), log.read_text()
    assert _lines(log, "said")[1:] == ["A", "n", "n"]
    app.speech.close()
    app.close()


def test_space_says_the_word_and_up_or_down_the_whole_field(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.settings.speak = app.speech.enabled = True
    said = app.speech.recorder
    _box(app)
    press(app, pygame.K_DOWN)
    assert said[-1] == "Your name: empty"
    for ch in "Ann Lee":
        type_text(app, ch)
    assert said[-7:] == ["A", "n", "n", "Ann", "L", "e", "e"], said[-7:]
    type_text(app, " ")
    type_text(app, " ")
    assert said[-2:] == ["Lee", "space"]  # a second space ends no word
    press(app, pygame.K_UP)
    assert said[-1] == "Your name: Ann Lee"
    app.close()


def test_a_letter_still_cuts_other_speech_but_never_the_letter_before_it():
    speaker = speech.Speaker(True, engine=speech.Engine("none", ("true",)))
    sent: list[tuple[str, bool]] = []
    speaker._send = lambda s, cut, echo=False, alone=False, news=True, keep_news=False: sent.append((s, cut))  # type: ignore[method-assign]
    speaker.say("New high score! 120 points. Your name: edit box. Type, then press Enter.")
    for ch in "An":
        speaker.key_pressed()
        speaker.say(ch, force=True, echo=True)
        speaker.key_pressed(False)
    assert sent[1:] == [("A", True), ("n", False)]


def test_the_last_letter_typed_is_said_whole_before_the_enter_that_closes_the_box(tmp_path, monkeypatch):
    """Round 13, by ear: in a name box the letter typed last before Enter was never heard (Enter's sentence cut
    it off).  The echo is said whole, then the box's closing sentence after it, in that order."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    log, script = tmp_path / "voice.log", tmp_path / "voice"
    # a slow voice: Enter comes while the last letter is being said, however loaded the machine
    script.write_text(_VOICE.format(python=sys.executable, log=str(log), seconds=2.0))
    script.chmod(0o755)
    app = make_app(animation="off")
    app.speech = speech.CURRENT = speech.Speaker(True, engine=speech.Engine("stand-in", (str(script),)))
    box = TextInputDialog(app, "Player", "Your name:", lambda text: speech.announce(f"Player: {text}."))
    app.push(box)
    app.settle()
    assert _wait(app, lambda: _lines(log, "whole"))  # the box's own words said first
    type_text(app, "A")
    assert _wait(app, lambda: _lines(log, "whole")[-1:] == ["A"]), log.read_text()  # typed at a normal pace
    type_text(app, "l")
    assert _wait(app, lambda: _lines(log, "said")[-1:] == ["l"]), log.read_text()
    press(app, pygame.K_RETURN)  # while the "l" is being said
    assert app.stack.top is not box
    assert _wait(app, lambda: "Player: Al." in _lines(log, "whole")), log.read_text()
    assert _lines(log, "said")[-2:] == ["l", "Player: Al."]
    assert _lines(log, "whole")[-2:] == ["l", "Player: Al."]  # the letter whole, then the closing sentence
    app.speech.close()
    app.close()
