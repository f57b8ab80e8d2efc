"""The speaker's queue, history and pacing (issue 34), with a real stand-in voice: a process that logs when
it starts and when it has said its sentence, so a sentence cut off shows as a start without an end."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from game.engine import speech

_SCRIPT = ("import sys, time; log = open(sys.argv[1], 'a'); log.write('start ' + sys.argv[-1] + '\\n'); "
           "log.flush(); time.sleep(float(sys.argv[2])); log.write('end ' + sys.argv[-1] + '\\n')")


def _voice(log: Path, seconds: float) -> speech.Engine:
    return speech.Engine("logging voice", (sys.executable, "-c", _SCRIPT, str(log), str(seconds)))


def _lines(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


def _wait_for(cond, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def test_game_events_are_queued_and_each_is_said_whole(tmp_path):
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 0.4))
    try:
        speaker.say("Alice played a single eight.")
        assert _wait_for(lambda: _lines(log) == ["start Alice played a single eight."])
        assert speaker.busy()  # a computer seat waits for this sentence
        speaker.say("Bob passed.")  # the next computer play, said while the first is being spoken
        assert _wait_for(lambda: len(_lines(log)) == 4)
        assert _lines(log) == ["start Alice played a single eight.", "end Alice played a single eight.",
                               "start Bob passed.", "end Bob passed."]
        assert _wait_for(lambda: not speaker.busy())
    finally:
        speaker.close()


def test_the_players_key_press_interrupts_and_a_long_queue_is_summarised(tmp_path):
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 30))
    try:
        speaker.say("The computer is thinking.")
        assert _wait_for(lambda: _lines(log) == ["start The computer is thinking."])
        for n in range(speech.MAX_QUEUE + 3):
            speaker.say(f"Play {n}.")
        speaker.key_pressed()
        speaker.say("Pile 2, the ace of spades.")  # the player's key press: said now
        speaker.say("Selected.")  # the same key press's second sentence follows it, uncut
        speaker.key_pressed(False)
        assert _wait_for(lambda: len(_lines(log)) == 2)
        assert _lines(log)[1] == "start Pile 2, the ace of spades. Selected."
        assert "end The computer is thinking." not in _lines(log)  # cut, not waited for
        # a queue that outgrows MAX_QUEUE says how many were skipped instead of dropping them silently
        for n in range(speech.MAX_QUEUE + 3):
            speaker.say(f"Move {n}.")
        speaker.say("Now.", interrupt=True)
        assert _wait_for(lambda: len(_lines(log)) == 3)
        quiet = speech.Speaker(True, engine=_voice(tmp_path / "other.log", 30))
        quiet._send("busy", cut=False)
        assert _wait_for(lambda: len(_lines(tmp_path / "other.log")) == 1)
        for n in range(speech.MAX_QUEUE + 3):
            quiet.say(f"Move {n}.")
        quiet._cut = True  # the long sentence ends (as a voice does): the queue goes on
        assert _wait_for(lambda: len(_lines(tmp_path / "other.log")) == 2)
        said = _lines(tmp_path / "other.log")[1]
        assert said.startswith("start 3 earlier messages skipped: F7 steps back through them.")
        assert "Move 3." in said and "Move 6." in said and "Move 2." not in said
        quiet.close()
    finally:
        speaker.close()


def test_the_history_steps_back_and_forward_through_the_last_fifty_sentences():
    speaker = speech.Speaker(True, engine=False)
    speaker.recorder = []
    for n in range(60):
        speaker.say(f"Sentence {n}.")
    speaker.step(back=True)
    assert speaker.recorder[-1] == "50 of 50: Sentence 59."
    speaker.step(back=True)
    assert speaker.recorder[-1] == "49 of 50: Sentence 58."
    speaker.step(back=False)
    assert speaker.recorder[-1] == "50 of 50: Sentence 59."
    speaker.step(back=False)
    assert speaker.recorder[-1] == "Newest message. 50 of 50: Sentence 59."
    for _ in range(60):
        speaker.step(back=True)
    assert speaker.recorder[-1] == "Oldest message. 1 of 50: Sentence 10."
    assert len(speaker.history) == 50 and speaker.history[-1] == "Sentence 59."  # stepping adds nothing
    speaker.say("Sentence 59.")  # not said twice in a row by accident
    speaker.say("Sentence 60.")
    speaker.say("Sentence 60.")
    assert speaker.recorder[-1] == "Sentence 60." and speaker.recorder[-2].endswith("Sentence 10.")


def test_each_engine_honours_the_speech_rate():
    def which(*have):
        return lambda name: f"/usr/bin/{name}" if name in have else None

    espeak = speech.find_engine("linux", which("espeak-ng"))
    assert espeak.argv("slow") == ("espeak-ng", "-s", "130") and espeak.argv("normal") == ("espeak-ng",)
    assert espeak.argv("fast") == ("espeak-ng", "-s", "240")
    spd = speech.find_engine("linux", which("espeak-ng", "spd-say"))  # the desktop's voice first
    assert spd.name == "speech-dispatcher" and spd.argv("normal") == ("spd-say", "-w")  # Orca's own rate
    assert spd.argv("slow")[-2:] == ("-r", "-40") and spd.argv("fast")[-2:] == ("-r", "50")
    say = speech.find_engine("darwin", which("say"))
    assert say.argv("fast") == ("say", "-r", "260")
    sapi = speech.find_engine("win32", which("powershell"))
    assert "$s.Rate = 0;" in sapi.argv("normal")[-1] and "$s.Rate = -3;" in sapi.argv("slow")[-1]


def test_a_running_screen_reader_is_found_and_every_failure_counts_as_none(tmp_path):
    class Done:
        def __init__(self, out: str) -> None:
            self.stdout = out

    def gnome(answer: str):
        calls = []

        def run(argv, **kw):
            calls.append((argv, kw.get("timeout")))
            return Done(answer)
        return run, calls

    procs = tmp_path / "proc"
    (procs / "12").mkdir(parents=True)
    (procs / "12" / "comm").write_text("bash\n")
    run, calls = gnome("true\n")
    assert speech.screen_reader_running("linux", run, procs)
    assert calls[0][0][-1] == "screen-reader-enabled" and calls[0][1] == speech.CALL_S  # time-bound
    assert not speech.screen_reader_running("linux", gnome("false")[0], procs)
    (procs / "40").mkdir()
    (procs / "40" / "comm").write_text("orca\n")
    assert speech.screen_reader_running("linux", gnome("false")[0], procs)  # Orca on any desktop

    def hangs(argv, **kw):
        raise speech.subprocess.TimeoutExpired(argv, kw["timeout"])
    assert not speech.screen_reader_running("darwin", hangs, procs)
    assert speech.screen_reader_running("darwin", gnome("1")[0], procs)


def test_nvda_is_spoken_through_when_it_runs():
    class Dll:
        def __init__(self) -> None:
            self.said: list[str] = []

        def nvdaController_testIfRunning(self) -> int:
            return 0

        def nvdaController_speakText(self, text: str) -> int:
            self.said.append(text)
            return 0

        def nvdaController_cancelSpeech(self) -> int:
            self.said.append("<cancel>")
            return 0

    dll = Dll()
    voice = speech.NvdaVoice(dll)
    assert voice.running()
    speaker = speech.Speaker(True, engine=voice)
    try:
        speaker.say("Your turn: beat a single nine or pass.")
        assert _wait_for(lambda: dll.said[:1] == ["Your turn: beat a single nine or pass."])
        assert _wait_for(lambda: not speaker.busy())
        assert dll.said == ["Your turn: beat a single nine or pass."]  # said whole: never cancelled after
        speaker.say("You lead.")
        assert _wait_for(lambda: dll.said[-1:] == ["You lead."])
        speaker.say("Pile 1.", interrupt=True)
        assert _wait_for(lambda: dll.said[-1] == "Pile 1.")
        assert "<cancel>" in dll.said
    finally:
        speaker.close()


def test_a_sentence_that_grew_is_said_once_not_twice(tmp_path):
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 30))
    try:
        speaker.say("The computer is thinking.")
        assert _wait_for(lambda: len(_lines(log)) == 1)
        speaker.say("You played 3 cards.")
        speaker.say("You played 3 cards. The computer is thinking.")  # the status line, grown
        speaker.say("Now.", interrupt=False)
        speaker._cut = True  # the first sentence ends
        assert _wait_for(lambda: len(_lines(log)) == 2)
        assert _lines(log)[1] == "start You played 3 cards. The computer is thinking. Now."
    finally:
        speaker.close()


def test_a_status_line_that_grows_says_only_what_it_added():
    """Fresh eyes (blind player, round 2): every Romi computer turn was said twice — "The computer drew a
    card." and, 5 s later, "The computer drew a card. Your turn: …" when the status line grew. What it added is
    the news; the history keeps the whole line, and a player's key (which cut the voice) hears it whole."""
    speaker = speech.Speaker(True, engine=False)
    speaker.recorder = []
    speaker.say("The computer drew a card.")
    speaker.say("The computer drew a card. Your turn: play cards and press End turn, or Draw.")
    assert speaker.recorder == ["The computer drew a card.", "Your turn: play cards and press End turn, or Draw."]
    assert speaker.history[-1].startswith("The computer drew a card. Your turn")
    speaker.say("The computer drew a card. Your turn: play cards and press End turn, or Draw. Again.",
                interrupt=True)
    assert speaker.recorder[-1].startswith("The computer drew a card.")


