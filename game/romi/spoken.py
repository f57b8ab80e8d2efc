"""Romi in words for the voice (Options ▸ Speak) and F8: the board as it is now, each group named as a run
or a set, the hand in the order shown, the cards a move laid or drew, the opening count.

Pure text from card ids and states, so the scene stays thin and a blind player hears what a sighted one
sees: "The computer played 3 cards: the seven, eight and nine of hearts" rather than "played 3 cards".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from game.cards import JOKER, SUIT_NAMES, cards_phrase, hand_phrase, rank_word
from game.romi import generator, rules
from game.romi.board import COLS, Board, codes, opening_points
from game.romi.groups import RANKS, arrange_group, group_points, is_valid_group, joker_stands_for, readings
from game.romi.places import FreePlace, empty_rows, free_places, ranges, room_from
from game.words import capital, count, join_words


def group_words(ids: Sequence[str], ace_after_king: bool = False) -> str:
    """One group on the board: 'a run of hearts: the seven, eight and nine of hearts', 'a set of sevens: …',
    or 'not a valid group yet: …' (the player is still building it)."""
    cards = codes(ids)
    read = readings(cards, ace_after_king)
    what = cards_phrase(cards)
    if not read:
        return f"not a valid group yet: {what}"
    r = read[0]
    if r.kind == "set":
        return f"a set of {rank_word(RANKS[r.rank - 1], 2)}: {what}"
    return f"a run of {SUIT_NAMES[r.suit]}: {what}" if r.suit else f"a run: {what}"


def place_words(row: int, col: int, length: int = 1) -> str:
    """Where cards lie, in the focus ring's words: 'row 2, column 5' or 'row 2, columns 5 to 7'."""
    if length <= 1:
        return f"row {row + 1}, column {col + 1}"
    return f"row {row + 1}, columns {col + 1} to {col + length}"


def placed_group_words(group, ace_after_king: bool = False) -> str:
    """A group with its place: 'row 1, columns 5 to 7: a set of nines: the nines of clubs, …'."""
    r, c, ids = group
    return f"{place_words(r, c, len(ids))}: {group_words(ids, ace_after_king)}"


def free_place_words(place: FreePlace) -> str:
    """'row 3, column 1, room for 24 cards'."""
    return f"{place_words(place.row, place.col)}, room for {count(place.room, 'card')}"


def _rows_phrase(rows: list[int]) -> str:
    """'row 8 is empty', 'rows 2 to 8 are empty', 'rows 2, 4 and 6 to 8 are empty'."""
    spans = [f"{a + 1}" if a == b else f"{a + 1} to {b + 1}" for a, b in ranges(rows)]
    one = len(rows) == 1
    return f"{'row' if one else 'rows'} {join_words(spans)} {'is' if one else 'are'} empty"


def free_words(board: Board) -> str:
    """Where a new group can go: the first free place in reading order outside the empty rows, then the
    empty rows ('Free places: row 1, column 9, room for 16 cards; rows 2 to 8 are empty')."""
    places = free_places(board)
    if not places:
        return "No free place is left for a new group"
    empty = empty_rows(board)
    parts = []
    partial = next((p for p in places if p.row not in empty), None)
    if partial is not None:
        parts.append(free_place_words(partial))
    if empty:
        parts.append(_rows_phrase(empty))
    return "Free places: " + "; ".join(parts)


def board_words(board: Board, ace_after_king: bool = False) -> str:
    """The board as it is now (cards laid this turn included), group by group in reading order, each with
    its place in the words the focus ring uses, then where a new group fits."""
    groups = board.groups()
    if not groups:
        return f"The board is empty: {board.rows} rows of {COLS} cells"
    return f"The board, {count(len(groups), 'group')}: " + "; ".join(
        f"{i + 1}, {placed_group_words(g, ace_after_king)}" for i, g in enumerate(groups)) + \
        f". {free_words(board)}"


