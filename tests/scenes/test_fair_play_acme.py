"""ACME seniority kept honest (issue 18): closing or loading mid-round is Exit, a round counts once,
a round is dealt by Deal.  Real posted events throughout."""

from __future__ import annotations

import pygame
import pytest

from game.acme import players, rules
from game.engine.dialogs import FileDialog, MessageDialog, TextInputDialog
from saves import acme_profiles as AP
from saves import games as saved_games
from tests.scenes.helpers import click, key, make_app, open_table, top_dialog, type_text

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def new_player(app, scene, name: str) -> None:
    """Game > Change Player… (Ctrl+P), type the name, Enter."""
    key(app, pygame.K_p, CTRL)
    if isinstance(top_dialog(app), MessageDialog):  # mid-round: the warning first (focus on Keep playing)
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
    assert isinstance(top_dialog(app), TextInputDialog)
    type_text(app, name)
    key(app, pygame.K_RETURN)


def fast_seats(scene) -> None:
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}


def round_under_way(app, name: str = "Ann"):
    scene = open_table(app, "acme", seed=5)
    fast_seats(scene)
    new_player(app, scene, name)
    scene.profile.roles = [0, 1, 2, 3, 4]  # President at his table, whatever the draw gave him
    AP.save_profiles(scene.book)
    key(app, pygame.K_F2)  # Deal
    for _ in range(40):  # the computers move until it is our turn
        app.settle()
        if rules.current_player(scene.state) == 0:
            break
    if not scene.history.moves:  # we act first: give or lead with the Play button's help
        hand = scene.state.hands[0]
        move = next(m for m in rules.legal_moves(scene.state) if m.cards) if hand else None
        scene.play(move)
        app.settle()
    assert scene.in_round()
    return scene


def play_our_seat_too(app, scene) -> None:
    scene.ai[0] = players.make_player("baseline")
    scene.is_computer = lambda s: rules.current_player(s) is not None
    scene.computer.is_computer = scene.is_computer
    for _ in range(60):
        app.settle()
        if rules.is_over(scene.state):
            break
    assert rules.is_over(scene.state)
    app.settle()
    if app.stack.top is not scene:  # the round's summary (issue 24): Close, to go on at the table
        key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def apprentice_next(name: str) -> bool:
    return AP.load_profiles().find(name).roles[-1] == 0


def test_choosing_a_player_deals_nothing_until_deal(app):
    scene = open_table(app, "acme", seed=5)
    fast_seats(scene)
    new_player(app, scene, "Bea")
    app.settle()
    roles = list(scene.profile.roles)
    assert scene.table.sprites == {} and not scene.history.moves  # no card shows, nobody has moved
    assert scene.play_button.label == "Deal"
    new_player(app, scene, "Cy")  # switching straight away: no warning, nothing was played
    new_player(app, scene, "Bea")
    assert scene.profile.name == "Bea" and scene.table.sprites == {}
    assert AP.load_profiles().find("Bea").roles == roles  # not demoted: no round was under way
    key(app, pygame.K_F2)
    assert len(scene.state.hands[0]) >= 10 and any(sp.face_up for sp in scene.table.sprites.values())


def test_closing_the_window_mid_round_is_exit_warning_and_demotion(app):
    scene = round_under_way(app, "Dee")
    assert not apprentice_next("Dee")
    app.running = True  # as in App.run
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close box
    app.pump()
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message and app.running
    key(app, pygame.K_ESCAPE)  # Keep playing
    assert scene.in_round() and not apprentice_next("Dee")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    key(app, pygame.K_TAB)  # the focus starts on Keep playing
    key(app, pygame.K_RETURN, settle=False)  # Exit
    for _ in range(5):
        app.pump()
    assert apprentice_next("Dee") and not app.running
    assert saved_games.read_resume("acme", "ACME") is None  # nothing kept to dodge the penalty


def test_loading_mid_round_warns_and_demotes(app):
    first = round_under_way(app, "Eve")
    saved_games.save_game("acme", "ACME", "early", first.save_data())
    for _ in range(3):  # play on a little
        if rules.current_player(first.state) == 0:
            move = next((m for m in rules.legal_moves(first.state) if m.kind != "pass"),
                        rules.legal_moves(first.state)[0])
            first.play(move)
        app.settle()
    assert first.in_round()
    key(app, pygame.K_o, CTRL)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the focus starts on Keep playing (issue 34): back to the yes
    key(app, pygame.K_RETURN)
    assert isinstance(top_dialog(app), FileDialog)
    top_dialog(app).field.set("early")
    key(app, pygame.K_RETURN)
    assert apprentice_next("Eve")


