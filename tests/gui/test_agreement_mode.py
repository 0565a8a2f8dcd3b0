"""The Agreement mode of the real window, driven with clicks and signals (pytest-qt, offscreen)."""

from __future__ import annotations

import csv
import threading
from pathlib import Path

import pytest
from evmeval.agreement.scoring import IaaResult, compare_annotators
from evmeval.io.brat import format_ann
from evmeval.io.convert import document_to_brat
from evmeval.io.tbf import read_tbf
from evmeval.io.tokens import read_token_table
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.model import SpanMode
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from evmeval_gui.agreement.document_agreement import agreement_sort_key
from evmeval_gui.agreement.state import (
    AgreementRequest,
    demo_agreement_request,
    load_and_compare,
    make_agreement_request,
)
from evmeval_gui.agreement.style import DIAGONAL_COLOUR, f1_colour
from evmeval_gui.app import main
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request
from evmeval_gui.model.formatting import percent
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.selection import Selection
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import POPUP_WARNINGS, choose

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000
NAMES = ("gold.tbf", "system_a.tbf", "system_b.tbf")


@pytest.fixture(scope="module")
def demo_iaa() -> IaaResult:
    """The demo's three files compared directly with the core (what the window must show)."""
    request = demo_agreement_request()
    files = [read_tbf(path, mode=SpanMode.TOKEN)[0] for path in request.paths]
    return compare_annotators(files, NAMES)


def open_agreement(qtbot, window: MainWindow, request: AgreementRequest) -> None:
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        window.open_agreement(request)


@pytest.fixture
def window(make_window, qtbot) -> MainWindow:
    w = make_window()
    with qtbot.waitSignal(w.agreement.agreement_finished, timeout=TIMEOUT):
        w.open_demo_agreement()
    return w


def expected_texts(result: IaaResult, combination: str) -> dict[tuple[int, int], str]:
    values = result.matrix(combination, "f1").values
    return {(i, j): percent(values[i][j]) for i in range(3) for j in range(3) if i != j}


def row_keys(rows) -> list[tuple]:
    """Mapping rows as comparable tuples, in one order (the table shows them in reading order)."""
    return sorted((r.gold_index if r.gold_index is not None else -1,
                   r.system_index if r.system_index is not None else -1, r.outcome.value, r.dice or 0.0)
                  for r in rows)


def click_cell(qtbot, window: MainWindow, i: int, j: int) -> None:
    heatmap = window.agreement.panel.heatmap
    qtbot.mouseClick(heatmap.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=heatmap.cell_centre(i, j))


# -- the matrix ------------------------------------------------------------------------------------


def test_demo_as_three_annotators_shows_the_matrix(window, demo_iaa):
    panel = window.agreement.panel
    assert window.workspace.stack.currentWidget() is panel
    assert window.agreement.tabs.isVisible() and window.agreement.tabs.currentIndex() == 0
    heatmap = panel.heatmap
    assert heatmap.cell_value_texts() == expected_texts(demo_iaa, "plain")
    assert heatmap.matrix == demo_iaa.matrix("plain", "f1")
    for (i, j), value_text in heatmap.cell_value_texts().items():
        assert heatmap.cell_fill(i, j) == f1_colour(demo_iaa.matrix("plain").values[i][j]), value_text
    assert {heatmap.cell_fill(k, k) for k in range(3)} == {DIAGONAL_COLOUR.lower()}
    assert heatmap.colour_bar.values == (0, 100)
    assert "pairwise F1 (%)" in heatmap.colour_bar.axis.labelText
    assert heatmap.left_axis.names == list(NAMES) and heatmap.top_axis.names == list(NAMES)
    assert panel.annotators.row_texts() == [(name, str(size), count) for name, size, count in
                                            zip(NAMES, demo_iaa.sizes, ("6", "6", "5"), strict=True)]
    summary = panel.summary
    assert summary.value_text("mean_f1") == f"{percent(demo_iaa.matrix('plain').mean)} %"
    assert summary.value_text("fleiss_type") == f"{demo_iaa.fleiss['mention_type'].kappa:.3f}"
    assert summary.value_text("fleiss_realis") == f"{demo_iaa.fleiss['realis_status'].kappa:.3f}"
    # the first pair is selected: gold in the gold role against system_a
    pair = demo_iaa.pair(0, 1)
    assert heatmap.selected == (0, 1)
    assert summary.value_text("cohen_type") == f"{pair.labels['mention_type'].cohen_kappa:.3f}"
    assert summary.value_text("scott_realis") == f"{pair.labels['realis_status'].scott_pi:.3f}"
    assert summary.value_text("gate_strict") == f"{percent(pair.gate['plain'].strict().f1)} %"
    assert summary.value_text("gate_average") == f"{percent(pair.gate['plain'].average().f1)} %"
    assert window.windowTitle().startswith("Agreement: gold.tbf, system_a.tbf, system_b.tbf")


