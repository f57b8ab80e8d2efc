"""The kept analyses (``reviews/<key>.json`` in the data folder): read back only when every field is what an
analyser writes, and pruned only of Parlour's own files.

A cache file is read like every other file (`saves.store.read_json`), then checked entry by entry against
the game it claims to be: its moves are this game's move texts, its verdicts, marks and costs are of the
kinds and ranges the analysers make, and a "better lay" is a legal move there.  Anything else (a missing
field, an unknown verdict, a list where a word belongs, a cost as text) makes the file damaged: it is set
aside and the game analysed again, never a traceback in Review.

Pruning deletes only names this module makes (32 hex digits, ``.json``) whose content is an analysis, and
never inside a ``reviews/`` that is a link out of the data folder (nothing is read or written there either:
the analyses are then kept for the session only).
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import Any

from saves import store
from saves.paths import data_dir

FORMAT = "parlour-review"
#: 2: moves said in words by each game's describe(), Romi's missed cards listed, a won game marked won;
#: 3: a Court mark keeps its points and its game apart (``points``, ``more_won``, ``fewer_lost``);
#: 4: Court's rollouts play each seat from its own view (double-dummy ones marked good leads as mistakes);
#: 5: a solitaire's losing move that the Hint's fair player makes too is bad luck (``luck``), not a mark;
#: 6: Court's early plays judged again with the real Expert's look-ahead (early mistakes were under-marked);
#: an analysis kept by an older version is analysed again (its words and counts were wrong)
VERSION = 6
#: analyses kept in the data folder; the oldest go first (a cache: a game is at worst analysed again)
KEEP_FILES = 200
#: the only names Parlour writes in reviews/: the game's key (see game.review.source.Source.key)
_NAME = re.compile(r"^[0-9a-f]{32}\.json$")
_VERDICTS = ("winnable", "lost", "undecided")
_MAX_TEXT = 400


class BadCache(ValueError):
    """A cache file that is not an analysis of this game (its reason in words)."""


def folder() -> Path | None:
    """``reviews/`` in the data folder, or None when it is a link out of it (then it is not used)."""
    base = data_dir(create=False)
    path = base / "reviews"
    if os.path.lexists(path) and not store.own_folder(base, path):
        return None
    return path


def path_of(key: str) -> Path | None:
    where = folder()
    return None if where is None or not _NAME.match(f"{key}.json") else where / f"{key}.json"


def read(key: str, source: Any) -> dict[str, Any] | None:
    """The kept analysis of ``source`` (``{"moves", "summary", "complete": True}``), or None: missing, or
    damaged (then set aside, so it is analysed again and written afresh)."""
    path = path_of(key)
    if path is None or not path.exists():
        return None
    try:
        data = store.read_json(path, FORMAT, VERSION)
        if data.get("version") != VERSION:
            return None  # kept by an older version: analysed again (and written afresh)
        moves, summary = check(data, source)
    except store.SaveError:
        return None  # unreadable, or a newer Parlour's: analysed again, the file left as it is
    except BadCache:
        drop(path)  # Parlour's own file (its name and format say so), damaged: analysed again
        return None
    return {"moves": moves, "summary": summary, "complete": True}


def write(key: str, game: str, result: dict[str, Any]) -> bool:
    """Keep a complete analysis; False when it could not be (kept for the session only). Prunes after."""
    path = path_of(key)
    if path is None:
        return False
    try:
        store.write_json(path, FORMAT, VERSION, {"game": game, "moves": result["moves"],
                                                 "summary": result["summary"]})
    except (store.SaveError, OSError):
        return False
    prune(path.parent)
    return True


def prune(where: Path, keep: int | None = None) -> int:
    """Delete the oldest of Parlour's own analyses beyond ``keep`` (`KEEP_FILES`); how many went. Never
    raises."""
    keep = KEEP_FILES if keep is None else keep
    base = data_dir(create=False)
    if not store.own_folder(base, where):
        return 0
    try:
        ours = [where / n for n in os.listdir(where) if _NAME.match(n)]
        ours = sorted((p for p in ours if p.is_file() and not p.is_symlink()), key=lambda p: p.stat().st_mtime)
    except OSError:
        return 0
    removed = 0
    for old in ours[:max(0, len(ours) - keep)]:
        try:
            if store.read_json(old, FORMAT, 10**9).get("format") != FORMAT:
                continue
        except store.SaveError:
            continue  # not an analysis (or not readable): not ours to delete
        removed += drop(old)
    return removed


def drop(path: Path) -> bool:
    """Remove one of Parlour's own analyses and its backup; never raises."""
    try:
        path.unlink(missing_ok=True)
        path.with_name(path.name + ".bak").unlink(missing_ok=True)
    except OSError:
        return False
    return True


