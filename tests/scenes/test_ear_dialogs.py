"""A blind player's first ACME (fresh-eyes QA by ear): the "Player" name box that greets a new player is
said when it opens, its edit box is in the Tab order and said with its text, Enter in the box is OK, and the
key that opened the game from the main menu is never typed into the box."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dialogs import TextInputDialog
from game.mainmenu import MainMenu
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, type_text


def _menu(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.replace(MainMenu(app))
    app.settle()
    app.settings.speak = app.speech.enabled = True
    return app, app.speech.recorder


def _open_acme_with_3(app) -> None:
    """As SDL sends it: the key press, then the text it types, in one batch."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="3"))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_3, mod=0, unicode="3", scancode=0))
    app.settle()


def test_acme_name_box_is_said_and_the_opening_key_is_not_typed(tmp_path, monkeypatch):
    app, spoken = _menu(tmp_path, monkeypatch)
    _open_acme_with_3(app)
    box = app.stack.top
    assert isinstance(box, TextInputDialog) and box.title == "Player"
    assert box.field.text == ""  # the "3" that opened the game stayed out of the name box
    assert spoken[-1].startswith("Player. Your name")
    assert "edit box, empty." in spoken[-1] and "the edit box has focus" in spoken[-1]
    type_text(app, "Ann")
    assert box.field.text == "Ann"  # typing after a real key press goes in


def test_name_box_is_in_the_tab_ring_and_enter_there_is_ok(tmp_path, monkeypatch):
    app, spoken = _menu(tmp_path, monkeypatch)
    _open_acme_with_3(app)
    box = app.stack.top
    press(app, pygame.K_RETURN)  # nothing typed: refused, said, the box stays
    assert app.stack.top is box and "Type first" in spoken[-1]
    type_text(app, "Ann")
    press(app, pygame.K_TAB)
    assert spoken[-1] == "OK button, 1 of 2."
    press(app, pygame.K_TAB)
    assert spoken[-1] == "Cancel button, 2 of 2."
    press(app, pygame.K_TAB)
    assert spoken[-1] == "Your name: edit box, Ann."  # round to the box, said with its text
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert spoken[-1] == "Cancel button, 2 of 2."
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)  # Enter in the box is OK
    assert app.stack.top is not box and app.stack.top.profile.name == "Ann"


def test_a_guest_leaving_mid_round_keeps_it_and_help_and_readme_say_so(tmp_path, monkeypatch):
    """Ctrl+W mid-round went to the main menu with no warning while the README promised one: a guest has no
    seniority to lose, the round is kept for Resume (git log: 7baaeda, 41be6ca warn named players only) —
    what the Help and the README now say."""
    from pathlib import Path

    from game.acme import help as acme_help
    from game.acme import rules
    from tests.scenes.helpers import open_table
    from tests.scenes.test_fair_play_acme import fast_seats

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=5)
    fast_seats(scene)
    assert scene.profile is None  # a guest
    for _ in range(40):
        app.settle()
        if rules.current_player(scene.state) == 0:
            break
    scene.play(next(m for m in rules.legal_moves(scene.state) if m.cards))
    app.settle()
    assert scene.in_round()
    press(app, pygame.K_w, pygame.KMOD_CTRL)
    menu = app.stack.top
    assert isinstance(menu, MainMenu) and "acme" in menu.waiting  # no question: the round is kept
    text = " ".join(str(v) for v in vars(acme_help).values() if isinstance(v, str))
    assert "guest" in text and "Resume" in text
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "a guest, who has no seniority to lose, is not asked" in readme


def test_acme_exchange_selection_says_what_it_is_for(tmp_path, monkeypatch):
    """Selecting a gift said "Not yet a legal play: the three of clubs." — in the exchange it says it is a gift
    and how many more to choose."""
    from game.acme import players, rules
    from tests.rules.test_acme_rules import DECK
    from tests.scenes.helpers import open_table
    from tests.scenes.test_acme_scene import center_of

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(rules.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), 7)
    app.settle()
    assert rules.current_player(scene.state) == 0 and scene.state.phase == "exchange"
    from tests.scenes.helpers import click

    click(app, center_of(scene, "3C"))
    assert scene.status.message == "Giving the three of clubs to the Apprentice; choose 1 more."
    click(app, center_of(scene, "4C"))
    assert scene.status.message.startswith("Press Play to give")