def test_at_1024_px_the_rows_keep_their_chips_and_every_value_fits_its_cell(window, qtbot):
    """At 1024 px the annotators' names beside the rows took half the matrix and its values ran out of their
    cells: a narrow matrix shows the rows' chips alone (the annotator list beside names them); a wide one names them."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QFontMetricsF

    heatmap = window.agreement.panel.heatmap
    for size, compact in (((1024, 640), True), ((1600, 1000), False)):
        window.resize(*size)
        qtbot.waitUntil(lambda c=compact: heatmap.left_axis.compact is c, timeout=5000)
        QApplication.processEvents()
        box = heatmap.plot.getViewBox()
        cell = box.mapViewToDevice(QPointF(1, 1)) - box.mapViewToDevice(QPointF(0, 0))
        for item in heatmap.cell_items.values():
            assert QFontMetricsF(item.textItem.font()).horizontalAdvance(item.toPlainText()) <= abs(cell.x()), size
    assert heatmap.left_axis.names == list(NAMES)  # named again when wide


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_the_toolbar_combination_drives_the_heatmap(window, demo_iaa, qtbot):
    heatmap = window.agreement.panel.heatmap
    before = heatmap.cell_value_texts()
    combo = window.commands.combination_combo
    choose(qtbot, combo, combo.findData("mention_type+realis_status"))
    assert heatmap.cell_value_texts() == expected_texts(demo_iaa, "mention_type+realis_status")
    assert heatmap.cell_value_texts() != before
    pair = demo_iaa.pair(0, 1)
    assert window.agreement.panel.summary.value_text("pair_f1") == (
        f"{percent(pair.micro['mention_type+realis_status'].f1)} %")
    window.commands.combination_actions["realis_status"].trigger()
    assert heatmap.cell_value_texts() == expected_texts(demo_iaa, "realis_status")


def test_hovering_a_cell_names_the_pair(window, qtbot, demo_iaa):
    heatmap = window.agreement.panel.heatmap
    qtbot.mouseMove(heatmap.plot_widget.viewport(), heatmap.cell_centre(2, 0))
    qtbot.waitUntil(lambda: heatmap.hover_text != "")
    text = heatmap.hover_text
    assert "[3] system_b.tbf (gold role) vs [1] gold.tbf" in text
    assert f"F1 {percent(demo_iaa.pair(2, 0).micro['plain'].f1)} %" in text


# -- from the matrix to the document views ----------------------------------------------------------


def test_clicking_a_cell_opens_that_pair_in_the_views(window, qtbot, demo_iaa):
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        click_cell(qtbot, window, 2, 1)
    assert window.workspace.stack.currentWidget() is window.workspace.page
    assert window.agreement.tabs.currentIndex() == 1
    assert "system_b.tbf (gold role)" in window.agreement.tabs.tabText(1)
    banner = window.agreement.banner
    assert banner.isVisible()
    assert "gold role: 3 system_b.tbf · compared: 2 system_a.tbf" in banner.text
    assert window.session.roles == ("system_b.tbf", "system_a.tbf")
    assert window.document_pane.lanes.text() == "[3] ▲ above the words, [2] ▼ below"

    expected = demo_iaa.pair(2, 1).score_result()
    result = window.session.result
    assert result.micro == expected.micro and result.profile == "agreement"
    doc_id = window.session.selection.doc_id
    assert doc_id is not None and window.document_pane.doc_id == doc_id
    rows = window.mapping.visible_rows()
    assert row_keys(rows) == row_keys(mapping_rows(expected.document(doc_id), "plain"))
    assert len(rows) == len(mapping_rows(expected.document(doc_id), "plain"))
    # system_b's mentions (B…) on the gold side, system_a's (A…) on the other
    assert {r.gold.mention_id[0] for r in rows if r.gold is not None} == {"B"}
    assert {r.system.mention_id[0] for r in rows if r.system is not None} == {"A"}
    assert sorted(window.documents.visible_doc_ids()) == sorted(d.doc_id for d in expected.documents)
    assert window.agreement.panel.heatmap.selected == (2, 1)

    qtbot.mouseClick(banner.back_button, Qt.MouseButton.LeftButton)
    assert window.workspace.stack.currentWidget() is window.agreement.panel
    assert window.agreement.tabs.currentIndex() == 0
    window.agreement.tabs.setCurrentIndex(1)  # the tab goes back to the views, as the user would
    assert window.workspace.stack.currentWidget() is window.workspace.page


def test_swapping_roles_exchanges_precision_and_recall(window, qtbot, demo_iaa):
    click_cell(qtbot, window, 0, 2)
    p, r = window.summary.figure_text("micro_precision"), window.summary.figure_text("micro_recall")
    qtbot.mouseClick(window.agreement.banner.swap_button, Qt.MouseButton.LeftButton)
    assert window.session.roles == ("system_b.tbf", "gold.tbf")
    assert (window.summary.figure_text("micro_precision"), window.summary.figure_text("micro_recall")) == (r, p)
    assert window.summary.figure_text("micro_f1") == f"{percent(demo_iaa.pair(2, 0).micro['plain'].f1)} %"


def test_document_list_is_worst_first_and_a_click_opens_the_document(window, qtbot, demo_iaa):
    click_cell(qtbot, window, 0, 2)
    window.agreement.show_page("matrix")
    documents = window.agreement.panel.documents
    pair = demo_iaa.pair(0, 2)
    order = documents.visible_doc_ids()
    # system_b has nothing for demo_factory_opening: F1 undefined with gold mentions there, the worst
    assert order[0] == "demo_factory_opening"
    f1s = [pair.document(d).scores["plain"].f1 for d in order[1:]]
    assert f1s == sorted(f1s)
    assert order == [d.doc_id for d in sorted(pair.documents, key=lambda d: agreement_sort_key(d, "plain"))]
    model = documents.table.model()
    row = order.index("demo_port_strike")
    shown = [model.index(row, c).data() for c in range(6)]
    score = pair.document("demo_port_strike").scores["plain"]
    assert shown == ["demo_port_strike", str(len(pair.document("demo_port_strike").a)),
                     str(len(pair.document("demo_port_strike").b)), percent(score.precision),
                     percent(score.recall), percent(score.f1)]

    rect = documents.table.visualRect(model.index(row, 0))
    qtbot.mouseClick(documents.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.selection == Selection("demo_port_strike")
    assert window.workspace.stack.currentWidget() is window.workspace.page
    assert window.document_pane.doc_id == "demo_port_strike"
    assert window.session.roles == ("gold.tbf", "system_b.tbf")
    assert row_keys(window.mapping.visible_rows()) == row_keys(
        mapping_rows(pair.score_result().document("demo_port_strike"), "plain"))


def test_export_disagreements_writes_every_non_exact_row(window, qtbot, tmp_path, demo_iaa):
    click_cell(qtbot, window, 1, 2)
    window.session.set_combination("mention_type")
    out = tmp_path / "disagreements.csv"
    with qtbot.waitSignal(window.agreement.disagreements_exported, timeout=TIMEOUT) as exported:
        assert window.agreement.export_disagreements(str(out))  # written in the background
    assert exported.args[0] == str(out)
    count = exported.args[1]
    result = demo_iaa.pair(1, 2).score_result()
    expected = sum(1 for d in result.documents for row in mapping_rows(d, "mention_type")
                   if row.outcome is not Outcome.EXACT)
    with out.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert count == expected == len(rows) > 0
    assert {r["combination"] for r in rows} == {"mention_type"}
    # the annotators named as the files the user opened, not as sides a and b
    assert {"system_a.tbf_id", "system_b.tbf_type"} <= set(rows[0]) and "a_id" not in rows[0]
    assert "attribute" in {r["outcome"] for r in rows}
    assert str(out) in window.statusBar().currentMessage()
    assert window.agreement.default_export_name() == "disagreements_system_a_vs_system_b_mention_type.csv"
    assert window.commands.export_disagreements_action.isEnabled()


# -- starting, cancelling, leaving --------------------------------------------------------------------


def test_cancel_a_comparison(make_window, qtbot):
    window = make_window()
    release = threading.Event()
    saw_cancel = threading.Event()

    def slow(request: AgreementRequest, context: JobContext):
        context.progress(1, 10)
        release.wait(10)
        if context.cancelled():
            saw_cancel.set()
        return load_and_compare(request, progress=context.progress, cancelled=context.cancelled)

    window.agreement.work = slow
    with qtbot.waitSignal(window.runner.job_progress, timeout=TIMEOUT):
        window.open_demo_agreement()
    assert window.status.cancel_button.isVisible() and window.status.progress.isVisible()
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.runner.busy
    assert "Cancelled: Comparing 3 annotators" in window.statusBar().currentMessage()
    release.set()
    assert window.runner.shutdown(10)
    assert saw_cancel.is_set()
    QApplication.processEvents()  # what the worker still posted must be dropped
    assert not window.agreement.active and window.agreement.loaded is None
    assert window.workspace.stack.currentWidget() is window.welcome
    assert not window.agreement.tabs.isVisible()


def test_the_compare_dialog_finds_the_token_folder(make_window, qtbot, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    window = make_window()
    window.commands.compare_action.trigger()
    dialog = window.dialogs.compare_dialog
    assert dialog is not None and dialog.isVisible()
    ok = dialog.buttons.buttons()[0]
    dialog.add_paths([str(corpus / "gold.tbf")])
    assert not ok.isEnabled()  # one set is not enough
    dialog.add_paths([str(corpus / "system.tbf"), str(corpus / "system_b.tbf"), str(corpus / "gold.tbf")])
    assert dialog.paths() == [str(corpus / n) for n in ("gold.tbf", "system.tbf", "system_b.tbf")]
    assert ok.isEnabled()
    request = dialog.request()
    assert request.token_dir == str(corpus / "tkn") and request.text_dir == str(corpus / "txt")
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        dialog.accept()
    assert window.agreement.loaded.names == ("gold.tbf", "system.tbf", "system_b.tbf")
    assert window.workspace.stack.currentWidget() is window.agreement.panel


def write_brat(corpus: Path, tbf_name: str, folder: str) -> Path:
    """The tbf file's annotation as a brat folder (one .ann and its .txt per document)."""
    target = corpus / folder
    target.mkdir()
    tbf, _ = read_tbf(str(corpus / tbf_name), mode=SpanMode.TOKEN)
    for doc_id, doc in tbf.documents.items():
        table = read_token_table(str(corpus / "tkn" / f"{doc_id}.tab"), doc_id=doc_id)
        text_path = corpus / "txt" / f"{doc_id}.txt"
        text = text_path.read_text(encoding="utf-8") if text_path.exists() else None
        (target / f"{doc_id}.ann").write_text(format_ann(document_to_brat(doc, table, text=text)), encoding="utf-8")
        if text is not None:
            (target / f"{doc_id}.txt").write_text(text, encoding="utf-8")
    return target


