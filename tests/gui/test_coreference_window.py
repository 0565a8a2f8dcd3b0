"""Coreference in the real window (pytest-qt, offscreen): clusters on the text, the cluster table, the
document list's coreference column, the summary bar, the Coreference scores and charts tabs, exports and
agreement — every number equal to the core's."""

from __future__ import annotations

import json

import pytest
from evmeval.coref.explain import explain_clusters
from evmeval.coref.scoring import score_coreference
from evmeval.coref.view import describe_all
from evmeval.report.coref_report import coref_to_json, format_coref_section
from evmeval.report.text import format_report
from PySide6.QtCore import QPoint, QSettings, Qt

from evmeval_gui.agreement.state import demo_agreement_request, load_and_compare, pair_comparison
from evmeval_gui.coref.cluster_table import NAME, OUTCOME
from evmeval_gui.coref.state import Coreference
from evmeval_gui.coref.window import CONLL_COLUMN
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request, load_and_score
from evmeval_gui.model.formatting import percent
from evmeval_gui.model.jobs import ImmediateRunner
from evmeval_gui.model.session import Session
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from evmeval_gui.views.document_list import HEADERS

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
TIMEOUT = 20_000
DOC = "demo_council_election"


@pytest.fixture(scope="module")
def core_demo():
    """system_a against gold, scored by the core directly (span + type, as v1.8's -m 1)."""
    corpus, result = load_and_score(demo_request(), 0)
    inputs = corpus.inputs[0]
    return result, score_coreference(result, inputs.gold, inputs.system, combination="mention_type")


@pytest.fixture
def window(make_window, qtbot):
    win = make_window(persist=False, use_default_charts=True)
    win.session.set_combination("mention_type")
    with qtbot.waitSignal(win.session.scoring_finished, timeout=TIMEOUT):
        win.open_request(demo_request())
    qtbot.waitUntil(lambda: win.coreference.state == "ready", timeout=TIMEOUT)
    win.session.select_document(DOC)
    win.coreference_ui.tabs.setCurrentWidget(win.coreference_ui.clusters)
    return win


def _click_mention(qtbot, win, layer: int, mention_id: str) -> None:
    view = win.text_view
    doc = view.result_doc
    index = next(i for i, m in enumerate(doc.gold if layer == GOLD else doc.system) if m.mention_id == mention_id)
    bar = next(b for b in view.layout_data.mention_bars[(layer, index)] if not b.connector)
    view.verticalScrollBar().setValue(int(max(0.0, bar.y0 - 40)))
    pos = QPoint(int((bar.x0 + bar.x1) / 2), int((bar.y0 + bar.y1) / 2 - view.verticalScrollBar().value()))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_the_model_layer_asks_the_core(core_demo):
    result, coref = core_demo
    session = Session(ImmediateRunner())
    coreference = Coreference(session)  # the coref feature's state follows the session it is given
    session.set_combination("mention_type")
    session.open(demo_request())
    ours = coreference.result
    assert ours is not None and ours.total == coref.total
    view = coreference.document(DOC)
    doc = result.document(DOC)
    expected = explain_clusters(next(d for d in coref.documents if d.doc_id == DOC), doc)
    assert view.clusters == expected and view.descriptions == describe_all(expected)


def test_clicking_a_mention_selects_its_cluster_rows(qtbot, window):
    _click_mention(qtbot, window, GOLD, "E1")
    table = window.coreference_ui.clusters
    rows = table.selected_rows()
    texts = [(table.cell(r, 0), table.cell(r, NAME), table.cell(r, OUTCOME)) for r in rows]
    assert texts == [("Gold", "R1", "≈ partial"), ("System", "R1", "≈ partial")]  # E1 and its partner A1
    assert "Gold cluster R1 (4 mentions) matches system cluster R1" in table.details.text()
    shown = window.coreference_ui.overlay.shown_clusters(window.text_view)
    assert [(c.name, c.layer) for c in shown] == [("R1", GOLD), ("R1", SYSTEM)]
    assert {c.mention for c in shown[0].chips} == {0, 1, 2, 11}                     # E1, E2, E3, E12


