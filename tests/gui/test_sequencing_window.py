"""Event sequencing in the window: arcs, link table, F1 column, summary figure, charts, exports.

Driven with clicks and keys on the real window; every figure is compared with what the core
(`evmeval.sequencing.scoring.score_sequencing`) computes for the same files.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from evmeval.io.loading import load_inputs
from evmeval.mention.scoring import score_files
from evmeval.report.sequencing_report import link_table_tsv, sequencing_json
from evmeval.sequencing.scoring import score_sequencing
from PySide6.QtCore import QPoint, Qt

from evmeval_gui.model.formatting import percent
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from evmeval_gui.sequencing.link_table import FULL, PUBLISHED, SOURCE
from evmeval_gui.sequencing.state import document_rows
from tests.gui.sequencing_corpus import write_sequencing_corpus
from tests.gui.test_main_window import LOAD_TIMEOUT, bar_centre

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def core_scores(gold: Path, system: Path, token_dir: Path | None = None):
    inputs = load_inputs(str(gold), str(system), token_dir=str(token_dir) if token_dir else None)
    result = score_files(inputs.gold, inputs.system)
    return score_sequencing(result, inputs.gold, inputs.system, closures=("published", "full"), strict=False)


def open_and_wait(qtbot, window, gold: Path, system: Path, doc_id: str | None = None) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(system)], doc_id=doc_id)
    qtbot.waitUntil(lambda: window.sequencing.model.result is not None, timeout=LOAD_TIMEOUT)


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_sequencing_corpus(tmp_path / "seq")


@pytest.fixture
def window(make_window, qtbot, corpus):
    w = make_window()
    open_and_wait(qtbot, w, corpus / "gold.tbf", corpus / "system.tbf", doc_id="doc1")
    w.sequencing.show_links_tab()
    return w


def table_rows(window):
    return window.sequencing.table.model.rows


def click_table_row(qtbot, window, row: int) -> None:
    table = window.sequencing.table.table
    rect = table.visualRect(table.model().index(row, SOURCE))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


# -- numbers equal the core's ------------------------------------------------------------------------


def test_summary_figure_and_document_column_equal_the_core(window, corpus):
    expected = core_scores(corpus / "gold.tbf", corpus / "system.tbf", corpus / "tkn")
    all_published = expected.evaluation("All", "published")
    figure = window.sequencing.figure
    assert figure.isVisible()
    assert figure.text() == percent(all_published.corpus.f1)
    assert figure.ours.text() == f"ours {percent(expected.evaluation('All', 'full').corpus.f1)}"
    assert "v1.8's All evaluation" in figure.toolTip()
    documents = window.documents
    column = window.sequencing.column
    assert not documents.table.isColumnHidden(column)
    assert documents.model.headerData(column, Qt.Orientation.Horizontal) == "Seq F1"
    shown = {documents.proxy.index(r, 0).data(): documents.proxy.index(r, column).data()
             for r in range(documents.proxy.rowCount())}
    for doc in all_published.documents:
        assert shown[doc.doc_id] == percent(doc.f1)
    assert shown["doc2"] == "100.00"
    assert shown["doc3"] == "—"  # no links on either side: undefined


def test_published_char_demo_gives_the_published_figure(make_window, qtbot, evmeval_data):
    """The published demo (no text file: the window rebuilds what it can from the offsets)."""
    demo = evmeval_data / "scoring_demo" / "char_based"
    w = make_window()
    open_and_wait(qtbot, w, demo / "gold.tbf", demo / "temporal_sample.tbf", doc_id="example2")
    expected = (evmeval_data / "expected" / "char_based_sequencing" / "scores.txt").read_text()
    assert "Overall Temporal Awareness Score (F1 score): 75.0" in expected.split("for All")[1]
    assert w.sequencing.figure.text() == "75.00"
    assert "No text file" in w.document_pane.notice.text()
    kinds = {(a.row.side, a.row.kind) for a in w.sequencing.arcs.arcs()}
    assert ("gold", "After") in kinds and ("system", "After") in kinds
    outcomes = sorted(r.published for r in w.sequencing.model.rows("example2"))
    assert outcomes == ["matched"] * 6 + ["missing"] * 2


def click_document(qtbot, window, doc_id: str) -> None:
    documents = window.documents
    row = next(r for r in range(documents.proxy.rowCount()) if documents.proxy.index(r, 0).data() == doc_id)
    rect = documents.table.visualRect(documents.proxy.index(row, 0))
    qtbot.mouseClick(documents.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.session.selection.doc_id == doc_id, timeout=LOAD_TIMEOUT)


def test_the_kept_result_holds_figures_only_and_the_shown_document_is_scored_alone(window, qtbot, corpus):
    """Issue 34: the window keeps each document's figures, not every link's outcome (MAVEN-ERE's 1.2M
    gold links doubled its memory); the Links tab and the arcs show the core's outcomes all the same."""
    model = window.sequencing.model
    kept = model.result
    assert kept is not None and kept.documents == ()  # no document's links
    assert not kept.outcomes_kept
    figures = [d for evaluations in kept.evaluations.values() for e in evaluations.values() for d in e.documents]
    assert figures and not any(d.outcomes for d in figures)
    expected = core_scores(corpus / "gold.tbf", corpus / "system.tbf", corpus / "tkn")
    def figures_of(seq):
        return [(c, n, e.corpus, [replace(d, outcomes=()) for d in e.documents])
                for c, evaluations in seq.evaluations.items() for n, e in evaluations.items()]

    assert figures_of(kept) == figures_of(expected)
    doc1 = document_rows(expected, "doc1")
    assert len(doc1) > 5 and table_rows(window) == doc1
    assert {a.row for a in window.sequencing.arcs.arcs()} == set(doc1)
    click_document(qtbot, window, "doc2")
    assert table_rows(window) == document_rows(expected, "doc2") != []
    assert {a.row for a in window.sequencing.arcs.arcs()} == set(document_rows(expected, "doc2"))
    assert model.rows("doc1") == doc1  # scored again or kept: the same rows


