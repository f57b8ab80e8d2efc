"""Aces Up played to a win with posted key presses only (issue: play every game without a mouse)."""

from __future__ import annotations

import pygame

from game.acesup import rules, solver
from tests.keyboard.keys import focus_to, play_aces_up, press, space
from tests.scenes.helpers import make_app, open_table


def winnable_deal() -> tuple[int, tuple]:
    for seed in range(1, 200):
        res = solver.solve(rules.new_game(seed), node_budget=200_000)
        if res.winnable and res.line:
            return seed, res.line
    raise AssertionError("no winnable deal found")


def test_a_whole_winning_game_by_keyboard(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    seed, line = winnable_deal()
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=seed)
    for move in line:
        before = scene.state
        play_aces_up(app, scene, move)
        assert scene.state == rules.apply(before, move), f"{move} was not played by the keys"
    assert rules.is_over(scene.state) and rules.is_won(scene.state) if hasattr(rules, "is_won") else True
    assert not scene.state.stock and all(len(p) <= 1 for p in scene.state.piles)


def test_ring_follows_state_and_escape_puts_back(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    press(app, pygame.K_RIGHT)
    assert scene.focus.visible and scene.focus.key is not None
    focus_to(app, scene, "pile 0")
    top = scene.state.piles[0][-1]
    assert "Pile 1" in scene.status.message
    space(app)
    assert scene.focus.holding == [top]
    press(app, pygame.K_ESCAPE)
    assert scene.focus.holding == []
    app.settle()
    assert scene.state.piles[0][-1] == top
    # a mouse click hides the ring
    from tests.scenes.helpers import click

    click(app, (5, app.size[1] // 2))
    assert not scene.focus.visible


def test_escape_hiding_the_ring_says_so(tmp_path, monkeypatch):
    """By ear (round 10): Escape hid the ring and nothing was said; it says 'Ring hidden'."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    press(app, pygame.K_RIGHT)
    assert scene.focus.visible
    press(app, pygame.K_ESCAPE)
    assert not scene.focus.visible
    assert app.speech.recorder[-1].startswith("Ring hidden"), app.speech.recorder[-1]


def test_picking_up_keeps_the_ring_where_the_card_was(tmp_path, monkeypatch):
    """By ear (round 12): Space on pile 3 said 'Over pile 4' (the ring jumped to the nearest place) and Left then
    said 'Over pile 2': the pile the card came from was skipped and a player counting arrows dropped one off.
    The ring stays where the card was lifted and says so; an arrow moves one place from there."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    focus_to(app, scene, "pile 2")
    space(app)
    assert scene.focus.holding and scene.focus.key == "pile 2"
    said = app.speech.recorder[-1]
    assert said.startswith("Holding ") and "Over pile 3, where it came from" in said, said
    press(app, pygame.K_LEFT)
    assert scene.focus.key == "pile 1"
    assert "Over pile 2" in app.speech.recorder[-1], app.speech.recorder[-1]
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.focus.key == "pile 3"


def test_the_win_is_said_once(tmp_path, monkeypatch):
    """By ear (round 12, cosmetic): the last discard said 'You won. You won! Every card but the Aces is gone.'
    Each event is said once: the end box says the win."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    seed, line = winnable_deal()
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=seed)
    app.settings.speak = app.speech.enabled = True
    for move in line:
        play_aces_up(app, scene, move)
    app.settle()
    said = " ".join(app.speech.recorder[-4:])
    assert said.count("You won") == 1, said


def test_holding_a_card_each_place_says_what_space_does_there_and_the_pair_rule_is_said(tmp_path, monkeypatch):
    """By ear (round 13): 'Space puts down' was said over every pile, one that refused the card too, and a
    player took the pair rule (a card with a partner leaves only as a pair) for a key that did not work."""
    from game.cards import full_pack
    from tests.keyboard.keys import enter

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    app.settings.speak = app.speech.enabled = True
    first = ["5H", "5S", "9H", "2C"]
    scene.start_game(rules.new_game(deck=first + [c for c in full_pack() if c not in first]), 7)
    app.settle()
    said = app.speech.recorder
    focus_to(app, scene, "pile 0")
    enter(app)
    assert said[-1] == ("Selected the five of hearts: it can only leave as a pair, with the five of spades on pile 2. "
                        "Click it (or Enter on it) to discard the pair.")
    enter(app)  # deselected
    space(app)
    heard = {}
    for _ in range(4):
        press(app, pygame.K_RIGHT)
        heard[scene.focus.key] = said[-1].split(": ", 2)[-1]
    assert heard == {
        "pile 1": "Space discards the pair, Escape cancels.",
        "pile 2": "it cannot go there (only onto an empty pile, its pair partner or the discards), Escape cancels.",
        "pile 3": "it cannot go there (only onto an empty pile, its pair partner or the discards), Escape cancels.",
        "discards": ("it cannot go there: the five of hearts can only leave as a pair with the five of spades, "
                     "Escape cancels."),
    }, heard
    press(app, pygame.K_ESCAPE)
    focus_to(app, scene, "pile 2")  # the nine of hearts: no partner, no higher heart: it may not leave
    space(app)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.focus.key == "discards"
    assert said[-1].endswith("it cannot go there: the nine of hearts can only be discarded while a higher heart "
                             "shows on another pile, Escape cancels."), said[-1]
    app.close()


def test_by_ear_tab_walks_the_stock_piles_and_discards_one_by_one_before_the_buttons(tmp_path, monkeypatch):
    """Round 15, by ear: Tab from the stock went to the buttons, past the four piles and the discards."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    try:
        scene = open_table(app, "acesup", seed=3)
        press(app, pygame.K_DOWN)  # the ring shown
        while scene.focus.key != "stock":
            press(app, pygame.K_TAB)
        keys = []
        for _ in range(6):
            press(app, pygame.K_TAB)
            keys.append(scene.focus.key)
        assert keys[:5] == ["pile 0", "pile 1", "pile 2", "pile 3", "discards"], keys
        assert keys[5].startswith("button"), keys
        press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert scene.focus.key == "discards"
    finally:
        app.close()
