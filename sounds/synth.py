"""The table's sound effects, synthesised from scratch in pure Python.

Every effect is a small recipe of sine partials, filtered noise and
envelopes, returned as 16-bit signed mono PCM at 22050 Hz.  No sample files
are shipped and no numpy is needed, which keeps the packaged program small.
Each recipe uses its own fixed random seed, so an effect is identical every
run, and each is normalised to a fixed peak below full scale (never clipping)
with a short fade at both ends (no clicks).

    python -m sounds.synth --out DIR     # writes every effect as DIR/<name>.wav
"""

from __future__ import annotations

import argparse
import cmath
import math
import random
import sys
import time
import wave
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

RATE = 22050
TWO_PI = 2 * math.pi


# -- building blocks ---------------------------------------------------------------------------
def _n(seconds: float) -> int:
    return max(1, int(seconds * RATE))


def _silence(seconds: float) -> list[float]:
    return [0.0] * _n(seconds)


def _bell(freq: float, seconds: float, decay: float, levels: tuple[float, float, float] = (1.0, 0.25, 0.08),
          attack: float = 0.004) -> list[float]:
    """A struck tone: harmonics 1-3 at ``levels``, decaying exponentially (time constant ``decay`` s).

    One damped complex phasor z is advanced by a single multiplication a
    sample; the 2nd and 3rd harmonics are Im(z**2) = 2xy and Im(z**3) =
    y(3x**2 - y**2), which also makes them die away 2 and 3 times faster, as
    on a real struck bar.  Several times faster in pure Python than calling
    sin and exp per sample.
    """
    n = _n(seconds)
    rot = cmath.exp(complex(-1.0 / (decay * RATE), TWO_PI * freq / RATE))
    l1, l2, l3 = levels
    l2 *= 2.0
    z = 1 + 0j
    out = []
    append = out.append
    for _ in range(n):
        x = z.real
        y = z.imag
        append(y * (l1 + l2 * x + l3 * (3.0 * x * x - y * y)))
        z *= rot
    na = _n(attack)
    for k in range(min(na, n)):
        out[k] *= k / na
    return out


def _soft_tone(freq: float, seconds: float, attack: float = 0.02, release: float = 0.08,
               odd: float = 0.0) -> list[float]:
    """A sustained tone with linear attack and release; ``odd`` adds a reedy 3rd harmonic."""
    n = _n(seconds)
    w = TWO_PI * freq / RATE
    sin = math.sin
    if odd:
        out = [sin(w * k) + odd * sin(3 * w * k) for k in range(n)]
    else:
        out = [sin(w * k) for k in range(n)]
    _fade(out, attack, release)
    return out


def _noise(seconds: float, seed: int) -> list[float]:
    rnd = random.Random(seed).random
    return [rnd() * 2.0 - 1.0 for _ in range(_n(seconds))]


def _lowpass(x: list[float], cutoff: float) -> list[float]:
    """One-pole low-pass filter: softens noise into a papery rustle or a thud."""
    a = 1.0 - math.exp(-TWO_PI * cutoff / RATE)
    y = 0.0
    out = []
    append = out.append
    for v in x:
        y += a * (v - y)
        append(y)
    return out


def _highpass(x: list[float], cutoff: float) -> list[float]:
    low = _lowpass(x, cutoff)
    return [a - b for a, b in zip(x, low, strict=True)]


def _decay_env(x: list[float], decay: float, attack: float = 0.002) -> list[float]:
    """Multiply by a fast-attack exponential decay (time constant ``decay`` seconds)."""
    c = 1.0 / (decay * RATE)
    na = max(1, _n(attack))
    exp = math.exp
    return [v * (k / na if k < na else 1.0) * exp(-c * (k - na if k > na else 0)) for k, v in enumerate(x)]


