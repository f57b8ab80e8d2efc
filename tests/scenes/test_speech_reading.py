"""Long boxes read as a screen reader reads a document (issue 34, round 10's major: Aces Up's Help was one 6-minute
utterance; Down and Page Down scrolled the box in silence, any key cut the reading and F9 started again from the
top).  With the recording voice: the box opens with its title, size, keys and first section; Down/Up say the next
and previous line, Page Down/Page Up and H/Shift+H the sections, Home/End the ends, F9 the line again; the box
scrolls to the line read and highlights it.  Tables: Up/Down by row, with the columns' headings."""

from __future__ import annotations

import importlib

import pygame
import pytest

from game.acesup.help import HELP as ACESUP_HELP
from game.engine import reading, theme
from game.engine.dialogs import TableDialog, TextDialog
from game.engine.roundbox import log_dialog
from game.engine.shortcuts import with_keys
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table


def _speaking(game: str = "acesup", size: tuple[int, int] = (1280, 800)):
    app = make_app(size=size, animation="off")
    open_table(app, game, seed=3)
    app.settings.speak = app.speech.enabled = True
    return app, app.speech.recorder


def _shown_band(app, dlg) -> list[int]:
    """The drawn lines (indices into dlg.lines) painted with the reading highlight."""
    surface = pygame.Surface(app.size)
    dlg.draw(surface, 1.0)
    pitch = theme.sc(26)
    x = dlg.body.right - theme.sc(12)  # right of the text, inside the band
    return [k for k in range(dlg.scroll, min(len(dlg.lines), dlg.scroll + dlg.page))
            if surface.get_at((x, dlg.body.y + (k - dlg.scroll) * pitch + pitch // 2))[:3] == theme.READING]


def _row_y(dlg: TableDialog, r: int) -> int:
    """The middle of the r-th row shown (no tabs, one header line)."""
    return dlg.body.y + theme.sc(30) + r * dlg.pitch + dlg.pitch // 2 - 2


def test_help_opens_with_its_size_the_keys_and_the_first_section_not_the_whole_text(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, spoken = _speaking()
    press(app, pygame.K_F1)
    dlg = app.stack.top
    assert isinstance(dlg, TextDialog)
    said = spoken[-1]
    assert said.startswith("How to play Aces Up. ")
    sections = len(dlg.reader.headings)
    assert sections >= 10 and f"{len(dlg.reader.lines)} lines in {sections} sections." in said
    assert reading.KEYS_WORDS in said and "Page Down, Page Up, or H, Shift+H" in said and "F9 repeats" in said
    assert said.endswith("THE AIM. Throw out cards until only the four Aces are left (in Idiot's Delight: until "
                         "nothing is left). Button: Close. Enter presses it.")
    assert "SCORING" not in said and len(said.split()) < 90  # not the 6-minute reading


def test_down_up_sections_home_end_and_f9_each_say_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, spoken = _speaking()
    press(app, pygame.K_F1)
    dlg = app.stack.top
    press(app, pygame.K_DOWN)
    assert spoken[-1] == "THE TABLE"
    press(app, pygame.K_DOWN)
    assert spoken[-1].startswith("Four piles are dealt face up;")
    press(app, pygame.K_UP)
    assert spoken[-1] == "THE TABLE"
    press(app, pygame.K_PAGEDOWN)
    assert spoken[-1].startswith("DISCARDING. Click a top card to throw it out")
    press(app, pygame.K_h)
    assert spoken[-1] == "SPACES. When a pile is empty, drag the top card of any other pile into the space."
    for _ in range(3):
        press(app, pygame.K_h)
    assert spoken[-1].startswith("SCORING. One point for each card thrown out alone")  # jumped to Scoring
    press(app, pygame.K_DOWN)  # the next section's heading
    press(app, pygame.K_h, pygame.KMOD_SHIFT)
    assert spoken[-1].startswith("SCORING. ")
    press(app, pygame.K_F9)
    assert spoken[-1].startswith("One point for each card thrown out alone") and "SCORING" not in spoken[-1]
    assert len(spoken[-1].split()) < 80  # the rule again, not the Help from the top
    press(app, pygame.K_END)
    assert spoken[-1] == reading.spoken(dlg.reader.lines[-1])  # as said (round 13: no dashes read aloud)
    press(app, pygame.K_DOWN)
    assert spoken[-1] == "End of text. " + reading.spoken(dlg.reader.lines[-1])
    press(app, pygame.K_HOME)
    assert spoken[-1].startswith("THE AIM. Throw out cards")
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert spoken[-1] == "Top. THE AIM. Throw out cards until only the four Aces are left (in Idiot's Delight: " \
                         "until nothing is left)."


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_box_scrolls_to_the_line_read_and_highlights_it(tmp_path, monkeypatch, size):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, spoken = _speaking(size=size)
    press(app, pygame.K_F1)
    dlg = app.stack.top
    first = [0, 1]  # THE AIM and its line
    assert _shown_band(app, dlg) == first  # the first section's line, marked at once
    for _ in range(6):
        press(app, pygame.K_PAGEDOWN)
    rows = dlg.marked()
    assert dlg.scroll > 0 and dlg.scroll <= rows[0] and rows[-1] < dlg.scroll + dlg.page  # in view, whole
    assert _shown_band(app, dlg) == rows and dlg.lines[rows[0]] in spoken[-1]
    press(app, pygame.K_END)
    assert _shown_band(app, dlg) == dlg.marked() != []
    press(app, pygame.K_HOME)
    assert dlg.scroll == 0


def test_a_round_log_is_read_from_its_latest_line(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, spoken = _speaking("acme")
    lines = ["The exchange:", "    You gave Alice the three of clubs."]
    lines += [f"Trick {t}: Alice led a single {t + 2}, everyone passed." for t in range(1, 13)]
    dlg = log_dialog(app, "Round log", lines)
    app.push(dlg)
    assert "14 lines." in spoken[-1] and "Line 14, the latest: Trick 12: Alice led" in spoken[-1]
    press(app, pygame.K_UP)
    assert spoken[-1] == "Trick 11: Alice led a single 13, everyone passed."
    press(app, pygame.K_HOME)
    assert spoken[-1] == "The exchange: You gave Alice the three of clubs."
    assert dlg.scroll == 0


def test_a_long_table_is_read_row_by_row_with_its_column_headings(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, spoken = _speaking("court", size=(800, 600))
    rows = [[f"Game {n}", "Won" if n % 2 else "Lost", str(60 + n), str(40 - n)] for n in range(1, 21)]
    dlg = TableDialog(app, "History of Ann", [("Games", ["Game", "Result", "You", "Computer"], rows)])
    app.push(dlg)
    said = spoken[-1]
    assert said.startswith("History of Ann. 20 rows. Down, Up: next, previous row; Home, End; F9 repeats the row.")
    assert "Row 1 of 20: Game Game 1, Result Won, You 61, Computer 39." in said and "Game 2" not in said
    press(app, pygame.K_DOWN)
    assert spoken[-1] == "Row 2 of 20: Game Game 2, Result Lost, You 62, Computer 38."
    press(app, pygame.K_END)
    assert spoken[-1] == "Row 20 of 20: Game Game 20, Result Lost, You 80, Computer 20."
    assert dlg.first <= 19 < dlg.first + dlg.page  # scrolled to it
    press(app, pygame.K_F9)
    assert spoken[-1] == "Row 20 of 20: Game Game 20, Result Lost, You 80, Computer 20."
    press(app, pygame.K_DOWN)
    assert spoken[-1].startswith("End of table. Row 20 of 20")
    press(app, pygame.K_HOME)
    assert spoken[-1].startswith("Row 1 of 20") and dlg.first == 0
    press(app, pygame.K_DOWN)
    surface = pygame.Surface(app.size)
    dlg.draw(surface, 1.0)
    marked = [r for r in range(dlg.page) if surface.get_at((dlg.body.right - 4, _row_y(dlg, r)))[:3] == theme.READING]
    assert marked == [1]  # the second row shown is the one read


@pytest.mark.parametrize("game", ["acesup", "thieves", "acme", "court", "romi"])
def test_every_games_help_has_sections_to_jump_between(game):
    r = reading.Reader(with_keys(game, importlib.import_module(f"game.{game}.help").HELP))
    assert len(r.headings) >= 5, r.headings
    seen = []
    while True:
        said = r.section(1)
        if said.startswith("No more sections."):
            break
        seen.append(said)
    assert len(seen) == len([h for h in r.headings if h > 0]) and seen[-1].startswith("KEYS")


def test_the_reader_is_pure_and_knows_a_heading():
    assert reading.is_heading("SCORING") and reading.is_heading("VARIATIONS (Game menu)")
    assert reading.is_heading("The exchange:") and not reading.is_heading("Click a top card to throw it out.")
    r = reading.Reader(with_keys("acesup", ACESUP_HELP))
    assert r.lines[0] == "THE AIM" and r.line_words(0).startswith("THE AIM. Throw") and r.at == 1


def test_an_end_box_and_a_round_summary_are_read_a_line_at_a_time(tmp_path, monkeypatch):
    from game.engine.endbox import EndBox
    from game.engine.roundbox import RoundBox, Row

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, spoken = _speaking()
    app.push(EndBox(app, "You won!", "Only the four Aces are left. You used no hints.\nThe deal was #12.",
                    "Score: 96.", ("New game", "Close"), lambda label: None, "Close"))
    press(app, pygame.K_DOWN)
    assert spoken[-1] == "Only the four Aces are left."
    press(app, pygame.K_DOWN)
    assert spoken[-1] == "You used no hints."
    press(app, pygame.K_END)
    assert spoken[-1] == "Score: 96."
    press(app, pygame.K_F9)
    assert spoken[-1] == "Score: 96."  # the line again, not the box from its title
    press(app, pygame.K_DOWN)
    assert spoken[-1] == "End. Score: 96."
    press(app, pygame.K_ESCAPE)
    app.push(RoundBox(app, "Round 2", [Row("Alice went out first."), Row("You are Vice-President.")],
                      [("Next round", lambda: None), ("Close", lambda: None)]))
    press(app, pygame.K_END)
    assert spoken[-1] == "You are Vice-President."
    press(app, pygame.K_UP)
    assert spoken[-1] == "Alice went out first."
    press(app, pygame.K_UP)
    assert spoken[-1] == "Top. Alice went out first."


def test_acmes_statistics_box_says_its_table(tmp_path, monkeypatch):
    from game.acme.dialogs import StatisticsDialog

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, spoken = _speaking("acme")
    app.push(StatisticsDialog(app, None))
    assert "President: 0 rounds, 0%." in spoken[-1] and "Total rounds: 0." in spoken[-1]
    press(app, pygame.K_DOWN)
    assert spoken[-1] == "President: 0 rounds, 0%."


def test_help_read_aloud_drops_list_marks_and_signs_a_voice_reads_badly(tmp_path, monkeypatch):
    """Round 13 by ear: ACME's Help read its exchange list as "- the President gives the Apprentice…" (a voice
    says "dash").  Said: the item without its mark, "Options, Speak" for "Options ▸ Speak"; shown: unchanged."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app, spoken = _speaking("acme")
    press(app, pygame.K_F1)
    dlg = app.stack.top
    assert isinstance(dlg, TextDialog)
    item = next(i for i, line in enumerate(dlg.reader.lines) if line.startswith("- the President gives"))
    while dlg.reader.at < item:
        press(app, pygame.K_DOWN)
    assert spoken[-1].startswith("the President gives the Apprentice any 2 cards"), spoken[-1]
    assert not any(s.lstrip().startswith("- ") or " - the " in s for s in spoken)
    assert any(line.startswith("- the President gives") for line in dlg.lines)  # the box shows the dash
    assert reading.spoken("- Options ▸ Speak — F12… `F9` **bold**") == "Options, Speak, F12 F9 bold"
    assert reading.spoken("1. Deal #3") == "1. Deal 3"
