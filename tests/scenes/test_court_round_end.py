"""Issue 24: Affairs of the Court's rounds end with a pause.  The table stays as the round ended, the
computer waits, and a box shows the last turn, the bonus cards with their points, the cards left in each
hand and the round's change of score, with Next round; the game's end shows the same and the result."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.cards import full_pack
from game.court import rules
from game.engine.dialogs import MessageDialog
from game.engine.roundbox import RoundBox
from tests.scenes.helpers import center_of, click, key, make_app, open_table
from tests.scenes.test_court_scene import H0, H1, bonus_for_human, drawn


@pytest.fixture
def app():
    a = make_app(animation="fast")
    yield a
    a.close()


def box_text(box: RoundBox) -> str:
    return " ".join(r.text for r in box.rows)


def test_bonus_round_end_waits_for_next_round(app):
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((40, 60), ["5H", "4D", "KC"]), 7)
    app.settle()
    click(app, center_of(scene, "5H"))
    click(app, scene.done_btn.rect.center)
    box = app.stack.top
    assert isinstance(box, RoundBox) and box.title == "Round 1 over"
    text = box_text(box)
    assert "Your bonus: the five of hearts: you +5" in text
    assert "Left in your hand: the king of clubs, the four of diamonds." in text
    assert "Left in the computer's hand: nothing." in text
    assert "you 40 to 45 (+5), the computer 60 to 60 (0)" in text
    assert [b.label for b in box.buttons] == ["Next round"]
    # the table shows the round as it ended (your two cards still in hand), and nobody moves
    assert "4D" in scene.table.sprites and "KC" in scene.table.sprites
    for _ in range(200):
        app.pump()
    assert scene.state.round_no == 2 and len(scene.state.pack) == 52 and app.stack.top is box
    click(app, box.buttons[0].rect.center)
    assert scene.round_end is None and "4D" not in scene.table.sprites
    assert app.stack.top is scene


def test_the_figure_beside_a_total_is_the_rounds_change_when_its_box_opens(app):
    """Round 10 (shot-169): a red '-8' beside the computer's 51 (the last turn's -15 and the bonus' +7 added
    up) while the box said 82 to 51 (-31). With the box up, the figure is the round's change, as it says."""
    from game.engine import theme

    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((40, 60), ["5H", "4D", "KC"]), 7)
    app.settle()
    scene.floaters[:] = [[0, "-9", theme.DANGER, 99.0], [1, "+4", theme.GOOD, 99.0]]  # the turn before's
    click(app, center_of(scene, "5H"))
    click(app, scene.done_btn.rect.center, settle=False)
    for _ in range(5):  # the frame the box opens in (the figure then rises for 1.8 s)
        app.pump()
        if isinstance(app.stack.top, RoundBox):
            break
    box = app.stack.top
    assert isinstance(box, RoundBox) and "you 40 to 45 (+5), the computer 60 to 60 (0)" in box_text(box)
    assert [f[:2] for f in scene.floaters] == [[0, "+5"]]


def test_the_computers_last_turn_and_leftover_cards_are_shown(app):
    """The computer plays the round's last card: its turn and its leftover court cards are in the box."""
    scene = open_table(app, "court", seed=4)
    s = drawn(H0, H1, (50, 50))
    rest = [c for c in full_pack() if c not in ("9C", "3D", "KD")]
    s = replace(s, hands=(("9C",), ("3D", "KD")), out=tuple(rest), seen=((), ()), captured=((), ()), leader=0,
                table=(), follow_suit=False)
    scene.start_game(s, 7)
    app.settle()
    click(app, center_of(scene, "9C"))  # you lead your last card; the computer answers
    app.settle()
    box = app.stack.top
    assert isinstance(box, RoundBox), type(box)
    text = box_text(box)
    assert "Last turn: You led the nine of clubs, the computer answered" in text
    left = scene.round_end.left[1]
    assert len(left) == 1 and f"Left in the computer's hand: the {'king' if left == ('KD',) else 'three'}" in text
    assert scene.round_end.last_turn.leader_card == "9C"


