"""ACME table driven by real posted mouse and key events on the dummy driver."""

from __future__ import annotations

import pygame
import pytest

from game.acme import players, rules
from game.engine.dialogs import TextInputDialog
from saves import acme_profiles as AP
from tests.rules.test_acme_rules import DECK
from tests.scenes.helpers import click, key, make_app, open_table, top_dialog, type_text


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def center_of(scene, code):
    """A point on the visible strip of a card in the fanned hand (its left part)."""
    r = scene.table.sprites[code].rect(scene.table.card_size)
    return (r.x + r.w * 0.2, r.centery)


def table(app, roles=(0, 1, 2, 3, 4)):
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(rules.new_game(deck=DECK, roles=list(roles)), 7)
    app.settle()
    return scene


def test_president_selects_and_gives_two_cards(app):
    scene = table(app)
    assert rules.current_player(scene.state) == 0 and not scene.play_button.is_enabled
    click(app, center_of(scene, "3C"))
    assert scene.table.sprites["3C"].selected and not scene.play_button.is_enabled
    click(app, center_of(scene, "4C"))
    assert scene.play_button.is_enabled
    click(app, center_of(scene, "4C"))  # a second click puts it back
    assert not scene.table.sprites["4C"].selected and scene.selected == {"3C"}
    click(app, center_of(scene, "3D"))
    click(app, scene.play_button.rect.center)
    # The computers give their cards, the exchange is delivered, and the President leads.
    assert scene.state.phase == "play" and rules.current_player(scene.state) == 0
    assert "3C" not in scene.state.hands[0] and "3C" in scene.state.hands[4]
    assert len(scene.state.hands[0]) == 12


def test_apprentice_can_select_only_the_two_highest(app):
    """Issue 32: the Apprentice's forced gift (his two highest cards) is selected for him; he may take a
    card back and select it again, never another."""
    scene = table(app, roles=(1, 2, 3, 4, 0))  # seat 0 is the Apprentice
    assert rules.current_player(scene.state) == 0 and scene.state.phase == "exchange"
    hand = scene.state.hands[0]
    low, high = hand[0], hand[-2:]
    assert scene.selected == set(high) and all(scene.table.sprites[c].selected for c in high)
    assert scene.play_button.is_enabled and "selected" in scene.status.message
    click(app, center_of(scene, high[0]))  # taken back
    assert scene.selected == {high[1]}
    click(app, center_of(scene, low))
    assert scene.selected == {high[1]} and "highest" in scene.status.message
    click(app, center_of(scene, high[0]))
    assert scene.selected == set(high) and scene.play_button.is_enabled
    click(app, scene.play_button.rect.center)
    assert scene.state.phase == "play"
    assert not set(high) & set(scene.state.hands[0])


def test_blue_collar_workers_forced_gift_is_selected_for_him(app):
    scene = table(app, roles=(1, 2, 3, 0, 4))  # seat 0 is the Blue Collar Worker
    for _ in range(20):
        if rules.current_player(scene.state) == 0:
            break
        app.settle()
    assert rules.current_player(scene.state) == 0 and scene.state.phase == "exchange"
    assert scene.selected == {scene.state.hands[0][-1]} and scene.play_button.is_enabled
    click(app, scene.play_button.rect.center)
    assert scene.state.phase == "play" or rules.current_player(scene.state) != 0


def _to_play(app, scene):
    for c in ("3C", "3D"):
        click(app, center_of(scene, c))
    click(app, scene.play_button.rect.center)
    assert scene.state.phase == "play"


def test_play_a_pair_and_selection_starts_anew(app):
    scene = table(app)
    _to_play(app, scene)
    click(app, center_of(scene, "3H"))
    assert scene.play_button.is_enabled
    click(app, center_of(scene, "4C"))  # not with the three: the selection starts anew
    assert scene.selected == {"4C"}
    click(app, center_of(scene, "4D"))
    click(app, scene.play_button.rect.center)
    assert rules.played_cards(scene.state)[:2] == ("4C", "4D")
    assert scene.history.moves[4] == rules.Move("play", ("4C", "4D"))