def _short_group(ids: Sequence[str], ace_after_king: bool) -> str:
    """A group in a few words for the ring on a cell beside or on it: 'a run of hearts', or its cards while
    it is not a group yet ('the five of clubs')."""
    cards = codes(ids)
    return _kind_words(cards, ace_after_king) or cards_phrase(cards)


def cell_words(board: Board, row: int, col: int, ace_after_king: bool = False) -> str:
    """What the ring on a board cell says after its place: the card and whether it starts or ends its
    group ('the nine of clubs, start of a set of nines'), or for an empty cell the group it would join or
    the room a new group has from here ('empty, after a run of hearts', 'empty, room for 9 cards')."""
    cells = board.cells[row]
    cid = cells[col]
    if cid is not None:
        code = codes([cid])[0]
        name = "a joker" if code == JOKER else cards_phrase([code])
        g = board.group_of(cid)
        if g is None or len(g[2]) < 2:
            return name
        r, c, ids = g
        if code == JOKER:  # where it lies: the card it stands for in its run (round 15, by ear)
            group = codes(ids)
            stand = joker_stands_for(group, ace_after_king)
            if stand:
                name += f" as {cards_phrase([stand[group[:col - c].count(JOKER)]])}"
        if col == c:
            return f"{name}, start of {_short_group(ids, ace_after_king)}"
        if col == c + len(ids) - 1:
            return f"{name}, end of {_short_group(ids, ace_after_king)}"
        return name
    left = board.group_of(cells[col - 1]) if col > 0 and cells[col - 1] is not None else None
    right = board.group_of(cells[col + 1]) if col + 1 < COLS and cells[col + 1] is not None else None
    if left and right:
        return (f"empty, between {_short_group(left[2], ace_after_king)} and "
                f"{_short_group(right[2], ace_after_king)}")
    if left:
        return f"empty, after {_short_group(left[2], ace_after_king)}"
    if right:
        return f"empty, before {_short_group(right[2], ace_after_king)}"
    return f"empty, room for {count(room_from(board, row, col), 'card')}"


def hand_words(palette: Sequence[str]) -> str:
    """The hand in the order the palette shows it (after Sort too), a suit's neighbours said together
    (`game.cards.hand_phrase`: card by card, a sorted hand of 13 took half a minute of F8, round 14)."""
    cards = codes(palette)
    return f"Your hand, {count(len(cards), 'card')}: " + (hand_phrase(cards) or "empty")


def gone(before: Iterable[str], after: Iterable[str]) -> list[str]:
    """The card codes in ``before`` and not in ``after`` (copies counted), in ``before``'s order."""
    left = Counter(codes(list(after)))
    out = []
    for c in codes(list(before)):
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _kind_words(cards: Sequence[str], ace_after_king: bool) -> str | None:
    """'a run of hearts' / 'a set of tens' for a whole group (None when it is not one)."""
    read = readings(list(cards), ace_after_king)
    if not read:
        return None
    r = read[0]
    if r.kind == "set":
        return f"a set of {rank_word(RANKS[r.rank - 1], 2)}"
    return f"a run of {SUIT_NAMES[r.suit]}" if r.suit else "a run"


def _jokers_as(shown: Sequence[str], ace_after_king: bool, joker: str = "the joker") -> str:
    """'the joker as the six of hearts' for the jokers of a run laid out as ``shown`` ('' for none, or a set:
    its joker is any missing suit)."""
    stand = joker_stands_for(shown, ace_after_king)
    if not stand:
        return ""
    return f"{joker if len(stand) == 1 else 'the jokers'} as {cards_phrase(stand)}"


