"""Names the Court scene and its drawing, menu and tournament modules all use.

They live here, not in ``scene.py``, so those modules never import the scene (no import circle);
``scene.py`` imports them back so ``game.court.scene.LEVELS`` and friends still work.
"""

from __future__ import annotations

from game.court.players import LEVELS as ALL_LEVELS
from game.engine import theme

LEVELS = [lv for lv in ALL_LEVELS if lv != "random"]
LEVEL_NAMES = {"novice": "Novice", "intermediate": "Intermediate", "expert": "Expert"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SCORE_W = 250  # the score panel's width in a wide window (score_width narrows it in a small one)


def _heading_lines(left: str, right: str, width: int) -> int:
    """1 when a card's two heading texts fit side by side in ``width`` pixels, else 2."""
    f = theme.font(16, True)
    return 1 if f.size(left)[0] + theme.sc(16) + f.size(right)[0] <= width else 2


def own_pair(state) -> int:
    """Which of the drawer's own 13 pairs is being drawn (1-13): the players draw pairs in turn, so the
    pack's 26 pairs are 13 for each."""
    return (52 - len(state.pack)) // 4 + 1


def score_width(window_w: int) -> int:
    """The score panel's width: 250 px at the type scale (theme.sc), but no more than about a quarter of a small
    window, so the cards keep the room (at 800 px it took a third, with 55 px cards)."""
    return max(190, min(theme.sc(SCORE_W), int(window_w * 0.24)))