def test_right_on_a_choice_item_opens_it_and_elsewhere_changes_menu(tmp_path, monkeypatch):
    """Right on Options ▸ Text size… jumped to the next menu: it opens the choice, as Right opens a submenu;
    on a plain item Right still goes to the next menu."""
    from game.engine.dialogs import ChoiceDialog
    from tests.scenes.helpers import open_table

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    bar = scene.menubar
    press(app, pygame.K_F10)
    options = next(i for i, m in enumerate(bar.menus) if m.title == "Options")
    while bar.open != options:
        press(app, pygame.K_RIGHT)
    while bar.hover_item is None or not bar.menus[options].items[bar.hover_item].label.startswith("Text size"):
        press(app, pygame.K_DOWN)
    assert "a choice, Right or Enter opens it" in spoken[-1]
    press(app, pygame.K_RIGHT)
    box = app.stack.top
    assert isinstance(box, ChoiceDialog) and box.title == "Text size"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_F10)
    press(app, pygame.K_DOWN)  # Game ▸ New: a plain item
    press(app, pygame.K_RIGHT)
    assert bar.open == 1 and app.stack.top is scene


def test_aces_up_end_said_once_in_one_utterance(tmp_path, monkeypatch):
    """The last move's sentences and the end box read after it are one utterance: it said "No more moves.
    Final score: 41." twice (the status line, then the box's title and body). Each sentence once now."""
    from game.engine.speech import join_burst
    from tests.scenes.test_rc_end import aces_up_loss

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    aces_up_loss(app)
    start = max(i for i, x in enumerate(spoken) if "table" in x.lower() or "deal" in x.lower())
    burst = spoken[start + 1:]
    assert any(x.startswith("No more moves") for x in burst), burst
    # the end box is its own utterance now (round 12), so the status line no longer says what the box says
    assert " ".join(burst).count("Final score: 41.") == 1, burst
    said = join_burst(burst)
    assert said.count("No more moves.") == 1 and said.count("Final score: 41.") == 1, said
    assert said.index("The stock is empty") < said.index("Final score: 41.") < said.index("Buttons:")


def test_romi_turn_prompt_after_a_computer_draw_said_once():
    from game.engine.speech import join_burst

    turn = "Your turn: play cards and press End turn, or Draw. Your first play needs 25 points from your hand."
    said = join_burst([turn, f"The computer drew a card. {turn}"])
    assert said == f"The computer drew a card. {turn}"
    assert join_burst(["Alice passed.", "Bruno passed."]) == "Alice passed. Bruno passed."


def test_main_menu_says_which_tile_is_marked_resume(tmp_path, monkeypatch):
    """A sighted player sees the gold Resume tab at once; the main menu's first words name it too."""
    from tests.scenes.helpers import open_table

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    from game.acesup import rules as aces

    scene.play(next(m for m in aces.legal_moves(scene.state)))
    app.settle()
    press(app, pygame.K_w, pygame.KMOD_CTRL)
    menu = app.stack.top
    assert isinstance(menu, MainMenu) and "acesup" in menu.waiting
    assert "Resume waits on Aces Up, key 1." in spoken[-1], spoken[-1]


@pytest.mark.parametrize("game", ["acme", "court", "romi", "acesup"])
def test_f6_reads_only_your_hand(tmp_path, monkeypatch, game):
    """F8 reads the whole table; F6 only the player's hand (asked for most), on the three games with one."""
    from tests.scenes.helpers import open_table

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, game, seed=5)
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    press(app, pygame.K_F6)
    if game == "acesup":
        assert spoken[-1] == "No hand of yours in Aces Up: F8 reads the table."
        return
    said = spoken[-1]
    assert said.startswith("Your hand, ") and said.endswith("."), said
    assert "computer" not in said.lower() and "stock" not in said.lower()  # the hand only
    assert said == scene.describe_hand()
    hand = scene.state.hands[0]
    assert f"Your hand, {len(hand)} cards" in said


