"""Issue 34: a hint asked for during a long F8 reading was shown but not said.  With a real voice (a stand-in
process that logs each sentence and "speaks" for a minute unless stopped), the player's Ctrl+H cuts the
reading and the hint is said: at once on Aces Up, as soon as it is found on Forty Thieves (a worker thread),
and on ACME, whose Expert says "Thinking of a hint…" (which cuts the reading) and then the hint."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame

from game.engine import speech
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table

_VOICE = """#!{python}
import sys, time
with open({log!r}, "a") as f:
    f.write("said " + " ".join(sys.argv[1:]) + "\\n")
time.sleep(60)
with open({log!r}, "a") as f:
    f.write("whole\\n")
"""


def _voice(tmp_path: Path) -> tuple[speech.Engine, Path]:
    log, script = tmp_path / "voice.log", tmp_path / "voice"
    script.write_text(_VOICE.format(python=sys.executable, log=str(log)))
    script.chmod(0o755)
    return speech.Engine("stand-in", (str(script),)), log


def _heard(log: Path) -> list[str]:
    return [x[5:] for x in log.read_text().splitlines() if x.startswith("said ")] if log.exists() else []


def _wait(app, cond, seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        app.pump(1 / 30)
        time.sleep(0.02)
    return cond()


def _listen(app, tmp_path) -> Path:
    engine, log = _voice(tmp_path)
    app.speech = speech.CURRENT = speech.Speaker(True, engine=engine)
    app.settings.speak = True
    return log


def _read_then_hint(app, log: Path) -> list[str]:
    press(app, pygame.K_F8)
    assert _wait(app, lambda: any(x.startswith(("Aces Up, deal", "ACME", "Forty Thieves")) or "Your hand" in x
                                  for x in _heard(log))), _heard(log)
    reading = _heard(log)[-1]
    press(app, pygame.K_h, pygame.KMOD_CTRL)  # while the reading is being said
    assert _wait(app, lambda: any("Hint" in x for x in _heard(log)[1:])), _heard(log)
    heard = _heard(log)
    assert heard.index(reading) < len(heard) - 1
    app.speech.close()
    assert "whole" not in log.read_text()  # the reading was cut, not said to its end before the hint
    return heard


def test_ctrl_h_during_a_long_f8_reading_cuts_it_and_says_the_hint(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    open_table(app, "acesup", seed=3)
    log = _listen(app, tmp_path)
    heard = _read_then_hint(app, log)
    assert heard[-1].startswith("Hint (a good move from what you can see): "), heard
    app.close()


def test_forty_thieves_hint_thought_out_in_a_worker_cuts_the_reading(tmp_path, monkeypatch):
    """The tester's case: Forty Thieves' hint comes from a worker thread with no word before it, so it was
    queued behind the reading (a minute and more of words) and never heard before the next key."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    open_table(app, "thieves", seed=5, jokers=2)
    log = _listen(app, tmp_path)
    heard = _read_then_hint(app, log)
    assert "Hint (a good move from what you can see): Take " in heard[-1], heard
    app.close()


def test_a_hint_thought_out_in_a_worker_is_said_after_the_reading_it_cut(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=5)
    while app.stack.top is not scene:  # a new player's name box: Enter takes the name offered
        press(app, pygame.K_RETURN)
    from game.acme import rules

    assert _wait(app, lambda: rules.current_player(scene.state) == 0, 60)
    log = _listen(app, tmp_path)
    heard = _read_then_hint(app, log)
    assert heard[-1].startswith("Thinking of a hint") or heard[-2].startswith("Thinking of a hint"), heard
    assert "Hint: " in heard[-1], heard
    app.close()
