"""Parlour: five classic card games on one engine.

`game.cards` holds card codes shared by every rules module; `game.engine` the
pygame loop, scene stack and widgets; one sub-package per game holds its pure
rules, computer players and table scene.
"""
