"""A fresh player's findings on ACME and Affairs of the Court (issue 32 QA): what the questions promise, where
their focus starts, what the table says.  Real posted events throughout."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.acme.help import HELP, LEAVE_RULE
from game.engine.dialogs import MessageDialog
from saves import acme_profiles as AP
from saves import court_history
from tests.scenes.helpers import click, key, make_app, open_table, top_dialog
from tests.scenes.menu_clicks import choose
from tests.scenes.test_fair_play_acme import apprentice_next, round_under_way

CTRL = pygame.KMOD_CTRL
README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture
def app(parlour_home):
    a = make_app(animation="off")
    yield a
    a.close()


def test_acme_leaving_warnings_help_and_readme_say_what_a_save_does(app):
    """Saving then exiting still demotes, and the save counts nothing more: no warning may promise a save
    keeps the round "without penalty"; the warnings, the Help and README say the same sentence."""
    round_under_way(app, "Ida")
    for combo in ((pygame.K_q, CTRL), (pygame.K_w, CTRL), (pygame.K_o, CTRL), (pygame.K_p, CTRL)):
        key(app, *combo)
        dlg = top_dialog(app)
        assert isinstance(dlg, MessageDialog), combo
        assert "without penalty" not in dlg.message and LEAVE_RULE in dlg.message, dlg.message
        key(app, pygame.K_ESCAPE)
    assert "without penalty" not in HELP and LEAVE_RULE in HELP
    assert LEAVE_RULE in " ".join(README.read_text(encoding="utf-8").split())


@pytest.mark.parametrize("combo", [(pygame.K_q, CTRL), (pygame.K_p, CTRL)])
def test_acme_enter_on_a_leaving_question_keeps_the_round(app, combo):
    """Exit (Ctrl+Q, the window's close box) and Change Player throw the round away: Enter out of habit
    must keep playing, as the Load and Main menu questions do."""
    scene = round_under_way(app, "Jo")
    app.running = True  # as in App.run
    key(app, *combo)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and dlg.buttons[dlg.focused].label == "Keep playing"
    key(app, pygame.K_RETURN)
    assert app.running and scene.in_round() and app.stack.top is scene
    assert not apprentice_next("Jo") and AP.load_profiles().find("Jo").left == 0


def court_under_way(app):
    scene = open_table(app, "court", seed=4)
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    assert scene.history.moves and scene.level == "intermediate"
    return scene


def court_losses() -> int:
    return court_history.load_history().summary("Guest", "intermediate")["losses"]


@pytest.mark.parametrize("how", [("Court", "Expert"), ("Court", "Must Follow Suit"), ("Game", "New"),
                                 ("Game", "Restart")])
def test_court_questions_that_count_a_loss_say_so_and_start_on_keep_playing(app, how):
    """Court ▸ Expert mid-game recorded a loss unannounced, and Enter said yes: every question that leaves
    the game says it counts as a loss, and Enter keeps playing."""
    scene = court_under_way(app)
    moves = list(scene.history.moves)
    choose(app, scene, *how)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "The game in progress counts as a loss." in dlg.message, dlg.message
    assert dlg.buttons[dlg.focused].label == "Keep playing"
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and list(scene.history.moves) == moves and scene.level == "intermediate"
    assert court_losses() == 0


def test_court_tournament_over_a_game_says_the_loss_and_cancel_has_focus(app):
    scene = court_under_way(app)
    choose(app, scene, "Court", "Tournament…")
    key(app, pygame.K_RETURN)  # the level
    dlg = top_dialog(app)
    assert "The game in progress counts as a loss." in dlg.message and dlg.buttons[dlg.focused].label == "Cancel"


def test_court_cancel_tournament_starts_on_keep_playing(app):
    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Ann", "Bob"])
    choose(app, scene, "Court", "Cancel tournament")
    key(app, pygame.K_RETURN)
    assert scene.tournament_active and app.stack.top is scene


def test_court_hint_has_its_own_look_beside_the_cards_you_may_play_and_enter_plays_it(app):
    """The Hint's card and Must Follow Suit's playable cards both had the same dashed blue frame: the hint is
    gold with the keyboard ring, the status line says which is which, and the keyboard ring is on it (Enter plays)."""
    from dataclasses import replace

    from game.court import rules as court_rules
    from game.engine import theme
    from tests.scenes.test_court_hint_why import hint
    from tests.scenes.test_court_scene import drawn

    scene = open_table(app, "court", seed=4)
    h0 = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "2D", "3D", "4D", "5D", "6D", "7D"]
    h1 = ["9C", "TC", "JC", "QC", "KC", "AC", "8D", "9D", "TD", "JD", "QD", "KD", "AD"]
    s = drawn(h0, h1, (60, 60))
    s = replace(s, table=("9C",), hands=(s.hands[0], tuple(c for c in s.hands[1] if c != "9C")), leader=1)
    scene.start_game(s, 7)
    app.settle()
    assert court_rules.current_player(scene.state) == 0
    text = hint(app, scene)
    card = scene.hint_card
    assert card is not None and card.endswith("C")
    frames = {c: sp.highlight for c, sp in scene.table.sprites.items() if sp.highlight is not None}
    assert frames[card] == theme.GOLD and frames[card] != theme.HINT
    assert {c for c, f in frames.items() if f == theme.HINT} == {c for c in h0 if c.endswith("C")} - {card}
    assert "Gold frame and ring: the hint" in text and "blue dashes: the cards you may play" in text
    assert scene.focus.key == f"hand {card}"
    key(app, pygame.K_RETURN)
    app.settle()
    assert card not in scene.state.hands[0]


def test_acme_hint_selects_its_cards_in_gold_and_play_plays_them(app):
    from game.acme import rules as acme_rules
    from game.engine import theme

    scene = open_table(app, "acme", seed=3)
    scene.start_game(acme_rules.new_game(8, roles=[0, 1, 2, 3, 4]), 8)  # you give two cards first
    app.settle()
    key(app, pygame.K_h, CTRL)
    for _ in range(200):
        if not scene.hints.thinking:
            break
        app.pump()
    app.settle()
    hinted = set(scene.highlighted)
    assert len(hinted) == 2 and scene.selected == hinted
    assert all(scene.table.sprites[c].highlight == theme.GOLD for c in hinted)
    click(app, scene.play_button.rect.center)
    app.settle()
    assert not hinted & set(scene.state.hands[0])


def test_acme_a_new_player_is_told_why_he_starts_at_his_role(app):
    """'Tess' started Apprentice and 'Ada' Vice President with no word why: the first round's seats of a new
    player are drawn at random (rules/acme.md), and the status line says so; a returning player hears that
    the seat comes from the last round."""
    from game.acme import rules as acme_rules
    from tests.scenes.test_fair_play_acme import new_player

    scene = open_table(app, "acme", seed=5)
    new_player(app, scene, "Tess")
    app.settle()
    role = acme_rules.ROLE_NAMES[acme_rules.role_of(scene.state, 0)]
    said = scene.status.message
    assert f"you are {role}" in said and "new player's first round seats everyone at random" in said, said
    new_player(app, scene, "Ada")
    new_player(app, scene, "Tess")
    app.settle()
    assert "your seat comes from your last round" in scene.status.message, scene.status.message


def test_every_table_names_its_game_and_player_in_the_title(app):
    """Court's window title was just "Parlour" while ACME's said "Parlour — ACME — Ada"."""
    app.settings.speak_auto = False  # speech known: no "press F12 for speech" at the end (test_speech_reach)
    from tests.scenes.test_fair_play_acme import new_player

    scene = open_table(app, "court", seed=4)
    assert pygame.display.get_caption()[0] == f"Parlour \u2014 Affairs of the Court \u2014 {scene.player}"
    scene.set_player(court_history.load_history().add_player("Ann"))
    assert pygame.display.get_caption()[0] == "Parlour \u2014 Affairs of the Court \u2014 Ann"
    open_table(app, "acesup", seed=4)
    assert pygame.display.get_caption()[0] == "Parlour \u2014 Aces Up"
    acme = open_table(app, "acme", seed=5)
    new_player(app, acme, "Ada")
    assert pygame.display.get_caption()[0] == "Parlour \u2014 ACME \u2014 Ada"


@pytest.mark.parametrize("game", ["acme", "court", "acesup", "thieves"])
def test_the_save_box_proposes_a_name_selected_so_typing_replaces_it(app, game):
    """The Save box opened empty with Save greyed: it proposes a name (as Romi does), all selected."""
    from game.engine.savedgames import SavedGamesDialog
    from tests.scenes.helpers import type_text

    scene = open_table(app, game, seed=4)
    key(app, pygame.K_s, CTRL)
    dlg = top_dialog(app)
    assert isinstance(dlg, SavedGamesDialog)
    # the whole name fits the name box (40): Court's long title cut "move 168" to "move 16" (fresh eyes, round 2)
    assert dlg.field.text.endswith(f" deal 4 move {len(scene.history.moves)}") and dlg.field.all_selected
    assert len(dlg.field.text) + 8 <= dlg.field.max_len  # room for a 6-digit deal and a 4-digit move count
    assert dlg.buttons[0].enabled()
    type_text(app, "mine")
    assert dlg.field.text == "mine"


def test_a_lone_tournament_player_gets_no_place(app):
    """'1st … -3' stood right above 'The computer won': one player has no place, only his spread."""
    from dataclasses import replace

    from game.engine.dialogs import TableDialog

    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Tess"])
    scene.tournament_game_over(replace(scene.state, phase="over", winner=1, end_reason="limit", totals=(6, 9)))
    app.settle()
    dlg = top_dialog(app)
    assert isinstance(dlg, TableDialog)
    (_name, head, rows), = dlg.tabs
    assert head == ["Player", "Score"] and rows == [["Tess", "-3"]]
    assert not any("1st" in cell for row in rows for cell in row)
    assert "The computer won: Tess lost by 3." in dlg.footer


def test_a_tournament_titles_the_window_with_the_player_playing(app):
    """Round 12 (cosmetic): the tournament's window title said "Guest" while the panel and boxes named the
    tournament's player; it names each player in turn, and the player from before once it ends."""
    app.settings.speak_auto = False  # speech known: no "press F12 for speech" at the end
    scene = open_table(app, "court", seed=4)
    before = scene.player
    scene.begin_tournament("novice", ["Ann", "Bob"])
    app.settle()
    assert pygame.display.get_caption()[0] == "Parlour \u2014 Affairs of the Court \u2014 Ann"
    scene.cancel_tournament()
    app.settle()
    top_dialog(app).close("Cancel it")
    app.settle()
    assert pygame.display.get_caption()[0] == f"Parlour \u2014 Affairs of the Court \u2014 {before}"
