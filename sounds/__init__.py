"""Sound effects synthesised in pure Python, and the bank that plays them.

Names are imported lazily so ``python -m sounds.synth`` runs its module
cleanly (an eager import here would load it twice).
"""

from __future__ import annotations

__all__ = ["EFFECTS", "RATE", "SoundBank"]


def __getattr__(name: str):
    if name == "SoundBank":
        from sounds.bank import SoundBank

        return SoundBank
    if name in ("EFFECTS", "RATE"):
        from sounds import synth

        return getattr(synth, name)
    raise AttributeError(f"module 'sounds' has no attribute {name!r}")
