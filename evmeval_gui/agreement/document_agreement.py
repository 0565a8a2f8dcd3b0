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
    Qt,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from evmeval_gui.colours import MUTED_TEXT
from evmeval_gui.model.formatting import NAN_TOOLTIP, is_nan, percent
from evmeval_gui.table_fit import elide_in_the_middle

DOC_ID_ROLE = Qt.ItemDataRole.UserRole + 1
ID, NUM_A, NUM_B, PRECISION, RECALL, F1 = range(6)
_Index = QModelIndex | QPersistentModelIndex


NUMBER_SAMPLES = {NUM_A: "9999", NUM_B: "9999", PRECISION: "100.0", RECALL: "100.0", F1: "100.0"}
"""The widest text of each number column: they are sized from it and their header, not from the rows (sizing
to contents read 300 rows in 8 roles at every layout, 12,000 calls of `data()` at each new pair)."""


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


def worst_first(pair: PairAgreement, combination: str) -> list[DocumentAgreement]:
    """The pair's documents in the list's opening order (`agreement_sort_key`): made by the comparing job for the
    first pair (`DocumentAgreementList.prime`), not in the turn that fills the page (2,000 documents)."""
    return sorted(pair.documents, key=lambda d: agreement_sort_key(d, combination))


class DocumentAgreementModel(QAbstractTableModel):
    """One row per document of either annotator of the pair."""

    def __init__(self) -> None:
        super().__init__()
        self.docs: list[DocumentAgreement] = []
        self._worst_first: list[DocumentAgreement] = []
        self.sort_column, self.sort_order = F1, Qt.SortOrder.AscendingOrder
        self.combination = "plain"
        self.tags = ("a", "b")

    def set_pair(self, pair: PairAgreement | None, combination: str, tags: tuple[str, str],
                 made: list[DocumentAgreement] | None = None) -> None:
        """`made`: the pair's `worst_first` order under `combination`, made off the GUI thread."""
        self.beginResetModel()
        self.combination = combination
        self.tags = tags
        self._worst_first = made if made is not None else worst_first(pair, combination) if pair else []
        self.docs = self._ordered()
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorted here from one key a row: a sort proxy asked `data()` for two keys a comparison (25,000
        calls at 2,000 documents, a third of a second of the GUI thread at each new pair or header click).
        Ties stay worst first, in either order; the selection follows its document."""
        self.layoutAboutToBeChanged.emit()
        kept = self.persistentIndexList()
        kept_docs = [self.docs[index.row()] for index in kept]
        self.sort_column, self.sort_order = column, order
        self.docs = self._ordered()
        row_of = {id(doc): row for row, doc in enumerate(self.docs)}
        self.changePersistentIndexList(kept, [self.index(row_of[id(doc)], index.column())
                                              for doc, index in zip(kept_docs, kept, strict=True)])
        self.layoutChanged.emit()

    def _ordered(self) -> list[DocumentAgreement]:
        column = self.sort_column
        if column == F1 and self.sort_order == Qt.SortOrder.AscendingOrder:
            return list(self._worst_first)  # sorted by that key already (a stable sort would keep it as it is)
        return sorted(self._worst_first, key=lambda doc: self._sort_key(doc, column, self._value(doc, column)),
                      reverse=self.sort_order == Qt.SortOrder.DescendingOrder)

    def _value(self, doc: DocumentAgreement, column: int) -> float | None:
        score = doc.scores[self.combination]
        return {PRECISION: score.precision, RECALL: score.recall, F1: score.f1}.get(column)

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
        value = self._value(doc, column)
        if role == Qt.ItemDataRole.DisplayRole:
            counts = {ID: doc.doc_id, NUM_A: str(len(doc.a)), NUM_B: str(len(doc.b))}
            return counts.get(column, percent(value))
        if role == DOC_ID_ROLE:
            return doc.doc_id
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
        self.model = DocumentAgreementModel()  # sorts itself (no sort proxy: see `DocumentAgreementModel.sort`)
        self._made: tuple[PairAgreement | None, str, list[DocumentAgreement]] = (None, "", [])
        """A pair's opening order made in the job runner (`prime`)."""
        self.table = QTableView()
        self.table.setObjectName("documentAgreementTable")
        self.table.setModel(self.model)
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
        for column in NUMBER_SAMPLES:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        self.table.clicked.connect(self._activated)
        self.table.activated.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)

    def prime(self, pair: PairAgreement, combination: str, order: list[DocumentAgreement]) -> None:
        """`worst_first(pair, combination)`, made off the GUI thread: `set_pair` of that pair and combination
        uses it."""
        self._made = (pair, combination, order)

    def set_pair(self, pair: PairAgreement | None, combination: str, tags: tuple[str, str], title: str) -> None:
        """Show `pair`'s documents for `combination`, worst first (the user's sort column is kept)."""
        kept, kept_combination, order = self._made
        made = order if pair is not None and kept is pair and kept_combination == combination else None
        self.model.set_pair(pair, combination, tags, made)
        self.title.setText(title)
        self._size_number_columns()

    def _size_number_columns(self) -> None:
        """Each number column as wide as its widest text or its header (which names the pair's tags)."""
        header, fm = self.table.horizontalHeader(), self.table.fontMetrics()
        for column, sample in NUMBER_SAMPLES.items():
            width = max(fm.horizontalAdvance(sample) + 12, header.sectionSizeHint(column))
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def visible_doc_ids(self) -> list[str]:
        """Document ids in the order the list shows them."""
        return [doc.doc_id for doc in self.model.docs]

    def row_of(self, doc_id: str) -> int:
        return self.visible_doc_ids().index(doc_id)

    def _activated(self, index: QModelIndex) -> None:
        doc_id = index.data(DOC_ID_ROLE)
        if doc_id:
            self.document_activated.emit(doc_id)
