"""The application icon: two cards fanned like a hand, drawn at any size.

The window icon is the 64x64 picture; the release build renders the same drawing at the sizes a
desktop asks for (the Linux launcher's PNG, the Windows .ico), so no bitmap is kept in the repository.
"""

from __future__ import annotations

import pygame

from sprites.cards import CardArt, with_alpha


def make_icon(size: int = 64) -> pygame.Surface:
    """The ace of spades fanned behind the ace of hearts, on a transparent ground, ``size`` pixels square.

    The cards are drawn at twice the icon's scale and rotated-and-halved in
    one smooth step, so the small picture stays clean.  Every length is the
    64-pixel design scaled by ``size / 64`` (the 64-pixel icon is unchanged).
    """
    if size < 8:
        raise ValueError(f"an icon needs at least 8 pixels, not {size}")
    k = size / 64
    art = CardArt(max_sizes=1)
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))
    for code, angle, (cx, cy) in (("AS", 14, (24, 33)), ("AH", -10, (39, 32))):
        turned = pygame.transform.rotozoom(with_alpha(art.face(code, round(70 * k), round(98 * k))), angle, 0.5)
        icon.blit(turned, turned.get_rect(center=(round(cx * k), round(cy * k))))
    return icon
