"""Sound effects synthesised in pure Python, and the bank that plays them."""

from sounds.bank import SoundBank
from sounds.synth import EFFECTS, RATE

__all__ = ["EFFECTS", "RATE", "SoundBank"]