def test_the_same_words_asked_for_again_by_a_key_are_said_again():
    """Fresh eyes (blind player, round 2): Ctrl+H pressed again for the same hint said nothing."""
    speaker = speech.Speaker(True, engine=False)
    speaker.recorder = []
    speaker.key_pressed()
    speaker.say("Hint: take the three of clubs.")
    speaker.key_pressed(False)
    speaker.say("Hint: take the three of clubs.")  # set again by the game, not asked: not news
    speaker.key_pressed()
    speaker.say("Hint: take the three of clubs.")  # asked again by the player
    assert speaker.recorder == ["Hint: take the three of clubs."] * 2


def test_short_words_and_menu_paths_are_said_in_full():
    """By ear (round 10): 'Vice Pres.' was read as written and 'Options > Speak' with its '>': the voice says
    'Vice President' and 'Options, Speak'; the status line keeps its short form (only the voice changes)."""
    speaker = speech.Speaker(True, engine=False)
    speaker.recorder = []
    speaker.say("Dmitri, the Vice Pres., played a pair of nines.")
    speaker.say("You are the Vice Pres.")
    speaker.say("Turn speech on with Options > Speak or F12; Court \u25b8 Player\u2026 changes player.")
    assert speaker.recorder == ["Dmitri, the Vice President, played a pair of nines.", "You are the Vice President.",
                                "Turn speech on with Options, Speak or F12; Court, Player\u2026 changes player."]


