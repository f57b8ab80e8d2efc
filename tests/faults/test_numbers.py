"""Numbers no Parlour ever writes, in every kind of data file: the file is damaged, set aside, and saving
works again at once.

1e400 parses as infinity (and NaN, Infinity are JSON's own extensions); before, such a file loaded, and
every later save of it failed "not storable", silently and for good.  A count of 10**400 loaded without a
word and crashed the Statistics box (OverflowError).  Every number read now has a sane range.  A file
saved from Notepad with a UTF-8 byte-order mark is read as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from saves import acme_profiles, court_history, romi_stats, store
from saves import games as saved_games
from saves import settings as settings_mod
from saves.solitaire_stats import SolitaireStats
from saves.thieves_records import ThievesRecords

pytestmark = pytest.mark.faults

BAD = ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "1" + "0" * 400, str(2**64), "1e999999"]
NUMBER = re.compile(r"(?<=[:\[,\s])-?\d+(\.\d+)?(?=\s*[,\]\}])")


@dataclass
class Kind:
    name: str
    path: Callable[[], Path]
    write: Callable[[], None]  # a good file, with numbers deep inside
    refused: Callable[[], bool]  # the loader refuses the file (a warning, or a SaveError)
    again: Callable[[], None]  # saving works again


def _settings_write():
    assert settings_mod.save(settings_mod.Settings(card_back=3, games={"acesup": {"x": 7, "y": 0.5}})) is None


def _stats_write():
    assert SolitaireStats("acesup").record("aces_up", True, 12) is None


def _thieves_write():
    assert ThievesRecords().record_game(2, 80, 1) is None


def _acme_write():
    book = acme_profiles.load_profiles()
    book.select("Ann", seed=1).saved_round = {"deck": [1, 2, 3], "n": 4}
    assert acme_profiles.save_profiles(book) is None


def _court_write():
    h = court_history.load_history()
    h.record_game("Guest", "novice", 120, 80, "you", 3, 4)
    assert h.save() is None


def _romi_write():
    assert romi_stats.record_game(0, (10, 5))[1] is None


def _game_write():
    saved_games.save_game("acesup", "Aces Up", "slot", {"seed": 5, "moves": [], "n": [1, 2]})


def _kept_write():
    assert saved_games.write_resume("acesup", "Aces Up", {"seed": 5, "moves": [], "n": [1, 2]}) is None


def _raises(fn) -> bool:
    try:
        fn()
    except store.SaveError:
        return True
    return False


KINDS = [
    Kind("settings", settings_mod._path, _settings_write, lambda: settings_mod.load()[1] is not None,
         lambda: settings_mod.save(settings_mod.load()[0]) is None or pytest.fail("settings not saved")),
    Kind("statistics", lambda: saved_games.data_dir() / "acesup-stats.json", _stats_write,
         lambda: SolitaireStats("acesup").warning is not None, _stats_write),
    Kind("high scores", lambda: saved_games.data_dir() / "thieves-records.json", _thieves_write,
         lambda: ThievesRecords().warning is not None, _thieves_write),
    Kind("ACME profiles", acme_profiles.profiles_path, _acme_write,
         lambda: acme_profiles.load_profiles().warning is not None, _acme_write),
    Kind("Court history", court_history.history_path, _court_write,
         lambda: court_history.load_history().warning is not None, _court_write),
    Kind("Romi statistics", romi_stats.path, _romi_write, lambda: romi_stats.load()[1] is not None, _romi_write),
    Kind("saved game", lambda: saved_games.save_path("acesup", "slot"), _game_write,
         lambda: _raises(lambda: saved_games.load_game("acesup", "Aces Up", "slot")), _game_write),
    Kind("kept game", lambda: saved_games.resume_path("acesup"), _kept_write,
         lambda: _raises(lambda: saved_games.read_resume("acesup", "Aces Up")), _kept_write),
]


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_non_finite_and_huge_numbers_are_damage_in_every_file(kind, parlour_home):
    for where in ("first", "last"):
        for bad in BAD:
            kind.write()
            path = kind.path()
            text = path.read_text()
            spots = list(NUMBER.finditer(text))[1:]  # not the version
            assert spots, f"{kind.name}: no number to spoil"
            spot = spots[0] if where == "first" else spots[-1]
            path.write_text(text[:spot.start()] + bad + text[spot.end():])
            path.with_name(path.name + ".bak").unlink(missing_ok=True)  # no previous copy to fall back on
            assert kind.refused(), f"{kind.name}: {bad} ({where} number) was accepted"
            kind.again()  # and saving works again
            assert path.exists()
            store.read_json(path, _fmt(path), 10**9)  # whole and readable
            for p in path.parent.glob(path.name + ".bad-*"):
                p.unlink()
            path.unlink()


def _fmt(path: Path) -> str:
    import json

    return json.loads(path.read_text())["format"]


@pytest.mark.parametrize(("name", "field", "value"), [
    ("thieves-records.json", "total_score", 10**13), ("thieves-records.json", "games", 10**400),
    ("acesup-stats.json", "played", 10**10), ("romi-stats.json", "points_for", 10**13),
])
def test_huge_counts_are_damage_and_never_reach_the_statistics(name, field, value, parlour_home):
    _thieves_write(), _stats_write(), _romi_write()
    path = parlour_home / name
    text = re.sub(rf'("{field}":\s*)\d+', lambda m: m.group(1) + str(value), path.read_text(), count=1)
    path.write_text(text)
    path.with_name(name + ".bak").unlink(missing_ok=True)
    warning = {"thieves-records.json": lambda: ThievesRecords().warning,
               "acesup-stats.json": lambda: SolitaireStats("acesup").warning,
               "romi-stats.json": lambda: romi_stats.load()[1]}[name]()
    assert warning and "could not" in warning
    assert list(parlour_home.glob(name + ".bad-*")), "the damaged file was not kept aside"


def test_acme_statistics_of_a_huge_count_are_damage(parlour_home):
    _acme_write()
    path = acme_profiles.profiles_path()
    text = re.sub(r'("stats": \[\s*)0', lambda m: m.group(1) + "1" + "0" * 12, path.read_text(), count=1)
    assert text != path.read_text()
    path.write_text(text)
    path.with_name(path.name + ".bak").unlink(missing_ok=True)
    assert acme_profiles.load_profiles().warning


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_a_file_with_a_byte_order_mark_is_read_not_set_aside(kind, parlour_home):
    kind.write()
    path = kind.path()
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    path.with_name(path.name + ".bak").unlink(missing_ok=True)
    assert not kind.refused(), f"{kind.name}: a file saved with a byte-order mark was refused"
    assert not list(path.parent.glob(path.name + ".bad-*"))
