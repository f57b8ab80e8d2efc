"""Release candidate (issue 23): "Winnable deals only" on every way to a new deal, and a light that agrees
with the status line, shows what is known at once, and is patient before it says "Undecided"."""

from __future__ import annotations

import threading

import pygame
import pytest

from game import registry
from game.acesup import rules, solver
from game.engine import solvewatch
from game.engine.dialogs import MessageDialog
from saves import games as saved_games
from tests.scenes.helpers import center_of, click, key, make_app, open_table


@pytest.fixture
def app():
    a = make_app(animation="fast")
    yield a
    a.close()


def wait_for_deal(app, scene) -> None:
    app.pump()
    if scene.winnable.search_job is not None:
        scene.winnable.search_job.wait(30)
    app.settle()
    assert scene.winnable.search_job is None


def light_words(app, scene, monkeypatch) -> list[str]:
    said: list[str] = []
    real = solvewatch.theme.text
    monkeypatch.setattr(solvewatch.theme, "text", lambda surface, words, *a, **k: (said.append(words),
                                                                                  real(surface, words, *a, **k))[1])
    app.invalidate()
    app.pump()
    monkeypatch.setattr(solvewatch.theme, "text", real)
    return said


def test_new_game_to_the_resume_question_deals_a_winnable_deal(app, monkeypatch):
    import threading

    # the search is held until the table has been seen waiting: a deal proven within one frame (a quick
    # machine, an easy deal) would otherwise end the wait before the check
    go = threading.Event()
    real_search = solvewatch.find_winnable_deal

    def held_search(*args, **kwargs):
        go.wait(10)
        return real_search(*args, **kwargs)
    monkeypatch.setattr(solvewatch, "find_winnable_deal", held_search)
    scene = open_table(app, "acesup", seed=8)
    scene.winnable.toggle_only()
    click(app, scene.stock_rect.center)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert saved_games.resume_path("acesup").exists()
    scene2 = registry.make_scene(app, "acesup", seed=None, resume=True)
    app.replace(scene2)
    app.settle()
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "New game" in dlg.labels
    click(app, dlg.buttons[dlg.labels.index("New game")].rect.center, settle=False)
    app.pump()
    assert scene2.waiting_for_deal() and "Looking for a winnable deal" in scene2.status.message
    go.set()
    wait_for_deal(app, scene2)
    assert "proven" in scene2.status.message
    assert solver.solve(scene2.state, node_budget=400_000).winnable is True
    # the light agrees with the status line at once: the search's proof is the light's answer
    assert scene2.watch.status() == solvewatch.WINNABLE


def test_opening_a_table_with_winnable_deals_only_deals_a_winnable_deal(app):
    app.settings.game("acesup")["winnable_only"] = True
    scene = registry.make_scene(app, "acesup", seed=None, resume=True)
    app.replace(scene)
    wait_for_deal(app, scene)
    assert "proven" in scene.status.message and scene.watch.status() == solvewatch.WINNABLE


def test_no_click_reaches_a_deal_about_to_be_replaced(app, monkeypatch):
    import threading

    go = threading.Event()

    def slow_search(make_state, solve, first, *a, **k):
        go.wait(10)
        return 5, False
    monkeypatch.setattr(solvewatch, "find_winnable_deal", slow_search)
    scene = open_table(app, "acesup", seed=8)
    scene.winnable.toggle_only()
    key(app, pygame.K_n, pygame.KMOD_CTRL, settle=False)
    app.pump()
    assert scene.waiting_for_deal()
    click(app, scene.stock_rect.center, settle=False)
    app.pump()
    assert not scene.history.moves  # the click did not deal on the deal being replaced
    go.set()
    wait_for_deal(app, scene)
    assert scene.seed == 5


def test_a_move_along_the_known_winning_line_stays_winnable_without_a_search(app):
    scene = open_table(app, "acesup", seed=3)
    scene.watch.wait(15)
    app.settle()
    res = scene.watch.result()
    if res is None or res.winnable is not True:
        pytest.skip("deal 3 is not proven winnable within the budget here")
    calls: list[int] = []
    real = scene.watch.solve
    scene.watch.solve = lambda state, **kw: (calls.append(1), real(state, **kw))[1]
    move = res.line[0]
    assert isinstance(move, (rules.Deal, rules.Discard)), move
    top = scene.state.piles[move.pile][-1] if isinstance(move, rules.Discard) else None
    where = scene.stock_rect.center if top is None else center_of(scene, top)
    click(app, where, settle=False)
    app.pump()
    assert scene.history.moves == [move]
    assert scene.watch.status() == solvewatch.WINNABLE and not calls


