"""Win/loss statistics of a solitaire, kept per variation.

For each key (a variation): games played, won, best score (scored games only),
the current winning streak and the longest.  A damaged file is moved aside and
replaced by empty statistics, with a plain-words warning for the player; a
failed save is reported, never raised into the game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from saves import store
from saves.paths import data_dir

FORMAT = "parlour-solitaire-stats"
VERSION = 1


@dataclass
class Record:
    played: int = 0
    won: int = 0
    best: int | None = None
    streak: int = 0
    longest: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def _count(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 10**9:
        raise ValueError("a count is not a whole number")
    return v


def _records(data: dict[str, Any]) -> dict[str, Record]:
    recs = data.get("records")
    if not isinstance(recs, dict):
        raise ValueError("no records")
    out = {}
    for key, r in recs.items():
        if not isinstance(key, str) or not isinstance(r, dict):
            raise ValueError("bad record")
        best = r.get("best")
        if best is not None and (not isinstance(best, int) or isinstance(best, bool)):
            raise ValueError("bad best score")
        rec = Record(_count(r.get("played", 0)), _count(r.get("won", 0)), best,
                     _count(r.get("streak", 0)), _count(r.get("longest", 0)))
        if rec.won > rec.played:
            raise ValueError("more games won than played")
        out[key] = rec
    return out


class SolitaireStats:
    def __init__(self, game: str) -> None:
        self.game = game
        self.path = data_dir() / f"{game}-stats.json"
        self.records: dict[str, Record] = {}
        self.warning: str | None = None
        self._load()

    def _load(self) -> None:
        records, self.warning = store.load_or_set_aside(self.path, FORMAT, VERSION, _records,
                                                        "Your statistics could not be read", "They start afresh.")
        self.records = records or {}

    def get(self, key: str) -> Record:
        return self.records.get(key, Record())

    def record(self, key: str, won: bool, score: int | None) -> str | None:
        """Count one finished (or abandoned) game; returns a message if saving failed."""
        rec = self.records.setdefault(key, Record())
        rec.played += 1
        if won:
            rec.won += 1
            rec.streak += 1
            rec.longest = max(rec.longest, rec.streak)
        else:
            rec.streak = 0
        if score is not None and (rec.best is None or score > rec.best):
            rec.best = score
        return self.save()

    def reset(self) -> str | None:
        self.records = {}
        return self.save()

    def save(self) -> str | None:
        try:
            store.write_json(self.path, FORMAT, VERSION,
                             {"records": {k: asdict(v) for k, v in self.records.items()}})
        except store.SaveError as err:
            return str(err)
        return None
