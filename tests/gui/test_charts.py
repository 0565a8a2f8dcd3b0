"""Charts: the drawn items carry the core's numbers; hovering says them; clicks ask for exact filters."""

from __future__ import annotations

import math

import pytest
from evmeval.align import COMBINATIONS
from evmeval.io.loading import load_inputs
from evmeval.mention.confusion import confusion
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.scoring import score_files
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from evmeval_gui.charts.base import elided_names
from evmeval_gui.charts.confusion_heatmap import ConfusionHeatmap
from evmeval_gui.charts.doc_scatter import DocScatterChart
from evmeval_gui.charts.panel import ChartsPanel
from evmeval_gui.charts.per_type import PerTypeChart, sorted_rows
from evmeval_gui.charts.score_bars import METRICS, OFFSETS, ScoreBarsChart
from evmeval_gui.export import charts_panel


@pytest.fixture(scope="module")
def demo(evmeval_data):
    folder = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "sample_system_C.tbf"), token_dir=str(folder / "tkn"))
    return score_files(inputs.gold, inputs.system)


@pytest.fixture
def panel(qtbot, demo):
    widget = charts_panel()
    qtbot.addWidget(widget)
    widget.resize(1100, 700)
    widget.show()
    widget.set_result(demo)
    return widget


def _show(panel: ChartsPanel, chart) -> None:
    """Bring the chart's tab to the front so that it is laid out (clicks land where it is drawn)."""
    for index in range(panel.tabs.count()):
        if panel.tabs.widget(index).isAncestorOf(chart):
            panel.tabs.setCurrentIndex(index)
    QTest.qWait(0)


def _click(chart, x: float, y: float) -> None:
    QTest.mouseClick(chart.plot_widget.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     chart.widget_pos(x, y))


def _rows(result, predicate, doc_ids, combination):
    """(doc, gold index, system index) of the mapping-table rows a filter request keeps."""
    return {(d.doc_id, r.gold_index, r.system_index) for d in result.documents if d.doc_id in doc_ids
            for r in mapping_rows(d, combination) if predicate(d.doc_id, r)}


# -- items carry the core's numbers -----------------------------------------------------------------

def test_score_bar_heights_are_the_core_figures(qtbot, demo):
    chart = ScoreBarsChart()
    qtbot.addWidget(chart)
    chart.set_data(demo.micro, title="t", current="mention_type")
    for metric in METRICS:
        heights = list(chart.bars[metric].opts["height"])
        expected = [0.0 if math.isnan(v) else 100 * v for v in (getattr(demo.micro[c], metric) for c in COMBINATIONS)]
        assert heights == pytest.approx(expected)
        assert list(chart.bars[metric].opts["x"]) == pytest.approx([i + OFFSETS[metric] for i in range(4)])
    # system C: P = R = 2/3 + 1/3 ... plain micro P = (1 + 1 + 2/3) / 3
    assert chart.bars["precision"].opts["height"][0] == pytest.approx(100 * (1 + 1 + 2 / 3) / 3)
    assert chart.value_labels[("plain", "f1")].toPlainText() == f"{100 * demo.micro['plain'].f1:.1f}"


def test_undefined_figure_is_labelled_not_drawn(qtbot, demo):
    chart = ScoreBarsChart()
    qtbot.addWidget(chart)
    doc = demo.document("example2")   # type+realis: nothing mapped, F1 = 0/0
    chart.set_data(doc.scores, title="t")
    assert chart.bars["f1"].opts["height"][3] == 0
    assert chart.value_labels[("mention_type+realis_status", "f1")].toPlainText() == "—"
    assert "undefined" in chart.describe(("mention_type+realis_status", "f1"))


