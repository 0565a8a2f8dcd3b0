"""The Agreement study opened at a pair's document views (`--doc`, a restored session) makes no matrix chart until
the matrix tab is shown (issue 34: the chart is 20-30 ms of the GUI thread at 2,000 documents, in the result's
turn); shown, the matrix says what a study opened at the matrix says."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.agreement.state import demo_agreement_request
from evmeval_gui.main_window import MainWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
TIMEOUT = 20_000


def _opened(qtbot, make_window, doc_id: str | None) -> MainWindow:  # type: ignore[no-untyped-def]
    window = make_window()
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        window.open_agreement(demo_agreement_request(), doc_id=doc_id)
    return window


def test_opened_at_a_document_the_matrix_is_made_when_its_tab_is_clicked(qtbot, make_window) -> None:
    at_matrix = _opened(qtbot, make_window, None)
    expected = at_matrix.agreement.panel.heatmap.cell_value_texts()
    window = _opened(qtbot, make_window, "demo_port_strike")
    panel = window.agreement.panel
    assert panel is not None and panel.loaded is window.agreement.loaded  # the page is filled (its lists, figures)
    assert window.workspace.stack.currentWidget() is not panel  # the document views are shown
    assert window.session.selection.doc_id == "demo_port_strike"
    assert not hasattr(panel, "heatmap")  # no chart made for a page not on screen
    tabs = window.agreement.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(0).center())
    assert window.workspace.stack.currentWidget() is panel and panel.has_chart
    heatmap = panel.heatmap
    assert panel.isAncestorOf(heatmap) and heatmap.isVisible()
    assert heatmap.cell_value_texts() == expected
    assert heatmap.selected == (0, 1)
    # a pair chosen on the matrix page is outlined there and opened in the views, as before
    qtbot.mouseClick(heatmap.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=heatmap.cell_centre(2, 0))
    assert window.agreement.pair == (2, 0) and heatmap.selected == (2, 0)
    assert window.workspace.stack.currentWidget() is not panel
