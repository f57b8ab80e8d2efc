"""Romi, round 9 polish (a fresh player's "release candidate" notes): the status line after Help from Romi,
the computer's cards shown one suit a row."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.helpers import key, make_app
from tests.scenes.test_status_now import romi_position, said

CTRL = pygame.KMOD_CTRL
SIZES = [(800, 600), (1280, 800), (1920, 1080)]


def size_id(s: tuple[int, int]) -> str:
    return f"{s[0]}x{s[1]}"


# --- 2. after Help from Romi, the turn prompt is never what is cut --------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_after_help_from_romi_the_line_shows_what_happened_and_whose_turn(size, monkeypatch):
    """c593.png, 1280x800: 'Romi played for you: <three groups>. The computer played 1 card: <…>. Your…': the
    turn prompt was cut.  The line shows Romi's deed short when the whole does not fit; speech says it all."""
    from game.engine import speech

    app = make_app(size, animation="off")
    try:
        scene = romi_position(app, [("2C", "2D", "2S"), ("4S", "4D", "4C"), ("5S", "6S", "7S"), ("TH", "JH", "QH")],
                              "2H 4H 8S 9H KC QD 3D", "9S 6C 3C 9D")
        spoken: list[str] = []
        monkeypatch.setattr(speech, "announce", lambda text, *a, **kw: spoken.append(text))
        shown = said(scene, monkeypatch)
        key(app, pygame.K_h, CTRL)
        key(app, pygame.K_RETURN)  # Romi asks first (a win would not count): Play for me
        app.settle(max_seconds=20)
        assert scene.state.turn == 0 and len(scene.history.moves) == 2
        line = scene.status.message
        assert scene.status.fits(line, size[0]), (line, shown)  # nothing of it cut
        assert line.startswith("Romi played ") and "for you" in line, line
        assert "The computer played 1 card" in line, line  # its cards, when the line has no room: Cards played
        assert line.endswith("Your turn: play cards and press End turn, or Draw."), line
        whole = spoken[-1]  # the voice keeps every card Romi played
        assert whole.startswith("Romi played for you: the two of hearts"), whole
        assert "nine of hearts" in whole and "the nine of spades on a run" in whole, whole
        assert whole.endswith("or Draw."), whole
    finally:
        app.close()
