"""GUI tests click and type; they never emit a widget's signal by hand (issue 33 item 7), so what they check
is what a user's click does. The two places a click cannot reach are named here, each with why."""

from __future__ import annotations

import ast
from pathlib import Path

GUI_TESTS = Path(__file__).resolve().parent
ALLOWED = {
    # the window's Qt-free `model.events.Signal` itself is under test: emitting is what it is for
    "test_events.py": {"signal"},
    # a stand-in charts panel (records what the window feeds it); its filter request is the window's input,
    # and clicks on the real charts' bars and cells are tested in test_charts.py
    "test_main_window.py": {"panel.filter_requested"},
}


def hand_emitted(source: str, name: str) -> list[str]:
    """`file:line: sender` of each `….emit(…)` call not allowed for that file."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
            sender = ast.unparse(node.func.value)
            if sender not in ALLOWED.get(name, set()):
                found.append(f"{name}:{node.lineno}: {sender}")
    return found


def test_no_signal_is_emitted_by_hand() -> None:
    found = [line for path in sorted(GUI_TESTS.glob("test_*.py"))
             for line in hand_emitted(path.read_text(encoding="utf-8"), path.name)]
    assert found == []


def test_the_walk_sees_a_hand_emitted_signal() -> None:
    sample = "combo.activated.emit(1)\nqtbot.mouseClick(combo, 1)\n"
    assert hand_emitted(sample, "test_x.py") == ["test_x.py:1: combo.activated"]
    assert hand_emitted("panel.filter_requested.emit('a')\n", "test_main_window.py") == []
