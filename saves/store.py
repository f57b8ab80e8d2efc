"""Atomic JSON files with a format tag, a version and a kept backup.

Every file Parlour writes is ``{"format": ..., "version": n, ...payload}``.
Writing goes to a temporary file that is flushed, fsynced and renamed over the
old one, after the old good copy is kept as ``<name>.bak`` — so a crash or a
full disk can never leave a half-written file where a good one was.  Reading
never runs code (JSON only) and turns every kind of bad file into a
`SaveError` whose message a player can read.
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from saves.folderlock import TIMEOUT_S, LockTimeout, locked
from saves.recordqueue import QUEUE

T = TypeVar("T")

MAX_FILE_BYTES = 8 * 1024 * 1024  # a save larger than this is not ours
#: a temporary file left by a killed save is removed at start-up once it is this old (seconds):
#: younger ones may belong to another Parlour writing right now
STALE_TMP_S = 60.0
#: the names tempfile.mkstemp gives in write_json and _keep_backup
_TEMP_NAME = re.compile(r"^\..+\.json(\.bak)?\.[a-z0-9_]{8}\.tmp$")
#: no number Parlour writes comes near these: a larger one is damage (and 1e400, read as infinity, or a
#: count of 10**400 would otherwise load, then crash a Statistics box or block every later save)
MAX_INT = 2**63
MAX_FLOAT = 1e15


class SaveError(Exception):
    """A file could not be read or written; ``str(err)`` is for the player.

    The message is made safe to show: a file name the file system holds may not be valid UTF-8 (Python
    then carries its bytes as lone surrogates, which no font can draw and no UTF-8 encoder takes), so
    every such byte is shown as \ufffd rather than crash the window that shows the message."""

    def __init__(self, message: str = "") -> None:
        super().__init__(shown(message))


class NewerVersion(SaveError):
    """The file was written by a newer Parlour: sound, only not readable here."""


def shown(text: str) -> str:
    """``text`` with any byte a file name held that is not UTF-8 (a lone surrogate) shown as \ufffd."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeError:
        return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


def own_folder(base: Path | str, folder: Path | str) -> bool:
    """Whether ``folder`` is a real folder of Parlour's own inside ``base``: not a symbolic link, and not
    leading out of ``base`` by any link above it.  Parlour deletes only in its own folders, so a folder a
    player linked elsewhere (reviews/ made a link to a folder of other files) is never pruned or tidied."""
    try:
        if os.path.islink(folder) or not os.path.isdir(folder):
            return False
        real, root = os.path.realpath(folder), os.path.realpath(base)
        return real == root or os.path.commonpath([real, root]) == root
    except (OSError, ValueError):
        return False


class SaveDeferred(SaveError):
    """A record update found the data folder locked: it is queued (`saves.recordqueue`), not lost."""


def write_json(path: Path | str, fmt: str, version: int, payload: dict[str, Any]) -> None:
    """Write ``payload`` under ``fmt``/``version`` atomically, keeping a backup."""
    path = Path(path)
    data = {"format": fmt, "version": version, **payload}
    try:
        text = json.dumps(data, indent=1, sort_keys=False, allow_nan=False)
    except (TypeError, ValueError) as exc:  # a programming error, said plainly
        raise SaveError(f"Could not save {path.name}: the data is not storable ({exc}).") from exc
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            if path.exists():
                try:
                    _check_readable(path, fmt)
                except SaveError:
                    pass  # never promote a bad file to the backup
                else:
                    _keep_backup(path)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except UnicodeError:  # a name the file system's encoding cannot hold (LC_ALL=C and "Frère")
        raise SaveError(f"Could not save {path.name} in {path.parent}: the name cannot be written in this "
                        "system's file name encoding.") from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        blocker = next((p for p in (path.parent, *path.parent.parents) if p.exists() and not p.is_dir()), None)
        if blocker is not None:
            reason = f"{blocker} is a file, not a folder"
        raise SaveError(f"Could not save {path.name} in {path.parent}: {reason}.") from exc


