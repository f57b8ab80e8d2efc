"""Release candidate (issue 23): the player's intent is never lost — fast clicks, keyboard focus holes."""

from __future__ import annotations

import pytest

from game.acesup import rules
from tests.scenes.helpers import click, make_app, open_table


def pump_for(app, seconds: float) -> None:
    for _ in range(max(1, int(seconds * 120))):
        app.pump()


@pytest.mark.parametrize("speed", ["normal", "slow", "fast"])
def test_clicks_on_the_stock_faster_than_the_deal_each_deal(speed):
    app = make_app(animation=speed)
    try:
        scene = open_table(app, "acesup", seed=3)
        assert len(scene.state.stock) == 48
        for _ in range(4):  # one click every 0.1 s: the deal's flight lasts longer than that
            click(app, scene.stock_rect.center, settle=False)
            pump_for(app, 0.1)
        app.settle()
        assert len(scene.history.moves) == 4
        assert all(isinstance(m, rules.Deal) for m in scene.history.moves)
        assert len(scene.state.stock) == 32
    finally:
        app.close()


def test_a_click_on_a_card_still_flying_acts_where_the_card_will_rest():
    app = make_app(animation="slow")
    try:
        scene = open_table(app, "acesup", seed=3)
        click(app, scene.stock_rect.center, settle=False)
        pump_for(app, 0.05)
        # the first dealt card is still over the stock: a click there is a click on the stock
        moving = [sp for sp in scene.table.sprites.values() if sp.tween is not None]
        assert moving
        click(app, scene.stock_rect.center, settle=False)
        app.settle()
        assert [type(m) for m in scene.history.moves] == [rules.Deal, rules.Deal]
        assert "can only" not in scene.status.message
    finally:
        app.close()
