"""``python main.py review ...``: the review of a game as one JSON object (CONVENTIONS.md)."""

from __future__ import annotations

from typing import Any

from game.review import analyser
from game.review.runner import analyse
from game.review.source import Source


def review_json(source: Source) -> dict[str, Any]:
    """``{"game", "seed", "moves": [...], "summary"}``: the analyser's entries, or (a game without an
    analyser yet) the moves alone."""
    if analyser(source.game) is None:
        moves = [{"n": i + 1, "move": m} for i, m in enumerate(source.move_texts())]
        return {"game": source.game, "seed": source.seed, "moves": moves,
                "summary": "No analysis for this game yet: the moves are listed as played."}
    result = analyse(source.game, source.rules.to_dict(source.start), source.move_texts())
    return {"game": source.game, "seed": source.seed, "moves": result["moves"], "summary": result["summary"]}

