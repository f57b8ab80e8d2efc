"""Romi, round 9 (a fresh player's findings): a deal the player never moved in is never counted, "New game"
to "Resume it?" says what it counts, and a click on the sandglass ends the turn as the seed's icon does.
Driven by real posted events on the dummy driver."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dialogs import MessageDialog
from game.romi import rules
from game.romi.seats import COMPUTER
from saves import romi_stats
from tests.scenes.helpers import click, key, make_app, open_table

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def games_at(level: str) -> int:
    stats, _ = romi_stats.load()
    return stats.level(level).games


def computer_opens(app, scene) -> None:
    """Deal a game the computer opens, and let it play its first turn: the player has not moved."""
    scene.start_game(rules.new_game(scene.seed, first=COMPUTER), scene.seed)
    for _ in range(600):
        app.pump(0.05)
        if scene.history.moves and scene.state.turn != COMPUTER:
            break
    assert scene.history.moves and scene.state.turn != COMPUTER and not scene.is_over()


def test_a_deal_the_player_never_moved_in_is_not_counted_when_left(app):
    """Fresh eyes, round 9: after a Demonstration was stopped, the new deal was opened by the computer; Ctrl+N
    then said "The game in progress counts as a loss" and counted it, though the player had not moved (the
    README: a game counts after the player's first move)."""
    scene = open_table(app, "romi", seed=2)
    level = scene.level
    computer_opens(app, scene)
    assert "counts as a loss" not in scene.abandon_words()
    key(app, pygame.K_n, CTRL)
    app.settle()
    top = app.stack.top
    if isinstance(top, MessageDialog):  # a question may still ask (the deal is kept), never of a loss
        assert "counts as a loss" not in top.message
        click(app, top.buttons[0].rect.center)
        app.settle()
    assert games_at(level) == 0


def test_once_the_player_has_moved_leaving_counts_and_says_so(app):
    scene = open_table(app, "romi", seed=2)
    level = scene.level
    computer_opens(app, scene)
    scene.play(rules.Draw())
    app.settle()
    assert "counts as a loss" in scene.abandon_words()
    scene.new_game()
    app.settle()
    assert games_at(level) == 1


def _closed_with_a_kept_game(app):
    """A Romi game the player moved in, kept as the window closes (the next window offers "Resume it?")."""
    scene = open_table(app, "romi", seed=2)
    scene.play(rules.Draw())
    app.settle()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    return scene


def test_new_game_to_resume_it_says_it_counts_as_a_loss(app):
    """Fresh eyes, round 9: "New game" to "Resume it?" counted the kept game as a loss without a word."""
    level = _closed_with_a_kept_game(app).level
    other = make_app(animation="off")
    try:
        open_table(other, "romi", seed=7, resume=True)
        dlg = other.stack.top
        assert isinstance(dlg, MessageDialog) and "Resume it?" in dlg.message
        assert "New game counts it as a loss." in dlg.message
        click(other, dlg.buttons[dlg.labels.index("New game")].rect.center)
        other.settle()
        assert games_at(level) == 1
    finally:
        other.close()


def test_a_click_on_the_sandglass_ends_the_turn(app):
    """The seed: "When the player has finished his turn, he clicks on the sandglass icon"; the Help says End
    turn is the sandglass, but a click on it did nothing."""
    scene = open_table(app, "romi", seed=2)
    app.settle()
    assert scene.my_turn() and scene.glass_rect.w > 0
    click(app, scene.glass_rect.center)
    # nothing laid: ending the turn is refused with the reason, as End turn's button says it
    said = scene.status.message
    end_button = next(b for b in scene.buttons if b.label.startswith("End turn"))
    click(app, end_button.rect.center)
    assert scene.status.message == said and said


def test_preferences_after_a_finished_game_do_not_deal_it_again(app):
    """Fresh eyes, round 11: Level > Preferences… after a game ended dealt the same deal again at once, with
    no word; the rule is kept for the next game, as during a game."""
    from tests.scenes.test_romi_rc3 import win_by_laying_the_eight
    from tests.scenes.test_romi_scene import opened_position

    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H")
    win_by_laying_the_eight(app, scene)
    while not isinstance(app.stack.top, type(scene)):  # close the end box
        key(app, pygame.K_ESCAPE)
    over, seed = scene.state, scene.seed
    scene.preferences()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Ace after King as well
    assert scene.state is over and scene.seed == seed and scene.is_over()
    assert "from the next game" in scene.status.message
    scene.new_game()
    assert scene.aak


def test_a_save_of_a_game_counted_already_is_not_said_to_count_again(app):
    """Fresh eyes, round 11: load a save of a game since finished (counted), make no move, Ctrl+E: the question
    said "The game in progress counts as a loss", and nothing was counted (a game counts once)."""
    scene = open_table(app, "romi", seed=2)
    scene.play(rules.Draw())
    app.settle()
    data = scene.save_data()
    level = scene.level
    scene.record_abandoned()  # the same game counted (as when it was finished or left before)
    assert games_at(level) == 1
    scene.load_data(data)
    scene.after_loaded_by_player()
    assert "counts as a loss" not in scene.abandon_words()
    scene.new_game()
    app.settle()
    assert games_at(level) == 1


def test_by_ear_resume_it_is_not_followed_by_the_new_deals_turn_words(app):
    """Round 15, by ear: over "Resume it?", the new deal behind the box had its turn words said again each time
    the table was drawn ("Your turn… Your first play needs 25 points", the kept game having opened), and F9
    repeated them.  The box is the last thing said, and F9 says it again."""
    _closed_with_a_kept_game(app)
    other = make_app(animation="off")
    try:
        other.settings.speak = other.speech.enabled = True
        other.speech.recorder = []
        open_table(other, "romi", seed=7, resume=True)
        other.settle()
        said = other.speech.recorder
        assert said[-1].startswith("Unfinished game. You left a game of Romi unfinished."), said
        key(other, pygame.K_F9)
        other.settle()
        assert said[-1].startswith("Unfinished game."), said[-3:]
        assert other.stack.scenes[-2].status.message.startswith("Your turn")  # kept for after the answer
    finally:
        other.close()


def test_a_win_on_two_passes_says_so_with_both_hands(app):
    """Round 16 (a major by ear): a win on two passes with the stock empty, seven cards in hand, was said "You
    laid your last card".  The box says how the game ended, both hands' points and the computer's cards."""
    import dataclasses

    scene = open_table(app, "romi", seed=2)
    state = dataclasses.replace(scene.state, hands=(("2C", "3D"), ("KS", "KH", "QD")), stock=(), over=True,
                                winner=0)
    scene.game_over_box(state, rules.game_points(state), rules.score(state))
    app.settle()
    box = app.stack.top
    assert isinstance(box, MessageDialog) and box.title == "You won!"
    assert "laid your last card" not in box.message
    assert box.message.startswith("Both passed with the stock empty: your hand (5) is lower than the computer's "
                                  "(38), and you score 38 points (the computer's hand: "), box.message
    assert "king" in box.message and "queen of diamonds" in box.message
