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
    return book


def save_profiles(book: ProfileBook, path: Path | str | None = None) -> str | None:
    """Write every profile; return None, or a message for the player if it failed."""
    path = Path(path) if path is not None else profiles_path()
    payload = {
        "last": book.last,
        "profiles": [
            {"name": p.name, "roles": list(p.roles), "stats": list(p.stats), "saved_round": p.saved_round,
             "counted": list(p.counted), "left": p.left}
            for p in book.profiles.values()
        ],
    }
    try:
        store.write_json(path, FORMAT, VERSION, payload)
    except store.SaveError as exc:
        return f"{exc} Your players' records were not saved; play goes on."
    return None


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
                or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in stats)):
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
