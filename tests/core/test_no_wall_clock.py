"""No test asserts how long something took (issue 33 item 7): on a loaded 2-core machine a wall time says
more about the neighbours than about the code. Speed goals live in `benchmarks/` (see docs/developer.md)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
CLOCKS = {"monotonic", "perf_counter", "time", "process_time", "monotonic_ns", "perf_counter_ns", "time_ns"}
DURATIONS = {"seconds", "elapsed", "duration", "took"}


def _timed(node: ast.AST) -> bool:
    """The expression reads a clock (`time.monotonic()`, …) or a duration (`run.seconds`, `elapsed`)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr in CLOCKS \
                and isinstance(inner.func.value, ast.Name) and inner.func.value.id == "time":
            return True
        if (isinstance(inner, ast.Attribute) and inner.attr in DURATIONS) or \
                (isinstance(inner, ast.Name) and inner.id in DURATIONS):
            return True
    return False


def wall_clock_asserts(source: str, name: str) -> list[str]:
    """`file:line` of each `assert` comparing a clock or a duration."""
    return [f"{name}:{node.lineno}" for node in ast.walk(ast.parse(source, name))
            if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) and _timed(node.test)]


def test_no_test_asserts_a_wall_time() -> None:
    found = [line for path in sorted(TESTS.rglob("*.py"))
             for line in wall_clock_asserts(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS)))]
    assert found == []


def test_the_walk_sees_a_wall_time() -> None:
    sample = ("assert run.seconds < 1.0\nassert time.monotonic() - started < 60\nassert run.code == 130\n"
              "assert elapsed <= 2\n")
    assert wall_clock_asserts(sample, "s.py") == ["s.py:1", "s.py:2", "s.py:4"]
