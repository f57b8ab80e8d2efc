"""Every glyph the program draws in its Help and menus exists in the font it is drawn with (issue 32: Help's
"Options ▸ Speak" drew "▸" as a missing-glyph box).  pygame.freetype reports a glyph the font lacks as None
(pygame.font would draw its .notdef box instead)."""

from __future__ import annotations

import pygame
import pygame.freetype
import pytest

from game import registry
from game.engine.dialogs import TextDialog
from game.mainmenu import MainMenu
from tests.scenes.helpers import key, make_app, open_table


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def missing_glyphs(text: str) -> set[str]:
    """The characters of ``text`` the UI font (theme.font: pygame's default face) has no glyph for."""
    pygame.freetype.init()
    face = pygame.freetype.Font(None, 20)
    chars = sorted({ch for ch in text if not ch.isspace()})
    return {ch for ch, m in zip(chars, face.get_metrics("".join(chars)), strict=True) if m is None}


def test_the_check_sees_a_missing_glyph():
    assert missing_glyphs("Options \u25b8 Speak") == {"\u25b8"}
    assert missing_glyphs("Options > Speak \u2014 \u2026") == set()


def menu_words(menus) -> list[str]:
    return [f"{m.title} {it.label} {it.shortcut}" for m in menus for it in m.items]


def shown_help(app, scene) -> str:
    scene.show_help()
    dlg = app.stack.top
    assert isinstance(dlg, TextDialog)
    text = dlg.text
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    return text


@pytest.mark.parametrize("game", [g.name for g in registry.GAMES if g.playable])
def test_every_glyph_of_a_tables_help_and_menus_exists(app, game):
    scene = open_table(app, game, seed=3)
    words = "\n".join([shown_help(app, scene), *menu_words(scene.menubar.menus)])
    assert missing_glyphs(words) == set()


def test_every_glyph_of_the_main_menu_and_the_review_help_exists(app):
    from game.engine.shortcuts import with_keys
    from game.mainmenu import ABOUT
    from game.review.help import HELP as REVIEW_HELP

    menu = MainMenu(app)
    words = "\n".join([with_keys("mainmenu", ABOUT), with_keys("review", REVIEW_HELP), *menu_words(menu.menubar.menus)])
    assert missing_glyphs(words) == set()
