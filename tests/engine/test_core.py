"""Engine pieces without a window: scene stack, tweens, history, card table."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.acesup import rules
from game.engine.cardtable import CardTable, Placement
from game.engine.history import History
from game.engine.scene import Scene, SceneStack
from game.engine.tween import Tween


class Probe(Scene):
    def __init__(self, name, log, consume=False, transparent=False, passthrough=False):
        super().__init__(None)
        self.name, self.log, self.consume = name, log, consume
        self.transparent, self.passthrough = transparent, passthrough

    def on_enter(self):
        self.log.append(f"enter {self.name}")

    def on_exit(self):
        self.log.append(f"exit {self.name}")

    def handle(self, event):
        self.log.append(f"{self.name} got {event}")
        return self.consume


def test_stack_push_pop_replace_and_visible():
    log: list[str] = []
    s = SceneStack()
    table, dialog = Probe("table", log), Probe("dialog", log, transparent=True)
    s.push(table)
    s.push(dialog)
    assert s.visible() == [table, dialog]
    assert s.pop() is dialog and s.top is table
    other = Probe("menu", log)
    s.replace(other)
    assert s.scenes == [other]
    assert log == ["enter table", "enter dialog", "exit dialog", "exit table", "enter menu"]


def test_events_go_to_top_and_fall_through_only_when_allowed():
    log: list[str] = []
    s = SceneStack()
    s.push(Probe("table", log, consume=True))
    s.push(Probe("modal", log))
    log.clear()
    assert s.dispatch("e1") is False and log == ["modal got e1"]
    log.clear()
    s.pop()
    s.push(Probe("overlay", log, passthrough=True))
    log.clear()
    assert s.dispatch("e2") is True and log == ["overlay got e2", "table got e2"]


def test_opaque_scene_hides_those_beneath():
    s = SceneStack()
    a, b = Probe("a", []), Probe("b", [])
    s.push(a)
    s.push(b)
    assert s.visible() == [b]


def test_tween_reaches_end_after_delay_and_duration():
    t = Tween((0.0, 0.0), (100.0, 50.0), 0.5, delay=0.25)
    t.step(0.2)
    assert t.value() == (0.0, 0.0) and not t.started
    t.step(0.3)
    x, y = t.value()
    assert 0 < x < 100 and 0 < y < 50
    t.step(0.3)
    assert t.done and t.value() == (100.0, 50.0)


def test_card_table_sync_tweens_and_finish():
    table = CardTable((50, 70))
    table.sync({"AS": Placement(0, 0), "KH": Placement(100, 0)}, animate=False)
    assert table.sprites["AS"].x == 0 and not table.animating
    moved = table.sync({"AS": Placement(300, 200), "KH": Placement(100, 0, face_up=False)})
    assert moved == 1 and table.animating and table.sprites["KH"].flip is not None
    for _ in range(200):
        table.update(1 / 120)
    assert not table.animating and (table.sprites["AS"].x, table.sprites["AS"].y) == (300, 200)
    table.sync({"AS": Placement(0, 0)})
    assert "KH" not in table.sprites


def test_hit_picks_top_most_card():
    table = CardTable((50, 70))
    table.sync({"AS": Placement(0, 0, z=1), "KH": Placement(10, 10, z=2)}, animate=False)
    assert table.hit((20, 20)).id == "KH"
    assert table.hit((5, 5)).id == "AS"
    assert table.hit((500, 500)) is None
    assert table.hit((20, 20), only=["AS"]).id == "AS"


def test_animation_off_moves_at_once():
    table = CardTable((50, 70))
    table.anim_scale = 0.0
    table.sync({"AS": Placement(0, 0)})
    table.sync({"AS": Placement(40, 40, face_up=False)})
    assert not table.animating and table.sprites["AS"].x == 40


@given(st.integers(0, 10_000), st.sampled_from(list(rules.VARIATIONS)), st.integers(1, 60))
def test_undo_to_the_start_and_redo_to_the_end_are_exact(seed, variation, n):
    rng = random.Random(seed)
    h = History.start(rules.new_game(seed, variation=variation))
    for _ in range(n):
        moves = rules.legal_moves(h.state)
        if not moves:
            break
        m = rng.choice(moves)
        h.push(m, rules.apply(h.state, m))
    states = list(h.states)
    while h.can_undo:
        h.undo()
    assert h.state == rules.new_game(seed, variation=variation)
    while h.can_redo:
        h.redo()
    assert h.state == states[-1]
    # replaying the recorded moves from the start reproduces every state
    s = h.first
    for m, expected in zip(h.moves, h.states[1:], strict=True):
        s = rules.apply(s, rules.parse_move(s, str(m)))
        assert s == expected


def test_new_move_cuts_redo_tail():
    s0 = rules.new_game(1)
    h = History.start(s0)
    s1 = rules.apply(s0, rules.Deal())
    h.push(rules.Deal(), s1)
    h.undo()
    assert h.can_redo
    h.push(rules.Deal(), s1)
    assert not h.can_redo and len(h.states) == 2
