"""Issue 24: the Court draw by keyboard and in words.  The ring stays on the draw buttons for the whole draw
(it used to fall into the hand after Discard, where Enter did nothing); the deck's count is one number
everywhere; your pairs are counted 1 to 13; Quick Play switched on mid-draw updates the status at once."""

from __future__ import annotations

import pytest

from game.court import rules
from tests.keyboard.keys import enter, focus_to
from tests.scenes.helpers import make_app, open_table


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


def test_the_ring_stays_on_the_draw_buttons_between_pairs(app):
    scene = court(app)
    focus_to(app, scene, "deck")
    enter(app)
    focus_to(app, scene, "button Keep")
    enter(app)  # kept: the second card must be discarded
    assert len(scene.state.hands[0]) == 1 and scene.focus.key == "button Keep"
    enter(app)  # too early: says why, changes nothing
    assert scene.status.message == "Turn the card first: Enter on the deck." and scene.state.draw_step == 1
    focus_to(app, scene, "deck")
    enter(app)
    focus_to(app, scene, "button Discard")
    enter(app)  # discarded; the computer draws its pair; then it is yours again
    assert len(scene.state.pack) == 48 and rules.current_player(scene.state) == 0
    assert scene.focus.key == "button Discard", scene.focus.key  # not a card of the hand
    enter(app)
    assert scene.status.message == "Turn the card first: Enter on the deck."
    focus_to(app, scene, "deck")
    enter(app)
    focus_to(app, scene, "button Discard")
    enter(app)
    assert len(scene.state.seen[0]) == 2


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
    assert scene.status.message == f"The {card_name(scene.state.pack[0])}: keep it or discard it? " \
        "(Enter on Keep or Discard.)"
