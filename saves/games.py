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
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saves import store
from saves.paths import data_dir, saved_games_dir

FORMAT = "parlour-game"
VERSION = 1
MAX_NAME = 40
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
    so a hostile file cannot make an illegal position; raises SaveError in plain words."""
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
    states, parsed = [start], []
    for n, text in enumerate(moves, 1):
        try:
            move = rules.parse_move(states[-1], text)
            states.append(rules.apply(states[-1], move))
        except ValueError as err:
            raise store.SaveError(f"The saved game is damaged: move {n} ('{text[:30]}') is not legal "
                                  f"there ({err}).") from None
        parsed.append(move)
    return Replayed(states, parsed, cursor, seed)


@dataclass(frozen=True)
class SaveInfo:
    name: str
    path: Path
    saved_at: str


def check_name(name: str) -> str | None:
    """A plain-words problem with ``name`` as a save name, or None."""
    name = name.strip()
    if not name:
        return "Type a name for the saved game."
    if len(name) > MAX_NAME:
        return f"Keep the name under {MAX_NAME} letters."
    if not slug(name):
        return "Use some letters or digits in the name."
    return None


def slug(name: str) -> str:
    """A safe file stem for ``name``: no folders, no dots at the start."""
    s = re.sub(r"[^A-Za-z0-9 _-]+", "", name.strip()).strip().replace(" ", "_")
    return s[:MAX_NAME]


def save_path(game: str, name: str) -> Path:
    return saved_games_dir(game) / f"{slug(name)}.json"  # a folder that cannot be made is reported on writing


def _wrap(game: str, title: str, name: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"game": game, "title": title, "name": name.strip(),
            "saved_at": _dt.datetime.now().isoformat(timespec="seconds"), "data": data}


def save_game(game: str, title: str, name: str, data: dict[str, Any]) -> Path:
    """Write a named saved game; raises SaveError with a plain message."""
    problem = check_name(name)
    if problem:
        raise store.SaveError(problem)
    path = save_path(game, name)
    store.write_json(path, FORMAT, VERSION, _wrap(game, title, name, data))
    return path


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
    """The ``data`` of a saved game; raises SaveError with a plain message."""
    path = Path(name_or_path) if isinstance(name_or_path, Path) else save_path(game, name_or_path)
    raw = store.read_json(path, FORMAT, VERSION)
    return _unwrap(raw, game, title, path.name)


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
        out.append(SaveInfo(path.stem.replace("_", " "), path, mtime))
    out.sort(key=lambda s: s.saved_at, reverse=True)
    return out


def resume_path(game: str) -> Path:
    return data_dir(create=False) / "resume" / f"{game}.json"


def write_resume(game: str, title: str, data: dict[str, Any]) -> str | None:
    """Keep the game in progress for the next start; a message if that failed."""
    try:
        store.write_json(resume_path(game), FORMAT, VERSION, _wrap(game, title, "resume", data))
    except store.SaveError as err:
        return str(err)
    return None


def read_resume(game: str, title: str) -> dict[str, Any] | None:
    """The game left in progress, or None; raises SaveError if it is damaged."""
    path = resume_path(game)
    if not path.exists():
        return None
    return _unwrap(store.read_json(path, FORMAT, VERSION), game, title, path.name)


def clear_resume(game: str) -> None:
    path = resume_path(game)
    for p in (path, path.with_name(path.name + ".bak")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass
