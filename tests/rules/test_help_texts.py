"""The Help texts: whole paragraphs (the dialog wraps them), and they explain what the table shows."""

from __future__ import annotations

import importlib

import pytest

from game import registry


def help_of(game: str) -> str:
    return importlib.import_module(f"game.{game}.help").HELP


@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_no_line_break_inside_a_sentence(game):
    """A paragraph is one line: the help dialog wraps to its width, and a hard break inside a sentence
    shows as a short line in the middle of a paragraph (ACME's help had one on every line)."""
    lines = help_of(game).strip("\n").split("\n")
    for a, b in zip(lines, lines[1:], strict=False):
        if not a or not b:
            continue
        heading = a.isupper() or a == lines[0]
        assert heading or a.rstrip().endswith((".", ":", "?", "!", ",", ")")) or b.startswith("- "), \
            f"{game}: a break inside a sentence after {a[-40:]!r}"


def test_aces_up_help_explains_hint_the_light_and_the_demo():
    text = help_of("acesup")
    for words in ("HINT", "THE WINNABLE LIGHT", "THE DEMO", "Still winnable", "Any key or click stops it"):
        assert words in text


def test_forty_thieves_help_puts_the_light_where_it_is():
    text = help_of("thieves")
    assert "above the points table" in text and "above the score" not in text


@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_keys_are_not_written_by_hand(game):
    """The KEYS section is generated from the shortcut map (game.engine.shortcuts.with_keys)."""
    assert "KEYS" not in help_of(game)


def test_aces_up_help_states_the_deal_cost_as_played():
    """The seed's 'four points for each additional dealing from the stockpile': the opening deal is free and
    every deal from the stock costs four, the first one too (the help said 'after the first', which a player
    reads as their first click on the stock; that click already costs four)."""
    from game.acesup import rules

    state = rules.new_game(3)
    dealt = rules.apply(state, rules.Deal())
    assert dealt.score == state.score - 4  # the first click on the stock costs four
    text = help_of("acesup")
    assert "after the first" not in text
    assert "every deal from the stock" in text and "first click on the stock already costs four" in text
