"""The window's Conventions dock lists the flips between OmniEvent's argument extraction and MAVEN-Arg's evaluation
(through the MAVEN-Arg pivot, tests/core/test_omnievent_maven_pivot.py) under *(arguments)*: the guide's worked
example as tc lines (the window reads OmniEvent lines as tc when no regime is given), the same six flips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.main_window import MainWindow
from tests.core.test_omnievent_maven_pivot import _guide_lines

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")
LOAD_TIMEOUT = 20_000
TC = {"arguments": [{"type": "Conflict.Attack", "outputs": ["Attacker", "NA", "Place", "Target"]},
                    {"type": "Conflict.Attack", "outputs": ["NA", "Attacker", "NA"]}, None],
      "outputs": ["Conflict.Attack", "Conflict.Attack", "NA"]}
"""The guide's tag rows read as tc: a role per argument candidate (the file's order, then the negative trigger)."""


def _click(qtbot, tree, item) -> None:  # type: ignore[no-untyped-def]
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def test_the_dock_lists_omnievents_flips_against_maven_arg(qtbot, window: MainWindow,  # type: ignore[no-untyped-def]
                                                            tmp_path: Path) -> None:
    gold_text, pred_text = _guide_lines()
    (tmp_path / "gold.jsonl").write_text(gold_text, encoding="utf-8")
    (tmp_path / "pred.jsonl").write_text(json.dumps({**json.loads(pred_text), **TC}) + "\n", encoding="utf-8")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(tmp_path / "gold.jsonl"), [str(tmp_path / "pred.jsonl")])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    tree = dock.flips
    tops = {tree.topLevelItem(k).text(0): tree.topLevelItem(k) for k in range(tree.topLevelItemCount())}
    pair = tops["omnievent ↔ maven-arg (arguments): 6 flip(s)"]
    groups = {pair.child(k).text(0).partition(":")[0]: pair.child(k) for k in range(pair.childCount())}
    assert "2 × MAVEN-Arg's penalty" in groups
    wrong = next(g for name, g in groups.items() if name.startswith("1 × a wrong event type costs OmniEvent"))
    _click(qtbot, tree, pair)
    _click(qtbot, tree, wrong)
    _click(qtbot, tree, wrong.child(0))
    assert "omnievent credit 0; maven-arg not counted" in dock.detail.text()
