"""The review's verb phrases in sentences (game/review/wording.py): never 'instead of move the ace', 'the
Expert would have drew a card' or '0.60 of a place'."""

from __future__ import annotations

from game.review import wording


def test_a_phrase_in_the_past_as_a_participle_and_as_a_gerund():
    cases = {"play the ten of diamonds": ("played", "played", "playing"), "keep the ace": ("kept", "kept", "keeping"),
             "discard the pair of aces": ("discarded", "discarded", "discarding"),
             "move the ace of diamonds": ("moved", "moved", "moving"), "draw a card": ("drew", "drawn", "drawing"),
             "give the two of clubs": ("gave", "given", "giving"), "lay the kings": ("laid", "laid", "laying"),
             "take the five": ("took", "taken", "taking"), "lead a pair of sevens": ("led", "led", "leading"),
             "pass": ("passed", "passed", "passing"), "deal": ("dealt", "dealt", "dealing"),
             "turn the next stock card": ("turned", "turned", "turning"), "stop": ("stopped", "stopped", "stopping")}
    for phrase, (past, participle, gerund) in cases.items():
        rest = phrase.partition(" ")[2]
        tail = f" {rest}" if rest else ""
        assert wording.past(phrase) == past + tail
        assert wording.participle(phrase) == participle + tail
        assert wording.gerund(phrase) == gerund + tail


def test_amounts_as_a_player_reads_them():
    assert wording.amount(0.6, "place", "places", 2) == "0.6 of a place"
    assert wording.amount(1.25, "place", "places", 2) == "1.25 places"
    assert wording.amount(16.0, "point", "points", 1) == "16 points"
    assert wording.amount(12.5, "point", "points", 1) == "12.5 points"
    assert wording.amount(1, "point", "points", 0) == "1 point"
