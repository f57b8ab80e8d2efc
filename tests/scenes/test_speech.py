"""Options ▸ Speak (issue 28): what the status line says and where the focus ring is, spoken.

The games are played by posted key presses alone (speech switched on through the menus with F10 and the
arrows, as a player who cannot see the screen would); the speaker records its sentences instead of talking,
and each move's sentences are checked to name what the move changed."""

from __future__ import annotations

import random
import sys
import time

import pygame

from game.acesup import rules as aces
from game.cards import the_card
from game.court import rules as court
from game.engine import speech, view
from tests.keyboard.keys import enter, focus_to, play_aces_up, press
from tests.keyboard.test_acesup_keyboard import winnable_deal
from tests.scenes.helpers import make_app, open_table


def speak_on_by_keys(app, scene) -> list[str]:
    """F10, the arrows to Options ▸ Speak, Enter: speech on; returns the recorder."""
    bar = scene.menubar
    col = next(i for i, m in enumerate(bar.menus) if m.title == "Options")
    row = next(i for i, it in enumerate(bar.menus[col].items) if it.label.startswith("Speak"))
    press(app, pygame.K_F10)
    for _ in range(col):
        press(app, pygame.K_RIGHT)
    for _ in range(1 + sum(1 for it in bar.menus[col].items[:row] if not it.separator)):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.settings.speak and app.speech.enabled
    assert app.speech.recorder[-1].startswith("Speech on.")
    return app.speech.recorder


def _aces_named(before, move, after) -> list[str]:
    """The words a sentence about ``move`` must hold: the cards it moved (and where a card went)."""
    if isinstance(move, aces.Deal):
        return [the_card(after.piles[p][-1]) for p in range(4) if len(after.piles[p]) > len(before.piles[p])]
    if isinstance(move, aces.Pair):
        return [the_card(before.piles[move.a][-1]), the_card(before.piles[move.b][-1])]
    if isinstance(move, aces.Discard):
        return [the_card(before.piles[move.pile][-1])]
    return [the_card(before.piles[move.src][-1]), f"pile {move.dst + 1}"]


def test_a_whole_aces_up_game_by_keys_is_spoken_move_by_move(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    seed, line = winnable_deal()
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=seed)
    spoken = speak_on_by_keys(app, scene)
    for move in line:
        before, start = scene.state, len(spoken)
        play_aces_up(app, scene, move)
        after = scene.state
        assert after == aces.apply(before, move)
        said = spoken[start:]
        assert said, f"nothing was said for {move}"
        # every sentence of the ring's walk names the place it is on; the last names what the move changed
        assert all(s.split(":")[0].split(".")[0] for s in said)
        named = [s for s in said if all(w in s for w in _aces_named(before, move, after))]
        assert named, f"{move}: no sentence names {_aces_named(before, move, after)} in {said}"
    assert any("every card but the aces is gone" in s.lower() for s in spoken[-3:]), spoken[-3:]
    # F8 reads the table, F9 says the last sentence again
    press(app, pygame.K_F8)
    assert spoken[-1].startswith("Aces Up, deal") and "Pile 1" in spoken[-1] and "Score" in spoken[-1]
    press(app, pygame.K_F9)
    assert spoken[-1] == spoken[-2]


def test_a_whole_court_round_by_keys_is_spoken_turn_by_turn(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "court", seed=11)
    scene.level = "novice"
    spoken = speak_on_by_keys(app, scene)
    rng = random.Random(4)
    turns = 0
    start_round = scene.state.round_no
    while scene.state.round_no == start_round and not court.is_over(scene.state):
        s, start = scene.state, len(spoken)
        if s.phase == "draw":
            if not scene.revealed and not scene.quick_play:
                focus_to(app, scene, "deck")
                enter(app)
                assert any(the_card(scene.state.pack[0]).capitalize() in x for x in spoken[start:])
            move = rng.choice(court.legal_moves(scene.state))
            card = scene.state.pack[0]
            focus_to(app, scene, f"button {move.kind.capitalize()}")
            enter(app)
            verb = "kept" if move.kind == "keep" else "discarded"
            assert f"You {verb} {the_card(card)}." in spoken[start:], spoken[start:]
        else:
            move = rng.choice(court.legal_moves(s))
            if move.kind == "done":
                focus_to(app, scene, "button Done")
                enter(app)
                assert any("rest back" in x for x in spoken[start:])
            else:
                focus_to(app, scene, f"hand {move.card}")
                enter(app)
                if scene.state == s and scene.status.message.startswith("The draw is over."):
                    enter(app)  # the draw's rhythm held once (round 15): the ring fell on the card
                said = " ".join(spoken[start:])
                assert the_card(move.card) in said, (move, spoken[start:])
        after = scene.state
        assert after != s, f"{move} was not played by the keys"
        for lt in {t for t in (after.last_turn,) if t is not None and t is not s.last_turn}:
            turns += 1
            # both cards, and the rule by its words (its number is for the eye); your own lead, said as you
            # played it, is not named again
            said = [x for x in spoken[start:] if the_card(lt.follower_card) in x
                    and (lt.leader == 0 or the_card(lt.leader_card) in x)]
            assert said and court.RULE_TITLES[lt.rule] in said[0] and lt.rule not in said[0], spoken[start:]
        if after.table and court.current_player(after) == 0:  # the computer led: the player hears its card
            assert any(x.startswith(f"The computer led {the_card(after.table[0])}: your turn, ")
                       for x in spoken[start:]), spoken[start:]
    assert turns >= 10
    assert any(x.startswith("Round 1 over") for x in spoken[-6:]), spoken[-6:]
    press(app, pygame.K_F8)
    assert spoken[-1].startswith("Affairs of the Court, round") and "points" in spoken[-1]


