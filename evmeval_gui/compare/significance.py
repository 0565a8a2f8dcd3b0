"""The significance figures of a pair: per combination F1 of a and b with their bootstrap intervals, the
delta, its paired-bootstrap interval drawn on an axis with the 0 line, and the bootstrap, randomization
and adjusted p-values.

All four combinations share one axis, so their intervals can be compared. The interval is drawn in the
colour of its direction (↑ green, ↓ red) only when the core's verdict says so — the interval leaves 0 out
and the randomization p, adjusted for the other pairs, is below 1 − confidence — and in grey otherwise
(no clear difference, held back, or too few documents for a verdict). The numbers and the verdict are
the core's `PairTest` (`evmeval.compare.significance` defines them and decides; this only shows them).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from evmeval.align import COMBINATIONS
from evmeval.compare.runs import Mark, PairComparison
from evmeval.compare.significance import F1Interval, PairTest, ResampleSettings, Verdict
from evmeval.rules import Combination, distinct_combinations
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from evmeval_gui.compare.style import DOWN_COLOUR, SAME_COLOUR, UP_COLOUR
from evmeval_gui.compare.tables import cell_texts
from evmeval_gui.model.formatting import interval_text, percent, round_percent
from evmeval_gui.table_fit import whole_width

UNIT = "points"
"""A difference of two F1s (%) is in percentage points: the reports' word (`evmeval.report.compare_text.points`)."""
HEADERS = ("Attributes", "F1 a (%)", "F1 b (%)", f"Δ F1 ({UNIT})", f"Interval ({UNIT})", "Δ (0 dashed)", "p boot",
           "p rand", "p adj", "docs ↑ / ↓ / =", "Verdict")
"""Short headers, as the text report's, with the unit the report says in its caption (the tooltips say what each
is); the drawing's names its axis' ends once a pair is shown (`axis_header`)."""
VERDICT_COLUMN = 10
DRAW_COLUMN = 5
YIELDING = ((6, 7), (9,))
"""What gives way, step by step, where the table would scroll its verdict out of a narrow window (1024 px): p boot
and p rand (the verdict reads p adj), then the documents' marks; each row's tooltip keeps them all."""


def points(value: float) -> str:
    return percent(value, signed=True)


def nice_scale(value: float) -> float:
    """The smallest round figure (1, 2, 2.5 or 5 times a power of ten, in points) at or above `value` (a
    fraction): the drawing's axis ends where its header says, at a number one reads at a glance."""
    magnitude = 10.0 ** math.floor(math.log10(100 * value))
    end = next(step * magnitude for step in (1, 2, 2.5, 5, 10) if step * magnitude >= 100 * value * (1 - 1e-9))
    return end / 100


def axis_header(scale: float) -> str:
    """The drawing's header: what it draws, in which unit, and its axis' ends (`scale`, a fraction, either
    side of the dashed 0 at the middle, under the header's 0)."""
    end = round_percent(scale)
    return f"Δ F1 ({UNIT})\n−{end} … 0 … +{end}"


def interval_colour(test: PairTest) -> str:
    """The core's verdict in colour: green when b is better, red when a is, grey for no clear difference
    (held back included) or too few documents for a verdict."""
    return {Verdict.B_BETTER: UP_COLOUR, Verdict.A_BETTER: DOWN_COLOUR}.get(test.verdict, SAME_COLOUR)


