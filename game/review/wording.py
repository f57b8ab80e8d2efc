"""The review's words for a move: a verb phrase ("play the ten of diamonds") turned into what a sentence
needs ("You played …", "the Expert would have played …", "instead of playing …").

Each game's ``describe(state, move)`` (in ``game/<name>/review.py``) says a move in the game's own card
voice, as an infinitive phrase; this module conjugates its first word, so the status line, the marks and
the summaries never print a move code nor "instead of move the ace".  Pure: no pygame.
"""

from __future__ import annotations

from game.words import capital

__all__ = ["amount", "capital", "gerund", "lower_first", "participle", "past"]

#: irregular past tenses of the verbs the games' phrases begin with
_PAST = {"keep": "kept", "lead": "led", "give": "gave", "draw": "drew", "lay": "laid", "take": "took",
         "deal": "dealt", "throw": "threw", "put": "put"}


def _split(phrase: str) -> tuple[str, str]:
    verb, _, rest = phrase.strip().partition(" ")
    return verb.lower(), (" " + rest if rest else "")


def past(phrase: str) -> str:
    """'play the ten of diamonds' -> 'played the ten of diamonds' ('keep' -> 'kept', 'stop' -> 'stopped')."""
    verb, rest = _split(phrase)
    if verb in _PAST:
        return _PAST[verb] + rest
    if verb.endswith("e"):
        return verb + "d" + rest
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ied" + rest
    if _doubles(verb):
        return verb + verb[-1] + "ed" + rest
    return verb + "ed" + rest


#: past participles that differ from the past tense (after "would have", "could have")
_PARTICIPLE = {"give": "given", "draw": "drawn", "take": "taken", "throw": "thrown"}


def participle(phrase: str) -> str:
    """'draw a card' -> 'drawn a card' (the Expert would have drawn a card), else as `past`."""
    verb, rest = _split(phrase)
    return _PARTICIPLE[verb] + rest if verb in _PARTICIPLE else past(phrase)


def gerund(phrase: str) -> str:
    """'move the ace of diamonds' -> 'moving the ace of diamonds', 'discard …' -> 'discarding …'."""
    verb, rest = _split(phrase)
    if verb.endswith("e") and not verb.endswith(("ee", "ye")):
        return verb[:-1] + "ing" + rest
    if _doubles(verb):
        return verb + verb[-1] + "ing" + rest
    return verb + "ing" + rest


def _doubles(verb: str) -> bool:
    """A one-syllable consonant-vowel-consonant verb doubles its last letter (stop, drop); not w, x, y."""
    vowels = "aeiou"
    return (len(verb) >= 3 and verb[-1] not in vowels + "wxy" and verb[-2] in vowels and verb[-3] not in vowels
            and sum(ch in vowels for ch in verb) == 1)


def lower_first(text: str) -> str:
    """A phrase written to open a sentence ('Discard the pair of nines') inside one ('discard the …')."""
    text = str(text or "").rstrip(".")
    return text[:1].lower() + text[1:]


def amount(value: float, unit: str, units: str, digits: int) -> str:
    """'12.5 points', '1 point', '0.4 of a place' (a cost as a player reads it)."""
    value = round(float(value), digits)
    if digits >= 2 and value < 1:  # a fraction of a whole thing (a place)
        return f"{value:.{digits}f}".rstrip("0") + f" of a {unit}"
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else str(int(value))
    return f"{text} {unit if text == '1' else units}"