def test_a_round_finished_then_loaded_and_finished_again_counts_once(app):
    scene = round_under_way(app, "Flo")
    saved_games.save_game("acme", "ACME", "mid", scene.save_data())
    play_our_seat_too(app, scene)
    assert AP.load_profiles().find("Flo").total == 1
    key(app, pygame.K_o, CTRL)  # the round is over: no warning
    top_dialog(app).field.set("mid")
    key(app, pygame.K_RETURN)  # the round comes back and is played to its end again (every seat plays)
    play_our_seat_too(app, scene)
    assert len(scene.history.moves) > 0 and AP.load_profiles().find("Flo").total == 1
    assert "counted before" in scene.status.message
    # the summary says it above its places (round 13: "4th: You — Vice President next round" read as new roles)
    assert scene.summary_rows()[0].text.startswith("This round was counted before: its places count nothing")


def test_main_menu_mid_round_is_exit_too(app):
    scene = round_under_way(app, "Gus")
    key(app, pygame.K_w, CTRL)  # Main menu
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the focus starts on Keep playing (issue 34)
    key(app, pygame.K_RETURN)  # Leave
    assert apprentice_next("Gus") and saved_games.read_resume("acme", "ACME") is None
    assert app.stack.top is not scene


def test_closing_twice_mid_round_answers_exit_and_ends_the_program(app):
    """A second close (or a logout's SIGTERM after the first) while the Exit question is open must end the
    program; it is Exit all the same: Apprentice next round and no round kept to resume."""
    round_under_way(app, "Gus")
    app.running = True  # as in App.run
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert isinstance(top_dialog(app), MessageDialog) and app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert not app.running
    assert apprentice_next("Gus") and not saved_games.resume_path("acme").exists()


def test_a_round_left_by_loading_its_own_save_counts_once_and_the_penalty_stands(app):
    """Issue 32: Save mid-round, play on, Load that save (the warning: Apprentice next round), finish it.
    The round counts once (as the Apprentice round it was left as), the summary and the next deal agree
    with the warning."""
    scene = round_under_way(app, "Hal")
    saved_games.save_game("acme", "ACME", "mine", scene.save_data())
    for _ in range(3):  # play on a little
        if rules.current_player(scene.state) == 0:
            move = next((m for m in rules.legal_moves(scene.state) if m.kind != "pass"),
                        rules.legal_moves(scene.state)[0])
            scene.play(move)
        app.settle()
    key(app, pygame.K_o, CTRL)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Apprentice" in dlg.message
    key(app, pygame.K_TAB)  # the focus starts on the safe answer (Keep playing): Tab to "Load anyway"
    key(app, pygame.K_RETURN)
    top_dialog(app).field.set("mine")
    key(app, pygame.K_RETURN)
    assert apprentice_next("Hal")
    play_our_seat_too(app, scene)
    hal = AP.load_profiles().find("Hal")
    assert hal.total == 1 and hal.left == 1  # one deal, counted once
    assert hal.role() == 4  # the warning holds: Apprentice for the next deal
    assert "Apprentice" in scene.status.message
    assert scene.summary_rows()[-1].text == "You will be Apprentice."
    key(app, pygame.K_ESCAPE)  # close the summary if it is up
    scene.ai.pop(0, None)
    scene.deal()
    assert rules.role_of(scene.state, 0) == 4


