"""The 64x64 window icon: two cards fanned like a hand."""

from __future__ import annotations

import pygame

from sprites.cards import CardArt, with_alpha


def make_icon() -> pygame.Surface:
    """The ace of spades fanned behind the ace of hearts, on a transparent ground.

    The cards are drawn at twice the icon's scale and rotated-and-halved in
    one smooth step, so the small picture stays clean.
    """
    art = CardArt(max_sizes=1)
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))
    for code, angle, centre in (("AS", 14, (24, 33)), ("AH", -10, (39, 32))):
        turned = pygame.transform.rotozoom(with_alpha(art.face(code, 70, 98)), angle, 0.5)
        icon.blit(turned, turned.get_rect(center=centre))
    return icon
