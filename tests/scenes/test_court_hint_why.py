"""Issue 24: the Hint says in a few words why the Expert chose its move, so a new player does not follow it
blindly into -20."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.court import rules
from game.court.why import reason
from tests.scenes.helpers import key, make_app, open_table
from tests.scenes.test_court_scene import H0, H1, bonus_for_human, drawn


@pytest.fixture
def app(parlour_home):
    a = make_app(animation="off")
    yield a
    a.close()


def hint(app, scene) -> str:
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    for _ in range(200):
        if not scene.hints.thinking:
            break
        app.pump()
    app.settle()
    return scene.status.message


def test_a_lead_hint_says_why(app):
    scene = open_table(app, "court", seed=4)
    scene.start_game(drawn(H0, H1), 7)
    app.settle()
    text = hint(app, scene)
    assert text.startswith("Hint: play the ") and ": against the cards the computer may hold it " in text, text


def test_a_follow_hint_names_the_points_and_what_it_keeps(app):
    scene = open_table(app, "court", seed=4)
    s = drawn(H0, H1, (60, 60))
    s = replace(s, table=("5D",), hands=(s.hands[0], tuple(c for c in s.hands[1] if c != "5D")), leader=1)
    scene.start_game(s, 7)
    app.settle()
    assert rules.current_player(scene.state) == 0
    text = hint(app, scene)
    assert text.startswith("Hint: play the ") and ("you gain" in text or "you lose" in text or "computer" in text
                                                   or "no points" in text), text


def test_a_bonus_hint_says_what_the_card_does(app):
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 40), ["5H", "KC"]), 7)
    app.settle()
    text = hint(app, scene)
    assert text.startswith("Hint: play the five of hearts as a bonus: you gain 5. "), text


def test_reason_words_for_each_kind():
    s = drawn(H0, H1, (60, 60))
    s = replace(s, table=("5D",), hands=(s.hands[0], tuple(c for c in s.hands[1] if c != "5D")), leader=1)
    view = rules.observe(s, 0)
    legal = [m.card for m in view.legal if m.card]
    for card in legal:
        words = reason(view, rules.Move("play", card))
        assert words.startswith(("you ", "the computer ", "no points")), words
    assert any("; it keeps the " in reason(view, rules.Move("play", c)) for c in legal)
    assert reason(view, rules.Move("done")) == "another bonus card would do you more harm than good"
    assert reason(view, rules.Move("bonus", "4S")) == "you lose 4 and the computer loses 4"


def test_the_last_turns_hint_does_not_promise_a_next_lead():
    """Round 14 (a fresh player, l208.png): on the last turn, the computer's hand empty, the hint said "…, you
    lead next"; there was no next lead."""
    s = drawn(H0, H1, (60, 60))
    s = replace(s, table=("5D",), hands=(("6D",), ()), leader=1)
    view = rules.observe(s, 0)
    assert view.opp_hand_size == 0
    words = reason(view, rules.Move("play", "6D"))
    assert "you lead next" not in words, words
    s = drawn(H0, H1, (60, 60))
    s = replace(s, table=("5D",), hands=(("6D", "3C"), ("9D",)), leader=1)
    assert "you lead next" in reason(rules.observe(s, 0), rules.Move("play", "6D"))
