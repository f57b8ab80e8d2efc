"""The Parlour engine: loop, scene stack, card sprites, tweens, widgets, dialogs.

Nothing here knows any game's rules; games plug in through `game.registry`
and their own `scene.py`.  See API.md beside this file for how to build a table.
"""
