"""Saved games: named files the player chooses, and the resume file.

A saved game is ``{"format": "parlour-game", "version": 1, "game": "acesup",
"title": "Aces Up", "name": "...", "saved_at": ISO time, "data": {...}}``; what
is inside ``data`` belongs to the game's scene (typically the start state and
the moves, so loading replays them through the rules and can never produce an
illegal position).  The resume file is the same thing, written when the window
closes on a game in progress and offered at the next start.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import letters
from saves import deals, store
from saves.folderlock import LockTimeout, locked
from saves.paths import data_dir, saved_games_dir

FORMAT = "parlour-game"
VERSION = 1
MAX_NAME = 40


#: names a file may not have on Windows, whatever follows the dot
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}


#: A saved game longer than this is refused: no real game comes near it (a long Romi or
#: Court game is a few hundred moves), and replaying it would stall the window.
MAX_MOVES = 10_000


@dataclass(frozen=True)
class Replayed:
    """A saved game's ``data`` replayed through its rules: every state from the start, the moves as rules
    objects (``moves[i]`` leads ``states[i]`` to ``states[i + 1]``), the undo cursor and the deal number."""

    states: list[Any]
    moves: list[Any]
    cursor: int
    seed: int


def replay(rules: Any, data: dict[str, Any]) -> Replayed:
    """Rebuild a saved game from its start state and move texts through ``rules.parse_move``/``apply``,
    so a hostile file cannot make an illegal position: the start must be the deal its deal number makes
    (`saves.deals`) and every move legal; raises SaveError in plain words."""
    try:
        start = rules.from_dict(data["start"])
    except (KeyError, TypeError) as err:
        raise store.SaveError(f"The saved game is damaged: {err} is missing or wrong.") from None
    except ValueError as err:
        raise store.SaveError(f"The saved game is damaged: {err}") from None
    moves, cursor, seed = data.get("moves"), data.get("cursor"), data.get("seed")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise store.SaveError("The saved game is damaged: its list of moves is unreadable.")
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(moves):
        raise store.SaveError("The saved game is damaged: its move position is out of range.")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise store.SaveError("The saved game is damaged: its deal number is unreadable.")
    if len(moves) > MAX_MOVES:
        raise store.SaveError(f"The saved game holds {len(moves):,} moves, far more than a real game ever "
                              f"reaches (at most {MAX_MOVES:,} are read), so it was not loaded.")
    wrong_start = deals.check_start(rules, start, seed)
    if wrong_start:
        raise store.SaveError(f"The saved game is damaged: {wrong_start}, so it was not loaded.")
    try:
        states, parsed = replay_moves(rules, start, moves)
    except IllegalMoveAt as err:
        raise store.SaveError(f"The saved game is damaged: move {err.n} ('{err.text[:30]}') is not legal "
                              f"there ({err.reason}).") from None
    return Replayed(states, parsed, cursor, seed)


class IllegalMoveAt(ValueError):
    """Move ``n`` of a list of move texts (``text``) cannot be read or played there (``reason``)."""

    def __init__(self, n: int, text: str, reason: ValueError) -> None:
        super().__init__(f"move {n} ('{text[:30]}') is not legal there: {reason}")
        self.n, self.text, self.reason = n, text, reason


def replay_moves(rules: Any, start: Any, texts: Sequence[str]) -> tuple[list[Any], list[Any]]:
    """Every state from ``start`` and the moves as rules objects, each text read by ``rules.parse_move`` in
    the position it was played in and applied: the one replay of move texts (saved games, reviews); the
    first that cannot be read or played raises `IllegalMoveAt`."""
    states, parsed = [start], []
    for n, text in enumerate(texts, 1):
        try:
            move = rules.parse_move(states[-1], text)
            states.append(rules.apply(states[-1], move))
        except ValueError as err:
            raise IllegalMoveAt(n, text, err) from None
        parsed.append(move)
    return states, parsed


@dataclass(frozen=True)
class SaveInfo:
    """One saved game as the manager lists it: the name as the player typed it, where it lies, when it was
    saved, and a one-line summary (variation or jokers, deal, score or state, moves) for telling them apart."""

    name: str
    path: Path
    saved_at: str
    summary: str = ""


def check_name(name: str) -> str | None:
    """A plain-words problem with ``name`` as a save name, or None. Any letters are kept as typed
    (accents, Cyrillic, Hebrew, CJK, emoji); only what could name another folder, or cannot be shown, is refused."""
    name = name.strip()
    if not name:
        return "Type a name for the saved game."
    if len(name) > MAX_NAME:
        return f"Keep the name under {MAX_NAME} letters."
    if "/" in name or "\\" in name:
        return "A name cannot hold / or \\ (they separate folders on disk)."
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and not letters.typed_char(ch) for ch in name):
        return "A name cannot hold control characters."
    return None


def slug(name: str) -> str:
    """A safe file stem for ``name``: letters and digits of any script kept, everything else made "_", no dots
    or spaces at the ends, never a reserved device name; a stem that lost characters (or all of them) gets a
    short fingerprint of the whole name, so two names never share a file."""
    name = unicodedata.normalize("NFC", name.strip())
    stem = "".join(ch if (ch.isalnum() and _storable(ch)) or ch in "-_" else "_"
                   for ch in name.replace(" ", "_"))[:MAX_NAME]
    stem = stem.strip("._")
    if stem.split(".")[0].upper() in _RESERVED:
        stem = "_" + stem
    if stem.replace("_", " ") != name or not stem:
        tag = hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]
        stem = f"{stem}-{tag}" if stem else f"game-{tag}"
    return stem


def _storable(ch: str) -> bool:
    """Whether the file system's encoding can hold ``ch`` in a file name: under ``LC_ALL=C`` Python names
    files in ASCII, and "Frère" must still get a file (its name is kept as typed inside it)."""
    try:
        os.fsencode(ch)
    except UnicodeError:
        return False
    return True


def save_path(game: str, name: str) -> Path:
    return saved_games_dir(game) / f"{slug(name)}.json"  # a folder that cannot be made is reported on writing


def _wrap(game: str, title: str, name: str, data: dict[str, Any],
          summary: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"game": game, "title": title, "name": name.strip(),
            "saved_at": _dt.datetime.now().isoformat(timespec="seconds"), "data": data, "summary": summary or {}}


def fit_to_limit(data: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """``data`` cut to what `replay` reads back (at most `MAX_MOVES` moves), and a plain-words note when
    moves that were played (not only taken back) had to be left out; a file is never written that would
    be refused when read, and the most that can be kept is kept."""
    moves, cursor = data.get("moves"), data.get("cursor")
    if not isinstance(moves, list) or len(moves) <= MAX_MOVES:
        return data, None
    played = cursor if isinstance(cursor, int) and not isinstance(cursor, bool) else len(moves)
    kept = {**data, "moves": moves[:MAX_MOVES], "cursor": min(played, MAX_MOVES)}
    if played <= MAX_MOVES:
        return kept, None  # only moves taken back (the Redo list) were left out
    return kept, (f"This game has {played:,} moves, more than a saved game holds ({MAX_MOVES:,}): only its "
                  f"first {MAX_MOVES:,} moves were kept.")


#: how long Save… and Rename wait for another window's save in the same folder (a player's click, not a frame)
LOCK_WAIT_S = 1.0


def _not_done(err: OSError, what: str) -> store.SaveError:
    if isinstance(err, LockTimeout):
        return store.SaveError("Another Parlour window is saving a game just now; try again in a moment.")
    return store.SaveError(f"The saved game could not be {what} ({err.strerror or err}).")


def save_game(game: str, title: str, name: str, data: dict[str, Any], summary: dict[str, Any] | None = None,
              replace: bool = True) -> Path:
    """Write a named saved game; raises SaveError with a plain message. ``summary`` (short words and numbers:
    kind, deal, state, moves) is what the saved-games manager lists without replaying the game. A game
    longer than `MAX_MOVES` is kept up to the limit (`fit_to_limit` says so in words).

    With ``replace=False`` (a name the player did not agree to replace) an existing file is never replaced,
    even one another window saved a moment ago: checked and written under the folder's lock, and written
    by `store.write_json_new`."""
    problem = check_name(name)
    if problem:
        raise store.SaveError(problem)
    path = save_path(game, name)
    data, note = fit_to_limit(data)
    if note and summary and isinstance(summary.get("moves"), int):
        summary = {**summary, "moves": data["cursor"], "state": "in progress"}
    payload = _wrap(game, title, name, data, summary)
    try:
        with locked(path.parent, LOCK_WAIT_S):
            if replace:
                store.write_json(path, FORMAT, VERSION, payload)
            else:
                store.write_json_new(path, FORMAT, VERSION, payload)
    except store.SaveExists:
        raise store.SaveError(f"A saved game called \u201c{name.strip()}\u201d was saved a moment ago (in "
                              "another window?); it was not replaced. Save again to replace it.") from None
    except store.SaveError:
        raise
    except OSError as err:  # the lock stayed taken
        raise _not_done(err, "saved") from None
    return path


def rename_save(game: str, info: SaveInfo, new_name: str) -> Path:
    """Give a saved game another name (its file follows the name); SaveError in plain words.

    Checked and written under the folder's lock, the new file made by `store.write_json_new`: two windows
    renaming two games to one name at once never lose either (one is told the name is taken)."""
    problem = check_name(new_name)
    if problem:
        raise store.SaveError(problem)
    new_name = new_name.strip()
    target = save_path(game, new_name)
    taken = store.SaveError(f"A saved game called \u201c{new_name}\u201d exists already.")
    try:
        with locked(target.parent, LOCK_WAIT_S):
            same = target == info.path or (target.exists() and _same_file(target, info.path))
            if target.exists() and not same:
                raise taken
            raw = store.read_json(info.path, FORMAT, VERSION)
            raw["name"] = new_name
            payload = {k: v for k, v in raw.items() if k not in ("format", "version")}
            if same:  # the same file (the name differs in letter case only, on a disk that ignores case)
                store.write_json(info.path, FORMAT, VERSION, payload)
                if target.name != info.path.name:
                    os.rename(info.path, target)  # only its letter case changes: nothing else is replaced
                return target
            try:
                store.write_json_new(target, FORMAT, VERSION, payload)
            except store.SaveExists:
                raise taken from None
            delete_save(info)
    except store.SaveError:
        raise
    except OSError as err:  # the lock stayed taken, or the case-only rename failed
        raise _not_done(err, "renamed") from None
    return target


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _remove_with_backup(path: Path) -> None:
    """Remove a file and its backup copy (either may be missing); OSError if one cannot be removed."""
    for p in (path, path.with_name(path.name + ".bak")):
        p.unlink(missing_ok=True)


def delete_save(info: SaveInfo) -> None:
    """Remove a saved game and its backup copy; SaveError if it cannot be removed."""
    try:
        _remove_with_backup(info.path)
    except OSError as err:
        raise store.SaveError(f"The saved game could not be deleted ({err.strerror or err}).") from None


def _summary_line(raw: dict[str, Any]) -> str:
    """The manager's line for a file: only short strings and whole numbers are taken from it."""
    summary = raw.get("summary") if isinstance(raw.get("summary"), dict) else {}
    data = raw.get("data") if isinstance(raw.get("data"), dict) else {}
    parts: list[str] = []
    kind = summary.get("kind")
    if isinstance(kind, str) and kind.strip():
        parts.append(kind.strip()[:30])
    deal = summary.get("deal", data.get("seed"))
    if isinstance(deal, int) and not isinstance(deal, bool):
        parts.append(f"deal #{deal}")
    state = summary.get("state")
    if isinstance(state, str) and state.strip():
        parts.append(state.strip()[:40])  # (Court's "round 12: you -104, computer 117" is 38)
    moves = summary.get("moves", data.get("cursor"))
    if isinstance(moves, int) and not isinstance(moves, bool):
        parts.append(f"{moves} move{'s' if moves != 1 else ''}")
    return " \u00b7 ".join(parts)


