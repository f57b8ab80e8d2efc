"""Aces Up table driven by real posted mouse and key events on the dummy driver."""

from __future__ import annotations

import json

import pygame
import pytest

from game.acesup import rules
from game.cards import full_pack
from game.engine.dialogs import FileDialog, MessageDialog
from saves import games as saved_games
from tests.scenes.helpers import center_of, click, drag, key, make_app, open_table, type_text

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def deck_with(first: list[str]) -> list[str]:
    rest = [c for c in full_pack() if c not in first]
    return first + rest


def position(scene, deck: list[str], variation: str = "aces_up") -> None:
    scene.start_game(rules.new_game(deck=deck, variation=variation), 7)
    scene.app.settle()


def test_click_stock_deals_four(app):
    scene = open_table(app, "acesup", seed=3)
    click(app, scene.stock_rect.center)
    assert len(scene.state.stock) == 44
    assert all(len(p) == 2 for p in scene.state.piles)
    assert scene.state.score == -4


def test_click_discards_lower_card_of_suit(app):
    scene = open_table(app, "acesup")
    position(scene, deck_with(["2H", "KH", "5C", "9D"]))
    click(app, center_of(scene, "2H"))
    assert scene.state.piles[0] == ()
    assert scene.state.removed == ("2H",)
    assert scene.state.score == 1


def test_refused_click_shakes_and_keeps_state(app):
    scene = open_table(app, "acesup")
    position(scene, deck_with(["2H", "KS", "5C", "9D"]))
    before = scene.state
    click(app, center_of(scene, "5C"), settle=False)
    app.pump()
    assert scene.table.sprites["5C"].shake > 0
    app.settle()
    assert scene.state == before
    assert "five of clubs" in scene.status.message


def test_pair_by_two_clicks_and_deselect(app):
    scene = open_table(app, "acesup")
    position(scene, deck_with(["7H", "7S", "5C", "9D"]))
    click(app, center_of(scene, "7H"))
    assert scene.selected == 0 and scene.table.sprites["7H"].selected
    click(app, center_of(scene, "7H"))  # second click on the same card deselects
    assert scene.selected is None and not scene.table.sprites["7H"].selected
    click(app, center_of(scene, "7H"))
    click(app, center_of(scene, "7S"))
    assert set(scene.state.removed) == {"7H", "7S"}
    assert scene.state.score == 1


def test_drag_to_empty_pile_and_illegal_drop_returns(app):
    scene = open_table(app, "acesup")
    position(scene, deck_with(["2H", "KH", "6C", "8D"]))
    click(app, center_of(scene, "2H"))  # 2H < KH: pile 0 now empty
    assert scene.state.piles[0] == ()
    home = scene.table.sprites["6C"].rect(scene.table.card_size).topleft
    # an illegal drop: onto a pile that is not empty -> flies back, nothing changes
    before = scene.state
    drag(app, center_of(scene, "6C"), center_of(scene, "8D"))
    assert scene.state == before
    assert scene.table.sprites["6C"].rect(scene.table.card_size).topleft == home
    # a legal drop: into the empty pile
    drag(app, center_of(scene, "6C"), scene.slots[0].center)
    assert scene.state.piles[0] == ("6C",)
    assert scene.table.sprites["6C"].rect(scene.table.card_size).topleft == scene.slots[0].topleft


def test_undo_redo_keys_and_not_scored(app):
    scene = open_table(app, "acesup", seed=11)
    click(app, scene.stock_rect.center)
    after_deal = scene.state
    key(app, pygame.K_z, CTRL)
    assert scene.state.piles == scene.history.first.piles and len(scene.state.stock) == 48
    assert scene.state.scored is False
    key(app, pygame.K_y, CTRL)
    assert scene.state.piles == after_deal.piles
    assert scene.state.scored is False  # stays unscored until a new game
    key(app, pygame.K_n, CTRL)
    key(app, pygame.K_TAB)  # the focus starts on Keep playing
    key(app, pygame.K_RETURN)  # yes, throw this game away
    assert scene.state.scored is True and len(scene.history.states) == 1


