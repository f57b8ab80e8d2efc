"""ACME's named players: each one's table of seniorities, statistics and a saved round.

One file, ``<data>/acme-profiles.json``, holds every profile and the name of
the last player, so the program opens with them.  For each player it keeps:

- ``roles``: the seats of his table in seniority order (President first) for
  his next round — seat 0 is the player himself, seats 1-4 the computers;
- ``stats``: rounds completed at each of the five seniority levels (the role
  he held while playing the round), from which the percentages and the total
  are derived; a round left unfinished counts too, as a round at the role it
  demotes him to (Apprentice), so leaving cannot keep a record clean;
- ``left``: how many of those rounds were left unfinished (files written
  before this key existed load with 0);
- ``saved_round``: a round in progress saved with Save (``rules.to_dict``), or
  None.  Saving is not leaving: it carries no penalty;
- ``counted``: the keys of the last rounds counted (`round_key`), so a round
  saved, finished, then loaded and finished again counts once.  Files written
  before this key existed load as they are.

Leaving a round unfinished (Change Player, Exit, closing the window, going to
the main menu, loading another game) demotes the leaver to Apprentice for the
next round: `leave_round`.

A missing file gives an empty book.  A corrupt, truncated, foreign or newer
file is moved aside (never overwritten) and an empty book is used, with a
``warning`` in plain words for the message line.  A failed save returns a
plain-words message and play goes on.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves import store
from saves.paths import data_dir

FORMAT = "parlour-acme-profiles"
VERSION = 1
FILENAME = "acme-profiles.json"
ROLE_COUNT = 5
MAX_NAME = 40
HUMAN = 0
KEPT_ROUNDS = 200  # keys of counted rounds remembered per player
MAX_ROUNDS = 10**9  # rounds counted at one level: more is a damaged file (and would overflow the percentages)


@dataclass
class Profile:
    """One named player's table and record."""

    name: str
    roles: list[int] = field(default_factory=lambda: _random_roles(None))
    stats: list[int] = field(default_factory=lambda: [0] * ROLE_COUNT)
    saved_round: dict[str, Any] | None = None
    counted: list[str] = field(default_factory=list)
    left: int = 0  # rounds left unfinished (each also counted in stats, as Apprentice)

    @property
    def total(self) -> int:
        return sum(self.stats)

    def percentages(self) -> list[float]:
        """Share of rounds at each level, in percent (all zero before the first round)."""
        t = self.total
        return [100.0 * n / t if t else 0.0 for n in self.stats]

    def role(self) -> int:
        """The player's own role index (0 President .. 4 Apprentice) for the next round."""
        return self.roles.index(HUMAN)


@dataclass
class ProfileBook:
    profiles: dict[str, Profile] = field(default_factory=dict)
    last: str | None = None
    warning: str | None = None
    #: the file as this window last read or wrote it: what changed since is what `save_profiles` saves
    base: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    def find(self, name: str) -> Profile | None:
        """The profile whose name matches ``name`` (ignoring case and outer spaces)."""
        key = name.strip().casefold()
        for p in self.profiles.values():
            if p.name.casefold() == key:
                return p
        return None

    def select(self, name: str, seed: int | None = None) -> Profile:
        """Typing an existing name selects it; a new name makes a new player (roles drawn at random)."""
        clean = clean_name(name)
        found = self.find(clean)
        if found is None:
            found = Profile(clean, roles=_random_roles(seed))
            self.profiles[clean] = found
        self.last = found.name
        return found

    @property
    def current(self) -> Profile | None:
        return self.profiles.get(self.last) if self.last else None

    def names(self) -> list[str]:
        return sorted(self.profiles, key=str.casefold)


def clean_name(name: str) -> str:
    """A usable player name, or ValueError with the reason."""
    if not isinstance(name, str):
        raise ValueError("A player's name must be text.")
    clean = " ".join(name.split())
    if not clean:
        raise ValueError("Please type a name.")
    if len(clean) > MAX_NAME:
        raise ValueError(f"Names can be at most {MAX_NAME} characters long.")
    if any(ord(ch) < 32 for ch in clean):
        raise ValueError("A name cannot hold control characters.")
    return clean


