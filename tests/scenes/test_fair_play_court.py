"""Court tournaments (issue 18): every player plays three rounds; deal numbers stay in 1-999999."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.cards import MAX_DEAL
from game.court import rules
from saves import court_history
from tests.scenes.helpers import center_of, click, key, make_app, open_table, type_text
from tests.scenes.menu_clicks import choose
from tests.scenes.test_court_scene import bonus_for_human


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def start_tournament_by_menu(app, scene, names: list[str]) -> None:
    """Court > Tournament…: the level (Enter keeps it), Start, the number of players, each name."""
    choose(app, scene, "Court", "Tournament…")
    key(app, pygame.K_RETURN)  # level
    if app.stack.top.focused:  # a game in progress: the focus starts on Cancel
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # Start
    app.stack.top.field.set("")
    type_text(app, str(len(names)))
    key(app, pygame.K_RETURN)
    for name in names:
        app.stack.top.field.set("")
        type_text(app, name)
        key(app, pygame.K_RETURN)


def test_a_tournament_deal_number_is_in_select_deals_range(app):
    scene = open_table(app, "court", seed=4)
    for _ in range(3):
        start_tournament_by_menu(app, scene, ["Ann"])
        assert scene.tournament_active
        assert 1 <= scene.seed <= MAX_DEAL and 1 <= court_history.load_history().tournament.seed <= MAX_DEAL
        assert f"Deal #{scene.seed}" in scene.status_text()
        scene.hist.cancel_tournament()
        scene.tournament_active = False


def test_a_player_at_zero_after_round_one_still_plays_rounds_two_and_three(app):
    scene = open_table(app, "court", seed=4)
    start_tournament_by_menu(app, scene, ["Ann", "Bob"])
    assert scene.player == "Ann" and scene.state.round_limit == 3
    # round 1 ends with Ann's total below zero: the computer's last club would have ended a normal game
    scene.start_game(replace(bonus_for_human((-20, 100), ["2C"]), round_limit=3, seed=scene.seed), scene.seed)
    app.settle()
    click(app, center_of(scene, "2C"))  # her last numbered card: the round ends
    app.settle()
    assert not rules.is_over(scene.state) and scene.state.round_no == 2
    assert scene.player == "Ann" and court_history.load_history().tournament.scores == {}


def test_a_tournament_game_is_judged_after_its_third_round_only():
    """Rules: with round_limit 3 no total ends the game before the third round ends."""
    s = replace(bonus_for_human((-20, 100), ["2C"]), round_limit=3)
    after = rules.apply(s, rules.parse_move(s, "bonus 2C"))
    assert not rules.is_over(after) and after.round_no == 2
    last = replace(bonus_for_human((-20, 100), ["2C"]), round_limit=3, round_no=3)
    end = rules.apply(last, rules.parse_move(last, "bonus 2C"))
    assert rules.is_over(end) and end.end_reason == "limit" and end.winner == 1
    normal = bonus_for_human((-20, 100), ["2C"])  # a normal game still ends at zero
    assert rules.is_over(rules.apply(normal, rules.parse_move(normal, "bonus 2C")))


def test_the_tournament_name_box_starts_with_the_current_player(app):
    """Issue 32: the first name box of a tournament is pre-filled with the player at the table."""
    from saves.court_history import load_history

    scene = open_table(app, "court", seed=4)
    hist = load_history()
    hist.add_player("Tess")
    hist.save()
    scene.hist = load_history()
    scene.player = "Tess"
    choose(app, scene, "Court", "Tournament…")
    key(app, pygame.K_RETURN)  # level
    key(app, pygame.K_RETURN)  # Start
    app.stack.top.field.set("")
    type_text(app, "2")
    key(app, pygame.K_RETURN)
    assert app.stack.top.field.text == "Tess"
    key(app, pygame.K_RETURN)  # Tess, as offered
    assert app.stack.top.field.text == ""  # the second player is typed