def _fade(x: list[float], fade_in: float, fade_out: float) -> None:
    """Linear fades at both ends, in place."""
    n = len(x)
    ni, no = min(n, _n(fade_in)), min(n, _n(fade_out))
    for k in range(ni):
        x[k] *= k / ni
    for k in range(no):
        x[n - 1 - k] *= k / no


def _mix(dst: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    """Add ``src`` into ``dst`` starting at ``at`` seconds, growing ``dst`` when needed."""
    start = int(at * RATE)
    end = start + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    dst[start:end] = [a + b * gain for a, b in zip(dst[start:end], src, strict=True)]
    return dst


def to_pcm(x: list[float], peak: float = 0.7) -> bytes:
    """Normalise to ``peak`` of full scale, fade the ends, and pack as 16-bit little-endian."""
    x = list(x)
    _fade(x, 0.001, 0.006)
    m = max((abs(v) for v in x), default=0.0) or 1.0
    scale = peak * 32767.0 / m
    pcm = array("h", [int(v * scale) for v in x])
    if sys.byteorder != "little":
        pcm.byteswap()
    return pcm.tobytes()


# -- the effects --------------------------------------------------------------------------------
def deal() -> bytes:
    """A soft card snap: a short burst of bright, quickly damped noise."""
    x = _highpass(_lowpass(_noise(0.07, 11), 5200), 700)
    return to_pcm(_decay_env(x, 0.012, 0.0015), 0.5)


def place() -> bytes:
    """A card laid on felt: a dull papery pat with a little low body."""
    pat = _decay_env(_lowpass(_noise(0.1, 12), 2200), 0.018, 0.002)
    body = _decay_env(_soft_tone(150, 0.1, 0.0, 0.0), 0.025, 0.002)
    return to_pcm(_mix(pat, body, 0, 0.35), 0.55)


def flip() -> bytes:
    """A card turned over: a quick swish that rises and falls, then a light tap."""
    n = _n(0.13)
    x = _highpass(_lowpass(_noise(0.13, 13), 4000), 500)
    env = [math.sin(math.pi * min(1.0, k / (0.09 * RATE))) ** 2 for k in range(n)]
    swish = [a * e for a, e in zip(x, env, strict=True)]
    tap = _decay_env(_lowpass(_noise(0.04, 14), 3000), 0.008)
    return to_pcm(_mix(swish, tap, 0.085, 1.2), 0.5)


def refuse() -> bytes:
    """An illegal move: two soft low buzzes, "uh-uh", without anything harsh."""
    out: list[float] = []
    for i, f in enumerate((150.0, 120.0)):
        tone = _soft_tone(f, 0.11, 0.012, 0.05, odd=0.3)
        _mix(out, _lowpass(tone, 900), 0.13 * i)
    return to_pcm(out, 0.42)


def shuffle() -> bytes:
    """A riffle: many tiny card clicks, quickening then thinning out."""
    rng = random.Random(15)
    dur = 0.42
    out = _silence(dur)
    click = _highpass(_lowpass(_noise(0.012, 16), 6000), 900)
    click = _decay_env(click, 0.003, 0.0005)
    t = 0.01
    while t < dur - 0.02:
        swell = math.sin(math.pi * t / dur)
        _mix(out, click, t, (0.35 + 0.65 * swell) * rng.uniform(0.6, 1.0))
        t += rng.uniform(0.006, 0.016) * (1.5 - swell)
    return to_pcm(out, 0.55)


def win() -> bytes:
    """A bright rising arpeggio ending on a sustained chord."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    out: list[float] = []
    for i, f in enumerate(notes):
        # each note rings on, so the arpeggio settles into the full major chord
        _mix(out, _bell(f, (0.75, 0.75, 0.8, 0.95)[i], (0.22, 0.22, 0.25, 0.3)[i]), 0.1 * i,
             1.0 if i < 3 else 1.2)
    return to_pcm(out, 0.7)


def lose() -> bytes:
    """Gentle falling tones (G, E-flat, C): sympathetic rather than scolding."""
    out: list[float] = []
    for i, f in enumerate((392.0, 311.13, 261.63)):
        tone = _soft_tone(f, 0.36 if i < 2 else 0.5, 0.02, 0.2)
        _mix(out, tone, 0.24 * i, 0.7)
    return to_pcm(out, 0.55)


def click() -> bytes:
    """A UI click: a tiny high tick."""
    x = _mix(_decay_env(_soft_tone(2200, 0.03, 0.0, 0.0), 0.004, 0.0005),
             _decay_env(_highpass(_noise(0.03, 17), 2000), 0.002, 0.0003), 0, 0.4)
    return to_pcm(x, 0.4)


def score_up() -> bytes:
    """A two-note chime upwards."""
    out = _bell(880.0, 0.35, 0.12)
    return to_pcm(_mix(out, _bell(1318.5, 0.3, 0.11), 0.07), 0.6)


def score_down() -> bytes:
    """A two-note fall, softer than the chime."""
    out = _soft_tone(587.33, 0.14, 0.01, 0.06)
    return to_pcm(_mix(out, _soft_tone(440.0, 0.2, 0.01, 0.12), 0.11), 0.5)


def capture() -> bytes:
    """Cards swept up: a short swish followed by a bright ding."""
    n = _n(0.12)
    x = _lowpass(_highpass(_noise(0.12, 18), 800), 5000)
    swish = [v * math.sin(math.pi * k / n) for k, v in enumerate(x)]
    return to_pcm(_mix(swish, _bell(1174.66, 0.28, 0.09), 0.09, 1.3), 0.6)


def tick() -> bytes:
    """A clock tick: a dry woodblock knock."""
    x = _decay_env(_soft_tone(1250, 0.035, 0.0, 0.0), 0.006, 0.0005)
    return to_pcm(_mix(x, _decay_env(_lowpass(_noise(0.035, 19), 3000), 0.004), 0, 0.5), 0.45)


def alarm() -> bytes:
    """Time is running out: two insistent but rounded beeps."""
    out: list[float] = []
    for i in range(2):
        _mix(out, _soft_tone(988.0, 0.1, 0.008, 0.03, odd=0.15), 0.15 * i)
    return to_pcm(out, 0.42)


def start() -> bytes:
    """Parlour is ready (played at start-up while speech is unknown: "press F12 for speech"): two soft low
    tones a fifth apart, then the octave — unlike any game sound, so a player who cannot see learns it."""
    out: list[float] = []
    for i, f in enumerate((261.63, 392.0, 523.25)):
        _mix(out, _soft_tone(f, 0.16 if i < 2 else 0.2, 0.01, 0.08), 0.12 * i, 0.7)
    return to_pcm(out, 0.5)


EFFECTS: dict[str, Callable[[], bytes]] = {
    "deal": deal,
    "place": place,
    "flip": flip,
    "refuse": refuse,
    "shuffle": shuffle,
    "win": win,
    "lose": lose,
    "click": click,
    "score_up": score_up,
    "score_down": score_down,
    "capture": capture,
    "tick": tick,
    "alarm": alarm,
    "start": start,
}


def write_wav(path: str | Path | BinaryIO, pcm: bytes) -> None:
    """Save PCM from this module as a mono 16-bit WAV file (a path or a binary file object)."""
    with wave.open(path if hasattr(path, "write") else str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m sounds.synth",
                                 description="Write every effect as a WAV file.")
    ap.add_argument("--out", required=True, help="folder for the .wav files (created if missing)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    total = 0.0
    for name, fn in EFFECTS.items():
        t0 = time.perf_counter()
        pcm = fn()
        dt = time.perf_counter() - t0
        total += dt
        write_wav(out / f"{name}.wav", pcm)
        print(f"{name:11s} {len(pcm) / 2 / RATE:5.2f} s  {dt * 1000:6.1f} ms")
    print(f"all {len(EFFECTS)} effects synthesised in {total * 1000:.1f} ms -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
