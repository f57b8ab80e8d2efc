"""Round 8 polish: the questions that leave a game start on the safe answer, on every table."""

from __future__ import annotations

import pygame
import pytest

from game.engine import speech
from game.engine.dialogs import MessageDialog
from game.engine.savedgames import SavedGamesDialog
from saves import games as saved_games
from tests.scenes.helpers import key, make_app, open_table, top_dialog, type_text
from tests.scenes.test_rc_saved_games import save_as

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def under_way(app, game: str):
    """A table with a move of the player's on it (a game that a question would leave)."""
    scene = open_table(app, game, seed=4)
    scene.play(next(iter(scene.rules.legal_moves(scene.state))))
    app.settle()
    assert scene.in_progress()
    return scene


def enter_keeps_playing(app, scene, title: str) -> None:
    """The question is up with the focus on Keep playing, and Enter keeps the game as it was."""
    moves, seed = list(scene.history.moves), scene.seed
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and dlg.title == title, dlg
    # what leaving costs, or (a save of the game in progress, round 12) that the game goes on and counts once
    assert any(w in dlg.message for w in ("counts as a loss", "will be lost", "counts once, when it ends")), \
        dlg.message
    assert dlg.buttons[dlg.focused].label == "Keep playing", dlg.labels
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.seed == seed and list(scene.history.moves) == moves


@pytest.mark.parametrize("game", ["acesup", "thieves", "court", "romi"])
@pytest.mark.parametrize("combo, title", [(pygame.K_n, "New game"), (pygame.K_r, "Restart")])
def test_a_question_that_leaves_a_game_starts_on_keep_playing(app, game, combo, title):
    """Aces Up's and Forty Thieves' New and Restart ('… counts as a loss') started on the leaving button, so
    Enter out of habit lost the game; Court's and ACME's started on Keep playing. Every table now does."""
    scene = under_way(app, game)
    key(app, combo, CTRL)
    enter_keeps_playing(app, scene, title)


@pytest.mark.parametrize("game", ["acesup", "thieves", "romi"])
def test_loading_over_a_game_starts_on_keep_playing(app, game):
    scene = under_way(app, game)
    save_as(app, scene, "kept")
    assert app.stack.top is scene
    key(app, pygame.K_o, CTRL)
    assert isinstance(app.stack.top, SavedGamesDialog)
    key(app, pygame.K_RETURN)  # the saved game chosen: Load asks first
    enter_keeps_playing(app, scene, "Load")


def test_romis_demonstration_over_a_game_says_it_counts_and_starts_on_keep_playing(app):
    """Romi's Demonstration left the game (counted as a loss) unannounced, with the focus on yes."""
    scene = under_way(app, "romi")
    key(app, pygame.K_e, CTRL)
    enter_keeps_playing(app, scene, "Demonstration")
    assert not scene.demo


# ------------------------------------------------------------------ a status line that grows, said once

def _sentences(lines: list[str]) -> list[str]:
    return [x for line in lines for x in speech._SENTENCE_END.split(line) if x]


def test_a_line_grown_from_one_still_being_said_adds_only_its_new_part():
    """Romi's log: "The computer drew a card.", then "Your turn: …" on its own, then the status line grown to
    both: the whole line was queued again, so the first words were heard twice. A grown line says only what
    is new; a line heard before other news is no base (said whole); a key's cut makes the whole line news."""
    speaker = speech.Speaker(True, engine=False)
    speaker.recorder = []
    first, turn = "The computer drew a card.", "Your turn: play cards and press End turn, or Draw."
    speaker.say(first)
    speaker.say(turn)
    speaker.say(f"{first} {turn}")
    assert speaker.recorder == [first, turn]
    speaker.say(f"{first} {turn} Your first play needs 25 points.")
    assert speaker.recorder[-1] == "Your first play needs 25 points."
    # later, with other news between: the same first words are news again, said whole
    speaker.say("The computer played 3 cards.")
    speaker.say(first)
    speaker.say(f"{first} {turn}")
    assert speaker.recorder[-2:] == [first, turn]
    speaker.say("Alice passed.")
    speaker.say("Bruno passed.")
    speaker.say(f"{first} Bruno passed.")  # "first" was heard before other news: no base, said whole
    assert speaker.recorder[-1] == f"{first} Bruno passed."
    speaker.key_pressed()
    speaker.say(f"{first} {turn} Again.")  # a key cut the voice: the whole line
    assert speaker.recorder[-1] == f"{first} {turn} Again."


