"""Two real Parlour windows on one data folder (a player double-clicked twice): nothing is lost.

Both count their games in the records, a window never replaces or clears the other's kept game, and
settings changed in one survive the other's close.  Each window is a real ``main.py`` process played by
`tests/faults/player.py`; ``--go`` holds both at their first move until both are open.
"""

from __future__ import annotations

import signal

import pytest

from saves import settings as settings_mod
from saves.solitaire_stats import SolitaireStats
from saves.thieves_records import ThievesRecords
from tests.faults.procs import Window, kept_moves

pytestmark = pytest.mark.faults


def _both_open(home, game: str, *args: str) -> tuple[Window, Window]:
    go = home.parent / "go"
    a = Window(home, game, "--go", str(go), "--seed", "1", *args)
    b = Window(home, game, "--go", str(go), "--seed", "2", *args)
    for w in (a, b):
        assert w.wait_for(lambda w: w.ready, 30), w.stderr[-2000:]
    go.write_text("go")
    return a, b


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_two_windows_each_finishing_a_game_both_count(game, parlour_home):
    settings_mod.save(settings_mod.Settings(animation="off"))
    a, b = _both_open(parlour_home, game, "--finish", "--pause", "0,0")
    for w in (a, b):
        assert w.finish(120) == 0, w.stderr[-2000:]
    if game == "acesup":
        st = SolitaireStats("acesup")
        assert st.warning is None
        assert st.get("aces_up").played == 2
    else:
        rec = ThievesRecords()
        assert rec.warning is None
        assert rec.stats[2].games == 2


def test_closing_an_untouched_second_window_keeps_the_first_windows_game(parlour_home):
    b = Window(parlour_home, "acesup", "--go", str(parlour_home.parent / "never"))  # opened, never played
    assert b.wait_for(lambda w: w.ready, 30), b.stderr[-2000:]
    a = Window(parlour_home, "acesup", "--moves", "6")
    assert a.finish(60) == 0, a.stderr[-2000:]
    kept = kept_moves("acesup")
    assert len(kept) >= 5 and kept[:len(a.moves)] == a.moves
    b.signal(signal.SIGTERM)
    assert b.finish(30) == 0
    assert kept_moves("acesup") == kept, "closing the untouched window changed the kept game"
    assert (parlour_home / "resume" / "acesup.json").exists()


def test_a_second_window_never_overwrites_the_first_windows_kept_game(parlour_home):
    go_a, go_b = parlour_home.parent / "go-a", parlour_home.parent / "go-b"
    a = Window(parlour_home, "thieves", "--go", str(go_a), "--moves", "10", "--seed", "1")
    b = Window(parlour_home, "thieves", "--go", str(go_b), "--moves", "3", "--stay", "--seed", "2")
    for w in (a, b):
        assert w.wait_for(lambda w: w.ready, 30), w.stderr[-2000:]
    go_a.write_text("go")
    assert a.wait_for(lambda w: len(w.moves) >= 1, 30)
    go_b.write_text("go")
    assert b.wait_for(lambda w: len(w.moves) >= 3, 30)
    assert a.finish(60) == 0
    kept = kept_moves("thieves")
    assert kept[:len(a.moves)] == a.moves and len(kept) >= 9
    b.signal(signal.SIGTERM)  # B closes last, with its own three moves
    assert b.finish(30) == 0
    assert kept_moves("thieves") == kept, "the second window's close replaced the first window's kept game"


def test_settings_changed_in_one_window_survive_the_other_windows_close(parlour_home):
    b = Window(parlour_home, "acesup", "--go", str(parlour_home.parent / "never"))
    assert b.wait_for(lambda w: w.ready, 30)
    a = Window(parlour_home, "acesup", "--card-back", "5", "--moves", "0")
    assert a.finish(60) == 0
    assert settings_mod.load()[0].card_back == 5
    b.signal(signal.SIGTERM)
    assert b.finish(30) == 0
    assert settings_mod.load()[0].card_back == 5, "the other window's close put the card back back"
