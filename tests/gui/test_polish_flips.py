"""The Conventions dock's flips at 1024 pixels (issue 34): two columns elided both the flip and its place to
`"cu…_id AFP_…`; each flip now has the tree's width, on lines wrapped to it, its place on the last line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QTreeWidgetItem

from tests.gui.windows import shown_window
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _leaves(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    kids = [item.child(k) for k in range(item.childCount())]
    return [leaf for kid in kids for leaf in (_leaves(kid) if kid.childCount() else [kid])]


@pytest.mark.parametrize("name", ["switchboard", "textee"])
def test_every_flip_reads_whole_at_1024(qtbot, tmp_path, name: str) -> None:
    window = shown_window(qtbot, tmp_path, (1024, 640))
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(EXAMPLES / f"{name}_gold.jsonl"), [str(EXAMPLES / f"{name}_pred.jsonl")])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=20_000)
    tree = dock.flips
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=20_000)
    qtbot.wait(50)
    assert tree.columnCount() == 1
    assert not tree.horizontalScrollBar().isVisible()
    metrics = tree.fontMetrics()
    flags = int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere)
    leaves = _leaves(tree.topLevelItem(0))
    assert leaves
    for leaf in leaves:
        text = leaf.text(0)
        if text.startswith("…"):
            continue
        what, where = text.split("\n")
        assert "“" in what and "[" in where  # the place is the flip's own last line, whole
        rect = tree.visualItemRect(leaf)
        needed = metrics.boundingRect(QRect(0, 0, rect.width() - 8, 1 << 20), flags, text).height()
        assert rect.height() >= needed, (text, rect.height(), needed)
        assert rect.right() <= tree.viewport().width()


def test_one_convention_says_why_it_has_no_flips_and_shows_no_spread(qtbot, tmp_path) -> None:
    """A MAVEN-ERE pair is read by `maven-ere` alone: the Flips tab said nothing (read as a list still loading)
    and the table kept a blank `spread` column; the tab now says why it is empty and the column is gone, while a
    pair several conventions read keeps both."""
    window = shown_window(qtbot, tmp_path, (1024, 640))
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(EXAMPLES / "maven_ere_gold.jsonl"), [str(EXAMPLES / "maven_ere_pred.jsonl")])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=20_000)
    qtbot.waitUntil(lambda: dock.flips.topLevelItemCount() > 0, timeout=20_000)
    assert [dock.flips.topLevelItem(k).text(0) for k in range(dock.flips.topLevelItemCount())] == [
        "No flips: only maven-ere reads these files, so no two conventions can count an item differently."]
    table = dock.table
    assert [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())][-1] == "spread"
    assert table.isColumnHidden(table.columnCount() - 1) and not table.isColumnHidden(0)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(EXAMPLES / "switchboard_gold.jsonl"), [str(EXAMPLES / "switchboard_pred.jsonl")])
    qtbot.waitUntil(lambda: table.columnCount() > 2, timeout=20_000)
    assert not table.isColumnHidden(table.columnCount() - 1)
    assert "flip(s)" in dock.flips.topLevelItem(0).text(0)
