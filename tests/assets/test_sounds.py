"""Synthesised effects are audible, unclipped and short; the bank never crashes the game."""

from __future__ import annotations

import math
from array import array

import pygame
import pytest

from sounds import EFFECTS, RATE, SoundBank
from sounds import bank as bank_module
from sounds.synth import write_wav

NAMES = {"deal", "place", "flip", "refuse", "shuffle", "win", "lose", "click",
         "score_up", "score_down", "capture", "tick", "alarm", "start"}


@pytest.fixture(scope="module")
def pcm():
    return {name: fn() for name, fn in EFFECTS.items()}


def _samples(data: bytes) -> array:
    a = array("h")
    a.frombytes(data)
    return a


def test_the_effect_list():
    assert set(EFFECTS) == NAMES


@pytest.mark.parametrize("name", sorted(NAMES))
def test_effect_is_audible_unclipped_and_short(pcm, name):
    data = pcm[name]
    assert len(data) % 2 == 0
    s = _samples(data)
    seconds = len(s) / RATE
    assert 0.015 <= seconds <= (1.5 if name in ("win", "lose") else 0.45)
    peak = max(abs(v) for v in s)
    rms = math.sqrt(sum(v * v for v in s) / len(s))
    assert peak < 30000, "clipped or too close to full scale"
    assert peak > 6000 and rms > 800, "too quiet to hear"
    # faded in and out: no click at either end
    assert abs(s[0]) < 300 and abs(s[-1]) < 300


def test_effects_are_deterministic(pcm):
    assert EFFECTS["shuffle"]() == pcm["shuffle"]
    assert EFFECTS["deal"]() == pcm["deal"]


def test_effects_differ(pcm):
    assert len(set(pcm.values())) == len(pcm)


def test_win_rises_and_lose_falls(pcm):
    """The win arpeggio climbs in pitch and the lose tones descend (zero crossings per second)."""
    def pitch(s, a, b):
        seg = s[int(a * RATE):int(b * RATE)]
        return sum(1 for x, y in zip(seg, seg[1:], strict=False) if (x < 0) != (y < 0)) / (b - a)

    w, lo = _samples(pcm["win"]), _samples(pcm["lose"])
    assert pitch(w, 0.01, 0.09) < pitch(w, 0.31, 0.4)
    assert pitch(lo, 0.02, 0.2) > pitch(lo, 0.6, 0.8)


def test_write_wav(tmp_path, pcm):
    import wave

    write_wav(tmp_path / "deal.wav", pcm["deal"])
    with wave.open(str(tmp_path / "deal.wav")) as f:
        assert (f.getnchannels(), f.getsampwidth(), f.getframerate()) == (1, 2, RATE)
        assert f.readframes(f.getnframes()) == pcm["deal"]


@pytest.fixture
def fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_bank_plays_with_dummy_driver(fresh_mixer):
    bank = SoundBank(volume=0.5)
    assert bank.init() is True and bank.available
    assert pygame.mixer.get_init() == (RATE, -16, 1)
    for name in sorted(NAMES):
        bank.play(name)
    assert bank.wait_ready(10)
    snd = bank._get_sound("deal")
    assert abs(snd.get_length() - len(EFFECTS["deal"]()) / 2 / RATE) < 0.01
    assert snd.get_volume() == pytest.approx(0.5, abs=0.01)
    bank.volume = 0.25
    assert bank.volume == 0.25 and snd.get_volume() == pytest.approx(0.25, abs=0.01)
    bank.volume = 7
    assert bank.volume == 1.0
    bank.volume = -1
    assert bank.volume == 0.0
    bank.muted = True
    assert bank.muted
    bank.play("win")
    bank.muted = False
    bank.volume = 0.8
    bank.play("win")
    with pytest.raises(KeyError):
        bank.play("trumpet")


def test_bank_matches_a_stereo_or_other_rate_mixer(fresh_mixer):
    expected = len(EFFECTS["click"]()) / 2 / RATE
    for freq, channels in ((RATE, 2), (44100, 2), (48000, 1)):
        pygame.mixer.quit()
        pygame.mixer.init(frequency=freq, size=-16, channels=channels)
        bank = SoundBank()
        assert bank.init()
        bank.play("click")
        assert abs(bank._get_sound("click").get_length() - expected) < 0.01


def test_bank_is_silent_without_a_sound_card(fresh_mixer, monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    bank = SoundBank()
    assert bank.init() is False
    assert not bank.available
    bank.play("deal")  # silently nothing
    bank.volume = 0.3
    bank.muted = True
    bank.muted = False
    with pytest.raises(KeyError):
        bank.play("nonsense")


def test_bank_is_silent_without_the_mixer_module(monkeypatch):
    class NoMixer:
        def __getattr__(self, name):
            raise NotImplementedError("mixer module not available")

    class FakePygame:
        mixer = NoMixer()

    monkeypatch.setattr(bank_module, "pygame", FakePygame())
    bank = SoundBank()
    assert bank.init() is False
    bank.play("flip")
    bank.muted = True


def test_bank_rejects_nonsense_volume():
    with pytest.raises(ValueError):
        SoundBank(volume="loud")  # type: ignore[arg-type]


def test_synth_command_writes_every_wav(tmp_path, capsys):
    from sounds.synth import main

    assert main(["--out", str(tmp_path / "wavs")]) == 0
    assert {p.stem for p in (tmp_path / "wavs").glob("*.wav")} == NAMES
    assert "all 14 effects" in capsys.readouterr().out
