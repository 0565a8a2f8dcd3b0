"""The corpus scores at a glance: micro and macro P / R / F1 for the chosen combination.

Figures are `ScoreResult.micro` / `ScoreResult.macro` as the core computed them; this bar only
formats them (percent, two decimals; an undefined value as a dash with a tooltip).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from evmeval.compare.significance import F1Interval
from evmeval.editing.session import FigureChange
from evmeval.mention.prf import Average, Score
from evmeval.mention.scoring import ScoreResult
from evmeval.rules import Combination
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from evmeval_gui import colours
from evmeval_gui.model.formatting import DASH, NAN_TOOLTIP, is_nan, percent
from evmeval_gui.model.session import Session

_METRICS = (("precision", "P"), ("recall", "R"), ("f1", "F1"))


class ElidedLabel(QLabel):
    """A one-line label that elides its plain text in the middle when narrow; the full text is its tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = self._short = ""
        self.elide_mode = Qt.TextElideMode.ElideMiddle
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(80)
        self.hint_full = False
        """Ask for the whole text's width (a part that wraps to another line when it does not fit); else the
        hint is the elided text's, so a label once narrow never asks for more."""

    def set_full_text(self, text: str, short: str = "") -> None:
        """`short`: what to show instead of an elided `text` when it fits whole (the tooltip keeps `text`)."""
        self._full, self._short = text, short
        self.setToolTip(text)
        self._elide()
        if self.hint_full:
            self.updateGeometry()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self.hint_full:
            hint.setWidth(max(self.minimumWidth(), self.fontMetrics().horizontalAdvance(self._full) + 2))
        return hint

    def full_text(self) -> str:
        return self._full

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def shown_width(self, room: int) -> int:
        """The width this label needs to show something whole in `room`: its text, else its short text."""
        metrics = self.fontMetrics()
        whole = metrics.horizontalAdvance(self._full) + 2
        return whole if whole <= room or not self._short else metrics.horizontalAdvance(self._short) + 2

    def _elide(self) -> None:
        width, metrics = max(self.width(), 10), self.fontMetrics()
        text = self._short if self._short and metrics.horizontalAdvance(self._full) > width else self._full
        super().setText(metrics.elidedText(text, self.elide_mode, width))


