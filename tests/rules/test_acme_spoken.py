"""ACME's words (game/acme/spoken.py) that depend on the hand."""

from __future__ import annotations

from dataclasses import replace

from game.acme import rules, spoken

NAMES = ("You", "Alice", "Bruno", "Carmen", "Dmitri")


def _lead(hand: tuple[str, ...]) -> rules.State:
    s = rules.new_game(3, roles=[0, 1, 2, 3, 4])
    return replace(s, hands=(hand, *s.hands[1:]), phase="play", leader=0, gifts=(), pending=())


def test_the_lead_prompt_names_the_joker_only_when_you_hold_it():
    """Round 16 (a fresh player): "You lead: 1 to 4 cards of one rank, or the joker" right after the joker was
    played."""
    state = _lead(("3C", "4D"))
    assert rules.current_player(state) == 0 and rules.top_play(state) is None
    assert spoken.turn_prompt(state, NAMES).startswith("You lead: 1 to 4 cards of one rank; ")
    assert spoken.turn_prompt(_lead(("3C", "JK")), NAMES).startswith(
        "You lead: 1 to 4 cards of one rank, or the joker; ")