def test_the_light_is_patient_before_it_says_undecided(app, monkeypatch):
    scene = open_table(app, "acesup", seed=3)
    budgets: list[int] = []

    def stubborn(state, node_budget, time_limit_s):
        budgets.append(node_budget)
        found = node_budget >= 4 * scene.watch.node_budget
        return solver.SolveResult(True if found else None, node_budget, 1.0, (rules.Deal(),) if found else None)
    scene.watch.solve = stubborn
    scene.watch._cache.clear()
    click(app, scene.stock_rect.center)
    scene.watch.wait(10)
    app.settle()
    assert scene.watch.status() == solvewatch.WINNABLE  # not "Undecided" after the first budget ran out
    assert budgets[-3:] == [scene.watch.node_budget * k for k in (1, 2, 4)]


def test_the_light_gives_up_only_after_its_patience(app):
    scene = open_table(app, "acesup", seed=3)
    seconds: list[float] = []

    def hopeless(state, node_budget, time_limit_s):
        seconds.append(time_limit_s)
        return solver.SolveResult(None, node_budget, time_limit_s * 1000.0)
    scene.watch.solve = hopeless
    click(app, scene.stock_rect.center)
    scene.watch.wait(10)
    assert scene.watch.status() == solvewatch.UNDECIDED
    assert sum(seconds) >= solvewatch.PATIENCE_S - 1


def test_while_it_looks_the_light_says_so_and_how_long(app, monkeypatch):
    scene = open_table(app, "acesup", seed=3)
    scene.watch.wait(15)
    app.settle()
    scene.watch._cache.clear()
    scene.watch._job = type("Busy", (), {"done": False})()  # a search still running
    scene.watch.since -= 5
    words = light_words(app, scene, monkeypatch)
    assert any(w.startswith("Checking") and w.endswith("5 s") for w in words), words
    assert scene.next_wakeup() is not None  # the loop wakes to move the cue
    scene.watch._job = None


def test_a_fresh_deal_never_says_any_more(app, monkeypatch):
    scene = open_table(app, "acesup", seed=3)
    scene.watch._cache[scene.state] = solver.SolveResult(False, 1, 1.0)
    words = light_words(app, scene, monkeypatch)
    assert "Not winnable" in words and not any("any more" in w for w in words)


def test_the_fair_hint_says_what_it_is_and_whether_its_move_is_safe(app):
    from game.acesup import players

    scene = open_table(app, "acesup", seed=3)
    click(app, scene.stock_rect.center)
    scene.watch.enabled = False
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    assert scene.status.message.startswith("Hint (a good move from what you can see): ")
    assert "Safe" not in scene.status.message and "Risky" not in scene.status.message
    scene.watch.enabled = True
    hinted = players.hint(scene.state) or rules.Deal()
    other = rules.Deal() if hinted != rules.Deal() else rules.Discard(0)
    scene.watch._cache[scene.state] = solver.SolveResult(True, 1, 1.0, (hinted,))
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    assert "Safe: after it the game is still winnable." in scene.status.message
    scene.watch._cache[scene.state] = solver.SolveResult(True, 1, 1.0, (other,))
    scene.watch._cache[rules.apply(scene.state, hinted)] = solver.SolveResult(False, 1, 1.0)
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    assert "Risky" in scene.status.message and "stock" not in scene.status.message.split("Risky")[1]


def test_the_hint_says_risky_only_when_its_move_loses_a_winnable_game(app):
    """QA m2: on a winnable deal the hint's move, not the solver's own, was called "Risky: … may lose a
    winnable game"; played, the light stayed green. The verdict is the light's on the position after the move:
    "Safe" when it is proven winnable (the solver's other choice said plainly), "Risky" only when it is lost,
    and while it is not known yet it is looked for off the frame loop and said when found."""
    from game.acesup import players

    scene = open_table(app, "acesup", seed=3)
    click(app, scene.stock_rect.center)
    hinted = players.hint(scene.state) or rules.Deal()
    other = rules.Deal() if hinted != rules.Deal() else rules.Discard(0)
    after = rules.apply(scene.state, hinted)
    scene.watch._cache[scene.state] = solver.SolveResult(True, 1, 1.0, (other,))
    scene.watch._cache[after] = solver.SolveResult(True, 1, 1.0, ())
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    said = scene.status.message
    assert "Risky" not in said and "Safe: after it the game is still winnable" in said
    assert "the solver would play another move" in said
    del scene.watch._cache[after]
    go = threading.Event()

    def lost_after_it(state, **_kw):
        go.wait(10)
        return solver.SolveResult(False, 1, 1.0)
    scene.winnable.solve = lost_after_it
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    assert "Risky" not in scene.status.message and "checking" in scene.status.message
    go.set()
    scene.winnable._judging[3].wait(10)
    app.pump()
    assert scene.status.message.endswith(" Risky: after it the game is not winnable any more.")
    assert scene.watch._cache[after].winnable is False  # played, the light says the same at once
