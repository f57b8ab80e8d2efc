"""The card renderer: every face and back draws, differs from the others and is cached."""

from __future__ import annotations

import pygame
import pytest

from game.cards import JOKER, full_pack
from sprites import ALL_FACES, BACK_NAMES, CardArt, felt_surface, make_icon
from sprites.cards import COVERED_STRIP, KEY

SIZES = [(44, 62), (120, 168)]


@pytest.fixture(scope="module")
def art():
    pygame.display.init()
    pygame.font.init()
    return CardArt(max_sizes=8)


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


def test_all_faces_is_the_pack_and_joker():
    assert sorted(ALL_FACES) == sorted(full_pack(0) + [JOKER])


@pytest.mark.parametrize("size", SIZES)
def test_every_face_renders_and_differs(art, size):
    w, h = size
    seen = {}
    for code in ALL_FACES:
        surf = art.face(code, w, h)
        assert surf.get_size() == (w, h)
        # rounded corners are keyed out, the middle and the edges between corners are card
        assert surf.get_colorkey()[:3] == KEY
        assert surf.get_at((0, 0))[:3] == KEY
        assert surf.get_at((w - 1, h - 1))[:3] == KEY
        assert surf.get_at((w // 2, 0))[:3] != KEY
        px = _pixels(surf)
        assert px not in seen, f"{code} looks exactly like {seen.get(px)}"
        seen[px] = code
    assert len(seen) == 53


@pytest.mark.parametrize("size", SIZES)
def test_every_back_renders_and_differs(art, size):
    w, h = size
    images = {_pixels(art.back(i, w, h)) for i in range(len(BACK_NAMES))}
    assert len(images) == len(BACK_NAMES) == 12
    assert len(set(BACK_NAMES)) == 12
    # backs have a white margin like real ones
    back = art.back(0, w, h)
    assert back.get_at((w // 2, 2))[:3] == (255, 255, 255)


def test_faces_are_not_backs(art):
    faces = {_pixels(art.face(c, 60, 84)) for c in ALL_FACES}
    assert not faces & {_pixels(art.back(i, 60, 84)) for i in range(12)}


def test_red_and_black_suits(art):
    """Hearts and diamonds are drawn in red, clubs and spades in near-black."""
    def reddest(code):
        surf = art.face(code, 90, 126)
        pixels = (surf.get_at((x, y)) for x in range(0, 90, 2) for y in range(0, 126, 2))
        return max(c.r - c.g for c in pixels if tuple(c)[:3] != KEY)

    assert reddest("5H") > 120 and reddest("5D") > 120
    assert reddest("5C") < 40 and reddest("5S") < 40


def test_cache_returns_same_object(art):
    a = art.face("QH", 70, 98)
    assert art.face("QH", 70, 98) is a
    assert art.back(3, 70, 98) is art.back(3, 70, 98)
    assert art.slot(70, 98, "A") is art.slot(70, 98, "A")
    assert art.shadow(70, 98) is art.shadow(70, 98)
    assert art.face("QH", 71, 98) is not a


def test_cache_drops_least_recent_size():
    art = CardArt(max_sizes=2)
    first = art.face("AS", 40, 56)
    art.face("AS", 50, 70)
    art.face("AS", 60, 84)
    assert art.face("AS", 40, 56) is not first


def test_bad_requests_raise(art):
    for bad in ("1H", "AX", "", "JKR"):
        with pytest.raises(ValueError):
            art.face(bad, 60, 84)
    for bad in (-1, 12):
        with pytest.raises(ValueError):
            art.back(bad, 60, 84)


def test_slot_and_shadow_are_translucent(art):
    slot = art.slot(80, 112, "Stock")
    assert slot.get_size() == (80, 112)
    assert 0 < slot.get_at((40, 1)).a < 255
    assert slot.get_at((40, 56)).a < 200
    assert _pixels(art.slot(80, 112)) != _pixels(slot)
    sh = art.shadow(80, 112)
    assert sh.get_size() == (80, 112)  # blitted a few pixels down-right of its card
    assert sh.get_at((40, 56)).a > 40
    assert sh.get_at((0, 0)).a < 10  # soft edges
    assert sh.get_at((40, 0)).a < sh.get_at((40, 56)).a


def test_converted_when_a_display_mode_is_set():
    art = CardArt()
    plain = art.face("7C", 60, 84)
    screen = pygame.display.set_mode((200, 200))
    try:
        fast = art.face("7C", 60, 84)
        assert fast is not plain
        assert fast.get_colorkey()[:3] == KEY
        assert fast.get_flags() & pygame.RLEACCELOK
        assert fast.get_bitsize() == screen.get_bitsize()
        assert _pixels(fast) == _pixels(plain)
    finally:
        pygame.display.quit()
        pygame.display.init()


@pytest.mark.parametrize("size", [(40, 56), (200, 280)])
def test_extreme_sizes(art, size):
    for code in ("AS", "TH", "KD", JOKER):
        assert art.face(code, *size).get_size() == size
    assert art.back(11, *size).get_size() == size


def test_felt_and_icon():
    felt = felt_surface(320, 200)
    assert felt.get_size() == (320, 200)
    assert felt_surface(320, 200) is felt
    centre, corner = felt.get_at((160, 100)), felt.get_at((2, 2))
    assert centre.g > centre.r and centre.g > centre.b  # green
    assert sum(corner[:3]) < sum(centre[:3])  # vignette darkens the edges
    # textured, not flat
    row = {tuple(felt.get_at((x, 100))[:3]) for x in range(100, 220)}
    assert len(row) > 5
    other = felt_surface(320, 200, (120, 30, 40))
    assert other.get_at((160, 100)).r > other.get_at((160, 100)).g
    icon = make_icon()
    assert icon.get_size() == (64, 64)
    assert icon.get_at((0, 0)).a == 0
    assert icon.get_at((32, 32)).a == 255


def test_preview_writes_a_contact_sheet(tmp_path, capsys):
    from sprites.preview import main

    out = tmp_path / "sheet.png"
    assert main(["--out", str(out), "--size", "40x56"]) == 0
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() > 13 * 40 and sheet.get_height() > 7 * 56
    assert "53 faces" in capsys.readouterr().out


def test_with_alpha_makes_corners_transparent(art):
    from sprites.cards import with_alpha

    card = with_alpha(art.face("9D", 60, 84))
    assert card.get_flags() & pygame.SRCALPHA
    assert card.get_at((0, 0)).a == 0 and card.get_at((30, 42)).a == 255


# --- issue 33: a covered card shows its rank and its suit ------------------------------------------------------

def _covered(art: CardArt, under: str, w: int, h: int) -> bytes:
    """What a pile shows of ``under`` with another card laid over it `COVERED_STRIP` of a card lower."""
    pile = pygame.Surface((w, h + int(h * COVERED_STRIP)))
    pile.fill((22, 92, 56))
    pile.blit(art.face(under, w, h), (0, 0))
    pile.blit(art.face("KS", w, h), (0, int(h * COVERED_STRIP)))
    return _pixels(pile)


@pytest.mark.parametrize("style", [("classic", False), ("classic", True), ("large-index", False),
                                   ("large-index", True)])
def test_a_covered_card_shows_rank_and_suit_in_every_style_and_size(art, style):
    """Aces Up's discards are all about suits: in the strip a pile leaves of a covered card, 2♦ and 2♥ (and
    2♣ and 2♠) must not look alike, nor 2♦ and 3♦, at every card size from 40 px wide.  A sign cut in half
    by the card above would still differ, so the index must also end inside the strip."""
    art.set_faces(*style)
    try:
        for w in (40, 44, 52, 60, 72, 90, 110, 140):
            h = round(w * 1.4)
            for a, b in (("2D", "2H"), ("2C", "2S"), ("TD", "TH"), ("QC", "QS"), ("2D", "3D"), ("AS", "AC")):
                assert _covered(art, a, w, h) != _covered(art, b, w, h), (style, w, a, b)
            # the index ends inside the strip: the cover's edge (the strip's last row and the first hidden one)
            # crosses no sign of the corner index
            face = art.face("8H", w, h)
            strip = int(h * COVERED_STRIP)
            for y in (strip - 1, strip):
                assert not any(face.get_at((x, y))[0] > 150 and face.get_at((x, y))[1] < 90
                               for x in range(1, w // 5)), (style, w, y)
    finally:
        art.set_faces("classic")


def _sign_height(art: CardArt, w: int, h: int, a: str, b: str) -> int:
    """How tall the suit sign stands in the strip a covered card shows: the rows where ``a`` and ``b`` (same
    rank, suits of one colour) differ, in the top-left corner."""
    fa, fb = art.face(a, w, h), art.face(b, w, h)
    rows = [y for y in range(int(h * COVERED_STRIP))
            if any(fa.get_at((x, y)) != fb.get_at((x, y)) for x in range(w // 2))]
    return rows[-1] - rows[0] + 1 if rows else 0


@pytest.mark.parametrize("size", [(40, 56), (44, 62), (52, 73), (60, 84)])
def test_small_classic_faces_print_a_large_suit_sign_beside_the_rank(art, size):
    """Issue 33: with the classic faces a player misread ♥/♦ and ♣/♠ three times in Romi at 1280x800, where the
    palette's cards are 40 px wide and the sign under the rank was 4-6 px tall.  A small classic card prints the
    sign beside the rank, as tall as the rank, within the strip a covered card shows."""
    w, h = size
    art.set_faces("classic")
    for a, b in (("2H", "2D"), ("2C", "2S"), ("TH", "TD")):
        assert _sign_height(art, w, h, a, b) >= 0.12 * h, (size, a, b)
