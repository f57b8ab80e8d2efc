"""The README's words for the Options menu's view choices match the menu (QA, cosmetic: it listed Four-colour
as a card face after it had become a switch of its own)."""

from __future__ import annotations

import re
from pathlib import Path

from game.engine.view import FACE_LABELS

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_lists_the_card_faces_of_the_menu_and_four_colour_as_its_own_switch():
    text = README.read_text(encoding="utf-8")
    faces = re.search(r"^- \*\*Card faces\*\*: (.*?)(?=^- \*\*)", text, re.S | re.M)
    assert faces is not None
    named = [part.split("(")[0].strip() for part in faces.group(1).split(";")]
    assert named == [label.split("(")[0].strip() for label in FACE_LABELS.values()]
    assert re.search(r"^- \*\*Four-colour suits\*\* \(a switch of its own", text, re.M)