class _Figure(QWidget):
    """A caption left of a bold number, on one line."""

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel(caption)
        self.caption.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.value = QLabel(DASH)
        font = QFont(self.value.font())
        font.setPointSizeF(font.pointSizeF() + 1)
        font.setBold(True)
        self.value.setFont(font)
        self.value.setObjectName("figureValue")
        self.value.setMinimumWidth(QFontMetrics(font).horizontalAdvance("100.00 %"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        self.change = ""
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)

    def set_value(self, value: float | None, tooltip: str, change: FigureChange | None = None) -> None:
        self.value.setText(percent(value, unit=True))
        self.setToolTip(NAN_TOOLTIP if is_nan(value) else tooltip)
        shown = change is not None and change.changed
        self.change = change.text() if change is not None and shown else ""
        # the bar's second line says before → after for F1; every figure's tooltip says it for itself
        style = "color: #8A4B00;" if shown else ""
        if self.value.styleSheet() != style:  # a style sheet change re-polishes the label: only when needed
            self.value.setStyleSheet(style)
        if change is not None and shown:
            self.setToolTip(f"{tooltip}\nUnsaved edits: {change.text()} (saved files → now)")


COUNTS_LEAST = "240 documents"
"""What the counts keep on the second line at the least: the parts after them wrap to a third line before the
counts are cut below their whole (or short) text, and before this much when neither can fit anyway."""


class SummaryBar(QFrame):
    """Two lines when the width allows: run and counts (elided, full text on hover) at the left; micro
    and macro P / R / F1 as two rows of a grid at the right. The parts `add_line` puts after the counts
    wrap to a third line, from the last, when they would not fit: the bar's minimum width is then the
    grid's and a short run line's, so the window can give the charts dock its share at 1024 pixels."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("summaryBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#summaryBar { background: #F7F8FA; }")
        self.run = ElidedLabel()
        bold = QFont(self.run.font())
        bold.setBold(True)
        self.run.setFont(bold)
        self.counts = ElidedLabel()
        self.counts.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        left = QVBoxLayout()
        left.setSpacing(0)
        left.addWidget(self.run)
        self._second_line = QHBoxLayout()  # the counts, then what `add_line` adds (coreference, MUC/GATE)
        self._second_line.setSpacing(12)
        self.counts.setMinimumWidth(40)
        self._second_line.addWidget(self.counts, 1)
        left.addLayout(self._second_line)
        self._extras: list[QWidget] = []
        """What `add_line` added, in order: the first `self._on_second` are on the second line."""
        self._on_second = 0
        self._third_line = QHBoxLayout()
        self._third_line.setSpacing(12)
        self._third_line.addStretch(1)
        self.figures: dict[str, _Figure] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(0)
        for row, (group, title) in enumerate((("micro", "Micro"), ("macro", "Macro"))):
            heading = QLabel(f"<b>{title}</b>")
            heading.setToolTip("Micro: summed over all mentions of the counted documents"
                               if group == "micro" else
                               "Macro: the mean of per-document precision and recall; F1 is their harmonic mean")
            grid.addWidget(heading, row, 0)
            for column, (key, caption) in enumerate(_METRICS, start=1):
                figure = _Figure(caption)
                figure.setObjectName(f"{group}_{key}")
                self.figures[f"{group}_{key}"] = figure
                grid.addWidget(figure, row, column)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 3, 10, 3)
        outer.setSpacing(2)
        layout = QHBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(16)
        layout.addLayout(left, 1)
        layout.addLayout(grid)
        outer.addLayout(layout)
        outer.addLayout(self._third_line)
        self._outer = outer
        self._grid = grid
        self.run_text: Callable[[], str | None] = lambda: None
        """The first line instead of "run vs gold file" (a new document has no files yet); None: as usual."""
        self.intervals: tuple[ScoreResult, dict[str, F1Interval]] | None = None
        """The shown result's micro F1 bootstrap intervals, once computed (`set_intervals`)."""
        session.scoring_finished.connect(self.refresh)
        session.combination_changed.connect(self.refresh)
        session.result_edited.connect(self.refresh)
        session.first_document_shown.connect(self.refresh)
        self.refresh()

    def refresh(self, *args: object) -> None:
        result = self.session.result
        combination = self.session.combination
        if result is None and self._show_scoring_corpus():
            return
        if result is None:
            self.run.set_full_text("No corpus open")
            self.counts.set_full_text("")
            for figure in self.figures.values():
                figure.set_value(None, "")
            return
        micro: Score = result.micro[combination]
        macro: Average = result.macro[combination]
        run = self.run_text() or f"{result.run_name} vs {os.path.basename(result.gold_path)}"
        self.run.set_full_text(f"{run} · {Combination(combination).label}{self._white_list_note()}")
        counted = macro.num_documents
        delta = self.session.edit_delta
        style = f"color: {'#8A4B00' if delta is not None else colours.MUTED_TEXT};"
        if self.counts.styleSheet() != style:
            self.counts.setStyleSheet(style)
        # unsaved edits: the line says before → after instead, first, so that a narrow bar cuts the rest
        self.counts.elide_mode = Qt.TextElideMode.ElideRight if delta is not None else Qt.TextElideMode.ElideMiddle
        if delta is not None:
            self.counts.set_full_text(f"✎ micro F1 {delta.micro(combination, 'f1').text()} · unsaved edits in "
                                      f"{len(delta.documents)} document(s)")
        else:
            self.counts.set_full_text(f"{len(result.documents)} documents ({result.averages_note}) · "
                                      f"{micro.num_gold} gold, {micro.num_system} system mentions counted",
                                      f"{len(result.documents)} documents · {micro.num_gold} gold, "
                                      f"{micro.num_system} system")
        self._wrap()  # the counts' whole width decides what fits beside them
        for key, _ in _METRICS:
            value = getattr(micro, key)
            extra = self._interval_line(result, combination) if key == "f1" else ""
            self.figures[f"micro_{key}"].set_value(
                value, f"Micro {key}: {percent(value)} % (TP {micro.tp:.2f}, {micro.num_gold} gold, "
                       f"{micro.num_system} system){extra}", delta.micro(combination, key) if delta else None)
            value = getattr(macro, key)
            self.figures[f"macro_{key}"].set_value(value, f"Macro {key} over {counted} documents: {percent(value)} %",
                                                   delta.macro(combination, key) if delta else None)

    def _show_scoring_corpus(self) -> bool:
        """While a first document is shown before its corpus is scored: the corpus figures are not
        known yet, so none are shown (the document's own are in the text view and its table)."""
        first = self.session.first_document.document
        if first is None:
            return False
        result = first.result
        self.run.set_full_text(f"{result.run_name} vs {os.path.basename(result.gold_path)}"
                               f" · {Combination(self.session.combination).label}")
        self.counts.set_full_text(f"Scoring the corpus… figures partial until it is done; its "
                                  f"{len(first.doc_ids)} documents listed, each scored when shown",
                                  "Scoring the corpus… figures partial")
        for figure in self.figures.values():
            figure.value.setText("…")
            figure.setToolTip("Scoring the corpus: its figures appear when it is done")
        return True

    def set_intervals(self, result: ScoreResult, intervals: dict[str, F1Interval]) -> None:
        """The micro F1 intervals of `result` (computed in the background): shown in the F1 tooltip."""
        self.intervals = (result, intervals)
        self.refresh()

    def _interval_line(self, result: ScoreResult, combination: str) -> str:
        if self.intervals is None or self.intervals[0] is not result:
            return "\n95 % bootstrap interval: being computed…"
        ci = self.intervals[1][combination]
        if is_nan(ci.f1):
            return ""
        # the interval is rarely symmetric around F1: its two ends, never a "±" of one half-width
        return (f"\nMicro F1 {percent(ci.f1)} % [{percent(ci.ci_low)}, {percent(ci.ci_high)}] "
                "(95 % bootstrap interval, documents resampled)")

    def _white_list_note(self) -> str:
        """" · types: N in the white list (FILE)" when the corpus was opened with a type white list."""
        request = self.session.request
        white_list = getattr(request, "white_list", None) if request is not None else None
        if not white_list:
            return ""
        corpus = self.session.corpus
        count = len(corpus.white_list_types) if corpus is not None and corpus.white_list_types is not None else 0
        return f" · types: {count} in the white list {os.path.basename(white_list)}"

    def description(self) -> str:
        """The bar's two lines as plain text, unelided (for tests and accessibility)."""
        return f"{self.run.full_text()}\n{self.counts.full_text()}"

    def add_line(self, widget: QWidget) -> None:
        """Put a one-line `widget` on the second line, after the counts (which elide to make room), or
        on a third when the bar is too narrow (e.g. `alignment_summary.AlignmentSummaryLine`)."""
        self._extras.append(widget)
        self._second_line.addWidget(widget)
        self._on_second = len(self._extras)
        self._wrap()

    def lines(self) -> int:
        """How many lines the bar shows now (2, or 3 when parts wrapped)."""
        return 2 if self._on_second == len(self._extras) else 3

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._wrap()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # a part's text (so its width) changed
            self._wrap()
        return super().event(event)

    def _wrap(self) -> None:
        """Keep on the second line the parts that fit beside the counts; the others go to the third.
        Decided from the parts' own widths, so a wrap never makes room that undoes it."""
        margins = self._outer.contentsMargins()
        grid = self._grid.sizeHint().width()
        spacing = self._second_line.spacing()
        widths = [w.sizeHint().width() + spacing for w in self._extras]
        whole = self.width() - margins.left() - margins.right()
        left = whole - 16 - grid
        least = self.counts.fontMetrics().horizontalAdvance(COUNTS_LEAST)
        for counts in (self.counts.shown_width(left), least):  # the counts whole if the parts stay whole too
            keep = 0
            while keep < len(widths) and sum(widths[:keep + 1]) <= left - counts:
                keep += 1
            if sum(widths[keep:]) <= whole:
                break
        if keep != self._on_second:
            for widget in self._extras:
                self._second_line.removeWidget(widget)
                self._third_line.removeWidget(widget)
            for k, widget in enumerate(self._extras):
                if k < keep:
                    self._second_line.addWidget(widget)
                else:
                    self._third_line.insertWidget(self._third_line.count() - 1, widget)
            self._on_second = keep
        # not the layout's minimum (the parts on the second line): the one with every part wrapped
        least = sum(w.minimumSizeHint().width() + spacing for w in self._extras)  # a long note elides there
        wrapped = max(self.run.minimumWidth() + 16 + grid, least)
        minimum = wrapped + margins.left() + margins.right()
        if self.minimumWidth() != minimum:
            self.setMinimumWidth(minimum)

    def figure_text(self, name: str) -> str:
        """What one figure shows, e.g. `figure_text("micro_f1")` (for tests)."""
        return self.figures[name].value.text()

    def change_text(self, name: str) -> str:
        """The before → after line under one figure ("" when it shows none)."""
        return self.figures[name].change