def test_per_type_bars_are_sorted_core_rows(qtbot, demo):
    chart = PerTypeChart()
    qtbot.addWidget(chart)
    chart.set_data(demo.per_type_by_type_mapping, title="t")
    rows = sorted_rows(demo.per_type_by_type_mapping)
    assert [r.mention_type for r in chart.rows] == [r.mention_type for r in rows]
    assert list(chart.bars.opts["width"]) == pytest.approx([0 if math.isnan(r.f1) else 100 * r.f1 for r in rows])
    f1s = [r.f1 for r in chart.rows if not math.isnan(r.f1)]
    assert f1s == sorted(f1s, reverse=True)
    ticks = [t for _, t in chart.plot.getAxis("left")._tickLevels[0]]
    assert ticks == elided_names([r.mention_type for r in rows])  # long names shortened, never two alike
    assert "movemen…tperson" in ticks and "movementtransportperson" in chart.describe("movementtransportperson")
    label = chart.count_labels["personnelnominate"].toPlainText()
    assert label == "100.0 · 1/1"
    assert "1 gold, 1 system" in chart.describe("personnelnominate")


def test_heatmap_cells_hold_the_core_counts(qtbot, demo):
    chart = ConfusionHeatmap()
    qtbot.addWidget(chart)
    matrix = confusion(demo.documents, "mention_type")
    chart.set_data(matrix, title="t")
    n = len(matrix.labels) + 1
    expected = {(g, s): str(matrix.counts[g][s]) for g in range(n) for s in range(n) if matrix.counts[g][s]}
    assert chart.counts_item.labels == expected
    assert chart.image.image.shape[:2] == (n, n)
    off = (matrix.labels.index("personnelstartposition"), matrix.labels.index("personnelendposition"))
    assert off in chart.counts_item.labels
    assert tuple(chart.image.image[off][:3]) != (255, 255, 255)      # coloured
    assert tuple(chart.image.image[0, 1][:3]) == (255, 255, 255)     # empty cell stays white
    assert "gold personnelstartposition → system personnelendposition: 1" in chart.describe(off)
    bottom = [t for _, t in chart.plot.getAxis("bottom")._labels]
    assert bottom[-1] == "(spurious)" and bottom[:-1] == elided_names(matrix.labels)


def test_scatter_points_are_the_documents(qtbot, demo):
    chart = DocScatterChart()
    qtbot.addWidget(chart)
    chart.set_data(demo.documents, "plain", title="t", current="example2")
    points = chart.scatter.points()
    assert [p.data() for p in points] == ["example1", "example2"]
    doc = demo.document("example2").scores["plain"]
    assert (points[1].pos().x(), points[1].pos().y()) == pytest.approx((100 * doc.recall, 100 * doc.precision))
    assert points[1].size() >= points[0].size()     # example2 has more gold mentions
    marker = chart.current_marker.points()[0].pos()
    assert (marker.x(), marker.y()) == pytest.approx((100 * doc.recall, 100 * doc.precision))


# -- panel: following the window, hovering, clicking ---------------------------------------------------

def test_panel_follows_scope_average_and_document(panel, demo):
    assert list(panel.score_bars.bars["f1"].opts["height"]) == pytest.approx(
        [100 * demo.micro[c].f1 if not math.isnan(demo.micro[c].f1) else 0 for c in COMBINATIONS])
    panel.set_average("macro")
    assert panel.score_bars.bars["recall"].opts["height"][0] == pytest.approx(100 * demo.macro["plain"].recall)
    assert "macro" in panel.score_bars.title
    assert panel.scope_box.model().item(1).isEnabled() is False      # no current document yet
    panel.set_document("example2")  # as the window does when a document is chosen
    panel.set_scope("document")
    doc = demo.document("example2")
    assert panel.score_bars.bars["precision"].opts["height"][0] == pytest.approx(100 * doc.scores["plain"].precision)
    assert not panel.average_box.isEnabled()
    assert panel.type_confusion.matrix.total == len(mapping_rows(doc, "plain"))
    panel.set_document(None)                                          # back to the corpus
    assert panel.scope == "corpus"
    assert panel.type_confusion.matrix.total == sum(len(mapping_rows(d, "plain")) for d in demo.documents)


def test_panel_follows_the_combination(panel):
    panel.set_combination("mention_type+realis_status")
    assert panel.type_confusion.matrix.combination == "mention_type+realis_status"
    assert panel.doc_scatter.combination == "mention_type+realis_status"
    assert "Span + type + realis" in panel.type_confusion.subtitle
    with pytest.raises(ValueError, match="unknown combination"):
        panel.set_combination("type")