def _said(log: Path) -> list[str]:
    return [x[len("start "):] for x in _lines(log) if x.startswith("start ")]


def test_a_typed_letters_echo_is_its_own_utterance_never_joined_to_a_sentence(tmp_path):
    """Round 12, by ear: "n d 154 points … Your name: Blind" — the letters' echo and the box's sentence that
    followed were one utterance (and a sentence queued before the letters took them on its end)."""
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 0.5))
    try:
        speaker.say("The computer is thinking.")
        assert _wait_for(lambda: _said(log) == ["The computer is thinking."])
        speaker.say("Game over: 154 points.")  # queued while the first is said
        speaker.say("n", echo=True)
        speaker.say("d", echo=True)  # letters typed while one is said: together, as before
        speaker.say("Your name: Blind.")
        assert _wait_for(lambda: len(_lines(log)) == 8), _lines(log)
        assert _said(log) == ["The computer is thinking.", "Game over: 154 points.", "n d", "Your name: Blind."]
    finally:
        speaker.close()


def test_a_box_that_opens_is_its_own_utterance_after_the_earlier_one(tmp_path):
    """Round 12, by ear: the end box and the high-score name box over it were heard as one ("…New game has
    focus… the edit box has focus"); each box is said by itself, in the order they opened."""
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 0.5))
    try:
        speaker.say("You won.")
        assert _wait_for(lambda: _said(log) == ["You won."])
        speaker.say("Game over. Buttons: New game, Review; New game has focus.", alone=True)
        speaker.say("High score! Your name: edit box has focus.", alone=True)
        speaker.say("A status line after the boxes.")
        assert _wait_for(lambda: len(_lines(log)) == 8), _lines(log)
        assert _said(log) == ["You won.", "Game over. Buttons: New game, Review; New game has focus.",
                              "High score! Your name: edit box has focus.", "A status line after the boxes."]
    finally:
        speaker.close()


