"""Affairs of the Court: players, per-level history, Legendary Games and tournaments.

Everything lives in one file, ``<data>/court-history.json``, written through
`saves.store` (atomic, previous copy kept).  A damaged, cut-short or newer file
never stops play: it is moved aside, a fresh history is used and ``warning``
says so in plain words.  A failed save returns a message and play goes on.

History counts only games played with Must Follow Suit on (the seed's rule),
and only full games: tournament games are three-round games, kept in the
tournament summaries instead.  A game left unfinished (level switched, new
game, the kept game declined) counts as a loss at its level, and ``abandoned``
says how many of the losses were such; each game has an id (``counted`` keeps
the last ones) so a saved game finished, loaded and finished again counts
once.  Files written before these fields existed load as they are.
"""

from __future__ import annotations

import datetime as _dt
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import letters
from game.cards import MAX_DEAL
from saves.paths import data_dir
from saves.store import SaveDeferred, SaveError, quarantine, read_with_backup, update

FORMAT = "parlour-court-history"
VERSION = 1
FILE_NAME = "court-history.json"
GUEST = "Guest"
LEVELS = ("novice", "intermediate", "expert")
LEGENDARY_KEPT = 10
MAX_NAME = 20
MAX_PLAYERS = 200
TOURNAMENT_ROUNDS = 3
MAX_TOURNAMENT_PLAYERS = 10
KEPT_TOURNAMENTS = 50
KEPT_IDS = 500  # ids of the last games counted


def history_path() -> Path:
    return data_dir() / FILE_NAME


def today() -> str:
    return _dt.date.today().isoformat()


def clean_name(name: Any) -> str:
    """A player's name as stored; ValueError in plain words when it cannot be one."""
    if not isinstance(name, str):
        raise ValueError("A name must be text.")
    text = " ".join(name.split())
    if not text:
        raise ValueError("Type a name first.")
    if len(text) > MAX_NAME:
        raise ValueError(f"A name can be at most {MAX_NAME} letters long.")
    if any(not letters.typed_char(ch) for ch in text):  # a family emoji's joiners are kept
        raise ValueError("A name cannot hold control characters.")
    return text


# --------------------------------------------------------------------------- per-level record