def test_hover_gives_exact_values(panel, demo):
    chart = panel.score_bars
    _show(panel, chart)
    scene_pos = chart.plot.getViewBox().mapViewToScene(QPointF(1 + OFFSETS["recall"], 10))
    chart._mouse_moved(scene_pos)
    s = demo.micro["mention_type"]
    assert chart.hover_text.startswith(f"Span + type (mention_type) — Recall: {100 * s.recall:.2f} %")
    assert f"TP {s.tp:.2f} of {s.num_gold} gold" in chart.hover_text
    chart._mouse_moved(chart.plot.getViewBox().mapViewToScene(QPointF(0.5, 50)))   # between groups
    assert chart.hover_text == ""


def test_clicking_a_heatmap_cell_filters_to_its_rows(qtbot, panel, demo):
    chart = panel.type_confusion
    _show(panel, chart)
    m = chart.matrix
    g, s = m.labels.index("personnelstartposition"), m.labels.index("personnelendposition")
    with qtbot.waitSignal(panel.filter_requested, timeout=2000) as signal:
        _click(chart, g, s)
    label, doc_ids, predicate = signal.args
    assert doc_ids == {"example2"}
    assert "gold Personnel_Start-Position → system Personnel_End-Position (1)" in label  # as written
    assert _rows(demo, predicate, doc_ids, "plain") == {("example2", 1, 1)}


def test_clicking_the_missed_row_filters_to_missed_gold(qtbot, panel, demo):
    panel.set_combination("mention_type+realis_status")
    chart = panel.realis_confusion
    _show(panel, chart)
    m = chart.matrix
    # under type+realis nothing of example2 is mapped, but both are same-span pairs (wrong attribute)
    g, s = m.labels.index("actual"), m.labels.index("other")
    with qtbot.waitSignal(panel.filter_requested, timeout=2000) as signal:
        _click(chart, g, s)
    _, doc_ids, predicate = signal.args
    assert _rows(demo, predicate, doc_ids, "mention_type+realis_status") == {("example2", 0, 0)}


def test_clicking_a_recall_bar_lists_gold_mentions_not_fully_matched(qtbot, panel, demo):
    chart = panel.score_bars
    _show(panel, chart)
    with qtbot.waitSignal(panel.filter_requested, timeout=2000) as signal:
        _click(chart, 0 + OFFSETS["recall"], 5)
    label, doc_ids, predicate = signal.args
    assert doc_ids == {"example2"}
    assert label.startswith("Span only recall: 1 gold mention(s) not fully matched")
    # E3 is only a partial match under plain; E2 (Dice 1) is not listed
    assert _rows(demo, predicate, doc_ids, "plain") == {("example2", 1, 1)}


def test_clicking_a_type_bar_lists_that_types_mentions(qtbot, panel, demo):
    panel.per_type_box.setCurrentIndex(panel.per_type_box.findData("type_mapping"))
    chart = panel.per_type_type_mapping
    _show(panel, chart)
    index = [r.mention_type for r in chart.rows].index("personnelendposition")
    with qtbot.waitSignal(panel.filter_requested, timeout=2000) as signal:
        _click(chart, 5, index)
    label, doc_ids, predicate = signal.args
    assert label.startswith("type Personnel_End-Position")
    assert doc_ids == {"example2"}
    assert _rows(demo, predicate, doc_ids, "plain") == {("example2", 1, 1)}


def test_clicking_a_document_point_names_the_document(qtbot, panel, demo):
    chart = panel.doc_scatter
    _show(panel, chart)
    s = demo.document("example2").scores["plain"]
    with qtbot.waitSignal(panel.filter_requested, timeout=2000) as signal:
        _click(chart, 100 * s.recall, 100 * s.precision)
    assert signal.args == ["document example2", {"example2"}, None]
    chart._mouse_moved(chart.plot.getViewBox().mapViewToScene(QPointF(100 * s.recall, 100 * s.precision)))
    assert chart.hover_text.startswith("example2\nP 83.33 %, R 83.33 %")


