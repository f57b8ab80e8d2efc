"""Issue 34, Aces Up by ear: F8 names each pile with its top card first, and a hint names the card and both
piles, so a player who cannot see the table can find the card with the keys.

The tester heard "Pile 2: nine of hearts, four of clubs" (which card is on top?) and "Hint: Discard the four
of hearts" / "Move the five of clubs into the empty pile" (from which pile? and why may it go?)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.acesup import rules
from game.cards import full_pack, the_card
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table

CTRL = pygame.KMOD_CTRL


def _table(piles: list[list[str]], variation: str = "aces_up", stock: int = 8) -> rules.State:
    """A position with these piles (bottom to top), the rest of the pack split between stock and discards."""
    used = {c for p in piles for c in p}
    rest = [c for c in full_pack() if c not in used]
    state = rules.new_game(deck=[c for p in piles for c in p] + rest, variation=variation)
    return replace(state, piles=tuple(tuple(p) for p in piles), stock=tuple(rest[:stock]),
                   removed=tuple(rest[stock:]))


def _open(app, state: rules.State):
    scene = open_table(app, "acesup", seed=5, variation=state.variation)
    scene.start_game(state, 5)
    app.settle()
    app.settings.speak = app.speech.enabled = True
    return scene


def test_f8_names_each_pile_with_its_top_card_first(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    _open(app, _table([["KS", "4C", "9H"], [], ["7D"], ["2C", "QH"]], variation="idiots_delight"))
    press(app, pygame.K_F8)
    said = app.speech.recorder[-1]
    assert said.startswith("Idiot's Delight, deal #5."), said
    assert ("Pile 1: the nine of hearts on top, then the four of clubs and the king of spades. Pile 2: empty. "
            "Pile 3: the seven of diamonds, alone. Pile 4: the queen of hearts on top, then the two of clubs. "
            "Stock: 8 cards.") in said, said
    app.close()


def test_ctrl_h_names_the_card_its_pile_and_the_higher_card_that_lets_it_go(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    _open(app, _table([["9C"], ["3S", "4H"], ["KD"], ["2S", "6H"]]))
    press(app, pygame.K_h, CTRL)
    said = app.speech.recorder[-1]
    assert "Discard the four of hearts from pile 2: the six of hearts on pile 4 is higher." in said, said
    app.close()


def test_ctrl_h_names_both_piles_of_a_move_into_an_empty_pile(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    _open(app, _table([[], ["3S", "AH"], ["KD", "5C"], ["JS", "AD"]]))
    press(app, pygame.K_h, CTRL)
    said = app.speech.recorder[-1]
    assert "Move the five of clubs from pile 3 to the empty pile 1." in said, said
    app.close()


def test_every_kind_of_move_names_its_piles():
    from game.acesup.keyboard import hint_words

    state = _table([["9C", "7S"], ["3S", "7H"], ["KD", "5C"], []])
    assert hint_words(state, rules.Pair(0, 1)) == ("Discard the pair of sevens: the seven of spades from pile 1 "
                                                   "and the seven of hearts from pile 2.")
    assert hint_words(state, rules.Fill(2, 3)) == "Move the five of clubs from pile 3 to the empty pile 4."
    assert hint_words(state, rules.Deal()) == "Deal from the stock."
    clubs = _table([["9C"], ["3C"], ["AC"], ["2S"]])
    # the highest of the suit is named: it is the card that stays longest
    assert hint_words(clubs, rules.Discard(1)) == "Discard the three of clubs from pile 2: the ace of clubs on " \
                                                  "pile 3 is higher."


def test_shift_f8_names_a_pairs_piles():
    """Round 14, by ear: Shift+F8 named a single discard's pile but a pair's cards only ("discard the pair the
    king of clubs and the king of diamonds"); F8 was needed to find them."""
    from game.acesup import keyboard as aces_keys
    from game.acesup import rules as aces_rules

    for seed in range(200):
        state = aces_rules.new_game(seed)
        pairs = [m for m in aces_rules.legal_moves(state) if isinstance(m, aces_rules.Pair)]
        if pairs:
            break
    else:
        raise AssertionError("no deal of the first 200 opens with a pair")
    m = pairs[0]
    said = aces_keys.plays_words(state)
    assert (f"discard the pair, {the_card(state.piles[m.a][-1])} from pile {m.a + 1} and "
            f"{the_card(state.piles[m.b][-1])} from pile {m.b + 1}") in said, said