def test_win_shows_final_score(app):
    scene = open_table(app, "acesup")
    removed = tuple(c for c in full_pack() if c not in ("AS", "AH", "AC", "AD", "2D"))
    state = rules.State(piles=(("AS",), ("AH",), ("AC", "AD"), ("2D",)), stock=(), removed=removed, score=30)
    scene.start_game(state, 9)
    app.settle()
    click(app, center_of(scene, "2D"))
    assert rules.outcome(scene.state) == "won"
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == "You won!"
    assert "81" in dlg.message  # 30 + 1 + 50
    assert scene.stats.get("aces_up").won == 1


def test_save_and_load_through_the_dialog(app):
    scene = open_table(app, "acesup", seed=21)
    click(app, scene.stock_rect.center)
    saved = scene.state
    key(app, pygame.K_s, CTRL)
    assert isinstance(app.stack.top, FileDialog)
    type_text(app, "my game")
    key(app, pygame.K_RETURN)
    assert saved_games.save_path("acesup", "my game").exists()
    key(app, pygame.K_n, CTRL)
    key(app, pygame.K_TAB)  # the focus starts on Keep playing
    key(app, pygame.K_RETURN)  # yes, throw this game away
    assert scene.state != saved
    click(app, scene.stock_rect.center)  # a game in progress again: Load asks before replacing it
    key(app, pygame.K_o, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, FileDialog) and dlg.field.text == "my game"
    key(app, pygame.K_RETURN)
    assert app.stack.top.title == "Load"
    key(app, pygame.K_TAB)  # the focus starts on Keep playing
    key(app, pygame.K_RETURN)
    assert scene.state.piles == saved.piles and scene.state.stock == saved.stock
    assert scene.state.scored is False  # Load stops scoring
    assert scene.seed == 21


@pytest.mark.parametrize("content, words", [
    (b"", "empty"),
    (b'{"format": "parlour-game", "version": 1, "game": "acesup", "data": {"start": ', "damaged"),
    (b"\x00\xff\xfe garbage", "not a text file"),
    (json.dumps({"format": "parlour-game", "version": 99, "game": "acesup", "data": {}}).encode(), "newer"),
    (json.dumps({"format": "parlour-game", "version": 1, "game": "romi", "title": "Romi", "data": {}}).encode(),
     "Romi"),
    (json.dumps({"format": "parlour-game", "version": 1, "game": "acesup",
                 "data": {"start": {"piles": "__import__('os')"}, "moves": [], "cursor": 0, "seed": 1}}).encode(),
     "damaged"),
    (b"[" * 100000, "damaged"),
])
def test_bad_save_files_are_reported_and_game_untouched(app, content, words):
    scene = open_table(app, "acesup", seed=5)
    click(app, scene.stock_rect.center)
    before = scene.state
    path = saved_games.save_path("acesup", "bad one")
    path.write_bytes(content)
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    type_text(app, "")
    dlg = app.stack.top
    dlg.field.set("bad one")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_TAB)  # the focus starts on Keep playing
    key(app, pygame.K_RETURN)  # yes, load over the game in progress
    box = app.stack.top
    assert isinstance(box, MessageDialog) and box.title == "Could not load"
    assert words in box.message and "unchanged" in box.message
    assert scene.state == before
    kept = path if path.exists() else next(path.parent.glob(path.name + ".bad-*"))  # a damaged one set aside
    assert kept.read_bytes() == content  # never overwritten
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene


def test_illegal_move_in_save_is_refused(app):
    scene = open_table(app, "acesup", seed=5)
    data = scene.save_data()
    data["moves"] = ["deal", "pair 0 1"]
    saved_games.save_game("acesup", "Aces Up", "cheat", data)
    before = scene.state
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    app.stack.top.field.set("cheat")
    key(app, pygame.K_RETURN)
    assert "move 2" in app.stack.top.message
    assert scene.state == before


def test_closing_keeps_the_game_and_next_start_offers_it(app):
    scene = open_table(app, "acesup", seed=8)
    click(app, scene.stock_rect.center)
    kept = scene.state
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert saved_games.resume_path("acesup").exists()
    scene2 = open_table(app, "acesup", seed=99, resume=True)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "Resume" in dlg.labels
    key(app, pygame.K_RETURN)
    assert scene2.state == kept and scene2.seed == 8


