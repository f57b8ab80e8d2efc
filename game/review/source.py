"""What a review replays: the start state and the moves of a game, from wherever the game comes.

Every way in — a saved game's file, the command line's seed and move list, the table in play — ends in
the same `Source`, built by replaying the moves through the game's rules (`saves.games.replay` for files),
so a hostile file or a wrong move list cannot make an illegal position.  A problem is a `ReviewInputError`
whose message is one plain line.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import registry
from saves import games as saved_games
from saves import store


class ReviewInputError(ValueError):
    """A file or move list that cannot be reviewed; ``str(err)`` is one line for the user."""


@dataclass(frozen=True)
class Source:
    game: str
    seed: int
    options: dict[str, Any]
    states: list[Any]  # states[0] the start, states[i] after moves[i - 1]
    moves: list[Any]  # rules move objects
    extra: dict[str, Any] = field(default_factory=dict)  # the save's extra data (the scene's own)

    @property
    def rules(self) -> Any:
        return registry.get(self.game).module("rules")

    @property
    def start(self) -> Any:
        return self.states[0]

    def move_texts(self) -> list[str]:
        return [str(m) for m in self.moves]

    def key(self) -> str:
        """Names this game exactly (start position and moves): the cache key of its analysis."""
        text = json.dumps([self.game, self.rules.to_dict(self.start), self.move_texts()], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:32]


def from_moves(game: str, start: Any, move_texts: list[str], seed: int, options: dict[str, Any] | None = None,
               extra: dict[str, Any] | None = None) -> Source:
    """Replay ``move_texts`` from ``start`` through the rules; ReviewInputError names the first bad move."""
    rules = registry.get(game).module("rules")
    if len(move_texts) > saved_games.MAX_MOVES:
        raise ReviewInputError(f"{len(move_texts):,} moves is more than a real game holds "
                               f"(at most {saved_games.MAX_MOVES:,})")
    try:
        states, moves = saved_games.replay_moves(rules, start, move_texts)
    except saved_games.IllegalMoveAt as err:
        reason = str(err.reason).splitlines()[0] if str(err.reason) else "illegal"
        raise ReviewInputError(f"move {err.n} ('{err.text[:30]}') is not legal there: {reason}") from None
    return Source(game, seed, dict(options or {}), states, moves, dict(extra or {}))


def from_command(game: str, seed: int, options: dict[str, Any], moves: str) -> Source:
    """``review GAME --seed S [--variation V | --jokers J] --moves "M1;M2;…"``."""
    rules = registry.get(game).module("rules")
    try:
        start = rules.new_game(seed, **options)
    except (ValueError, TypeError) as err:
        raise ReviewInputError(str(err).splitlines()[0] if str(err) else "bad game options") from None
    texts = [t.strip() for t in moves.split(";") if t.strip()]
    return from_moves(game, start, texts, seed, options)


def from_saved(raw: Any, name: str = "the file") -> Source:
    """A saved game (the whole ``parlour-game`` object as read from its file) of any of the five games.

    The moves reviewed are those up to the save's undo cursor: the game as it stood."""
    if not isinstance(raw, dict) or raw.get("game") not in registry.NAMES:
        raise ReviewInputError(f"{name} holds no saved game of Parlour's games")
    return from_data(raw["game"], raw.get("data"), name)


def from_data(game: str, data: Any, name: str = "the file") -> Source:
    """A saved game's ``data`` (what the table's save holds) of ``game``."""
    info = registry.get(game)
    if not isinstance(data, dict):
        raise ReviewInputError(f"{name} is damaged: it holds no game")
    try:
        replayed = saved_games.replay(info.module("rules"), data)
    except store.SaveError as err:
        raise ReviewInputError(str(err)) from None
    options = data.get("options")
    extra = data.get("extra")
    cursor = replayed.cursor
    return Source(game, replayed.seed, options if isinstance(options, dict) else {},
                  replayed.states[:cursor + 1], replayed.moves[:cursor], extra if isinstance(extra, dict) else {})


def from_file(path: str | Path) -> Source:
    """``review FILE.json``: a saved game (or a kept unfinished game) of any of the five games."""
    path = Path(path)
    try:
        raw = store.read_json(path, saved_games.FORMAT, saved_games.VERSION)
    except store.SaveError as err:
        raise ReviewInputError(str(err)) from None
    return from_saved(raw, path.name)


def from_scene(scene: Any) -> Source:
    """The game on a table, as it stands (moves up to the undo cursor); the table is only read."""
    h = scene.history
    extra = scene.extra_save() if hasattr(scene, "extra_save") else {}  # as a save would keep it (the level)
    return Source(scene.game, scene.seed, dict(scene.options), list(h.states[:h.cursor + 1]),
                  list(h.moves[:h.cursor]), dict(extra))