# -- one selection ---------------------------------------------------------------------------------


def test_clicking_a_mention_selects_its_link_rows(window, qtbot):
    doc = window.session.doc_result("doc1")
    e5 = next(i for i, m in enumerate(doc.gold) if m.mention_id == "E5")
    qtbot.mouseClick(window.text_view.viewport(), Qt.MouseButton.LeftButton, pos=bar_centre(window, GOLD, e5))
    assert window.session.selection == Selection("doc1", frozenset({"E5"}), frozenset({"S5"}))  # and its partner
    selected = window.sequencing.table.selected_rows()
    expected = {("gold", "E4", "E5"), ("gold", "E5", "E6"), ("gold", "E5", "E8"), ("system", "S1", "S5"),
                ("system", "S5", "S6")}
    assert {(r.side, r.source, r.target) for r in selected} == expected
    arcs = window.sequencing.arcs.arcs()
    assert {(a.row.side, *a.row.mentions) for a in arcs if a.emphasised} == expected
    assert all(a.faded for a in arcs if not a.emphasised)


def test_clicking_a_link_row_selects_both_mentions_and_keys_move_on(window, qtbot):
    rows = table_rows(window)
    number = next(i for i, r in enumerate(rows) if r.side == "system" and r.mentions == ("S2", "S3"))
    click_table_row(qtbot, window, number)
    assert window.session.selection == Selection("doc1", frozenset(), frozenset({"S2", "S3"}))
    doc = window.session.doc_result("doc1")
    assert window.text_view.selected_indices[SYSTEM] == frozenset(
        i for i, m in enumerate(doc.system) if m.mention_id in ("S2", "S3"))
    assert [r.mentions for r in window.sequencing.table.selected_rows()] == [("S2", "S3")]
    qtbot.keyClick(window.sequencing.table.table, Qt.Key.Key_Down)
    following = rows[number + 1]
    assert window.session.selection.system_ids == frozenset(following.mentions)