def _random_roles(seed: int | None) -> list[int]:
    roles = list(range(ROLE_COUNT))
    random.Random(seed).shuffle(roles)
    return roles


# ------------------------------------------------------------ round events

def round_key(seed: int, start: dict[str, Any]) -> str:
    """A round's identity: its deal number and its dealt position (``rules.to_dict`` of the start)."""
    text = json.dumps(start, sort_keys=True, separators=(",", ":"))
    return f"{seed}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def counted_before(profile: Profile, key: str) -> bool:
    """Whether the round with this key has been counted for this player already."""
    return key in profile.counted


def mark_counted(profile: Profile, key: str) -> None:
    """Remember that the round with this key has been counted (the newest KEPT_ROUNDS are kept)."""
    if key not in profile.counted:
        profile.counted = (profile.counted + [key])[-KEPT_ROUNDS:]


def record_round(profile: Profile, roles_played: list[int] | tuple[int, ...],
                 finishing_order: list[int] | tuple[int, ...]) -> None:
    """A completed round: count it at the level the player held, and seat the next round."""
    roles_played = list(roles_played)
    order = list(finishing_order)
    if sorted(order) != list(range(ROLE_COUNT)) or sorted(roles_played) != list(range(ROLE_COUNT)):
        raise ValueError("roles and finishing order must each list the five seats")
    profile.stats[roles_played.index(HUMAN)] += 1
    profile.roles = order
    profile.saved_round = None


def leave_round(profile: Profile, key: str | None = None) -> None:
    """Leaving a round unfinished: the leaver becomes Apprentice next round (the seed's penalty).

    The others keep their order of seniority.  The abandoned round counts in the statistics as a round
    at the demoted role (Apprentice) and in ``left``; with its ``key`` it is marked counted, so loading a
    save of it and finishing it later does not count it again.
    """
    profile.roles = [s for s in profile.roles if s != HUMAN] + [HUMAN]
    profile.saved_round = None
    if key is not None and counted_before(profile, key):
        return
    profile.stats[ROLE_COUNT - 1] += 1
    profile.left += 1
    if key is not None:
        mark_counted(profile, key)


def clear_statistics(profile: Profile) -> None:
    profile.stats = [0] * ROLE_COUNT
    profile.left = 0


# ------------------------------------------------------------ file

def profiles_path() -> Path:
    return data_dir() / FILENAME


def load_profiles(path: Path | str | None = None) -> ProfileBook:
    """Read every profile; a bad file is moved aside and reported, never a crash."""
    path = Path(path) if path is not None else profiles_path()
    book, warning = store.load_or_set_aside(path, FORMAT, VERSION, _book_from,
                                            "The ACME players file could not be used", "Starting afresh.")
    book = book or ProfileBook()
    book.warning = warning
    book.base = _payload(book)
    return book


def _payload(book: ProfileBook) -> dict[str, Any]:
    return {
        "last": book.last,
        "profiles": [
            {"name": p.name, "roles": list(p.roles), "stats": list(p.stats), "saved_round": p.saved_round,
             "counted": list(p.counted), "left": p.left}
            for p in book.profiles.values()
        ],
    }


