"""The Conventions dock's switchboard: every convention's figures side by side with their spread, fitted to the
dock's width (split from `dock`, which places it and the lists under it).

A figure a scorer does not make is not a row of "—": MAVEN-ERE's evaluate.py reports F1 alone for its
coreference mean and its overall_f1 (a mean of F1s has no precision), so those metrics get their F1 row only,
its tooltip and the dock's note say so (`fill` returns the note). Nothing is made up in their place.
"""

from __future__ import annotations

from evmeval.conventions.switchboard import FIGURES, Switchboard
from evmeval.report.switchboard_html import BIG_SPREAD
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem, QWidget

from evmeval_gui.model.formatting import is_nan, percent
from evmeval_gui.table_fit import Yield, apply_plan, fit_columns

_SHORT = {"precision": "P", "recall": "R", "f1": "F1"}
_ROW_LABELS = {"trigger_id": "Trigger id.", "trigger_cls": "Trigger class.", "argument_id": "Argument id.",
               "argument_cls": "Argument class."}
"""Short row labels for the dock (the library's full ones are the tooltips)."""
_NARROW_LABELS = {"trigger_id": "Trig. id", "trigger_cls": "Trig. cls", "argument_id": "Arg. id",
                  "argument_cls": "Arg. cls"}
"""Shorter still, when the dock is too narrow for `_ROW_LABELS` (1024 pixels): the table never scrolls sideways."""
_BIG = QColor("#b2182b")
"""Spreads of `BIG_SPREAD` (5 points) or more, as in the HTML report."""


def reported(value: float | None) -> bool:
    """Whether a scorer made this figure (NaN: it makes none, as the precision of a mean of F1s)."""
    return value is not None and not is_nan(value)