def test_a_reloaded_rounds_summary_tells_the_next_deal_it_seats(app):
    """Round 10 (shot-113): a round left by loading its save, then finished 3rd, said 'You — stays White
    Collar Worker', an exchange from the finishing order and 'You will be Apprentice', while the next deal
    kept the table's seats. The rows' roles and the exchange come from the seats the next deal uses."""
    from game.acme import roundlog
    from game.acme.seats import SEAT_NAMES
    scene = round_under_way(app, "Quinn")
    saved_games.save_game("acme", "ACME", "mine", scene.save_data())
    key(app, pygame.K_o, CTRL)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    top_dialog(app).field.set("mine")
    key(app, pygame.K_RETURN)
    play_our_seat_too(app, scene)
    assert scene.state.finished[-1] != 0  # the case of the report: not last, yet Apprentice next
    rows = [row.text for row in scene.summary_rows()]
    assert rows[0].startswith("This round was counted before")  # said above the places (round 13)
    rows = rows[1:]
    key(app, pygame.K_ESCAPE)
    scene.ai.pop(0, None)
    scene.deal()
    nxt = {seat: rules.role_of(scene.state, seat) for seat in range(5)}
    for row in rows[:5]:
        name = row.split(": ", 1)[1].split(" — ")[0]
        seat = SEAT_NAMES.index(name)
        assert rules.ROLE_NAMES[nxt[seat]] in row.split(" — ")[1].split(" (was")[0], row
    exchange = next(r for r in rows if r.startswith("Then the exchange"))
    by_role = {role: seat for seat, role in nxt.items()}
    for giver, receiver, n, highest in rules.EXCHANGE:
        to = "you" if by_role[receiver] == 0 else SEAT_NAMES[by_role[receiver]]
        assert f"{roundlog.giving_words(giver, n, highest, SEAT_NAMES, by_role[giver])} to {to}" in exchange
    assert rows[-1] == "You will be Apprentice." and nxt[0] == 4


def test_an_open_dialog_pauses_the_computers(app):
    """Issue 32: the Load warning and the Load list did not pause the computers; they played on behind."""
    scene = round_under_way(app, "Ida")
    move = next((m for m in rules.legal_moves(scene.state) if m.kind != "pass"), rules.legal_moves(scene.state)[0])
    scene.play(move)
    app.pump()
    assert rules.current_player(scene.state) != 0  # a computer is to act
    played = len(scene.history.moves)
    key(app, pygame.K_o, CTRL)  # Load: the warning first
    assert isinstance(top_dialog(app), MessageDialog)
    for _ in range(90):  # three seconds of frames: far past the computers' pause
        app.pump(1 / 30)
    assert len(scene.history.moves) == played
    key(app, pygame.K_TAB)  # past the safe answer the focus starts on
    key(app, pygame.K_RETURN)  # on to the list of saved games
    assert isinstance(top_dialog(app), FileDialog)
    for _ in range(90):
        app.pump(1 / 30)
    assert len(scene.history.moves) == played
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    app.settle()
    assert len(scene.history.moves) > played  # closed: the table plays on


def test_the_waiting_table_shows_the_roles_and_the_deal_number_that_are_dealt(app, monkeypatch):
    """Issue 32: on the very first start the seat showed President while the status said Vice President, and
    the deal number shown before dealing was not the one dealt."""
    from game.engine import theme

    not_president = next(n for n in range(1, 100) if rules.role_of(rules.new_game(n), 0) != 0)
    monkeypatch.setattr("game.engine.table.new_deal_number", lambda: not_president)
    scene = registry_scene(app)
    assert scene.awaiting and scene.profile is None
    drawn: list[tuple[str, tuple[int, int]]] = []
    real = theme.text

    def spy(surface, words, pos, *a, **k):
        drawn.append((words, pos))
        return real(surface, words, pos, *a, **k)
    theme.text = spy
    try:
        scene.draw(app.window, 1.0)
    finally:
        theme.text = real
    mine = scene.seat_rects[0]
    shown = [w for w, pos in drawn if w in rules.ROLE_SHORT and mine.collidepoint(pos)]
    role = rules.role_of(scene.state, 0)
    assert shown == [rules.ROLE_SHORT[role]] and rules.ROLE_NAMES[role] in scene.status.message
    number = scene.seed
    assert f"Deal #{number}" in scene.status_text()
    key(app, pygame.K_F2)
    assert not scene.awaiting and scene.seed == number


def registry_scene(app):
    """The ACME table as the program opens it: no deal number asked for, no player yet (the name is not
    given: the question is closed)."""
    from game import registry

    scene = registry.make_scene(app, "acme", resume=True)
    app.replace(scene)
    app.settle()
    if isinstance(top_dialog(app), TextInputDialog):
        key(app, pygame.K_ESCAPE)
    return scene


