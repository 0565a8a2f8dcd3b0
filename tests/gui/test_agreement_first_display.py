"""The Agreement mode's first display at 2,000 documents (issue 34): the pair's document list is sorted from one
key a row (a sort proxy asked the model for two keys a comparison: a third of a second of the GUI thread at each
new pair or header click), and it still sorts as the user asks, the selected document following."""

from __future__ import annotations

import threading

import pytest
from evmeval.agreement.scoring import compare_annotators
from PySide6.QtCore import QPoint, Qt

from evmeval_gui.agreement.document_agreement import F1, DocumentAgreementList, DocumentAgreementModel
from tests.core.test_agreement import mention, tbf

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
DOCS = 400
TIMEOUT = 20_000


def _pair():  # type: ignore[no-untyped-def]
    """Two annotators of DOCS documents agreeing on 0 to 3 of 3 mentions each (ties in every figure)."""
    a, b = {}, {}
    for k in range(DOCS):
        doc = f"doc{k:04d}"
        a[doc] = [mention(f"E{m}", f"t{m + 1}", doc_id=doc) for m in range(3)]
        b[doc] = [mention(f"E{m}", f"t{m + 1}" if m < k % 4 else f"t{m + 5}", doc_id=doc) for m in range(3)]
    return compare_annotators([tbf("a.tbf", a), tbf("b.tbf", b)]).pair(0, 1)


def _header_click(qtbot, table, column: int) -> None:  # type: ignore[no-untyped-def]
    header = table.horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def test_a_new_pair_reads_each_row_at_most_a_few_times_and_sorts_as_clicked(qtbot, monkeypatch) -> None:
    calls = [0]
    real = DocumentAgreementModel.data

    def counting(self, index, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(self, index, role)

    monkeypatch.setattr(DocumentAgreementModel, "data", counting)
    widget = DocumentAgreementList()
    qtbot.addWidget(widget)
    widget.resize(500, 400)
    widget.show()
    pair = _pair()
    widget.set_pair(pair, "plain", ("A", "B"), "<b>Documents</b>")
    qtbot.wait(1)
    # what is drawn and the columns' sizing read a screenful of rows, not the whole list per comparison
    assert calls[0] < DOCS * 2, calls[0]
    order = widget.visible_doc_ids()
    assert order[:2] == ["doc0000", "doc0004"]  # nothing agreed: F1 0, worst first, then by id
    assert order[-1] == "doc0399"  # all three agreed, the last id
    table = widget.table
    table.selectRow(order.index("doc0002"))

    _header_click(qtbot, table, F1)  # descending: best first, ties still by id
    shown = widget.visible_doc_ids()
    assert shown[:2] == ["doc0003", "doc0007"]
    f1 = [pair.document(d).scores["plain"].f1 for d in shown]
    assert f1 == sorted(f1, reverse=True)
    assert [i.data() for i in table.selectionModel().selectedRows(0)] == ["doc0002"]  # the selection followed

    _header_click(qtbot, table, 0)  # by document id
    assert widget.visible_doc_ids() == sorted(order)
    assert [i.data() for i in table.selectionModel().selectedRows(0)] == ["doc0002"]


def test_the_first_display_takes_the_type_names_made_with_the_pair(qtbot, make_window, monkeypatch) -> None:
    """The pair's type names (50 ms of the GUI thread at 2,000 documents) come with the comparison; the mapping
    table's type list still shows each type as the files first spell it."""
    from evmeval.mention import type_names as module

    made_here: list[str] = []
    real = module.SpellingCache.type_names

    def counting(self, documents):  # type: ignore[no-untyped-def]
        made_here.append(threading.current_thread().name)
        return real(self, documents)

    monkeypatch.setattr(module.SpellingCache, "type_names", counting)
    window = make_window()
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        window.open_demo_agreement()
    qtbot.wait(1)
    assert made_here == []
    names = module.type_names(window.session.result.documents)
    combo = window.mapping.type_combo
    assert [combo.itemText(k) for k in range(1, combo.count())] == sorted(names.values(), key=str.lower)
    assert combo.itemText(0) == "All types" and combo.count() > 3


def test_the_charts_library_and_the_pages_modules_are_imported_by_the_comparing_worker(qtbot, make_window,
                                                                                        monkeypatch) -> None:
    """pyqtgraph (0.1-0.3 s) and the matrix page's modules load on the worker that compares, not on the GUI thread
    when the comparison starts or arrives (the first display stalled 270-360 ms at 2,000 documents)."""
    from evmeval_gui import qt_import

    calls: list[tuple[str, bool]] = []
    real = qt_import.load_pyqtgraph

    def spy():  # type: ignore[no-untyped-def]
        calls.append((threading.current_thread().name, bool(qt_import._loaded)))
        return real()

    monkeypatch.setattr(qt_import, "_loaded", [])  # as at launch: not imported by this process yet
    monkeypatch.setattr(qt_import, "load_pyqtgraph", spy)
    window = make_window()
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        window.open_demo_agreement()
    gui = threading.main_thread().name
    assert [c for c in calls if c[0] == gui and not c[1]] == []  # the GUI thread never imported it itself
    assert calls and calls[0][0] != gui and not calls[0][1]  # the worker did


def test_the_matrix_page_is_built_when_the_comparison_arrives_then_filled_in_turns(qtbot, make_window,
                                                                                    monkeypatch) -> None:
    """No widget of the page is made while the worker compares (the worker holding the interpreter made them take
    ten times as long); on arrival the page is built in one turn of the event loop, the comparison put in it in
    the next, its matrix made in three more (the plot, the colour bar, the cells drawn), the page shown, painted
    in the next turn without its matrix, the matrix shown and painted in the one after, then the document views
    (each 10-25 ms at 2,000 documents: the show and the two paints were one 45-60 ms gap)."""
    from evmeval_gui.agreement import mode as mode_module

    release = threading.Event()
    later: list = []
    monkeypatch.setattr(mode_module, "next_turn", lambda call, owner=None: later.append(call))
    window = make_window()

    def held(request, context):  # type: ignore[no-untyped-def]
        release.wait(TIMEOUT / 1000)
        return mode_module.default_work(request, context)

    window.agreement.work = held
    finished: list[bool] = []
    window.agreement.agreement_finished.connect(lambda: finished.append(True))

    def turn() -> None:
        assert len(later) == 1
        later.pop()()

    try:
        window.open_demo_agreement()
        assert window.runner.busy and window.agreement.panel is None
    finally:
        release.set()
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=TIMEOUT)
    panel = window.agreement.panel
    assert panel is not None and panel.loaded is None  # built in the arrival's turn, empty, without its matrix
    assert not panel.has_chart
    assert not window.agreement.active and window.workspace.stack.currentWidget() is not panel
    turn()  # the comparison in the page (hidden: laid out and painted once, when shown), no matrix yet
    assert window.agreement.active and panel.loaded is window.agreement.loaded and not panel.has_chart
    assert window.workspace.stack.currentWidget() is not panel
    turn()  # the matrix's plot
    heatmap = panel.heatmap
    assert panel.isAncestorOf(heatmap) and heatmap.colour_bar is None and heatmap.matrix is None
    turn()  # its colour bar
    assert heatmap.colour_bar is not None and heatmap.matrix is None
    turn()  # its cells
    assert heatmap.cell_value_texts() and window.workspace.stack.currentWidget() is not panel
    turn()  # the page shown, its paint put off, the matrix hidden (its room kept)
    assert window.workspace.stack.currentWidget() is panel and panel.isVisible()
    assert not panel.updatesEnabled() and not heatmap.isVisible() and heatmap.geometry().width() > 0
    turn()  # the page painted, without its matrix
    assert panel.updatesEnabled() and not heatmap.isVisible() and not finished
    turn()  # the matrix shown and painted
    assert heatmap.isVisible() and heatmap.plot_widget.isVisible() and not finished
    turn()  # the document views
    assert finished == [True] and window.session.roles is not None
    assert later == []