@dataclass
class LevelRecord:
    """Running totals for one player at one level."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    total_points: int = 0
    total_difference: int = 0
    total_rounds: int = 0
    total_bonus: int = 0
    abandoned: int = 0  # of the losses, games left unfinished
    legendary: list[dict[str, Any]] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """The History screen's figures, averages included (0 when no games).  A game left unfinished is a loss
        but adds no score: the averages are over the games played to their end (round 9: an abandoned game's
        untouched 100 entered Total points and Average score)."""
        g = self.games - self.abandoned

        def avg(x: int) -> float:
            return round(x / g, 1) if g else 0.0

        return {
            "games": self.games, "wins": self.wins, "losses": self.losses, "draws": self.draws,
            "win_pct": round(100.0 * self.wins / self.games, 1) if self.games else 0.0,
            "total_points": self.total_points, "average_score": avg(self.total_points),
            "total_difference": self.total_difference, "average_spread": avg(self.total_difference),
            "total_rounds": self.total_rounds, "average_rounds": avg(self.total_rounds),
            "total_bonus": self.total_bonus, "average_bonus": avg(self.total_bonus),
            "abandoned": self.abandoned,
            "legendary": [dict(x) for x in self.legendary],
        }


_INT_FIELDS = ("games", "wins", "losses", "draws", "total_points", "total_difference", "total_rounds",
               "total_bonus", "abandoned")


def _int(v: Any, what: str, lo: int = -10**9, hi: int = 10**9) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"{what} is not a sensible whole number")
    return v


def _str(v: Any, what: str, max_len: int = 40) -> str:
    if not isinstance(v, str) or len(v) > max_len:
        raise ValueError(f"{what} is not a short text")
    return v


def _record_from(data: Any) -> LevelRecord:
    if not isinstance(data, dict):
        raise ValueError("a level record is not an object")
    rec = LevelRecord(**{k: _int(data.get(k, 0), k, 0 if k in ("games", "wins", "losses", "draws",
                                                                  "total_rounds", "total_bonus", "abandoned")
                                  else -10**9) for k in _INT_FIELDS})
    if rec.wins + rec.losses + rec.draws != rec.games:
        raise ValueError("wins, losses and draws do not add up to the games")
    if rec.abandoned > rec.losses:
        raise ValueError("more games left unfinished than losses")
    leg = data.get("legendary", [])
    if not isinstance(leg, list) or len(leg) > LEGENDARY_KEPT:
        raise ValueError("the Legendary Games list is malformed")
    for x in leg:
        if not isinstance(x, dict):
            raise ValueError("a Legendary Game is malformed")
        rec.legendary.append({"spread": _int(x.get("spread"), "spread"), "date": _str(x.get("date"), "date"),
                              "you": _int(x.get("you"), "you"), "computer": _int(x.get("computer"), "computer"),
                              "rounds": _int(x.get("rounds"), "rounds", 0)})
    return rec


# --------------------------------------------------------------------------- tournaments


@dataclass
class Tournament:
    """A tournament: every player plays three rounds against the computer on the same packs."""

    level: str
    players: list[str]
    seed: int
    round_seeds: list[int]
    started: str
    scores: dict[str, int] = field(default_factory=dict)  # finished players: total difference
    game: dict[str, Any] | None = None  # the current player's game in progress (rules.to_dict)

    @property
    def current(self) -> str | None:
        """The player whose turn it is, or None when every player has played."""
        for name in self.players:
            if name not in self.scores:
                return name
        return None

    @property
    def finished(self) -> bool:
        return self.current is None

    def new_game(self):
        """A fresh three-round game on the tournament's packs (the same for every player)."""
        from game.court import rules

        return rules.new_game(self.seed, round_limit=TOURNAMENT_ROUNDS)

    def record(self, name: str, difference: int) -> None:
        """Store ``name``'s total difference after the three rounds."""
        if name != self.current:
            raise ValueError(f"It is {self.current}'s turn in the tournament, not {name}'s.")
        self.scores[name] = int(difference)
        self.game = None

    def standings(self) -> list[tuple[str, int | None]]:
        """Players by score so far, best first; players still to play at the end with None."""
        done = sorted(((n, self.scores[n]) for n in self.players if n in self.scores),
                      key=lambda x: -x[1])
        return done + [(n, None) for n in self.players if n not in self.scores]

    def winners(self) -> list[str]:
        if not self.scores:
            return []
        best = max(self.scores.values())
        return [n for n in self.players if self.scores.get(n) == best]

    def summary(self) -> dict[str, Any]:
        return {"level": self.level, "started": self.started, "finished": today(), "seed": self.seed,
                "round_seeds": list(self.round_seeds),
                "scores": [[n, s] for n, s in self.standings() if s is not None],
                "winners": self.winners(), "tie": len(self.winners()) > 1}

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _tournament_from(data: Any) -> Tournament:
    if not isinstance(data, dict):
        raise ValueError("the tournament is malformed")
    level = data.get("level")
    if level not in LEVELS:
        raise ValueError("the tournament level is unknown")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_TOURNAMENT_PLAYERS:
        raise ValueError("the tournament players are malformed")
    players = [clean_name(p) for p in players]
    if len(set(players)) != len(players):
        raise ValueError("a tournament player appears twice")
    seeds = data.get("round_seeds")
    if not isinstance(seeds, list) or len(seeds) != TOURNAMENT_ROUNDS:
        raise ValueError("the tournament round seeds are malformed")
    scores = data.get("scores", {})
    if not isinstance(scores, dict) or not set(scores) <= set(players):
        raise ValueError("the tournament scores are malformed")
    t = Tournament(level, players, _int(data.get("seed"), "seed", 0, 2**62),
                   [_int(s, "round seed", 0, 2**62) for s in seeds], _str(data.get("started"), "started"),
                   {n: _int(v, "score") for n, v in scores.items()})
    game = data.get("game")
    if game is not None:
        from game.court import rules

        rules.from_dict(game)  # validate now, so a bad game cannot surface later
        t.game = game
    return t


