"""A RAMS gold/prediction pair opens in the window, and the Conventions dock's pathologies show what
`--convention paie` counted: the gold argument outside PAIE's window of 251 words (the guide's worked example,
docs/scoring/paie.md; its numbers are derived in tests/core/test_paie.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.conventions.pathologies_view import NONE_FOUND
from evmeval_gui.main_window import MainWindow
from tests.core.test_paie import _worked_example
from tests.gui.windows import click_tab

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_paies_gold_outside_the_window_is_listed_and_clicked_to_its_text(qtbot, window: MainWindow,
                                                                          tmp_path: Path) -> None:
    gold, pred = _worked_example(tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(gold), [str(pred)])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=20_000)
    click_tab(qtbot, dock.tabs, "Pathologies")
    tree = dock.pathologies.tree
    assert [tree.topLevelItem(k).text(0) for k in range(tree.topLevelItemCount())] == [
        f"rams: {NONE_FOUND}", "paie: 1"]
    paie = tree.topLevelItem(1)
    assert paie.child(0).text(0) == "1 × gold outside the model's window"
    tree.scrollToItem(paie.child(0))
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(paie.child(0)).center())
    assert dock.pathologies.detail.text().startswith(
        "gold outside the model's window: 1 gold argument(s) outside the model's window of 251 words, never seen "
        "and counted as missed: span-Classification recall 66.67 %, 100.00 % without them")