def test_a_link_across_lines_is_two_half_arcs_labelled_with_the_other_end(window):
    arcs = {(a.row.side, a.row.mentions): a for a in window.sequencing.arcs.arcs()}
    across = arcs[("gold", ("E5", "E6"))]  # arrested (line 2) -> visited (line 3) at this width
    assert len(across.paths) == 2
    assert [text for _, text in across.labels] == ["E6 …", "… E5"]
    within = arcs[("gold", ("E1", "E2"))]  # attacked -> killed, one line
    assert len(within.paths) == 1 and not within.labels


# -- options ---------------------------------------------------------------------------------------


def test_after_toggle_hides_its_arcs(window, qtbot):
    arcs = window.sequencing.arcs
    assert {a.row.kind for a in arcs.arcs()} == {"After", "Subevent"}
    action = window.sequencing.type_actions["After"]
    assert action.isChecked() and window.sequencing.menu.menuAction().isVisible()
    action.trigger()
    assert not action.isChecked()
    assert {a.row.kind for a in arcs.arcs()} == {"Subevent"}
    legend = window.sequencing.legend.labels["spurious"].text()
    assert legend.endswith(" 0")  # the only spurious link is an After link
    action.trigger()
    assert {a.row.kind for a in arcs.arcs()} == {"After", "Subevent"}
    assert window.sequencing.legend.labels["spurious"].text().endswith(" 1")


def test_filters_by_outcome_and_type(window):
    table = window.sequencing.table
    table.set_outcome_filter("missing")
    assert table_rows(window) and all(r.published == "missing" for r in table_rows(window))
    table.set_type_filter("Subevent")
    assert [(r.source, r.target) for r in table_rows(window)] == [("E1", "E3"), ("E8", "E7")]
    assert table.count.text().startswith("2 of 17")
    table.set_outcome_filter("")
    table.set_type_filter("")
    assert len(table_rows(window)) == 17


def test_table_shows_both_closures_and_colour_choice_reaches_the_arcs(window):
    model = window.sequencing.table.model
    implied = next(i for i, r in enumerate(model.rows) if r.published == "implied")
    assert model.index(implied, PUBLISHED).data() == "⇒ implied by closure"
    assert model.index(implied, FULL).data() == "⇒ implied by closure"
    window.sequencing.closure_actions["full"].trigger()
    assert window.sequencing.table.closure_box.currentData() == "full"
    assert all(a.outcome == a.row.full for a in window.sequencing.arcs.arcs())


# -- errors, absence -------------------------------------------------------------------------------


def test_system_links_both_ways_leave_sequencing_unscored_with_file_and_line(make_window, qtbot, tmp_path):
    from tests.gui.sequencing_corpus import system_tbf

    bad = system_tbf().replace("@After\tR5\tS5,S6", "@After\tR5\tS6,S5").replace(
        "@After\tR2\tS1,S4", "@After\tR2\tS5,S6")
    corpus = write_sequencing_corpus(tmp_path / "bad", system=bad)
    problems = []
    w = make_window(notifier=problems.append)
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    qtbot.waitUntil(lambda: w.sequencing.model.skipped is not None, timeout=LOAD_TIMEOUT)
    assert not problems  # a note, not an error dialog
    assert w.session.loaded and w.sequencing.model.result is None  # the mention scores stay
    note = w.sequencing.note.text()
    assert f"{corpus / 'system.tbf'}:" in note and "both ways" in note and "KeyError" in note


TWO_WAY = Path(__file__).resolve().parent.parent / "data" / "sequencing" / "two_way"


@pytest.fixture
def two_way(tmp_path: Path) -> Path:
    """gold d1 links E1 and E2 both ways (gold.tbf:5 and :6), d2 has coreference; v1.8 exits 255 without -nv."""
    import shutil

    return Path(shutil.copytree(TWO_WAY, tmp_path / "two_way"))