def _merged(base: dict[str, Any] | None, ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """The file as another window left it (``theirs``) with this window's changes since ``base``: rounds
    counted here are added to the counts there, a changed table or saved round replaces the one there."""
    if base is None:
        return ours
    was = {p["name"]: p for p in base["profiles"]}
    out = {p["name"]: dict(p) for p in theirs["profiles"]}
    for mine in ours["profiles"]:
        old = was.get(mine["name"], {"roles": None, "stats": [0] * ROLE_COUNT, "saved_round": None, "counted": [],
                                     "left": 0})
        there = out.setdefault(mine["name"], dict(mine, stats=[0] * ROLE_COUNT, counted=[], left=0))
        there["stats"] = [max(0, t + m - b) for t, m, b in
                          zip(there["stats"], mine["stats"], old["stats"], strict=True)]
        there["left"] = min(sum(there["stats"]), max(0, there.get("left", 0) + mine["left"] - old.get("left", 0)))
        for key in ("roles", "saved_round"):
            if mine[key] != old[key]:
                there[key] = mine[key]
        there["counted"] = (there["counted"] + [k for k in mine["counted"] if k not in there["counted"]]
                            )[-KEPT_ROUNDS:]
    last = ours["last"] if ours["last"] != base["last"] else theirs["last"]
    return {"last": last if last in out else ours["last"], "profiles": list(out.values())}


def _adopt(book: ProfileBook, merged: ProfileBook) -> None:
    """Take the merged book in, keeping this window's Profile objects (the table holds its player's)."""
    for name, p in merged.profiles.items():
        mine = book.profiles.get(name)
        if mine is None:
            book.profiles[name] = p
        else:
            mine.roles, mine.stats, mine.saved_round, mine.counted = p.roles, p.stats, p.saved_round, p.counted
            mine.left = p.left
    book.last = merged.last
    book.base = _payload(book)


def save_profiles(book: ProfileBook, path: Path | str | None = None) -> str | None:
    """Save what this window changed in the profiles, merged under the data folder's lock with what other
    windows saved meanwhile (store.update); return None, or a message for the player if it failed."""
    path = Path(path) if path is not None else profiles_path()
    ours = _payload(book)
    def change(current: ProfileBook | None) -> dict[str, Any]:
        return _merged(book.base, ours, _payload(current or ProfileBook()))

    try:
        store.update(path, FORMAT, VERSION, _book_from, change, "The ACME players file could not be used",
                     "Starting afresh.", on_written=lambda payload: _take_in(book, payload))
    except store.SaveDeferred as exc:
        return str(exc)  # written once the data folder is free (saves.recordqueue)
    except store.SaveError as exc:
        return f"{exc} Your players' records were not saved; play goes on."
    return None


def _take_in(book: ProfileBook, payload: dict[str, Any]) -> None:
    """The book as written (merged with other windows') becomes this window's, and the base of its next save."""
    try:
        _adopt(book, _book_from(payload))
    except (ValueError, TypeError, KeyError):  # what was held here made no sense: it is reported on reading
        book.base = payload


def _book_from(data: dict[str, Any]) -> ProfileBook:
    raw = data.get("profiles")
    if not isinstance(raw, list):
        raise ValueError("it has no list of players")
    book = ProfileBook()
    for entry in raw:
        if not isinstance(entry, dict):
            raise ValueError("a player entry is not an object")
        name = clean_name(entry.get("name"))  # type: ignore[arg-type]
        roles = entry.get("roles")
        if (not isinstance(roles, list) or any(not isinstance(r, int) or isinstance(r, bool) for r in roles)
                or sorted(roles) != list(range(ROLE_COUNT))):
            raise ValueError(f"the seniorities of {name} are damaged")
        stats = entry.get("stats")
        if (not isinstance(stats, list) or len(stats) != ROLE_COUNT
                or any(not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_ROUNDS for n in stats)):
            raise ValueError(f"the statistics of {name} are damaged")
        saved = entry.get("saved_round")
        if saved is not None and not isinstance(saved, dict):
            raise ValueError(f"the saved round of {name} is damaged")
        if book.find(name) is not None:
            raise ValueError(f"the name {name} appears twice")
        counted = entry.get("counted", [])
        if not isinstance(counted, list) or not all(isinstance(k, str) and len(k) <= 64 for k in counted):
            raise ValueError(f"the list of rounds counted for {name} is damaged")
        left = entry.get("left", 0)
        if not isinstance(left, int) or isinstance(left, bool) or not 0 <= left <= sum(stats):
            raise ValueError(f"the count of rounds {name} left unfinished is damaged")
        book.profiles[name] = Profile(name, list(roles), list(stats), saved, counted[-KEPT_ROUNDS:], left)
    last = data.get("last")
    if last is not None and (not isinstance(last, str) or book.find(last) is None):
        raise ValueError("the last player is not among the players")
    book.last = book.find(last).name if last else None  # type: ignore[union-attr]
    return book