class SaveExists(SaveError):
    """`write_json_new` found a file at its path already (written meanwhile by another window)."""


def write_json_new(path: Path | str, fmt: str, version: int, payload: dict[str, Any]) -> None:
    """Write ``payload`` as a new file at ``path``, never replacing one there: `SaveExists` if one is.

    A rename has no "do not replace" on every system (``os.replace`` and POSIX ``rename`` replace), so the
    whole file is written beside it by `write_json` and then hard-linked to ``path``: a link fails when
    the name is taken, atomically, on Linux, macOS and NTFS.  Where links are refused (FAT, some network
    disks) the file is created with ``O_EXCL`` (also atomic as to the name) and the bytes copied in."""
    path = Path(path)
    aside = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")  # a stale one is cleaned at start-up
    write_json(aside, fmt, version, payload)
    try:
        try:
            os.link(aside, path)
        except FileExistsError:
            raise
        except OSError:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
            try:
                with os.fdopen(fd, "wb") as fh:
                    fh.write(aside.read_bytes())
                    fh.flush()
                    os.fsync(fh.fileno())
            except BaseException:
                os.unlink(path)  # ours, half-written: never leave it to be read as a damaged game
                raise
    except FileExistsError:
        raise SaveExists(f"A file called {path.name} is there already.") from None
    except OSError as exc:
        raise SaveError(f"Could not save {path.name} in {path.parent}: {exc.strerror or exc}.") from exc
    finally:
        try:
            os.unlink(aside)
        except OSError:
            pass


def _check_readable(path: Path, fmt: str) -> None:
    read_json(path, fmt, max_version=10**9)


