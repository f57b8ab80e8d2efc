"""High contrast reaches every dark panel (issue 34, round 13, low vision: the score panels, ACME's seats, Court's
score box and the solver's pill stayed dark green on the high-contrast table's black felt).  Every panel fill and
edge drawn on the main menu and the five tables, at three window sizes, is looked at as drawn."""

from __future__ import annotations

import pytest

from game.engine import theme, view
from game.mainmenu import MainMenu
from tests.scenes.helpers import make_app, open_table

SCREENS = ["menu", "acesup", "thieves", "acme", "court", "romi"]


def _greenish(colour) -> bool:
    """A dark green of the normal table (the felt's family): green clearly above red and blue."""
    r, g, b = colour[:3]
    return g - max(r, b) >= 12


def _panel_colours(monkeypatch, size, screen: str, high: bool) -> list[tuple]:
    app = make_app(size=size, animation="off")
    app.settings.high_contrast = high
    view.apply(app)
    if screen == "menu":
        app.replace(MainMenu(app))
    else:
        open_table(app, screen, seed=3)
    app.settle()
    drawn: list[tuple] = []
    real = theme.panel

    def panel(surface, rect, colour=theme.PANEL, edge=theme.PANEL_EDGE, radius: int = 10) -> None:
        drawn.extend([tuple(colour), tuple(edge)])
        real(surface, rect, colour, edge, radius)

    monkeypatch.setattr(theme, "panel", panel)
    app.draw()
    monkeypatch.setattr(theme, "panel", real)
    app.settings.high_contrast = False
    view.apply(app)
    return drawn


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_no_dark_green_panel_is_left_in_high_contrast(tmp_path, monkeypatch, size):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    green = {s: [c for c in _panel_colours(monkeypatch, size, s, True) if _greenish(c)] for s in SCREENS}
    assert green == {s: [] for s in SCREENS}
    # the same look in the normal table keeps its greens (the check sees them: it is not blind to panels)
    assert any(_greenish(c) for c in _panel_colours(monkeypatch, size, "thieves", False))


def test_the_high_contrast_panel_keeps_its_text_readable():
    for ink in (theme.WHITE, theme.GOLD, (255, 230, 0)):
        assert theme.contrast(ink, theme.HC_BOARD) >= 7
    assert theme.contrast(theme.HC_BOARD, (12, 14, 18)) > 1.2  # told from the felt (and by its gold edge)
