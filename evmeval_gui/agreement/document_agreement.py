"""Per-document agreement of the selected pair, worst first; activating a row opens the document.

Figures are the pair's `DocumentAgreement.scores` for the chosen combination (annotator a in the
key role: P = TP / #b, R = TP / #a). A document only one annotator marked anything in has an
undefined F1 and sorts first (it is as bad as agreement gets); a document neither marked sorts last.
"""

from __future__ import annotations

import math

from evmeval.agreement.scoring import DocumentAgreement, PairAgreement
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from evmeval_gui.colours import MUTED_TEXT
from evmeval_gui.model.formatting import NAN_TOOLTIP, is_nan, percent
from evmeval_gui.table_fit import elide_in_the_middle

DOC_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
ID, NUM_A, NUM_B, PRECISION, RECALL, F1 = range(6)
_Index = QModelIndex | QPersistentModelIndex


SIZED_ROWS = 100
"""Rows read to size the figure columns (percentages of one width): every row of 2,000 documents was read
at each new pair, a second of the GUI thread."""


def agreement_sort_key(doc: DocumentAgreement, combination: str) -> tuple[float, str]:
    """Worst first: undefined F1 with mentions on one side only, then by F1, then nobody's documents."""
    f1 = doc.scores[combination].f1
    if not doc.a and not doc.b:
        value = 2.0
    elif math.isnan(f1):
        value = -1.0
    else:
        value = f1
    return value, doc.doc_id.lower()


class DocumentAgreementModel(QAbstractTableModel):
    """One row per document of either annotator of the pair."""

    def __init__(self) -> None:
        super().__init__()
        self.docs: list[DocumentAgreement] = []
        self.combination = "plain"
        self.tags = ("a", "b")

    def set_pair(self, pair: PairAgreement | None, combination: str, tags: tuple[str, str]) -> None:
        self.beginResetModel()
        self.combination = combination
        self.tags = tags
        self.docs = sorted(pair.documents, key=lambda d: agreement_sort_key(d, combination)) if pair else []
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.docs)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 6

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        a, b = self.tags
        headers = ("Document", f"{a} #", f"{b} #", "P %", "R %", "F1 %")
        tips = ("Document id", f"Mentions annotator {a} marked", f"Mentions annotator {b} marked",
                f"Precision: share of {b}'s mentions that {a} also marked (Dice partial credit)",
                f"Recall: share of {a}'s mentions that {b} also marked (Dice partial credit)",
                "F1 of the two (the same whichever annotator is the key)")
        if role == Qt.ItemDataRole.DisplayRole:
            return headers[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return tips[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        doc = self.docs[index.row()]
        column = index.column()
        score = doc.scores[self.combination]
        value = {PRECISION: score.precision, RECALL: score.recall, F1: score.f1}.get(column)
        if role == Qt.ItemDataRole.DisplayRole:
            counts = {ID: doc.doc_id, NUM_A: str(len(doc.a)), NUM_B: str(len(doc.b))}
            return counts.get(column, percent(value))
        if role == DOC_ID_ROLE:
            return doc.doc_id
        if role == SORT_ROLE:
            return self._sort_key(doc, column, value)
        if role == Qt.ItemDataRole.TextAlignmentRole and column != ID:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        undefined = column != ID and is_nan(value) and value is not None
        if role == Qt.ItemDataRole.ToolTipRole:
            return NAN_TOOLTIP if undefined else self._tooltip(doc)
        if role == Qt.ItemDataRole.ForegroundRole and undefined:
            return QColor(MUTED_TEXT)
        return None

    def _sort_key(self, doc, column: int, value: float | None):
        if column == ID:
            return doc.doc_id.lower()
        if column in (NUM_A, NUM_B):
            return len(doc.a if column == NUM_A else doc.b)
        if column == F1:
            return agreement_sort_key(doc, self.combination)[0]
        return -1.0 if is_nan(value) else value

    def _tooltip(self, doc) -> str:
        if not doc.in_a or not doc.in_b:
            return f"{doc.doc_id}: not in annotator {self.tags[0] if not doc.in_a else self.tags[1]}'s set"
        return f"{doc.doc_id}: click to open it in the document views"


class DocumentAgreementList(QWidget):
    """The table with a title naming the pair; `document_activated(doc_id)` on click or Enter."""

    document_activated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("<b>Documents</b>")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.model = DocumentAgreementModel()
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        self.table.setObjectName("documentAgreementTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(F1, Qt.SortOrder.AscendingOrder)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        elide_in_the_middle(self.table)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(ID, QHeaderView.ResizeMode.Stretch)
        for column in range(1, 6):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(SIZED_ROWS)
        self.table.clicked.connect(self._activated)
        self.table.activated.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)

    def set_pair(self, pair: PairAgreement | None, combination: str, tags: tuple[str, str], title: str) -> None:
        """Show `pair`'s documents for `combination`, worst first (the user's sort column is kept)."""
        self.model.set_pair(pair, combination, tags)
        self.title.setText(title)

    def visible_doc_ids(self) -> list[str]:
        """Document ids in the order the list shows them."""
        return [self.proxy.index(r, 0).data(DOC_ID_ROLE) for r in range(self.proxy.rowCount())]

    def row_of(self, doc_id: str) -> int:
        return self.visible_doc_ids().index(doc_id)

    def _activated(self, index: QModelIndex) -> None:
        doc_id = index.data(DOC_ID_ROLE)
        if doc_id:
            self.document_activated.emit(doc_id)
