"""The files the release build carries besides the program (tools/release_files.py): the Linux launcher
entry and icon, the Windows .ico and version resource.  Made from the game's own icon code, so these
tests compare them with ``make_icon`` pixel for pixel; they need no build and run in the quick suite."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import tomllib
import types
from pathlib import Path

import pygame
import pytest

from sprites.icon import make_icon
from tests.release.icofile import read_ico
from tools import release_files

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = shutil.which("desktop-file-validate")


def rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("size", [16, 32, 64, 256])
def test_icon_at_any_size_is_two_cards_on_a_clear_ground(size):
    icon = make_icon(size)
    assert icon.get_size() == (size, size)
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((size - 1, size - 1)).a == 0
    centre = icon.get_at((size // 2, size // 2))
    assert centre.a == 255
    opaque = sum(1 for x in range(size) for y in range(size) if icon.get_at((x, y)).a == 255)
    assert 0.3 < opaque / size**2 < 0.8, "the cards should fill a good part of the square, not all of it"


def test_icon_has_a_sensible_minimum():
    with pytest.raises(ValueError):
        make_icon(4)


def test_ico_holds_every_size_each_decoding_to_the_game_icon():
    images = read_ico(release_files.ico_bytes())
    assert [im.size for im in images] == [(s, s) for s in release_files.ICO_SIZES]
    assert {16, 32, 48, 256} <= set(release_files.ICO_SIZES), "the sizes Explorer asks for"
    for im in images:
        side = im.size[0]
        assert im.kind == ("bmp" if side <= 48 else "png")
        assert rgba(im.picture) == rgba(make_icon(side)), f"the {side}-pixel entry is not the game's icon"


def test_ico_reader_rejects_damage():
    """The reader above really checks: a cut file and a wrong header both fail."""
    data = release_files.ico_bytes((16, 64))
    with pytest.raises(AssertionError):
        read_ico(data[:-100])
    with pytest.raises(AssertionError):
        read_ico(b"\x00\x00\x02\x00" + data[4:])


def test_launcher_entry_names_the_program_and_its_icon():
    entry = release_files.desktop_entry()
    lines = entry.splitlines()
    assert lines[0] == "[Desktop Entry]"
    keys = dict(line.split("=", 1) for line in lines[1:] if line)
    assert keys["Type"] == "Application" and keys["Name"] == "Parlour"
    assert keys["Exec"] == "parlour" and keys["Icon"] == "parlour" and keys["Terminal"] == "false"
    from game.engine.app import APP_NAME

    # the window's class is set to APP_NAME before the display opens (WM_CLASS "Parlour"): the launcher
    # names the same, or a dock shows the running game apart from it
    assert keys["StartupWMClass"] == APP_NAME == "Parlour"
    assert "Game" in keys["Categories"].split(";")


@pytest.mark.skipif(VALIDATOR is None, reason="needs desktop-file-validate (apt-get install desktop-file-utils)")
def test_launcher_entry_and_its_installed_form_validate(tmp_path):
    shipped = tmp_path / "parlour.desktop"
    shipped.write_text(release_files.desktop_entry(), encoding="utf-8")
    # The README's install step rewrites Exec to the installed program's full path.
    installed = tmp_path / "installed" / "parlour.desktop"
    installed.parent.mkdir()
    installed.write_text(shipped.read_text().replace("Exec=parlour", "Exec=/home/someone/.local/bin/parlour"))
    for path in (shipped, installed):
        res = subprocess.run([VALIDATOR, str(path)], capture_output=True, text=True)
        assert res.returncode == 0 and not res.stdout.strip(), res.stdout + res.stderr


def test_version_resource_loads_with_pyinstallers_own_reader(monkeypatch, tmp_path):
    """PyInstaller reads the version file with its versioninfo module (which imports the Windows-only
    pefile and win32api at the top but needs them only to patch an .exe): load it, serialise it the way
    it is embedded in the .exe, and read the strings and numbers back.  (Its fromRaw reads with native
    C longs, so a byte-level round trip only works on Windows.)"""
    pytest.importorskip("PyInstaller")
    import PyInstaller.compat

    monkeypatch.setitem(sys.modules, "pefile", types.ModuleType("pefile"))
    monkeypatch.setattr(PyInstaller.compat, "win32api", None, raising=False)
    monkeypatch.delitem(sys.modules, "PyInstaller.utils.win32.versioninfo", raising=False)
    from PyInstaller.utils.win32 import versioninfo

    with open(ROOT / "pyproject.toml", "rb") as fh:
        version = tomllib.load(fh)["project"]["version"]
    path = tmp_path / "version.txt"
    path.write_text(release_files.version_file_text(version), encoding="utf-8")
    info = versioninfo.load_version_info_from_text_file(str(path))
    raw = info.toRaw()
    assert raw.startswith(struct.pack("<H", len(raw))) and "VS_VERSION_INFO".encode("utf-16-le") in raw
    assert f"{version}".encode("utf-16-le") in raw
    strings = {s.name: s.val for kid in info.kids if isinstance(kid, versioninfo.StringFileInfo)
               for table in kid.kids for s in table.kids}
    assert strings["FileVersion"] == strings["ProductVersion"] == version
    assert strings["OriginalFilename"] == "parlour.exe" and strings["ProductName"] == "Parlour"
    major, minor, patch = (int(p) for p in version.split(".")[:3])
    assert info.ffi.fileVersionMS == (major << 16) | minor and info.ffi.fileVersionLS == patch << 16


def test_the_script_writes_all_five_files(tmp_path):
    res = subprocess.run([sys.executable, str(ROOT / "tools" / "release_files.py"), "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == ["parlour-version.txt", "parlour.desktop", "parlour.icns", "parlour.ico", "parlour.png"]
    png = pygame.image.load(str(tmp_path / "out" / "parlour.png"))
    assert png.get_size() == (256, 256)
    assert rgba(png) == rgba(make_icon(256))
