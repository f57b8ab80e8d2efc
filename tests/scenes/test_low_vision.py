"""Issue 34, low vision: in High contrast every line of text really drawn meets 4.5:1 against what lies under
it; Romi's board repaints with the colours; ACME's hand takes the table's width.

Not a list of colour pairs: theme.TEXT_RECORD keeps each line `theme.text` draws with its colour and the
average colour under it before it is drawn, on every screen a player meets (the main menu, each table at
the start and in play, its menus open, its boxes), at the three window sizes."""

from __future__ import annotations

import pygame
import pytest

from game.engine import theme, view
from game.engine.dialogs import message
from game.mainmenu import MainMenu
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table


def _low(app) -> list[str]:
    """Draw the screen as it stands and return every line of text under 4.5:1."""
    theme.TEXT_RECORD = []
    try:
        app.draw()
        return [f"{msg!r} {fg} on {bg}: {theme.contrast(fg, bg):.2f}" for msg, fg, bg, _r in theme.TEXT_RECORD
                if theme.contrast(fg, bg) < 4.5]
    finally:
        theme.TEXT_RECORD = None


def _high_contrast_app(tmp_path, monkeypatch, size):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    app.settings.high_contrast = True
    view.apply(app)
    return app


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_every_text_drawn_in_high_contrast_meets_4_5_to_1(tmp_path, monkeypatch, size):
    app = _high_contrast_app(tmp_path, monkeypatch, size)
    low: list[str] = []
    app.replace(MainMenu(app))
    app.settle()
    low += [f"main menu: {x}" for x in _low(app)]
    for game in ("acesup", "thieves", "acme", "court", "romi"):
        scene = open_table(app, game, seed=3)
        low += [f"{game}: {x}" for x in _low(app)]
        for _ in range(6):  # some play: the computers' turns, the stock turned, a status line or two
            press(app, pygame.K_SPACE)
        low += [f"{game} in play: {x}" for x in _low(app)]
        press(app, pygame.K_F10)  # a menu open
        low += [f"{game} menu: {x}" for x in _low(app)]
        press(app, pygame.K_ESCAPE)
        message(app, "A box", "Every box is drawn the same way.")
        app.settle()
        low += [f"{game} box: {x}" for x in _low(app)]
        press(app, pygame.K_ESCAPE)
        scene.status.say("A warning on the status line.", theme.HILITE)
        low += [f"{game} warning: {x}" for x in _low(app)]
    app.close()
    assert not low, "\n".join(sorted(set(low)))


def test_the_record_sees_a_low_contrast_text():
    """The measure itself: grey on grey is caught, white on the high-contrast felt is not."""
    surface = pygame.Surface((200, 60))
    surface.fill((150, 150, 150))
    theme.TEXT_RECORD = []
    try:
        theme.text(surface, "grey", (10, 10), 20, (120, 120, 120))
        surface.fill((12, 14, 18))
        theme.text(surface, "white", (10, 10), 20, (255, 255, 255))
        theme.text(surface, "shadow", (10, 10), 20, (0, 0, 0), shadow=True)
        got = [(msg, round(theme.contrast(fg, bg), 1)) for msg, fg, bg, _r in theme.TEXT_RECORD]
    finally:
        theme.TEXT_RECORD = None
    assert got[0][0] == "grey" and got[0][1] < 2
    assert got[1][0] == "white" and got[1][1] > 15
    assert len(got) == 2


def test_an_empty_piles_label_is_solid_in_high_contrast(tmp_path, monkeypatch):
    """The slot labels ("Discards", "Stock") are drawn into the card art, not by theme.text: measured on the
    pixels drawn, the brightest of the label against the slot's own ground beside it."""
    app = _high_contrast_app(tmp_path, monkeypatch, (1280, 800))
    scene = open_table(app, "acesup", seed=3)
    app.draw()
    r = scene.discard_rect
    band = pygame.Rect(r.x + r.w // 8, r.centery - r.h // 12, r.w * 3 // 4, r.h // 6)
    label = max((app.window.get_at((x, y))[:3] for x in range(band.left, band.right) for y in range(band.top,
                band.bottom)), key=theme.luminance)
    ground = app.window.get_at((r.centerx, r.y + r.h // 5))[:3]
    app.close()
    assert theme.contrast(label, ground) >= 4.5, (label, ground)


def test_romis_board_repaints_at_once_when_high_contrast_is_toggled(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "romi", seed=3)
    corner = scene.board_rect.inflate(12, 12).move(4, 0).midtop  # the board's own ground, between no cells
    corner = (corner[0], corner[1] + 3)
    app.draw()
    assert app.window.get_at(corner)[:3] == theme.FELT_DARK
    view.toggle_contrast(app)  # Options ▸ High-contrast table
    app.settle()
    app.draw()
    assert theme.HIGH_CONTRAST and app.window.get_at(corner)[:3] == theme.FELT_DARK == (0, 0, 0)
    view.toggle_contrast(app)
    app.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_acmes_hand_uses_the_tables_width(tmp_path, monkeypatch, size):
    """A 12-card hand spreads between your seat's panel and the Play button (it was squeezed into ~370 px at
    800x600, each card showing 0.42 of its width, and a '10' was clipped by the next card)."""
    from game.acme import rules as acme
    from tests.rules.test_acme_rules import DECK

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    scene = open_table(app, "acme", seed=5)
    scene.start_game(acme.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), 7)
    app.settle()
    cw, _ch = scene.table.card_size
    xs = sorted(scene.table.sprites[c].x for c in scene.state.hands[0])
    assert len(xs) == 12
    steps = {round(b - a) for a, b in zip(xs, xs[1:], strict=False)}
    span = xs[-1] + cw - xs[0]
    panel, play = scene.seat_rects[0], scene.play_button.rect
    app.close()
    assert min(steps) >= 0.48 * cw, (steps, cw)
    assert span >= 0.5 * size[0] or min(steps) >= 0.6 * cw - 1, (span, size)
    assert xs[0] >= panel.right + 12 and xs[-1] + cw <= play.left - 12, (xs[0], xs[-1] + cw, panel, play)


def test_a_jokers_badge_on_romis_small_board_cards_reads_at_a_glance(tmp_path, monkeypatch):
    """At 1280x800 Romi's board cards are ~41 px faces (tiles below 40): the badge saying what a joker stands
    for is large there — its chip half the card's width, its rank a third of its height — and on a tile its
    suit sign fills the chip's room (a 10-px 'K' and a 5-px heart before)."""
    from game.romi import jokers

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")  # the type scale of 1280x800
    surface = pygame.Surface((200, 100))
    chip, rank, _ = jokers.draw_badge(surface, pygame.Rect(0, 0, 41, 57), "K", None)
    assert chip.w >= 0.45 * 41 and rank.h >= 0.25 * 57, (chip, rank)
    chip, rank, pip = jokers.draw_badge(surface, pygame.Rect(50, 0, 37, 52), "7", "H")
    assert pip is not None and pip.h >= 0.3 * 52 and chip.contains(pip), (chip, rank, pip)
    chip, _rank, _ = jokers.draw_badge(surface, pygame.Rect(100, 0, 80, 112), "K", None)
    assert chip.w <= 0.3 * 80  # a big face keeps its small badge over the corner
    app.close()
