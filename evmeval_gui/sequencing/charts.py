"""Event sequencing charts: P / R / F1 per evaluation under both closures, and the documents' scatter.

`SequencingBarsChart`: for After, Subevent and All, precision, recall and F1 under v1.8's published
closure (solid bars) and under our complete interval closure (hatched bars, labelled "ours").
`SequencingScatterChart`: one point per document with links, precision against recall under the
published closure for the `All` evaluation; clicking a point asks to show that document.
Figures are the core's (`evmeval.sequencing.scoring`); the charts only draw them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Mapping
from typing import cast

import numpy as np
import pyqtgraph as pg
from evmeval.conventions import FILE_FORMATS
from evmeval.io.maven_ere import CAUSAL, TEMPORAL
from evmeval.sequencing.links import EVALUATIONS
from evmeval.sequencing.scoring import Evaluation
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QWidget

from evmeval_gui.charts.bar_labels import F1_NOTE, HIDDEN_NOTE, fit_axis_lines, fit_value_labels, say_where_values_are
from evmeval_gui.charts.base import NARROW_WIDTH, ChartWidget, legend_sample, text_item
from evmeval_gui.charts.doc_scatter import PercentScatter
from evmeval_gui.charts.score_bars import METRIC_LABELS, METRICS
from evmeval_gui.charts.style import BAR_COLOUR, CURRENT_OUTLINE, METRIC_COLOURS, qcolour
from evmeval_gui.model.formatting import axis_percent, percent
from evmeval_gui.sequencing.state import CLOSURE_NAMES, CLOSURES

BAR_WIDTH = 0.12
OFFSETS = {("published", "precision"): -0.38, ("published", "recall"): -0.26, ("published", "f1"): -0.14,
           ("full", "precision"): 0.10, ("full", "recall"): 0.22, ("full", "f1"): 0.34}
"""Bar centre relative to its evaluation's group centre (group i sits at x = i)."""
VALUE_SIZE = 7.5
"""The point size of the values over the bars."""
CAPTIONS = {"published": "v1.8", "full": "ours"}
"""What names each closure's three bars under them."""
VALUES_NOTE = {"all": "", "f1": F1_NOTE, "none": HIDDEN_NOTE}
"""The subtitle's last line, by `labels_shown`: where the values went, said where the reader looks first."""


def _brush(metric: str, closure: str) -> QBrush:
    """Solid for v1.8's figures, hatched for ours: the two never read as the same series."""
    if closure == "published":
        return QBrush(qcolour(METRIC_COLOURS[metric]))
    return QBrush(qcolour(METRIC_COLOURS[metric]), Qt.BrushStyle.BDiagPattern)