def test_the_computer_waits_for_game_news_not_for_what_the_player_asked(tmp_path, monkeypatch):
    """By ear (round 12): Ctrl+H every 1.5 s in Court's computer turn held the computer's draw for 6.5
    minutes: the player's own queries kept the voice busy and the computer waited on 'voice busy'.  Only the
    sentences about the game's events hold it, and never longer than a short cap after them."""
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 30))
    try:
        speaker.key_pressed()
        speaker.say("Hint: it is the computer's turn.")  # the player's key asked for this
        speaker.key_pressed(False)
        assert _wait_for(lambda: _lines(log) == ["start Hint: it is the computer's turn."])
        assert not speaker.busy()  # being said, but the player's own query: the computer plays on
        speaker.say("The computer drew the nine of clubs.")  # game news, queued behind the query
        assert speaker.busy()  # the computer waits for it...
        clock = [time.monotonic() + speech.seconds_for("The computer drew the nine of clubs.") + 0.1]
        monkeypatch.setattr(speech.time, "monotonic", lambda: clock[0])
        assert not speaker.busy()  # ...but never longer than the cap, however long the query ahead of it
    finally:
        monkeypatch.undo()
        speaker.close()


def test_a_part_without_a_full_stop_is_not_run_into_the_next():
    """Round 12, by ear: "Finish round button Carmen passed. You take the trick" was heard as one sentence:
    the ring's words have no full stop, and the news queued after them was joined on."""
    from game.engine.speech import join_burst

    assert join_burst(["Finish round button", "Carmen passed."]) == "Finish round button. Carmen passed."
    assert join_burst(["Deal button: a new round", "Alice is out!"]) == "Deal button: a new round. Alice is out!"
    assert join_burst(["You played a pair.", "Bruno passed."]) == "You played a pair. Bruno passed."
    # an ellipsis ends a part too (round 13, by ear: "The computer is thinking…. Back to the Romi table.")
    assert join_burst(["The computer is thinking\u2026", "Back."]) == "The computer is thinking\u2026 Back."


def test_the_last_letter_typed_is_said_whole_before_enters_sentence(tmp_path):
    """Round 12, by ear: the last letter typed before Enter was never heard: Enter's sentence (a key press,
    which cuts) stopped the letter's echo.  A key's sentence cuts other speech, not a letter's echo: the
    letter is said whole, then the sentence."""
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 0.5))
    try:
        speaker.say("Player. Your name: edit box, empty.")
        assert _wait_for(lambda: _said(log) == ["Player. Your name: edit box, empty."])
        speaker.key_pressed()
        speaker.say("a", echo=True)
        speaker.key_pressed(False)
        assert _wait_for(lambda: "start a" in _lines(log)), _lines(log)
        speaker.key_pressed()
        speaker.say("Welcome, Bea.")  # Enter: the box closes
        speaker.key_pressed(False)
        assert _wait_for(lambda: "end Welcome, Bea." in _lines(log)), _lines(log)
        lines = _lines(log)
        assert lines.index("end a") < lines.index("start Welcome, Bea."), lines  # the letter said whole
    finally:
        speaker.close()


