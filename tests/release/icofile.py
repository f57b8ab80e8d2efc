"""A reader for Windows .ico files, written from the format's description for the tests.

It is independent of tools/release_files.py (which writes them), so a mistake in the writer cannot be
mirrored here: ICONDIR, then one 16-byte ICONDIRENTRY an image, then the images, each either a PNG file
or a BMP without its file header (BITMAPINFOHEADER, 32-bit BGRA rows bottom-up, then a 1-bit AND mask,
with the header's height counting both).
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass

import pygame

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class IcoImage:
    size: tuple[int, int]
    kind: str  # "png" or "bmp"
    picture: pygame.Surface


def read_ico(data: bytes) -> list[IcoImage]:
    """Every image of an .ico, decoded; AssertionError naming the first thing that is wrong."""
    assert len(data) >= 6, "shorter than an icon header"
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1), f"not an icon header: reserved={reserved} type={kind}"
    assert count >= 1, "no images"
    assert len(data) >= 6 + 16 * count, "directory runs past the end"
    images, spans = [], []
    for i in range(count):
        w, h, colours, res, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        w, h = w or 256, h or 256
        assert res == 0 and colours == 0 and planes in (0, 1) and bpp == 32, f"entry {i}: odd directory entry"
        assert 6 + 16 * count <= offset and offset + length <= len(data), f"entry {i}: image outside the file"
        spans.append((offset, offset + length))
        blob = data[offset:offset + length]
        if blob.startswith(PNG_SIGNATURE):
            picture = pygame.image.load(io.BytesIO(blob), "entry.png")
            images.append(IcoImage((w, h), "png", picture))
        else:
            images.append(IcoImage((w, h), "bmp", _read_dib(blob, w, h, i)))
        assert images[-1].picture.get_size() == (w, h), f"entry {i}: picture is not the size the directory says"
    spans.sort()
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False)), "images overlap"
    return images


def _read_dib(blob: bytes, w: int, h: int, i: int) -> pygame.Surface:
    size, bw, bh, planes, bpp, compression = struct.unpack_from("<IiiHHI", blob, 0)
    assert size == 40, f"entry {i}: header of {size} bytes, not BITMAPINFOHEADER"
    assert (bw, bh, planes, bpp, compression) == (w, 2 * h, 1, 32, 0), f"entry {i}: header does not match"
    stride_mask = ((w + 31) // 32) * 4
    assert len(blob) == 40 + w * h * 4 + stride_mask * h, f"entry {i}: {len(blob)} bytes is not pixels + mask"
    xor = blob[40:40 + w * h * 4]
    mask = blob[40 + w * h * 4:]
    rows = []
    for y in range(h):  # bottom-up BGRA -> top-down RGBA
        src = xor[(h - 1 - y) * w * 4:(h - y) * w * 4]
        row = bytearray(src)
        row[0::4], row[2::4] = src[2::4], src[0::4]
        rows.append(bytes(row))
        bits = mask[(h - 1 - y) * stride_mask:(h - y) * stride_mask]
        for x in range(w):
            transparent = bool(bits[x // 8] & (0x80 >> (x % 8)))
            assert transparent == (row[x * 4 + 3] == 0), f"entry {i}: mask and alpha disagree at {x},{y}"
    return pygame.image.frombytes(b"".join(rows), (w, h), "RGBA")


def read_icns(data: bytes) -> dict[str, pygame.Surface]:
    """Every entry of a macOS .icns, by type code, decoded (PNG entries only, as the release writes);
    AssertionError naming the first thing that is wrong.  From the format's description: ``icns`` and the
    file's length, then blocks of a 4-byte type, a length counting the 8-byte header, and the data."""
    assert data[:4] == b"icns", "not an icns header"
    assert struct.unpack_from(">I", data, 4)[0] == len(data), "the header's length is not the file's"
    pictures, at = {}, 8
    while at < len(data):
        assert at + 8 <= len(data), "a block header runs past the end"
        kind = data[at:at + 4].decode("ascii")
        (length,) = struct.unpack_from(">I", data, at + 4)
        assert length > 8 and at + length <= len(data), f"{kind}: block outside the file"
        blob = data[at + 8:at + length]
        assert blob.startswith(PNG_SIGNATURE), f"{kind}: not a PNG"
        assert kind not in pictures, f"{kind} twice"
        pictures[kind] = pygame.image.load(io.BytesIO(blob), "entry.png")
        at += length
    return pictures
