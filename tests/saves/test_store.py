"""The atomic JSON store: round trip, backup, and every kind of bad file."""

from __future__ import annotations

import json
import os

import pytest

from saves import settings as settings_mod
from saves import store
from saves.solitaire_stats import SolitaireStats


def test_round_trip_and_backup(tmp_path):
    p = tmp_path / "a.json"
    store.write_json(p, "fmt", 1, {"x": 1})
    store.write_json(p, "fmt", 1, {"x": 2})
    assert store.read_json(p, "fmt", 1)["x"] == 2
    assert store.read_json(p.with_name("a.json.bak"), "fmt", 1)["x"] == 1
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]


def test_backup_used_when_file_damaged(tmp_path):
    p = tmp_path / "a.json"
    store.write_json(p, "fmt", 1, {"x": 1})
    store.write_json(p, "fmt", 1, {"x": 2})
    p.write_text('{"format": "fmt", "vers')
    data, warning = store.read_with_backup(p, "fmt", 1)
    assert data["x"] == 1 and "previous copy" in warning


def test_bad_file_never_promoted_to_backup(tmp_path):
    p = tmp_path / "a.json"
    store.write_json(p, "fmt", 1, {"x": 1})
    store.write_json(p, "fmt", 1, {"x": 2})  # .bak holds x=1
    p.write_text("garbage")
    store.write_json(p, "fmt", 1, {"x": 3})
    assert store.read_json(p.with_name("a.json.bak"), "fmt", 1)["x"] == 1


@pytest.mark.parametrize("content, words", [
    ("", "empty"), ("{", "damaged"), ("[1, 2]", "not a Parlour file"), ('{"format": "other", "version": 1}', "holds"),
    ('{"format": "fmt", "version": 7}', "newer version"), ('{"format": "fmt", "version": "1"}', "version"),
    ('{"format": "fmt", "version": 1, "x": NaN}', "damaged"), ("[" * 50000, "damaged"),
])
def test_bad_files_raise_plain_words(tmp_path, content, words):
    p = tmp_path / "a.json"
    p.write_text(content)
    with pytest.raises(store.SaveError) as err:
        store.read_json(p, "fmt", 1)
    assert words in str(err.value)


def test_missing_and_unwritable(tmp_path):
    with pytest.raises(store.SaveError, match="does not exist"):
        store.read_json(tmp_path / "none.json", "fmt", 1)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(store.SaveError, match="Could not save"):
        store.write_json(blocker / "sub" / "a.json", "fmt", 1, {})


def test_quarantine_moves_aside(tmp_path):
    p = tmp_path / "a.json"
    p.write_text("bad")
    moved = store.quarantine(p)
    assert not p.exists() and moved.read_text() == "bad" and ".bad-" in moved.name


def test_settings_round_trip_and_bad_file(parlour_home):
    s = settings_mod.Settings(animation="fast", card_back=5, volume=0.3)
    s.game("acesup")["variation"] = "firing_squad"
    assert settings_mod.save(s) is None
    loaded, warning = settings_mod.load()
    assert warning is None and loaded.animation == "fast" and loaded.card_back == 5
    assert loaded.game("acesup")["variation"] == "firing_squad"
    (parlour_home / "settings.json").write_text("{{{")
    (parlour_home / "settings.json.bak").unlink(missing_ok=True)
    loaded, warning = settings_mod.load()
    assert loaded == settings_mod.Settings() and "could not be read" in warning
    assert any(".bad-" in f for f in os.listdir(parlour_home))


def test_settings_out_of_range_values_fall_back(parlour_home):
    store.write_json(parlour_home / "settings.json", settings_mod.FORMAT, 1,
                     {"animation": "warp", "card_back": 99, "volume": 7, "window": [1, 1], "sound": "yes"})
    loaded, _w = settings_mod.load()
    assert loaded == settings_mod.Settings()


def test_solitaire_stats_streaks_and_corrupt_file(parlour_home):
    st = SolitaireStats("acesup")
    st.record("aces_up", True, 60)
    st.record("aces_up", True, 55)
    st.record("aces_up", False, 10)
    st.record("aces_up", True, None)
    r = SolitaireStats("acesup").get("aces_up")
    assert (r.played, r.won, r.best, r.streak, r.longest) == (4, 3, 60, 1, 2)
    path = parlour_home / "acesup-stats.json"
    for f in (path, path.with_name(path.name + ".bak")):
        f.write_text(json.dumps({"format": "parlour-solitaire-stats", "version": 1,
                                 "records": {"aces_up": {"played": 1, "won": 5}}}))
    fresh = SolitaireStats("acesup")
    assert fresh.get("aces_up").played == 0 and "start afresh" in fresh.warning