def check(data: dict[str, Any], source: Any) -> tuple[list[dict[str, Any]], str]:
    """The entries and summary of a cache file, each checked; BadCache says what is wrong."""
    moves, summary = data.get("moves"), data.get("summary")
    if data.get("game") != source.game:
        raise BadCache("it is another game's analysis")
    if not isinstance(summary, str) or len(summary) > 4 * _MAX_TEXT:
        raise BadCache("its summary is not a line of text")
    texts = source.move_texts()
    if not isinstance(moves, list) or len(moves) != len(texts):
        raise BadCache("it does not hold one entry per move")
    solitaire = source.game in ("acesup", "thieves")
    for i, e in enumerate(moves):
        if not isinstance(e, dict) or e.get("n") != i + 1 or isinstance(e.get("n"), bool) or e.get("move") != texts[i]:
            raise BadCache(f"entry {i + 1} is not move {i + 1} of this game")
        (_check_verdicts if solitaire else _check_judged)(e, i + 1)
        _check_better(e, source, i)
    return moves, summary


def _text(e: dict[str, Any], field: str, n: int, optional: bool = True) -> None:
    """A field that is text (or, when ``optional``, missing or null)."""
    value = e.get(field)
    if value is None and optional:
        return
    if not isinstance(value, str) or len(value) > _MAX_TEXT:
        raise BadCache(f"entry {n}: {field} is not a line of text")


def _check_verdicts(e: dict[str, Any], n: int) -> None:
    """An exact-verdict entry (the solitaires: game.review.solitaire)."""
    for field in ("before", "after"):
        if e.get(field) not in _VERDICTS or not isinstance(e.get(field), str):
            raise BadCache(f"entry {n}: its {field} verdict is not one Parlour gives")
    if e.get("mark") not in (None, "losing"):
        raise BadCache(f"entry {n}: its mark is not one Parlour gives")
    if e.get("luck", True) is not True or (e.get("luck") and e.get("mark") is not None):
        raise BadCache(f"entry {n}: luck is not true, or stands beside a mark")
    if e.get("new_deal", True) is not True:
        raise BadCache(f"entry {n}: new_deal is not true")
    for field in ("better", "text", "better_text"):
        _text(e, field, n)


def _check_judged(e: dict[str, Any], n: int) -> None:
    """A judged entry (ACME, Court, Romi: game.movereview): the Expert's move, a cost, a mark, and Romi's
    counts of cards and points."""
    if "expert" not in e:
        raise BadCache(f"entry {n}: it has no expert field")
    _text(e, "expert", n)
    _text(e, "better_play", n)
    _text(e, "text", n)
    if e.get("mark") not in (None, "mistake") or not isinstance(e.get("mark"), (str, type(None))):
        raise BadCache(f"entry {n}: its mark is not one Parlour gives")
    cost = e.get("cost")
    if cost is not None and (not isinstance(cost, (int, float)) or isinstance(cost, bool)
                             or not math.isfinite(cost) or not 0 <= cost <= 10_000):
        raise BadCache(f"entry {n}: its cost is not a number in range")
    for field, low, high in (("points", -10_000, 10_000), ("more_won", -1, 1), ("fewer_lost", -1, 1)):  # Court
        value = e.get(field, 0)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) \
                or not low <= value <= high:
            raise BadCache(f"entry {n}: {field} is not a number in range")
    for field in ("cards_laid", "points_laid", "best_cards", "best_points", "cards_missed"):
        value = e.get(field)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10_000):
            raise BadCache(f"entry {n}: {field} is not a count in range")


def _check_better(e: dict[str, Any], source: Any, i: int) -> None:
    """The review plays a "better lay" on the board: it must be a legal move in that position."""
    better = e.get("better_play")
    if better is None:
        return
    try:
        source.rules.apply(source.states[i], source.rules.parse_move(source.states[i], better))
    except (ValueError, TypeError, KeyError, AttributeError, IndexError):
        raise BadCache(f"entry {i + 1}: its better lay is not a legal move there") from None
