"""The saved-games list shows when each game was saved (round 10, fresh player: renaming a save
changed the date shown to the rename's time)."""

from __future__ import annotations

import os

from saves import games as saved_games

DAY_AGO = 1_700_000_000  # a fixed past moment, 2023-11-14


def _saved_long_ago(name: str) -> saved_games.SaveInfo:
    path = saved_games.save_path("acesup", name)
    saved_games.save_game("acesup", "Aces Up", name, {"start": None, "moves": [], "cursor": 0})
    raw = saved_games.store.read_json(path, saved_games.FORMAT, saved_games.VERSION)
    raw["saved_at"] = "2023-11-14T22:13:20"
    saved_games.store.write_json(path, saved_games.FORMAT, saved_games.VERSION,
                                 {k: v for k, v in raw.items() if k not in ("format", "version")})
    os.utime(path, (DAY_AGO, DAY_AGO))
    [info] = saved_games.list_saves("acesup")
    return info


def test_the_list_shows_the_time_the_game_was_saved(parlour_home):
    info = _saved_long_ago("Long ago")
    assert info.saved_at == "2023-11-14T22:13"


def test_a_rename_keeps_the_time_the_game_was_saved(parlour_home):
    info = _saved_long_ago("Long ago")
    saved_games.rename_save("acesup", info, "Renamed")
    [renamed] = saved_games.list_saves("acesup")
    assert renamed.name == "Renamed"
    assert renamed.saved_at == info.saved_at == "2023-11-14T22:13"


def test_a_case_only_rename_keeps_the_time_too(parlour_home):
    info = _saved_long_ago("Long ago")
    saved_games.rename_save("acesup", info, "LONG AGO")
    [renamed] = saved_games.list_saves("acesup")
    assert renamed.name == "LONG AGO" and renamed.saved_at == "2023-11-14T22:13"


def test_a_save_without_a_readable_time_shows_the_files_time(parlour_home):
    path = saved_games.save_path("acesup", "Odd")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not json")
    os.utime(path, (DAY_AGO, DAY_AGO))
    [info] = saved_games.list_saves("acesup")
    assert info.saved_at.startswith("2023-11-1")