def _unwrap(raw: dict[str, Any], game: str, title: str, filename: str) -> dict[str, Any]:
    if raw.get("game") != game:
        other = next((v for v in (raw.get("title"), raw.get("game")) if isinstance(v, str) and v.strip()),
                     "another game")
        raise store.SaveError(f"The file {filename} holds a saved game of {other[:40]}, not {title}.")
    data = raw.get("data")
    if not isinstance(data, dict):
        raise store.SaveError(f"The file {filename} is damaged: it holds no game.")
    return data


def load_game(game: str, title: str, name_or_path: str | Path) -> dict[str, Any]:
    """The ``data`` of a saved game; raises SaveError with a plain message.  A file that cannot be read is
    moved aside (``NAME.bad-…``: out of the list, kept for the player) unless a newer Parlour wrote it."""
    path = Path(name_or_path) if isinstance(name_or_path, Path) else save_path(game, name_or_path)
    try:
        raw = store.read_json(path, FORMAT, VERSION)
    except store.NewerVersion:
        raise
    except store.SaveError as err:  # damaged: set aside like every other bad file, never overwritten
        moved = store.quarantine(path)
        raise store.SaveError(f"{err}{f' The bad file was kept as {moved.name}.' if moved else ''}") from None
    return _unwrap(raw, game, title, path.name)


