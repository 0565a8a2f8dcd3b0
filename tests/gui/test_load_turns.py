"""Issue 34: no turn of the GUI thread grows with the corpus while it loads.

Each test observes a turn's size without a clock: what the turn reads, how many rows it builds, how many
documents' figures it computes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.coref.metrics import CorefCounts
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.agreement.state import demo_agreement_request
from evmeval_gui.curation.filter_bar import BulkBar
from evmeval_gui.curation.lanes import CurationLanes
from evmeval_gui.curation.panel import CurationPanel
from evmeval_gui.curation.state import CurationState
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model import text_reading as text_reading_module
from evmeval_gui.model.document_order import worst_first
from evmeval_gui.model.formatting import percent
from evmeval_gui.views.document_list import HEADERS, DocumentListModel
from tests.gui.test_conventions_window import DATA
from tests.gui.test_curation_work import open_curation
from tests.gui.test_first_document import TIMEOUT, corpus, gate, open_held, window
from tests.gui.test_first_turn import add_documents
from tests.gui.test_main_window import LOAD_TIMEOUT
from tests.gui.windows import POPUP_WARNINGS, choose, count_reads, watch_import

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "gate", "window"]


def test_the_texts_shown_while_the_corpus_is_scored_are_not_read_again_when_it_arrives(
        window: MainWindow, qtbot, corpus: Path, gate, monkeypatch) -> None:
    """The turn that takes the corpus in read the shown document's text again and laid its words out anew
    (15-20 ms each at MAVEN-ERE's size): the texts read meanwhile are the corpus's own."""
    open_held(qtbot, window, corpus, gate)
    qtbot.keyClick(window.documents.table, Qt.Key.Key_Down)  # doc2, scored on its own while the corpus loads
    qtbot.waitUntil(lambda: window.text_view.doc is not None and window.text_view.doc.doc_id == "doc2",
                    timeout=TIMEOUT)
    shown = window.text_view.doc
    pieces = window.text_view.layout_data.pieces if window.text_view.layout_data is not None else None
    reads = count_reads(monkeypatch, text_reading_module)  # the session reads its texts there
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert window.session.result is not None and window.session.selection.doc_id == "doc2"
    assert reads == []  # neither doc1's nor doc2's text read again
    assert window.text_view.doc is shown  # the same words on screen, not laid out again
    assert pieces is not None and window.text_view.layout_data.pieces is pieces
    qtbot.keyClick(window.documents.table, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: window.text_view.doc.doc_id == "doc1", timeout=TIMEOUT)
    assert reads == []


def test_the_document_lists_coreference_column_computes_the_rows_it_shows(
        make_window, qtbot, corpus: Path, monkeypatch) -> None:
    """Coreference arriving made the list compute every document's eight figures in one turn (150 ms at
    4,480 documents): it computes the rows painted; sorting by the column computes the others then."""
    add_documents(corpus, 300)
    computed: list[str] = []
    real = CorefCounts.conll_f1

    def counted(self: CorefCounts) -> float:
        computed.append("conll")
        return real.fget(self)  # type: ignore[no-any-return, union-attr]

    monkeypatch.setattr(CorefCounts, "conll_f1", property(counted))
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    qtbot.waitUntil(lambda: window.coreference.state == "ready", timeout=TIMEOUT)
    documents = window.documents
    column = len(HEADERS)
    qtbot.waitUntil(lambda: documents.proxy.index(0, column).data() != "", timeout=TIMEOUT)
    QApplication.processEvents()
    rows = documents.proxy.rowCount()
    assert rows == 303
    painted = len(computed)
    assert 0 < painted < 100  # the rows in view, not the 303 documents
    header = documents.table.horizontalHeader()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(column) + 5, header.height() // 2))
    result = window.coreference.result
    assert result is not None
    shown = [(documents.proxy.index(r, 0).data(), documents.proxy.index(r, column).data()) for r in range(rows)]
    expected = sorted(result.documents, key=lambda d: (real.fget(d.counts), d.doc_id.lower()))  # type: ignore[union-attr]
    assert shown == [(d.doc_id, percent(real.fget(d.counts))) for d in expected]  # type: ignore[union-attr]


def _spy_curation_page(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """What the curation page draws, in order: the list taken in (`set_state`, a policy's curation applied),
    the item's lanes, the bulk bar's counts."""
    drawn: list[str] = []
    for cls, name in ((CurationLanes, "show_item"), (BulkBar, "set_counts")):
        real = getattr(cls, name)
        monkeypatch.setattr(cls, name, lambda self, *a, _real=real, _name=name, **k: (
            drawn.append(_name), _real(self, *a, **k))[1])
    real_state = CurationPanel.set_state
    monkeypatch.setattr(CurationPanel, "set_state", lambda self, state: (
        real_state(self, state), drawn.append("list"))[0])
    real_apply = CurationState.apply_rebuilt
    monkeypatch.setattr(CurationState, "apply_rebuilt", lambda self, rebuilt: (
        real_apply(self, rebuilt), drawn.append("list"))[0])
    return drawn


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_a_curation_opened_or_another_policy_is_drawn_over_several_turns(
        qtbot, make_window, corpus: Path, monkeypatch) -> None:
    """10,000 items: the list (40-50 ms of GUI CPU), the item under review (its text read and laid out, 40 ms)
    and the bulk counts (a pass over the items shown) came in one turn; each now has its own, the page is shown
    after them."""
    drawn = _spy_curation_page(monkeypatch)
    window = make_window()
    open_curation(qtbot, window, corpus)
    # the list's turn drew neither the item nor the counts (the first counts: the empty bar, made with the page)
    assert drawn[drawn.index("list"):] == ["list", "show_item", "set_counts"]
    panel = window.curate.panel
    qtbot.waitUntil(lambda: not window.runner.busy, timeout=LOAD_TIMEOUT)
    drawn.clear()
    choose(qtbot, panel.policy, panel.policy.findData("union"))
    qtbot.waitUntil(lambda: window.curate.state.policy == "union" and not panel.turns.running,
                    timeout=LOAD_TIMEOUT)
    assert drawn[:3] == ["list", "show_item", "set_counts"]
    state = window.curate.state
    current = state.current
    assert current is not None
    assert panel.item_label.text().startswith(f"<b>{current.doc_id}</b>, item {current.item + 1}:")
    selected = panel.list.selectionModel().selectedRows()
    assert panel.list_model.rows[selected[0].row()].key == current.key


def test_a_comparison_of_annotators_opens_the_document_list_in_the_order_its_job_made(
        qtbot, make_window, monkeypatch) -> None:
    """The pair's documents worst first are sorted by the comparing job, not in the turn that shows the pair (15 ms
    of the GUI thread's at 2,000 documents); the list shows the same order."""
    sorted_here: list[int] = []
    real = DocumentListModel._sorted

    def spied(self: DocumentListModel, docs: list) -> list:  # type: ignore[type-arg]
        if docs and self.session.result is not None:
            sorted_here.append(len(docs))
        return real(self, docs)

    monkeypatch.setattr(DocumentListModel, "_sorted", spied)
    window = make_window()
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=LOAD_TIMEOUT):
        window.open_agreement(demo_agreement_request())
    result = window.session.result
    assert result is not None and len(result.documents) > 1
    assert sorted_here == []
    wanted = [d.doc_id for d in worst_first(result, window.session.combination)]
    assert window.documents.visible_doc_ids() == wanted


def test_an_event_corpus_imports_its_conventions_dock_on_a_worker(make_window, qtbot, monkeypatch) -> None:
    """The dock's module and the library's conventions it reads (12-15 ms) were imported in a turn of the GUI
    thread that followed the corpus's arrival; a job imports them now. The dock shows the corpus as before."""
    import evmeval_gui.conventions as package
    import evmeval_gui.conventions.dock  # noqa: F401  (imported, to be put back as it was afterwards)

    seen = watch_import(monkeypatch, package, "dock")
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(DATA / "switchboard_gold.jsonl"), [str(DATA / "switchboard_pred.jsonl")])
    qtbot.waitUntil(lambda: window.conventions.built and window.conventions.action.isChecked(), timeout=TIMEOUT)
    assert seen == [False]
    dock = window.conventions_dock
    assert dock.isVisible() and dock.table.item(2, 1).text() == "33.33"