def test_vice_president_gives_then_passes_with_nothing_selected(app):
    scene = table(app, roles=(4, 0, 1, 2, 3))  # seat 4 President, seat 0 Vice President
    assert rules.current_player(scene.state) == 0 and len(scene.state.gifts) == 1
    click(app, center_of(scene, "5D"))
    click(app, scene.play_button.rect.center)
    state = scene.state
    assert state.phase == "play" and "KS" in state.hands[0]
    # The President (baseline) led his lowest card; we follow first and pass.
    assert rules.top_play(state) == (4, ("3H",)) and rules.current_player(state) == 0
    assert scene.pass_button.is_enabled
    scene.computer.paused = True
    click(app, scene.pass_button.rect.center)
    assert scene.history.moves[-1] == rules.Move("pass") and rules.current_player(scene.state) == 1
    click(app, center_of(scene, "6D"))
    assert scene.selected == set() and "turn" in scene.status.message


def test_a_card_that_cannot_beat_is_refused(app):
    from tests.rules.test_acme_rules import ROLES, play, position

    scene = table(app)
    scene.computer.paused = True
    s = position(ROLES, {0: "3C 4D", 1: "2C 5D", 2: "7C 7D", 3: "AS", 4: "9C 9D"}, leader=1)
    scene.start_game(play(s, "play 2C", "pass", "pass", "pass"), 7)
    app.settle()
    assert rules.current_player(scene.state) == 0
    click(app, center_of(scene, "3C"))
    assert scene.selected == set() and "cannot beat" in scene.status.message
    assert scene.status.message.startswith("The three of clubs cannot beat a single two (you need 1 card ")
    assert scene.pass_button.is_enabled and not scene.play_button.is_enabled  # Pass passes, not Play
    click(app, scene.pass_button.rect.center)
    assert scene.history.moves[-1] == rules.Move("pass")


def test_play_with_nothing_selected_says_how_and_pass_is_its_own_button_and_key(app):
    """Issue 32 (round 8): Play with nothing selected passed, and a pass cannot be taken back (ACME has no
    Undo): a stray click lost the trick. Play with nothing selected now says how to play or pass; Pass (its
    button, P, Game > Pass) passes."""
    from tests.rules.test_acme_rules import ROLES, play, position

    scene = table(app)
    scene.computer.paused = True
    s = position(ROLES, {0: "3C 4D", 1: "2C 5D", 2: "7C 7D", 3: "AS", 4: "9C 9D"}, leader=1)
    scene.start_game(play(s, "play 2C", "pass", "pass", "pass"), 7)
    app.settle()
    before = len(scene.history.moves)
    assert rules.current_player(scene.state) == 0 and not scene.selected
    click(app, scene.play_button.rect.center)  # the mouse on Play
    assert len(scene.history.moves) == before and rules.current_player(scene.state) == 0
    assert "press Pass (P)" in scene.status.message and "Select the cards to play" in scene.status.message
    scene.focus.visible = True
    scene.focus.focus_on(next(sp for sp in scene.focus.spots() if sp.key == "button Play"))
    key(app, pygame.K_RETURN)  # Enter on Play
    assert len(scene.history.moves) == before and "press Pass (P)" in scene.status.message
    scene.focus.hide()
    key(app, pygame.K_p)  # P passes
    assert len(scene.history.moves) == before + 1 and scene.history.moves[-1] == rules.Move("pass")


def test_the_leader_cannot_pass_and_is_told_so(app):
    scene = table(app)
    _to_play(app, scene)  # the President (you) leads
    scene.computer.paused = True
    assert rules.top_play(scene.state) is None and rules.current_player(scene.state) == 0
    assert scene.pass_button.visible and not scene.pass_button.is_enabled
    moves = len(scene.history.moves)
    click(app, scene.pass_button.rect.center)
    assert len(scene.history.moves) == moves and "cannot pass" in scene.status.message
    click(app, scene.play_button.rect.center)
    assert len(scene.history.moves) == moves and "you lead, so you cannot pass" in scene.status.message


