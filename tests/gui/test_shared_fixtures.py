"""The windows GUI tests start from are defined once, in tests/gui/conftest.py (issue 33 item 7): no module
defines its own `settings` or `make_window`, nor imports them from another test module."""

from __future__ import annotations

import ast
from pathlib import Path

GUI_TESTS = Path(__file__).resolve().parent
SHARED = {"settings", "make_window"}


def copies(source: str, name: str) -> list[str]:
    """`file:line: what` of each shared window fixture a module defines or imports for itself."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.FunctionDef) and node.name in SHARED:
            found.append(f"{name}:{node.lineno}: defines {node.name}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests."):
            found += [f"{name}:{node.lineno}: imports {a.name}" for a in node.names if a.name in SHARED]
    return found


def test_window_fixtures_are_defined_once() -> None:
    found = [line for path in sorted(GUI_TESTS.glob("test_*.py"))
             for line in copies(path.read_text(encoding="utf-8"), path.name)]
    assert found == []


def test_the_walk_sees_a_copy() -> None:
    sample = "from tests.gui.test_main_window import LOAD_TIMEOUT, make_window\n\ndef settings(tmp_path):\n    pass\n"
    assert copies(sample, "test_x.py") == ["test_x.py:1: imports make_window", "test_x.py:3: defines settings"]
