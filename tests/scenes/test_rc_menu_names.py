"""Release candidate (issue 23): the main menu's Resume badges and quiet tiles; the high-score name prefilled."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dialogs import TextInputDialog
from game.mainmenu import MainMenu
from saves.thieves_records import ThievesRecords
from tests.rules.test_thieves_helpers import position
from tests.scenes.helpers import center_of, click, key, make_app, open_table, type_text


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def test_the_main_menu_marks_games_left_unfinished(app):
    scene = open_table(app, "acesup", seed=8)
    click(app, scene.stock_rect.center)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()  # closing keeps the game
    menu = MainMenu(app)
    app.replace(menu)
    app.settle()
    assert menu.waiting == {"acesup"}
    said: list[str] = []
    from game import mainmenu

    real = mainmenu.theme.text
    mainmenu.theme.text = lambda surface, words, *a, **k: (said.append(words), real(surface, words, *a, **k))[1]
    try:
        app.invalidate()
        app.pump()
    finally:
        mainmenu.theme.text = real
    assert said.count("Resume") == 2  # the badge and the tile's button, on the Aces Up tile only


def test_no_tile_is_raised_until_one_is_chosen(app):
    menu = MainMenu(app)
    app.replace(menu)
    app.settle()
    tile = menu.tiles[0][1]
    colour_at_top = tuple(app.window.get_at((tile.centerx, tile.y + 2)))[:3]
    assert colour_at_top != tuple(app.window.get_at((tile.centerx, tile.y - 4)))[:3]  # drawn where it lies
    assert not menu.focus_shown
    key(app, pygame.K_RIGHT)  # the first arrow shows the choice (the first tile), the next moves it
    assert menu.focus_shown and menu.focus == 0
    key(app, pygame.K_RIGHT)
    assert menu.focus == 1


def test_the_high_score_name_is_prefilled_with_the_last_name_and_typing_replaces_it(app):
    rec = ThievesRecords()
    rec.last_name = "Ada"
    rec.save()
    scene = open_table(app, "thieves")
    scene.start_game(position([["6C"], ["AS"], [], [], [], [], []], "5H", [], jokers=1, score=200), 7)
    app.settle()
    click(app, center_of(scene, "6C"))
    dlg = app.stack.top
    assert isinstance(dlg, TextInputDialog) and dlg.field.text == "Ada"
    type_text(app, "Grace")
    assert dlg.field.text == "Grace"  # the prefilled name is selected: typing replaces it


def test_the_name_box_is_prefilled_across_sessions_and_joker_tables(app):
    """QA m5: after a restart, over another joker count's table, the name box was empty. The name typed last
    is prefilled in the next session whatever the table, and a records file that keeps no last name (written
    before it was kept, or mended by hand) prefills the newest entry's name."""
    import json

    def reach_the_name_box(app, jokers: int) -> TextInputDialog:
        scene = open_table(app, "thieves")
        scene.start_game(position([["6C"], ["AS"], [], [], [], [], []], "5H", [], jokers=jokers, score=200), 7)
        app.settle()
        click(app, center_of(scene, "6C"))
        dlg = app.stack.top
        assert isinstance(dlg, TextInputDialog)
        return dlg

    rec = ThievesRecords()
    rec.add_score(2, 144, "Иван ñoño", "2026-11-20")
    rec.add_score(1, 150, "Old Name", "2026-11-02")
    raw = json.loads(rec.path.read_text())
    del raw["last_name"]
    rec.path.write_text(json.dumps(raw))
    assert reach_the_name_box(app, 0).field.text == "Иван ñoño"
    type_text(app, "Grace")
    key(app, pygame.K_RETURN)
    app.close()
    again = make_app(animation="off")  # the next session, another joker count
    try:
        assert reach_the_name_box(again, 3).field.text == "Grace"
    finally:
        again.close()


@pytest.mark.parametrize("game", ["acesup", "court"])
def test_a_tile_marked_resume_resumes_without_asking_again(app, game):
    """Issue 32: clicking the tile marked Resume asked "Resume it?" a second time."""
    from game.engine.dialogs import MessageDialog
    from tests.scenes.test_resume_and_files import keep_a_game

    keep_a_game(app, game)
    menu = MainMenu(app)
    app.replace(menu)
    app.settle()
    assert game in menu.waiting
    tile = next(r for g, r in menu.tiles if g.name == game)
    click(app, tile.center)
    app.settle()
    table = app.stack.top
    assert not isinstance(table, MessageDialog) and table.game == game
    assert table.history.moves and "Welcome back" in table.status.message


@pytest.mark.parametrize("game", ["thieves", "acesup"])
def test_the_resume_tile_brings_back_the_kept_game_with_winnable_deals_only(app, game):
    """Fresh eyes, issue 32's Resume tile: Forty Thieves' table crashed (its stacks had no places yet when
    the kept game was laid out), and with "Winnable deals only" Aces Up dealt a new game over the resumed
    one and counted the kept game as lost."""
    from saves import games as saved_games
    from tests.scenes.test_resume_and_files import keep_a_game

    app.settings.game(game)["winnable_only"] = True
    keep_a_game(app, game)
    kept = saved_games.read_resume(game, "")
    menu = MainMenu(app)
    app.replace(menu)
    app.settle()
    assert game in menu.waiting
    click(app, next(r for g, r in menu.tiles if g.name == game).center)
    app.settle()
    table = app.stack.top
    assert table.game == game and not table.waiting_for_deal()
    assert table.seed == kept["seed"] and [str(m) for m in table.history.moves] == kept["moves"]
    assert "Welcome back" in table.status.message


def test_the_resume_badge_leaves_the_tile_around_it_clean(app):
    """Fresh eyes: the badge's drop shadow spilt over the tile's corner as a grey smear.  Everything just
    outside the badge is still the tile's paper."""
    paper = (248, 244, 234)
    tile = pygame.Rect(0, 0, 220, 320)
    surface = pygame.Surface((260, 360))
    surface.fill(paper)
    MainMenu.draw_resume_badge(surface, tile)
    gold = [(x, y) for x in range(tile.w) for y in range(60) if tuple(surface.get_at((x, y)))[:3] != paper]
    xs, ys = [p[0] for p in gold], [p[1] for p in gold]
    badge = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    assert badge.right <= tile.right - 8  # clear of the rounded corner
    ring = badge.inflate(12, 12)
    for x in range(ring.left, ring.right):
        for y in range(ring.top, ring.bottom):
            if not badge.collidepoint(x, y):
                assert tuple(surface.get_at((x, y)))[:3] == paper, (x, y)
