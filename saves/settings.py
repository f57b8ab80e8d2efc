"""Player settings that outlive a session: animation speed, sound, card back,
window size and each game's own choices (variation, jokers, last name…).

Kept in ``<data>/settings.json``.  A bad settings file never stops the game:
defaults are used, the bad file is moved aside and the player is told once.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from saves import store
from saves.paths import data_dir

FORMAT = "parlour-settings"
VERSION = 1
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
#: How long a computer player pauses around its moves so a person can follow them (one setting for
#: every game with computer seats; animation speed only says how fast cards move).
COMPUTER_SPEEDS = ("slow", "normal", "fast", "instant")
COMPUTER_SCALES = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


@dataclass
class Settings:
    animation: str = "normal"
    computer: str = "normal"
    sound: bool = True
    volume: float = 0.8
    card_back: int = 0
    window: tuple[int, int] = (1280, 800)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)

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
    if data.get("animation") in ANIMATION_SPEEDS:
        s.animation = data["animation"]
    if isinstance(data.get("sound"), bool):
        s.sound = data["sound"]
    vol = data.get("volume")
    if isinstance(vol, (int, float)) and not isinstance(vol, bool) and 0 <= vol <= 1:
        s.volume = float(vol)
    back = data.get("card_back")
    if isinstance(back, int) and not isinstance(back, bool) and 0 <= back < 12:
        s.card_back = back
    win = data.get("window")
    if (isinstance(win, list) and len(win) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in win)
            and 640 <= win[0] <= 10000 and 480 <= win[1] <= 10000):
        s.window = (win[0], win[1])
    games = data.get("games")
    if isinstance(games, dict):
        s.games = {k: v for k, v in games.items() if isinstance(k, str) and isinstance(v, dict)}
    if data.get("computer") in COMPUTER_SPEEDS:
        s.computer = data["computer"]
    # Romi once had its own Speed menu (the same four names): its value becomes the shared setting.
    old = s.games.get("romi", {}).pop("speed", None)
    if "computer" not in data and old in COMPUTER_SPEEDS:
        s.computer = old
    return s


def load() -> tuple[Settings, str | None]:
    """The saved settings and a warning for the player (or None)."""
    settings, warning = store.load_or_set_aside(_path(), FORMAT, VERSION, _coerce, "Your settings could not be read",
                                                "Defaults are used.")
    return settings or Settings(), warning


def save(settings: Settings) -> str | None:
    """Write the settings; returns a plain-words message if that failed."""
    payload = asdict(settings)
    payload["window"] = list(settings.window)
    try:
        store.write_json(_path(), FORMAT, VERSION, payload)
    except store.SaveError as err:
        return str(err)
    return None
