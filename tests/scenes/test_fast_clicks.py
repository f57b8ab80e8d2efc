"""Issue 33: fast clicks are never lost, in every animation of every game.

Each case starts an animation at Normal speed, posts a real click (or key) while it still runs, and checks
that the click acted: the animation ends at once and the click then acts on the table as it rests, or, on
the computer's turn, the player is told so in plain words.  Nothing is ever silently dropped."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest

from tests.scenes.helpers import center_of, click, key, make_app, open_table


def moving(scene) -> bool:
    return scene.table.animating


def start_anim(app, scene, act: Callable[[], None]) -> None:
    """Start an animation and stop one frame in, so the next input arrives while the cards fly."""
    act()
    app.pump()
    assert moving(scene), "the case must catch the animation mid-flight"


def ring_on(scene, which: Callable) -> None:
    """Show the keyboard focus ring on the spot ``which`` picks (as the arrows would bring it there)."""
    spot = next(sp for sp in scene.focus.spots() if which(sp))
    scene.focus.visible = True
    scene.focus.focus_on(spot)


def acesup_deal_then_stock(app, _how):
    from game.acesup import rules

    scene = open_table(app, "acesup", seed=3)
    start_anim(app, scene, lambda: click(app, scene.stock_rect.center, settle=False))
    click(app, scene.stock_rect.center)
    assert [type(m) for m in scene.history.moves] == [rules.Deal, rules.Deal]


def acesup_discard_then_card(app, _how):
    from game.acesup import rules

    scene = open_table(app, "acesup", seed=3)
    while not any(isinstance(m, rules.Discard) for m in rules.legal_moves(scene.state)):
        click(app, scene.stock_rect.center)
    first = next(m for m in rules.legal_moves(scene.state) if isinstance(m, rules.Discard))
    code = scene.state.piles[first.pile][-1]
    start_anim(app, scene, lambda: click(app, center_of(scene, code), settle=False))
    n = len(scene.history.moves)
    click(app, scene.stock_rect.center)
    assert len(scene.history.moves) == n + 1 and isinstance(scene.history.moves[-1], rules.Deal)


def thieves_turn_then_stock(app, how):
    from game.thieves import rules

    scene = open_table(app, "thieves")
    start_anim(app, scene, lambda: click(app, scene.stock_rect.center, settle=False))
    if how == "click":
        click(app, scene.stock_rect.center)
    else:
        key(app, pygame.K_SPACE)
    assert scene.history.moves[-2:] == [rules.Turn(), rules.Turn()]


def court_computers_turn(app, how):
    """Where acting is impossible (the computer answers the card just led) the player is told so."""
    from tests.scenes.test_court_scene import H0, H1, drawn

    app.settings.computer = "normal"  # the computer's answer waits for the led card to land, and a beat
    scene = open_table(app, "court", seed=4)
    scene.start_game(drawn(H0, H1), 7)
    app.settle()
    start_anim(app, scene, lambda: click(app, center_of(scene, "9C"), settle=False))
    if how == "click":
        click(app, center_of(scene, "5C"), settle=False)
    else:
        ring_on(scene, lambda sp: sp.sprite == "5C")
        key(app, pygame.K_RETURN, settle=False)  # the focus ring's Enter: a click on the card it rings
    app.pump()
    assert "Wait for the computer" in scene.status.message, scene.status.message


def until(app, done: Callable[[], bool], limit_s: float = 60.0) -> None:
    """Frames until ``done`` (the computer thinks in a worker: a generous wall-clock bound, never asserted)."""
    end = time.monotonic() + limit_s
    while not done() and time.monotonic() < end:
        app.pump(1 / 60)
        time.sleep(0.001)
    assert done()


def acme_play_during_the_gathering(app, how):
    """The finished trick waits on the table; the player, who leads next, selects a card; the trick is
    gathered (an animation) and Play pressed meanwhile plays the card (Play, disabled while the cards
    moved, swallowed the press: 'Press Play to play the three of hearts')."""
    from game.acme import players, rules
    from tests.rules.test_acme_rules import DECK

    app.settings.computer = "normal"  # the finished trick is shown a while before it is gathered
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(rules.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), 7)
    app.settle()

    def at(code):
        return scene.table.sprites[code].rect(scene.table.card_size).move(4, 0).midleft
    for code in ("3C", "3D"):  # the President's gift
        click(app, at(code))
    click(app, scene.play_button.rect.center)
    until(app, lambda: rules.current_player(scene.state) == 0 and not scene.table.animating)
    scene.play(rules.Move("play", ("JK",)), "place", ("JK",))  # the joker wins the trick: the player leads
    until(app, lambda: rules.current_player(scene.state) == 0 and scene.trick.holding and not scene.table.animating)
    click(app, at("3H"), settle=False)
    app.pump()
    assert scene.selected == {"3H"}, scene.status.message
    until(app, lambda: scene.table.animating)
    before = len(scene.history.moves)
    if how == "click":
        click(app, scene.play_button.rect.center)
    else:
        ring_on(scene, lambda sp: sp.action is not None and sp.label.startswith("Play"))
        key(app, pygame.K_RETURN)
    assert scene.history.moves[before:before + 1] == [rules.Move("play", ("3H",))], scene.status.message


CASES = {
    "acesup deal": acesup_deal_then_stock,
    "acesup discard": acesup_discard_then_card,
    "thieves turn": thieves_turn_then_stock,
    "court, the computer's turn": court_computers_turn,
    "acme, the trick gathered": acme_play_during_the_gathering,
}


#: the cases with a key of their own for the same act (Aces Up deals by the focus ring's Enter, as a click)
KEYED = ("thieves turn", "court, the computer's turn", "acme, the trick gathered")


@pytest.mark.parametrize(("case", "how"), [(c, "click") for c in CASES] + [(c, "key") for c in KEYED])
def test_input_during_an_animation_acts(case, how):
    app = make_app(animation="normal")
    try:
        CASES[case](app, how)
    finally:
        app.close()
