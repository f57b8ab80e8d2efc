"""Two windows' copies of the same records (each read when its table opened): both windows' results count.

Before, each table wrote back its whole copy, so the last writer won and the other window's game was
lost (Aces Up ``played: 1`` after two games, one Forty Thieves game, one Court game, one ACME round).
Now every change is a read-modify-write of the file under the data folder's OS lock (store.update).
"""

from __future__ import annotations

import os

import pytest

from saves import acme_profiles, court_history, romi_stats, store
from saves.solitaire_stats import SolitaireStats
from saves.thieves_records import ThievesRecords


def test_solitaire_statistics_count_both_windows_games(parlour_home):
    a, b = SolitaireStats("acesup"), SolitaireStats("acesup")
    assert a.record("aces_up", True, 10, "game-a") is None
    assert b.record("aces_up", False, 3, "game-b") is None
    assert b.record("aces_up", False, 3, "game-a") is None  # counted by A already: not again
    st = SolitaireStats("acesup").get("aces_up")
    assert (st.played, st.won, st.best) == (2, 1, 10)


def test_thieves_records_count_both_windows_games_and_scores(parlour_home):
    a, b = ThievesRecords(), ThievesRecords()
    a.record_game(2, 100, 1, game_id="a")
    a.add_score(2, 100, "Ann")
    b.record_game(2, 50, 0, game_id="b")
    b.add_score(2, 50, "Bob")
    r = ThievesRecords()
    assert r.stats[2].games == 2 and r.stats[2].total_score == 150
    assert [e.name for e in r.table(2)] == ["Ann", "Bob"]


def test_court_history_counts_both_windows_games(parlour_home):
    a, b = court_history.load_history(), court_history.load_history()
    a.record_game("Guest", "novice", 110, 90, "you", 5, 2)
    assert a.save() is None
    b.record_game("Guest", "novice", 80, 100, "computer", 4, 0)
    b.add_player("Zoe")
    assert b.save() is None
    rec = court_history.load_history().record("Guest", "novice")
    assert (rec.games, rec.wins, rec.losses, rec.total_points) == (2, 1, 1, 190)
    assert len(rec.legendary) == 1
    assert "Zoe" in court_history.load_history().players


def test_acme_profiles_count_both_windows_rounds(parlour_home):
    book = acme_profiles.load_profiles()
    book.select("Ann", seed=1)
    acme_profiles.save_profiles(book)
    a, b = acme_profiles.load_profiles(), acme_profiles.load_profiles()
    acme_profiles.record_round(a.current, [0, 1, 2, 3, 4], [0, 1, 2, 3, 4])
    assert acme_profiles.save_profiles(a) is None
    acme_profiles.record_round(b.current, [1, 0, 2, 3, 4], [1, 2, 0, 3, 4])
    assert acme_profiles.save_profiles(b) is None
    assert acme_profiles.load_profiles().current.stats == [1, 1, 0, 0, 0]
    assert a.current.stats == [1, 0, 0, 0, 0]  # A's copy is unchanged until A saves again
    a.select("Cy")
    assert acme_profiles.save_profiles(a) is None
    assert acme_profiles.load_profiles().find("Ann").stats == [1, 1, 0, 0, 0]


def test_romi_statistics_count_both_windows_games(parlour_home):
    romi_stats.record_game(0, (10, 3))
    romi_stats.record_game(1, (2, 8))
    s, warning = romi_stats.load()
    assert warning is None and (s.games, s.won, s.lost) == (2, 1, 1)


def _bump(current):
    return {"n": (current or 0) + 1}


def _count(data):
    return data["n"]


def _hammer(path: str, times: int) -> None:
    from saves.recordqueue import QUEUE

    for _ in range(times):
        try:
            store.update(path, "test-counter", 1, _count, _bump)
        except store.SaveDeferred:
            pass  # the other process had the lock: this update waits in the queue (the main thread never waits)
    assert QUEUE.flush(30), "updates were left waiting"  # as the window's close does


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks two writers")
def test_two_processes_updating_one_file_lose_no_update(parlour_home):
    """The OS lock itself: two processes each add 40 to a counter at the same time; it ends at 80."""
    path = str(parlour_home / "counter.json")
    pids = []
    for _ in range(2):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the children
            try:
                _hammer(path, 40)
            finally:
                os._exit(0)
        pids.append(pid)
    for pid in pids:
        assert os.waitpid(pid, 0)[1] == 0
    assert store.read_json(path, "test-counter", 1)["n"] == 80


def test_settings_are_saved_as_changes_merged_with_the_other_windows(parlour_home):
    from saves import settings as settings_mod

    a, _ = settings_mod.load()
    b, _ = settings_mod.load()
    a.card_back = 5
    a.game("thieves")["jokers"] = 3
    assert settings_mod.save(a) is None
    b.sound = False
    b.game("acesup")["variation"] = "firing_squad"
    prefs = b.game("thieves")  # a table holds its game's dict: it sees the merged value
    assert settings_mod.save(b) is None
    s, warning = settings_mod.load()
    assert warning is None
    assert (s.card_back, s.sound) == (5, False)
    assert s.games["thieves"] == {"jokers": 3} and s.games["acesup"] == {"variation": "firing_squad"}
    assert prefs == {"jokers": 3} and b.card_back == 5


def test_court_game_ids_of_both_windows_are_kept(parlour_home):
    """Issue 24's game ids survive issue 26's merge: a game counted in either window is never counted again."""
    a, b = court_history.load_history(), court_history.load_history()
    a.mark_counted("game-a")
    assert a.save() is None
    b.mark_counted("game-b")
    assert b.save() is None
    after = court_history.load_history()
    assert after.counted_before("game-a") and after.counted_before("game-b")
    assert b.counted_before("game-a")  # the window that saved last took the other's ids in


def test_acme_rounds_left_unfinished_in_both_windows_are_kept(parlour_home):
    book = acme_profiles.load_profiles()
    book.select("Ann", seed=1)
    acme_profiles.save_profiles(book)
    a, b = acme_profiles.load_profiles(), acme_profiles.load_profiles()
    acme_profiles.leave_round(a.current, "1:a")
    assert acme_profiles.save_profiles(a) is None
    acme_profiles.leave_round(b.current, "2:b")
    assert acme_profiles.save_profiles(b) is None
    ann = acme_profiles.load_profiles().current
    assert ann.left == 2 and ann.stats[-1] == 2
    assert b.current.left == 2
