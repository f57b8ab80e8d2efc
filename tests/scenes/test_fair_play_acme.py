"""ACME seniority kept honest (issue 18): closing or loading mid-round is Exit, a round counts once,
a round is dealt by Deal.  Real posted events throughout."""

from __future__ import annotations

import pygame
import pytest

from game.acme import players, rules
from game.engine.dialogs import FileDialog, MessageDialog, TextInputDialog
from saves import acme_profiles as AP
from saves import games as saved_games
from tests.scenes.helpers import key, make_app, open_table, top_dialog, type_text

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def new_player(app, scene, name: str) -> None:
    """Game > Change Player… (Ctrl+P), type the name, Enter."""
    key(app, pygame.K_p, CTRL)
    if isinstance(top_dialog(app), MessageDialog):  # mid-round: the warning first
        key(app, pygame.K_RETURN)
    assert isinstance(top_dialog(app), TextInputDialog)
    type_text(app, name)
    key(app, pygame.K_RETURN)


def fast_seats(scene) -> None:
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}


def round_under_way(app, name: str = "Ann"):
    scene = open_table(app, "acme", seed=5)
    fast_seats(scene)
    new_player(app, scene, name)
    scene.profile.roles = [0, 1, 2, 3, 4]  # President at his table, whatever the draw gave him
    AP.save_profiles(scene.book)
    key(app, pygame.K_F2)  # Deal
    for _ in range(40):  # the computers move until it is our turn
        app.settle()
        if rules.current_player(scene.state) == 0:
            break
    if not scene.history.moves:  # we act first: give or lead with the Play button's help
        hand = scene.state.hands[0]
        move = next(m for m in rules.legal_moves(scene.state) if m.cards) if hand else None
        scene.play(move)
        app.settle()
    assert scene.in_round()
    return scene


def play_our_seat_too(app, scene) -> None:
    scene.ai[0] = players.make_player("baseline")
    scene.is_computer = lambda s: rules.current_player(s) is not None
    scene.computer.is_computer = scene.is_computer
    for _ in range(60):
        app.settle()
        if rules.is_over(scene.state):
            break
    assert rules.is_over(scene.state)
    app.settle()
    if app.stack.top is not scene:  # the round's summary (issue 24): Close, to go on at the table
        key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def apprentice_next(name: str) -> bool:
    return AP.load_profiles().find(name).roles[-1] == 0


def test_choosing_a_player_deals_nothing_until_deal(app):
    scene = open_table(app, "acme", seed=5)
    fast_seats(scene)
    new_player(app, scene, "Bea")
    app.settle()
    roles = list(scene.profile.roles)
    assert scene.table.sprites == {} and not scene.history.moves  # no card shows, nobody has moved
    assert scene.play_button.label == "Deal"
    new_player(app, scene, "Cy")  # switching straight away: no warning, nothing was played
    new_player(app, scene, "Bea")
    assert scene.profile.name == "Bea" and scene.table.sprites == {}
    assert AP.load_profiles().find("Bea").roles == roles  # not demoted: no round was under way
    key(app, pygame.K_F2)
    assert len(scene.state.hands[0]) >= 10 and any(sp.face_up for sp in scene.table.sprites.values())


def test_closing_the_window_mid_round_is_exit_warning_and_demotion(app):
    scene = round_under_way(app, "Dee")
    assert not apprentice_next("Dee")
    app.running = True  # as in App.run
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close box
    app.pump()
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message and app.running
    key(app, pygame.K_ESCAPE)  # Keep playing
    assert scene.in_round() and not apprentice_next("Dee")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    key(app, pygame.K_RETURN, settle=False)  # Exit
    for _ in range(5):
        app.pump()
    assert apprentice_next("Dee") and not app.running
    assert saved_games.read_resume("acme", "ACME") is None  # nothing kept to dodge the penalty


def test_loading_mid_round_warns_and_demotes(app):
    first = round_under_way(app, "Eve")
    saved_games.save_game("acme", "ACME", "early", first.save_data())
    for _ in range(3):  # play on a little
        if rules.current_player(first.state) == 0:
            move = next((m for m in rules.legal_moves(first.state) if m.kind != "pass"),
                        rules.legal_moves(first.state)[0])
            first.play(move)
        app.settle()
    assert first.in_round()
    key(app, pygame.K_o, CTRL)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the focus starts on Keep playing (issue 34): back to the yes
    key(app, pygame.K_RETURN)
    assert isinstance(top_dialog(app), FileDialog)
    top_dialog(app).field.set("early")
    key(app, pygame.K_RETURN)
    assert apprentice_next("Eve")


def test_a_round_finished_then_loaded_and_finished_again_counts_once(app):
    scene = round_under_way(app, "Flo")
    saved_games.save_game("acme", "ACME", "mid", scene.save_data())
    play_our_seat_too(app, scene)
    assert AP.load_profiles().find("Flo").total == 1
    key(app, pygame.K_o, CTRL)  # the round is over: no warning
    top_dialog(app).field.set("mid")
    key(app, pygame.K_RETURN)  # the round comes back and is played to its end again (every seat plays)
    play_our_seat_too(app, scene)
    assert len(scene.history.moves) > 0 and AP.load_profiles().find("Flo").total == 1
    assert "counted before" in scene.status.message


def test_main_menu_mid_round_is_exit_too(app):
    scene = round_under_way(app, "Gus")
    key(app, pygame.K_w, CTRL)  # Main menu
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the focus starts on Keep playing (issue 34)
    key(app, pygame.K_RETURN)  # Leave
    assert apprentice_next("Gus") and saved_games.read_resume("acme", "ACME") is None
    assert app.stack.top is not scene


def test_closing_twice_mid_round_answers_exit_and_ends_the_program(app):
    """A second close (or a logout's SIGTERM after the first) while the Exit question is open must end the
    program; it is Exit all the same: Apprentice next round and no round kept to resume."""
    round_under_way(app, "Gus")
    app.running = True  # as in App.run
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert isinstance(top_dialog(app), MessageDialog) and app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert not app.running
    assert apprentice_next("Gus") and not saved_games.resume_path("acme").exists()
