"""One source for every rule in the window: a file dialog's filter is written in one place (the Save dialogs of
the editor and of the curation offered the same TBF filter from two definitions), so a change to what a dialog
offers reaches every dialog that offers it."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import evmeval_gui

GUI = Path(evmeval_gui.__file__).parent


def _filters() -> dict[str, list[str]]:
    """Each file dialog filter string (it names a pattern such as `(*.tbf)`) and the `file:line`s that write it."""
    places: dict[str, list[str]] = defaultdict(list)
    for path in sorted(GUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "(*." in node.value:
                places[node.value].append(f"{path.relative_to(GUI)}:{node.lineno}")
    return places


def test_each_file_dialog_filter_is_written_once() -> None:
    twice = {text: where for text, where in _filters().items() if len(where) > 1}
    assert twice == {}
    assert "TBF files (*.tbf);;All files (*)" in _filters()  # the walk sees the filters
