"""Issue 34: each mapping-table cell's look (text, outcome tint and swatch, the differing attribute in bold brown,
numbers to the right) is made once per paint's first question and kept until the rows change (`_look`): what the
user sees must still follow the rows after a click on a column's header (a sort) and a switch to another document.

Each cell on screen is compared with what its row (the library's `MappingRow`) says, through the table's own model
(the proxy a paint asks)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from evmeval_gui import colours
from evmeval_gui.views.mapping_columns import DICE, G_ID, G_REALIS, G_TYPE, OUTCOME, POS, S_ID, S_REALIS, S_TYPE
from evmeval_gui.views.mapping_table import ROW_ROLE
from tests.gui.test_mapping_switch_paint import scored, settle
from tests.gui.test_scale_window import click_document

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["scored"]
Role = Qt.ItemDataRole


def _bold_expected(row, column: int) -> bool:  # type: ignore[no-untyped-def]
    attributes = row.mismatched_attributes
    return ((column in (G_TYPE, S_TYPE) and "mention_type" in attributes)
            or (column in (G_REALIS, S_REALIS) and "realis_status" in attributes))


def check_cells(window) -> int:  # type: ignore[no-untyped-def]
    """Every cell of the table as its row says; the number of cells shown in bold."""
    proxy, bold = window.mapping.proxy, 0
    assert proxy.rowCount() > 0
    for r in range(proxy.rowCount()):
        row = proxy.index(r, 0).data(ROW_ROLE)
        for column in range(proxy.columnCount()):
            index = proxy.index(r, column)
            assert index.data(ROW_ROLE) is row
            font, colour = index.data(Role.FontRole), index.data(Role.ForegroundRole)
            if _bold_expected(row, column):
                assert font is not None and font.bold() and colour is not None
                bold += 1
            else:
                assert font is None and colour is None, (r, column)
            if column == OUTCOME:
                assert index.data(Role.DisplayRole) == colours.style(row.outcome).short
                assert index.data(Role.BackgroundRole) == colours.style(row.outcome).qtint
                assert index.data(Role.DecorationRole) is not None
            else:
                assert index.data(Role.BackgroundRole) is None and index.data(Role.DecorationRole) is None
            right = index.data(Role.TextAlignmentRole)
            assert (right is not None) == (column in (POS, DICE))
            for side, id_column in ((row.gold, G_ID), (row.system, S_ID)):
                if column == id_column:
                    assert index.data(Role.DisplayRole) == (side.mention_id if side is not None else "")
    return bold


def test_each_cells_look_follows_its_row_after_a_sort_and_a_switch(scored, qtbot):
    window = scored
    bold, moved = 0, False
    for doc_id in ("doc1", "doc2"):
        click_document(qtbot, window, doc_id)
        qtbot.waitUntil(lambda d=doc_id: window.mapping.model.doc_id == d, timeout=20_000)
        settle(qtbot)
        bold += check_cells(window)
        header = window.mapping.table.horizontalHeader()
        for column in (OUTCOME, G_ID):  # a click on a header sorts by that column: the rows move, the looks too
            before = [window.mapping.proxy.index(r, 0).data(ROW_ROLE) for r in range(window.mapping.proxy.rowCount())]
            qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                             pos=QPoint(header.sectionViewportPosition(column) + 5, 5))
            settle(qtbot)
            after = [window.mapping.proxy.index(r, 0).data(ROW_ROLE) for r in range(window.mapping.proxy.rowCount())]
            assert sorted(map(id, before)) == sorted(map(id, after))
            moved |= before != after
            bold += check_cells(window)
    assert bold > 0 and moved  # the corpus has a differing attribute to show, and a sort moved rows
