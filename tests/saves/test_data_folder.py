"""The data folder is always absolute: an empty or relative XDG_DATA_HOME falls back to the default.

appdirs turned ``XDG_DATA_HOME=""`` into the relative folder ``Parlour`` in whatever directory Parlour
was started from; the XDG spec says an empty value means unset, and a relative one is to be ignored.
"""

from __future__ import annotations

import pytest

from saves.paths import data_dir


@pytest.mark.skipif(__import__("sys").platform in ("win32", "darwin"), reason="XDG is the Linux rule")
@pytest.mark.parametrize("value", ["", "relative/share", "."])
def test_an_empty_or_relative_xdg_data_home_gives_the_default_absolute_folder(value, tmp_path, monkeypatch):
    monkeypatch.delenv("PARLOUR_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", value)
    monkeypatch.chdir(tmp_path)
    folder = data_dir(create=False)
    assert folder.is_absolute()
    assert folder == tmp_path / ".local" / "share" / "Parlour"


def test_an_absolute_xdg_data_home_is_used(tmp_path, monkeypatch):
    monkeypatch.delenv("PARLOUR_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if __import__("sys").platform not in ("win32", "darwin"):
        assert data_dir(create=False) == tmp_path / "xdg" / "Parlour"


def test_a_relative_parlour_home_is_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PARLOUR_HOME", "here")
    folder = data_dir(create=False)
    assert folder.is_absolute() and folder == tmp_path / "here"
