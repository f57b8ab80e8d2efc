"""Issue 24: an ACME round ends with a summary — finishing order, the roles it brings, the exchange that
follows — and Next round deals; the Round log says who took each trick."""

from __future__ import annotations

import pygame
import pytest

from game.acme import players, rules
from game.engine.roundbox import RoundBox
from tests.scenes.helpers import click, key, make_app, top_dialog
from tests.scenes.test_acme_scene import table


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def play_out(app, scene):
    """Let the computer play our seat too, to the end of the round."""
    scene.ai[0] = players.make_player("baseline")
    scene.is_computer = lambda s: rules.current_player(s) is not None
    scene.computer.is_computer = scene.is_computer
    for _ in range(40):
        app.settle()
        if rules.is_over(scene.state):
            break
    app.settle()
    scene.is_computer = lambda s: rules.current_player(s) not in (None, 0)
    scene.computer.is_computer = scene.is_computer


def test_round_summary_then_next_round(app):
    scene = table(app)
    scene.profile = scene.book.select("Tess", seed=1)
    play_out(app, scene)
    order = scene.state.finished
    box = app.stack.top
    assert isinstance(box, RoundBox)
    place = order.index(0)
    assert box.title == f"Round over: you finished {('1st', '2nd', '3rd', '4th', '5th')[place]}"
    text = [r.text for r in box.rows]
    names = ("You", "Alice", "Bruno", "Carmen", "Dmitri")
    assert text[0].startswith(f"1st: {names[order[0]]} \u2014 ") and "President" in text[0]
    assert text[4].startswith(f"5th: {names[order[4]]} \u2014 ") and "Apprentice" in text[4]
    exchange = next(t for t in text if t.startswith("Then the exchange"))
    assert f"{names[order[0]]} (President) give" in exchange and "two highest cards" in exchange
    assert [b.label for b in box.buttons] == ["Next round", "Review this game", "Close"]
    click(app, box.buttons[0].rect.center)
    assert not rules.is_over(scene.state) and scene.state.roles == order
    assert app.stack.top is scene


def test_round_log_and_last_trick_open_over_the_summary(app):
    """Round 10 (shot-29): Ctrl+G and Ctrl+L did nothing while the round summary was open. They open over
    it, and closing them finds the summary again."""
    scene = table(app)
    scene.profile = scene.book.select("Tess", seed=1)
    play_out(app, scene)
    box = app.stack.top
    assert isinstance(box, RoundBox)
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    log = top_dialog(app)
    assert log is not box and "Trick 1" in log.text
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is box
    key(app, pygame.K_l, pygame.KMOD_CTRL)
    last = top_dialog(app)
    assert last is not box and "trick" in last.title.lower()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is box and rules.is_over(scene.state)


def test_f2_on_the_summary_deals(app):
    scene = table(app)
    scene.profile = scene.book.select("Tess", seed=1)
    play_out(app, scene)
    order = scene.state.finished
    assert isinstance(app.stack.top, RoundBox)
    key(app, pygame.K_F2)  # Deal's own key is Next round on the summary
    assert app.stack.top is scene and not rules.is_over(scene.state) and scene.state.roles == order


def test_escape_closes_the_summary_and_f2_still_deals(app):
    scene = table(app)
    play_out(app, scene)
    assert isinstance(app.stack.top, RoundBox)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and rules.is_over(scene.state)
    key(app, pygame.K_F2)
    assert not rules.is_over(scene.state)


def test_round_log_names_who_took_each_trick(app):
    scene = table(app)
    play_out(app, scene)
    key(app, pygame.K_ESCAPE)
    scene.show_round_log()
    app.settle()
    text = top_dialog(app).lines
    assert sum("took the trick." in line for line in text) >= 3


def test_a_round_left_unfinished_counts_at_the_demoted_role(app):
    """Issue 24: Change Player mid-round counts the round, as Apprentice (not as nothing)."""
    from saves import acme_profiles as AP
    from tests.scenes.test_acme_scene import _to_play
    scene = table(app)
    scene.profile = scene.book.select("Uma", seed=2)
    AP.save_profiles(scene.book)
    _to_play(app, scene)
    scene.change_player()
    app.settle()
    top_dialog(app).close("Change player")
    app.settle()
    uma = AP.load_profiles().find("Uma")
    assert uma.stats == [0, 0, 0, 0, 1] and uma.left == 1 and uma.roles[-1] == 0


def test_the_players_name_is_in_the_window_title():
    """Issue 24 (the help: the name 'can also be found in the main window's title bar')."""
    from tests.scenes.helpers import open_table, type_text
    a = make_app(animation="off")
    try:
        scene = open_table(a, "acme", seed=4, resume=True)
        type_text(a, "Zoe")
        key(a, pygame.K_RETURN)
        assert scene.profile.name == "Zoe"
        assert pygame.display.get_caption()[0] == "Parlour \u2014 ACME \u2014 Zoe \u2014 press F12 for speech"
    finally:
        a.close()


