"""What a player sees as one letter (a grapheme cluster, roughly): names typed into a text field keep every
character typed, and the caret, Backspace and a name cut short never split one.

Pure Python, no pygame: the name checks in saves/ and the text field in game/engine/dialogs.py share it.

A family emoji is four people joined by the zero-width joiner (U+200D): dropped as "not printable", the
name became four separate people.  Joiners, variation selectors (U+FE0E/U+FE0F), skin tones, combining
accents and the tag characters of a subdivision flag belong to the letter before them; the character after
a joiner belongs to it too; a country flag is a pair of regional indicators.
"""

from __future__ import annotations

import unicodedata

ZWJ = "\u200d"
#: joiners a player may type in a name (ZWJ for emoji sequences, ZWNJ for Persian and Indic words)
JOINERS = "\u200c\u200d"


def _tag(ch: str) -> bool:
    return 0xE0020 <= ord(ch) <= 0xE007F


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def typed_char(ch: str) -> bool:
    """``ch`` is kept when typed into a name: printable, a joiner, or a flag's tag character (control and
    other format characters, such as bidi overrides, are not)."""
    return ch.isprintable() or ch in JOINERS or _tag(ch)


def joins_previous(ch: str) -> bool:
    """``ch`` belongs to the character before it (a combining accent, a joiner or variation selector, a
    skin tone, a tag character): a name is never cut between them."""
    return ch in JOINERS or ch in "\ufe0e\ufe0f" or _tag(ch) or 0x1F3FB <= ord(ch) <= 0x1F3FF \
        or unicodedata.combining(ch) > 0 or unicodedata.category(ch) in ("Mn", "Me", "Mc")


def is_boundary(text: str, i: int) -> bool:
    """True when the caret may stand before ``text[i]`` (0 and len(text) always)."""
    if i <= 0 or i >= len(text):
        return True
    ch, before = text[i], text[i - 1]
    if joins_previous(ch) or before == ZWJ:
        return False
    if _regional(ch) and _regional(before):  # a flag: regional indicators pair from the start of the run
        run = 0
        while i - run - 1 >= 0 and _regional(text[i - run - 1]):
            run += 1
        return run % 2 == 0
    return True


def previous_boundary(text: str, i: int) -> int:
    """The caret's place one letter to the left of ``i``."""
    i = max(0, min(i, len(text)) - 1)
    while not is_boundary(text, i):
        i -= 1
    return i


def next_boundary(text: str, i: int) -> int:
    """The caret's place one letter to the right of ``i``."""
    i = min(len(text), max(i, 0) + 1)
    while not is_boundary(text, i):
        i += 1
    return i


def cut_at_boundary(text: str, limit: int) -> str:
    """``text`` at most ``limit`` characters long, never ending inside a letter."""
    if len(text) <= limit:
        return text
    cut = limit
    while cut > 0 and not is_boundary(text, cut):
        cut -= 1
    return text[:cut]