def _new_group_words(cards: Sequence[str], ace_after_king: bool, joker: str = "the joker") -> str:
    """A group laid whole: 'a run of the seven, eight and nine of diamonds', 'a set of three tens: spades,
    hearts and clubs' (the suits, so a listener knows which ten is missing); a run's joker with the card it
    stands for ('a run of the five and seven of hearts, the joker as the six of hearts': round 15, by ear,
    "with a joker" did not say where it lay)."""
    read = readings(list(cards), ace_after_king)
    if read and read[0].kind == "set":
        nat = [c for c in cards if c != JOKER]
        n = _NUMBER_WORDS.get(len(cards), str(len(cards)))
        suits = [SUIT_NAMES[c[1]] for c in nat] + ["a joker"] * (len(cards) - len(nat))
        return f"a set of {n} {rank_word(RANKS[read[0].rank - 1], 2)}: {join_words(suits)}"
    if read:
        role = _jokers_as(cards, ace_after_king, joker)
        if role:
            return f"a run of {cards_phrase([c for c in cards if c != JOKER])}, {role}"
        return f"a run of {cards_phrase(cards)}"
    return cards_phrase(cards)


def laid_phrase(laid: Sequence[str], table: Iterable[Sequence[str]], ace_after_king: bool = False,
                before: Iterable[Sequence[str]] = ()) -> str:
    """The cards a play laid, one phrase per group they went to, each in board order: 'a run of the seven,
    eight and nine of diamonds and a set of three tens: spades, hearts and clubs', 'the ten of diamonds on
    a run of diamonds'.  Why: the cards in hand order ('the ten, seven, eight and nine of diamonds, the ten
    of spades…') hid what was laid.  ``table`` is the board after the play; both the status line and the
    voice say this (one source).  Groups found unchanged in ``before`` (the table before the play) are
    passed over, so a card of the second pack is not taken for its twin already on the board."""
    left = Counter(laid)
    parts: list[str] = []
    old = Counter(tuple(sorted(g)) for g in before)
    changed: list[tuple[str, ...]] = []
    for group in table:
        if old[tuple(sorted(group))]:
            old[tuple(sorted(group))] -= 1
            continue
        changed.append(tuple(group))
    gone_before = [Counter(g) for g in old.elements()]  # the groups the play changed, as they were
    for group in changed:
        try:
            shown = arrange_group(group, ace_after_king)
        except ValueError:
            shown = tuple(group)
        mine = []
        for c in shown:
            if left[c]:
                left[c] -= 1
                mine.append(c)
        if not mine:
            continue
        others = Counter(shown) - Counter(mine)
        if not others:
            parts.append(_new_group_words(shown, ace_after_king))
        elif set(others) == {JOKER}:  # a new group with a joker taken from the board (round 15, by ear: this
            # was "the eight and nine of clubs on a run of clubs", a run that was not there)
            parts.append(_new_group_words(shown, ace_after_king, "the board's joker"))
        else:
            parts.append(_added_words(shown, mine, others, gone_before, ace_after_king))
    rest = list(left.elements())
    if rest:  # not on the table given (never in a legal play): still named
        parts.append(cards_phrase(rest))
    return join_words(parts) if parts else "no cards"


def _added_words(shown: Sequence[str], mine: Sequence[str], others: Counter, gone_before: list[Counter],
                 ace_after_king: bool) -> str:
    """Cards added to a group on the board: 'the ten of hearts on a run of hearts', with a joker laid from
    the hand as the card it stands for, and 'in place of its joker' when the group gave its joker up."""
    kind = _kind_words(shown, ace_after_king)
    nat = [c for c in mine if c != JOKER]
    role = _jokers_as(shown, ace_after_king) if JOKER in mine else ""
    what = join_words([x for x in (cards_phrase(nat, empty=""), role) if x]) if role else cards_phrase(mine)
    if not kind:
        return what
    base = max(gone_before, key=lambda g: sum((g & others).values()), default=Counter())
    swapped = base[JOKER] > Counter(shown)[JOKER] and sum((base & others).values()) > 0
    return f"{what} in place of the joker in {kind}" if swapped else f"{what} on {kind}"