def test_schemes_tab_draws_the_core_scheme_figures(panel, demo):
    from evmeval.mention.schemes import scheme_scores

    chart = panel.feature_tabs["schemes"].chart
    _show(panel, chart)
    panel.set_combination("mention_type")
    schemes = scheme_scores(demo)
    muc, gate = schemes.muc["mention_type"], schemes.gate["mention_type"]
    assert [g.name for g in chart.groups] == ["Dice", "MUC", "GATE strict", "GATE lenient", "GATE average"]
    expected = [demo.micro["mention_type"].f1, muc.f1, gate.strict().f1, gate.lenient().f1, gate.average().f1]
    assert list(chart.bars["f1"].opts["height"]) == pytest.approx([100 * v for v in expected])
    assert f"COR {muc.cor} · PAR {muc.par} · INC {muc.inc}" in chart.subtitle
    panel.set_document("example2")  # as the window does when a document is chosen
    panel.set_scope("document")
    doc = next(d for d in schemes.documents if d.doc_id == "example2")
    assert chart.groups[1].figures.f1 == pytest.approx(doc.muc["mention_type"].f1)
    assert "document example2" in chart.subtitle


def test_empty_state_and_export(qtbot, panel):
    images = panel.export_images()
    assert set(images) == {"scores", "per_type_combination", "per_type_published", "per_type_type_mapping",
                           "confusion_type", "confusion_realis", "documents", "schemes"}
    for png, svg in images.values():
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert "<svg" in svg and "</svg>" in svg
    panel.set_result(None)
    assert panel.score_bars.bars == {}
    assert panel.type_confusion.matrix is None
    assert panel.doc_scatter.message.toPlainText().startswith("No scores yet")


def test_background_panel_counts_confusions_off_the_gui_thread(qtbot, demo, monkeypatch):
    """Large corpora: the heatmaps say they are counting, then show the core's counts when the worker is done;
    a combination change while counting shows the latest combination's counts."""
    import threading

    import evmeval_gui.charts.panel as panel_module

    monkeypatch.setattr(panel_module, "BACKGROUND_DOCUMENTS", 0)
    counted_on: list[str] = []
    real_confusions = panel_module.confusions

    def recording_confusions(*args, **kwargs):
        counted_on.append(threading.current_thread().name)
        return real_confusions(*args, **kwargs)

    monkeypatch.setattr(panel_module, "confusions", recording_confusions)
    from evmeval_gui.jobs import JobRunner

    runner = JobRunner()  # the window's one runner; the panel computes under its own job key
    widget = charts_panel(runner)
    qtbot.addWidget(widget)
    widget.resize(1100, 700)
    widget.show()
    widget.set_result(demo)
    assert widget.type_confusion.title == "" and counted_on == []  # not on the visible tab: nothing counted yet
    _show(widget, widget.type_confusion)
    widget.set_combination("mention_type")
    qtbot.waitUntil(lambda: getattr(widget.type_confusion, "matrix", None) is not None
                    and widget.type_confusion.matrix.combination == "mention_type", timeout=10_000)
    expected = confusion(demo.documents, "mention_type", "mention_type")
    assert widget.type_confusion.matrix.counts == expected.counts
    assert widget.realis_confusion.matrix.combination == "mention_type"
    assert counted_on and threading.main_thread().name not in counted_on
    assert not runner.busy  # the charts' job is not the window's main job (no progress bar, no Cancel)
    assert runner.shutdown(10)


def test_gold_not_annotated_realis_column_reads_as_agreement() -> None:
    from evmeval.mention.confusion import ConfusionMatrix
    from evmeval.mention.outcomes import Outcome

    from evmeval_gui.charts.confusion_heatmap import cell_outcome

    labels = ("actual", "notannotated", "other")
    matrix = ConfusionMatrix(attribute="realis_status", combination="plain", labels=labels,
                             counts=tuple(tuple(0 for _ in range(4)) for _ in range(4)), members={})
    assert cell_outcome(matrix, 1, 0) is Outcome.EXACT  # gold NOT_ANNOTATED, system actual
    assert cell_outcome(matrix, 0, 2) is Outcome.ATTRIBUTE  # gold actual, system other
    assert cell_outcome(matrix, 0, 0) is Outcome.EXACT
    assert cell_outcome(matrix, 0, 1) is Outcome.ATTRIBUTE  # system NOT_ANNOTATED earns nothing (scorer's rule)
    typed = ConfusionMatrix(attribute="mention_type", combination="plain", labels=labels,
                            counts=matrix.counts, members={})
    assert cell_outcome(typed, 1, 0) is Outcome.EXACT  # v1.8 gives a gold NOT_ANNOTATED type full credit too
    from evmeval.rules import AttributeRule

    peers = ConfusionMatrix(attribute="realis_status", combination="plain", labels=labels,
                            counts=matrix.counts, members={}, rule=AttributeRule.SYMMETRIC)
    assert cell_outcome(peers, 0, 1) is Outcome.EXACT  # agreement: NOT_ANNOTATED on either side