def test_links_both_ways_show_mentions_coreference_and_a_note_why_sequencing_was_skipped(
        make_window, qtbot, two_way, tmp_path):
    problems = []
    w = make_window(notifier=problems.append)
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(two_way / "gold.tbf"), [str(two_way / "system.tbf")], doc_id="d1")
    qtbot.waitUntil(lambda: w.sequencing.model.skipped is not None, timeout=LOAD_TIMEOUT)
    qtbot.waitUntil(lambda: w.coreference.result is not None, timeout=LOAD_TIMEOUT)
    assert not problems
    note = w.sequencing.note
    assert note.isVisible()
    assert note.text().startswith("Event sequencing not scored: 1 pair of mentions linked both ways")
    assert f"{two_way / 'gold.tbf'}:5: document 'd1': @After links E1->E2 and (line 6) E2->E1" in note.text()
    assert "-nv" in note.text()
    figure = w.sequencing.figure
    assert figure.isVisible() and figure.text() == "not scored" and "gold.tbf:5" in figure.toolTip()
    assert w.summary.figure_text("micro_f1") == "100.00 %"  # mentions are scored
    assert w.documents.visible_doc_ids() == ["d1", "d2"]
    assert not w.sequencing.tabs.isTabVisible(w.sequencing.links_index) and not w.sequencing.arcs.arcs()
    out = tmp_path / "out"  # File › Export: everything else, and the note
    w.exporter.export_to(str(out))
    qtbot.waitUntil(lambda: (out / "report.html").exists(), timeout=LOAD_TIMEOUT)
    assert "Event sequencing (After, Subevent): not scored" in (out / "report.html").read_text()
    assert not (out / "sequencing_links.tsv").exists()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):  # another corpus: the note goes
        fine = write_sequencing_corpus(tmp_path / "fine")
        w.open_files(str(fine / "gold.tbf"), [str(fine / "system.tbf")])
    qtbot.waitUntil(lambda: w.sequencing.model.result is not None, timeout=LOAD_TIMEOUT)
    assert not note.isVisible() and w.sequencing.figure.text() != "not scored"


def test_with_nv_links_both_ways_are_scored_as_v18_does(make_window, qtbot, two_way):
    from evmeval_gui.app import build_parser

    assert build_parser().parse_args(["-nv"]).no_script_validation  # evmeval-gui -nv sets what follows
    w = make_window()
    w.sequencing.model.validate = False
    open_and_wait(qtbot, w, two_way / "gold.tbf", two_way / "system.tbf", doc_id="d1")
    assert not w.sequencing.note.isVisible()
    assert w.sequencing.figure.text() == "75.00"  # v1.8 -nv prints 75.0 (tests/data/sequencing/two_way)


def test_a_corpus_without_links_shows_no_sequencing_parts(make_window, qtbot, tmp_path):
    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "plain")
    w = make_window()
    with qtbot.waitSignal(w.session.scoring_finished, timeout=LOAD_TIMEOUT):
        w.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    assert w.sequencing.model.result is None
    assert not w.sequencing.tabs.isTabVisible(w.sequencing.links_index)
    assert w.documents.table.isColumnHidden(w.sequencing.column)
    assert not w.sequencing.figure.isVisible() and not w.sequencing.legend.isVisible()
    assert not w.sequencing.arcs.arcs() and w.sequencing.arcs.room() == 0


# -- document list, charts, exports ----------------------------------------------------------------


def test_document_list_sorts_by_sequencing_f1(window, qtbot):
    header = window.documents.table.horizontalHeader()
    column = window.sequencing.column
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))
    assert window.documents.visible_doc_ids() == ["doc1", "doc2", "doc3"]  # worst first, undefined after
    assert "Seq F1" in window.documents.count_label.text()


