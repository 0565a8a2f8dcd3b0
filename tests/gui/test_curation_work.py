"""The Curate view at a real project's size and for a day's work: a decision repaints its own row,
the figures follow, "marked by 2 of 3", decisions saved and resumed, the text with every version."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView

from core import curation as cur
from core.curation_figures import live_agreement, update_agreement
from tests.gui.test_curation_view import NAMES, cells, corpus, files, press, window
from tests.gui.test_main_window import make_window, settings

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "make_window", "settings", "window"]


def test_a_decision_repaints_its_own_row_not_the_list(qtbot, window):
    panel = window.curate.panel
    model = panel.list.model()
    changed: list[tuple[int, int]] = []
    resets: list[str] = []
    model.dataChanged.connect(lambda top, bottom, *_: changed.append((top.row(), bottom.row())))
    model.modelReset.connect(lambda: resets.append("reset"))
    model.layoutChanged.connect(lambda *_: resets.append("layout"))
    model.rowsInserted.connect(lambda *_: resets.append("rows"))
    press(qtbot, window, Qt.Key.Key_2)
    assert resets == []
    assert changed and all(top == bottom == 0 for top, bottom in changed)
    assert cells(panel.list, 0)[3] == "annotator 2"
    changed.clear()
    press(qtbot, window, Qt.Key.Key_Delete)
    assert changed and all(top == bottom == 1 for top, bottom in changed)
    # no measuring of every row on every decision
    header = panel.list.horizontalHeader()
    assert all(header.sectionResizeMode(c) != QHeaderView.ResizeMode.ResizeToContents
               for c in range(model.columnCount()))


def test_live_figures_equal_a_measure_from_scratch(corpus):
    names = NAMES
    curation = cur.curate(files(corpus), names, "majority")
    live = live_agreement(curation)
    for n, (d, decide) in enumerate(zip(curation.disagreements, (0, 1, 2, None, "keep"), strict=False)):
        if decide is None:
            curation = cur.reject(curation, d)
        elif decide == "keep":
            curation = cur.keep(curation, d)
        else:
            curation = cur.accept(curation, d, decide)
        live = update_agreement(curation, live, d.doc_id)
        fresh = cur.annotator_agreement(curation)
        for mine, theirs in zip(live, fresh, strict=True):
            assert mine.micro == theirs.micro, n
            assert mine.find_document(d.doc_id).scores == theirs.find_document(d.doc_id).scores


def test_an_item_only_some_marked_says_marked_by_k_of_n(window):
    panel = window.curate.panel
    rows = [cells(panel.list, r) for r in range(panel.list.model().rowCount())]
    assert ["doc1", "2", "marked by 2 of 3, type", "open"] in rows
    assert ["doc1", "5", "marked by 1 of 3", "open"] in rows
    assert not any(r[2].startswith("span") for r in rows)
    assert "marked by 2 of 3, type" in panel.item_label.text()
