"""Romi's two seats by number, in one place: the scene and the modules split from it (drawing, editing,
turns, menus) all ask whose turn or whose hand it is."""

HUMAN = 0
COMPUTER = 1
