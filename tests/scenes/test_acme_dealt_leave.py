"""Issue 32 (round 12, a fresh player's major): a dealt ACME round is under way from the deal.  Bob, seated
President, pressed F2 and then Ctrl+W (or closed the window) before any exchange move: the main menu opened
with no question, and he was President again on a new deal with 0 rounds.  Every way of leaving (Ctrl+W,
the window's close box, Exit, Change Player, Load) asks and demotes right after F2 and during the exchange;
before F2 nothing is dealt and nothing is asked.  Real posted key and quit events."""

from __future__ import annotations

import pygame
import pytest

from game.acme import rules
from game.engine.dialogs import FileDialog, MessageDialog, TextInputDialog
from saves import acme_profiles as AP
from saves import games as saved_games
from tests.scenes.helpers import key, make_app, top_dialog
from tests.scenes.test_fair_play_acme import apprentice_next, fast_seats, new_player, registry_scene

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off", computer="normal")
    a.running = True  # as in App.run: the close box asks instead of ending a test's loop
    yield a
    a.close()


def dealt(app, when: str):
    """Bob's table as the program opens it, Bob made President, F2; ``when`` = "dealt" (nothing moved yet)
    or "exchange" (an exchange move made, the exchange still going)."""
    scene = registry_scene(app)
    fast_seats(scene)
    new_player(app, scene, "Bob")
    scene.profile.roles = [0, 1, 2, 3, 4]  # President, whatever the draw gave him
    AP.save_profiles(scene.book)
    scene.player_chosen()
    app.settle()
    assert scene.awaiting and not apprentice_next("Bob")
    key(app, pygame.K_F2, settle=False)
    app.pump()
    assert not scene.awaiting and len(scene.state.hands[0]) >= 10 and rules.role_of(scene.state, 0) == 0
    if when == "dealt":
        scene.computer.cancel()  # hold the computers: the moment right after the deal
        assert not scene.history.moves
    else:
        move = rules.legal_moves(scene.state)[0] if rules.current_player(scene.state) == 0 else None
        if move is not None:
            scene.play(move)
        for _ in range(40):
            if scene.history.moves:
                break
            app.pump(0.2)
        scene.computer.cancel()
        assert scene.history.moves and scene.state.phase == "exchange"
    return scene


@pytest.mark.parametrize("when", ["dealt", "exchange"])
def test_ctrl_w_asks_and_leaving_demotes(app, when):
    scene = dealt(app, when)
    key(app, pygame.K_w, CTRL)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message
    key(app, pygame.K_ESCAPE)  # Keep playing: nothing happens
    assert app.stack.top is scene and not apprentice_next("Bob")
    key(app, pygame.K_w, CTRL)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN)  # Leave
    assert app.stack.top is not scene and apprentice_next("Bob")
    assert saved_games.read_resume("acme", "ACME") is None  # nothing kept to dodge the penalty


@pytest.mark.parametrize("when", ["dealt", "exchange"])
def test_the_close_box_asks_and_exit_demotes(app, when):
    dealt(app, when)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message and app.running
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN, settle=False)  # Exit
    for _ in range(5):
        app.pump()
    assert apprentice_next("Bob") and not app.running


@pytest.mark.parametrize("when", ["dealt", "exchange"])
def test_the_exit_item_asks_and_exit_demotes(app, when):
    dealt(app, when)
    key(app, pygame.K_q, CTRL, settle=False)
    app.pump()
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and dlg.title == "Exit" and "Apprentice" in dlg.message
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT, settle=False)
    key(app, pygame.K_RETURN, settle=False)
    for _ in range(5):
        app.pump()
    assert apprentice_next("Bob") and not app.running


@pytest.mark.parametrize("when", ["dealt", "exchange"])
def test_change_player_asks_and_demotes(app, when):
    dealt(app, when)
    key(app, pygame.K_p, CTRL)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN)  # Change player
    assert isinstance(top_dialog(app), TextInputDialog) and apprentice_next("Bob")


@pytest.mark.parametrize("when", ["dealt", "exchange"])
def test_load_asks_and_demotes_once_loaded(app, when):
    scene = dealt(app, when)
    saved_games.save_game("acme", "ACME", "other", scene.save_data())
    key(app, pygame.K_o, CTRL)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN)  # Choose a round
    assert isinstance(top_dialog(app), FileDialog)
    top_dialog(app).field.set("other")
    key(app, pygame.K_RETURN)
    assert apprentice_next("Bob")


def test_deal_is_refused_once_dealt(app):
    scene = dealt(app, "dealt")
    hand = list(scene.state.hands[0])
    key(app, pygame.K_F2)
    assert list(scene.state.hands[0]) == hand and "re-deal" in scene.status.message


def test_before_the_deal_leaving_asks_nothing(app):
    scene = registry_scene(app)
    fast_seats(scene)
    new_player(app, scene, "Bob")
    assert scene.awaiting
    before = AP.load_profiles().find("Bob")
    roles, left = list(before.roles), before.left
    key(app, pygame.K_w, CTRL)
    assert app.stack.top is not scene and not isinstance(top_dialog(app), MessageDialog)
    after = AP.load_profiles().find("Bob")
    assert after.roles == roles and after.left == left  # nothing was dealt: nothing to pay


def test_new_game_to_resume_it_leaves_the_kept_round_and_says_so(app, tmp_path):
    """Round 13 (a fresh player): "Resume it?" over a kept ACME round (the program ended abruptly) said
    nothing of what New game costs, and it cost nothing: the round was dodged.  Declining is leaving it."""
    scene = dealt(app, "exchange")
    assert scene.keep_for_next_time() is None  # as the table keeps it, move by move (the writer flushed)
    other = make_app(animation="off")
    try:
        again = registry_scene_resume(other)
        dlg = other.stack.top
        assert isinstance(dlg, MessageDialog) and "Resume it?" in dlg.message
        assert "New game leaves that round: Bob becomes Apprentice next round." in dlg.message, dlg.message
        dlg.close("New game")
        other.settle()
        assert apprentice_next("Bob") and again.awaiting and "Apprentice" in again.status.message
    finally:
        other.close()


def test_resume_it_still_resumes_the_kept_round_at_no_cost(app):
    scene = dealt(app, "exchange")
    assert scene.keep_for_next_time() is None
    other = make_app(animation="off")
    try:
        again = registry_scene_resume(other)
        other.stack.top.close("Resume")
        other.settle()
        assert not apprentice_next("Bob") and not again.awaiting and again.history.moves
    finally:
        other.close()


def registry_scene_resume(app):
    """The ACME table as the program opens it, with a kept round to offer."""
    from game import registry

    scene = registry.make_scene(app, "acme", resume=True)
    app.replace(scene)
    app.settle()
    return scene
