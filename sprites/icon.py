"""The 64x64 window icon: two cards fanned like a hand."""

from __future__ import annotations

import pygame

from sprites.cards import CardArt


def make_icon() -> pygame.Surface:
    """A fanned ace of spades over the ace of hearts on a transparent ground."""
    art = CardArt(max_sizes=1)
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))
    for code, angle, centre in (("AH", 16, (25, 34)), ("AS", -12, (39, 31))):
        face = art.face(code, 34, 48)
        card = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        card.fill((0, 0, 0, 0))
        card.blit(face, (0, 0))  # the colour key leaves the rounded corners transparent
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        icon.blit(turned, turned.get_rect(center=centre))
    return icon
