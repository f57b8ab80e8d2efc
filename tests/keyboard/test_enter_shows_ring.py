"""Issue 34, round 13 by ear: with the focus ring hidden (a fresh table, or after mouse play) Enter did nothing,
and a blind player heard silence.  Enter now shows the ring and says where it is (the next Enter acts there);
a Hint whose move is the deck or a button puts the ring there and names the key (Court said "click the deck").

Speech is switched on with the keys and the recording voice keeps every sentence, in order."""

from __future__ import annotations

import pygame

from game.court import rules as court
from tests.keyboard.keys import enter, press
from tests.scenes.helpers import click, make_app, open_table
from tests.scenes.test_court_scene import bonus_for_human
from tests.scenes.test_speech import speak_on_by_keys


def test_enter_with_the_ring_hidden_shows_it_and_says_where_it_is(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    spoken = speak_on_by_keys(app, open_table(app, "acme", seed=3))
    for game in ("acme", "court", "acesup", "thieves"):
        scene = open_table(app, game, seed=3)
        assert not scene.focus.visible  # a fresh table
        before, heard = scene.state, len(spoken)
        enter(app)
        assert scene.focus.visible, game
        assert scene.state == before  # shown, nothing done yet: the next Enter acts there
        spot = scene.focus.current()
        assert spoken[heard:] == [spot.label], (game, spoken[heard:])
        # after mouse play (a click on the felt hides the ring) Enter shows it again, and says it again
        click(app, (app.size[0] // 2, app.size[1] // 3))
        assert not scene.focus.visible
        heard = len(spoken)
        enter(app)
        assert scene.focus.visible and spoken[heard:] == [scene.focus.current().label], (game, spoken[heard:])
    app.close()


def test_the_next_enter_acts_where_the_ring_shows():
    app = make_app(animation="off")
    scene = open_table(app, "court", seed=3)
    assert court.current_player(scene.state) == 0 and scene.state.phase == "draw" and not scene.revealed
    enter(app)  # the ring shows on the deck
    assert scene.focus.key == "deck" and not scene.revealed
    enter(app)  # and turns a card
    assert scene.revealed
    app.close()


def test_romi_keeps_its_own_enter_while_the_ring_is_hidden():
    app = make_app(animation="off")
    scene = open_table(app, "romi", seed=3)
    enter(app)  # End turn (it asks first: nothing laid, so it says to lay cards or draw)
    assert not scene.focus.visible
    app.close()


def test_courts_hint_to_turn_a_card_puts_the_ring_on_the_deck_and_names_the_key(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "court", seed=3)
    spoken = speak_on_by_keys(app, scene)
    assert scene.state.phase == "draw" and not scene.revealed and not scene.focus.visible
    press(app, pygame.K_h, pygame.KMOD_CTRL)
    assert spoken[-1] == "Hint: turn a card first: the ring is on the deck, press Enter (or click the deck)."
    assert scene.focus.visible and scene.focus.key == "deck"
    enter(app)
    assert scene.revealed  # the key the Hint named did it
    app.close()


def test_courts_hint_to_press_done_puts_the_ring_on_done_and_names_the_key(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((100, 100), ["KC", "QH", "JS"]), 7)  # court cards only: nothing to play
    app.settle()
    assert court.legal_moves(scene.state) == [court.Move("done")]
    spoken = speak_on_by_keys(app, scene)
    press(app, pygame.K_h, pygame.KMOD_CTRL)
    assert spoken[-1].startswith("Hint: press Done") and spoken[-1].endswith("The ring is on Done: press Enter."), \
        spoken[-1]
    assert scene.focus.visible and scene.focus.key == "button Done"
    enter(app)
    assert scene.state.phase != "bonus" or court.current_player(scene.state) != 0
    app.close()
