"""No raw card code ever reaches the screen, and cards are named one way.

Every table is played for a while by random real clicks (cards, buttons, the felt) and a few keys, with its
computer players answering, and every line of text drawn (status line, dialogs, banners, panels) and every
status message is recorded; none may contain a card code such as '7C', 'TS' or 'JK'.  Random clicks reach
the refusals ("... can never become a set or a run", "... cannot beat ...") as well as the moves.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game import registry
from game.engine import theme
from game.engine.dialogs import Dialog
from game.engine.widgets import MessageLine
from tests.scenes.helpers import click, key, make_app, open_table

CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS]|10[CDHS]|JK)\b")
#: a card named another way than game.cards.card_name ('7 of clubs', 'Ten of hearts' mid-sentence)
OTHER_NAME = re.compile(r"\b(?:\d+|Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of "
                        r"(?:clubs|diamonds|hearts|spades)")
CTRL = pygame.KMOD_CTRL
#: keys that show something in words on some table (hint, cards played, validate, help from Romi)
KEYS = [(pygame.K_h, CTRL), (pygame.K_l, CTRL), (pygame.K_v, CTRL), (pygame.K_SPACE, 0)]


@pytest.fixture
def seen(monkeypatch):
    """Every string drawn with theme.text or said on a status line."""
    lines: list[str] = []
    real_text, real_say = theme.text, MessageLine.say

    def text(surface, msg, *a, **kw):
        lines.append(str(msg))
        return real_text(surface, msg, *a, **kw)

    def say(self, message, *a, **kw):
        lines.append(str(message))
        return real_say(self, message, *a, **kw)
    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(MessageLine, "say", say)
    return lines


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def close_dialogs(app, scene, rng) -> None:
    for _ in range(6):
        top = app.stack.top
        if not isinstance(top, Dialog) or top is scene:
            return
        if "New game" in top.labels and rng.random() < 0.7:
            top.close("New game")  # a game over: play on with a new deal
        else:
            key(app, pygame.K_ESCAPE)
        app.settle()


def play_randomly(app, scene, rng: random.Random, steps: int) -> None:
    w, h = app.size
    for _ in range(steps):
        close_dialogs(app, scene, rng)
        r = rng.random()
        if r < 0.6 and scene.table.sprites:
            sp = rng.choice(list(scene.table.sprites.values()))
            click(app, sp.rect(scene.table.card_size).center)
        elif r < 0.85:
            buttons = [b for b in scene.buttons if b.visible and b.is_enabled and "New" not in b.label
                       and "Cancel" not in b.label]
            if buttons:
                click(app, rng.choice(buttons).rect.center)
        elif r < 0.95:
            k, mod = rng.choice(KEYS)
            key(app, k, mod)
        else:
            click(app, (rng.randrange(w), rng.randrange(60, h - 40)))
        app.settle(max_seconds=3)


@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_no_card_code_is_ever_shown(app, seen, game):
    rng = random.Random(game)
    for seed in (3, 17):
        scene = open_table(app, game, seed=seed)
        play_randomly(app, scene, rng, 70)
    bad = sorted({line for line in seen if CODE.search(line)})
    assert not bad, f"{game}: raw card codes on screen: {bad[:8]}"
    other = sorted({line for line in seen if OTHER_NAME.search(line)})
    assert not other, f"{game}: cards named another way: {other[:8]}"
    assert len(seen) > 100  # the scan really saw the table's words
