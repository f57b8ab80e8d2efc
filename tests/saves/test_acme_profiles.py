"""ACME profiles: selection by name, seniority records, statistics, demotion, bad files."""

from __future__ import annotations

import json

import pytest

from saves import acme_profiles as AP
from saves.store import SaveError


def test_new_and_existing_names():
    book = AP.load_profiles()
    assert book.profiles == {} and book.warning is None and book.current is None
    keith = book.select("  Keith   Westley ", seed=1)
    assert keith.name == "Keith Westley" and sorted(keith.roles) == [0, 1, 2, 3, 4]
    assert book.select("keith westley") is keith  # typing an existing name selects it
    book.select("Ann")
    assert book.last == "Ann" and book.names() == ["Ann", "Keith Westley"]
    for bad in ("", "   ", "x" * 41):
        with pytest.raises(ValueError):
            book.select(bad)


def test_round_records_roles_and_statistics_persist():
    book = AP.load_profiles()
    p = book.select("Ann", seed=3)
    AP.record_round(p, [2, 0, 1, 3, 4], [0, 3, 2, 4, 1])  # Ann (seat 0) played as Vice President
    AP.record_round(p, [0, 3, 2, 4, 1], [3, 0, 2, 4, 1])  # ... then as President
    assert p.stats == [1, 1, 0, 0, 0] and p.total == 2
    assert p.percentages() == [50.0, 50.0, 0.0, 0.0, 0.0]
    assert p.roles == [3, 0, 2, 4, 1] and p.role() == 1
    p.saved_round = {"phase": "play"}
    assert AP.save_profiles(book) is None
    again = AP.load_profiles()
    q = again.current
    assert q is not None and q.name == "Ann" and q.stats == [1, 1, 0, 0, 0]
    assert q.roles == [3, 0, 2, 4, 1] and q.saved_round == {"phase": "play"}
    with pytest.raises(ValueError):
        AP.record_round(q, [0, 1, 2, 3], [0, 1, 2, 3, 4])


def test_leaving_mid_round_demotes_to_apprentice():
    p = AP.Profile("Bo", roles=[0, 3, 1, 2, 4], saved_round={"x": 1})
    AP.leave_round(p)
    assert p.roles == [3, 1, 2, 4, 0] and p.role() == 4 and p.saved_round is None
    assert p.stats == [0, 0, 0, 0, 1] and p.left == 1  # issue 24: counted, as a round at the demoted role


def test_a_left_round_counts_once_by_its_key():
    p = AP.Profile("Bo", roles=[0, 3, 1, 2, 4])
    AP.leave_round(p, "5:abc")
    AP.leave_round(p, "5:abc")  # the same round again (a save of it, loaded and left)
    assert p.stats == [0, 0, 0, 0, 1] and p.left == 1 and AP.counted_before(p, "5:abc")


def test_a_file_without_left_loads(tmp_path):
    import json
    path = tmp_path / "acme-profiles.json"
    p = AP.Profile("Di", roles=[0, 1, 2, 3, 4], stats=[1, 0, 0, 0, 0])
    book = AP.ProfileBook({"Di": p}, "Di")
    assert AP.save_profiles(book, path) is None
    data = json.loads(path.read_text())
    del data["profiles"][0]["left"]
    path.write_text(json.dumps(data))
    again = AP.load_profiles(path)
    assert again.warning is None and again.current.left == 0 and again.current.stats == [1, 0, 0, 0, 0]


def test_clear_statistics():
    p = AP.Profile("Cy", stats=[3, 1, 0, 2, 5])
    AP.clear_statistics(p)
    assert p.stats == [0] * 5 and p.percentages() == [0.0] * 5


@pytest.mark.parametrize("content", [
    b'{"format": "parlour-acme-profiles", "version": 1, "profiles": [{"name": "A", "roles": [0,1',
    b"\x00\x01garbage",
    b'{"format": "parlour-acme-profiles", "version": 99, "profiles": []}',
    b'{"format": "something-else", "version": 1}',
    b'{"format": "parlour-acme-profiles", "version": 1, "profiles": [{"name": "A", "roles": [0,0,1,2,3],'
    b' "stats": [0,0,0,0,0]}]}',
    b'{"format": "parlour-acme-profiles", "version": 1, "profiles": [], "last": "Nobody"}',
])
def test_bad_file_is_moved_aside_with_a_warning(parlour_home, content):
    path = parlour_home / AP.FILENAME
    path.write_bytes(content)
    book = AP.load_profiles()
    assert book.profiles == {} and book.warning and "could not be used" in book.warning
    assert not path.exists()
    assert any(f.name.startswith(AP.FILENAME + ".bad") for f in parlour_home.iterdir())
    book.select("New")
    assert AP.save_profiles(book) is None and AP.load_profiles().current.name == "New"


def test_failed_save_gives_a_message(monkeypatch):
    book = AP.load_profiles()
    book.select("Dee")

    def fail(*_a, **_k):
        raise SaveError("Could not save acme-profiles.json: disk full.")

    monkeypatch.setattr(AP.store, "write_json", fail)
    msg = AP.save_profiles(book)
    assert msg and "disk full" in msg and "play goes on" in msg


def test_file_format(parlour_home):
    book = AP.load_profiles()
    book.select("Eve", seed=0)
    AP.save_profiles(book)
    data = json.loads((parlour_home / AP.FILENAME).read_text())
    assert data["format"] == AP.FORMAT and data["version"] == AP.VERSION and data["last"] == "Eve"