def test_the_matrix_is_shown_first_and_a_cell_clicked_before_the_views_follow_wins(qtbot, make_window,
                                                                                   monkeypatch) -> None:
    """The first display is turns of the event loop (the page built, its matrix, filled, shown, then the document
    views: 20-30 ms each at 2,000 documents); a pair clicked in between is the one the views show."""
    from evmeval_gui.agreement import mode as mode_module
    from tests.gui.test_agreement_mode import NAMES, click_cell

    later: list = []
    monkeypatch.setattr(mode_module, "next_turn", lambda call, owner=None: later.append(call))
    window = make_window()
    finished: list[bool] = []
    window.agreement.agreement_finished.connect(lambda: finished.append(True))
    window.open_demo_agreement()
    qtbot.waitUntil(lambda: bool(later), timeout=TIMEOUT)  # the page built on arrival; the rest in later turns
    for _ in range(7):  # the comparison in the page, the matrix in three, the page shown, painted, the matrix shown
        later.pop()()
    assert window.agreement.active
    panel = window.agreement.panel
    assert window.workspace.stack.currentWidget() is panel and panel.loaded is window.agreement.loaded
    assert panel.updatesEnabled() and panel.heatmap.isVisible()
    assert window.session.roles is None and not finished  # the views follow in the next turn
    click_cell(qtbot, window, 2, 1)
    assert len(later) == 1
    later.pop()()
    assert finished == [True]
    assert window.session.roles == (NAMES[2], NAMES[1])
    assert window.agreement.pair == (2, 1)
    assert window.workspace.stack.currentWidget() is window.workspace.page
