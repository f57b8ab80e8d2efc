"""Release candidate (issue 23): a finished solitaire is finished, and its end box offers the way on."""

from __future__ import annotations

import pygame
import pytest

from game.acesup import rules as aces
from game.cards import full_pack
from game.engine.dialogs import TableDialog, TextInputDialog
from game.engine.table import EndBox
from game.thieves import rules as thieves
from tests.rules.test_thieves_helpers import position
from tests.scenes.helpers import center_of, click, key, make_app, open_table, type_text

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="fast")
    yield a
    a.close()


def button(dlg, label: str):
    return next(b for b in dlg.buttons if b.label == label)


def aces_up_loss(app):
    """One discard from the end: the last move loses (the stock is empty, no other discard)."""
    scene = open_table(app, "acesup")
    removed = tuple(c for c in full_pack() if c not in ("AS", "KH", "QC", "3D", "2D"))
    state = aces.State(piles=(("AS",), ("KH",), ("QC", "2D"), ("3D",)), stock=(), removed=removed, score=40)
    scene.start_game(state, 9)
    app.settle()
    click(app, center_of(scene, "2D"))
    assert aces.is_over(scene.state) and aces.outcome(scene.state) != "won"
    return scene


def aces_up_win(app):
    scene = open_table(app, "acesup")
    removed = tuple(c for c in full_pack() if c not in ("AS", "AH", "AC", "AD", "2D"))
    state = aces.State(piles=(("AS",), ("AH",), ("AC", "AD"), ("2D",)), stock=(), removed=removed, score=30)
    scene.start_game(state, 9)
    app.settle()
    click(app, center_of(scene, "2D"))
    assert aces.outcome(scene.state) == "won"
    return scene


def test_aces_up_loss_end_box_says_no_more_moves_with_the_score_and_the_choices(app):
    scene = aces_up_loss(app)
    dlg = app.stack.top
    assert isinstance(dlg, EndBox) and dlg.title == "No more moves"
    assert dlg.score_line == "Final score: 41."
    assert [b.label for b in dlg.buttons] == ["New game", "Restart", "Undo last move", "Review this game", "Close"]
    key(app, pygame.K_ESCAPE)  # close it: look at the table
    at = scene.history.cursor
    key(app, pygame.K_z, CTRL)  # Undo does not reopen a finished game
    key(app, pygame.K_y, CTRL)
    assert scene.history.cursor == at and aces.is_over(scene.state)
    assert not button_enabled(scene, "Undo")


def button_enabled(scene, label: str) -> bool:
    return next(b for b in scene.buttons if b.label == label).is_enabled


def test_undo_last_move_reopens_the_lost_game_as_not_scored(app):
    scene = aces_up_loss(app)
    dlg = app.stack.top
    click(app, button(dlg, "Undo last move").rect.center)
    assert not aces.is_over(scene.state) and scene.state.scored is False
    assert scene.stats.get("aces_up").played == 1  # counted once, as it ended
    assert "practice" in scene.status.message


def test_aces_up_win_end_box_has_no_undo_and_the_win_stays(app):
    scene = aces_up_win(app)
    dlg = app.stack.top
    assert isinstance(dlg, EndBox) and dlg.title == "You won!" and dlg.score_line == "Final score: 81."
    assert [b.label for b in dlg.buttons] == ["New game", "Restart", "Review this game", "Close"]
    key(app, pygame.K_ESCAPE)  # the celebration
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_z, CTRL)
    assert aces.outcome(scene.state) == "won"
    click(app, button(app.stack.top, "Restart").rect.center) if isinstance(app.stack.top, EndBox) else None


def test_restart_from_the_end_box_deals_the_same_deal_again(app):
    import random

    from game.acesup import players

    scene = open_table(app, "acesup", seed=5)
    first = scene.history.first
    rng = random.Random(2)
    while not aces.is_over(scene.state):  # the auto-player to the end of the deal (set-up, not the test)
        scene.play(players.choose_move(scene.state, rng))
    app.settle()
    assert isinstance(app.stack.top, EndBox)
    click(app, button(app.stack.top, "Restart").rect.center)
    assert app.stack.top is scene and len(scene.history.states) == 1
    assert scene.state.piles == first.piles


def test_redo_into_the_end_says_the_end_not_move_undone(app):
    scene = aces_up_loss(app)
    click(app, button(app.stack.top, "Undo last move").rect.center)
    assert "undone" in scene.status.message.lower()
    key(app, pygame.K_y, CTRL)
    assert aces.is_over(scene.state)
    assert "undone" not in scene.status.message.lower() and "No more moves" in scene.status.message
    assert isinstance(app.stack.top, EndBox)
    assert scene.stats.get("aces_up").played == 1  # not counted twice


