"""Affairs of the Court's end of round and end of game: a pause that shows how the round ended.

The rules deal the next round in the move that ends one; without a pause the board cleared at once and the
computer was already drawing.  Now the table stays as the round ended (`game.court.roundend`), the computer
waits, and a box tells the last turn, each side's bonus cards with their points, the cards left in each hand
and the round's change of score, with a Next round button.  The end of the game shows the same and the
result.  The box's buttons come from `end_box_buttons` ((label, callback) pairs): one more is one line.

``CourtRoundScreen`` is a mixin of ``CourtScene`` (``self`` is the scene).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.cards import the_card
from game.court import keyboard, roundend, rules
from game.court.roundend import RoundEnd
from game.engine import theme
from game.engine.roundbox import RoundBox, Row


class CourtRoundScreen:
    """The round's ending shown and waited on (a mixin: ``self`` is the scene)."""

    app: Any
    round_end: RoundEnd | None = None

    @property
    def shown_state(self) -> rules.State:
        """The position on the table: the round as it ended while its box is up, else the live state."""
        return self.round_end.final if self.round_end is not None else self.state

    def foresee_round_end(self, move: Any) -> None:
        """Before ``move`` is played: if it ends the round, keep the round's last position for the table, so
        the cards go where the round ended (not to the next deal) from the first frame."""
        before = self.state
        try:
            after = rules.apply(before, move)
        except ValueError:
            return  # refused: play() says why
        if roundend.ended_round(before, after):
            h = self.history
            self.round_end = roundend.round_end(h.states[:h.cursor + 1] + [after], h.moves[:h.cursor] + [move])

    def round_finished(self) -> None:
        """The last move ended a round: show its box (the game's end is shown by on_game_over, with the
        result)."""
        if self.round_end is None:
            self.round_end = roundend.round_end(self.history.states, self.history.moves)
        if self.round_end is not None and not self.round_end.game_over:
            self.app.sounds.play("score_up" if self.round_end.change[0] >= self.round_end.change[1]
                                 else "score_down")
            re = self.round_end
            self.status.say(f"Round {re.round_no} over: {keyboard.round_result(re.start, re.end)}. "
                            "Press Next round (Enter) when you are ready.")
            self.show_round_box(f"Round {self.round_end.round_no} over", [])

    def end_box_buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons of the end-of-round (or end-of-game) box, first = Enter; add one pair for one more."""
        if self.round_end is not None and self.round_end.game_over:
            if self.tournament_active:
                # Review here too, before the standings (round 14: only the next box offered it)
                return [("Go on", lambda: self.tournament_game_over(self.state)),
                        ("Review this game", self.open_review)]
            return [("New game", self.new_game), ("Review this game", self.open_review), ("Close", self.look_at_table)]
        return [("Next round", self.next_round)]

    def show_round_box(self, title: str, head: list[Row]) -> RoundBox:
        if self.round_end is not None:
            self.show_round_change(self.round_end.change)
        box = RoundBox(self.app, title, head + self.round_rows(), self.end_box_buttons())
        self.app.push(box)
        return box

    def next_round(self) -> None:
        """Next round: the next deal comes onto the table and the draw begins (the computer may move)."""
        if self.round_end is None or self.round_end.game_over:
            return
        self.round_end = None
        self.relayout(stagger=0.01, spawn=self.deal_origin())
        s = self.state
        who = "You draw first" if s.first_drawer == 0 else "The computer draws first"
        self.status.say(f"Round {s.round_no}. {who}.")
        keyboard.ring_to_deck(self)
        self.say_draw()

    def game_end_box(self, title: str, result: str, won: bool) -> None:
        """The end of the game: the result, then the last round as for any round (a win is celebrated)."""
        self.app.sounds.play("win" if won else "lose")
        party = None
        if won:
            from game.engine.celebrate import celebrate

            party = celebrate(self)
        if self.round_end is None:  # (a game that ended without a move here: a loaded finished game)
            self.round_end = roundend.round_end(self.history.states, self.history.moves)
        box = self.show_round_box(title, [Row(result, (), theme.INK, True)])
        if party is not None:
            chosen = box.on_close
            box.on_close = lambda label: (party.finish() if label == "New game" else None, chosen(label))

    def look_at_table(self) -> None:
        """Close at the game's end: the last position stays on the table."""

    def round_rows(self) -> list[Row]:
        """The box's rows: last turn, bonus, cards left, score change (and who draws first next)."""
        re = self.round_end
        if re is None:
            return []
        rows: list[Row] = []
        lt = re.last_turn
        if lt is not None:
            leader = "You" if lt.leader == 0 else "The computer"
            rows.append(Row(f"Last turn: {leader} led {the_card(lt.leader_card)}, "
                            f"{'the computer' if lt.leader == 0 else 'you'} answered {the_card(lt.follower_card)}. "
                            f"{rules.cue_text(lt, 0)}.", (lt.leader_card, lt.follower_card)))
        for seat, whose in ((0, "Your"), (1, "The computer's")):
            cards = [b for b in re.bonus if b.seat == seat]
            if cards:
                words = "; ".join(roundend.bonus_words(b) for b in cards)
                rows.append(Row(f"{whose} bonus: {words}.", tuple(b.card for b in cards)))
        if not re.bonus:
            holder = re.final.bonus_player
            if holder is None:
                rows.append(Row("No bonus: both hands were empty."))
            elif any(rules.is_numbered(c) for c in re.final.hands[holder]):
                rows.append(Row(f"{'You' if holder == 0 else 'The computer'} kept the numbered cards back: "
                                "no bonus played."))
            else:
                rows.append(Row("No bonus: the cards left are court cards."))
        for seat, whose in ((0, "your hand"), (1, "the computer's hand")):
            left = re.left[seat]
            rows.append(Row(f"Left in {whose}: {', '.join(the_card(c) for c in left) if left else 'nothing'}.",
                            left))
        (a0, a1), (b0, b1) = re.start, re.end
        c0, c1 = re.change
        rows.append(Row(f"This round: you {a0} to {b0} ({roundend.signed(c0)}), the computer {a1} to {b1} "
                        f"({roundend.signed(c1)}).", (), theme.INK, True))
        if not re.game_over:
            s = self.state
            first = "you draw first" if s.first_drawer == 0 else "the computer draws first"
            rows.append(Row(f"Round {s.round_no} is next: {first}."))
        return rows
