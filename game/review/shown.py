"""What a replayed table shows that play shows differently: the hidden hands turned up, the score as it
stood, a finished trick before it is gathered.

The review draws each position with the game's own table (a *puppet*, see `game.review.scene`), but a
table in play hides the computer seats' cards behind dummy ids (``back…``: no code to turn face up),
counts its score up in its own frame loop, and holds a finished trick for a moment on a timer.  A replay
runs none of that loop, so each game's differences are put right here, per game, from the position
itself (never from the table's timers):

* `reveal` (Review ▸ Show all cards): each seat's hidden cards in place of their backs, face up, where
  the backs lay (Court's hand and discards, ACME's four hands, Romi's hand in its own revealed rows);
* `settle` (after every step): Court's score panel shows the totals of the position, and the card the
  player turned in the draw is shown turned (as it was when the player kept or discarded it); ACME shows
  the trick the move just completed on the table, gathered at the next step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.cardtable import Placement

Placements = dict[str, Placement]


def _court_reveal(puppet: Any, state: Any, out: Placements) -> Placements:
    hidden = [c for c in state.hands[1] if c not in state.captured[1]]
    swap = {f"back#h{i}": c for i, c in enumerate(hidden)}
    swap.update({f"back#d{i}": c for i, c in enumerate(state.seen[1])})
    return {swap.get(sid, sid): p for sid, p in out.items()}


def _acme_reveal(puppet: Any, state: Any, out: Placements) -> Placements:
    swap = {f"back{seat}#{i}": c for seat in range(1, len(state.hands)) for i, c in enumerate(state.hands[seat])}
    return {swap.get(sid, sid): p for sid, p in out.items()}


def _romi_reveal(puppet: Any, state: Any, out: Placements) -> Placements:
    from game.romi.revealed import revealed_hand
    from game.romi.seats import COMPUTER

    kept = {sid: p for sid, p in out.items() if not sid.startswith("back#")}
    kept.update(revealed_hand(state.hands[COMPUTER], puppet.cpu_rect, puppet.table.card_size))
    return kept


REVEAL: dict[str, Callable[[Any, Any, Placements], Placements]] = {
    "court": _court_reveal, "acme": _acme_reveal, "romi": _romi_reveal}


def reveal(game: str, puppet: Any, state: Any, placements: Placements) -> Placements:
    """``placements`` with every seat's hidden cards in place of their backs (still as laid: the caller
    turns every real card face up)."""
    fn = REVEAL.get(game)
    return fn(puppet, state, placements) if fn is not None else placements


def _court_settle(puppet: Any, states: list[Any], n: int) -> None:
    puppet.shown = [float(t) for t in puppet.shown_state.totals]  # no count-up: the totals of this position
    puppet.revealed = True  # the player's turned card, as seen when keeping or discarding it (no "Click the deck")
    puppet.forced_button = lambda: None  # nor the gold frame of the one button to press: a replay presses none


def _acme_settle(puppet: Any, states: list[Any], n: int) -> None:
    from game.acme import rules

    puppet.trick.release()
    if n == 0:
        return
    before, after = states[n - 1], states[n]
    if before.phase == "play" and (after.trick_start != before.trick_start or rules.is_over(after)):
        puppet.trick.held = after.log[before.trick_start:]  # shown where it was played; the next step gathers it


SETTLE: dict[str, Callable[[Any, list[Any], int], None]] = {"court": _court_settle, "acme": _acme_settle}


def settle(game: str, puppet: Any, states: list[Any], n: int) -> None:
    """Make ``puppet`` show position ``n`` of ``states`` as it stood (before its layout is synced)."""
    fn = SETTLE.get(game)
    if fn is not None:
        fn(puppet, states, n)
