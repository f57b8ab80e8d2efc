"""Player settings that outlive a session: animation speed, sound, card back,
window size and each game's own choices (variation, jokers, last name…).

Kept in ``<data>/settings.json``.  A bad settings file never stops the game:
defaults are used, the bad file is moved aside and the player is told once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from saves import store
from saves.paths import data_dir

FORMAT = "parlour-settings"
VERSION = 1
T = TypeVar("T")
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
#: How long a computer player pauses around its moves so a person can follow them (one setting for
#: every game with computer seats; animation speed only says how fast cards move).
COMPUTER_SPEEDS = ("slow", "normal", "fast", "instant")
COMPUTER_SCALES = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}
#: Options ▸ Text size and ▸ Card faces (game/engine/theme.py TEXT_SIZES, sprites/cards.py FACES)
TEXT_SIZES = ("normal", "large", "larger")
CARD_FACES = ("classic", "large-index")
#: Options ▸ Speech rate (game/engine/speech.py RATES: each engine's own terms)
SPEECH_RATES = ("slow", "normal", "fast")
#: the yes/no choices of issue 28's Options: full screen, high-contrast table, speech; whether speech
#: follows the system's screen reader (until the player turns Speak on or off themselves); and Four-colour
#: suits, independent of the face style (issue 33: Large index in four colours)
SWITCHES = ("fullscreen", "high_contrast", "speak", "speak_auto", "four_colour")


@dataclass
class Settings:
    animation: str = "normal"
    computer: str = "normal"
    sound: bool = True
    volume: float = 0.8
    card_back: int = 0
    window: tuple[int, int] = (1280, 800)
    text_size: str = "normal"
    card_faces: str = "classic"
    four_colour: bool = False
    fullscreen: bool = False
    high_contrast: bool = False
    speak: bool = False
    speech_rate: str = "normal"
    speak_auto: bool = True
    #: the game last opened from the main menu: the menu starts on its tile (issue 34)
    last_game: str = ""
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: settings found unusable in the file (reported once, then left out)
    dropped: list[str] = field(default_factory=list, repr=False, compare=False)
    #: the file's settings as this window last read or wrote them: what it changed since is what it saves
    base: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    def game(self, name: str) -> dict[str, Any]:
        """This game's own settings dict (created on first use)."""
        return self.games.setdefault(name, {})

    def anim_scale(self) -> float:
        """Multiplier for animation durations (0 = animations off)."""
        return {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}.get(self.animation, 1.0)

    def computer_scale(self) -> float:
        """Multiplier for the computer players' pauses (0 = no pause at all)."""
        return COMPUTER_SCALES.get(self.computer, 1.0)


def _path() -> Path:
    return data_dir() / "settings.json"


def _coerce(data: dict[str, Any]) -> Settings:
    s = Settings()
    s.dropped = [k for k in ("animation", "sound", "volume", "card_back", "window") if k in data]
    anim = data.get("animation")
    if isinstance(anim, str) and anim in ANIMATION_SPEEDS:
        s.animation = anim
        s.dropped.remove("animation")
    if isinstance(data.get("sound"), bool):
        s.sound = data["sound"]
        s.dropped.remove("sound")
    vol = data.get("volume")
    if isinstance(vol, (int, float)) and not isinstance(vol, bool) and 0 <= vol <= 1:
        s.volume = float(vol)
        s.dropped.remove("volume")
    back = data.get("card_back")
    if isinstance(back, int) and not isinstance(back, bool) and 0 <= back < 12:
        s.card_back = back
        s.dropped.remove("card_back")
    win = data.get("window")
    if isinstance(win, list) and len(win) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in win):
        if 640 <= win[0] <= 10000 and 480 <= win[1] <= 10000:
            s.window = (win[0], win[1])
        s.dropped.remove("window")  # a size out of range is simply not used (a tiny screen), not damage
    games = data.get("games")
    if isinstance(games, dict):
        for name, prefs in games.items():
            if not isinstance(name, str) or not isinstance(prefs, dict):
                s.dropped.append(f"games.{_short(name)}")
                continue
            kept = {}
            for key, value in prefs.items():
                if isinstance(key, str) and _is_scalar(value):
                    kept[key] = value
                else:
                    s.dropped.append(f"games.{_short(name)}.{_short(key)}")
            s.games[name] = kept
    elif games is not None:
        s.dropped.append("games")
    if data.get("computer") in COMPUTER_SPEEDS:
        s.computer = data["computer"]
    elif "computer" in data:
        s.dropped.append("computer")
    if data.get("card_faces") == "four-colour":  # older files: Four-colour was a third face style
        data = {**data, "card_faces": "classic", "four_colour": data.get("four_colour", True)}
    for key, allowed in (("text_size", TEXT_SIZES), ("card_faces", CARD_FACES), ("speech_rate", SPEECH_RATES)):
        if data.get(key) in allowed:
            setattr(s, key, data[key])
        elif key in data:
            s.dropped.append(key)
    last = data.get("last_game")
    if isinstance(last, str) and len(last) <= 40:
        s.last_game = last  # a name no game has is ignored where it is read (game.mainmenu)
    elif "last_game" in data:
        s.dropped.append("last_game")
    for key in SWITCHES:
        if isinstance(data.get(key), bool):
            setattr(s, key, data[key])
        elif key in data:
            s.dropped.append(key)
    # Romi once had its own Speed menu (the same four names): its value becomes the shared setting.
    old = s.games.get("romi", {}).pop("speed", None)
    if "computer" not in data and old in COMPUTER_SPEEDS:
        s.computer = old
    return s


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _is_scalar(value: Any) -> bool:
    """A per-game choice is a word, a number, a yes/no or nothing: never a list or an object."""
    if isinstance(value, str):
        return len(value) <= 200
    return value is None or isinstance(value, (bool, int, float))