def test_f6_in_acme_says_which_cards_are_selected(tmp_path, monkeypatch):
    """By ear (round 10): F6 read ACME's hand by rank but not which cards were selected (only the ring said
    ', selected' card by card): it says them after the hand."""
    from game.cards import cards_phrase
    from tests.keyboard.keys import enter, focus_to
    from tests.scenes.helpers import open_table

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=5)
    app.settings.speak = app.speech.enabled = True
    app.settle(max_seconds=30)
    spoken = app.speech.recorder
    press(app, pygame.K_F6)
    assert "Selected" not in spoken[-1]
    from game.acme import rules as acme

    card = next(s.key.split()[1] for s in scene.focus.spots() if s.key.startswith("hand ")
                and s.key.split()[1] in acme.selectable_cards(scene.state, {s.key.split()[1]}))
    focus_to(app, scene, f"hand {card}")
    enter(app)
    assert card in scene.selected
    press(app, pygame.K_F6)
    assert spoken[-1].endswith(f" Selected: {cards_phrase([card])}."), spoken[-1]


def test_a_choice_item_says_its_current_value(tmp_path, monkeypatch):
    """By ear (round 10): 'Text size, a choice, Right or Enter opens it' said nothing of the size chosen,
    while a check item says checked: a choice item says its value after its name."""
    from game.engine.view import TEXT_LABELS
    from tests.scenes.helpers import open_table

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    bar = scene.menubar
    press(app, pygame.K_F10)
    options = next(i for i, m in enumerate(bar.menus) if m.title == "Options")
    while bar.open != options:
        press(app, pygame.K_RIGHT)
    said = {}
    for _ in range(len(bar.menus[options].items)):
        press(app, pygame.K_DOWN)
        said[bar.menus[options].items[bar.hover_item].label] = spoken[-1]
    size = TEXT_LABELS[app.settings.text_size]
    assert said["Text size…"].startswith(f"Text size: {size}, a choice, Right or Enter opens it"), said
    assert said["Animation speed…"].startswith("Animation speed: "), said
    assert said["Volume…"].startswith("Volume: "), said
    assert said["Speech rate…"].startswith("Speech rate: "), said


@pytest.mark.parametrize("game", ["thieves", "acesup", "acme", "court"])
def test_shift_f8_says_only_what_you_can_play(tmp_path, monkeypatch, game):
    """By ear (round 10): the only way to learn what could be played was F8's whole table (61 s in Forty
    Thieves). Shift+F8 says only the plays the rules allow now, on every table."""
    from tests.scenes.helpers import open_table

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, game, seed=5)
    app.settings.speak = app.speech.enabled = True
    app.settle(max_seconds=30)
    spoken = app.speech.recorder
    press(app, pygame.K_F8, pygame.KMOD_SHIFT)
    said = spoken[-1]
    assert said == scene.describe_plays() and said != scene.describe_table(), said
    if game == "thieves":
        from game.thieves import rules as th

        s = scene.state
        for k, st in enumerate(s.stacks):
            if st:
                assert (f"stack {k + 1}, {th.the_card(st[-1])}" in said) == th.can_take(s, k), said
    elif game == "acesup":
        assert said.startswith("You can ") and "deal" in said, said
    elif game == "acme":
        from game.acme import rules as ac

        if ac.current_player(scene.state) == 0:
            assert said.startswith("You can "), said
    app.close()


def test_the_name_box_is_said_first_not_after_the_tables_long_sentence(tmp_path, monkeypatch):
    """Round 12, by ear (a major): the new player's name box was said only after the table's 8-second
    sentence, and letters typed meanwhile went into the box unannounced.  A box that takes the keys as the
    table opens is said at once: the table is named in two words, the box follows, nothing long before it."""
    app, spoken = _menu(tmp_path, monkeypatch)
    before = len(spoken)
    _open_acme_with_3(app)
    said = spoken[before:]  # (what the table said as it was built is cut by its arrival: a recorder keeps it)
    assert said[-2] == "ACME table." and said[-1].startswith("Player. Your name"), said
    assert not any("F8 reads the table" in s for s in said), said  # the table's words wait for the box
    type_text(app, "Bea")
    press(app, pygame.K_RETURN)
    assert any(s.startswith("Welcome, Bea") for s in spoken[before:]), spoken[before:]