def test_romis_computer_turn_is_heard_once(app):
    """Played by keys with the recording voice: after the player's draw, the computer's turn and the turn
    prompt are each said once (the prompt said alone, then inside the grown status line, came twice)."""
    from tests.keyboard.keys import enter, focus_to
    from tests.scenes.test_speech import speak_on_by_keys

    scene = open_table(app, "romi", seed=4)
    app.settle(max_seconds=30)
    spoken = speak_on_by_keys(app, scene)
    for _turn in range(3):
        focus_to(app, scene, "button Draw")
        start = len(spoken)
        enter(app)
        app.settle(max_seconds=30)
        said = _sentences(spoken[start:])
        assert any(x.startswith("Your turn") for x in said), said
        assert len(said) == len(set(said)), said


# ------------------------------------------------------------------ every character typed is kept

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl: one family
HEART = "\u2764\ufe0f"  # a red heart in emoji style
FLAG = "\U0001f1f5\U0001f1f1"  # the Polish flag: two regional indicators


def test_a_family_emoji_typed_into_a_save_name_stays_one_family(app):
    """The name field dropped the zero-width joiner (not "printable"), so a family typed into a save name
    became three separate people, in the field, the saved name and the list."""
    scene = open_table(app, "acesup", seed=3)
    key(app, pygame.K_s, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, SavedGamesDialog)
    dlg.field.set("")
    name = f"Us {FAMILY} {HEART}"
    for part in ("Us ", FAMILY, " ", "\u2764", "\ufe0f"):  # as SDL may send them: a sequence whole, or apart
        type_text(app, part)
    assert dlg.field.text == name
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene, scene.status.message
    assert [s.name for s in saved_games.list_saves("acesup")] == [name]
    assert name in scene.status.message
    key(app, pygame.K_o, CTRL)
    listed = app.stack.top
    assert isinstance(listed, SavedGamesDialog) and [s.name for s in listed.saves] == [name]


def test_the_caret_and_backspace_never_split_a_letter(app):
    """Backspace took one code point: after a family it left "man ZWJ woman ZWJ" (a lone joiner), after a
    heart a bare variation selector; the arrows stood inside a sequence."""
    open_table(app, "acesup", seed=3)
    key(app, pygame.K_s, CTRL)
    field = app.stack.top.field
    field.set("")
    type_text(app, f"a{FAMILY}b{FLAG}e\u0301")  # e + combining acute: one letter
    text = field.text
    key(app, pygame.K_BACKSPACE)
    assert field.text == f"a{FAMILY}b{FLAG}"
    key(app, pygame.K_BACKSPACE)
    assert field.text == f"a{FAMILY}b"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert field.caret == 1  # before the family, not inside it
    key(app, pygame.K_DELETE)
    assert field.text == "ab"
    field.set(text)
    key(app, pygame.K_HOME)
    for stop in (1, 1 + len(FAMILY), 2 + len(FAMILY), 2 + len(FAMILY) + len(FLAG), len(text)):
        key(app, pygame.K_RIGHT)
        assert field.caret == stop
    key(app, pygame.K_END)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    assert field.text == f"a{FAMILY}"
    key(app, pygame.K_BACKSPACE)
    assert field.text == "a" and "\u200d" not in field.text


def test_a_name_cut_to_its_room_keeps_whole_letters():
    from game.engine.dialogs import TextField

    field = TextField(max_len=6)
    field.set(f"ab{FAMILY}")  # 7 code points: the family does not fit whole, so none of it stays
    assert field.text == "ab"
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text=FAMILY))
    assert field.text == "ab"


