"""A selected card is unmistakable: it is drawn in reverse video (dark paper) inside a gold frame (Aces Up's
pair, Romi's cards to move); in ACME's fanned hand it is lifted and framed with its face as it is (issue 24:
a negative under the next card read as another card)."""

from __future__ import annotations

from game.engine import layoutcheck
from tests.scenes.helpers import center_of, click, make_app, open_table


def _paper(app, scene, sid: str) -> int:
    """The brightness of the card's paper, just inside its top edge, as drawn on the screen."""
    boxes = layoutcheck.record(app.draw)
    rect = next(b.rect for b in boxes if b.kind == "card" and b.label.endswith(":" + sid))
    # just below the corner index (it keeps to the top COVERED_STRIP of the card in every face style; a small
    # classic card prints rank and sign side by side there), above the pips: paper even where the next card
    # overlaps this one
    colour = app.window.get_at((rect.x + int(rect.w * 0.3), rect.y + int(rect.h * 0.26)))
    return (colour.r + colour.g + colour.b) // 3


def _gold_frame(app, scene, sid: str) -> bool:
    boxes = layoutcheck.record(app.draw)
    rect = next(b.rect for b in boxes if b.kind == "card" and b.label.endswith(":" + sid))
    c = app.window.get_at((rect.x + int(rect.w * 0.3), rect.y - 2))
    return c.r > 200 and c.g > 170 and c.b < 120


def test_aces_up_pair_selection_is_reversed_and_framed(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app()
    scene = open_table(app, "acesup", seed=3)
    top = scene.state.piles[0][-1]
    assert _paper(app, scene, top) > 200
    scene.select(0)
    app.settle()
    assert _paper(app, scene, top) < 80
    assert _gold_frame(app, scene, top)
    scene.select(None)
    app.settle()
    assert _paper(app, scene, top) > 200


def test_acme_selected_cards_are_lifted_and_framed_not_reversed(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app()
    scene = open_table(app, "acme", seed=3)
    hand = sorted((sp for sp in scene.table.sprites.values() if sp.face_up and sp.y > app.size[1] * 0.7),
                  key=lambda sp: sp.x)
    card = hand[3].id
    assert _paper(app, scene, card) > 200
    rect = scene.table.sprites[card].rect(scene.table.card_size)
    click(app, (rect.x + rect.w // 6, rect.centery))  # its visible strip: the next card covers the rest
    assert card in scene.selected
    assert _paper(app, scene, card) > 200
    assert _gold_frame(app, scene, card)


def test_romi_selected_cards_are_reversed(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app()
    scene = open_table(app, "romi", seed=3)
    card = scene.board.palette[2]
    assert _paper(app, scene, card) > 200
    click(app, center_of(scene, card))
    assert scene.selection == [card]
    assert _paper(app, scene, card) < 80
    assert _gold_frame(app, scene, card)
