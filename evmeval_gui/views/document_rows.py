"""The document list's rows: one per gold document of the current result, sorted by the model itself.

`DocumentListModel` answers the list's `QTableView` (through `views.document_filter.DocumentFilter`): a row per
document of `ScoreResult.documents`, or, while the corpus is scored, per id of the first document's corpus (figures
"…"); `ExtraColumn`s another feature adds after F1. `views.document_list` is the widget around it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from evmeval.editing.session import FigureChange
from evmeval.mention.scoring import DocumentResult, ResultKind
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from evmeval_gui import colours
from evmeval_gui.model import document_order
from evmeval_gui.model.formatting import NAN_TOOLTIP, is_nan, percent
from evmeval_gui.model.session import Session
from evmeval_gui.views.document_filter import FILTER_ROLE, filter_text
from evmeval_gui.views.item_roles import ALIGNMENT, DISPLAY, FONT, FOREGROUND, RIGHT, TOOLTIP

DOC_ID_ROLE = Qt.ItemDataRole.UserRole + 1

ID, GOLD, SYSTEM, PRECISION, RECALL, F1 = range(6)
HEADERS = ("Document", "Gold", "Sys", "P %", "R %", "F1 %")
HEADER_TIPS = ("Document id", "Gold mentions in the document", "System mentions in the document",
               "Precision (%) for the chosen attribute combination",
               "Recall (%) for the chosen attribute combination",
               "F1 (%) for the chosen attribute combination")

_Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class ExtraColumn:
    """A column another feature adds after F1 (e.g. coreference scores): `value(doc_id)` is a fraction
    shown as a percentage, NaN when undefined, None while unknown (shown empty, sorted last)."""

    key: str
    header: str
    tip: str
    value: Callable[[str], float | None]
    shown: bool = True


PENDING_TIP = "Scored when you show it; its figures here come with the corpus's"
_ANSWERED = frozenset({DISPLAY, TOOLTIP, ALIGNMENT, FOREGROUND, FONT, DOC_ID_ROLE, FILTER_ROLE})
"""The roles the model answers: the others (decoration, check state, background…) are None at once."""
_PENDING_TEXT = "…"


def _pending_data(doc_id: str, column: int, role: int) -> str | None:
    """A row of the corpus being scored: its id, "…" for its figures (they come when it is shown, or with the
    corpus)."""
    if role == DOC_ID_ROLE or (role == DISPLAY and column == ID):
        return doc_id
    if role == DISPLAY:
        return _PENDING_TEXT
    return PENDING_TIP if role == TOOLTIP else None


class DocumentListModel(QAbstractTableModel):
    """One row per gold document of the current result, kept sorted by the model itself.

    Sorting here (one Python `sorted` with precomputed keys) rather than in the proxy keeps a
    2,000-document list instant: a proxy sort asks `data()` tens of thousands of times.
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._docs: list[DocumentResult] = []
        self._pending: tuple[str, ...] = ()
        """While the corpus is scored: every gold document's id in file order (the first document's `doc_ids`),
        answered as is, with no object a row (4,480 of them in the turn that shows the first document: 3 ms, and
        their allocations started a full collection of the cyclic collector, 17 ms; issue 34)."""
        self._rows: dict[str, int] = {}
        self.sort_column = F1
        self.sort_order = Qt.SortOrder.AscendingOrder
        self.extra_columns: list[ExtraColumn] = []
        self.restriction: frozenset[str] | None = None
        """The documents a chart filter keeps (None: all), said in `FILTER_ROLE` (`DocumentFilter` sets it)."""
        session.scoring_finished.connect(self.refresh)
        session.first_document_shown.connect(lambda _first: self.refresh())
        session.combination_changed.connect(self._scores_changed)
        session.result_edited.connect(self._on_edited)

    def restrict(self, doc_ids: frozenset[str] | None) -> None:
        """The documents a chart filter keeps (None: all): `DocumentFilter` filters by what `FILTER_ROLE` says."""
        self.restriction = doc_ids

    def _on_edited(self, doc_ids: tuple[str, ...]) -> None:
        """Edited documents: their new scores in place (the list is not resorted under the user)."""
        result = self.session.result
        if result is None:
            return
        for doc_id in doc_ids:
            row = self._rows.get(doc_id)
            if row is not None:
                self._docs[row] = result.document(doc_id)
                self.dataChanged.emit(self.index(row, 0), self.index(row, F1))

    def _edited(self, doc: DocumentResult) -> FigureChange | None:
        """The document's F1 before → after while it has unsaved edits (evmeval.editing's figures)."""
        delta = self.session.edit_delta
        change = delta.document(doc.doc_id) if delta is not None else None
        return change.figure(self.session.combination) if change is not None else None

    def refresh(self) -> None:
        """Take the documents of the session's current result."""
        self.beginResetModel()
        result = self.session.result
        first = self.session.first_document.document
        if result is None and first is not None:  # the corpus is being scored: its documents, in file order
            self._docs, self._pending = [], tuple(first.doc_ids)
            self._rows = {doc_id: i for i, doc_id in enumerate(self._pending)}
        else:
            ready = self._ready_order()
            self._pending = ()
            self._docs = list(ready) if ready is not None else self._sorted(
                list(result.documents) if result is not None else [])
            self._rows = {d.doc_id: i for i, d in enumerate(self._docs)}
        self.endResetModel()

    def _ready_order(self) -> tuple[DocumentResult, ...] | None:
        """The order the load's worker sorted the result in, when it is the list's (F1, worst first)."""
        if self.sort_column != F1 or self.sort_order != Qt.SortOrder.AscendingOrder:
            return None
        return self.session.worst_first()

    def _key(self, column: int):
        if column == ID:
            return lambda d: (d.doc_id.lower(),)
        if column == GOLD:
            return lambda d: (d.num_gold, d.doc_id.lower())
        if column == SYSTEM:
            return lambda d: (d.num_system, d.doc_id.lower())
        if column >= len(HEADERS):
            extra = self.extra_columns[column - len(HEADERS)]
            return lambda d: _extra_key(extra.value(d.doc_id), d.doc_id.lower())
        result = self.session.result
        assert result is not None  # `_sorted` keeps the file order until the figures are known
        return document_order.figure_key(result, self.session.combination, column - PRECISION)

    def _counted(self, doc: DocumentResult) -> bool:
        result = self.session.result
        return result.counts_document(doc) if result is not None else doc.counted

    def _sorted(self, docs: list[DocumentResult]) -> list[DocumentResult]:
        if self.session.result is None:
            return docs  # figures not known yet: file order
        return sorted(docs, key=self._key(self.sort_column),
                      reverse=self.sort_order == Qt.SortOrder.DescendingOrder)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Reorder the rows (worst first is F1 ascending); selections follow their documents."""
        if not 0 <= column < self.columnCount():
            return
        self.sort_column, self.sort_order = column, order
        self._resort()

    def set_extra_columns(self, columns: list[ExtraColumn]) -> None:
        """Add columns after F1 (replacing earlier extra columns)."""
        self.beginResetModel()
        self.extra_columns = list(columns)
        if self.sort_column >= self.columnCount():
            self.sort_column = F1
        self.endResetModel()

    def extra_changed(self) -> None:
        """The extra columns' values changed (e.g. coreference was scored): redraw, and resort by them."""
        if not self._docs or not self.extra_columns:
            return
        if self.sort_column >= len(HEADERS):
            self._resort()
        self.dataChanged.emit(self.index(0, len(HEADERS)), self.index(len(self._docs) - 1, self.columnCount() - 1))

    def header_text(self, column: int) -> str:
        return HEADERS[column] if column < len(HEADERS) else self.extra_columns[column - len(HEADERS)].header

    def _resort(self) -> None:
        if self._pending:
            return  # figures not known yet: file order (`refresh` sorts the corpus's rows by the column chosen)
        self.layoutAboutToBeChanged.emit()
        old_ids = [d.doc_id for d in self._docs]
        self._docs = self._sorted(self._docs)
        self._rows = {d.doc_id: i for i, d in enumerate(self._docs)}
        old_indexes = self.persistentIndexList()
        new_indexes = [self.index(self._rows[old_ids[i.row()]], i.column()) for i in old_indexes]
        self.changePersistentIndexList(old_indexes, new_indexes)
        self.layoutChanged.emit()

    def _scores_changed(self, *args: object) -> None:
        if not self._docs:
            return
        if self.sort_column >= PRECISION:
            self._resort()
        self.dataChanged.emit(self.index(0, PRECISION), self.index(len(self._docs) - 1, F1))

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._pending) or len(self._docs)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS) + len(self.extra_columns)

    def doc_id(self, row: int) -> str:
        return self._pending[row] if self._pending else self._docs[row].doc_id

    def row_of(self, doc_id: str) -> int:
        return self._rows.get(doc_id, -1)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.header_text(section)
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADER_TIPS[section] if section < len(HEADERS) else self.extra_columns[section - len(HEADERS)].tip
        if role == Qt.ItemDataRole.TextAlignmentRole and section != ID:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _value(self, doc: DocumentResult, column: int) -> float:
        score = doc.scores[self.session.combination]
        return (score.precision, score.recall, score.f1)[column - PRECISION]

    def data(self, index: _Index, role: int = DISPLAY):
        if role not in _ANSWERED or not index.isValid():
            return None
        column = index.column()
        if self._pending:
            doc_id = self._pending[index.row()]
            return filter_text(doc_id, self.restriction) if role == FILTER_ROLE else _pending_data(doc_id, column, role)
        doc = self._docs[index.row()]
        if role == FILTER_ROLE:
            return filter_text(doc.doc_id, self.restriction)
        if column >= len(HEADERS):
            return self._extra_data(doc, self.extra_columns[column - len(HEADERS)], role)
        if role == DISPLAY:
            if column == ID:
                return doc.doc_id
            if column == GOLD:  # counted without unpacking the mentions (a paint would unpack 30 documents')
                return str(doc.num_gold)
            if column == SYSTEM:
                return str(doc.num_system)
            edited = self._edited(doc) if column == F1 else None
            if edited is not None:  # the difference is in the tooltip: the list stays narrow
                return edited.short_text()
            return percent(self._value(doc, column))
        if role == DOC_ID_ROLE:
            return doc.doc_id
        if role == ALIGNMENT:
            return None if column == ID else RIGHT
        if role == TOOLTIP:
            return self._tooltip(doc, column)
        if role == FOREGROUND:
            return None if self._counted(doc) else QColor(colours.MUTED_TEXT)
        if not doc.in_system or self._edited(doc) is not None:  # the font
            font = QFont()
            font.setItalic(not doc.in_system)
            font.setBold(self._edited(doc) is not None)
            return font
        return None

    def _tooltip(self, doc: DocumentResult, column: int) -> str | None:
        notes = []
        if not self._counted(doc):
            agreement = self.session.result is not None and self.session.result.kind is ResultKind.AGREEMENT
            notes.append(("No mentions on either side" if agreement else "No gold mentions")
                         + ": left out of the corpus averages.")
        if not doc.in_system:
            notes.append("Not in the system file: scored as empty.")
        if column >= PRECISION and is_nan(self._value(doc, column)):
            notes.append(NAN_TOOLTIP)
        edited = self._edited(doc)
        if edited is not None:
            notes.append(f"Unsaved edits: F1 {edited.text()} (saved file → now)")
        return "\n".join(notes) or None

    def _extra_data(self, doc: DocumentResult, column: ExtraColumn, role: int):
        if role == DISPLAY:
            value = column.value(doc.doc_id)
            return "" if value is None else percent(value)
        if role == DOC_ID_ROLE:
            return doc.doc_id
        if role == ALIGNMENT:
            return RIGHT
        return column.tip if role == TOOLTIP else None


def _extra_key(value: float | None, doc_id: str) -> tuple:
    """Unknown values last, undefined (NaN) next, then by value."""
    if value is None:
        return (2, 0.0, doc_id)
    if is_nan(value):
        return (1, 0.0, doc_id)
    return (0, value, doc_id)
