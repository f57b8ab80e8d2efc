"""The sound bank the game plays effects through.

Sound must never stop the game from starting or running: a machine without a
sound card (``pygame.mixer.init`` raises), a pygame built without its mixer,
or a mixer opened in another format by someone else are all handled here.
Effects are synthesised off the main thread after ``init()`` (pure Python
takes a moment), and any effect asked for before the worker reaches it is
made on the spot, so ``play`` always works and start-up never waits.
"""

from __future__ import annotations

import io
import threading
from array import array

from sounds.synth import EFFECTS, RATE, write_wav

try:  # pygame without its mixer module is still a working pygame
    import pygame
except ImportError:  # pragma: no cover - the game itself needs pygame
    pygame = None  # type: ignore[assignment]


class SoundBank:
    """Named effects, a master volume and a mute switch.

    ``available`` is False until ``init()`` succeeds, and stays False on a
    machine where the mixer cannot start; every method is then a silent no-op
    (except that an unknown effect name is still a ``KeyError``).
    """

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self.available = False
        self._pcm: dict[str, bytes] = {}
        self._sounds: dict[str, object] = {}
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self._format: tuple[int, int, int] | None = None

    # -- start-up --------------------------------------------------------------------------------
    def init(self) -> bool:
        """Open the mixer (if nobody has yet) and start synthesising in the background.

        Returns ``available``.  Never raises for a missing or broken audio device.
        """
        try:
            mixer = pygame.mixer  # type: ignore[union-attr]
            if not mixer.get_init():
                mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            fmt = mixer.get_init()
            if not fmt:
                raise RuntimeError("mixer did not start")
            self._format = (int(fmt[0]), int(fmt[1]), int(fmt[2]))
            mixer.set_num_channels(max(16, mixer.get_num_channels()))
        except Exception:  # pygame.error, NotImplementedError (no mixer module), AttributeError, ...
            self.available = False
            return False
        self.available = True
        if self._worker is None:
            self._worker = threading.Thread(target=self._synthesise_all, name="sound-synth", daemon=True)
            self._worker.start()
        return True

    def _synthesise_all(self) -> None:
        for name in EFFECTS:
            self._get_pcm(name)

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Block until the background synthesis is done (for tests and benchmarks)."""
        if self._worker is not None:
            self._worker.join(timeout)
        return all(name in self._pcm for name in EFFECTS)

    def _get_pcm(self, name: str) -> bytes:
        pcm = self._pcm.get(name)
        if pcm is None:
            with self._lock:
                pcm = self._pcm.get(name)
                if pcm is None:
                    pcm = self._pcm[name] = EFFECTS[name]()
        return pcm

    def _get_sound(self, name: str):
        snd = self._sounds.get(name)
        if snd is None:
            snd = self._make_sound(self._get_pcm(name))
            snd.set_volume(self._volume)
            self._sounds[name] = snd
        return snd

    def _make_sound(self, pcm: bytes):
        """A pygame Sound from mono 16-bit PCM, matched to the mixer's actual format."""
        freq, size, channels = self._format or (RATE, -16, 1)
        Sound = pygame.mixer.Sound  # type: ignore[union-attr]
        if freq == RATE and size == -16 and channels in (1, 2):
            if channels == 2:
                mono = array("h")
                mono.frombytes(pcm)
                stereo = array("h", [0]) * (2 * len(mono))
                stereo[0::2] = mono
                stereo[1::2] = mono
                pcm = stereo.tobytes()
            return Sound(buffer=pcm)
        # any other format: hand SDL a WAV file and let it convert rate, width and channels
        buf = io.BytesIO()
        write_wav(buf, pcm)
        buf.seek(0)
        return Sound(file=buf)

    # -- playing ---------------------------------------------------------------------------------
    def play(self, name: str) -> None:
        """Play effect ``name`` (see ``sounds.synth.EFFECTS``); unknown names raise KeyError."""
        if name not in EFFECTS:
            raise KeyError(f"no sound effect called {name!r}")
        if not self.available or self._muted or self._volume <= 0.0:
            return
        try:
            self._get_sound(name).play()
        except Exception:  # a device lost mid-game must not crash the table
            self.available = False

    @property
    def volume(self) -> float:
        """Master volume, 0.0 (silent) to 1.0."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)
        for snd in self._sounds.values():
            try:
                snd.set_volume(self._volume)  # type: ignore[attr-defined]
            except Exception:
                pass

    @property
    def muted(self) -> bool:
        """When True, ``play`` does nothing (the volume is kept for unmuting)."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self.available:
            try:
                pygame.mixer.stop()  # type: ignore[union-attr]
            except Exception:
                pass

    @property
    def names(self) -> list[str]:
        """Every effect name ``play`` accepts."""
        return list(EFFECTS)


def _clamp(v: float) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        raise ValueError(f"volume must be a number from 0 to 1, not {v!r}") from None
    if v != v:  # NaN
        return 0.0
    return min(1.0, max(0.0, v))