def _saved_time(raw: dict[str, Any]) -> str | None:
    """When the game was saved, as the file says (to the minute), or None. The list shows this rather than
    the file's own time, which a rename (a new file) or a copy resets: a renamed game keeps its date."""
    stamp = raw.get("saved_at")
    if not isinstance(stamp, str):
        return None
    try:
        when = _dt.datetime.fromisoformat(stamp)
    except ValueError:
        return None
    if when.tzinfo is not None:  # shown in local time, as the file's time is
        when = when.astimezone().replace(tzinfo=None)
    return when.isoformat(timespec="minutes")


def list_saves(game: str) -> list[SaveInfo]:
    """The game's saved games, newest first (damaged files are listed too:
    choosing one reports what is wrong with it)."""
    out: list[SaveInfo] = []
    try:
        found = list(saved_games_dir(game, create=False).glob("*.json"))
    except OSError:  # no folder yet, or one that cannot be read: nothing to list
        found = []
    for path in found:
        try:
            mtime = _dt.datetime.fromtimestamp(path.stat().st_mtime).isoformat(timespec="minutes")
        except OSError:
            continue
        # any name the file system holds: bytes that are not UTF-8 are shown as \ufffd, never drawn raw
        name, summary = store.shown(path.stem.replace("_", " ")), "damaged: choosing it says what is wrong"
        try:
            raw = store.read_json(path, FORMAT, VERSION)
            typed = raw.get("name")
            if isinstance(typed, str) and typed.strip() and check_name(typed) is None:
                name = typed.strip()  # as the player typed it (any letters)
            summary = _summary_line(raw)
            mtime = _saved_time(raw) or mtime
        except store.SaveError:
            pass
        out.append(SaveInfo(name, path, mtime, summary))
    out.sort(key=lambda s: s.saved_at, reverse=True)
    return out