def test_clicking_a_cluster_row_highlights_its_mentions(qtbot, window):
    table = window.coreference_ui.clusters
    row = next(r for r in table.visible_rows() if table.cell(r, 0) == "System" and table.cell(r, NAME) == "R1")
    rect = table.table.visualRect(table.table.model().index(row, NAME))
    qtbot.mouseClick(table.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    doc = window.session.doc_result(DOC)
    gold, system = window.text_view.selected_indices
    assert not gold
    assert sorted(doc.system[i].mention_id for i in system) == ["A1", "A10", "A2", "A3"]
    assert window.session.selection.system_ids == frozenset({"A1", "A2", "A10", "A3"})
    assert table.selected_rows() == [row]
    tip = window.text_view.hits.tooltip_at(QPoint(1, 1))  # nowhere: no cluster story
    assert "Coreference" not in tip


def test_members_out_of_view_are_counted(qtbot, window):
    window.resize(1024, 640)
    _click_mention(qtbot, window, GOLD, "E1")
    view = window.text_view
    view.verticalScrollBar().setValue(0)
    counts = window.coreference_ui.overlay.out_of_view(view)
    _top, bottom = view.visible_band()
    layout = view.layout_data
    below = sum(1 for i in (0, 1, 2, 11) if layout.mention_top(GOLD, i) > bottom)
    assert below >= 1                                                       # E12 lies further down
    assert counts[("gold", "R1")] == (0, below)


def test_document_list_sorts_by_coreference_f1_as_the_core_computes_it(qtbot, window, core_demo):
    _result, coref = core_demo
    documents = window.documents
    column = len(HEADERS)                                                   # the first extra column
    assert documents.model.extra_columns[0].key == CONLL_COLUMN
    header = documents.table.horizontalHeader()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(column) + 5, header.height() // 2))
    shown = [(documents.proxy.index(r, 0).data(), documents.proxy.index(r, column).data())
             for r in range(documents.proxy.rowCount())]
    expected = sorted(coref.documents, key=lambda d: (d.counts.conll_f1, d.doc_id.lower()))
    assert shown == [(d.doc_id, percent(d.counts.conll_f1)) for d in expected]
    assert documents.count_label.text().endswith("sorted by Coref %")
    menu = window.coreference_ui.show_column_menu(QPoint(0, 0), popup=False)
    muc = next(a for a in menu.actions() if a.text().startswith("MUC"))
    assert not muc.isChecked() and documents.table.isColumnHidden(column + 1)
    muc.trigger()
    assert not documents.table.isColumnHidden(column + 1)


def test_summary_bar_scores_tab_and_charts_show_the_core_figures(qtbot, window, core_demo):
    _result, coref = core_demo
    summary = window.coreference_ui.summary
    assert summary.published.text() == f"{coref.published_average():.2f}"
    assert summary.ours.text() == f"{percent(coref.total.conll_f1)}"
    scores = window.coreference_ui.scores
    window.coreference_ui.tabs.setCurrentWidget(scores)
    rows = {scores.cell(r, 0): r for r in range(scores.table.rowCount())}
    assert scores.cell(rows["MUC"], 3) == percent(coref.total.muc.f1)
    assert scores.cell(rows["BLANC"], 4) == f"{coref.published_scores()['blanc']:.2f}"
    assert scores.cell(rows["CEAF-m"], 4).endswith("*")
    assert scores.table.isColumnHidden(5)                                   # no swapped roles outside agreement
    window.charts_dock.show()
    qtbot.waitUntil(lambda: window.coreference_ui.charts is not None, timeout=TIMEOUT)
    panel = window.charts_dock.panel
    panel.tabs.setCurrentWidget(window.coreference_ui.charts)
    qtbot.waitUntil(lambda: window.coreference_ui.charts.bars.counts is not None, timeout=TIMEOUT)
    bars = window.coreference_ui.charts.bars
    assert bars.value_labels[("lea", "f1")].textItem.toPlainText() == f"{100 * coref.total.lea.f1:.1f}"
    assert set(window.coreference_ui.charts.scatter.points) == {d.doc_id for d in coref.documents}


def test_export_carries_coreference(qtbot, window, tmp_path, core_demo):
    result, coref = core_demo
    out = tmp_path / "report"
    with qtbot.waitSignal(window.runner.job_finished, timeout=TIMEOUT):
        window.exporter.export_to(str(out))
    assert (out / "scores.txt").read_text(encoding="utf-8") == format_report(result) + format_coref_section(coref)
    data = json.loads((out / "scores.json").read_text(encoding="utf-8"))
    assert data["coreference"]["published"]["average_percent"] == coref.published_average()
    assert data["coreference"] == json.loads(json.dumps(coref_to_json(result, coref)))
    assert "<h2>Coreference</h2>" in (out / "report.html").read_text(encoding="utf-8")
    assert "@coref\tgold\t" in (out / "comparison.txt").read_text(encoding="utf-8")
    assert (out / "chart_coreference_scores.png").read_bytes().startswith(b"\x89PNG")


def test_agreement_mode_shows_coreference_both_ways(qtbot, tmp_path):
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), persist=False,
                     use_default_charts=False)
    qtbot.addWidget(win)
    win.show()
    with qtbot.waitSignal(win.agreement.agreement_finished, timeout=TIMEOUT):
        win.open_agreement(demo_agreement_request())
    qtbot.waitUntil(lambda: win.coreference.state == "ready", timeout=TIMEOUT)
    loaded = load_and_compare(demo_agreement_request())
    forward_corpus, forward = pair_comparison(loaded, 0, 1)
    backward_corpus, backward = pair_comparison(loaded, 1, 0)
    combination = win.session.combination
    a = score_coreference(forward, forward_corpus.gold, forward_corpus.inputs[0].system, combination=combination)
    b = score_coreference(backward, backward_corpus.gold, backward_corpus.inputs[0].system, combination=combination)
    scores = win.coreference_ui.scores
    assert not scores.table.isColumnHidden(5)
    rows = {scores.cell(r, 0): r for r in range(scores.table.rowCount())}
    assert scores.cell(rows["MUC"], 3) == percent(a.total.muc.f1)
    assert scores.cell(rows["MUC"], 5) == percent(b.total.muc.f1)
    assert scores.cell(rows["MUC"], 6) == "yes"
    assert "BLANC" in scores.note.text()