def test_deal_refused_mid_round_and_round_recorded(app):
    scene = table(app)
    scene.profile = scene.book.select("Tess", seed=1)
    _to_play(app, scene)
    key(app, pygame.K_F2)
    assert scene.state.phase == "play" and "re-deal" in scene.status.message
    # Let the computer play our seat too, to the end of the round.
    scene.ai[0] = players.make_player("baseline")
    scene.is_computer = lambda s: rules.current_player(s) is not None
    scene.computer.is_computer = scene.is_computer
    for _ in range(30):
        app.settle()
        if rules.is_over(scene.state):
            break
    assert rules.is_over(scene.state)
    assert scene.profile.total == 1 and scene.profile.roles == list(rules.score(scene.state))
    assert AP.load_profiles().find("Tess").total == 1
    order = rules.score(scene.state)
    scene.is_computer = lambda s: rules.current_player(s) not in (None, 0)
    scene.computer.is_computer = scene.is_computer
    app.settle()
    key(app, pygame.K_RETURN)  # Next round, on the round's summary (Deal)
    assert scene.state.roles == order and not rules.is_over(scene.state)


def test_change_player_mid_round_demotes_after_confirm(app):
    scene = table(app)
    scene.profile = scene.book.select("Uma", seed=2)
    AP.save_profiles(scene.book)
    _to_play(app, scene)
    scene.change_player()
    app.settle()
    dlg = top_dialog(app)
    assert "Apprentice" in dlg.message
    dlg.close("Change player")
    app.settle()
    assert scene.book.find("Uma").roles[-1] == 0  # Uma is Apprentice next round
    name = top_dialog(app)
    assert isinstance(name, TextInputDialog)
    type_text(app, "Vic")
    key(app, pygame.K_RETURN)
    assert scene.profile.name == "Vic" and scene.state.roles == tuple(scene.profile.roles)
    assert AP.load_profiles().last == "Vic"


def test_statistics_dialog_and_clear_statistics(app):
    scene = table(app)
    scene.profile = scene.book.select("Wen", seed=3)
    AP.record_round(scene.profile, [0, 1, 2, 3, 4], [1, 0, 2, 3, 4])
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    dlg = top_dialog(app)
    assert dlg.title.startswith("Statistics") and dlg.profile.total == 1
    dlg.close("Close")
    app.settle()
    scene.clear_statistics()
    app.settle()
    top_dialog(app).close("Clear")
    app.settle()
    assert scene.profile.total == 0 and AP.load_profiles().find("Wen").total == 0


def test_new_player_is_asked_for_a_name_on_first_start():
    a = make_app(animation="off")
    try:
        scene = open_table(a, "acme", seed=4, resume=True)
        dlg = top_dialog(a)
        assert isinstance(dlg, TextInputDialog)
        type_text(a, "Xan")
        key(a, pygame.K_RETURN)
        assert scene.profile.name == "Xan" and AP.load_profiles().last == "Xan"
        assert scene.state.roles == tuple(scene.profile.roles)
    finally:
        a.close()


def test_change_player_and_exit_ask_one_leaving_question(app):
    """Issue 32 (round 8): Change Player and Exit built the same leaving question twice; both go through
    ask_to_leave now, with the same shape: the demotion, '<answer> anyway?', and Keep playing."""
    scene = table(app)
    scene.profile = scene.book.select("Uma", seed=2)
    _to_play(app, scene)
    asked = []
    real = scene.ask_to_leave
    scene.ask_to_leave = lambda *a: (asked.append(a[:3]), real(*a))
    for act, title, yes in ((scene.change_player, "Change Player", "Change player"), (scene.exit_game, "Exit", "Exit")):
        act()
        app.settle()
        dlg = top_dialog(app)
        assert dlg.title == title and "becomes Apprentice next round" in dlg.message
        assert dlg.message.endswith(f"{yes} anyway?")
        dlg.close("Keep playing")
        app.settle()
    assert asked == [("Change Player", "leaves", "Change player"), ("Exit", "exits", "Exit")]
    assert scene.in_round() and scene.book.find("Uma").left == 0  # Keep playing: nobody left


def test_game_pass_is_greyed_when_passing_is_not_allowed_and_p_says_why(app):
    """Round 8, in a real window: Game > Pass looked available while the player led (and after the round);
    it is greyed as the Pass button is, and P pressed then says why on the status line."""
    scene = table(app)
    _to_play(app, scene)  # the President (you) leads
    scene.computer.paused = True
    game = scene.menubar.menus[0]
    pas = next(it for it in game.items if it.label == "Pass")
    assert not pas.enabled() and not scene.pass_button.is_enabled
    moves = len(scene.history.moves)
    key(app, pygame.K_p)
    assert len(scene.history.moves) == moves and "you cannot pass" in scene.status.message