def resume_path(game: str) -> Path:
    """The first kept-game slot (see `saves.keptslots`: a second window keeps its game beside it)."""
    return data_dir(create=False) / "resume" / f"{game}.json"


def write_resume(game: str, title: str, data: dict[str, Any], path: Path | None = None) -> str | None:
    """Keep the game in progress for the next start, in ``path`` (a slot this window holds, see
    `saves.keptslots`; the first slot by default); a message if that failed."""
    path = path or resume_path(game)
    try:
        data = fit_to_limit(data)[0]  # as much as a kept game can hold: never a file refused when read
        store.write_json(path, FORMAT, VERSION, _wrap(game, title, "resume", data))
    except store.SaveError as err:
        return str(err)
    return None


def read_resume(game: str, title: str, path: Path | None = None) -> dict[str, Any] | None:
    """The game left in progress in ``path`` (the first slot by default), or None; raises SaveError if it
    is damaged."""
    path = path or resume_path(game)
    if not path.exists():
        return None
    return _unwrap(store.read_json(path, FORMAT, VERSION), game, title, path.name)


def clear_resume(game: str, path: Path | None = None) -> None:
    """Forget the kept game in ``path`` (a slot this window holds; the first slot by default)."""
    try:
        _remove_with_backup(path or resume_path(game))
    except OSError:
        pass  # a file that cannot be removed: the kept game stays, to be offered again
