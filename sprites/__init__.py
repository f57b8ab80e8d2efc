"""Card art drawn by code: faces, backs, table felt and the window icon.

Nothing here loads an image file; every surface is drawn with pygame
primitives (and pygame's bundled default font) at the size it is shown.
"""

from sprites.backs import BACK_NAMES
from sprites.cards import ALL_FACES, CardArt
from sprites.felt import felt_surface
from sprites.icon import make_icon

__all__ = ["ALL_FACES", "BACK_NAMES", "CardArt", "felt_surface", "make_icon"]
