"""Coreference scores of the corpus as a table, and the summary bar's coreference figures.

`CorefScoresView` lists every metric's recall, precision and F1 summed over the corpus as the CoNLL
scorer v8.01 sums them, the published v1.8 figures (truncated percentages) beside ours, and in the
Agreement mode the F1 with the roles swapped, saying which metrics are not symmetric.
`CorefSummary` is the summary bar's part: v1.8's published average and the usual CoNLL F1, marked
as ours. Both only format what `evmeval` computed.
"""

from __future__ import annotations

import html

from evmeval.coref.metrics import METRICS
from evmeval.coref.scoring import EXCLUDED_FROM_AVERAGE, REPORT_METRICS
from evmeval.coref.view import ASYMMETRIC_NOTES, METRIC_NAMES
from evmeval.rules import Combination
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.coref.state import Coreference
from evmeval_gui.model.formatting import DASH, number, percent
from evmeval_gui.model.session import Session

COLUMNS = ("Metric", "Recall %", "Precision %", "F1 %", "v1.8 report", "F1 roles swapped %", "Symmetric")


def _published(name: str, scores: dict[str, float]) -> str:
    if name not in scores:
        return "(ours)" if name in ("lea", "conll_f1") else ""
    mark = " *" if name == EXCLUDED_FROM_AVERAGE else ""
    return f"{scores[name]:.2f}{mark}"


class CorefScoresView(QWidget):
    """The corpus coreference table (see the module docstring); follows the session's `Coreference`."""

    def __init__(self, session: Session, coreference: Coreference, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("corefScores")
        self.session = session
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("corefScoresTable")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(False)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        self.coreference = coreference
        coreference.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        coref = self.coreference
        result = coref.result
        agreement = {a.metric: a for a in coref.agreement() or ()}
        self.table.setColumnHidden(5, not agreement)
        self.table.setColumnHidden(6, not agreement)
        if result is None:
            self.table.setRowCount(0)
            self.title.setText("<i>No coreference scores yet.</i>")
            self.note.setText("")
            return
        published = result.published_scores()
        label = Combination(result.combination).label
        average = number(result.published_average()) if result.documents else DASH
        self.title.setText(f"<b>Coreference, corpus</b> · mentions aligned by {html.escape(label)}, Dice ≥ "
                           f"{result.threshold:g} · v1.8 “Overall Average CoNLL score” <b>{average}</b> "
                           f"(B³, CEAF-e, MUC, BLANC; CEAF-m * left out)")
        names = [*METRICS, "conll_f1", "mentions"]
        self.table.setRowCount(len(names))
        for row, name in enumerate(names):
            cells = self._cells(name, result.total, published, agreement)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if name in ASYMMETRIC_NOTES and column >= 5:
                    item.setToolTip(ASYMMETRIC_NOTES[name])
                self.table.setItem(row, column, item)
        notes = ["LEA and CoNLL F1 (mean of MUC, B³ and CEAF-e F1) are ours, not in the v1.8 report, which "
                 "prints each F1 truncated to two decimals."]
        if coref.figures_only:
            notes.insert(0, "No coreference links in these files: every mention is a cluster of its own, and these "
                            "are v1.8's figures for that (they measure no coreference).")
        if agreement:
            notes.append("Roles swapped: the other annotator as the key. Recall and precision exchange, so F1 stays "
                         "for every metric but BLANC, whose fallback depends on the key side.")
        self.note.setText(" ".join(notes))

    @staticmethod
    def _cells(name: str, total, published: dict[str, float], agreement: dict) -> list[str]:
        if name == "conll_f1":
            r = p = ""
            f = percent(total.conll_f1)
            label = "CoNLL F1 (ours)"
        else:
            counts = total.identification if name == "mentions" else total.metric(name)
            r, p, f = percent(counts.recall), percent(counts.precision), percent(counts.f1)
            label = "Mentions (aligned)" if name == "mentions" else METRIC_NAMES[name] + (" (ours)" if name == "lea"
                                                                                        else "")
        swapped = symmetric = ""
        if name in agreement:
            a = agreement[name]
            swapped = percent(a.backward)
            symmetric = "yes" if a.symmetric else "no"
        return [label, r, p, f, _published(name, published) if name in (*REPORT_METRICS, "lea", "conll_f1") else "",
                swapped, symmetric]

    def cell(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""


class CorefSummary(QWidget):
    """`Coreference  v1.8 avg 75.75 %  CoNLL F1 (ours) 78.71 %` in the summary bar."""

    def __init__(self, session: Session, coreference: Coreference, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("corefSummary")
        self.session = session
        heading = QLabel("<b>Coref</b>")
        heading.setToolTip("Event coreference of the shown comparison (mentions aligned by the chosen attributes)")
        self.published = QLabel(DASH)
        self.ours = QLabel(DASH)
        for value in (self.published, self.ours):
            font = QFont(value.font())
            font.setBold(True)
            value.setFont(font)
        captions = (QLabel(""), QLabel("ours"))  # compact: the tooltips say what each figure is
        layout = QHBoxLayout(self)  # one line: it sits on the summary bar's second line
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(heading)
        for caption, value in zip(captions, (self.published, self.ours), strict=True):
            caption.setStyleSheet(f"color: {colours.MUTED_TEXT};")
            if caption.text():
                layout.addWidget(caption)
            layout.addWidget(value)
        self.no_links = QLabel("(no coreference links in these files)")
        self.no_links.setObjectName("corefNoLinks")
        self.no_links.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.no_links.setToolTip("Neither the gold nor the system file has an @Coreference line. v1.8 still "
                                 "reports a figure (every mention its own cluster; MUC's 0/0 counts as 0), kept "
                                 "here as published: it does not measure any coreference.")
        self.no_links.hide()
        layout.addWidget(self.no_links)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.coreference = coreference
        coreference.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        coref = self.coreference
        self.no_links.hide()
        result = coref.result
        if result is None or not result.documents:
            text = {"computing": "…", "failed": "error"}.get(coref.state, DASH)
            self.published.setText(text)
            self.ours.setText(text)
            self.setToolTip(str(coref.problem) if coref.state == "failed" and coref.problem else
                            "Coreference is scored after the mentions")
            return
        # whether the gold or the shown system file has an @Coreference line: the coreference job found it on
        # its worker (a pass over every document here took 8 ms of a new curation's turn, issue 34)
        self.no_links.setVisible(coref.figures_only)
        self.published.setText(number(result.published_average()))
        self.ours.setText(f"{percent(result.total.conll_f1)}")
        scores = result.published_scores()
        self.published.setToolTip("v1.8's “Overall Average CoNLL score” (%): mean of the truncated F1 of B³ "
                                  f"{scores['bcub']:.2f}, CEAF-e {scores['ceafe']:.2f}, MUC {scores['muc']:.2f} and "
                                  f"BLANC {scores['blanc']:.2f} (CEAF-m {scores['ceafm']:.2f} left out)")
        self.ours.setToolTip("Ours, not in the v1.8 report: the usual CoNLL score (%), mean of the MUC, B³ and "
                             "CEAF-e F1")
        self.setToolTip(f"Mentions aligned by {Combination(result.combination).label}")
