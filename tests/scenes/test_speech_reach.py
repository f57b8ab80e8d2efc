"""Reaching speech without sight (issue 34): F12 on every screen, the screen reader followed from the first
frame, the main menu said at launch and every scene change said; the history keys."""

from __future__ import annotations

import pygame

from game.engine import speech, view
from game.mainmenu import MainMenu
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table


def test_f12_turns_speech_on_and_off_on_every_screen_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.replace(MainMenu(app))
    app.settle()
    spoken = app.speech.recorder
    assert not app.speech.enabled and spoken == []
    press(app, pygame.K_F12)  # the main menu
    # where the player is first (round 12, by ear: the tile chosen was not said; round 14: said after the keys,
    # it was cut by the arrow pressed 7 s in), then the speech keys
    assert app.speech.enabled and app.settings.speak
    assert spoken[-2].startswith("Speech on. Parlour, main menu. Aces Up, 1 of 5."), spoken[-2:]
    assert spoken[-1] == view.SPEECH_KEYS
    press(app, pygame.K_F12)
    assert not app.speech.enabled and spoken[-1] == "Speech off."  # said in the voice that stops
    scene = open_table(app, "acme", seed=2)
    next(m for m in scene.menubar.menus if m.title == "Help").items[0].action()  # over a dialog (Help)
    app.settle()
    press(app, pygame.K_F12)
    assert app.speech.enabled and spoken[-2].startswith("Speech on. How to play ACME.") and \
        spoken[-1] == view.SPEECH_KEYS
    assert not app.settings.speak_auto  # the player's own choice from now on


def test_the_main_menu_is_said_at_launch_and_each_scene_change_is_said(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.settings.speak = app.speech.enabled = True
    app.replace(MainMenu(app))
    app.settle()
    spoken = app.speech.recorder
    assert spoken[-1].startswith("Parlour, main menu. Aces Up, 1 of 5.") and "Enter plays it" in spoken[-1]
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert spoken[-1].startswith("Forty Thieves, 2 of 5.")  # the focused tile, as the ring moves
    press(app, pygame.K_RETURN)
    app.settle()
    assert spoken[-1].startswith("Forty Thieves table. Deal #") and "F8 reads the table" in spoken[-1]
    press(app, pygame.K_w, pygame.KMOD_CTRL)  # back to the main menu
    app.settle()
    assert spoken[-1].startswith("Parlour, main menu.")


def test_speech_follows_a_running_screen_reader_from_the_first_frame(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    monkeypatch.setattr(speech, "screen_reader_running", lambda: True)
    app = make_app(animation="off")
    app.replace(MainMenu(app))
    app.follow_screen_reader()
    app._reader_job.wait(5)
    app.settle()
    assert app.speech.enabled and app.speech.recorder[-1].startswith("Parlour, main menu.")
    assert not app.settings.speak  # followed, not saved as the player's choice
    view.apply(app)
    assert app.speech.enabled  # another Options change keeps it on
    press(app, pygame.K_F12)
    assert not app.speech.enabled and not app.settings.speak_auto  # the player said no: never again
    app.follow_screen_reader()
    assert app._reader_job is None


def test_the_history_keys_and_the_high_contrast_toggle_are_said(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    scene.status.say("First.")
    scene.status.say("Second.")
    press(app, pygame.K_F7)
    assert app.speech.recorder[-1].endswith(": Second.")
    press(app, pygame.K_F7)
    assert app.speech.recorder[-1].endswith(": First.")
    press(app, pygame.K_F7, pygame.KMOD_SHIFT)
    assert app.speech.recorder[-1].endswith(": Second.")
    view.toggle_contrast(app)
    assert app.speech.recorder[-1] == "High-contrast table on."
    view.toggle_contrast(app)
    assert app.speech.recorder[-1] == "High-contrast table off."


def test_a_refused_undo_or_redo_is_said_not_only_sounded(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.speech.recorder[-1] == "Nothing to undo."
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.speech.recorder[-1] == "Nothing to redo."


def test_options_speech_rate_reaches_the_voice_and_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    options = next(m for m in scene.menubar.menus if m.title == "Options")
    next(it for it in options.items if it.label == "Speech rate…").action()
    app.settle()
    press(app, pygame.K_UP)  # Normal -> Slow
    press(app, pygame.K_RETURN)
    assert app.settings.speech_rate == "slow" and app.speech.rate == "slow"
    from saves import settings as settings_mod

    loaded, warning = settings_mod.load()
    assert warning is None and loaded.speech_rate == "slow"


def test_a_first_start_tells_a_player_without_sight_how_to_reach_speech(tmp_path, monkeypatch):
    """Round 13 by ear: with no screen reader running nothing said F12 was the key.  Until speech has been
    on once the title bar (which a screen reader reads) ends "press F12 for speech" and the start cue plays
    as the first frame shows; F12 takes the hint away, and it stays away after Speech off."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    app.replace(MainMenu(app))
    app.settle()
    assert pygame.display.get_caption()[0] == "Parlour \u2014 press F12 for speech"
    app.first_frame_shown()
    assert played == ["start"]
    press(app, pygame.K_F12)
    assert pygame.display.get_caption()[0] == "Parlour"
    press(app, pygame.K_F12)  # off again: the player knows the key now
    assert pygame.display.get_caption()[0] == "Parlour"
    open_table(app, "acesup", seed=3)
    assert pygame.display.get_caption()[0] == "Parlour \u2014 Aces Up"
    played.clear()
    app.first_frame_shown()
    assert played == []


def test_the_hint_goes_when_a_screen_reader_turns_speech_on(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    monkeypatch.setattr(speech, "screen_reader_running", lambda: True)
    app = make_app(animation="off")
    open_table(app, "acesup", seed=3)
    assert pygame.display.get_caption()[0] == "Parlour \u2014 Aces Up \u2014 press F12 for speech"
    app.follow_screen_reader()
    app._reader_job.wait(5)
    app.settle()
    assert pygame.display.get_caption()[0] == "Parlour \u2014 Aces Up"
