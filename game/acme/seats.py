"""The words for ACME's seats and places, shared by the table, its drawing, the round log and seniority.

Kept apart from scene.py so that the modules the scene is split into can name seats without importing the
scene (which imports them)."""

from __future__ import annotations

SEAT_NAMES = ("You", "Alice", "Bruno", "Carmen", "Dmitri")
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
