"""The corpus scores at a glance: micro and macro P / R / F1 for the chosen combination.

Figures are `ScoreResult.micro` / `ScoreResult.macro` as the core computed them; this bar only
formats them (percent, two decimals; an undefined value as a dash with a tooltip).
"""

from __future__ import annotations

import html
import os

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from core.editing.session import FigureChange
from core.metrics.prf import Average, Score
from core.rules import Combination
from evmeval_gui import colours
from evmeval_gui.model.formatting import NAN_TOOLTIP, is_nan, percent
from evmeval_gui.model.session import Session

_METRICS = (("precision", "P"), ("recall", "R"), ("f1", "F1"))


class _Figure(QWidget):
    """A caption over a big number."""

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel(caption)
        self.caption.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.value = QLabel("—")
        font = QFont(self.value.font())
        font.setPointSizeF(font.pointSizeF() + 3)
        font.setBold(True)
        self.value.setFont(font)
        self.value.setObjectName("figureValue")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.caption, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.value, 0, Qt.AlignmentFlag.AlignLeft)
        self.delta = QLabel()
        self.delta.setObjectName("figureDelta")
        self.delta.hide()
        self.change = ""
        layout.addWidget(self.delta, 0, Qt.AlignmentFlag.AlignLeft)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)

    def set_value(self, value: float | None, tooltip: str, change: FigureChange | None = None) -> None:
        self.value.setText(percent(value) + ("" if is_nan(value) else " %"))
        self.setToolTip(NAN_TOOLTIP if is_nan(value) else tooltip)
        shown = change is not None and change.changed
        self.delta.setVisible(shown)
        self.change = change.text() if change is not None and shown else ""
        if change is not None and shown:
            up = change.difference > 0
            # under the figure only the difference fits; the summary line and the tooltip say before → after
            self.delta.setText(f"({change.difference:+.2f})" if change.difference == change.difference else "")
            self.delta.setStyleSheet(f"color: {'#1B7F3B' if up else '#B3261E'}; font-size: 90%;")
            self.setToolTip(f"{tooltip}\nUnsaved edits: {change.text()} (saved files → now)")


class SummaryBar(QFrame):
    """Run name, document and mention counts, then micro and macro figures."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("summaryBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#summaryBar { background: #F7F8FA; }")
        self.run = QLabel()
        self.run.setTextFormat(Qt.TextFormat.RichText)
        self.counts = QLabel()
        self.counts.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        for label in (self.run, self.counts):  # they wrap rather than widen the window
            label.setWordWrap(True)
            label.setMinimumWidth(140)
        left = QVBoxLayout()
        left.setSpacing(0)
        left.addWidget(self.run)
        left.addWidget(self.counts)
        self.figures: dict[str, _Figure] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 10, 4)
        layout.setSpacing(10)
        layout.addLayout(left, 1)
        for group, title in (("micro", "Micro"), ("macro", "Macro")):
            heading = QLabel(f"<b>{title}</b>")
            heading.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
            heading.setToolTip("Micro: summed over all mentions of the counted documents"
                               if group == "micro" else
                               "Macro: the mean of per-document precision and recall; F1 is their harmonic mean")
            layout.addWidget(heading)
            for key, caption in _METRICS:
                figure = _Figure(caption)
                figure.setObjectName(f"{group}_{key}")
                self.figures[f"{group}_{key}"] = figure
                layout.addWidget(figure)
            layout.addSpacing(8)
        session.scoring_finished.connect(self.refresh)
        session.combination_changed.connect(self.refresh)
        session.result_edited.connect(self.refresh)
        self.refresh()

    def refresh(self, *args: object) -> None:
        result = self.session.result
        combination = self.session.combination
        if result is None:
            self.run.setText("<i>No corpus open</i>")
            self.counts.setText("")
            for figure in self.figures.values():
                figure.set_value(None, "")
            return
        micro: Score = result.micro[combination]
        macro: Average = result.macro[combination]
        self.run.setText(f"<b>{html.escape(result.run_name)}</b> vs {html.escape(os.path.basename(result.gold_path))}"
                         f" · {html.escape(Combination(combination).label)}")
        counted = macro.num_documents
        self.counts.setText(f"{len(result.documents)} documents ({result.averages_note}) · "
                            f"{micro.num_gold} gold, {micro.num_system} system mentions counted")
        edits = self.session.edit_delta
        if edits is not None:
            f1 = edits.micro(combination, "f1")
            self.counts.setText(f"<span style='color:#8A4B00'><b>✎ Unsaved edits</b> in {len(edits.documents)} "
                                f"document(s): micro F1 {f1.text()}</span>")
        delta = self.session.edit_delta
        for key, _ in _METRICS:
            value = getattr(micro, key)
            self.figures[f"micro_{key}"].set_value(
                value, f"Micro {key}: {percent(value)} % (TP {micro.tp:.2f}, {micro.num_gold} gold, "
                       f"{micro.num_system} system)", delta.micro(combination, key) if delta else None)
            value = getattr(macro, key)
            self.figures[f"macro_{key}"].set_value(value, f"Macro {key} over {counted} documents: {percent(value)} %",
                                                   delta.macro(combination, key) if delta else None)

    def figure_text(self, name: str) -> str:
        """What one figure shows, e.g. `figure_text("micro_f1")` (for tests)."""
        return self.figures[name].value.text()

    def change_text(self, name: str) -> str:
        """The before → after line under one figure ("" when it shows none)."""
        figure = self.figures[name]
        return figure.change if figure.delta.isVisibleTo(self) else ""