def new_tournament(level: str, names: list[str], seed: int | None = None) -> Tournament:
    """Start a tournament for 1-10 players at ``level``; the packs come from ``seed``."""
    from game.court.rules import round_seed

    if level not in LEVELS:
        raise ValueError(f"Choose a level: {', '.join(LEVELS)}.")
    if not 1 <= len(names) <= MAX_TOURNAMENT_PLAYERS:
        raise ValueError(f"A tournament has from 1 to {MAX_TOURNAMENT_PLAYERS} players.")
    players = [clean_name(n) for n in names]
    if len({p.casefold() for p in players}) != len(players):
        raise ValueError("Each tournament player needs a different name.")
    if seed is None:  # shown as the deal number: in Select deal's range
        seed = random.SystemRandom().randint(1, MAX_DEAL)
    return Tournament(level, players, seed, [round_seed(seed, n) for n in range(1, TOURNAMENT_ROUNDS + 1)],
                      today())


# --------------------------------------------------------------------------- the whole history


@dataclass
class CourtHistory:
    players: list[str] = field(default_factory=lambda: [GUEST])
    records: dict[str, dict[str, LevelRecord]] = field(default_factory=dict)
    tournaments: list[dict[str, Any]] = field(default_factory=list)
    tournament: Tournament | None = None
    counted: list[str] = field(default_factory=list)  # ids of the last games counted
    warning: str | None = None
    path: Path | None = None
    #: the file as this window last read or wrote it: what changed since is what `save` saves
    base: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    # players ---------------------------------------------------------------
    def add_player(self, name: str) -> str:
        """Add a named player (or find an existing one, ignoring case); return the stored name."""
        name = clean_name(name)
        for p in self.players:
            if p.casefold() == name.casefold():
                return p
        if len(self.players) >= MAX_PLAYERS:
            raise ValueError("The list of players is full.")
        self.players.append(name)
        return name

    def record(self, player: str, level: str) -> LevelRecord:
        return self.records.get(player, {}).get(level) or LevelRecord()

    def summary(self, player: str, level: str) -> dict[str, Any]:
        return self.record(player, level).summary()

    # games -----------------------------------------------------------------
    def record_game(self, player: str, level: str, you: int, computer: int, winner: str | None,
                    rounds: int, bonus: int, follow_suit: bool = True, date: str | None = None) -> bool:
        """Count a finished game; ``winner`` is "you", "computer" or None (a draw).

        Returns False (and counts nothing) for games played with Must Follow Suit off.
        """
        if not follow_suit:
            return False
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if winner not in ("you", "computer", None):
            raise ValueError("winner must be 'you', 'computer' or None")
        player = self.add_player(player)
        rec = self.records.setdefault(player, {}).setdefault(level, LevelRecord())
        rec.games += 1
        if winner == "you":
            rec.wins += 1
        elif winner == "computer":
            rec.losses += 1
        else:
            rec.draws += 1
        spread = you - computer
        rec.total_points += you
        rec.total_difference += spread
        rec.total_rounds += rounds
        rec.total_bonus += bonus
        if winner == "you":
            rec.legendary.append({"spread": spread, "date": date or today(), "you": you,
                                  "computer": computer, "rounds": rounds})
            rec.legendary.sort(key=lambda x: -x["spread"])
            del rec.legendary[LEGENDARY_KEPT:]
        return True

    def record_state(self, player: str, level: str, state, date: str | None = None,
                     game_id: str | None = None) -> bool:
        """Count a finished game from its final rules state (the human is seat 0), once per ``game_id``."""
        if self.counted_before(game_id):
            return False
        winner = None if state.winner is None else ("you" if state.winner == 0 else "computer")
        counted = self.record_game(player, level, state.totals[0], state.totals[1], winner, state.round_no,
                                   state.bonus_points[0], state.follow_suit, date)
        if counted:
            self.mark_counted(game_id)
        return counted

    def record_abandoned(self, player: str, level: str, state, game_id: str | None = None) -> bool:
        """A game left unfinished counts as a loss at its level and adds no score (once per ``game_id``; never
        for Must Follow Suit off; rules/court.md says nothing of its score, so none).  Returns whether it was
        counted."""
        if self.counted_before(game_id):
            return False
        if not state.follow_suit:
            return False
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        rec = self.records.setdefault(self.add_player(player), {}).setdefault(level, LevelRecord())
        rec.games += 1
        rec.losses += 1
        rec.abandoned += 1  # no points, spread, rounds or bonus: a game left adds no score (summary)
        self.mark_counted(game_id)
        return True

    def counted_before(self, game_id: str | None) -> bool:
        return game_id is not None and game_id in self.counted

    def mark_counted(self, game_id: str | None) -> None:
        if game_id is not None and game_id not in self.counted:
            self.counted = (self.counted + [game_id])[-KEPT_IDS:]

    # tournaments -----------------------------------------------------------
    def start_tournament(self, level: str, names: list[str], seed: int | None = None) -> Tournament:
        self.tournament = new_tournament(level, names, seed)
        return self.tournament

    def cancel_tournament(self) -> None:
        self.tournament = None

    def finish_tournament(self) -> dict[str, Any]:
        """Keep the finished tournament's summary and return it."""
        t = self.tournament
        if t is None or not t.finished:
            raise ValueError("There is no finished tournament.")
        summary = t.summary()
        self.tournaments.insert(0, summary)
        del self.tournaments[KEPT_TOURNAMENTS:]
        self.tournament = None
        return summary

    # files -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "records": {p: {lv: asdict(r) for lv, r in levels.items()} for p, levels in self.records.items()},
            "tournaments": list(self.tournaments),
            "tournament": self.tournament.to_json() if self.tournament else None,
            "counted": list(self.counted),
        }

    def save(self) -> str | None:
        """Save what this window changed, merged under the data folder's lock with what other windows saved
        meanwhile (store.update); return None, or a message for the player when it failed."""
        ours = self.to_json()

        def change(current: CourtHistory | None) -> dict[str, Any]:
            return _merged(self.base, ours, (current or CourtHistory()).to_json())

        try:
            update(self.path or history_path(), FORMAT, VERSION, _history_from, change,
                   "The Affairs of the Court history could not be read",
                   "A fresh Affairs of the Court history was started; the old file was set aside.",
                   on_written=self._take_in)
        except SaveDeferred as exc:
            return str(exc)  # written once the data folder is free (saves.recordqueue)
        except SaveError as exc:
            return f"{exc} Your game goes on, but this result was not stored."
        return None

    def _take_in(self, written: dict[str, Any]) -> None:
        """The history as written (merged with other windows') becomes this window's, and the base of its
        next save."""
        try:
            merged = _history_from(written)
        except (ValueError, TypeError, KeyError):  # what was held here made no sense: it is reported on reading
            self.base = written
            return
        self.players, self.records, self.tournaments = merged.players, merged.records, merged.tournaments
        self.counted = merged.counted
        if (self.tournament.to_json() if self.tournament else None) != written["tournament"]:
            self.tournament = merged.tournament
        self.base = self.to_json()


