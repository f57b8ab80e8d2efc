"""Release candidate (issue 23): no stale words or stale pictures on the solitaire tables."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.helpers import center_of, click, make_app, open_table


@pytest.fixture
def app():
    a = make_app(animation="normal")
    yield a
    a.close()


def seconds_until_still(app, limit: float = 10.0) -> float:
    t = 0.0
    while app.busy() and t < limit:
        app.pump()
        t += 1 / 120
    return t


def test_computer_speed_is_offered_only_where_a_computer_plays(app):
    for game, offered in (("thieves", False), ("acesup", True)):  # Aces Up has its demo
        scene = open_table(app, game, seed=3)
        options = next(m for m in scene.menubar.menus if m.title == "Options")
        assert ("Computer speed…" in [i.label for i in options.items]) is offered, game


def test_restart_deals_the_piles_at_once_not_after_the_stock(app):
    scene = open_table(app, "acesup", seed=4)
    click(app, scene.stock_rect.center)
    scene.restart()
    app.pump()
    piles = [sid for p in scene.state.piles for sid in p]
    delays = [scene.table.sprites[sid].tween.delay for sid in piles if scene.table.sprites[sid].tween]
    assert delays and max(delays) < 0.5


def test_the_hint_highlight_goes_when_another_card_is_dragged(app):
    scene = open_table(app, "acesup", seed=3)
    click(app, scene.stock_rect.center)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0))
    app.settle()
    assert scene.highlighted
    other = next(p[-1] for p in scene.state.piles if p and p[-1] not in scene.highlighted)
    start = center_of(scene, other)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.pump()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] + 40), rel=(30, 40),
                                         buttons=(1, 0, 0)))
    app.pump()
    assert scene.table.drag and not scene.highlighted


def test_changing_the_variation_asks_once(app):
    from game.engine.dialogs import ChoiceDialog

    scene = open_table(app, "acesup", seed=3)
    click(app, scene.stock_rect.center)
    scene.choose_variation()
    app.settle()
    dlg = app.stack.top
    assert isinstance(dlg, ChoiceDialog) and "will be lost" in dlg.note
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.settle()
    assert app.stack.top is scene and scene.variation != "aces_up" and not scene.history.moves


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_long_piles_keep_every_card_rank_and_suit_readable(size):
    from game.acesup import rules
    from game.cards import full_pack

    app = make_app(size=size, animation="off")
    try:
        scene = open_table(app, "acesup", seed=1)
        pack = full_pack()
        piles = (tuple(pack[0:9]), tuple(pack[9:20]), tuple(pack[20:30]), tuple(pack[30:43]))
        scene.start_game(rules.State(piles=piles, stock=tuple(pack[43:47]), removed=tuple(pack[47:])), 1)
        app.settle()
        click(app, scene.stock_rect.center)  # a real deal onto the long piles (the last one is 14 cards)
        cw, ch = scene.table.card_size
        assert cw >= 40
        for pile in scene.state.piles:
            ys = [scene.table.sprites[c].y for c in pile]
            gaps = [b - a for a, b in zip(ys, ys[1:], strict=False)]
            assert min(gaps) >= int(0.25 * ch) - 1  # the corner index: rank and suit
        bottom = max(scene.table.sprites[p[-1]].rect(scene.table.card_size).bottom for p in scene.state.piles)
        assert bottom <= scene.buttons[0].rect.y
    finally:
        app.close()
