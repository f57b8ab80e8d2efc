"""The one exception every rules module raises for a move the rules forbid.

It is a ValueError (CONVENTIONS.md) whose message a player can read, so a scene
can show it on the message line without any translation.
"""


class IllegalMove(ValueError):
    """A move the rules do not allow, or move text that cannot be read."""
