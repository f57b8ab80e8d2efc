"""Issue 32, round 12 (shot-31z, 53, 74): the small cards in Court's round-end and game-end boxes were hard to
read — pips shrank to dots and court faces to blobs.  The box draws mini cards: the rank large, its suit sign
under it, read at a glance at every window size."""

from __future__ import annotations

import pygame
import pytest

from game.cards import RANKS, SUITS
from game.engine import theme
from game.engine.roundbox import CARD_H, TEXT_SIZE, RoundBox, Row
from tests.scenes.helpers import make_app, open_table


def ink_bands(card: pygame.Surface) -> list[int]:
    """The heights of the runs of rows holding ink (dark or coloured pixels), border and paper left out."""
    w, h = card.get_size()
    rows = []
    for y in range(2, h - 2):
        rows.append(any(max(card.get_at((x, y))[:3]) - min(card.get_at((x, y))[:3]) > 80
                        or max(card.get_at((x, y))[:3]) < 120 for x in range(3, w - 3)))
    bands, run = [], 0
    for ink in rows + [False]:
        if ink:
            run += 1
        elif run:
            bands.append(run)
            run = 0
    return bands


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_round_box_draws_its_cards_with_a_large_rank_and_suit_sign(size):
    app = make_app(size)
    try:
        open_table(app, "court", seed=4)
        codes = [r + s for s in SUITS for r in RANKS]
        rows = [Row(f"{s} cards:", tuple(codes[k:k + 13])) for k, s in zip(range(0, 52, 13), "ABCD", strict=True)]
        box = RoundBox(app, "End of round 1", rows, [("Close", lambda: None)])
        app.push(box)
        app.invalidate()
        app.pump()
        ch = theme.sc(CARD_H)
        cw = ch * 5 // 7
        b = box.body
        step = min(cw + theme.sc(4), (b.w - cw) // 12)
        y = b.y
        for i, row in enumerate(rows):  # each card where draw_body puts it, read off the window
            y += theme.sc(24) * len(box.wrapped[i])
            for k, code in enumerate(row.cards):
                shown = app.window.subsurface((b.x + theme.sc(8) + k * step, y + theme.sc(2), cw, ch))
                bands = ink_bands(shown)
                # a rank a third of the card tall, then a sign a quarter tall: no dots, no blob
                assert len(bands) == 2 and bands[0] >= ch * 0.3 and bands[1] >= ch * 0.22, (code, bands)
            y += ch + theme.sc(6) + theme.sc(4)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_bold_row_wraps_at_its_bold_width_inside_the_box(size):
    """Round 14 (a fresh player's shot at 1280×800): ACME's "This round was counted before…" row, in bold, was
    wrapped as plain text and its first line ran out past the box's right edge."""
    app = make_app(size)
    try:
        open_table(app, "acme", seed=4)
        text = ("This round was counted before: its places count nothing again, and the seats below are those it "
                "gave when it counted. " * 2)
        box = RoundBox(app, "Round over: you finished 5th", [Row(text, bold=True), Row(text)],
                       [("Close", lambda: None)])
        app.push(box)
        app.invalidate()
        app.pump()
        for row, lines in zip(box.rows, box.wrapped, strict=True):
            assert len(lines) > 1
            widest = max(theme.font(TEXT_SIZE, row.bold).size(line)[0] for line in lines)
            assert box.body.x + widest <= box.rect.right - theme.sc(12), (row.bold, widest, box.body, box.rect)
    finally:
        app.close()