def _number(text: str, tip: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    item.setToolTip(tip)
    return item


class SwitchboardTable(QTableWidget):
    """The figures of a `Switchboard`, one row per metric and figure, one column per convention and the spread."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("switchboardTable")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setDefaultSectionSize(20)
        self._labels: tuple[list[str], list[str]] = ([], [])
        """Each row's label, as it is and short (`fit` chooses)."""
        self._heads: tuple[list[str], list[str]] = ([], [])
        """Each column's heading, as it is and short."""
        self._cells: list[int] = []
        """Each column's widest number, pixels."""

    def empty(self) -> None:
        """No switchboard (a tbf corpus)."""
        self.clear()
        self.setRowCount(0)
        self._cells = []

    def fill(self, board: Switchboard) -> str:
        """Show `board`; returns the note on the figures a convention does not report ("" when it reports all)."""
        self.clear()
        columns = [c.title.replace(" (", "\n(") for c in board.conventions] + ["spread"]
        self.setColumnCount(len(columns))
        self.setHorizontalHeaderLabels(columns)
        labels, narrow, tips = [], [], []
        rows = [row for row in board.rows if any(c is not None for c in row.cells.values())]  # a measured one
        self.setRowCount(len(rows) * len(FIGURES))
        for r, row in enumerate(rows):
            for f, figure in enumerate(FIGURES):
                at = r * len(FIGURES) + f
                labels.append(f"{_ROW_LABELS.get(row.row, row.label)} {_SHORT[figure]}")
                narrow.append(f"{_NARROW_LABELS.get(row.row, row.label)} {_SHORT[figure]}")
                tips.append(f"{row.label} {_SHORT[figure]}")
                for c, convention in enumerate(board.conventions):
                    cell = row.cells[convention.name]
                    value = None if cell is None else getattr(cell.metric, figure)
                    self.setItem(at, c, _number(
                        percent(value), f"not measured by {convention.name}" if cell is None else
                        f"{cell.name}: match {cell.metric.match_num:g}, pred {cell.metric.pred_num}, gold "
                        f"{cell.metric.gold_num}" + ("" if reported(value) else
                                                     f"; {convention.name} reports no {figure} for it")))
                spread = row.spread(figure)
                item = _number(percent(spread), "")
                if spread is not None and spread >= BIG_SPREAD:
                    item.setForeground(QBrush(_BIG))
                self.setItem(at, len(board.conventions), item)
        unreported: list[str] = []
        for c, (convention, result) in enumerate(zip(board.conventions, board.results, strict=True)):
            if "trigger_id" in convention.comparable:
                continue  # its figures are in the comparable rows (an argument scorer's own tables stay below)
            alone: dict[str, list[str]] = {}
            """The figures made (`F1`) -> the metrics that have only those."""
            for name, metric in result.metrics.items():  # its own figures, under its own names
                label = result.labels.get(name, name)
                made = [figure for figure in FIGURES if reported(getattr(metric, figure, None))] or ["f1"]
                only = " and ".join(_SHORT[figure] for figure in made)
                missing = " or ".join(_SHORT[f] for f in FIGURES if f not in made)
                why = f" — {only} only: {convention.name}'s scorer reports no {missing} for it" if missing else ""
                if missing:
                    alone.setdefault(only, []).append(label)
                for figure in made:
                    at = self.rowCount()
                    self.insertRow(at)
                    labels.append(f"{label} {_SHORT[figure]}")
                    narrow.append(f"{name} {_SHORT[figure]}")  # its key (`role_id`, `span_c`): the tip names it
                    tips.append(f"{convention.name}: {label} {_SHORT[figure]}{why}")
                    self.setItem(at, c, _number(percent(getattr(metric, figure, None)),
                                                f"{convention.name} {name}: match {metric.match_num:g}, pred "
                                                f"{metric.pred_num}, gold {metric.gold_num}{why}"))
            unreported += [f"{only} only for {' and '.join(names)}: {convention.name}'s scorer reports no other "
                           "figure for them." for only, names in alone.items()]
        for at, tip in enumerate(tips):
            item = QTableWidgetItem(labels[at])
            item.setToolTip(tip)
            self.setVerticalHeaderItem(at, item)
        for c, convention in enumerate(board.conventions):
            if (head := self.horizontalHeaderItem(c)) is not None:
                head.setToolTip(convention.title)
        self._labels = (labels, narrow)
        self._heads = (columns, [("ours" if c.ours else c.name) for c in board.conventions] + ["spread"])
        metrics = self.fontMetrics()
        self._cells = [max((metrics.horizontalAdvance(entry.text()) for r in range(self.rowCount())
                            if (entry := self.item(r, c)) is not None), default=0)
                       for c in range(self.columnCount())]
        self.fit()
        return " ".join(unreported)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        """Fit the switchboard to the dock's width, never scrolling sideways: short row labels and
        headings (the convention's name, `ours` for ours) when the usual ones leave the columns too little
        room, then the columns shrink towards their numbers' width (`fit_columns`, as the mapping table's)."""
        if not self._cells:
            return
        room = self.width() - 2 * self.frameWidth() - self.verticalScrollBar().sizeHint().width()
        metrics = self.horizontalHeader().fontMetrics()
        pad = 2 * self.style().pixelMetric(self.style().PixelMetric.PM_HeaderMargin) + 8

        def widths(mode: int) -> tuple[int, dict[int, int]]:
            label = max((metrics.horizontalAdvance(t) for t in self._labels[mode]), default=0) + pad
            return label, {c: max(cell, *(metrics.horizontalAdvance(line) for line in head.split("\n"))) + pad
                           for c, (cell, head) in enumerate(zip(self._cells, self._heads[mode], strict=True))}

        label, natural = widths(0)
        mode = 0 if label + sum(natural.values()) <= room else 1
        if mode:
            label, natural = widths(1)
        for at, text in enumerate(self._labels[mode]):
            header: QTableWidgetItem | None = self.verticalHeaderItem(at)
            if header is not None and header.text() != text:
                header.setText(text)
        for c, text in enumerate(self._heads[mode]):
            header = self.horizontalHeaderItem(c)
            if header is not None and header.text() != text:
                header.setText(text)
        label = max(label, self.verticalHeader().sizeHint().width())  # the header's own measure, once relabelled
        single = len(self._cells) == 2  # one convention: its spread is always blank, so not shown
        if single:
            natural.pop(1)
        steps = [Yield((c,), cell + 8) for c, cell in enumerate(self._cells) if not (single and c == 1)]
        apply_plan(self, fit_columns(room - label, natural, steps))  # a number's width and its margins, as steps
        self.setColumnHidden(len(self._cells) - 1, single)
