"""Issues 24 and 32: the Court draw by keyboard and in words.  After each answer the ring goes back to the deck
(it fell into the hand, then rested on the button just pressed); K keeps, D discards; the deck's count is one
number everywhere; your pairs are counted 1 to 13; Quick Play switched on mid-draw updates the status at once
and places a pair's forced second card; the Round log tells the round so far."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.court import rules
from tests.keyboard.keys import enter, focus_to
from tests.scenes.helpers import click, make_app, open_table


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    a = make_app(animation="off")
    yield a
    a.close()


def court(app):
    scene = open_table(app, "court", seed=4)
    assert rules.current_player(scene.state) == 0
    return scene


def test_the_ring_goes_back_to_the_deck_after_each_answer(app):
    """Issue 24 kept the ring on the draw buttons (it fell into the hand); issue 32: resting on the button
    just pressed, Enter kept or discarded the next card unseen.  After each answer the ring is on the deck,
    and Tab into the buttons starts from the first again."""
    scene = court(app)
    focus_to(app, scene, "deck")
    enter(app)
    focus_to(app, scene, "button Discard")
    enter(app)  # discarded: the second card must be kept
    assert len(scene.state.seen[0]) == 1 and scene.focus.key == "deck"
    enter(app)  # Enter on the deck turns the second card, it does not answer for it
    assert scene.state.draw_step == 1 and scene.revealed and "Keep (K)" in scene.status.message
    enter(app)  # the card is turned: Enter on the deck says what to do, changes nothing
    assert scene.state.draw_step == 1 and scene.status.message == "Use Keep (K)."
    focus_to(app, scene, "button Keep")
    enter(app)  # kept; the computer draws its pair; then it is yours again
    assert len(scene.state.pack) == 48 and rules.current_player(scene.state) == 0
    assert scene.focus.key == "deck", scene.focus.key  # not the last button, not a card of the hand
    assert "buttons" not in scene.focus._area_memory


def test_a_new_game_starts_with_the_ring_on_the_deck(app):
    """Round 14, by ear: after a tournament's results the next game began with "Back to the table: discard
    button" — the ring stayed on the last button pressed, where Enter does nothing in the draw's first step."""
    scene = court(app)
    focus_to(app, scene, "button Discard")
    scene.start_game(rules.new_game(9), 9)
    app.settle()
    assert scene.focus.key == "deck", scene.focus.key


def test_k_keeps_and_d_discards_the_turned_card(app):
    import pygame

    from tests.keyboard.keys import press
    scene = court(app)
    first = scene.state.pack[0]
    press(app, pygame.K_k)  # not turned yet: says why
    assert scene.state.draw_step == 0 and "Turn the card first" in scene.status.message
    click(app, scene.deck_rect.center)
    press(app, pygame.K_k)
    assert first in scene.state.hands[0] and scene.state.draw_step == 1
    click(app, scene.deck_rect.center)
    second = scene.state.pack[0]
    press(app, pygame.K_k)  # the second card must be discarded: K says so
    assert "must be discarded" in scene.status.message and scene.state.draw_step == 1
    press(app, pygame.K_d)
    assert second in scene.state.seen[0] and second not in scene.state.hands[0]
    scene.start_game(replace(scene.state, phase="play", pack=()), scene.seed)  # (the draw over)
    press(app, pygame.K_k)
    assert scene.status.message == "The draw is over: Keep and Discard are for the draw."


def test_quick_play_puts_the_forced_second_card_where_it_must_go(app):
    import pygame

    from tests.keyboard.keys import press
    scene = court(app)
    scene.quick_play = True
    app.settle()
    first, second = scene.state.pack[:2]
    press(app, pygame.K_d)  # discard the first: the second must be kept, with no click
    app.settle()
    assert first not in scene.state.hands[0] and second in scene.state.hands[0]
    assert rules.current_player(scene.state) == 0 and len(scene.state.pack) == 48  # the computer drew too


def test_the_round_log_tells_the_round_turn_by_turn(app):
    import pygame

    from game.cards import the_card
    from game.engine.dialogs import TextDialog
    from tests.keyboard.keys import press
    scene = court(app)
    first = scene.state.pack[0]
    click(app, scene.deck_rect.center)
    press(app, pygame.K_k)
    press(app, pygame.K_g, pygame.KMOD_CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, TextDialog) and dlg.title == "Round log"
    assert f"Pair 1: You kept {the_card(first)}." in dlg.text.splitlines()


