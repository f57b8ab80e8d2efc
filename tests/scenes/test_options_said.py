"""Options that change the look say what changed on the status line and aloud, as High contrast does
(round 10, fresh player: Four-colour suits and Card faces ▸ Large index changed the cards in silence,
which a player who did not see the cards change, or cannot see them, could not tell)."""

from __future__ import annotations

import pytest

from game.engine import view
from tests.scenes.helpers import make_app, open_table, top_dialog
from tests.scenes.menu_clicks import choose


@pytest.fixture
def app():
    a = make_app(animation="off")
    a.settings.speak = a.speech.enabled = True
    yield a
    a.close()


def pick(app, label: str, value: str) -> str:
    """Options ▸ ``label`` (its menu item's action, as qa8's choose_text_size: a click's place moves with the
    text size), ``value`` chosen in its dialog; what the status line then says."""
    scene = app.stack.top
    scene.status.say("")
    next(i.action for i in view.menu_items(app) if getattr(i, "label", "") == label)()
    app.pump()
    dlg = top_dialog(app)
    dlg.list.selected = [v for v, _l in dlg.options].index(value)
    dlg.close("OK")
    app.pump()
    return scene.status.message


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_four_colour_suits_on_and_off_are_said(app, game):
    scene = open_table(app, game, seed=3)
    label = "Four-colour suits (blue diamonds, green clubs)"
    choose(app, scene, "Options", label)
    assert app.settings.four_colour
    assert scene.status.message == view.FOUR_COLOUR_WORDS[True]
    assert app.speech.recorder[-1] == view.FOUR_COLOUR_WORDS[True]
    choose(app, scene, "Options", label)
    assert not app.settings.four_colour and scene.status.message == view.FOUR_COLOUR_WORDS[False]
    assert "four-colour suits on" in view.FOUR_COLOUR_WORDS[True].lower()
    assert "four-colour suits off" in view.FOUR_COLOUR_WORDS[False].lower()


def test_card_faces_are_said(app):
    open_table(app, "thieves", seed=3)
    said = pick(app, "Card faces\u2026", "large-index")
    assert app.settings.card_faces == "large-index"
    assert said == "Card faces: Large index (big rank and suit)." and app.speech.recorder[-1] == said
    assert pick(app, "Card faces\u2026", "classic") == "Card faces: Classic."


def test_a_text_size_taking_its_full_effect_is_said(app):
    open_table(app, "acesup", seed=3)
    assert pick(app, "Text size\u2026", "large") == "Text size: Large."
    assert pick(app, "Text size\u2026", "normal") == "Text size: Normal."


def test_the_speech_rate_chosen_is_said(app):
    from game.engine.speech import RATE_LABELS
    from saves.settings import SPEECH_RATES

    open_table(app, "acesup", seed=3)
    value = next(v for v in SPEECH_RATES if v != app.settings.speech_rate)
    assert pick(app, "Speech rate\u2026", value) == f"Speech rate: {RATE_LABELS[value]}."


