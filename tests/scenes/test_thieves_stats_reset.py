"""Forty Thieves statistics have the Reset that Aces Up's have: asked first, the high scores kept."""

from __future__ import annotations

import pygame

from game.engine.dialogs import MessageDialog, TableDialog
from saves.thieves_records import ThievesRecords
from tests.scenes.helpers import click, key, make_app, open_table


def test_reset_clears_every_statistic_after_asking_and_keeps_the_high_scores(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    rec = ThievesRecords()
    rec.record_game(2, 120, 1)
    rec.add_score(2, 120, "Ann")
    assert rec.save() is None
    app = make_app(animation="off")
    scene = open_table(app, "thieves", seed=4)
    assert scene.records.stats[2].games == 1
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, TableDialog) and dlg.labels == ["Close", "Reset"]
    reset = next(b for b in dlg.buttons if b.label == "Reset")
    click(app, reset.rect.center)
    ask = app.stack.top
    assert isinstance(ask, MessageDialog) and "high-score tables are kept" in ask.message
    click(app, ask.buttons[0].rect.center)  # Yes
    assert app.stack.top is scene
    assert scene.status.message == "Statistics cleared."
    again = ThievesRecords()
    assert all(st.games == 0 for st in again.stats.values())
    assert [e.name for e in again.table(2)] == ["Ann"]


def test_reset_answered_no_keeps_the_statistics(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    rec = ThievesRecords()
    rec.record_game(2, 120, 1)
    assert rec.save() is None
    app = make_app(animation="off")
    open_table(app, "thieves", seed=4)
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Reset").rect.center)
    click(app, app.stack.top.buttons[1].rect.center)  # No
    assert ThievesRecords().stats[2].games == 1