def pref(prefs: dict[str, Any], key: str, default: T, allowed: Iterable[Any] | None = None) -> T:
    """A per-game setting checked where it is read: ``default`` unless the stored value has the
    default's type (a yes/no is not a number, a number not a word) and, when ``allowed`` is given,
    is one of those values.  A hand-edited or damaged file can then never reach a table as a
    list, an unknown choice or an out-of-range number."""
    value = prefs.get(key, default)
    if isinstance(default, bool) or isinstance(value, bool):
        ok = isinstance(value, bool) and isinstance(default, bool)
    elif isinstance(default, (int, float)):
        ok = isinstance(value, (int, float)) and type(value) is type(default)
    else:
        ok = isinstance(value, type(default)) if default is not None else _is_scalar(value)
    if not ok:
        return default
    if allowed is not None and not any(value == a and type(value) is type(a) for a in allowed):
        return default
    return value


def load() -> tuple[Settings, str | None]:
    """The saved settings and a warning for the player (or None)."""
    settings, warning = store.load_or_set_aside(_path(), FORMAT, VERSION, _coerce, "Your settings could not be read",
                                                "Defaults are used.")
    if settings is not None and settings.dropped and warning is None:
        kept = store.copy_aside(_path())
        names = ", ".join(settings.dropped[:4]) + (" and others" if len(settings.dropped) > 4 else "")
        warning = (f"Some settings in settings.json made no sense ({names}); defaults are used for them."
                   + (f" The file was kept as {kept.name}." if kept else ""))
    settings = settings or Settings()
    settings.base = _payload(settings)
    return settings, warning


def _payload(settings: Settings) -> dict[str, Any]:
    payload = asdict(settings)
    payload.pop("dropped", None)
    payload.pop("base", None)
    payload["window"] = list(settings.window)
    return payload


def _merged(base: dict[str, Any] | None, ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """``theirs`` (the file now) with what this window changed since ``base`` laid over it, setting by
    setting and, for each game's own choices, choice by choice: another window's changes stay."""
    if base is None:
        return ours
    out = dict(theirs)
    for key, value in ours.items():
        if key != "games" and value != base.get(key):
            out[key] = value
    games = {name: dict(prefs) for name, prefs in theirs.get("games", {}).items()}
    base_games = base.get("games", {})
    for name, prefs in ours.get("games", {}).items():
        was = base_games.get(name, {})
        target = games.setdefault(name, {})
        for key, value in prefs.items():
            if key not in was or was[key] != value or type(was[key]) is not type(value):
                target[key] = value
        for key in was:
            if key not in prefs:
                target.pop(key, None)
    out["games"] = games
    return out


def _adopt(settings: Settings, payload: dict[str, Any]) -> None:
    """Take the merged settings in, in place (scenes hold references to their game's dict)."""
    merged = _coerce(payload)
    for name in ("animation", "computer", "sound", "volume", "card_back", "window"):
        setattr(settings, name, getattr(merged, name))
    for name, prefs in merged.games.items():
        mine = settings.game(name)
        if mine != prefs:
            mine.clear()
            mine.update(prefs)
    settings.base = _payload(settings)


def save(settings: Settings) -> str | None:
    """Save what this window changed, merged under the data folder's lock with what other windows saved
    meanwhile; returns a plain-words message if that failed."""
    ours = _payload(settings)
    def change(current: Settings | None) -> dict[str, Any]:
        theirs = _payload(current) if current is not None else _payload(Settings())
        return _merged(settings.base, ours, theirs)

    try:
        store.update(_path(), FORMAT, VERSION, _coerce, change, "Your settings could not be read",
                     "Defaults are used.", on_written=lambda payload: _adopt(settings, payload))
    except store.SaveDeferred:
        return None  # the data folder is busy in another window: written in a moment (saves.recordqueue)
    except store.SaveError as err:
        return str(err)
    return None
