"""Review's marks read whole: a Court mark's words (both moves and their outcomes) were cut on the two-line
status line at 800x600 ("…the eight of diamonds on the king of…"), so the cost was never seen.  For the
longest mark of each game, every word must be drawn at each window size and text size, and no card of the
position shown may lie under the status band or the controls."""

from __future__ import annotations

import pytest

from game.engine import layoutcheck, view
from game.review import analyser
from tests.scenes.helpers import make_app
from tests.scenes.layout_survey import resize
from tests.scenes.test_review_rc2 import _fresh_memory, random_game, review_of  # noqa: F401

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
TEXT_SIZES = ["normal", "large", "larger"]


def _blank(source) -> list[dict]:
    return [{"n": i + 1, "move": t, "expert": None, "cost": None, "mark": None}
            for i, t in enumerate(source.move_texts())]


def _longest_trick_mark(game: str, fields: dict) -> tuple:
    """The player's move whose mark says the most: the longest move played against the longest other move the
    Expert could have chosen, with the longest cost words (Court: worse points, and games won and lost)."""
    source = random_game(game, 1)
    rules = source.rules
    app = make_app()
    review = review_of(app, source, _blank(source))
    best: tuple[int, str, int, dict] = (0, "", 0, {})
    for n, state in enumerate(source.states[:-1], start=1):
        if rules.current_player(state) != 0:
            continue
        for other in rules.legal_moves(state):
            if other == source.moves[n - 1]:
                continue
            e = {"n": n, "move": str(source.moves[n - 1]), "expert": str(other), **fields}
            said = f"Move {n} of {review.total}: {review.played_words(n)}. {review.judgement_words(n, e)}"
            if len(said) > best[0]:
                best = (len(said), said, n, e)
    app.close()
    return source, best[2], best[3]


def court_mark() -> tuple:
    return _longest_trick_mark("court", {"cost": 11.1, "mark": "mistake", "points": -12.6,
                                         "more_won": 0.12, "fewer_lost": 0.15})


def acme_mark() -> tuple:
    return _longest_trick_mark("acme", {"cost": 12.3, "mark": "mistake"})


def romi_mark() -> tuple:
    """The real judgement (the best lay from the same board and hand) of the player's turn that names the most
    cards, in a game of draws where the hand grows."""
    from game.review.source import from_moves
    from game.romi import review as romi_review
    from game.romi import rules
    from tests.rules.test_review_romi import deal

    start = deal()
    texts, state = [], start
    while len(texts) < 20 and not rules.is_over(state):
        texts.append("draw")
        state = rules.apply(state, rules.Draw())
    source = from_moves("romi", start, texts, 3)
    best = (0, 0, {})
    for n, state in enumerate(source.states[:-1], start=1):
        if rules.current_player(state) == 0:
            e = {"n": n, "move": texts[n - 1], **romi_review.judge(state, source.moves[n - 1], n)}
            better = e["better_play"]
            said = len(romi_review.describe(state, rules.parse_move(state, better))) if better else 0
            if said > best[0]:
                best = (said, n, e)
    return source, best[1], best[2]


def thieves_mark() -> tuple:
    """A Forty Thieves losing move, the better move said as the longest move of the game's own voice."""
    source = random_game("thieves", 1, limit=40, jokers=2)
    describe = analyser("thieves").describe
    n, text = max(((i + 1, describe(s, m)) for i, s in enumerate(source.states[:-1])
                   for m in source.rules.legal_moves(s)), key=lambda x: len(x[1]))
    e = {"n": n, "move": str(source.moves[n - 1]), "before": "winnable", "after": "lost", "mark": "losing",
         "better": "x", "better_text": text}
    return source, n, e


MARKS = {"court": court_mark, "acme": acme_mark, "romi": romi_mark, "thieves": thieves_mark}


@pytest.fixture(scope="module", params=list(MARKS))
def mark(request):
    return MARKS[request.param]()


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_word_of_the_longest_mark_is_drawn_and_no_card_is_covered(mark, size, text_size):
    source, n, entry = mark
    app = make_app((1280, 800), animation="off")
    try:
        app.settings.text_size = text_size
        view.apply(app)
        entries = _blank(source)
        if source.game == "thieves":
            entries = [{"n": i + 1, "move": t, "before": "winnable", "after": "winnable", "mark": None}
                       for i, t in enumerate(source.move_texts())]
        entries[n - 1] = entry
        review = review_of(app, source, entries)
        resize(app, size)
        review.go(n, animate=False)
        app.settle()
        message = review.status.message
        assert "mistake" in message.lower(), message
        band_top = review.controls.bottom
        boxes = layoutcheck.record(app.draw)
        said = [b for b in boxes if b.kind == "text" and b.rect.top >= band_top and b.rect.left < size[0] // 2]
        drawn = " ".join(b.label for b in sorted(said, key=lambda b: b.rect.y))
        assert drawn == message, (size, text_size, drawn)  # every word, none cut at "…"
        assert all(b.rect.bottom <= size[1] for b in said)
        cards = review.puppet.table
        top = review.summary_h  # the table is drawn under the summary's band
        for sid, sp in cards.sprites.items():
            r = sp.rect(cards.card_size).move(0, top)
            assert r.bottom <= review.controls.top, (sid, r, review.controls)  # no card under the controls
    finally:
        app.close()


def test_the_grown_band_stays_while_stepping_and_the_status_bar_fills_it():
    """Once a long mark has grown the band, stepping to a short move keeps it (the cards do not jump at every
    mark) and the status bar still meets the controls (no strip of felt between them); a resize fits it
    again to the words shown."""
    source, n, entry = court_mark()
    app = make_app((800, 600), animation="off")
    try:
        entries = _blank(source)
        entries[n - 1] = entry
        review = review_of(app, source, entries)
        short = review.controls.y
        review.go(n, animate=False)
        app.settle()
        app.draw()
        grown = review.controls.y
        assert grown < short  # the mark's lines made room above the status bar
        review.go(0, animate=False)
        app.settle()
        boxes = layoutcheck.record(app.draw)
        bar = next(b.rect for b in boxes if b.kind == "panel" and b.label == "status line")
        assert review.controls.y == grown and bar.top == review.controls.bottom
        resize(app, (1920, 1080))
        resize(app, (800, 600))
        assert review.controls.y == short  # the start's words need the usual two lines
    finally:
        app.close()
