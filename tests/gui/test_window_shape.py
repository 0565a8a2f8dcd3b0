"""The window's shape (issue 33 item 2): an assembler of parts without mixins, no part reaching into another's
widget tree, and parts that a user's clicks reach through the part that owns them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from PySide6.QtCore import Qt

from evmeval_gui.window.commands import WindowCommands
from evmeval_gui.window.status import JobStatus
from evmeval_gui.window.workspace import Workspace

GUI = Path(__file__).resolve().parent.parent.parent / "evmeval_gui"
ASSEMBLER_LINES = 350
"""`main_window.py` builds and connects parts; behaviour lives in them (it was 901 lines with its mixins)."""
REACHING = re.compile(r"getattr\((self\.)?window|\.parent\(\)|\.parentWidget\(\)|\.findChildren?\(")


def _classes() -> list[tuple[str, ast.ClassDef]]:
    found = []
    for path in sorted(GUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.append((str(path.relative_to(GUI)), node))
    return found


def test_no_class_of_the_window_is_made_of_mixins() -> None:
    """A class has one base besides typing's `Generic` / `Protocol`: behaviour is composed, not inherited."""
    mixed = []
    for where, node in _classes():
        bases = [ast.unparse(b) for b in node.bases]
        real = [b for b in bases if not b.startswith(("Generic", "Protocol"))]
        if len(real) > 1:
            mixed.append(f"{where}: class {node.name}({', '.join(bases)})")
    assert mixed == []


def test_the_main_window_is_an_assembler() -> None:
    source = (GUI / "main_window.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    window = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MainWindow")
    assert [ast.unparse(b) for b in window.bases] == ["QMainWindow"]
    assert len(source.splitlines()) <= ASSEMBLER_LINES
    # the parts it assembles are in modules of their own
    for part in ("Workspace(", "JobStatus(", "WindowCommands(", "ModesPort(", "WindowDialogs(", "LoadFeedback("):
        assert part in source


def test_no_part_reaches_into_another_parts_widget_tree() -> None:
    found = [f"{p.relative_to(GUI)}:{n}: {line.strip()}" for p in sorted(GUI.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if REACHING.search(line)]
    assert found == []


def test_the_window_is_made_of_its_parts_and_a_click_reaches_them(window, qtbot) -> None:
    assert isinstance(window.workspace, Workspace) and isinstance(window.status, JobStatus)
    assert isinstance(window.commands, WindowCommands)
    assert window.lower_tabs is window.workspace.lower_tabs and window.view_menu is window.commands.view_menu
    assert window.workspace.stack.currentWidget() is window.welcome
    assert not window.commands.next_error_action.isEnabled()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20000):
        window.open_demo()
    assert window.workspace.stack.currentWidget() is window.workspace.page
    assert window.commands.next_error_action.isEnabled()  # told by the window what applies (update)
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert window.session.combination == "mention_type"
    assert window.commands.combination_combo.currentData() == "mention_type"  # follows the session itself