def _keep_backup(path: Path) -> None:
    """Make ``NAME.bak`` the current good file, atomically.

    A hard link under a temporary name, renamed over the old backup, costs no
    copy and cannot be interrupted half-way: at every instant ``NAME.bak`` is
    either the previous backup or the whole current file (a plain copy killed
    midway left an empty backup).  Where links are not allowed, a copy is
    written to a temporary file, fsynced and renamed the same way.
    """
    backup = path.with_name(path.name + ".bak")
    fd, tmp = tempfile.mkstemp(prefix="." + backup.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        os.unlink(tmp)
        try:
            os.link(path, tmp)
        except OSError:
            with open(path, "rb") as src, open(tmp, "wb") as dst:
                dst.write(src.read(MAX_FILE_BYTES + 1))
                dst.flush()
                os.fsync(dst.fileno())
        os.replace(tmp, backup)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def clean_stale_temps(folder: Path | str, older_than_s: float = STALE_TMP_S) -> int:
    """Remove temporary files (``.NAME.json.XXXXXXXX.tmp``) a killed save left in the data folder.

    Only the places Parlour writes are looked at (the folder itself, ``resume/``, ``reviews/`` and each
    ``saves/GAME/``, none of them through a link out of the folder: never a deep walk, since
    ``PARLOUR_HOME`` may name a folder holding other things), only names `write_json` makes are
    touched, and only when older than ``older_than_s`` (a younger one may be another Parlour's save in
    progress).  Never raises: returns how many were removed.
    """
    folder = Path(folder)
    places = [folder, folder / "resume", folder / "reviews"]
    try:
        places += list((folder / "saves").iterdir())
    except OSError:
        pass
    places = [p for p in places if p == folder or own_folder(folder, p)]
    removed = 0
    now = time.time()
    for place in places:
        try:
            names = os.listdir(place)
        except OSError:
            continue
        for name in names:
            if not _TEMP_NAME.match(name):
                continue
            full = os.path.join(place, name)
            try:
                st = os.lstat(full)
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= older_than_s:
                    os.unlink(full)
                    removed += 1
            except OSError:
                pass
    return removed


def read_json(path: Path | str, fmt: str, max_version: int) -> dict[str, Any]:
    """Read a file written by `write_json`; raise SaveError in plain words."""
    path = Path(path)
    name = path.name
    raw = _read_capped(path)
    if not raw.strip():
        raise SaveError(f"The file {name} is empty.")
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=_reject_constant, parse_int=_sane_int,
                          parse_float=_sane_float)
    except UnicodeDecodeError:
        raise SaveError(f"The file {name} is not a text file; it is damaged or not a Parlour file.") from None
    except (json.JSONDecodeError, ValueError, RecursionError):
        raise SaveError(f"The file {name} is damaged (cut short or corrupt) and cannot be read.") from None
    if not isinstance(data, dict) or "format" not in data:
        raise SaveError(f"The file {name} is not a Parlour file.")
    if data.get("format") != fmt:
        other = data.get("format")
        raise SaveError(f"The file {name} holds '{_short(other)}', not '{fmt}'.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"The file {name} has no valid version number.")
    if version > max_version:
        raise NewerVersion(
            f"The file {name} was written by a newer version of Parlour (file version {version}); "
            "update Parlour to open it."
        )
    return data


def _read_capped(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES, or SaveError.

    Opened non-blocking, so a named pipe cannot hang start-up; anything but a
    regular file (a device such as /dev/zero, a pipe, a folder) is refused;
    and no more than the cap is ever read, whatever the size claims to be.
    """
    name = path.name
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise SaveError(f"The file {name} does not exist.") from None
    except IsADirectoryError:
        raise SaveError(f"{name} is a folder, not a Parlour file.") from None
    except OSError as exc:
        raise SaveError(f"The file {name} cannot be read: {exc.strerror or exc}.") from exc
    except UnicodeError:
        raise SaveError(f"The file {name} cannot be read: its name cannot be written in this system's file "
                        "name encoding.") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise SaveError(f"{name} is a folder, not a Parlour file.")
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{name} is not an ordinary file (a device or a pipe), so it is not a Parlour file.")
        if st.st_size > MAX_FILE_BYTES:
            raise SaveError(f"The file {name} is far too large to be a Parlour file.")
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_FILE_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise SaveError(f"The file {name} cannot be read: {exc.strerror or exc}.") from exc
    finally:
        os.close(fd)
    if total > MAX_FILE_BYTES:
        raise SaveError(f"The file {name} is far too large to be a Parlour file.")
    return b"".join(chunks)


def read_with_backup(path: Path | str, fmt: str, max_version: int) -> tuple[dict[str, Any], str | None]:
    """Read ``path``, falling back to its ``.bak``; return (data, warning or None).

    Raises SaveError only when neither copy can be read.
    """
    path = Path(path)
    try:
        return read_json(path, fmt, max_version), None
    except SaveError as first:
        backup = path.with_name(path.name + ".bak")
        if backup.exists():
            try:
                data = read_json(backup, fmt, max_version)
            except SaveError:
                raise first from None
            return data, f"{first} The previous copy was used instead."
        raise


def _aside_name(path: Path) -> Path:
    """A free ``name.bad-YYYYmmdd-HHMMSS[-n]`` beside ``path``: a bad file is kept, never overwritten."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        n += 1
    return target


def quarantine(path: Path | str) -> Path | None:
    """Move a bad file aside (``name.bad-YYYYmmdd-HHMMSS``) so it is never overwritten."""
    path = Path(path)
    try:
        if not path.exists():
            return None
        target = _aside_name(path)
        os.replace(path, target)
    except (OSError, UnicodeError):
        return None
    return target


def copy_aside(path: Path | str) -> Path | None:
    """Keep a copy of a file that is still used in part (``name.bad-YYYYmmdd-HHMMSS``); never raises."""
    path = Path(path)
    target = _aside_name(path)
    try:
        data = _read_capped(path)
        with open(target, "xb") as fh:
            fh.write(data)
    except (OSError, UnicodeError, SaveError):
        return None
    return target


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def _sane_int(text: str) -> int:
    """A whole number within `MAX_INT` (longer digit strings are refused before they are converted)."""
    if len(text) > 20:
        raise ValueError("a number far too large")
    value = int(text)
    if abs(value) > MAX_INT:
        raise ValueError("a number far too large")
    return value


def _sane_float(text: str) -> float:
    """A finite number within `MAX_FLOAT` (1e400 parses as infinity: that is damage, not a value)."""
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_FLOAT:
        raise ValueError("a number that is not finite or far too large")
    return value


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def load_or_set_aside(path: Path | str, fmt: str, version: int, parse: Callable[[dict[str, Any]], T],
                      what: str, fresh: str) -> tuple[T | None, str | None]:
    """Read and check a record file (statistics, profiles, settings…) without ever failing.

    Returns ``(value, warning)``: ``value`` is None when the file is missing or
    bad.  A bad file is moved aside (never overwritten later) and ``warning``
    says so in plain words: "<what> (<reason>) <fresh> The bad file was kept
    as …".  ``parse`` raises ValueError (or TypeError/KeyError) on data that
    makes no sense.  When the previous copy had to be used, the damaged file
    is moved aside too and the warning says the previous copy was used.
    """
    path = Path(path)
    if not path.exists() and not path.with_name(path.name + ".bak").exists():
        return None, None
    try:
        data, used_backup = read_with_backup(path, fmt, version)
        value = parse(data)
    except (SaveError, ValueError, TypeError, KeyError, AttributeError) as err:
        reason = str(err) if isinstance(err, SaveError) else f"the file {path.name} is damaged: {err}"
        return None, f"{what} ({reason.rstrip('.')}). {fresh}{_kept(quarantine(path))}"
    if used_backup:
        return value, f"{used_backup}{_kept(quarantine(path))}"
    return value, None


def _kept(moved: Path | None) -> str:
    return f" The bad file was kept as {moved.name}." if moved else ""


def update(path: Path | str, fmt: str, version: int, parse: Callable[[dict[str, Any]], T],
           change: Callable[[T | None], dict[str, Any]], what: str = "The file could not be read",
           fresh: str = "It starts afresh.",
           on_written: Callable[[dict[str, Any]], None] | None = None) -> str | None:
    """Read-modify-write a record file under the OS lock of its folder, so two windows both count.

    ``parse`` reads the file as it is on disk now (as in `load_or_set_aside`: a missing file gives
    None, a bad one is set aside and gives None); ``change`` gets that value and returns the whole
    payload to write.  Nothing can be written between the read and the write by another Parlour,
    because every writer of a record goes through here.  Returns the warning of a file found bad
    (None when it was fine); raises SaveError when the lock or the write fails.

    On the frame loop (the main thread) the lock is only tried: when it is taken the update waits in
    `saves.recordqueue.QUEUE`, to be written later, and `SaveDeferred` says so.  ``on_written(payload)``
    runs once the payload is on disk, now or then (a saver that merges takes the merged file in there).
    """
    path = Path(path)

    def attempt(timeout_s: float) -> str | None:
        with locked(path.parent, timeout_s):
            if path.is_dir():  # not a damaged file to set aside: the write below says what is wrong
                current, warning = None, None
            else:
                current, warning = load_or_set_aside(path, fmt, version, parse, what, fresh)
            payload = change(current)
            write_json(path, fmt, version, payload)
            if on_written is not None:
                on_written(payload)
        return warning

    # The frame loop never waits for the lock: it tries it once, and an update that finds it taken (or
    # finds older ones of this folder waiting) is written later by the record queue, in order.
    on_loop = threading.current_thread() is threading.main_thread()
    try:
        if on_loop and QUEUE.waiting(path.parent):
            raise LockTimeout("older records are waiting")
        return attempt(0.0 if on_loop else TIMEOUT_S)
    except LockTimeout as exc:
        if not on_loop:
            raise SaveError(f"Could not save {path.name} in {path.parent}: {exc}.") from exc
        QUEUE.put(path.parent, path.name, attempt)
        raise SaveDeferred(f"{path.name} is not written yet: another Parlour window is using the data folder. "
                           "This window keeps trying, and says so once it is written.") from None
    except OSError as exc:  # the lock could not be made
        reason = exc.strerror or str(exc)
        raise SaveError(f"Could not save {path.name} in {path.parent}: {reason}.") from exc
