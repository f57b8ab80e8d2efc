"""The 64x64 window icon: two cards fanned like a hand."""

from __future__ import annotations

import pygame

from sprites.cards import CardArt


def make_icon() -> pygame.Surface:
    """The ace of spades fanned behind the ace of hearts, on a transparent ground.

    The cards are drawn at twice the icon's scale and rotated-and-halved in
    one smooth step, so the small picture stays clean.
    """
    art = CardArt(max_sizes=1)
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))
    for code, angle, centre in (("AS", 14, (24, 33)), ("AH", -10, (39, 32))):
        face = art.face(code, 70, 98)
        card = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        card.fill((0, 0, 0, 0))
        card.blit(face, (0, 0))  # the colour key leaves the rounded corners transparent
        turned = pygame.transform.rotozoom(card, angle, 0.5)
        icon.blit(turned, turned.get_rect(center=centre))
    return icon