def test_resize_relayouts_cards(app):
    scene = open_table(app, "acesup", seed=2)
    small = scene.table.card_size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1800, h=1100, size=(1800, 1100)))
    app.settle()
    assert scene.table.card_size[0] > small[0]
    top = scene.state.piles[3][-1]
    assert scene.table.sprites[top].rect(scene.table.card_size).topleft == scene.slots[3].topleft


def test_variation_menu_starts_new_game(app):
    scene = open_table(app, "acesup", seed=2)
    scene.choose_variation()
    dlg = app.stack.top
    dlg.list.selected = 2
    key(app, pygame.K_RETURN)
    assert scene.state.variation == "firing_squad"
    assert app.settings.game("acesup")["variation"] == "firing_squad"


def test_menu_bar_opens_with_a_click(app):
    scene = open_table(app, "acesup", seed=2)
    click(app, scene.menubar.title_rects[0].center)
    assert scene.menubar.open == 0
    key(app, pygame.K_ESCAPE)
    assert scene.menubar.open is None


def _wait_watch(app, scene):
    scene.watch.wait(15)
    app.settle()


def test_winnable_light_matches_the_solver(app):
    from game.acesup import solver
    from game.engine import solvewatch

    scene = open_table(app, "acesup", seed=17)
    _wait_watch(app, scene)
    expected = solver.solve(scene.state, node_budget=300_000, time_limit_s=5).winnable
    assert scene.watch.status() == {True: solvewatch.WINNABLE, False: solvewatch.LOST,
                                    None: solvewatch.UNDECIDED}[expected]
    click(app, scene.stock_rect.center)
    assert scene.watch.status() in (solvewatch.CHECKING, solvewatch.WINNABLE, solvewatch.LOST,
                                    solvewatch.UNDECIDED)
    _wait_watch(app, scene)
    assert scene.watch.status() != solvewatch.CHECKING


def test_show_a_winning_move_keeps_a_winnable_game_winnable(app):
    """The solver's move is 'Show a winning move' (it asks first; the game becomes assisted)."""
    from game.acesup import solver
    from tests.scenes.menu_clicks import choose

    scene = open_table(app, "acesup", seed=1)
    for seed in range(1, 200):
        if solver.solve(rules.new_game(seed), node_budget=300_000).winnable:
            break
    scene.new_game(seed)
    app.settle()
    for n in range(6):
        _wait_watch(app, scene)
        assert scene.watch.result().winnable is True
        choose(app, scene, "Game", "Show a winning move")
        if scene.winning.job is not None:
            scene.winning.job[1].wait(20)
        app.settle()
        if n == 0:  # the first time, once it has found one, it asks, saying what it costs
            assert "assisted" in app.stack.top.message
            key(app, pygame.K_RETURN)
        assert scene.status.message.startswith("Winning move:") and "assisted" in scene.status.message
        assert scene.assisted and not scene.state.scored
        move = scene.winning.shown
        scene.play(move)
        app.settle()
        if scene.is_over():
            break
    assert solver.solve(scene.state, node_budget=300_000).winnable is not False


def test_winnable_deals_only_deals_a_proven_deal(app):
    from game.acesup import solver

    scene = open_table(app, "acesup", seed=1)
    scene.winnable.toggle_only()
    assert app.settings.game("acesup")["winnable_only"] is True
    key(app, pygame.K_n, CTRL, settle=False)
    app.pump()
    if scene.winnable.search_job is not None:
        assert "Looking for a winnable deal" in scene.status.message
        scene.winnable.search_job.wait(30)
    app.settle()
    assert scene.winnable.search_job is None
    assert "winnable deal" in scene.status.message
    if "proven" in scene.status.message:
        assert solver.solve(scene.state, node_budget=400_000).winnable is True


def test_demo_plays_to_the_end_off_the_frame_loop(app):
    app.settings.animation = "off"
    scene = open_table(app, "acesup", seed=31)
    key(app, pygame.K_e, CTRL, settle=False)
    app.pump()
    assert scene.demo
    for _ in range(3000):
        if scene.is_over():
            break
        app.pump()
    assert scene.is_over() and not scene.demo
    assert len(scene.history.moves) >= 12  # at least every deal was played
    assert "Demo over" in scene.status.message