def test_one_deck_count_everywhere(app):
    scene = court(app)
    focus_to(app, scene, "deck")
    enter(app)  # the top card is turned: it is no longer in the deck
    label = next(s for s in scene.focus.spots() if s.key == "deck").label
    assert label.startswith("The deck: 51 cards.") and scene.deck_count() == 51


def test_pairs_count_to_thirteen_and_quick_play_speaks_at_once(app):
    from game.cards import card_name
    from tests.scenes.menu_clicks import choose
    scene = court(app)
    focus_to(app, scene, "deck")
    enter(app)
    focus_to(app, scene, "button Keep")
    enter(app)
    focus_to(app, scene, "deck")
    enter(app)
    focus_to(app, scene, "button Discard")
    enter(app)  # the computer draws its pair: then your second pair
    assert scene.status.message == "Your pair 2 of 13: Enter on the deck (or click it) turns a card."
    choose(app, scene, "Court", "Quick Play")  # Quick Play on, mid-draw: the card is turned and the line says so
    assert scene.quick_play
    assert scene.status.message.startswith(f"The {card_name(scene.state.pack[0])}: keep it or discard it? ")


def test_after_your_second_pair_the_draw_asks_its_question_without_the_keys(app):
    """By ear (round 13): the 13 pairs took 27 s each to hear, the keys said again at every card.  Your first two
    pairs name the keys; from the third the question alone (Help and Hint still name them)."""
    import pygame

    from game.court.shared import own_pair
    from tests.keyboard.keys import press

    scene = court(app)
    app.settings.speak = app.speech.enabled = True
    app.speech.recorder = said = []
    focus_to(app, scene, "deck")
    heard: list[str] = []
    for _ in range(200):
        s = scene.state
        if s.phase != "draw" or (own := own_pair(s)) > 3:
            break
        mark = len(said)
        if rules.current_player(s) != 0:
            app.settle()
            continue
        if not scene.revealed:
            enter(app)
        else:
            kinds = [m.kind for m in rules.legal_moves(s) if m.kind in ("keep", "discard")]
            press(app, pygame.K_k if "keep" in kinds else pygame.K_d)
        heard += [(own, x) for x in said[mark:]]
    first = [x for own, x in heard if own == 1]
    third = [x for own, x in heard if own == 3]
    assert any("Enter on the deck (or click it) turns a card." in x for x in first), first
    assert any(x.endswith("Use Keep (K) or Discard (D).") for x in first), first
    assert "Your pair 3 of 13." in [x for _own, x in heard]
    assert any(x.endswith(": keep or discard? (K or D)") for x in third), third
    assert "Second card: it will be discarded." in third, third
    assert any(x.endswith(": discard it (D).") for x in third), third
    assert not any("Enter on the deck" in x or "Use " in x for x in third), third


def test_by_ear_the_enter_of_the_draws_rhythm_does_not_play_a_card_when_the_draw_ends(app):
    """Round 15 (a major for keyboard players): the draw turned by Enter on the deck and K, the Enter pressed a
    second after the last pair played the card the ring fell on (Court has no undo).  That Enter is said, not
    played; the next one plays."""
    import pygame

    from tests.keyboard.keys import press

    scene = court(app)
    focus_to(app, scene, "deck")
    for _ in range(200):
        s = scene.state
        if s.phase != "draw":
            break
        if rules.current_player(s) == 0:
            if not scene.revealed and s.draw_step == 0 or (s.draw_step == 1 and not scene.revealed):
                enter(app)
            kinds = [m.kind for m in rules.legal_moves(scene.state)]
            press(app, pygame.K_k if "keep" in kinds else pygame.K_d)
        app.settle()
    for _ in range(50):  # the computer may lead first
        if rules.current_player(scene.state) == 0:
            break
        app.settle()
    assert scene.state.phase == "play" and rules.current_player(scene.state) == 0
    before = scene.state
    enter(app)  # the draw's rhythm
    assert scene.state == before
    assert scene.status.message.startswith("The draw is over.") and "Enter again plays it" in scene.status.message
    enter(app)
    assert scene.state != before  # played
