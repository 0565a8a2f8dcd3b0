"""The Coreference tab of the charts: the metrics as bars, and every document as a point.

`CorefScoreBars`: recall, precision and F1 of MUC, B³, CEAF-m, CEAF-e, BLANC and LEA (ours), and the
CoNLL F1 (ours: mean of MUC, B³, CEAF-e F1), summed over the corpus as the CoNLL scorer v8.01 sums
them; the subtitle gives v1.8's published average. `CorefDocScatter`: per document, mention F1 (the
chosen combination) on x against coreference CoNLL F1 on y, so documents whose clusters go wrong
even where the mentions were found stand out. `CorefCharts` holds both in one tab and follows the
session; the charts themselves only take `set_data(...)`, so exports draw them without a window.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import cast

import numpy as np
import pyqtgraph as pg
from evmeval.coref.metrics import METRICS, CorefCounts, LinkCounts
from evmeval.coref.scoring import CorefResult
from evmeval.coref.view import METRIC_NAMES
from evmeval.mention.scoring import DocumentResult
from evmeval.rules import Combination
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from evmeval_gui.charts.bar_labels import fit_values_saying
from evmeval_gui.charts.base import NARROW_WIDTH, ChartWidget, RotatedLabelAxis, legend_sample, text_item
from evmeval_gui.charts.doc_scatter import CURRENT_RINGS, CurrentSample, PercentScatter, point_size
from evmeval_gui.charts.names import COREF_CHART_NAMES
from evmeval_gui.charts.score_bars import METRIC_LABELS, OFFSETS
from evmeval_gui.charts.score_bars import METRICS as PRF
from evmeval_gui.charts.style import BAR_COLOUR, METRIC_COLOURS, MUTED, qcolour
from evmeval_gui.model.formatting import DASH, axis_percent, number, percent

GROUPS: tuple[str, ...] = (*METRICS, "conll_f1")
GROUP_LABELS = {**METRIC_NAMES, "lea": "LEA (ours)", "conll_f1": "CoNLL F1 (ours)"}
BAR_WIDTH = 0.25
CHART_NAMES = COREF_CHART_NAMES
"""Export names (files `chart_<name>.png` / `.svg`)."""


def figures(counts: CorefCounts, group: str) -> dict[str, float]:
    """recall / precision / f1 of a metric (CoNLL F1 has only f1)."""
    if group == "conll_f1":
        return {"f1": counts.conll_f1}
    m = counts.metric(group)
    return {"recall": m.recall, "precision": m.precision, "f1": m.f1}


class CorefScoreBars(ChartWidget):
    """R / P / F1 per coreference metric, in percent. Items: `bars[metric]`, `value_labels[(group, metric)]`."""

    base_minimum = (NARROW_WIDTH, 420)  # room for the slanted metric names under the bars

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, bottom_axis=RotatedLabelAxis())
        self.counts: CorefCounts | None = None
        self.bars: dict[str, pg.BarGraphItem] = {}
        self.value_labels: dict[tuple[str, str], pg.TextItem] = {}

    def _cleared(self, message: str) -> None:
        self.counts = None
        self.bars = {}
        self.value_labels = {}
        self.plot.getAxis("bottom").set_labels([])
        super()._cleared(message)

    def set_data(self, counts: CorefCounts, *, title: str, subtitle: str = "") -> None:
        self._start_drawing(counts, title=title, subtitle=subtitle)
        self.counts = counts
        self.bars, self.value_labels = {}, {}
        for metric in PRF:
            xs = [i + OFFSETS[metric] for i, g in enumerate(GROUPS) if metric in figures(counts, g)]
            heights = [axis_percent(figures(counts, g)[metric]) for g in GROUPS if metric in figures(counts, g)]
            item = pg.BarGraphItem(x=xs, height=heights, width=BAR_WIDTH, brush=qcolour(METRIC_COLOURS[metric]),
                                   pen=pg.mkPen("#333333"))
            self.plot.addItem(item)
            self.bars[metric] = item
            for i, g in enumerate(GROUPS):
                value = figures(counts, g).get(metric)
                if value is None:
                    continue
                label = text_item(percent(value, decimals=1), anchor=(0.5, 1.0), size=7.5)
                label.setPos(i + OFFSETS[metric], axis_percent(value) + 0.5)
                self.plot.addItem(label)
                self.value_labels[(g, metric)] = label
        # slanted names: seven groups share a narrow dock's width, and "CoNLL F1 (ours)" is long
        self.plot.getAxis("bottom").set_labels([(i, GROUP_LABELS[g]) for i, g in enumerate(GROUPS)])
        self.plot.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setRange(xRange=(-0.55, len(GROUPS) - 0.45), yRange=(-1.5, 108), padding=0)
        self.set_titles(title, subtitle=subtitle, left="Score (%)", bottom="Coreference metric")
        self.set_legend([(legend_sample(METRIC_COLOURS[m]), METRIC_LABELS[m]) for m in PRF], columns=3)
        self.fit_minimum(width=36 * len(GROUPS))
        self._view_resized()

    def _view_resized(self) -> None:
        fit_values_saying(self, list(self.value_labels.values()), OFFSETS["f1"] - OFFSETS["recall"], 7.5)

    def element_at(self, x: float, y: float) -> Hashable | None:
        if self.counts is None:
            return None
        group = round(x)
        if not 0 <= group < len(GROUPS):
            return None
        values = figures(self.counts, GROUPS[group])
        for metric, value in values.items():
            if abs(x - (group + OFFSETS[metric])) <= BAR_WIDTH / 2 and -1 <= y <= max(axis_percent(value), 4.0):
                return GROUPS[group], metric
        return None

    def describe(self, key: Hashable) -> str:
        group, metric = cast("tuple[str, str]", key)  # what `element_at` returned
        assert self.counts is not None
        text = f"{GROUP_LABELS[group]} — {METRIC_LABELS[metric]}: {percent(figures(self.counts, group)[metric])} %"
        m = self.counts.metric(group) if group != "conll_f1" else None
        if isinstance(m, LinkCounts) and metric != "f1":  # BLANC has two link kinds: no one num / den
            num, den = (m.recall_num, m.recall_den) if metric == "recall" else (m.precision_num, m.precision_den)
            text += f"\n= {num:g} / {den:g} (summed over documents, as the CoNLL scorer v8.01)"
        if group == "conll_f1":
            text += "\nmean of the MUC, B³ and CEAF-e F1 (the usual CoNLL score; v1.8 averages differently)"
        return text


DIAGONAL_NAME = "coreference = mentions"
"""What the dashed diagonal is called in the documents' scatter's legend."""


class CorefDocScatter(PercentScatter):
    """Mention F1 (x) against coreference CoNLL F1 (y) per document. Items: `scatter`, `current_marker`."""

    base_minimum = (NARROW_WIDTH, 400)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: dict[str, tuple[float, float, DocumentResult]] = {}
        self.combination = "plain"

    def _cleared(self, message: str) -> None:
        self.points = {}
        super()._cleared(message)

    def export_size(self) -> tuple[int, int]:
        return 860, 760

    def set_data(self, coref: CorefResult, documents: Sequence[DocumentResult], *, title: str,
                 current: str | None = None) -> None:
        self._start_drawing(coref, documents, title=title, current=current)
        self.combination = coref.combination
        by_id = {d.doc_id: d for d in documents}
        self.points = {}
        for cd in coref.documents:
            doc = by_id.get(cd.doc_id)
            if doc is None or not doc.counted:
                continue
            f1 = doc.scores[coref.combination].f1
            self.points[cd.doc_id] = (axis_percent(f1), axis_percent(cd.counts.conll_f1), doc)
        largest = max((d.num_gold for _, _, d in self.points.values()), default=0)
        ids = list(self.points)
        dashed = pg.mkPen(MUTED, width=1, style=pg.QtCore.Qt.PenStyle.DashLine)
        diagonal = pg.PlotCurveItem([0, 100], [0, 100], pen=dashed)
        self.plot.addItem(diagonal)
        self.scatter = pg.ScatterPlotItem(
            x=np.array([self.points[i][0] for i in ids]), y=np.array([self.points[i][1] for i in ids]),
            size=np.array([point_size(self.points[i][2].num_gold, largest, len(ids)) for i in ids]),
            brush=pg.mkBrush(qcolour(BAR_COLOUR, 110)), pen=pg.mkPen(qcolour(BAR_COLOUR), width=1.0), data=ids,
            pxMode=True)
        self.plot.addItem(self.scatter)
        self.plot.addItem(self._add_current_marker(30))
        self.set_current(current)
        self._percent_axes()
        self.set_titles(title, subtitle=f"{len(ids)} documents\nmentions aligned by "
                        f"{Combination(coref.combination).label}",
                        left="Coreference CoNLL F1 (%)", bottom="Mention F1 (%)")
        # the diagonal named in the legend: written at its top end, the words sat over the best documents'
        # points and the current one's ring
        self.set_legend([(legend_sample(BAR_COLOUR, symbol="o"), "document (area ~ #gold)"),
                         (CurrentSample(CURRENT_RINGS[-1:]), "current document"),
                         (pg.PlotDataItem(pen=dashed), DIAGONAL_NAME)], columns=3)
        self.fit_minimum()

    def set_current(self, doc_id: str | None) -> None:
        if self.current_marker is None:
            return
        point = self.points.get(doc_id) if doc_id is not None else None
        self.current_marker.setData([] if point is None else [point[0]], [] if point is None else [point[1]])
        if self._data_call is not None:
            self._data_call[1]["current"] = doc_id

    def describe(self, key: Hashable) -> str:
        x, y, doc = self.points[cast(str, key)]  # what `element_at` returned: a document's id
        return (f"{doc.doc_id}\nmention F1 {x:.2f} % ({Combination(self.combination).label}), coreference CoNLL F1 "
                f"{y:.2f} %\n{doc.num_gold} gold, {doc.num_system} system mention(s)\nClick to show this document.")


def corpus_subtitle(coref: CorefResult) -> str:
    average = number(coref.published_average()) if coref.documents else DASH
    return (f"v1.8 average (B³, CEAF-e, MUC, BLANC, truncated): {average}\nmentions aligned by "
            f"{Combination(coref.combination).label}, Dice ≥ {coref.threshold:g}")


class CorefCharts(QWidget):
    """Both coreference charts, one above the other; `set_data` draws them, `set_current` rings a document."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("corefCharts")
        self.bars = CorefScoreBars()
        self.scatter = CorefDocScatter()
        self.note = QLabel()
        self.note.setWordWrap(True)
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.addWidget(self.bars)
        column.addWidget(self.scatter)
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)  # as the other tabs' pages: no box drawn inside the tab's own
        area.setWidget(inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.note, 1)
        layout.addLayout(top)
        layout.addWidget(area, 1)
        self.clear("No coreference scores yet.")

    def clear(self, message: str) -> None:
        self._say(message)
        self.bars.clear(message)
        self.scatter.clear(message)

    def set_data(self, coref: CorefResult, documents: Sequence[DocumentResult], current: str | None = None) -> None:
        self._say("")
        self.bars.set_data(coref.total, title="Coreference scores (corpus)", subtitle=corpus_subtitle(coref))
        self.scatter.set_data(coref, documents, title="Documents: coreference vs mentions", current=current)

    def charts(self) -> dict[str, ChartWidget]:
        return dict(zip(CHART_NAMES, (self.bars, self.scatter), strict=True))

    def _say(self, text: str) -> None:
        """The note over the charts, hidden when it has nothing to say (empty, it left a white line under the
        tabs)."""
        self.note.setText(text)
        self.note.setVisible(bool(text))
