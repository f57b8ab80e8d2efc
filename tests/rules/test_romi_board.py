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
    assert not could_become_valid(["QH", "KH", "AH"])  # Ace low only: Q-K then A can never be a run
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


def test_a_row_is_judged_in_the_order_it_lies():
    # issue 25: 8C 9C then JC right after them, and 7S 8S 9S QS, can never become runs: the gap is inside
    assert not could_become_valid(["8C", "9C", "JC"])
    assert not could_become_valid(["7S", "8S", "9S", "QS"])
    assert not could_become_valid(["7H", "9H"])  # adjacent cells: the 8 can never come between
    assert could_become_valid(["8C", "9C"]) and could_become_valid(["8C", "9C", "TC"])
    assert could_become_valid(["7H", "JK", "9H"]) and could_become_valid(["JK", "8C"])
    assert not could_become_valid(["KC", "AC"]) and could_become_valid(["KC", "AC"], True)  # Ace after King
    assert could_become_valid(["9D", "8D"])  # read downwards: 9 8 7 becomes 7 8 9
    assert not could_become_valid(["9D", "7D"]) and could_become_valid(["9D", "7D", "8D"])  # valid: laid in order
    # sets stay order-free
    assert could_become_valid(["7S", "7H"]) and could_become_valid(["7S", "JK", "7D", "7C"])
    assert not could_become_valid(["7S", "7H", "7S"])


def test_place_refuses_a_card_that_leaves_a_gap_inside_a_row():
    b = Board(palette=["8C#0", "9C#0", "JC#0", "TC#0"])
    assert b.place(["8C#0", "9C#0"], 3, 5) is None
    assert "never" in b.place(["JC#0"], 3, 7)
    assert b.place(["TC#0"], 3, 7) is None and b.place(["JC#0"], 3, 8) is None
    assert b.table() == (("8C", "9C", "TC", "JC"),)


def test_a_group_grows_into_the_nearest_place_in_its_own_row():
    # issue 25: 3D 4D 5D at row 3, column 1, plus 2D at its start shifts one cell right, not to a far row
    b = Board()
    b.put(["3D#0", "4D#0", "5D#0"], 2, 0)
    b.put(["KS#0", "KH#0", "KC#0"], 2, 5)
    own = ["3D#0", "4D#0", "5D#0"]
    assert b.room_for(4, ignore=own, near=(2, -1)) == (2, 0)
    assert b.room_for(4, ignore=own) == (0, 0)  # without ``near``: the first place from the top left
    b = Board()  # no room where it lies (the kings are two cells after it)...
    b.put(own, 2, 0)
    b.put(["KS#0", "KH#0", "KC#0"], 2, 4)
    b.put(["QS#0", "QH#0", "QC#0"], 2, 8)
    assert b.room_for(4, ignore=own, near=(2, -1)) == (2, 12)  # ...further along its own row first
    for c in range(12, 24, 4):
        b.put([f"{r}S#{c}" for r in "234"], 2, c)
    assert b.room_for(4, ignore=own, near=(2, -1)) in ((1, 0), (3, 0))  # then the nearest row


def test_place_group_goes_near_where_it_was():
    b = Board()
    b.put(["KS#0", "KH#0", "KC#0"], 5, 0)
    b.place_group(["7S#0", "8S#0", "9S#0", "TS#0"], near=(5, 2))
    assert b.group_of("7S#0")[:2] == (5, 4)
