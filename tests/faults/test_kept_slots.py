"""Two real Parlour windows on one data folder playing the same game: each keeps its own (issue 35).

Case 3: both windows' games are kept, whichever closes first (one kept-game slot per window,
`saves.keptslots`), and the next start offers them one per window, saying which one is which.
Case 4: a kept game is offered to one window at a time, so a game resumed and won in one window is
never also declined (counted as given up) in another.  Each window is a real ``main.py`` process
played by `tests/faults/player.py`.
"""

from __future__ import annotations

import signal

import pytest

from saves import settings as settings_mod
from saves.solitaire_stats import SolitaireStats
from tests.faults.procs import Window, every_kept_moves, kept_moves

pytestmark = pytest.mark.faults


@pytest.mark.parametrize("first", ["a", "b"])
def test_two_windows_playing_the_same_game_each_keep_theirs(first, parlour_home):
    go = parlour_home.parent / "go"
    a = Window(parlour_home, "acesup", "--go", str(go), "--moves", "5", "--stay", "--seed", "1")
    b = Window(parlour_home, "acesup", "--go", str(go), "--moves", "3", "--stay", "--seed", "2")
    for w in (a, b):
        assert w.wait_for(lambda w: w.ready, 30), w.stderr[-2000:]
    go.write_text("go")
    assert a.wait_for(lambda w: len(w.moves) >= 5, 60), a.stderr[-2000:]
    assert b.wait_for(lambda w: len(w.moves) >= 3, 60), b.stderr[-2000:]
    for w in ((a, b) if first == "a" else (b, a)):
        w.signal(signal.SIGTERM)
        assert w.finish(30) == 0, w.stderr[-2000:]
    assert sorted(every_kept_moves("acesup")) == sorted([a.moves, b.moves]), "a window's game was not kept"

    # The next start: each window is offered one of them, told there are two and which this one is.
    c = Window(parlour_home, "acesup", "--moves", "0", "--stay")
    assert c.wait_for(lambda w: w.offered and w.moves, 30), c.stderr[-2000:]
    d = Window(parlour_home, "acesup", "--moves", "0", "--stay")
    assert d.wait_for(lambda w: w.offered and w.moves, 30), d.stderr[-2000:]
    assert sorted([c.moves, d.moves]) == sorted([a.moves, b.moves]), "both windows resumed the same game"
    for w in (c, d):
        assert "2 games of Aces Up" in w.offered[0] and "deal #" in w.offered[0], w.offered
        w.signal(signal.SIGTERM)
        assert w.finish(30) == 0, w.stderr[-2000:]
    assert sorted(every_kept_moves("acesup")) == sorted([a.moves, b.moves])


def test_a_kept_game_is_offered_to_one_window_at_a_time(parlour_home):
    settings_mod.save(settings_mod.Settings(animation="off"))
    first = Window(parlour_home, "acesup", "--moves", "4")
    assert first.finish(60) == 0, first.stderr[-2000:]
    kept = kept_moves("acesup")
    assert len(kept) >= 4

    go = parlour_home.parent / "go"
    a = Window(parlour_home, "acesup", "--go", str(go), "--finish", "--pause", "0,0")
    assert a.wait_for(lambda w: w.ready, 30), a.stderr[-2000:]  # its "Resume it?" is up, not answered yet
    b = Window(parlour_home, "acesup", "--decline", "--moves", "0")  # would answer New game: a give-up
    assert b.finish(60) == 0, b.stderr[-2000:]
    go.write_text("go")
    assert a.finish(120) == 0, a.stderr[-2000:]
    assert a.offered and a.moves[:len(kept)] == kept, "the first window did not resume the kept game"
    assert not b.offered, "the kept game was offered to a second window while the first offered it"
    stats = SolitaireStats("acesup")
    assert stats.warning is None
    assert stats.get("aces_up").played == 1, "the kept game was counted twice (played and given up)"


def test_the_menu_offers_no_kept_game_another_window_is_offering(parlour_home):
    from game.mainmenu import MainMenu
    from saves import games as saved_games
    from tests.scenes.helpers import make_app

    first = Window(parlour_home, "acesup", "--moves", "3")
    assert first.finish(60) == 0, first.stderr[-2000:]
    assert saved_games.resume_path("acesup").exists()
    app = make_app()
    assert "acesup" in MainMenu(app).waiting
    other = Window(parlour_home, "acesup", "--go", str(parlour_home.parent / "never"))  # asks "Resume it?"
    assert other.wait_for(lambda w: w.ready, 30), other.stderr[-2000:]
    assert "acesup" not in MainMenu(app).waiting, "the menu says Resume for a game another window is offering"
    other.signal(signal.SIGTERM)
    assert other.finish(30) == 0
    assert "acesup" in MainMenu(app).waiting  # that window closed without answering: the game waits again
