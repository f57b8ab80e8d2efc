"""Small helpers for the words a player reads: counted nouns and lists.

Pure (no pygame, no I/O) so rules modules may use them too.  Every message in
the collection counts things with `count` and lists them with `join_words`, so
"1 cards" or "a, b, and c" cannot come back one scene at a time.
"""

from __future__ import annotations

from collections.abc import Iterable

_IRREGULAR = {"is": "are", "was": "were", "has": "have", "this": "these", "that": "those"}


def plural(noun: str, n: int = 2, plural_form: str | None = None) -> str:
    """``noun`` or its plural for ``n`` things ('card'/'cards', 'six'/'sixes', 'is'/'are')."""
    if n == 1:
        return noun
    if plural_form is not None:
        return plural_form
    if noun in _IRREGULAR:
        return _IRREGULAR[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def count(n: int, noun: str, plural_form: str | None = None, zero: str | None = None) -> str:
    """'1 card', '2 cards', '0 cards' (or ``zero``, e.g. 'no cards', when given)."""
    if n == 0 and zero is not None:
        return zero
    return f"{n} {plural(noun, n, plural_form)}"


def join_words(items: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (no Oxford comma, as everywhere in the collection)."""
    items = [s for s in items if s]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def capital(text: str) -> str:
    """``text`` with its first letter upper-case (for a name that opens a sentence)."""
    return text[:1].upper() + text[1:]
