"""Issue 33: fast clicks are never lost, in every animation of every game.

Each case starts an animation at Normal speed, posts a real click (or key) while it still runs, and checks
that the click acted: the animation ends at once and the click then acts on the table as it rests, or, on
the computer's turn, the player is told so in plain words.  Nothing is ever silently dropped."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pytest

from tests.scenes.helpers import center_of, click, drag, key, make_app, open_table


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


def acesup_move_to_empty_pile_then_deal(app, _how):
    """A card dropped on an empty pile settles into it; the stock clicked meanwhile deals."""
    from game.acesup import rules
    from tests.scenes.test_acesup_scene import deck_with, position

    scene = open_table(app, "acesup")
    position(scene, deck_with(["2H", "KH", "6C", "8D"]))
    click(app, center_of(scene, "2H"))  # 2H < KH: pile 0 empties
    start_anim(app, scene, lambda: drag(app, center_of(scene, "6C"),
                                        (scene.slots[0].centerx + 30, scene.slots[0].centery + 30), settle=False))
    assert scene.state.piles[0] == ("6C",)
    click(app, scene.stock_rect.center)
    assert isinstance(scene.history.moves[-1], rules.Deal) and len(scene.state.piles[0]) == 2


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


def court_round_end_then_next_round(app, how):
    """The last bonus card ends the round while it flies: its box is up at once, and Next round pressed
    meanwhile deals the next round (the draw begins)."""
    from tests.scenes.test_court_scene import bonus_for_human

    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 40), ["5H"]), 7)
    app.settle()
    start_anim(app, scene, lambda: click(app, center_of(scene, "5H"), settle=False))
    box = app.stack.top
    assert box.title == "Round 1 over" and scene.round_end is not None
    if how == "click":
        click(app, box.buttons[0].rect.center)
    else:
        key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.round_end is None and scene.state.round_no == 2


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


def acme_play_in_the_computers_turn(app, how):
    """Play (greyed) pressed while the computers play the trick on: told to wait (the click was ignored)."""
    from game.acme import players, rules
    from tests.rules.test_acme_rules import DECK

    app.settings.computer = "normal"
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(rules.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), 7)
    app.settle()
    for code in ("3C", "3D"):  # the President's gift
        click(app, scene.table.sprites[code].rect(scene.table.card_size).move(4, 0).midleft)
    start_anim(app, scene, lambda: click(app, scene.play_button.rect.center, settle=False))
    assert scene.is_computer(scene.state)
    scene.status.say("")
    if how == "click":
        click(app, scene.play_button.rect.center, settle=False)
    else:
        ring_on(scene, lambda sp: sp.action is not None and sp.label.startswith("Play"))
        key(app, pygame.K_RETURN, settle=False)
    app.pump()
    assert scene.status.message == "Wait for your turn."


def thieves_clear_then_stock(app, how):
    """Take the last stack card; while the emptied table and the gathering still show, the stock is clicked
    (or Space pressed): the new deal's first card turns."""
    from game.thieves import rules
    from tests.rules.test_thieves_helpers import position
    from tests.scenes.test_thieves_scene import setup

    scene = open_table(app, "thieves")
    setup(scene, position([["4D"], [], [], [], [], [], []], "3C", ["KS", "JK"], jokers=2, score=50))
    start_anim(app, scene, lambda: click(app, center_of(scene, "4D"), settle=False))
    assert scene._interim is not None
    if how == "click":
        click(app, scene.stock_rect.center)
    else:
        key(app, pygame.K_SPACE)
    assert scene.history.moves[-1] == rules.Turn() and scene.state.clears == 1


def thieves_take_then_turn(app, how):
    """A card taken from a stack flies to the waste; the stock clicked (or Space) meanwhile turns."""
    from game.thieves import rules
    from tests.rules.test_thieves_helpers import position
    from tests.scenes.test_thieves_scene import setup

    scene = open_table(app, "thieves")
    setup(scene, position([["9S", "4D"], ["KH"], [], [], [], [], []], "3C", ["KS", "7C", "8C"]))
    start_anim(app, scene, lambda: click(app, center_of(scene, "4D"), settle=False))
    if how == "click":
        click(app, scene.stock_rect.center)
    else:
        key(app, pygame.K_SPACE)
    assert scene.history.moves[-2:] == [rules.Take(0), rules.Turn()]


def thieves_win_celebration_then_new_game(app, how):
    """The last turn ends a won game: the celebration plays under the end box, and New game pressed
    meanwhile deals a new game at once."""
    from game.engine.celebrate import Celebration
    from tests.rules.test_thieves_helpers import position
    from tests.scenes.test_thieves_scene import setup

    scene = open_table(app, "thieves")
    setup(scene, position([["9D"], [], [], [], [], [], []], "3C", ["KS"], clears=1))
    scene.records.qualifies = lambda *_a, **_k: False  # no name asked for the high scores first
    click(app, scene.stock_rect.center, settle=False)
    for _ in range(3):
        app.pump()
    box = app.stack.top
    assert any(isinstance(s, Celebration) for s in app.stack.scenes)
    assert box.title == "You won!" and box.buttons[0].label == "New game"
    old = scene.seed
    if how == "click":
        click(app, box.buttons[0].rect.center)  # New game
    else:
        key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.seed != old and not scene.history.moves
    assert not any(isinstance(s, Celebration) for s in app.stack.scenes)