def played_words(who: str, before: rules.State, after: rules.State, seat: int,
                 ace_after_king: bool = False) -> str:
    """'The computer played 3 cards: a run of the seven, eight and nine of hearts.' (its whole play, named
    group by group)."""
    laid = gone(before.hands[seat], after.hands[seat])
    return f"{who} played {count(len(laid), 'card')}: {laid_phrase(laid, after.table, ace_after_king, before.table)}."


def ids_phrase(ids: Iterable[str], board: Board, ace_after_king: bool = False) -> str:
    """The cards with these ids as they lie on the board now, group by group (Cards played)."""
    wanted = set(ids)
    groups = [codes(g) for _r, _c, g in board.groups() if wanted.intersection(g)]
    laid = [code for _r, _c, g in board.groups() for i, code in zip(g, codes(g), strict=True) if i in wanted]
    return laid_phrase(laid, groups, ace_after_king)


def drew_words(before: rules.State, after: rules.State, seat: int) -> str:
    """'You drew the seven of clubs.' — the player sees the card arrive in the palette."""
    new = gone(after.hands[seat], before.hands[seat])
    return f"You drew {cards_phrase(new)}." if new else "You drew a card."


def opening_words(board: Board, turn_palette: Sequence[str], ace_after_king: bool = False) -> str:
    """The live opening count beside the palette, said: 'Opening: 18 of 25 points.'"""
    pts = opening_points((ids for _r, _c, ids in board.groups()), turn_palette, ace_after_king)
    return f"Opening: {pts} of {rules.OPENING_POINTS} points."


def whose_turn(state: rules.State, mine: bool) -> str:
    """F8's first fact."""
    if rules.is_over(state):
        return "The game is over"
    return "Your turn" if mine else "The computer's turn"


def table_words(scene) -> str:
    """F8: whose turn and the counts (said first: by ear, the computer's card count came after a long board,
    round 13), the hand as shown, the board as it is now, the opening count."""
    s = scene.state
    parts = ["Romi", whose_turn(s, s.turn == 0 and not scene.demo),
             f"The computer holds {count(len(s.hands[1]), 'card')}", f"Stock: {count(len(s.stock), 'card')}",
             hand_words(scene.board.palette) + (f"; selected: {sel}" if (sel := scene.selected_phrase()) else ""),
             board_words(scene.board, scene.aak)]
    if not s.opened[0] and not rules.is_over(s):
        parts.append(opening_words(scene.board, scene.turn_board.palette, scene.aak).rstrip("."))
    parts.append(scene.status_text())
    return capital(". ".join(parts)) + "."


#: Shift+F8 says at most this many plays, then how many more (a list longer than this is not heard to its end).
PLAYS_SAID = 6


