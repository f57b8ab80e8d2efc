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


# --- 1. the computer's cards shown: one suit a row, every rank and suit readable ------------------------
HANDS = {
    "14": "2C 5C 9C 3H 4H 5H 6H 7H 8H 9H KS AS JK 2D",
    "19": "7C JC AD 4D 6D 7D 8D 9D TD QD AH 5H 9H 9H TH 4S 5S 6S 8S",  # c31.png's hand, near enough
    "30": "AC 2C 3C 5C 7C 9C TC QC AD 3D 4D 6D 8D TD KD 2H 4H 6H 7H 9H TH JH 3S 5S 7S 9S TS QS JK KS",
}


@pytest.mark.parametrize("hand", list(HANDS), ids=lambda h: f"{h}cards")
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_computers_cards_lie_one_suit_a_row_each_index_whole(size, hand):
    """c31.png, 1280x800: the diamonds started on the clubs' row and went on into the second; the rows lay
    over each other.  Each suit starts a row of its own, in rank order; no card covers another's rank or suit
    (the index measured on the face drawn); the cards stay readable faces, inside the computer's area."""
    import dataclasses

    from game.engine import layoutcheck
    from game.romi import rules
    from game.romi.layout import MIN_FACE_W
    from sprites.cards import COVERED_STRIP
    from tests.scenes.test_romi_r8 import ink_right
    from tests.scenes.test_romi_scene import deck

    cards = HANDS[hand].split()
    app = make_app(size, animation="off")
    try:
        scene = romi_position(app, [], "KC KD", "2D")
        d = deck("KC KD", " ".join(cards[:14]), " ".join(cards[14:]))
        st = rules.new_game(deck=d)
        extra = len(cards) - 14
        st = dataclasses.replace(st, hands=(st.hands[0], st.hands[1] + st.stock[:extra]), stock=st.stock[extra:])
        scene.start_game(st, 7)
        app.settle()
        scene.toggle_see_cards()
        app.settle()
        shown = [sp for sp in scene.table.ordered() if "#c" in sp.id]  # in drawing order
        assert sorted(sp.code for sp in shown) == sorted(cards)
        rects = {sp.id: sp.rect(scene.table.card_size) for sp in shown}
        rows: dict[int, list[str]] = {}
        for sp in sorted(shown, key=lambda sp: (rects[sp.id].y, rects[sp.id].x)):
            rows.setdefault(rects[sp.id].y, []).append(sp.code)
        suits_by_row = [[c[1] for c in row if c != "JK"] for row in rows.values()]
        assert all(len(set(s)) <= 1 for s in suits_by_row), list(rows.values())  # one suit a row
        order = [s[0] for s in suits_by_row if s]
        assert all(order[k] == order[k + 1] or order[k] not in order[k + 1:] for k in range(len(order) - 1)), \
            list(rows.values())  # a suit's rows follow each other
        reading = [c for row in rows.values() for c in row if c != "JK"]
        for suit in "CDHS":
            mine = [c for c in reading if c[1] == suit]
            assert mine == sorted(mine, key=lambda c: rules_rank(c)), mine  # in rank order
        for k, sp in enumerate(shown):
            r = rects[sp.id]
            assert r.w >= MIN_FACE_W, (sp.code, r)  # a readable face
            assert scene.cpu_rect.contains(r), (sp.code, r, scene.cpu_rect)
            index = pygame.Rect(r.x, r.y, ink_right(app.art.face(sp.code, r.w, r.h)) + 1, int(r.h * COVERED_STRIP))
            for other in shown[k + 1:]:  # drawn above it
                assert not rects[other.id].colliderect(index), (sp.id, other.id)
        assert layoutcheck.problems(layoutcheck.record(app.draw), size) == []
    finally:
        app.close()


def rules_rank(code: str) -> int:
    from game.cards import RANKS

    return RANKS.index(code[0])