def romi_lay_then_next_card(app, how):
    """A card laid on a cell flies there; the next card of the hand clicked (or Enter on it) meanwhile is
    selected."""
    from tests.scenes.test_romi_scene import cell_centre, deck, pid, start

    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H"))
    k, other = pid(scene, "KC"), pid(scene, "KD")
    click(app, center_of(scene, k))
    start_anim(app, scene, lambda: click(app, cell_centre(scene, 2, 3), settle=False))
    assert scene.board.cells[2][3] == k
    for _ in range(5):  # 0.1 s in, as fast as a hand aims: the hand's cards are still closing the gap
        app.pump(1 / 60)
    assert moving(scene)
    if how == "click":
        click(app, center_of(scene, other))  # where the card is seen
    else:
        ring_on(scene, lambda sp: sp.sprite == other)
        key(app, pygame.K_RETURN)
    assert scene.selection == [other]


def romi_draw_then_computers_turn(app, how):
    """Space draws (the card flies to the hand) and ends the turn: a click or key on the player's hand while
    the computer plays is answered in words, never ignored."""
    from tests.scenes.test_romi_scene import deck, pid, start

    app.settings.computer = "normal"
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD 7H"))
    start_anim(app, scene, lambda: key(app, pygame.K_SPACE, settle=False))
    assert not scene.my_turn()
    if how == "click":
        click(app, center_of(scene, pid(scene, "KC")), settle=False)
    else:
        ring_on(scene, lambda sp: sp.sprite == pid(scene, "KC"))
        key(app, pygame.K_RETURN, settle=False)
    app.pump()
    assert "computer's turn" in scene.status.message, scene.status.message


def romi_draw_pressed_in_the_computers_turn(app, how):
    """The Draw button (greyed) or Space pressed while the computer plays: told to wait (both were ignored)."""
    from tests.scenes.test_romi_scene import deck, start

    app.settings.computer = "normal"
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD 7H"))
    start_anim(app, scene, lambda: key(app, pygame.K_SPACE, settle=False))
    assert not scene.my_turn()
    scene.status.say("")
    if how == "click":
        click(app, scene.buttons[0].rect.center, settle=False)  # Draw
    else:
        key(app, pygame.K_SPACE, settle=False)
    app.pump()
    assert "computer's turn" in scene.status.message, scene.status.message


def court_keep_in_the_computers_draw(app, how):
    """Keep (greyed) or K pressed while the computer draws its pair: told to wait (the click was ignored)."""
    app.settings.computer = "normal"
    scene = open_table(app, "court", seed=4)
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    click(app, scene.deck_rect.center)
    start_anim(app, scene, lambda: click(app, scene.discard_btn.rect.center, settle=False))
    from game.court import rules

    assert rules.current_player(scene.state) == 1 and scene.keep_btn.visible
    scene.status.say("")
    if how == "click":
        click(app, scene.keep_btn.rect.center, settle=False)
    else:
        key(app, pygame.K_k, settle=False)
    app.pump()
    assert scene.status.message == "Wait: the computer is drawing its pair."


def review_step_then_step(app, how):
    """A step of the review animates the move; the next step pressed meanwhile steps again."""
    from tests.scenes.test_review_scene import open_review, played_table

    review = open_review(app, played_table(app))
    key(app, pygame.K_HOME)
    review.go(1)
    app.pump()
    assert review.puppet.table.animating
    if how == "click":
        click(app, review.steps[2].rect.center)  # Next
    else:
        key(app, pygame.K_RIGHT)
    assert review.pos == 2


CASES = {
    "acesup deal": acesup_deal_then_stock,
    "acesup discard": acesup_discard_then_card,
    "acesup move to an empty pile": acesup_move_to_empty_pile_then_deal,
    "thieves turn": thieves_turn_then_stock,
    "court, the computer's turn": court_computers_turn,
    "acme, the trick gathered": acme_play_during_the_gathering,
    "acme Play in the computers' turn": acme_play_in_the_computers_turn,
    "thieves clear-and-redeal": thieves_clear_then_stock,
    "thieves take": thieves_take_then_turn,
    "thieves win celebration": thieves_win_celebration_then_new_game,
    "romi lay": romi_lay_then_next_card,
    "romi draw, the computer's turn": romi_draw_then_computers_turn,
    "review step": review_step_then_step,
    "romi Draw in the computer's turn": romi_draw_pressed_in_the_computers_turn,
    "court Keep in the computer's draw": court_keep_in_the_computers_draw,
    "court round end": court_round_end_then_next_round,
}


#: the cases with a key of their own for the same act (Aces Up deals by the focus ring's Enter, as a click)
KEYED = ("thieves turn", "court, the computer's turn", "acme, the trick gathered", "thieves clear-and-redeal",
         "romi draw, the computer's turn", "review step", "romi Draw in the computer's turn",
         "court Keep in the computer's draw", "acme Play in the computers' turn", "thieves take",
         "thieves win celebration", "court round end", "romi lay")


@pytest.mark.parametrize(("case", "how"), [(c, "click") for c in CASES] + [(c, "key") for c in KEYED])
def test_input_during_an_animation_acts(case, how):
    app = make_app(animation="normal")
    try:
        CASES[case](app, how)
    finally:
        app.close()


def test_a_click_while_a_winnable_deal_is_looked_for_is_answered(monkeypatch):
    """No card is on the table yet, so the click cannot act: the status line says so (it was silent)."""
    from tests.scenes.test_solitaires_waiting_deal import held_search

    app = make_app(animation="normal")
    go = held_search(monkeypatch)
    scene = open_table(app, "acesup", seed=8)
    try:
        scene.winnable.toggle_only()
        key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)
        app.pump()
        assert scene.waiting_for_deal()
        click(app, scene.stock_rect.center, settle=False)
        app.pump()
        assert scene.status.message == "Looking for a winnable deal\u2026 Click again once it is dealt."
        assert not scene.history.moves
    finally:
        go.set()
        if scene.winnable.search_job is not None:
            scene.winnable.search_job.wait(30)
        app.close()