def test_a_click_stops_the_demo(app):
    scene = open_table(app, "acesup", seed=31)
    scene.toggle_demo()
    click(app, (640, 600), settle=False)
    app.pump()
    assert not scene.demo


def test_dropping_a_card_on_its_pair_partner_discards_both(app):
    scene = open_table(app, "acesup")
    position(scene, deck_with(["7H", "7S", "5C", "9D"]))
    drag(app, center_of(scene, "7H"), center_of(scene, "7S"))
    assert set(scene.state.removed) == {"7H", "7S"}


def test_select_deal_replays_that_deal(app):
    scene = open_table(app, "acesup", seed=5)
    first = scene.state
    key(app, pygame.K_n, CTRL)
    key(app, pygame.K_d, CTRL)
    dlg = app.stack.top
    dlg.field.set("")
    type_text(app, "5")
    key(app, pygame.K_RETURN)
    assert scene.seed == 5 and scene.state == first
    key(app, pygame.K_d, CTRL)
    app.stack.top.field.set("")
    type_text(app, "abc")
    key(app, pygame.K_RETURN)
    assert "deal number" in app.stack.top.error


def test_hint_key_highlights_a_card(app):
    scene = open_table(app, "acesup")
    position(scene, deck_with(["2H", "KH", "5C", "9D"]))
    scene.watch.enabled = False
    key(app, pygame.K_h, CTRL)
    assert scene.table.sprites["2H"].highlight is not None
    assert "two of hearts" in scene.status.message


def test_loading_a_missing_file_says_so(app):
    scene = open_table(app, "acesup", seed=5)
    before = scene.state
    key(app, pygame.K_o, CTRL)
    app.stack.top.field.set("never saved")
    key(app, pygame.K_RETURN)
    assert "does not exist" in app.stack.top.message and scene.state == before


def _win(app):
    scene = open_table(app, "acesup", seed=3)
    removed = tuple(c for c in full_pack() if c not in ("AS", "AH", "AC", "AD", "2D"))
    scene.start_game(rules.State(piles=(("AS",), ("AH",), ("AC", "AD"), ("2D",)), stock=(), removed=removed,
                                 score=30), 9)
    app.settle()
    click(app, center_of(scene, "2D"), settle=False)
    app.pump()
    return scene


def test_a_win_is_celebrated_and_new_game_ends_it(app):
    from game.engine.celebrate import Celebration
    from game.engine.table import EndBox

    scene = _win(app)
    assert [type(s) for s in app.stack.scenes][1:] == [Celebration, EndBox]
    for _ in range(30):
        app.pump()
    key(app, pygame.K_RETURN)  # New game
    assert app.stack.scenes == [scene] and rules.outcome(scene.state) is None


def test_no_celebration_when_animations_are_off(app):
    app.settings.animation = "off"
    _win(app)
    assert [type(s).__name__ for s in app.stack.scenes] == ["AcesUpScene", "EndBox"]


def test_escape_during_a_drag_sends_the_card_home(app):
    scene = open_table(app, "acesup")
    position(scene, deck_with(["2H", "KH", "6C", "8D"]))
    home = scene.table.sprites["6C"].rect(scene.table.card_size).topleft
    start = center_of(scene, "6C")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 200, start[1] + 300), rel=(200, 300),
                                         buttons=(1, 0, 0)))
    app.pump()
    assert scene.table.sprites["6C"].dragging
    key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 200, start[1] + 300), button=1))
    app.settle()
    sp = scene.table.sprites["6C"]
    assert not sp.dragging and sp.rect(scene.table.card_size).topleft == home


def test_bench_measures_frames_while_the_solver_thinks(app):
    """`main.py bench` has an animation row taken while the solver works in its thread on a hard deal."""
    from game import registry
    from game.acesup import solver
    from game.engine import bench

    scene = registry.make_scene(app, "acesup", seed=1, resume=False)
    hard = scene.bench_solver_state()
    assert solver.solve(hard, node_budget=5_000).winnable is None  # it keeps the solver busy
    out = bench.bench_scene(app, scene, 12)
    assert out["animation_solving"]["frames"] > 0
    assert out["animation_solving"]["p99_ms"] >= out["animation_solving"]["p50_ms"] > 0