def test_a_key_cuts_the_sentence_being_said_but_the_news_queued_after_it_follows_the_keys_answer(tmp_path):
    """By ear (round 13): a key pressed during one sentence emptied the queue, and the computer's next move
    ("The computer led the king of hearts…") and Aces Up's end box queued after it were never said.  The key
    cuts the sentence being said; its own words come first, then the news not yet begun; a screen change's
    interrupt still drops everything."""
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 0.6))
    try:
        speaker.say("Discarded the queen of clubs; pile 2 now shows the ace of clubs.")
        assert _wait_for(lambda: len(_lines(log)) == 1)
        speaker.say("No more moves. Final score: -6. Buttons: New game, Close.", alone=True)
        speaker.say("The computer led the king of hearts.")
        speaker.key_pressed()
        speaker.say("You can deal.")  # Shift+F8's answer
        speaker.key_pressed(False)
        assert _wait_for(lambda: len([x for x in _lines(log) if x.startswith("end")]) == 3), _lines(log)
        assert _lines(log) == [
            "start Discarded the queen of clubs; pile 2 now shows the ace of clubs.",  # cut: no end
            "start You can deal.", "end You can deal.",
            "start No more moves. Final score: -6. Buttons: New game, Close.",
            "end No more moves. Final score: -6. Buttons: New game, Close.",
            "start The computer led the king of hearts.", "end The computer led the king of hearts.",
        ], _lines(log)
        log.unlink()
        speaker.say("Alice played a single eight.")
        assert _wait_for(lambda: len(_lines(log)) == 1)
        speaker.say("Bob passed.")
        speaker.say("Main menu.", interrupt=True)  # a screen change: the old table's news is dropped
        assert _wait_for(lambda: "end Main menu." in _lines(log)), _lines(log)
        time.sleep(0.8)
        assert "start Bob passed." not in _lines(log), _lines(log)
    finally:
        speaker.close()


def test_a_boxs_words_held_behind_a_key_are_not_said_once_the_box_has_closed(tmp_path):
    log = tmp_path / "voice.log"
    speaker = speech.Speaker(True, engine=_voice(log, 0.6))
    try:
        speaker.say("The computer played.")
        assert _wait_for(lambda: len(_lines(log)) == 1)
        speaker.say("Resume it? Buttons: Resume, New game.", alone=True)
        speaker.key_pressed()
        speaker.say("Resumed.")
        speaker.withdraw("Resume it? Buttons: Resume, New game.")  # the box closed by that key
        speaker.key_pressed(False)
        assert _wait_for(lambda: "end Resumed." in _lines(log)), _lines(log)
        time.sleep(0.8)
        assert not any("Resume it?" in x for x in _lines(log)), _lines(log)
    finally:
        speaker.close()


def test_an_event_heard_in_an_earlier_trick_is_said_again_when_it_happens_again():
    """Round 15, by ear (ACME): a computer's pass that ended a trick went unsaid ("Carol takes the trick…"
    alone) when the same pass ("Bob passed.") had been heard in an earlier trick with no key pressed since."""
    speaker = speech.Speaker(True, engine=False)
    speaker.recorder = []
    for line in ("Carol played a single five.", "Dave played a single nine.",
                 "Bob passed. Dave takes the trick with a single nine.", "Dave played a single four.",
                 "Bob played a single king.", "Carol played a pair of nines.", "Dave passed."):
        speaker.say(line)
    speaker.say("Bob passed. Carol takes the trick with a pair of nines.")
    assert speaker.recorder[-1] == "Bob passed. Carol takes the trick with a pair of nines."