class IntervalDelegate(QStyledItemDelegate):
    """Draws a row's interval on the table's common axis: dashed 0 line, interval bar, delta dot."""

    def __init__(self, table: SignificanceTable) -> None:
        super().__init__(table)
        self.table = table

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        super().paint(painter, option, index)
        test = self.table.tests.get(index.row())
        scale = self.table.scale
        if test is None or scale <= 0:
            return
        rect = QRectF(option.rect).adjusted(8, 3, -8, -3)

        def x(value: float) -> float:
            return rect.left() + rect.width() * (value / scale + 1) / 2

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        mid = rect.center().y()
        painter.setPen(QPen(QColor("#d0d0d0"), 1))
        painter.drawLine(QPointF(rect.left(), mid), QPointF(rect.right(), mid))
        painter.setPen(QPen(QColor("#777777"), 1, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(x(0), rect.top()), QPointF(x(0), rect.bottom()))
        colour = QColor(interval_colour(test))
        painter.setPen(QPen(colour, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        painter.drawLine(QPointF(x(test.ci_low), mid), QPointF(x(test.ci_high), mid))
        painter.setPen(QPen(colour, 1.5))
        for end in (test.ci_low, test.ci_high):
            painter.drawLine(QPointF(x(end), mid - 4), QPointF(x(end), mid + 4))
        painter.setBrush(QColor("#111111"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(x(test.delta_f1), mid), 3.5, 3.5)
        painter.restore()


class SignificanceTable(QTableWidget):
    """One row per combination; the current combination's row is bold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(len(COMBINATIONS), len(HEADERS), parent)
        self.setObjectName("significanceTable")
        self.setHorizontalHeaderLabels(list(HEADERS))
        self.verticalHeader().hide()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setItemDelegateForColumn(DRAW_COLUMN, IntervalDelegate(self))
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(DRAW_COLUMN, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(40)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        header.setTextElideMode(Qt.TextElideMode.ElideNone)  # Qt elides two lines as one: "−5…" (`_fit_drawing`)
        header.sectionResized.connect(self._on_section_resized)
        self.tests: dict[int, PairTest] = {}
        self.scale = 0.0
        self._natural: dict[int, int] = {}
        """The widest each column that gives way (`YIELDING`) has needed while shown."""
        self._rows = len(COMBINATIONS)
        """The rows shown (`_fit_rows`)."""
        self._scrolls = False
        """Whether the columns are wider than the table (`_fit_drawing`): then it scrolls sideways."""
        for column, tip in ((5, "The delta (dot) and its interval on one axis for the four rows, in points: the "
                                "dashed line is 0, the ends are the second line's figures"),
                            (1, "Micro F1 of run a (%) with its bootstrap interval (resampling documents)"),
                            (2, "Micro F1 of run b (%) with its bootstrap interval (resampling documents)"),
                            (3, "F1(b) − F1(a) in percentage points"),
                            (4, "Paired bootstrap interval of the delta (resampling documents)"),
                            (6, "Paired bootstrap p-value, two-sided: the smallest 1 − confidence at which "
                                "the interval leaves 0 out (so it agrees with the interval)"),
                            (7, "Approximate randomization p-value (swap the runs' counts per document): "
                                "(c + 1) / (n + 1)"),
                            (8, "The randomization p adjusted for the other pairs compared (Holm by default): "
                                "what the verdict reads after the interval"),
                            (10, "The verdict reads the interval first, then the adjusted p: better only when "
                                 "the interval leaves 0 out and p adjusted is below 1 − confidence (held back: "
                                 "the interval alone leaves 0 out); none with too few documents")):
            if (item := self.horizontalHeaderItem(column)) is not None:
                item.setToolTip(tip)
        self._fit_rows(len(COMBINATIONS))

    def _on_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column != DRAW_COLUMN:  # another column fitted to its contents: the drawing takes what is left
            self._fit_drawing()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_drawing()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_drawing()  # filled while hidden (another page in front), its viewport's width was not the one shown

    def _fit_drawing(self) -> None:
        """The drawing takes the room the other columns leave, but never less than its header's lines: in a
        narrow window the table scrolls sideways rather than cut "Δ (…" and the axis' ends."""
        header = self.horizontalHeader()
        least = header.sectionSizeHint(DRAW_COLUMN)  # its widest line, with the style's margins
        yielding = [c for step in YIELDING for c in step]
        others = sum(header.sectionSize(c) for c in range(self.columnCount())
                     if c not in (DRAW_COLUMN, *yielding) and not header.isSectionHidden(c))

        def natural(column: int) -> int:  # its header's or its widest cell's: Qt gives a hidden header 0, so the
            # widest seen while shown is kept (else a hidden column measured narrow, showed, and hid again)
            width = max(whole_width(self, column), self._natural.get(column, 0))
            self._natural[column] = width
            return width

        room = self.viewport().width() - others - sum(natural(c) for c in yielding)
        hidden: set[int] = set()
        for step in YIELDING:  # the p-values give way before the verdict scrolls, then the documents' marks
            if room >= least:
                break
            hidden.update(step)
            room += sum(natural(c) for c in step)
        for column in yielding:
            if header.isSectionHidden(column) != (column in hidden):
                header.setSectionHidden(column, column in hidden)
        fixed = room < least
        mode = QHeaderView.ResizeMode.Fixed if fixed else QHeaderView.ResizeMode.Stretch
        if header.sectionResizeMode(DRAW_COLUMN) != mode:
            header.setSectionResizeMode(DRAW_COLUMN, mode)
        if fixed and header.sectionSize(DRAW_COLUMN) != least:
            header.resizeSection(DRAW_COLUMN, least)
        if fixed != self._scrolls:  # the scroll bar's strip, only while it scrolls
            self._scrolls = fixed
            self._fit_rows()

    def _fit_rows(self, rows: int | None = None) -> None:
        """Exactly `rows` rows high (None: as many as last time), and the sideways scroll bar's height only
        while the columns are wider than the table: a narrow window scrolls sideways, every row shown, and a
        wide one has no empty strip under the rows."""
        if rows is not None:
            self._rows = rows
        bar = self.horizontalScrollBar().sizeHint().height() if self._scrolls else 0
        height = (self.verticalHeader().defaultSectionSize() * self._rows
                  + self.horizontalHeader().sizeHint().height() + 4 + bar)
        if self.height() != height or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def set_pair(self, pair: PairComparison | None, names: tuple[str, str],
                 f1s: tuple[dict[str, F1Interval], dict[str, F1Interval]], current: str,
                 settings: ResampleSettings | None, *, realis: bool = True) -> None:
        """Show `pair` (None: empty); `f1s`: each run's micro F1 with its interval per combination (the
        core's `SystemScores.micro_ci`); `realis`: whether the files carry realis (else the realis rows, which
        repeat the others, are hidden)."""
        shown = distinct_combinations(realis)
        for row, c in enumerate(COMBINATIONS):
            self.setRowHidden(row, c not in shown)
        self._fit_rows(len(shown))
        self.tests = {}
        self.scale = 0.0
        if pair is None:
            self.clearContents()
            if (item := self.horizontalHeaderItem(DRAW_COLUMN)) is not None:
                item.setText(HEADERS[DRAW_COLUMN])
            self._fit_drawing()
            return
        self.tests = {row: pair.tests[c] for row, c in enumerate(COMBINATIONS) if c in shown}
        self.scale = max([1e-4, *(max(abs(t.ci_low), abs(t.ci_high), abs(t.delta_f1)) for t in self.tests.values())])
        self.scale = nice_scale(self.scale * 1.1)
        if (item := self.horizontalHeaderItem(DRAW_COLUMN)) is not None:
            item.setText(axis_header(self.scale))
        resamples = settings.resamples if settings is not None else 0
        for row, c in enumerate(COMBINATIONS):
            test = pair.tests[c]
            marks = pair.marks(c)
            a, b = f1s[0][c], f1s[1][c]
            texts = [Combination(c).label, interval_text(a.f1, a.ci_low, a.ci_high),
                     interval_text(b.f1, b.ci_low, b.ci_high),
                     points(test.delta_f1), f"[{points(test.ci_low)}, {points(test.ci_high)}]", "",
                     f"{test.p_value:.4f}", f"{test.p_value_randomization:.4f}", f"{test.adjusted:.4f}",
                     f"{marks[Mark.UP]} / {marks[Mark.DOWN]} / {marks[Mark.SAME]}",
                     f"{test.verdict.short} (held back)" if test.held_back else test.verdict.short]
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if column == VERDICT_COLUMN:
                    item.setForeground(QColor(interval_colour(test)))
                elif column > 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if c == current:
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                item.setToolTip(_tooltip(test, names, c, resamples, marks))
                self.setItem(row, column, item)
        self._fit_drawing()
        self._fit_rows(len(shown))  # the header's two lines
        self.viewport().update()

    def row_colour(self, row: int) -> str:
        """The colour the row's interval is drawn in (for tests)."""
        test = self.tests.get(row)
        return "" if test is None else interval_colour(test)

    def row_texts(self, row: int) -> tuple[str, ...]:
        """What a row shows (for tests)."""
        return cell_texts(self, row)


def _tooltip(test: PairTest, names: tuple[str, str], combination: str, resamples: int,
             marks: Mapping[Mark, int]) -> str:
    verdict = test.verdict.text(*names)
    return (f"{names[1]} − {names[0]}, {Combination(combination).label}: {points(test.delta_f1)} points\n"
            f"interval [{points(test.ci_low)}, {points(test.ci_high)}] from {resamples:,} paired resamples\n"
            f"p = {test.p_value:.4f} (bootstrap), {test.p_value_randomization:.4f} (randomization), "
            f"{test.adjusted:.4f} (randomization, adjusted for the other pairs)\n"
            f"documents ↑ / ↓ / =: {marks[Mark.UP]} / {marks[Mark.DOWN]} / {marks[Mark.SAME]}\n"
            f"{test.num_documents} documents resampled · verdict (the interval, then the adjusted p): {verdict}"
            + (" (held back: the adjusted p does not confirm the interval)" if test.held_back else ""))
