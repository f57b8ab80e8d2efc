"""Home, End and a rank's key in a hand (issue 34, round 12 by ear: in ACME's hand Home said 'Your hand, card 1
of 9' and End said nothing).  Home/End go to the first/last card of the ring's area; a digit (2 to 9, 0 for a
ten, 1 for an ace) moves the ring to the next card of that rank and says it, as audio card tables do."""

from __future__ import annotations

import pygame
import pytest

from tests.keyboard.keys import focus_to, press
from tests.scenes.helpers import make_app, open_table

DIGIT = {"1": pygame.K_1, "A": pygame.K_1, "T": pygame.K_0, **{str(n): getattr(pygame, f"K_{n}") for n in range(2, 10)}}


def _hand(scene) -> list:
    return [s for s in scene.focus.spots() if s.area in ("hand", "palette") and s.sprite]


@pytest.mark.parametrize("game,seed", [("acme", 3), ("court", 11), ("romi", 4)])
def test_home_end_and_a_rank_key_in_the_hand(tmp_path, monkeypatch, game, seed):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, game, seed=seed)
    if game == "court":  # a dealt hand (a game opens on the draw, hands empty)
        from tests.scenes.test_court_scene import H0, H1, drawn

        scene.start_game(drawn(H0, H1), 7)
    app.settle()
    app.settings.speak = app.speech.enabled = True
    hand = _hand(scene)
    assert len(hand) >= 5
    focus_to(app, scene, hand[1].key)
    press(app, pygame.K_END)
    assert scene.focus.key == hand[-1].key
    assert app.speech.recorder[-1] == hand[-1].label
    press(app, pygame.K_HOME)
    assert scene.focus.key == hand[0].key
    assert app.speech.recorder[-1] == hand[0].label
    # the next card of a rank, counting on from the ring (and round to the first again)
    ranked = [s for s in hand if s.sprite[:2] != "JK" and s.sprite[0] in DIGIT]
    rank = ranked[-1].sprite[0]
    same = [s.key for s in hand if s.sprite[0] == rank and s.sprite[:2] != "JK"]
    press(app, DIGIT[rank])
    assert scene.focus.key == same[0]
    assert app.speech.recorder[-1].startswith("Your hand, card"), app.speech.recorder[-1]
    press(app, DIGIT[rank])
    assert scene.focus.key == (same[1] if len(same) > 1 else same[0])
    missing = next((r for r in "23456789TA" if r not in {s.sprite[0] for s in ranked}), None)
    if missing is not None:  # a rank the hand lacks: said, the ring stays
        press(app, DIGIT[missing])
        assert scene.focus.key == (same[1] if len(same) > 1 else same[0])
        assert app.speech.recorder[-1].startswith("No "), app.speech.recorder[-1]


def test_home_and_end_from_a_button_go_to_the_hands_ends(tmp_path, monkeypatch):
    """Round 14 (a fresh player): the ring left on ACME's Play button, End went to the next button (Pass) and
    the next Enter passed the turn; Help calls Home and End the hand's first and last card."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=3)
    hand = _hand(scene)
    button = next(s for s in scene.focus.spots() if s.area == "buttons")
    focus_to(app, scene, button.key)
    press(app, pygame.K_END)
    assert scene.focus.key == hand[-1].key
    focus_to(app, scene, button.key)
    press(app, pygame.K_HOME)
    assert scene.focus.key == hand[0].key


def test_enter_with_the_ring_hidden_and_cards_selected_shows_it_on_play(tmp_path, monkeypatch):
    """Round 14 (a fresh player, shot-35): cards chosen with the mouse, the prompt says "press Play (Enter on the
    Play button)", but Enter only showed the ring on card 1.  It shows the ring on Play, said; Enter plays."""
    from game.acme import rules
    from tests.scenes.helpers import center_of, click

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=3)
    app.settle()
    assert rules.current_player(scene.state) == 0  # the exchange: the President gives (Play too)
    card = _hand(scene)[0].sprite
    click(app, center_of(scene, card))
    assert scene.selected and not scene.focus.visible
    press(app, pygame.K_RETURN)
    assert scene.focus.visible and scene.focus.key == "button Play", scene.focus.key
