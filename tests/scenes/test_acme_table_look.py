"""Issue 24: the ACME table reads right.  The President's seat has no frame like the "whose turn" one; a
selected card is lifted and outlined with its face as it is (not a negative); no menu shows two separators
in a row."""

from __future__ import annotations

import pytest

from game.acme import players, rules
from game.engine import theme
from tests.rules.test_acme_rules import DECK
from tests.scenes.helpers import click, make_app, open_table
from tests.scenes.test_acme_scene import center_of


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def deal(app, roles):
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(rules.new_game(deck=DECK, roles=list(roles)), 7)
    app.settle()
    return scene


def edge_colours(app, r):
    """The colours on the rectangle's top and left edges, and just outside them."""
    out = set()
    for d in (0, 1, 2, -3, -4):
        for x in range(r.x + 12, r.right - 12, 7):
            out.add(tuple(app.window.get_at((x, r.y - d if d < 0 else r.y + d)))[:3])
    return out


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_only_the_seat_to_act_is_framed(size):
    a = make_app(size=size, animation="off")
    try:
        scene = deal(a, (1, 2, 3, 4, 0))  # seat 1 is President; you, the Apprentice, give last
        assert rules.current_player(scene.state) == 0 and rules.role_of(scene.state, 1) == 0
        a.pump()
        lit = {theme.HILITE[:3], theme.GOLD[:3]}
        assert not edge_colours(a, scene.seat_rects[1]) & lit, "the President's seat looks like the turn"
        assert theme.HILITE[:3] in edge_colours(a, scene.seat_rects[0])
    finally:
        a.close()


def test_a_selected_card_is_lifted_and_outlined_not_a_negative(app):
    scene = deal(app, (0, 1, 2, 3, 4))
    sp = scene.table.sprites["3C"]
    rest_y = sp.y
    click(app, center_of(scene, "3C"))
    assert scene.selected == {"3C"}
    app.pump()
    w, h = scene.table.card_size
    x, y = round(sp.x), round(sp.y - h * scene.table.selected_raise)
    assert y < rest_y - h * 0.15  # plainly lifted
    face = app.art.face("3C", w, h)
    for fx, fy in ((6, h // 2), (w // 6, h - 12), (w // 5, h // 3)):  # the paper: white, not black
        assert tuple(app.window.get_at((x + fx, y + fy)))[:3] == tuple(face.get_at((fx, fy)))[:3]
    assert tuple(app.window.get_at((x + w // 6, y - 3)))[:3] == theme.HILITE[:3]  # the outline


@pytest.mark.parametrize("game", ["acme", "court"])
def test_no_two_separators_in_a_row(app, game):
    scene = open_table(app, game, seed=3)
    for menu in scene.menubar.menus:
        seps = [it.separator for it in menu.items]
        assert not seps[0] and not seps[-1], menu.title
        assert not any(a and b for a, b in zip(seps, seps[1:], strict=False)), (menu.title,
                                                                                [i.label for i in menu.items])