def test_review_this_game_on_the_summary_replays_the_round_just_played(app):
    from game.review.scene import ReviewScene

    scene = table(app)
    play_out(app, scene)
    box = app.stack.top
    moves = scene.history.cursor
    click(app, next(b for b in box.buttons if b.label == "Review this game").rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert scene.history.cursor == moves and rules.is_over(scene.state)  # the round on the table is only read
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is box  # back to the summary and its choices (round 12: Court's box was gone)
    key(app, pygame.K_F2)  # and the round goes on as before: Deal deals
    assert not rules.is_over(scene.state)


def test_a_menu_opened_in_the_last_tricks_pause_is_not_covered_by_the_summary():
    """Issue 32 (round 8): a click on the Game menu while the last trick was shown opened the menu, and the
    summary box came up over it a moment later: the click was lost. The box waits until the menu closes."""
    a = make_app(animation="off", computer="normal")  # the computers' pace: the last trick is held a moment
    try:
        scene = table(a)
        scene.ai[0] = players.make_player("baseline")
        scene.is_computer = lambda s: rules.current_player(s) is not None
        scene.computer.is_computer = scene.is_computer
        for _ in range(20000):
            a.pump(1 / 30)
            if rules.is_over(scene.state):
                break
        assert rules.is_over(scene.state) and scene.trick.holding and a.stack.top is scene
        click(a, scene.menubar.title_rects[0].center, settle=False)
        for _ in range(200):  # far past the pause
            a.pump(1 / 30)
        assert not scene.trick.holding
        assert a.stack.top is scene and scene.menubar.open == 0  # the menu is still the player's
        key(a, pygame.K_ESCAPE)
        assert isinstance(a.stack.top, RoundBox)  # closed: now the summary
    finally:
        a.close()


def test_review_after_the_next_deal_offers_the_round_just_finished(app):
    """Round 14 (a fresh player, shot-248): after F2 Game ▸ Review replayed the new round's exchange ("2 moves
    to replay") and the round just finished could no longer be reviewed; Court offered its last game.  The
    computers' gifts are not the player's round yet: Review offers the last one, as Court does."""
    from game.engine.dialogs import MessageDialog
    from game.review.scene import ReviewScene

    scene = table(app)
    scene.profile = scene.book.select("Tess", seed=1)
    play_out(app, scene)
    finished = list(scene.history.moves)
    click(app, app.stack.top.buttons[0].rect.center)  # Next round
    app.settle()
    assert not rules.is_over(scene.state)
    assert all(rules.current_player(s) != 0 for s in scene.history.states[:scene.history.cursor])
    scene.open_review()
    app.settle()
    ask = app.stack.top
    assert isinstance(ask, MessageDialog) and "Review the last game" in ask.message, ask
    ask.close("Review the last game")
    app.settle()
    review = app.stack.top
    assert isinstance(review, ReviewScene) and list(review.source.moves) == finished


def test_by_ear_the_summary_box_follows_the_last_play_with_no_long_line_between(app):
    """Round 15, by ear: the round's end was said twice, first as a 15-second status line ("Round over: you
    finished … Press Deal …"), the summary box with the keys only after it.  The last play is said, then the
    box; the line stays on screen."""
    app.settings.speak = app.speech.enabled = True
    app.speech.recorder = []
    scene = table(app)
    scene.profile = scene.book.select("Tess", seed=1)
    play_out(app, scene)
    assert isinstance(app.stack.top, RoundBox)
    said = app.speech.recorder
    box = max(i for i, s in enumerate(said) if s.startswith("Round over: you finished"))
    assert "played" in said[box - 1], said[box - 2:]
    assert sum(s.startswith("Round over") for s in said) == 1, said
    assert scene.status.message.startswith("Round over: you finished")


@pytest.mark.parametrize("seed", [2, 7])
def test_by_ear_every_computer_pass_of_a_round_is_said(app, seed):
    """Round 15, by ear: a computer's pass that ended a trick was said as "Carol takes the trick…" alone when
    the same pass had been heard in an earlier trick (a third of the passes of a round played out unheard)."""
    app.settings.speak = app.speech.enabled = True
    app.speech.recorder = []
    scene = table(app)
    scene.start_game(rules.new_game(seed), seed)
    app.settle()
    play_out(app, scene)
    assert rules.is_over(scene.state)
    said = " ".join(app.speech.recorder)
    names = scene.spoken_names()
    passes = sum(1 for seat, cards in scene.state.log if not cards and seat != 0)
    assert passes > 5 and sum(said.count(f"{names[s]} passed.") for s in range(1, 5)) == passes


def test_a_guests_next_deal_is_seated_as_the_summary_says(app):
    """Round 15 (a major): a guest finished 1st, the summary said "You will be President", and Next round drew
    every seat at random again.  The finished round's places seat the next deal, as for a named player."""
    scene = table(app)
    assert scene.profile is None  # a guest
    play_out(app, scene)
    box = app.stack.top
    assert isinstance(box, RoundBox)
    order = scene.state.finished
    role = ("President", "Vice President", "White Collar Worker", "Blue Collar Worker", "Apprentice")[order.index(0)]
    assert f"You will be {role}." in [r.text for r in box.rows]
    click(app, box.buttons[0].rect.center)  # Next round
    assert not rules.is_over(scene.state) and scene.state.roles == tuple(order)
    assert rules.role_of(scene.state, 0) == order.index(0)
