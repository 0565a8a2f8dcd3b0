"""Finding the project's installed programs the way a fresh clone has them: next to the interpreter.

Tests never look programs up on PATH: a newcomer runs `.venv/bin/python -m pytest` without activating
the virtual environment, so PATH holds the machine's programs, not ours.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


def installed(name: str) -> str:
    """Path of console script `name` installed beside `sys.executable`; fails the test if absent."""
    path = Path(sys.executable).parent / name
    if not path.is_file():
        pytest.fail(f"console script {name} is not installed beside {sys.executable} (pip install -e '.[test]')")
    return str(path)