def test_the_first_frame_of_a_waiting_table_says_deal_on_its_button(app):
    """Issue 32: after an Exit, the program started again showed "Play" on the button while the table said
    "Press Deal (F2)": the first frame can be drawn before any update."""
    from game import registry

    book = AP.load_profiles()
    book.select("Jo")
    AP.save_profiles(book)
    scene = registry.make_scene(app, "acme", resume=True)
    app.replace(scene)
    app.draw()  # as App.run draws its first frame: before a whole step has passed
    assert scene.awaiting and scene.play_button.label == "Deal"


def test_a_logouts_sigterm_mid_round_keeps_the_round_and_asks_nothing(app):
    """Round 15 (a fresh player): SIGTERM, what a logout sends, opened the Exit question and the program stayed
    open until the session killed it.  It ends at once; the round is kept to resume, with no penalty."""
    import os
    import signal

    round_under_way(app, "Gus")
    app.running = True  # as in App.run
    before = {n: signal.getsignal(getattr(signal, n)) for n in ("SIGTERM", "SIGHUP", "SIGINT", "SIGQUIT")}
    app.close_on_signals()
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        app.pump()
    finally:
        for n, handler in before.items():
            signal.signal(getattr(signal, n), handler)
    assert not app.running and not isinstance(top_dialog(app), MessageDialog)
    assert not apprentice_next("Gus") and saved_games.resume_path("acme").exists()


def test_a_named_player_can_go_back_to_playing_as_a_guest(app):
    """Round 15 (three fresh players): once named, Change Player's Cancel kept the name and nothing led back
    to playing as a guest.  Its box has Play as guest (asked first mid-round, as Change Player is)."""
    scene = open_table(app, "acme", seed=5)
    fast_seats(scene)
    new_player(app, scene, "Ivy")
    assert scene.profile is not None
    scene.change_player()
    app.settle()
    box = top_dialog(app)
    assert box.labels == ["OK", "Play as guest", "Cancel"]
    click(app, box.buttons[1].rect.center)
    app.settle()
    assert scene.profile is None and app.stack.top is scene
    assert scene.status.message.startswith("Playing as a guest")
    assert scene.title_player() is None


def test_a_guests_kept_round_comes_back_as_a_guests_never_the_last_players(app):
    """Round 16 (a major): Tess chose Play as guest, dealt, closed the window; the kept round came back as Tess's,
    and counted in her statistics.  The next start is a guest's: the round is resumed with no player."""
    scene = open_table(app, "acme", seed=5)
    fast_seats(scene)
    new_player(app, scene, "Tess")
    before = AP.load_profiles().find("Tess")
    scene.change_player()
    app.settle()
    click(app, top_dialog(app).buttons[1].rect.center)  # Play as guest
    key(app, pygame.K_F2)
    for _ in range(40):
        app.settle()
        if rules.current_player(scene.state) == 0:
            break
    scene.play(next(m for m in rules.legal_moves(scene.state) if m.kind != "pass"))
    app.settle()
    assert scene.profile is None and scene.in_round()
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert not app.running and saved_games.resume_path("acme").exists()
    other = make_app(animation="off")
    try:
        again = open_table(other, "acme", seed=9, resume=True)
        box = top_dialog(other)
        assert isinstance(box, MessageDialog) and "Tess" not in box.message
        click(other, box.buttons[0].rect.center)  # Resume
        other.settle()
        assert again.profile is None and again.title_player() is None
        after = AP.load_profiles().find("Tess")
        assert (after.stats, after.left, after.roles) == (before.stats, before.left, before.roles)
    finally:
        other.close()


def test_the_guests_deal_seats_everyone_as_the_waiting_table_showed(app):
    """Round 16: after a named player's finished round, Play as guest showed one set of seats and Deal dealt
    another."""
    scene = open_table(app, "acme", seed=5)
    fast_seats(scene)
    new_player(app, scene, "Tess")
    key(app, pygame.K_F2)
    play_our_seat_too(app, scene)
    del scene.is_computer  # the table's own again (the computers wait while it waits for Deal)
    scene.ai[0] = None
    scene.computer.is_computer = scene.is_computer
    scene.change_player()
    app.settle()
    click(app, top_dialog(app).buttons[1].rect.center)  # Play as guest
    shown = scene.state.roles
    key(app, pygame.K_F2)
    assert scene.history.first.roles == shown
