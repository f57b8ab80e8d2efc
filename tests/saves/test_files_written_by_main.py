"""Statistics, high scores, profiles and saved games written before issue 18 still load.

The files in ``fixtures/written_by_main`` were written by the main branch's code as it was before the
fair-play changes (``make_files.py`` in that folder, run from main's tree with PARLOUR_HOME set to an empty
folder).  They must load without a warning, keep their figures, and go on counting."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from saves import acme_profiles as AP
from saves import court_history
from saves import games as saved_games
from saves.solitaire_stats import SolitaireStats
from saves.thieves_records import ThievesRecords

FIXTURES = Path(__file__).parent / "fixtures" / "written_by_main"


@pytest.fixture
def home(parlour_home):
    for path in FIXTURES.rglob("*.json"):
        target = parlour_home / path.relative_to(FIXTURES)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    return parlour_home


def test_solitaire_statistics_load_and_go_on_counting(home):
    st = SolitaireStats("acesup")
    assert st.warning is None
    rec = st.get("aces_up")
    assert (rec.played, rec.won, rec.best) == (2, 1, 62) and st.get("firing_squad").played == 1
    assert st.record("aces_up", True, 70, "abc") is None
    again = SolitaireStats("acesup")
    assert again.get("aces_up").played == 3 and again.get("aces_up").best == 70 and again.counted("abc")


def test_thieves_records_load_and_go_on_counting(home):
    r = ThievesRecords()
    assert r.take_warning() is None
    assert r.stats[2].games == 1 and r.table(2)[0].name == "Ann" and r.table(2)[0].score == 40
    r.record_game(2, 10, 0, game_id="g1")
    r.record_game(2, 10, 0, game_id="g1")  # the same game: once
    assert ThievesRecords().stats[2].games == 2


def test_acme_profiles_load_and_count_rounds_once(home):
    book = AP.load_profiles()
    assert book.warning is None and book.last == "Ann"
    ann = book.find("Ann")
    assert ann.total == 1 and ann.counted == []
    AP.mark_counted(ann, "5:abc")
    assert AP.save_profiles(book) is None
    assert AP.counted_before(AP.load_profiles().find("Ann"), "5:abc")


def test_court_history_with_a_large_tournament_seed_loads(home):
    h = court_history.load_history()
    assert h.tournament is not None and h.tournament.seed == 1180127793


@pytest.mark.parametrize("game,title,name", [("acesup", "Aces Up", "main acesup"),
                                             ("thieves", "Forty Thieves", "main thieves")])
def test_saved_games_and_the_resumed_game_load_in_the_tables(home, game, title, name):
    from tests.scenes.helpers import make_app, open_table

    app = make_app(animation="off")
    try:
        scene = open_table(app, game, seed=3)
        scene.load_data(saved_games.load_game(game, title, name))
        assert scene.seed == 9 and len(scene.history.moves) == 1
        assert not scene.assisted and scene.game_id
        if game == "thieves":
            other = open_table(app, game, seed=4)
            other.load_data(saved_games.read_resume(game, title))
            assert other.state == scene.state and other.player_moved
    finally:
        app.close()
