"""A long text read as a screen reader reads a document (issue 34, round 10: the Help was one 6-minute sentence a
blind player could neither move through nor get back into).

Pure: no pygame.  A text is split into *lines* (its non-blank paragraphs: a rule, a list item, a heading) and
*sections* (each starts at a heading, as NVDA's browse mode and Quentin C's Playroom's help move by headings).
`Reader` keeps where the player is and returns the words each key says; the box (dialogs.TextDialog) draws the
same place highlighted and scrolls to it, so one place decides both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: a text this short is read whole when it opens, as before (a reader for one sentence is in the way)
SHORT_WORDS = 40

#: the keys, said when a long box opens (the README's Speak paragraph says the same)
KEYS_WORDS = ("Down, Up: next, previous line; Page Down, Page Up, or H, Shift+H: next, previous section; Home, End; "
              "F9 repeats the line; Escape closes.")
TABLE_KEYS_WORDS = "Down, Up: next, previous row; Home, End; F9 repeats the row."


#: a list item's mark at a line's start, which a voice reads aloud ("dash, the President gives…"); numbers stay
_LIST_MARK = re.compile(r"^[-*•·–]\s+")
#: signs a voice reads badly (espeak-ng says "black right-pointing small triangle", "em dash", "backtick"),
#: and the words or pauses that say what they mean; markdown's emphasis and code marks are dropped
_SPOKEN_SIGNS = ((" ▸ ", ", "), ("▸", ", "), (" > ", ", "), (" — ", ", "), ("—", ", "), (" – ", ", "),
                 ("…", ""), ("→", " to "), (" & ", " and "), (" | ", ", "), ("`", ""), ("**", ""), ("*", ""),
                 ("#", ""))


def spoken(line: str) -> str:
    """A shown line as the voice should say it (round 13 by ear: the Help read "- the President…" as "dash the
    President"): a leading list mark dropped, and signs a voice reads badly said as words or pauses.  The box
    still shows the line as written."""
    out = _LIST_MARK.sub("", line.strip())
    for sign, words in _SPOKEN_SIGNS:
        out = out.replace(sign, words)
    return " ".join(out.split())


def sentences(text: str) -> list[str]:
    """A box's words one sentence (or line) at a time, for Up/Down in an end box or a question: its lines,
    each cut after a full stop, '!' or '?' that a capital or a quote follows."""
    out: list[str] = []
    for para in text.split("\n"):
        out += [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"“'(])", para.strip()) if s]
    return out


def step_words(lines: list[str], at: int, to: int) -> tuple[int, str]:
    """Where Up/Down/Home/End lands in ``lines`` from ``at`` (``to`` may run past either end) and what is
    said: the line, after 'Top.' or 'End.' when the key ran past an end."""
    edge = "Top. " if to < 0 else "End. " if to >= len(lines) else ""
    at = max(0, min(len(lines) - 1, to))
    return at, edge + lines[at]


def is_heading(line: str) -> bool:
    """A section's title: 'SCORING', 'VARIATIONS (Game menu)', 'Keys:' — short, with no sentence's end."""
    words = line.split()
    if not words or len(line) > 48 or line.endswith((".", "!", "?", ",", ";")):
        return False
    first = words[0].strip("(:")
    return line.endswith(":") or (len(first) >= 2 and first.isalpha() and first.isupper())


def run_in_heading(line: str) -> bool:
    """A paragraph that opens with its section's name: 'THE DRAW. The first drawer…', 'NUMBERED CARDS (2 to 10)
    take effect…' (Court's Help), 'After opening. Rearrange…' (Romi's): a lead of one to three words ending
    in a full stop, or two capitalised words."""
    words = line.split()
    caps = [w for w in words[:2] if len(w.strip(".:(")) >= 2 and w.strip(".:(").isupper()]
    if len(caps) == 2 or (caps and words[0].endswith(".")):
        return True
    lead, dot, rest = line.partition(". ")
    return bool(dot and rest) and 1 <= len(lead.split()) <= 3 and len(lead) <= 24 and lead[:1].isupper()


@dataclass
class Reader:
    """Where a player reading a long text is: the line (paragraph or list item) last said."""

    text: str
    #: the non-blank paragraphs, each one line to the reader, leading spaces dropped
    lines: list[str] = field(init=False)
    #: the lines that are headings, in order
    headings: list[int] = field(init=False)
    at: int = 0
    #: the first line of the words said last (a heading said with its first line: the heading), to highlight
    said_from: int = 0

    def __post_init__(self) -> None:
        self.lines, self.headings = [], []
        blank_before = True
        for para in self.text.split("\n"):
            line = para.strip()
            if not line:
                blank_before = True
                continue
            if is_heading(line) or (blank_before and run_in_heading(line)):
                self.headings.append(len(self.lines))
            self.lines.append(line)
            blank_before = False

    @property
    def short(self) -> bool:
        return len(self.text.split()) <= SHORT_WORDS

    def size_words(self) -> str:
        n, s = len(self.lines), len(self.headings)
        lines = f"{n} line{'s' if n != 1 else ''}"
        return f"{lines} in {s} section{'s' if s != 1 else ''}." if s > 1 else f"{lines}."

    def line_words(self, i: int | None = None) -> str:
        """Line ``i`` (default: the current one) as said: a heading followed by its first line."""
        i = self.at if i is None else i
        if not self.lines:
            return "Nothing here yet."
        line = self.lines[i]
        if is_heading(line) and i + 1 < len(self.lines) and i + 1 not in self.headings:
            self.said_from, self.at = i, i + 1
            return f"{_end(spoken(line))} {spoken(self.lines[i + 1])}"
        self.said_from = self.at = i
        return spoken(line)

    def opening(self, start: int = 0) -> str:
        """Said after the title when the box opens: its size, the keys, then the first line (or ``start``)."""
        where = "" if start == 0 else f"Line {start + 1}, the latest: "
        return f"{self.size_words()} {KEYS_WORDS} {where}{self.line_words(start)}"

    def step(self, d: int) -> str:
        """Down (d=1) / Up (d=-1): the next or previous line; at either end says so and stays."""
        if not self.lines:
            return self.line_words()
        i = self.at + d
        if i < 0:
            return f"Top. {self.line_words(0)}"
        if i >= len(self.lines):
            return f"End of text. {self.line_words(len(self.lines) - 1)}"
        return spoken(self.lines[self._go(i)])

    def section(self, d: int) -> str:
        """Page Down / H (d=1), Page Up / Shift+H (d=-1): the next or previous heading and its first line.  A
        text without headings (a round's log) moves ten lines instead."""
        if not self.lines:
            return self.line_words()
        if not self.headings:
            i = max(0, min(len(self.lines) - 1, self.at + 10 * d))
            return self.line_words(i)
        if d > 0:
            nxt = [h for h in self.headings if h > self.at]
            if not nxt:
                return f"No more sections. {self.line_words()}"
            return self.line_words(nxt[0])
        # the heading of the section before the one the reader is in
        own = [h for h in self.headings if h <= self.at]
        before = [h for h in self.headings if h < (own[-1] if own else 0)]
        if not before:
            if own and self.at != own[-1] + 1 and self.at != own[-1]:
                return self.line_words(own[-1])  # back to the top of this section first
            return f"First section. {self.line_words(own[-1] if own else 0)}"
        return self.line_words(before[-1] if self.at in (own[-1], own[-1] + 1) else own[-1])

    def home(self) -> str:
        return self.line_words(0)

    def end(self) -> str:
        return self.line_words(len(self.lines) - 1) if self.lines else self.line_words()

    def _go(self, i: int) -> int:
        self.said_from = self.at = i
        return i


def _end(words: str) -> str:
    """A heading said as its own sentence ('SCORING.'), so the voice pauses before the line under it."""
    return words if words.endswith((".", ":", "!", "?")) else words + "."
