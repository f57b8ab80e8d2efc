"""Romi simulator smoke test: the JSON shape, seat rotation, bad arguments."""

from __future__ import annotations

import pytest

from game.romi.simulate import run


def test_simulate_reports_every_player():
    out = run(2, 3, ["expert", "beginner"], {})
    assert out["game"] == "romi" and out["games"] == 2
    assert [p["level"] for p in out["players"]] == ["expert", "beginner"]
    for p in out["players"]:
        assert p["wins"] + p["draws"] + p["losses"] == 2
        assert p["mean_score"] >= 0
    assert out["players"][0]["wins"] == out["players"][1]["losses"]
    assert out["move_ms_p99"] >= out["move_ms_p50"] >= 0


def test_simulate_refuses_bad_arguments():
    with pytest.raises(ValueError, match="level"):
        run(1, 1, ["expert", "grandmaster"], {})
    with pytest.raises(ValueError, match="two"):
        run(1, 1, ["expert"], {})
    with pytest.raises(ValueError, match="option"):
        run(1, 1, ["expert", "beginner"], {"jokers": 3})