def test_sequencing_chart_tab_draws_the_core_figures(make_window, qtbot, corpus):
    w = make_window(use_default_charts=True)
    open_and_wait(qtbot, w, corpus / "gold.tbf", corpus / "system.tbf", doc_id="doc1")
    w.charts_dock.show()
    qtbot.waitUntil(lambda: w.sequencing.charts_page is not None, timeout=LOAD_TIMEOUT)
    tabs = w.charts_dock.panel.tabs
    assert tabs.tabBar().tabData(tabs.count() - 1) == "Sequencing"
    expected = core_scores(corpus / "gold.tbf", corpus / "system.tbf", corpus / "tkn")
    bars = w.sequencing.charts_page.bars
    for closure in ("published", "full"):
        heights = list(bars.bars[(closure, "f1")].opts["height"])
        assert heights == [100 * expected.evaluation(name, closure).corpus.f1 for name in ("Subevent", "After", "All")]
    scatter = w.sequencing.charts_page.scatter
    assert set(scatter.points) == {"doc1", "doc2"}
    qtbot.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton, pos=tabs.tabBar().tabRect(tabs.count() - 1).center())
    qtbot.waitUntil(scatter.isVisible)
    precision, recall, _ = scatter.points["doc2"]
    at = scatter.widget_pos(100 * recall, 100 * precision)  # the point as drawn: recall across, precision up
    qtbot.mouseClick(scatter.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert w.session.selection.doc_id == "doc2"


def test_export_writes_the_cli_json_the_link_table_and_an_html_section(window, qtbot, corpus, tmp_path):
    out = tmp_path / "out"
    window.exporter.export_to(str(out))
    qtbot.waitUntil(lambda: (out / "report.html").exists(), timeout=LOAD_TIMEOUT)
    expected = core_scores(corpus / "gold.tbf", corpus / "system.tbf", corpus / "tkn")
    data = json.loads((out / "scores.json").read_text())
    assert data["sequencing"] == json.loads(json.dumps(sequencing_json(expected)))
    assert (out / "sequencing_links.tsv").read_text() == link_table_tsv(expected)
    page = (out / "report.html").read_text()
    assert "Event sequencing (After, Subevent)" in page and "full closure (EvmEval Studio, ours)" in page
    assert page.index("Event sequencing") < page.index("<h2>Documents</h2>")  # documents are on their pages


def test_the_arcs_of_a_band_are_the_whole_documents_arcs_that_reach_into_it(window, qtbot):
    """A paint makes only the arcs reaching into the screen's band (`arcs(band)`): the same arcs, paths, lanes and
    labels as the whole document's that reach into it, whatever band, at widths that cut links across lines."""
    overlay = window.sequencing.arcs
    for width in (window.text_view.width(), 260):
        window.text_view.resize(width, window.text_view.height())
        qtbot.waitUntil(lambda: window.text_view.layout_data is not None and window.text_view.layout_data.complete)
        every = overlay.arcs()
        assert every and any(len(a.paths) == 2 for a in every)  # links across lines: stubs in lanes
        lines = window.text_view.layout_data.lines
        bands = [(line.y - 20.0, line.y + line.height + 20.0) for line in lines]
        bands += [(lines[0].y, lines[0].y), (-1e9, 1e9), (1e8, 1e9)]
        for top, bottom in bands:
            assert overlay.arcs((top, bottom)) == [a for a in every if a.bottom >= top and a.top <= bottom]


def test_the_arcs_labels_never_cover_each_other(window, qtbot):
    window.text_view.resize(260, window.text_view.height())
    qtbot.waitUntil(lambda: window.text_view.layout_data is not None and window.text_view.layout_data.complete)
    window.text_view.viewport().repaint()
    boxes = [box for box in window.sequencing.arcs.drawn if not hasattr(box, "elementCount")]
    assert len(boxes) >= 2
    assert not any(a.intersects(b) for n, a in enumerate(boxes) for b in boxes[n + 1:])