def test_brat_folders_are_annotators_and_their_texts_are_shown(make_window, qtbot, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    first, second = write_brat(corpus, "gold.tbf", "ann_one"), write_brat(corpus, "system.tbf", "ann_two")
    request = make_agreement_request([str(first), str(second)])
    assert request.token_dir == str(corpus / "tkn")  # tkn/ beside the brat folders
    window = make_window()
    open_agreement(qtbot, window, request)
    gold, _ = read_tbf(str(corpus / "gold.tbf"), mode=SpanMode.TOKEN)
    system, _ = read_tbf(str(corpus / "system.tbf"), mode=SpanMode.TOKEN)
    direct = compare_annotators([gold, system], ["g", "s"]).matrix("plain")
    assert window.agreement.panel.heatmap.cell_value_texts() == {(0, 1): percent(direct.values[0][1]),
                                                                 (1, 0): percent(direct.values[1][0])}
    window.agreement.open_document("doc1")
    assert window.session.roles == ("ann_one", "ann_two")
    assert window.text_view.doc.source != "token table"  # the text came from the brat folder


def test_opening_a_corpus_leaves_the_agreement_mode(window, qtbot):
    lanes = "gold ▲ above the words, system ▼ below"
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_request(demo_request())
    assert not window.agreement.active
    assert not window.agreement.tabs.isVisible() and not window.agreement.banner.isVisible()
    assert window.workspace.stack.currentWidget() is window.workspace.page
    assert window.document_pane.lanes.text() == lanes
    assert window.session.roles is None
    assert not window.commands.export_disagreements_action.isEnabled()
    assert window.recent_requests()[0] == demo_request()  # only real corpora are remembered


def test_reload_compares_again_and_keeps_pair_and_page(window, qtbot):
    click_cell(qtbot, window, 1, 0)
    window.session.select_document("demo_flood_relief")
    with qtbot.waitSignal(window.agreement.agreement_finished, timeout=TIMEOUT):
        window.commands.reload_action.trigger()
    assert window.session.roles == ("system_a.tbf", "gold.tbf")
    assert window.session.selection.doc_id == "demo_flood_relief"
    assert window.workspace.stack.currentWidget() is window.workspace.page


def test_a_bad_annotation_set_is_reported_with_file_and_line(make_window, qtbot, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    bad = corpus / "bad.tbf"
    bad.write_text("#BeginOfDocument doc1\nsys\tdoc1\tS1\tt2\n#EndOfDocument\n", encoding="utf-8")
    problems = []
    window = make_window()
    window.notifier = problems.append
    with qtbot.waitSignal(window.session.load_failed, timeout=TIMEOUT):
        window.open_agreement(make_agreement_request([str(corpus / "gold.tbf"), str(bad)]))
    assert problems and problems[0].path == str(bad) and problems[0].line == 2
    assert not window.agreement.active and window.workspace.stack.currentWidget() is window.welcome


# -- the command line -------------------------------------------------------------------------------


def test_screenshot_of_the_demo_agreement(qapp, tmp_path, capsys):
    png = tmp_path / "agreement.png"
    assert main(["--demo", "--agreement", "--attributes", "type", "--screenshot", str(png)]) == 0
    image = QImage(str(png))
    assert (image.width(), image.height()) == (1366, 768)
    assert len({image.pixel(x, y) for x in range(0, 1366, 7) for y in range(0, 768, 7)}) > 20
    assert "screenshot written" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--agreement", "only.tbf"], "two or more annotation sets"),
    (["--agreement", "a.tbf", "b.tbf", "-g", "g.tbf"], "do not combine it with -g / -s"),
    (["--demo", "--agreement", "x.tbf"], "give no sets"),
    (["--agreement", "missing_one.tbf", "missing_two.tbf"], "missing_one.tbf: not found"),
])
def test_bad_agreement_arguments_are_named(qapp, tmp_path, capsys, args, message):
    assert main([*args, "--screenshot", str(tmp_path / "x.png")]) == 1
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_the_first_pair_and_its_reverse_are_made_in_the_job_runner(make_window, qtbot, monkeypatch):
    """Issue 34: the Agreement mode's first display made the pair view (and the reversed pair the
    coreference compares) and the per-type table on the GUI thread, seconds at 2,000 documents; all come
    with the comparison."""
    from evmeval_gui.agreement import mode as mode_module

    gui = threading.current_thread()
    made: list[tuple[int, int, bool]] = []
    real = mode_module.pair_comparison

    def recording(loaded, i, j):  # type: ignore[no-untyped-def]
        made.append((i, j, threading.current_thread() is gui))
        return real(loaded, i, j)

    monkeypatch.setattr(mode_module, "pair_comparison", recording)
    from evmeval_gui.agreement import type_table

    typed: list[bool] = []
    real_types = type_table.per_type_agreement

    def types_recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        typed.append(threading.current_thread() is gui)
        return real_types(*args, **kwargs)

    monkeypatch.setattr(type_table, "per_type_agreement", types_recording)
    w = make_window()
    with qtbot.waitSignal(w.agreement.agreement_finished, timeout=TIMEOUT):
        w.open_demo_agreement()
    assert sorted(made) == [(0, 1, False), (1, 0, False)]
    assert typed == []  # the per-type table's rows came with the comparison too
    assert w.agreement.panel.types.model.rowCount() > 0
    assert w.agreement.tabs.tabText(1).startswith("Pair: ")
    assert w.session.roles == (NAMES[0], NAMES[1])