def test_per_type_follows_the_combination_and_heatmaps_show_every_count(qtbot, panel, demo):
    from evmeval.mention.scoring import per_type_table

    assert panel.per_type_box.currentData() == "combination"          # the default: follow the toolbar
    panel.set_combination("mention_type")
    _show(panel, panel.per_type_combination)
    expected = {r.mention_type: r.f1 for r in per_type_table(demo.documents, "mention_type", gold_types_only=False)}
    assert {r.mention_type: r.f1 for r in panel.per_type_combination.rows} == expected
    assert panel.per_type_combination.title == "F1 per type — Span + type"
    chart = panel.type_confusion
    _show(panel, chart)
    assert chart.title.endswith("confusion: system × gold")
    n = len(chart.matrix.labels) + 1
    shown = set(chart.counts_item.labels) | set(chart.zeros_item.labels)
    assert shown == {(g, s) for g in range(n) for s in range(n)} - {(n - 1, n - 1)}
    assert set(chart.zeros_item.labels.values()) == {"0"}


def test_current_document_legend_looks_like_its_marker(qtbot, panel, demo):
    """The legend's "current document" swatch shows what the ring on the point shows: the point's own
    colour inside, the selection-yellow halo around (not a yellow disk the chart never draws)."""
    from PySide6.QtGui import QColor

    chart = panel.doc_scatter
    _show(panel, chart)
    panel.set_document("example2")  # as the window does when a document is chosen
    QTest.qWait(50)
    image = chart.plot_widget.grab().toImage()
    s = demo.document("example2").scores["plain"]
    marker = chart.plot_widget.mapFromScene(
        chart.plot.getViewBox().mapViewToScene(QPointF(100 * s.recall, 100 * s.precision)))
    sample = next(item for item, label in chart.legend.items if label.text == "current document")
    swatch = chart.plot_widget.mapFromScene(sample.mapToScene(QPointF(10, 10)))

    def colour(at) -> QColor:
        return QColor(image.pixel(at.x(), at.y()))

    def close(a: QColor, b: QColor) -> bool:
        return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) < 40

    assert close(colour(swatch), colour(marker)), (colour(swatch).name(), colour(marker).name())


def test_panel_draws_the_confusions_it_is_handed_without_counting(qtbot, demo, monkeypatch):
    """The export hands the panel the matrices the library counted while writing mappings.csv: the
    heatmaps show those (no mapping row is walked again); another combination is still counted."""
    from evmeval.mention.confusion import confusions

    import evmeval_gui.charts.panel as panel_module

    counted = confusions(demo.documents, "plain")
    real_confusions = panel_module.confusions
    calls: list[str] = []

    def recording_confusions(documents, combination="plain", *args, **kwargs):
        calls.append(combination)
        return real_confusions(documents, combination, *args, **kwargs)

    monkeypatch.setattr(panel_module, "confusions", recording_confusions)
    widget = charts_panel()
    qtbot.addWidget(widget)
    widget.resize(1100, 700)
    widget.show()
    widget.set_result(demo, confusions=counted)
    _show(widget, widget.type_confusion)
    assert widget.type_confusion.matrix is counted["mention_type"] and calls == []
    assert widget.realis_confusion.matrix.counts == counted["realis_status"].counts
    widget.set_combination("mention_type")
    assert calls == ["mention_type"] and widget.type_confusion.matrix.combination == "mention_type"