# ------------------------------------------------------------------ ACME's exchange, whole on the status line

@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("role", [0, 1, 3, 4])
def test_acmes_exchange_is_whole_on_the_status_line_and_said_in_words(tmp_path, monkeypatch, size, role):
    """The exchange sentence ("You, the President, gave Dmitri, the Apprentice, the threes of clubs and
    diamonds, and received …") was cut with "…" on the status line at 800x600 and 1280x800: the line now
    shows the cards short and whole ("you gave Dmitri 3♣ 3♦ and received 2♠ joker"), the voice says them
    in words, as before."""
    from game.acme import players, rules
    from game.acme import spoken as acme_spoken
    from game.engine import layoutcheck, theme
    from tests.keyboard.keys import enter, focus_to
    from tests.keyboard.test_acme_keyboard import choose_cards
    from tests.rules.test_acme_rules import DECK
    from tests.scenes.test_acme_exchange_words import SEATING

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    try:
        scene = open_table(app, "acme", seed=5)
        scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
        app.settings.speak = app.speech.enabled = True
        scene.start_game(rules.new_game(deck=DECK, roles=SEATING[role]), 7)
        app.settle()
        heard = len(app.speech.recorder)
        shown = []
        say = scene.status.say

        def seen(message, *args, **kw):  # the line as shown at the exchange, before the computers play on
            say(message, *args, **kw)
            if message.startswith(("Cards exchanged", "The cards are exchanged")):
                shown.append(message)
                foot = pygame.display.get_surface().get_height() - theme.STATUS_H  # the status bar
                shown.extend(b.label for b in layoutcheck.record(lambda: app.draw())
                             if b.kind == "text" and b.rect.top >= foot)
        scene.status.say = seen
        while scene.state.phase == "exchange":
            move = rules.legal_moves(scene.state)[0]
            choose_cards(app, scene, tuple(move.cards))
            focus_to(app, scene, "button Play")
            enter(app)
        assert shown, "the exchange never reached the status line"
        message, drawn = shown[0], shown[1:]
        on_line = [t for t in drawn if t and t.rstrip("\u2026") in message]
        assert not any("\u2026" in t for t in on_line), on_line
        assert " ".join(on_line).split() == message.split(), (on_line, message)  # every word drawn, none cut
        seen_obs = rules.observe(scene.state, 0)
        assert acme_spoken.short_cards(seen_obs.gave) in message and acme_spoken.short_cards(seen_obs.received) \
            in message, message
        said = next(x for x in app.speech.recorder[heard:] if x.startswith("The cards are exchanged."))
        assert rules.describe_cards(seen_obs.gave) in said  # the voice names the cards in words
    finally:
        app.close()


def test_a_line_re_said_with_a_notice_before_it_says_only_what_is_new():
    """By ear (round 10, Romi): "The computer drew a card." was said, then "Romi found no play for you and drew
    a card. The computer drew a card. Your turn: …", its first two sentences heard already; and "The computer
    played 1 card: …" came again after a notice.  Each event is said once: only the new sentences."""
    speaker = speech.Speaker(True, engine=False)
    speaker.recorder = []
    notice = "Romi found no play for you and drew a card."
    turn = "Your turn: play cards and press End turn, or Draw."
    speaker.say(f"You drew the seven of diamonds. {notice} The computer is thinking…")
    speaker.say("The computer drew a card.")
    speaker.say(f"{notice} The computer drew a card. {turn}")
    assert speaker.recorder[-1] == turn
    played = "The computer played 1 card: the nine of clubs on a run of clubs."
    speaker.say(played)
    speaker.say(f"{notice} {played} {turn} Your first play needs 25 points.")
    assert speaker.recorder[-1] == "Your first play needs 25 points."
    assert all(played not in line for line in speaker.recorder[:-1] if line != played)
    speaker.say("Alice passed.")
    speaker.say(played)  # all heard: asked again, said whole
    assert speaker.recorder[-1] == played