def _merged(base: dict[str, Any] | None, ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """The file as another window left it (``theirs``) with this window's changes since ``base`` laid over
    it: games counted here are added to the totals there, new players, Legendary Games and finished
    tournaments are added, and a tournament changed here replaces the one there."""
    if base is None:
        return ours
    out = {"players": list(theirs["players"]), "records": theirs["records"], "tournaments": theirs["tournaments"],
           "tournament": theirs["tournament"]}
    out["players"] += [p for p in ours["players"] if p not in out["players"]][:MAX_PLAYERS - len(out["players"])]
    for player, levels in ours["records"].items():
        for level, mine in levels.items():
            old = base["records"].get(player, {}).get(level, asdict(LevelRecord()))
            if mine == old or player not in out["players"]:
                continue
            there = out["records"].setdefault(player, {}).setdefault(level, asdict(LevelRecord()))
            for key in _INT_FIELDS:
                there[key] += mine[key] - old[key]
            new = [x for x in mine["legendary"] if x not in old["legendary"]]
            there["legendary"] = sorted(there["legendary"] + new, key=lambda x: -x["spread"])[:LEGENDARY_KEPT]
    new_tours = [t for t in ours["tournaments"] if t not in base["tournaments"]]
    out["tournaments"] = (new_tours + out["tournaments"])[:KEPT_TOURNAMENTS]
    if ours["tournament"] != base["tournament"]:
        out["tournament"] = ours["tournament"]
    there_ids = list(theirs.get("counted", []))
    out["counted"] = (there_ids + [i for i in ours.get("counted", []) if i not in there_ids])[-KEPT_IDS:]
    return out


def _history_from(data: dict[str, Any]) -> CourtHistory:
    players = data.get("players")
    if not isinstance(players, list) or len(players) > MAX_PLAYERS:
        raise ValueError("the player list is malformed")
    h = CourtHistory(players=[])
    for p in players:
        h.add_player(p)
    if GUEST not in h.players:
        h.players.insert(0, GUEST)
    recs = data.get("records", {})
    if not isinstance(recs, dict):
        raise ValueError("the records are malformed")
    for p, levels in recs.items():
        if p not in h.players or not isinstance(levels, dict):
            raise ValueError("a record belongs to an unknown player")
        for lv, r in levels.items():
            if lv not in LEVELS:
                raise ValueError("a record has an unknown level")
            h.records.setdefault(p, {})[lv] = _record_from(r)
    tours = data.get("tournaments", [])
    if not isinstance(tours, list) or len(tours) > KEPT_TOURNAMENTS:
        raise ValueError("the tournament list is malformed")
    for t in tours:
        h.tournaments.append(_summary_from(t))
    if data.get("tournament") is not None:
        h.tournament = _tournament_from(data["tournament"])
    ids = data.get("counted", [])
    if not isinstance(ids, list) or not all(isinstance(i, str) and len(i) <= 64 for i in ids):
        raise ValueError("the list of counted games is malformed")
    h.counted = ids[-KEPT_IDS:]
    return h


def _summary_from(t: Any) -> dict[str, Any]:
    """A finished tournament's summary, every field checked (the History table shows them all)."""
    if not isinstance(t, dict) or t.get("level") not in LEVELS:
        raise ValueError("a tournament summary is malformed")
    scores, winners = t.get("scores"), t.get("winners")
    if not isinstance(scores, list) or len(scores) > MAX_TOURNAMENT_PLAYERS:
        raise ValueError("a tournament's scores are malformed")
    if not isinstance(winners, list) or len(winners) > MAX_TOURNAMENT_PLAYERS:
        raise ValueError("a tournament's winners are malformed")
    rows = []
    for row in scores:
        if not (isinstance(row, list) and len(row) == 2):
            raise ValueError("a tournament score is malformed")
        rows.append([clean_name(row[0]), _int(row[1], "score")])
    out: dict[str, Any] = {"level": t["level"], "scores": rows,
                           "winners": [clean_name(w) for w in winners], "tie": len(winners) > 1}
    for key in ("started", "finished"):
        if key in t:
            out[key] = _str(t[key], key)
    if "seed" in t:
        out["seed"] = _int(t["seed"], "seed", 0, 2**62)
    if "round_seeds" in t:
        seeds = t["round_seeds"]
        if not isinstance(seeds, list) or len(seeds) != TOURNAMENT_ROUNDS:
            raise ValueError("a tournament's round seeds are malformed")
        out["round_seeds"] = [_int(x, "round seed", 0, 2**62) for x in seeds]
    return out


def load_history(path: Path | str | None = None) -> CourtHistory:
    """Read the history; any bad file gives a fresh history plus a plain-words ``warning``."""
    path = Path(path) if path else history_path()
    if not path.exists() and not path.with_name(path.name + ".bak").exists():
        return CourtHistory(path=path, base=CourtHistory().to_json())
    fresh = "A fresh Affairs of the Court history was started; the old file was set aside."
    try:
        data, warning = read_with_backup(path, FORMAT, VERSION)
    except SaveError as exc:
        quarantine(path)
        return CourtHistory(path=path, warning=f"{exc} {fresh}", base=CourtHistory().to_json())
    if warning:
        quarantine(path)  # the backup was used; keep the bad file aside, never overwrite it
    try:
        h = _history_from(data)
    except (ValueError, TypeError, KeyError) as exc:
        quarantine(path)
        return CourtHistory(path=path, warning=f"The file {path.name} holds data that makes no sense "
                                               f"({exc}). {fresh}", base=CourtHistory().to_json())
    h.path = path
    h.warning = warning
    h.base = h.to_json()
    return h
