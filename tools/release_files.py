"""The files a release carries besides the program, made at build time from the game's own code.

    python tools/release_files.py --out DIR

writes into DIR (build.spec runs it in its work folder and copies what the platform needs):

* ``parlour.png`` -- the 256x256 launcher icon, drawn by ``sprites.icon.make_icon``;
* ``parlour.desktop`` -- the Linux launcher entry (freedesktop Desktop Entry 1.4), which names the
  program and the icon by name, so it works once both are installed where the desktop looks (see the
  README's "Building a standalone executable");
* ``parlour.ico`` -- the Windows file icon, the same drawing at 16, 24, 32, 48, 64, 128 and 256 pixels;
* ``parlour.icns`` -- the macOS bundle icon, the same drawing at 16 to 1024 pixels;
* ``parlour-version.txt`` -- the Windows version resource in PyInstaller's version-file syntax, with
  the version from pyproject.toml.

No picture is kept in the repository: every icon is rendered from code, so the launcher, the .ico and
the window icon cannot drift apart.  Needs pygame and, like any drawing, a video driver; the script
sets the dummy one so a build needs no screen.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "parlour"
TITLE = "Parlour"
COMMENT = "Five classic card games: Aces Up, Forty Thieves, ACME, Affairs of the Court and Romi"
#: The sizes Windows asks an .ico for: Explorer's views (16-48, 256) and the taskbar and Alt+Tab (24-64).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: Up to this size an .ico entry is a classic bitmap, which every reader understands; larger entries are
#: PNG (Windows Vista and later), which is what keeps a 256-pixel icon small -- Windows' own icons do this.
ICO_BMP_MAX = 48
LAUNCHER_SIZE = 256
#: The macOS .icns entries, all PNG (macOS 10.7+): type code and pixel size.  ``ic11``-``ic14`` are the
#: Retina ("@2x") twins of 16, 32, 128 and 256; Finder, the Dock and Launchpad pick among them.
ICNS_ENTRIES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
                ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))


def project_version() -> str:
    """The version in pyproject.toml, the one place it is written."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def _icon(size: int):
    from sprites.icon import make_icon

    return make_icon(size)


def png_bytes(surface) -> bytes:
    """A surface as PNG file bytes (pygame writes PNG when the name hint says so)."""
    import pygame

    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def dib_bytes(surface) -> bytes:
    """An .ico bitmap entry: BITMAPINFOHEADER, 32-bit BGRA rows bottom-up, then the 1-bit AND mask.

    The header's height is twice the picture's, as the .ico format counts the mask too; the mask marks
    fully transparent pixels, for readers that ignore the alpha channel.
    """
    import pygame

    w, h = surface.get_size()
    rgba = pygame.image.tobytes(surface, "RGBA")
    rows, mask_rows = [], []
    mask_stride = ((w + 31) // 32) * 4
    for y in range(h - 1, -1, -1):
        row = rgba[y * w * 4:(y + 1) * w * 4]
        bgra = bytearray(row)
        bgra[0::4], bgra[2::4] = row[2::4], row[0::4]
        rows.append(bytes(bgra))
        bits = bytearray(mask_stride)
        for x in range(w):
            if row[x * 4 + 3] == 0:
                bits[x // 8] |= 0x80 >> (x % 8)
        mask_rows.append(bytes(bits))
    pixels = b"".join(rows) + b"".join(mask_rows)
    header = struct.pack("<IiiHHIIiiII", 40, w, 2 * h, 1, 32, 0, len(pixels), 0, 0, 0, 0)
    return header + pixels


def ico_bytes(sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    """A multi-size .ico: ICONDIR, one ICONDIRENTRY a size, then the images (BMP small, PNG large)."""
    images = [dib_bytes(_icon(s)) if s <= ICO_BMP_MAX else png_bytes(_icon(s)) for s in sizes]
    out = [struct.pack("<HHH", 0, 1, len(sizes))]
    offset = 6 + 16 * len(sizes)
    for size, data in zip(sizes, images, strict=True):
        side = 0 if size >= 256 else size  # 0 means 256 in a one-byte field
        out.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        offset += len(data)
    return b"".join(out + images)


def icns_bytes(entries: tuple[tuple[str, int], ...] = ICNS_ENTRIES) -> bytes:
    """A macOS .icns: ``icns`` and the file's length, then one (type, length, PNG) block an entry, big-endian,
    each length counting its own 8-byte header."""
    pngs: dict[int, bytes] = {}
    blocks = []
    for kind, size in entries:
        if size not in pngs:
            pngs[size] = png_bytes(_icon(size))
        blocks.append(kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[size])) + pngs[size])
    body = b"".join(blocks)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def info_plist(version: str) -> dict[str, object]:
    """The macOS bundle's Info.plist entries beyond PyInstaller's own (executable, identifier, icon file)."""
    return {"CFBundleName": TITLE, "CFBundleDisplayName": TITLE, "CFBundleShortVersionString": version,
            "CFBundleVersion": version, "NSHighResolutionCapable": True,
            "LSApplicationCategoryType": "public.app-category.card-games",
            "NSHumanReadableCopyright": f"{TITLE} authors"}


def desktop_entry() -> str:
    """The freedesktop launcher.  ``Exec`` and ``Icon`` are names: the program found on PATH and the
    icon in the icon theme (``~/.local/share/icons/hicolor/256x256/apps/parlour.png``); the README's
    install lines put both there.  ``StartupWMClass`` is the X window class the program gives its window
    (``game.engine.app.APP_NAME``, "Parlour", set before the display opens, whatever the executable is
    called), so a dock shows the running game under this launcher (it said "parlour": no match)."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        f"Name={TITLE}",
        "GenericName=Card Games",
        f"Comment={COMMENT}",
        f"Exec={NAME}",
        f"Icon={NAME}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=cards;solitaire;patience;rummy;Aces Up;Forty Thieves;ACME;Court;Romi;",
        f"StartupWMClass={TITLE}",
        "",
    ])


def version_file_text(version: str) -> str:
    """The Windows version resource in PyInstaller's version-file syntax (``EXE(version=...)``)."""
    parts = [int(p) for p in version.split(".")[:4] if p.isdigit()]
    numbers = tuple(parts + [0] * (4 - len(parts)))
    strings = [("CompanyName", TITLE), ("FileDescription", TITLE), ("FileVersion", version),
               ("InternalName", NAME), ("LegalCopyright", f"{TITLE} authors"),
               ("OriginalFilename", f"{NAME}.exe"), ("ProductName", TITLE), ("ProductVersion", version)]
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings)
    return f"""# UTF-8
# The Windows version resource of {NAME}.exe, written by tools/release_files.py at build time.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [0x0409, 1200])])
  ]
)
"""


def write_all(out: Path) -> dict[str, Path]:
    """Write the five files into ``out``; their paths by kind."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {"png": out / f"{NAME}.png", "desktop": out / f"{NAME}.desktop", "ico": out / f"{NAME}.ico",
             "icns": out / f"{NAME}.icns", "version": out / f"{NAME}-version.txt"}
    paths["png"].write_bytes(png_bytes(_icon(LAUNCHER_SIZE)))
    paths["desktop"].write_text(desktop_entry(), encoding="utf-8")
    paths["ico"].write_bytes(ico_bytes())
    paths["icns"].write_bytes(icns_bytes())
    paths["version"].write_text(version_file_text(project_version()), encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="folder to write the files into")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import pygame

    pygame.display.init()
    for path in write_all(Path(args.out)).values():
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