def thieves_end(app):
    scene = open_table(app, "thieves")
    scene.start_game(position([["6C"], ["AS"], [], [], [], [], []], "5H", [], jokers=1, score=200), 7)
    app.settle()
    click(app, center_of(scene, "6C"))
    assert thieves.is_over(scene.state)
    return scene


def test_forty_thieves_end_box_comes_after_the_high_score_and_the_game_stays_finished(app):
    scene = thieves_end(app)
    assert isinstance(app.stack.top, TextInputDialog)  # the name first
    type_text(app, "Graham")
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TableDialog)
    key(app, pygame.K_ESCAPE)
    dlg = app.stack.top
    assert isinstance(dlg, EndBox) and dlg.title == "No more moves" and "202" in dlg.score_line
    assert "New game" in [b.label for b in dlg.buttons]
    key(app, pygame.K_ESCAPE)
    at = scene.history.cursor
    key(app, pygame.K_z, CTRL)
    assert scene.history.cursor == at and thieves.is_over(scene.state)


def test_forty_thieves_end_box_undo_last_move_reopens_as_practice(app):
    scene = thieves_end(app)
    key(app, pygame.K_ESCAPE)  # no name: the end box is there beneath
    dlg = app.stack.top
    assert isinstance(dlg, EndBox) and "Undo last move" in [b.label for b in dlg.buttons]
    click(app, button(dlg, "Undo last move").rect.center)
    assert not thieves.is_over(scene.state) and scene.state.practice
    assert "practice" in scene.status.message


def test_game_hint_is_greyed_on_a_finished_game_and_its_key_says_why(app):
    """QA m3: Game ▸ Hint stayed enabled after the game was over (the Hint button greyed); choosing it did
    nothing and said nothing. It is greyed too, and Ctrl+H says why."""
    from tests.scenes.menu_clicks import choose

    scene = aces_up_loss(app)
    key(app, pygame.K_ESCAPE)  # close the end box: look at the table
    assert app.stack.top is scene
    hint = next(it for it in scene.menubar.menus[0].items if it.label == "Hint")
    assert callable(hint.enabled) and not hint.enabled()
    key(app, pygame.K_h, CTRL)
    assert "The game is over: no hint" in scene.status.message
    scene.status.say("")
    choose(app, scene, "Game", "Hint")
    assert "The game is over: no hint" in scene.status.message


def test_forty_thieves_end_box_new_game_deals_again(app):
    scene = thieves_end(app)
    key(app, pygame.K_ESCAPE)
    click(app, button(app.stack.top, "New game").rect.center)
    assert not thieves.is_over(scene.state) and not scene.history.moves


def test_review_this_game_on_the_end_box_opens_the_review_of_the_finished_game(app):
    from game.review.scene import ReviewScene

    scene = aces_up_loss(app)
    moves = scene.history.cursor
    click(app, button(app.stack.top, "Review this game").rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert scene.history.cursor == moves and aces.is_over(scene.state)  # the table's game is only read


def test_closing_the_review_opened_from_the_end_box_comes_back_to_the_end_box(app):
    """QA m1: closing the review left the bare table (Undo last move and Restart no longer offered, the Undo
    button greyed). It comes back to the end box, its choices all there."""
    scene = aces_up_loss(app)
    box = app.stack.top
    assert isinstance(box, EndBox)
    click(app, button(box, "Review this game").rect.center)
    assert app.stack.top is not box
    key(app, pygame.K_ESCAPE)  # close the review
    assert app.stack.top is box and app.stack.scenes[-2] is scene
    click(app, button(box, "Undo last move").rect.center)
    assert app.stack.top is scene and not aces.is_over(scene.state)


def test_a_won_forty_thieves_game_is_titled_a_win(app):
    """Four clears, the celebration played and a win counted: the end box says so (not 'No more moves')."""
    from saves.thieves_records import ThievesRecords

    scene = open_table(app, "thieves")
    scene.start_game(position([["9C"], [], [], [], [], [], []], "3C", ["5H"], jokers=0, start_jokers=2,
                                    clears=4), 7)
    app.settle()
    click(app, scene.stock_rect.center)  # the last card turned: nothing more can be taken
    assert thieves.is_over(scene.state)
    for _ in range(3):  # the high-score name and table come first
        if isinstance(app.stack.top, EndBox):
            break
        key(app, pygame.K_ESCAPE)
    dlg = app.stack.top
    assert dlg.title == "You won!" and "4 times" in dlg.message, dlg.message
    assert ThievesRecords().stats[2].wins == 1
