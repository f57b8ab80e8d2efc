"""Issue 34, ACME by ear: the exchange that opens a round was said only as "The cards are exchanged". It now
says, for your seat, what you gave and to whom and what you received, by card, and the other swap by count
(its cards are hidden from you, as on the table)."""

from __future__ import annotations

import pytest

from game.acme import players, rules
from tests.keyboard.keys import enter, focus_to
from tests.keyboard.test_acme_keyboard import choose_cards
from tests.rules.test_acme_rules import DECK
from tests.scenes.helpers import make_app, open_table

#: seat 0's role -> the roles= argument (the seats in seniority order) that gives it
SEATING = {0: [0, 1, 2, 3, 4], 1: [1, 0, 2, 3, 4], 2: [1, 2, 0, 3, 4], 3: [1, 2, 3, 0, 4], 4: [1, 2, 3, 4, 0]}


def _exchange_by_keys(tmp_path, monkeypatch, role: int) -> tuple[list[str], rules.State]:
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    app.settings.speak = app.speech.enabled = True
    scene.start_game(rules.new_game(deck=DECK, roles=SEATING[role]), 7)
    app.settle()
    for _ in range(4):
        if scene.state.phase != "exchange":
            break
        assert rules.current_player(scene.state) == 0
        move = rules.legal_moves(scene.state)[0]  # the lowest cards (a free gift) or the highest (a forced one)
        choose_cards(app, scene, tuple(move.cards))
        focus_to(app, scene, "button Play")
        enter(app)
    assert scene.state.phase == "play"
    said = list(app.speech.recorder)
    app.close()
    return said, scene.state


def _heard(said: list[str]) -> str:
    return next(x for x in said if x.startswith("The cards are exchanged."))


def test_the_president_hears_both_gifts_by_card_and_the_other_swap_by_count(tmp_path, monkeypatch):
    said, _ = _exchange_by_keys(tmp_path, monkeypatch, role=0)
    assert _heard(said).startswith(
        "The cards are exchanged. You, the President, gave Dmitri, the Apprentice, the threes of clubs and "
        "diamonds, and received their highest, the two of spades with a joker. Alice, the Vice President, and "
        "Carmen, the Blue Collar Worker, swapped one card each."), _heard(said)


@pytest.mark.parametrize("role", [1, 3, 4])
def test_each_giving_seat_hears_what_it_gave_to_whom_and_received(tmp_path, monkeypatch, role):
    said, state = _exchange_by_keys(tmp_path, monkeypatch, role)
    seen = rules.observe(state, 0)
    text = _heard(said)
    other = {1: 3, 3: 1, 4: 0}[role]
    names = ("You", "Alice", "Bruno", "Carmen", "Dmitri")
    assert f"You, the {rules.ROLE_NAMES[role]}, gave {names[state.roles[other]]}, the {rules.ROLE_NAMES[other]}" \
        in text, text
    assert rules.describe_cards(seen.gave) in text and f"received {rules.describe_cards(seen.received)}" in text \
        or f"received their highest, {rules.describe_cards(seen.received)}" in text, text
    assert seen.gave and seen.received


def test_the_white_collar_worker_hears_that_nothing_changes_hands_and_who_swapped(tmp_path, monkeypatch):
    said, _ = _exchange_by_keys(tmp_path, monkeypatch, role=2)
    assert _heard(said).startswith(
        "The cards are exchanged. You, the White Collar Worker, neither give nor receive. Alice, the President, "
        "and Dmitri, the Apprentice, swapped two cards each. Bruno, the Vice President, and Carmen, the Blue "
        "Collar Worker, swapped one card each."), _heard(said)


def test_the_round_log_opens_with_the_exchange(tmp_path, monkeypatch):
    """Round 9: what you received could not be found again: the message was replaced by the first lead within
    a second and the Round log (Ctrl+G) started at Trick 1.  The log now opens with the exchange, your swap by
    card and the other by count, as it was said."""
    import pygame

    from tests.scenes.helpers import key, top_dialog

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    try:
        scene = open_table(app, "acme", seed=5)
        scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
        scene.start_game(rules.new_game(deck=DECK, roles=SEATING[0]), 7)
        app.settle()
        move = rules.legal_moves(scene.state)[0]
        choose_cards(app, scene, tuple(move.cards))
        focus_to(app, scene, "button Play")
        enter(app)
        assert scene.state.phase == "play"
        lead = next(m for m in rules.legal_moves(scene.state) if m.cards)
        choose_cards(app, scene, tuple(lead.cards))
        focus_to(app, scene, "button Play")
        enter(app)  # you lead; the computers answer: the exchange's message is long gone
        app.settle()
        key(app, pygame.K_g, pygame.KMOD_CTRL)
        lines = top_dialog(app).text.split("\n")
        assert lines[0] == "The exchange:"
        assert lines[1] == ("    You, the President, gave Dmitri, the Apprentice, the threes of clubs and diamonds, "
                            "and received their highest, the two of spades with a joker.")
        assert lines[2] == "    Alice, the Vice President, and Carmen, the Blue Collar Worker, swapped one card each."
        assert lines[3] == "Trick 1:"
    finally:
        app.close()