def test_the_document_table_sizes_its_columns_without_reading_the_rows(qtbot, demo_iaa):
    """Issue 34: at 2,000 documents the table read every row's figures to size its columns (a second of the
    GUI thread at the first display), then 300 rows at every layout; the numbers share one width, so each
    column is sized from its widest text and only the rows drawn are read."""
    import dataclasses

    from evmeval.agreement.scoring import pair_from_documents

    from evmeval_gui.agreement import document_agreement as module

    pair = demo_iaa.pair(0, 1)
    documents = tuple(dataclasses.replace(doc, doc_id=f"{doc.doc_id}-{k}") for k in range(700)
                      for doc in pair.documents)
    many = pair_from_documents(pair.a_name, pair.b_name, pair.mode, documents)
    panel = module.DocumentAgreementList()
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    read: list[int] = []
    real = module.DocumentAgreementModel.data

    def counting(self, index, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if role == Qt.ItemDataRole.DisplayRole:
            read.append(index.row())
        return real(self, index, role)

    module.DocumentAgreementModel.data = counting  # type: ignore[method-assign]
    try:
        panel.set_pair(many, "mention_type", ("[1]", "[2]"), "<b>Documents</b>")
        qtbot.wait(10)
    finally:
        module.DocumentAgreementModel.data = real  # type: ignore[method-assign]
    assert panel.table.model().rowCount() == len(documents)
    assert len(set(read)) <= 100  # a screenful of rows, not every one
    assert panel.table.columnWidth(1) >= panel.table.fontMetrics().horizontalAdvance("100.0%")
