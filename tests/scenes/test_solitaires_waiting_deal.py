"""The solitaires while a winnable deal is looked for (issue 33): a key pressed meanwhile acts on the deal
when it arrives, and the status line never gives a verdict of its own against the light's."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.engine import solvewatch
from tests.scenes.helpers import key, make_app, open_table
from tests.scenes.test_rc_light import wait_for_deal


@pytest.fixture
def app():
    a = make_app(animation="fast")
    yield a
    a.close()


def held_search(monkeypatch):
    """The search waits for ``go``: the table is seen waiting, however quick the machine."""
    go = threading.Event()
    real = solvewatch.find_winnable_deal

    def held(*args, **kwargs):
        go.wait(10)
        return real(*args, **kwargs)
    monkeypatch.setattr(solvewatch, "find_winnable_deal", held)
    return go


def test_a_shortcut_pressed_while_a_deal_is_looked_for_acts_on_the_new_deal(app, monkeypatch):
    go = held_search(monkeypatch)
    scene = open_table(app, "acesup", seed=8)
    scene.winnable.toggle_only()
    key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)  # New game: a winnable deal is looked for
    app.pump()
    assert scene.waiting_for_deal()
    key(app, pygame.K_e, pygame.KMOD_CTRL, settle=False)  # Ctrl+E, the demo, before the deal is there
    app.pump()
    assert not scene.demo
    assert scene.status.message == "Looking for a winnable deal\u2026 Your key acts once it is dealt."
    old_seed = scene.seed
    go.set()
    scene.winnable.search_job.wait(30)
    for _ in range(3):  # the deal arrives, then the held key is handled (frames, not a whole demo game)
        app.pump()
    assert scene.seed != old_seed and not scene.waiting_for_deal()
    assert scene.demo, "the demo runs on the new deal"


def test_no_proof_in_time_leaves_the_verdict_to_the_light(app, monkeypatch):
    monkeypatch.setattr(solvewatch, "find_winnable_deal", lambda make_state, solve, first: (first, False))
    scene = open_table(app, "acesup", seed=8)
    scene.winnable.toggle_only()
    key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)
    wait_for_deal(app, scene)
    said = scene.status.message
    assert "may not be" not in said and "not winnable" not in said.lower()
    assert "the light tells whether it can be won" in said


def proving_search(monkeypatch) -> tuple[threading.Event, list]:
    """A search held until ``go`` that "proves" the first number it tries: every deal it proved (its rules'
    state) is kept, so a test sees exactly which rules the proof was for, whatever the solver would say."""
    go = threading.Event()
    proved: list = []

    def held(make_state, solve, first):
        go.wait(10)
        proved.append(make_state(first))
        return first, True
    monkeypatch.setattr(solvewatch, "find_winnable_deal", held)
    return go, proved


def choose(app, scene, opener, value) -> None:
    """Choose ``value`` in the choice dialog ``opener`` pushes (as the menu item does), by its OK."""
    from tests.scenes.helpers import top_dialog

    opener()
    app.pump()
    dlg = top_dialog(app)
    dlg.list.selected = [v for v, _label in dlg.options].index(value)
    dlg.close("OK")
    app.pump()


def test_a_search_for_the_old_variation_never_deals_under_the_new_one(app, monkeypatch):
    """Round 8's major: an Idiot's Delight search still running when Firing Squad was chosen delivered its
    number, dealt as Firing Squad and announced "proven by the solver" while the light said "Not winnable"."""
    go, proved = proving_search(monkeypatch)
    scene = open_table(app, "acesup", seed=8, variation="idiots_delight")
    scene.winnable.toggle_only()
    key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)  # a winnable Idiot's Delight deal is looked for
    app.pump()
    assert scene.waiting_for_deal()
    choose(app, scene, scene.choose_variation, "firing_squad")  # Game > Variations… while it looks
    go.set()
    for _ in range(4):
        wait_for_deal(app, scene)
    assert scene.variation == "firing_squad"
    assert "proven by the solver" in scene.status.message
    assert scene.state in proved, "the deal announced as proven was proven for the rules it is dealt under"


def test_a_new_variation_with_winnable_deals_only_deals_a_deal_proven_for_it(app, monkeypatch):
    """Round 8's major, by the tester's steps: with Winnable deals only on, choosing Firing Squad over a finished
    Idiot's Delight game looked for a deal under the table's variation (the old one's, read from the game on
    the table, not from the options just chosen), then dealt its number as Firing Squad, "proven"."""
    go, proved = proving_search(monkeypatch)
    go.set()
    scene = open_table(app, "acesup", seed=8, variation="idiots_delight")
    scene.winnable.toggle_only()
    choose(app, scene, scene.choose_variation, "firing_squad")  # Ctrl+V, Firing Squad
    for _ in range(4):
        wait_for_deal(app, scene)
    assert scene.variation == "firing_squad" and "proven by the solver" in scene.status.message
    assert scene.state in proved, "the deal announced as proven was proven for Firing Squad"


def test_a_search_for_the_old_joker_count_never_deals_with_the_new_one(app, monkeypatch):
    go, proved = proving_search(monkeypatch)
    scene = open_table(app, "thieves", seed=8)
    scene.winnable.toggle_only()
    key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)
    app.pump()
    assert scene.waiting_for_deal()
    before = scene.next_jokers
    choose(app, scene, scene.choose_jokers, 0 if before else 2)  # Game > Jokers… while it looks
    go.set()
    for _ in range(4):
        wait_for_deal(app, scene)
    assert scene.state.start_jokers == scene.next_jokers != before
    assert "the solver proved" in scene.status.message
    assert scene.state in proved


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_a_deal_chosen_while_a_search_runs_is_not_replaced_by_its_find(app, monkeypatch, game):
    go, _proved = proving_search(monkeypatch)
    scene = open_table(app, game, seed=8)
    scene.winnable.toggle_only()
    key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)
    app.pump()
    job = scene.winnable.search_job
    assert job is not None
    scene.new_game(4242)  # Select deal… (Ctrl+D) while the search runs
    go.set()
    job.wait(30)
    for _ in range(3):
        app.pump()
    app.settle()
    assert scene.seed == 4242 and not scene.waiting_for_deal()
