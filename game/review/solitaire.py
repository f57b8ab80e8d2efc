"""The solitaires' review: each position's exact verdict, and the move that lost the game.

A position is "winnable", "lost" or "undecided" (the solver ran out of budget).  The move that turned a
winnable position into a lost one is "the losing move"; the first move of the solver's line from the
position before it is a move that kept the game winnable ("better").

Positions share work, so that a 60-move game costs a few solves rather than sixty:
- a lost position's successors are lost (no move undoes a loss);
- a winnable position's solver line names a winnable successor: when the player's move is the line's
  first move, the position after it is winnable, with the rest of the line, without a search;
- a winnable position's predecessor was winnable too (the player's own move is its line).
Only positions where the player left the solver's line are searched.

A game may begin a new deal inside the game (Forty Thieves redeals after a clear): ``new_deal(before,
after)`` says where, and no verdict is carried across it (nor is such a move ever "the losing move").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.review.wording import gerund, lower_first

WINNABLE, LOST, UNDECIDED = "winnable", "lost", "undecided"

VERDICT = {True: WINNABLE, False: LOST, None: UNDECIDED}
#: the solver's node budget per position: the CPU time limit (``budget``) is what normally ends a search
NODE_BUDGET = 50_000_000


def review(rules: Any, solve: Callable[..., Any], start: Any, moves: Sequence[Any], *, budget: float,
           progress: Callable[[float], None] | None = None, should_stop: Callable[[], bool] | None = None,
           describe: Callable[[Any, Any], str] = lambda state, move: str(move),
           new_deal: Callable[[Any, Any], bool] = lambda before, after: False) -> list[dict[str, Any]]:
    """One entry per move: ``{"n", "move", "before", "after", "mark", "better", "text", "better_text"}``.

    ``budget`` is CPU seconds per searched position; ``describe(state, move)`` the move in words (for the
    summary and the review scene).  Stopped early, the entries of the positions not reached say
    "undecided"."""
    states = [start]
    for m in moves:
        states.append(rules.apply(states[-1], m))
    n = len(moves)
    verdict: list[str] = [UNDECIDED] * (n + 1)
    line: list[tuple[Any, ...] | None] = [None] * (n + 1)
    for i in range(n + 1):
        if should_stop is not None and should_stop():
            break
        fresh = i == 0 or new_deal(states[i - 1], states[i])
        if not fresh and verdict[i - 1] == LOST:
            verdict[i] = LOST
        elif not fresh and line[i - 1] and line[i - 1][0] == moves[i - 1]:
            verdict[i], line[i] = WINNABLE, line[i - 1][1:]
        else:
            res = solve(states[i], node_budget=NODE_BUDGET, time_limit_s=budget)
            verdict[i] = VERDICT[res.winnable]
            line[i] = tuple(res.line) if res.winnable and res.line is not None else None
        if progress is not None:
            progress((i + 1) / (n + 1))
    # a winnable position's predecessor was winnable (by the player's own move), within one deal
    for i in range(n, 0, -1):
        if verdict[i] == WINNABLE and verdict[i - 1] == UNDECIDED and not new_deal(states[i - 1], states[i]):
            verdict[i - 1] = WINNABLE
            line[i - 1] = (moves[i - 1], *(line[i] or ()))
    out: list[dict[str, Any]] = []
    for i, m in enumerate(moves):
        before, after = verdict[i], verdict[i + 1]
        losing = before == WINNABLE and after == LOST and not new_deal(states[i], states[i + 1])
        better = line[i][0] if losing and line[i] else None
        entry = {"n": i + 1, "move": str(m), "before": before, "after": after,
                 "mark": "losing" if losing else None, "better": str(better) if better is not None else None,
                 "text": describe(states[i], m),
                 "better_text": describe(states[i], better) if better is not None else None}
        if new_deal(states[i], states[i + 1]):
            entry["new_deal"] = True  # this move began a new deal: "before" is the old one's, "after" the new
        out.append(entry)
    is_won = getattr(rules, "is_won", None)
    if out and len(out) == n and callable(is_won) and is_won(states[-1]):
        out[-1]["won"] = True  # the game was won: its last position says so, not "still winnable"
    return out


def summarize(entries: list[dict[str, Any]], *, winnable: str = "winnable",
              never: str = "This deal was never winnable: no move lost it.",
              cleared: str = "Deal {deal} cleared at move {n}") -> str:
    """The summary line: where the game was lost and what kept it winnable, or that it never was.

    With new deals inside the game (``"new_deal"`` entries) each clear is named first, and a deal that
    came up lost from its start is said to have been so."""
    if not entries:
        return "No moves to review."
    clears = [e["n"] for e in entries if e.get("new_deal")]
    parts = [cleared.format(deal=k + 1, n=n) for k, n in enumerate(clears)]
    if entries[0]["before"] == LOST:
        return never
    losing = next((e for e in entries if e.get("mark") == "losing"), None)
    last = entries[-1]
    if losing is not None:
        instead = losing.get("better_text") or losing.get("better")
        played = gerund(lower_first(losing.get("text") or losing["move"]))
        parts = [p for p, n in zip(parts, clears, strict=True) if n < losing["n"]]
        parts.append(f"{winnable} until move {losing['n']}: {_clause(instead)} instead of {played}")
    elif parts and last["after"] == LOST and _deal_start(entries, last)["after"] == LOST:
        parts.append(f"the next deal could never be {'cleared' if winnable == 'clearable' else 'won'}")
    elif last.get("won"):
        parts.append(f"won at move {last['n']}, with no losing move")
    elif last["after"] == WINNABLE:
        parts.append(f"no losing move: still {winnable} after move {last['n']}")
    else:
        unsure = [e["n"] for e in entries if e["after"] == UNDECIDED]
        parts.append(f"no losing move found; the solver could not decide {len(unsure)} position"
                     f"{'s' if len(unsure) != 1 else ''} (from move {unsure[0]})" if unsure
                     else "no losing move found")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _deal_start(entries: list[dict[str, Any]], e: dict[str, Any]) -> dict[str, Any]:
    """The entry whose move began the deal ``e`` belongs to (the first entry for the first deal)."""
    starts = [x for x in entries[:e["n"]] if x.get("new_deal")]
    return starts[-1] if starts else entries[0]


def _clause(text: Any) -> str:
    return str(text or "").rstrip(".")