class SequencingBarsChart(ChartWidget):
    """Items: `bars[(closure, metric)]` (one BarGraphItem each, heights in percent)."""

    base_minimum = (NARROW_WIDTH, 320)
    plot_minimum_height = 200
    """At 1024 pixels the title's lines and the legend's five left the bars 140 pixels: a strip under them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars: dict[tuple[str, str], pg.BarGraphItem] = {}
        self.evaluations: Mapping[str, Mapping[str, Evaluation]] = {}
        self.value_labels: list[pg.TextItem] = []
        self._label_metrics: list[str] = []
        """Each value label's metric, in `value_labels`' order."""
        self.labels_shown = "none"
        """Which values are drawn over the bars: "all", "f1" (where all would run together) or "none"."""

    def _cleared(self, message: str) -> None:
        self.bars = {}
        self.evaluations = {}
        self.value_labels = []
        self._label_metrics = []
        self.labels_shown = "none"
        super()._cleared(message)

    def set_data(self, evaluations: Mapping[str, Mapping[str, Evaluation]], *, title: str, subtitle: str = "") -> None:
        """Draw closure -> evaluation name -> `Evaluation` (a missing one is drawn as 0, labelled "—")."""
        self._start_drawing(evaluations, title=title, subtitle=subtitle)
        self.evaluations = evaluations
        self.bars = {}
        self.value_labels = []
        self._label_metrics = []
        for closure in CLOSURES:
            for metric in METRICS:
                values = [self.value(closure, name, metric) for name in EVALUATIONS]
                x = [i + OFFSETS[(closure, metric)] for i in range(len(EVALUATIONS))]
                item = pg.BarGraphItem(x=x, height=[axis_percent(v) for v in values], width=BAR_WIDTH,
                                       brush=_brush(metric, closure), pen=pg.mkPen("#333333"))
                self.plot.addItem(item)
                self.bars[(closure, metric)] = item
                for xi, value in zip(x, values, strict=True):
                    label = text_item(percent(value, decimals=1), anchor=(0.5, 1.0), size=VALUE_SIZE)
                    label.setPos(xi, axis_percent(value) + 0.5)
                    self.plot.addItem(label)
                    self.value_labels.append(label)
                    self._label_metrics.append(metric)
        # each closure's bars named under them, the evaluation's name on the line below: in the axis, which
        # keeps their room (in the plot, 8 units below 0 were too few pixels in a short chart: "v1.8" was cut)
        names = [(i + OFFSETS[(closure, "recall")], CAPTIONS[closure]) for i in range(len(EVALUATIONS))
                 for closure in CLOSURES] + [(i, "\n" + name) for i, name in enumerate(EVALUATIONS)]
        bottom = self.plot.getAxis("bottom")
        bottom.setTicks([names])
        self.plot.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setRange(xRange=(-0.55, len(EVALUATIONS) - 0.45), yRange=(-1.5, 108), padding=0)
        self.set_titles(title, subtitle=subtitle, left="Score (%)", bottom="Evaluation (link types)")
        fit_axis_lines(bottom, [text for _, text in names])
        # the colours only: the subtitle says solid and hatched, the words under the bars v1.8 and ours (the
        # closures' two entries, "full closure, ours (hatched)" the widest, took the legend to five lines at 1024)
        entries = [(legend_sample(METRIC_COLOURS[m]), METRIC_LABELS[m]) for m in METRICS]
        self.set_legend(entries, columns=3)
        self.fit_minimum()
        self._view_resized()

    def _view_resized(self) -> None:
        """Every bar's value over it where neighbours do not run into each other ("0.00.00.0"); where they
        would (18 bars in a 1024-pixel window's 220), the F1 bars' values only, three bars apart; the tooltip
        has each. `labels_shown` says which."""
        if not self.value_labels:
            return
        pitch = min(abs(a - b) for a in OFFSETS.values() for b in OFFSETS.values() if a != b)
        layout = fit_value_labels(self.plot, self.value_labels, pitch, VALUE_SIZE)
        self.labels_shown = "all"
        if layout == "hidden":
            f1 = [label for label, metric in zip(self.value_labels, self._label_metrics, strict=True) if metric == "f1"]
            for label in self.value_labels:
                if label not in f1:
                    label.setVisible(False)
            xs = sorted(i + OFFSETS[(closure, "f1")] for i in range(len(EVALUATIONS)) for closure in CLOSURES)
            f1_pitch = min(b - a for a, b in itertools.pairwise(xs))
            shown = fit_value_labels(self.plot, f1, 0.8 * f1_pitch, VALUE_SIZE)
            self.labels_shown = "none" if shown == "hidden" else "f1"
        say_where_values_are(self, VALUES_NOTE[self.labels_shown])

    def value(self, closure: str, name: str, metric: str) -> float:
        evaluation = self.evaluations.get(closure, {}).get(name)
        return float(getattr(evaluation.corpus, metric)) if evaluation is not None else math.nan

    def element_at(self, x: float, y: float) -> Hashable | None:
        group = round(x)
        if not 0 <= group < len(EVALUATIONS):
            return None
        for (closure, metric), offset in OFFSETS.items():
            value = self.value(closure, EVALUATIONS[group], metric)
            if abs(x - group - offset) <= BAR_WIDTH / 2 and -1 <= y <= max(axis_percent(value), 4.0):
                return closure, EVALUATIONS[group], metric
        return None

    def describe(self, key: Hashable) -> str:
        closure, name, metric = cast("tuple[str, str, str]", key)  # what `element_at` returned
        evaluation = self.evaluations.get(closure, {}).get(name)
        if evaluation is None:
            return f"{name}, {CLOSURE_NAMES[closure]}: not available"
        c = evaluation.corpus
        text = f"{name} links, {CLOSURE_NAMES[closure]} — {METRIC_LABELS[metric]}: {percent(getattr(c, metric))} %"
        if metric == "precision":
            text += f"\n{c.precision_matched} of {c.system_links} system link(s) verified by the gold graph"
        elif metric == "recall":
            text += f"\ncredit {c.recall_credit:.4g} of {c.gold_links} gold link(s)"
        return text


class SequencingScatterChart(PercentScatter):
    """Recall on x, precision on y (percent), one point per document with links (`All`, published)."""

    base_minimum = (NARROW_WIDTH, 380)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: dict[str, tuple[float, float, float]] = {}

    def _cleared(self, message: str) -> None:
        self.points = {}
        super()._cleared(message)

    def export_size(self) -> tuple[int, int]:
        return 760, 680

    def set_data(self, evaluation: Evaluation, *, title: str, current: str | None = None) -> None:
        self._start_drawing(evaluation, title=title, current=current)
        docs = [d for d in evaluation.documents if d.gold_links or d.system_links]
        self.points = {d.doc_id: (d.precision, d.recall, d.f1) for d in docs}
        x = [axis_percent(r) for _, r, _ in self.points.values()]
        y = [axis_percent(p) for p, _, _ in self.points.values()]
        self.scatter = pg.ScatterPlotItem(x=np.array(x), y=np.array(y), size=11, symbol="o",
                                          brush=pg.mkBrush(qcolour(BAR_COLOUR, 120)), pen=pg.mkPen(BAR_COLOUR),
                                          data=list(self.points))
        self.plot.addItem(self.scatter)
        self.plot.addItem(self._add_current_marker(22))
        self.set_current(current)
        self._percent_axes()
        self.set_titles(title, subtitle=f"{len(docs)} document(s) with links · All links · "
                        f"{CLOSURE_NAMES[evaluation.closure]} closure · undefined figures drawn at 0",
                        left="Precision (%)", bottom="Recall (%)")
        self.set_legend([(legend_sample(BAR_COLOUR, symbol="o"), "document"),
                         (pg.ScatterPlotItem(symbol="o", size=13, brush=pg.mkBrush(None),
                                             pen=pg.mkPen(CURRENT_OUTLINE, width=2)), "current document")], columns=2)
        self.fit_minimum()

    def set_current(self, doc_id: str | None) -> None:
        if self.current_marker is None:
            return
        point = self.points.get(doc_id) if doc_id is not None else None
        if point is None:
            self.current_marker.setData([], [])
        else:
            p, r, _ = point
            self.current_marker.setData([axis_percent(r)], [axis_percent(p)])
        if self._data_call is not None:
            self._data_call[1]["current"] = doc_id

    def describe(self, key: Hashable) -> str:
        p, r, f = self.points[key]  # type: ignore[index]
        return f"{key}\nP {percent(p)} %, R {percent(r)} %, F1 {percent(f)} % (All links)\nClick to show it."


def no_sequencing_text(corpus_format: str | None) -> str:
    """Why the Sequencing tab is empty, in the corpus's own terms: v1.8's sequencing scores tbf @After /
    @Subevent lines, which a JSONL format does not have (MAVEN-ERE's relations are its convention's figures)."""
    if corpus_format is None:
        return "No event sequencing: the files have no @After or @Subevent links."
    if corpus_format == "maven-ere":
        return ("No event sequencing: v1.8 scores tbf @After / @Subevent links. MAVEN-ERE's temporal "
                f"({', '.join(TEMPORAL[:2])}, …), causal ({', '.join(CAUSAL)}) and subevent relations are scored as "
                "its evaluate.py scores them: see the Conventions tab. (evmeval-convert writes BEFORE and subevent "
                "pairs as @After and @Subevent.)")
    name = FILE_FORMATS.get(corpus_format, corpus_format).split(" (")[0]
    return (f"No event sequencing: {name} carries no event-order or subevent relations (v1.8 scores tbf "
            "@After / @Subevent links).")


class SequencingChartsPage(QWidget):
    """The Sequencing tab: the bars over the scatter; `set_data(None)` shows why there is nothing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtWidgets import QVBoxLayout

        self.bars = SequencingBarsChart()
        self.scatter = SequencingScatterChart()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bars)
        layout.addWidget(self.scatter)
        self.set_data(None)

    def set_data(self, evaluations: Mapping[str, Mapping[str, Evaluation]] | None, *,
                 current: str | None = None, corpus_format: str | None = None) -> None:
        """`corpus_format`: an event corpus's format (`EventCorpus.format`), whose terms say why there is no
        sequencing; None for tbf."""
        if not evaluations:
            self.bars.clear(no_sequencing_text(corpus_format))
            self.scatter.clear("")
            return
        self.bars.set_data(evaluations, title="Event sequencing: temporal awareness",
                           subtitle="v1.8's published closure (solid) and our complete closure (hatched)")
        published = evaluations.get("published", {}).get("All")
        if published is None:
            self.scatter.clear("v1.8 has no All figures here (see the warnings)")
        else:
            self.scatter.set_data(published, title="Documents: sequencing precision against recall",
                                  current=current)
