"""The board model behind the Romi table: groups, placement refusals, reconciling."""

from __future__ import annotations

from game.romi.board import COLS, ROWS, Board, could_become_valid


def test_groups_are_separated_by_empty_cells():
    b = Board()
    b.put(["7H#0", "8H#0", "9H#0"], 0, 0)
    b.put(["QS#0", "QD#0", "QC#0"], 0, 4)
    b.put(["2C#0"], 1, 23)
    assert b.table() == (("7H", "8H", "9H"), ("QS", "QD", "QC"), ("2C",))
    assert b.group_of("QD#0")[:2] == (0, 4)


def test_place_refuses_a_group_that_can_never_be_valid():
    b = Board(palette=["7H#0", "7S#0", "KC#0", "8H#0"])
    assert b.place(["7H#0"], 2, 2) is None
    assert b.place(["8H#0"], 2, 3) is None  # 7H 8H: a run may grow
    assert "never" in b.place(["KC#0"], 2, 4)  # 7H 8H KC: no
    assert b.place(["KC#0"], 2, 6) is None  # with a gap it is a group of its own
    assert "no room" in b.place(["7S#0"], 2, 3)  # taken
    assert b.palette == ["7S#0"]


def test_could_become_valid():
    assert could_become_valid(["7H", "7S"])
    assert could_become_valid(["7H", "JK", "9H"])
    assert not could_become_valid(["7H", "7H"])
    assert could_become_valid(["QH", "KH", "AH"], True)
    assert could_become_valid(["QH", "KH", "AH"])  # judged as a collection: A..K may still come
    assert not could_become_valid(["7H", "8S"])
    assert not could_become_valid(["2H", "3H", "AH", "AH"])  # two low Aces: never
    assert not could_become_valid(["7H", "7S", "7D", "7C", "JK"])


def test_reconcile_keeps_unchanged_groups_in_place():
    b = Board()
    b.reconcile([("7H", "8H", "9H"), ("QS", "QD", "QC")], ["5S", "5C", "2D"])
    spots = {tuple(b.table()[k]): g[:2] for k, g in enumerate(b.groups())}
    b.reconcile([("7H", "8H", "9H"), ("QS", "QD", "QC", "QH"), ("5S", "5C", "5H")], ["2D"])
    new_spots = {tuple(b.table()[k]): g[:2] for k, g in enumerate(b.groups())}
    assert new_spots[("7H", "8H", "9H")] == spots[("7H", "8H", "9H")]
    assert [i.split("#")[0] for i in b.palette] == ["2D"]
    assert sorted(len(g[2]) for g in b.groups()) == [3, 3, 4]


def test_a_full_row_moves_a_group_where_it_fits():
    b = Board()
    for c in range(0, COLS - 3, 4):
        b.put([f"{r}S#{c}" for r in "234"], 0, c)
    spot = b.room_for(5)
    assert spot is not None and spot[0] == 1
    assert b.rows == ROWS
