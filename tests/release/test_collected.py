"""The README's test command must run the executable's tests.

They once sat in ``tests/build/``, a folder pytest skips without a word (``build`` is in its default
``norecursedirs``), so ``python -m pytest`` ran none of them and a broken release would have passed.
This runs the same command's collection, restricted to the ``build`` marker, and fails if it finds none.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def collected_build_tests() -> dict[str, int]:
    """Test count per file that ``python -m pytest -m build`` would run, with the project's own settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    res = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "build",
                          "-p", "no:cacheprovider"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode in (0, 5), res.stdout[-2000:] + res.stderr[-2000:]  # 5: nothing collected
    counts: dict[str, int] = {}
    for line in res.stdout.splitlines():
        if m := re.fullmatch(r"(\S+\.py): (\d+)", line.strip()):  # quiet twice: "file: count"
            counts[m[1]] = counts.get(m[1], 0) + int(m[2])
        elif "::" in line and not line.startswith(" "):  # quiet once: one node id a line
            name = line.split("::", 1)[0]
            counts[name] = counts.get(name, 0) + 1
    return counts


def test_the_readme_test_command_collects_the_executable_tests():
    counts = collected_build_tests()
    assert sum(counts.values()) > 0, "python -m pytest collects no test marked 'build': the executable is untested"
    assert counts.get("tests/release/test_executable.py", 0) >= 7, counts
    assert counts.get("tests/release/test_oldlinux.py", 0) >= 6, counts  # the release, inside Debian 11
