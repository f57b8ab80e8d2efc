"""Choosing a menu item the way a player does: a click on the menu title, then a click on the item."""

from __future__ import annotations

from tests.scenes.helpers import click


def item_center(scene, menu_title: str, label: str) -> tuple[int, int]:
    bar = scene.menubar
    i = next(n for n, m in enumerate(bar.menus) if m.title == menu_title)
    drop = bar._drop_rect(i)
    y = drop.y + 4
    for it in bar.menus[i].items:
        h = 8 if it.separator else bar.ITEM_H
        if it.label == label:
            return (drop.x + 20, y + h // 2)
        y += h
    raise AssertionError(f"no item {label!r} in the {menu_title} menu")


def choose(app, scene, menu_title: str, label: str) -> None:
    """Open ``menu_title`` with a click on its title and click ``label``."""
    i = next(n for n, m in enumerate(scene.menubar.menus) if m.title == menu_title)
    click(app, scene.menubar.title_rects[i].center)
    assert scene.menubar.open == i
    click(app, item_center(scene, menu_title, label))