def test_speech_is_off_by_default_and_a_missing_voice_is_said_while_play_goes_on(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    assert not app.settings.speak and app.speech.recorder == []
    scene.status.say("Nobody hears this.")
    assert app.speech.recorder == []
    app.speech.recorder = None  # a real speaker on a machine with no speech engine
    app.speech._engine = None
    options = next(m for m in scene.menubar.menus if m.title == "Options")
    assert any(it.label == "Speak (no speech engine found)" for it in view.menu_items(app))
    next(it for it in options.items if it.label.startswith("Speak")).action()
    assert scene.status.message == view.NO_VOICE
    focus_to(app, scene, "stock")
    enter(app)
    assert len(scene.state.stock) == 44  # play goes on


class _Slow:
    """A stand-in voice: a process that 'speaks' for five seconds."""

    engine = speech.Engine("test voice", (sys.executable, "-c", "import time; time.sleep(5)"))


def test_the_speaker_never_blocks_and_a_key_press_interrupts_the_last_sentence():
    speaker = speech.Speaker(True, engine=_Slow.engine)
    try:
        t = time.perf_counter()
        speaker.say("The first sentence.")
        assert time.perf_counter() - t < 0.05  # the frame loop does not wait for the voice
        deadline = time.monotonic() + 5
        while speaker._proc is None and time.monotonic() < deadline:
            time.sleep(0.01)
        first = speaker._proc
        assert first is not None and first.poll() is None
        speaker.key_pressed()  # the player's own key press cuts the voice (game events queue)
        speaker.say("The second sentence.")
        while speaker._proc is first and time.monotonic() < deadline:
            time.sleep(0.01)
        assert speaker._proc is not first
        first.wait(timeout=3)  # the first voice was stopped, long before its five seconds
        assert speaker.last == "The second sentence."
    finally:
        speaker.close()
        if speaker._proc is not None:
            speaker._proc.wait(timeout=3)


def test_each_platform_gets_its_own_voice():
    def which(*have):
        return lambda name: f"/usr/bin/{name}" if name in have else None

    assert speech.find_engine("linux", which("espeak-ng", "spd-say")).name == "speech-dispatcher"
    assert speech.find_engine("linux", which("espeak-ng")).name == "espeak-ng"
    assert speech.find_engine("linux", which("spd-say")).name == "speech-dispatcher"
    assert speech.find_engine("linux", which()) is None
    assert speech.find_engine("darwin", which("say")).command == ("say",)
    win = speech.find_engine("win32", which("powershell"))
    assert win.fed and "System.Speech" in win.command[-1] and "$s.Speak($l)" in win.command[-1]


def test_f8_reads_every_table(tmp_path, monkeypatch):
    """Each pile or seat and what it holds, in words (a default from the focus ring's places where a game
    says nothing more)."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.settings.speak = app.speech.enabled = True
    expect = {"acesup": ["Pile 1", "Stock", "Score"], "thieves": ["Stack 1", "Stack 7", "Current card"],
              "acme": ["You, President", "Alice", "Dmitri"], "court": ["Your hand", "points"],
              "romi": ["Your hand, 14 cards", "The board", "Stock"]}
    for game, words in expect.items():
        open_table(app, game, seed=3)
        press(app, pygame.K_F8)
        said = app.speech.recorder[-1]
        assert all(w in said for w in words), (game, said)


def test_a_choice_dialog_says_its_question_and_each_choice(tmp_path, monkeypatch):
    """Options ▸ Text size… with the keys and the ears alone."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    options = next(m for m in scene.menubar.menus if m.title == "Options")
    next(it for it in options.items if it.label == "Text size…").action()
    app.settle()
    assert app.speech.recorder[-1].startswith("Text size: Normal, 1 of 3.")
    press(app, pygame.K_DOWN)
    assert app.speech.recorder[-1].startswith("Large, 2 of 3.")
    press(app, pygame.K_RETURN)
    assert app.settings.text_size == "large"