def test_game_end_shows_the_round_and_the_result(app, parlour_home):
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C"]), 7)
    app.settle()
    click(app, center_of(scene, "7C"))
    assert rules.is_over(scene.state)
    box = app.stack.top
    assert isinstance(box, RoundBox) and box.title == "You won!"
    text = box_text(box)
    assert text.startswith("You 50, the computer -1") and "Your bonus: the seven of clubs: the computer -7" in text
    assert [b.label for b in box.buttons] == ["New game", "Review this game", "Close"]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and rules.is_over(scene.state)


def test_a_box_button_is_one_pair(app):
    """Another button (Review, issue 29) is one more (label, callback) pair from end_box_buttons."""
    scene = open_table(app, "court", seed=4)
    seen = []
    scene.end_box_buttons = lambda: [("Next round", scene.next_round), ("Review this game", lambda: seen.append(1))]
    scene.start_game(bonus_for_human((40, 60), ["5H"]), 7)
    app.settle()
    click(app, center_of(scene, "5H"))
    box = app.stack.top
    click(app, box.buttons[1].rect.center)
    assert seen == [1]


def test_next_round_puts_the_keyboard_ring_on_the_deck():
    """Round 8, played in a real window by keys: after Next round the ring, left on the last card of the
    hand, fell on the nearest place, the greyed Discard, while the line said 'Enter on the deck'."""
    a = make_app(animation="fast")
    try:
        scene = open_table(a, "court", seed=4)
        scene.start_game(bonus_for_human((40, 60), ["5H", "4D", "KC"]), 7)
        a.settle()
        click(a, center_of(scene, "5H"))
        scene.focus.visible = True
        scene.focus.focus_on(next(s for s in scene.focus.spots() if s.key == "hand KC"))
        click(a, scene.done_btn.rect.center)
        box = a.stack.top
        assert isinstance(box, RoundBox)
        scene.focus.visible = True  # (the click hid it; a keyboard player's ring stays shown)
        key(a, pygame.K_RETURN)  # Next round
        assert a.stack.top is scene and scene.state.phase == "draw"
        assert scene.focus.current().key == "deck"
    finally:
        a.close()


def test_closing_review_opened_from_the_end_box_comes_back_to_the_box(app, parlour_home):
    """Round 12 (a fresh player): after closing a Review opened from the game's end box, the box was gone
    (only "Game over" on the status line): New game and Review could not be reached again from it."""
    from game.review.scene import ReviewScene

    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C"]), 7)
    app.settle()
    click(app, center_of(scene, "7C"))
    box = app.stack.top
    assert isinstance(box, RoundBox) and box.title == "You won!"
    key(app, pygame.K_TAB)  # to Review this game
    key(app, pygame.K_RETURN)
    app.settle()
    assert isinstance(app.stack.top, ReviewScene)
    key(app, pygame.K_ESCAPE)  # close the Review
    app.settle()
    assert app.stack.top is box and [b.label for b in box.buttons] == ["New game", "Review this game", "Close"]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the focus stayed on Review: back to New game
    key(app, pygame.K_RETURN)  # New game, from the box again
    assert not rules.is_over(scene.state)


def test_review_after_new_game_offers_the_last_finished_game(app, parlour_home):
    """Round 12 (a fresh player): once New game was pressed, Game ▸ Review showed the new, empty game ("No
    moves were played") and the finished game could not be reviewed.  Before the new game's first move,
    Review offers the last finished game."""
    from game.review.scene import ReviewScene

    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C"]), 7)
    app.settle()
    click(app, center_of(scene, "7C"))
    finished = list(scene.history.moves)
    key(app, pygame.K_RETURN)  # New game, on the end box
    assert not rules.is_over(scene.state) and not scene.history.moves
    scene.open_review()  # Game ▸ Review
    app.settle()
    ask = app.stack.top
    assert isinstance(ask, MessageDialog) and "Review the last game (Deal #7, 1 move)?" in ask.message
    ask.close("Review the last game")
    app.settle()
    review = app.stack.top
    assert isinstance(review, ReviewScene) and list(review.source.moves) == finished
