"""View > Threshold: DyGIE++ predictions at a chosen probability, and the precision-recall curve.

DyGIE++ writes a probability with each predicted trigger and argument. The slider chooses a
threshold; the `dygiepp` convention's figures at it are the library's (`dygiepp_curve.score_at`,
run on the job runner, ~0.2 s on 2,000 documents: a drag scores once where it ends, each key
press supersedes the running one), and so is the curve over thresholds (`pr_curve`, made once per
system in the background; the chart is built, and pyqtgraph imported, only for such a corpus).
Nothing is scored here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evmeval.conventions.base import ConventionResult, Input
from evmeval.conventions.dygiepp_curve import CurvePoint, has_probabilities, pr_curve, score_at
from evmeval.conventions.parsed import dygiepp_file
from evmeval.io.reading import read_bytes
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QSlider,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.jobs import JobContext, JobRunner
from evmeval_gui.model.formatting import percent
from evmeval_gui.model.session import Session

if TYPE_CHECKING:
    from evmeval_gui.charts.pr_curve import PrCurveChart

STEPS = 100
"""The slider's positions: thresholds 0.00 ... 1.00."""
METRICS = (("trig_id", "Trig. id"), ("trig_class", "Trig. class"), ("arg_id", "Arg. id"), ("arg_class", "Arg. class"))
"""DyGIE++'s metric names and short row labels: at 1024 pixels the dock leaves the figures little room."""
CURVE_KEY, SCORE_KEY = "dygiepp-curve", "dygiepp-threshold"


def warm_imports() -> None:
    """The curve's chart modules, imported by the worker that computes the curve, not by the GUI thread when it
    arrives: pyqtgraph (0.1-0.3 s of CPU; `load_pyqtgraph` waits for the warm-up's import if one is under way) and
    the chart's module. They only define classes (see `qt_import`)."""
    from evmeval_gui.qt_import import load_pyqtgraph

    load_pyqtgraph()
    import evmeval_gui.charts.pr_curve  # noqa: F401


class ThresholdDock(QDockWidget):
    """The Threshold dock of `window` (shown by itself for a DyGIE++ corpus with probabilities)."""

    def __init__(self, window: QMainWindow, session: Session, runner: JobRunner) -> None:
        super().__init__("Threshold", window)
        self.setObjectName("thresholdDock")
        self.setAllowedAreas(Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.BottomDockWidgetArea)
        self.session, self.runner = session, runner
        self.inputs: tuple[Input, Input] | None = None
        self.curve: list[CurvePoint] = []
        self.result: ConventionResult | None = None
        self.note = QLabel("Open a DyGIE++ file with predicted probabilities to choose a threshold.")
        self.note.setWordWrap(True)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("thresholdSlider")
        self.slider.setRange(0, STEPS)
        self.slider.setPageStep(5)
        self.slider.setToolTip("Predictions (triggers and arguments) less probable than this are left out")
        self.slider.valueChanged.connect(self._rescore)
        self.slider.sliderReleased.connect(self._rescore)  # a drag scores once, where it ends
        self.value_label = QLabel("≥ 0.00")
        self.value_label.setObjectName("thresholdValue")
        row = QHBoxLayout()
        row.addWidget(QLabel("Threshold"))
        row.addWidget(self.slider, 1)
        row.addWidget(self.value_label)
        self.table = QTableWidget(len(METRICS), 3)
        self.table.setObjectName("thresholdTable")
        self.table.setHorizontalHeaderLabels(["P", "R", "F1"])
        self.table.setVerticalHeaderLabels([label for _, label in METRICS])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setDefaultSectionSize(20)
        self.table.setMaximumHeight(30 + 20 * len(METRICS))
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.chart: PrCurveChart | None = None
        body = QWidget()
        self.body_layout = QVBoxLayout(body)
        self.body_layout.setContentsMargins(4, 4, 4, 4)
        self.body_layout.addWidget(self.note)
        self.body_layout.addLayout(row)
        self.body_layout.addWidget(self.table)
        self.setWidget(body)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.hide()
        session.corpus_loaded.connect(self.refresh)
        session.system_changed.connect(lambda *_: self.refresh())

    @property
    def threshold(self) -> float:
        return self.slider.value() / STEPS

    def refresh(self) -> None:
        """A new corpus or system (or the dock made after the corpus loaded): read its files and make its
        curve in the background."""
        corpus, index = self.session.corpus, self.session.system_index
        self.inputs, self.curve, self.result = None, [], None
        self.runner.cancel(CURVE_KEY)
        self.runner.cancel(SCORE_KEY)
        events = corpus.events if corpus is not None else ()
        if corpus is None or not 0 <= index < len(events) or events[index].format != "dygiepp":
            self.hide()
            return
        gold, system = corpus.request.gold, corpus.request.systems[index]

        def work(context: JobContext) -> tuple[tuple[Input, Input], list[CurvePoint]] | None:
            inputs = (Input(gold, read_bytes(gold)), Input(system, read_bytes(system)))
            if not has_probabilities(dygiepp_file(inputs[1])):
                return None
            curve = pr_curve(*inputs, cancelled=context.cancelled)
            warm_imports()
            return inputs, curve

        self.runner.submit("Precision–recall curve", work, self._curve_ready, key=CURVE_KEY)

    def _curve_ready(self, made: tuple[tuple[Input, Input], list[CurvePoint]] | None) -> None:
        if made is None:
            self.hide()
            return
        self.inputs, self.curve = made
        if self.chart is None:
            from evmeval_gui.charts.pr_curve import PrCurveChart  # imported by the curve's worker (`warm_imports`)

            self.chart = PrCurveChart()
            self.chart.setObjectName("prCurveChart")
            self.body_layout.addWidget(self.chart, 1)
        self.chart.set_data(self.curve, current=self.threshold)
        self.note.setText("DyGIE++ probabilities: the dygiepp convention with the predictions below the "
                          "threshold left out.")
        self.show()  # a tab beside the Conventions dock, which stays in front
        self._rescore()

    def _rescore(self, *args: object) -> None:
        """The slider moved: score at its threshold in the background (the newest value wins)."""
        threshold = self.threshold
        self.value_label.setText(f"≥ {threshold:.2f}")
        if self.chart is not None:
            self.chart.set_current(threshold)
        if self.inputs is None or self.slider.isSliderDown():
            return  # while dragging, the ring on the curve follows; the figures come on release
        gold, system = self.inputs
        self.runner.submit(f"Scoring at threshold {threshold:.2f}", lambda _: score_at(gold, system, threshold),
                           self._scored, key=SCORE_KEY)

    def _scored(self, result: ConventionResult) -> None:
        self.result = result
        for r, (name, label) in enumerate(METRICS):
            metric = result.metrics[name]
            for c, value in enumerate((metric.precision, metric.recall, metric.f1)):
                item = QTableWidgetItem(percent(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setToolTip(f"{label} ({name}) at threshold {self.threshold:.2f}: match "
                                f"{metric.match_num:g}, predicted {metric.pred_num}, gold {metric.gold_num}")
                self.table.setItem(r, c, item)
