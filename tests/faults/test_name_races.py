"""Two real processes renaming (or saving) two games to one name at the same moment (issue 35, case 10).

Before, both were told "done" in 12 of 20 trials and one game was gone with no backup: each checked the
name was free, then both wrote it.  Now the check and the write happen under the saves folder's lock and
the new file never replaces one (`saves.store.write_json_new`): exactly one succeeds, the other is told
the name is taken, and both games are still there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from saves import games, store
from tests.faults.procs import ROOT

pytestmark = pytest.mark.faults

TRIALS = 20


def _race(home, mode: str) -> list[tuple[dict, dict]]:
    go = home.parent / "go"
    go.mkdir()
    env = dict(os.environ, PARLOUR_HOME=str(home))
    procs = [subprocess.Popen([sys.executable, str(ROOT / "tests" / "faults" / "racer.py"), mode, who, str(TRIALS),
                               str(go)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) for who in "ab"]
    results = []
    for k in range(TRIALS):
        (go / str(k)).write_text("go")
        results.append(tuple(json.loads(p.stdout.readline()) for p in procs))
    for p in procs:
        assert p.wait(30) == 0
    return results


def _who(path) -> str:
    return store.read_json(path, games.FORMAT, games.VERSION)["data"]["who"]


def test_two_windows_renaming_to_one_name_at_once_lose_neither_game(parlour_home):
    for k in range(TRIALS):
        for who in "ab":
            games.save_game("acesup", "Aces Up", f"t{k} {who}", {"who": who})
    for k, (a, b) in enumerate(_race(parlour_home, "rename")):
        assert [a["ok"], b["ok"]].count(True) == 1, f"trial {k}: both or neither told the rename worked: {a} {b}"
        loser = "b" if a["ok"] else "a"
        assert "exists already" in (b if a["ok"] else a)["error"]
        target, left = games.save_path("acesup", f"same {k}"), games.save_path("acesup", f"t{k} {loser}")
        assert left.exists(), f"trial {k}: the game that was not renamed is gone"
        assert {_who(target), _who(left)} == {"a", "b"}, f"trial {k}: one game was lost"


def test_two_windows_saving_one_new_name_at_once_never_replace_each_other(parlour_home):
    for k, (a, b) in enumerate(_race(parlour_home, "save")):
        assert [a["ok"], b["ok"]].count(True) == 1, f"trial {k}: both were told the game was saved: {a} {b}"
        winner = "a" if a["ok"] else "b"
        assert _who(games.save_path("acesup", f"same {k}")) == winner
        assert "not replaced" in (b if a["ok"] else a)["error"]


@pytest.mark.parametrize("links", [True, False], ids=["hard link", "no links (FAT)"])
def test_a_new_file_never_replaces_one_there(links, parlour_home, monkeypatch):
    if not links:
        def refuse(*_a, **_k):
            raise PermissionError(1, "Operation not permitted")
        monkeypatch.setattr(os, "link", refuse)
    path = parlour_home / "x.json"
    store.write_json_new(path, "parlour-game", 1, {"who": "first"})
    with pytest.raises(store.SaveExists):
        store.write_json_new(path, "parlour-game", 1, {"who": "second"})
    assert store.read_json(path, "parlour-game", 1)["who"] == "first"
    assert sorted(p.name for p in parlour_home.iterdir()) == ["x.json"], "a temporary file was left"