def _maximal(melds: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The melds that are not part of a longer one ('7 8 9 10 of hearts', not also '7 8 9' and '8 9 10')."""
    bags = [Counter(m) for m in melds]
    return [m for i, m in enumerate(melds)
            if not any(j != i and len(melds[j]) > len(m) and not bags[i] - bags[j] for j in range(len(melds)))]


def plays_words(board: Board, own: Sequence[str], opened: bool, laid: bool, ace_after_king: bool = False,
                passes: int | None = None) -> str:
    """Shift+F8 in Romi: what the player could lay now, playable facts first.  The groups the hand makes (with
    their points before the opening), the opening count needed and the most the hand makes, then the hand
    cards that fit a group on the board (named as F8 numbers and names it).  Before opening only the groups
    laid this turn (``own``: the turn's hand ids) take cards: the table may not be touched.  Beyond
    PLAYS_SAID plays a count and where to hear the rest.  ``laid``: cards were laid this turn, so the way
    out is to end the turn rather than to draw."""
    hand = codes(board.palette)
    melds = sorted(_maximal(generator.hand_melds(hand, ace_after_king)),
                   key=lambda m: -group_points(m, ace_after_king))
    mine = set(own)
    groups = board.groups()
    targets = [(i, codes(ids)) for i, (_r, _c, ids) in enumerate(groups)
               if is_valid_group(codes(ids), ace_after_king) and (opened or mine.issuperset(ids))]
    # the turn's unfinished work first: End turn is refused while it lies there (round 15, by ear: Shift+F8
    # said "No play: end the turn (Enter)" over a two-card group, and Enter was refused)
    unfinished = [f"group {i + 1}, {cards_phrase(codes(ids))}" for i, (_r, _c, ids) in enumerate(groups)
                  if not is_valid_group(codes(ids), ace_after_king)]
    warn = (f"Not a set or a run yet: {join_words(unfinished)}. The turn cannot end until each is one or goes "
            "back to your hand.") if unfinished else ""
    items: list[str] = []
    for m in melds:
        pts = f" ({group_points(m, ace_after_king)} points)" if not opened else ""
        items.append(capital(_new_group_words(m, ace_after_king)) + pts)
    for card in dict.fromkeys(hand):
        fits = [f"group {i + 1}, {_kind_words(g, ace_after_king)}" for i, g in targets
                if generator.extended(card, g, ace_after_king) is not None]
        if fits:
            name = "A joker" if card == JOKER else capital(cards_phrase([card]))
            items.append(f"{name} fits {join_words(fits)}")
    if opened:  # a joker on the board a hand card can stand in for (round 15, by ear: never suggested)
        for i, g in targets:
            if JOKER not in g:
                continue
            stand = set(joker_stands_for(g, ace_after_king))
            read = readings(list(g), ace_after_king)
            if not stand and read and read[0].kind == "set":
                rank = RANKS[read[0].rank - 1]
                stand = {c for c in hand if c[0] == rank and c[1] not in {x[1] for x in g if x != JOKER}}
            for card in sorted(stand & set(hand)):
                items.append(f"{capital(cards_phrase([card]))} can take the joker's place in group {i + 1}, "
                             f"{_kind_words(g, ace_after_king)}; the joker must then go into a group")
    opening = ""
    if not opened:
        so_far = opening_points((ids for _r, _c, ids in groups), own, ace_after_king)
        best = generator.best_repartition([], hand, ace_after_king=ace_after_king, objective="value")
        could = best[0] if best else 0
        start = f"Opening needs {rules.OPENING_POINTS} points" + (f", {so_far} laid" if so_far else "")
        if so_far >= rules.OPENING_POINTS:
            opening = f"{start}: enough to open."
        elif so_far + could >= rules.OPENING_POINTS:
            opening = f"{start}: your hand can make {could}{' more' if so_far else ''}."
        else:
            most = f"at most {could}{' more' if so_far else ''}" if could else "no group"
            opening = f"{start}: your hand makes {most}, not enough to open."
            if not laid:  # no group of the hand may be laid alone: only the draw is left
                melds, items = [], [i for i in items if " fits " in i]
    if not items and warn:
        return " ".join(filter(None, [warn, opening]))
    if not items:
        # ``passes``: the stock is empty and that many passes were made in a row; Space passes, and the second
        # pass ends the game (round 14, by ear: "draw a card (Space)" on an empty stock passed and lost it)
        if laid:
            way = "end the turn (Enter)"
        elif passes is None:
            way = "draw a card (Space)"
        elif passes >= 1:
            way = ("the stock is empty: Space passes, and as the computer passed too, that ends the game (the lower "
                   "hand total wins)")
        else:
            way = "the stock is empty: Space passes (two passes in a row end the game)"
        return " ".join(filter(None, [opening, f"No play: {way}."]))
    said = items[:PLAYS_SAID]
    more = len(items) - len(said)
    tail = f" And {more} more: F8 reads the board and the hand." if more else ""
    return " ".join(filter(None, [warn, ". ".join(said) + ".", opening])) + tail
