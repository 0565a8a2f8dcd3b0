"""The list of documents with their counts and scores for the chosen combination, worst first.

A `QAbstractTableModel` over `ScoreResult.documents` (which sorts itself) behind a
`views.document_filter.DocumentFilter` (the id filter and a chart's document filter). Clicking a row selects the
document through the session; the list follows the session's selection.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from evmeval.editing.session import FigureChange
from evmeval.mention.scoring import DocumentResult, ResultKind
from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QMenu,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.model import document_order
from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.model.formatting import NAN_TOOLTIP, is_nan, percent, plural
from evmeval_gui.model.partners import rows_as_tsv
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session
from evmeval_gui.table_fit import elide_in_the_middle
from evmeval_gui.views.context_menus import copy_text, document_menu, popup
from evmeval_gui.views.document_filter import FILTER_ROLE, DocumentFilter, filter_text
from evmeval_gui.views.search_field import SearchField

DOC_ID_ROLE = Qt.ItemDataRole.UserRole + 1

ID, GOLD, SYSTEM, PRECISION, RECALL, F1 = range(6)
HEADERS = ("Document", "Gold", "Sys", "P %", "R %", "F1 %")
HEADER_TIPS = ("Document id", "Gold mentions in the document", "System mentions in the document",
               "Precision (%) for the chosen attribute combination",
               "Recall (%) for the chosen attribute combination",
               "F1 (%) for the chosen attribute combination")

MIN_ID_WIDTH = 150
"""Below this, the list hides its P and R columns rather than squeeze document ids."""
LEGIBLE_ID_WIDTH = 110
"""The id column never gets narrower (a narrow list scrolls sideways to its last columns)."""
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


class _Pending:
    """A row of the corpus being scored: its figures come when it is shown, or with the corpus. (A plain class
    with slots: 4,480 of them are made in the turn that shows the first document, a third of a dataclass's cost.)"""

    __slots__ = ("doc_id",)

    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id

    def data(self, column: int, role: int) -> str | None:
        if role == DOC_ID_ROLE or (role == Qt.ItemDataRole.DisplayRole and column == ID):
            return self.doc_id
        if role == Qt.ItemDataRole.DisplayRole:
            return "…"
        return PENDING_TIP if role == Qt.ItemDataRole.ToolTipRole else None


PENDING_TIP = "Scored when you show it; its figures here come with the corpus's"


class DocumentListModel(QAbstractTableModel):
    """One row per gold document of the current result, kept sorted by the model itself.

    Sorting here (one Python `sorted` with precomputed keys) rather than in the proxy keeps a
    2,000-document list instant: a proxy sort asks `data()` tens of thousands of times.
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._docs: list[DocumentResult] = []
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
            self._docs = [_Pending(doc_id) for doc_id in first.doc_ids]  # type: ignore[misc]
        else:
            ready = self._ready_order()
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
            return lambda d: (len(d.gold), d.doc_id.lower())
        if column == SYSTEM:
            return lambda d: (len(d.system), d.doc_id.lower())
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
        return 0 if parent.isValid() else len(self._docs)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS) + len(self.extra_columns)

    def doc_id(self, row: int) -> str:
        return self._docs[row].doc_id

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

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        doc = self._docs[index.row()]
        column = index.column()
        if role == FILTER_ROLE:
            return filter_text(doc.doc_id, self.restriction)
        if isinstance(doc, _Pending):
            return doc.data(column, role)
        if column >= len(HEADERS):
            return self._extra_data(doc, self.extra_columns[column - len(HEADERS)], role)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == ID:
                return doc.doc_id
            if column == GOLD:
                return str(len(doc.gold))
            if column == SYSTEM:
                return str(len(doc.system))
            edited = self._edited(doc) if column == F1 else None
            if edited is not None:  # the difference is in the tooltip: the list stays narrow
                return edited.short_text()
            return percent(self._value(doc, column))
        if role == DOC_ID_ROLE:
            return doc.doc_id
        if role == Qt.ItemDataRole.TextAlignmentRole and column != ID:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(doc, column)
        if role == Qt.ItemDataRole.ForegroundRole and not self._counted(doc):
            return QColor(colours.MUTED_TEXT)
        if role == Qt.ItemDataRole.FontRole and (not doc.in_system or self._edited(doc) is not None):
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
        if role == Qt.ItemDataRole.DisplayRole:
            value = column.value(doc.doc_id)
            return "" if value is None else percent(value)
        if role == DOC_ID_ROLE:
            return doc.doc_id
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.tip
        return None


def _extra_key(value: float | None, doc_id: str) -> tuple:
    """Unknown values last, undefined (NaN) next, then by value."""
    if value is None:
        return (2, 0.0, doc_id)
    if is_nan(value):
        return (1, 0.0, doc_id)
    return (0, value, doc_id)


class DocumentList(QWidget):
    """Filter box, table of documents and a count; selects documents through the session."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.model = DocumentListModel(session)
        self.proxy = DocumentFilter(self.model, ID, restrict=self.model.restrict)
        self.filter_edit = SearchField("Filter documents by id…")
        self.filter_edit.setObjectName("documentFilter")
        self.filter_edit.textChanged.connect(self._on_filter_text)
        self.table = QTableView()
        self.table.setObjectName("documentTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(False)  # the model sorts; see DocumentListModel
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(ID, QHeaderView.ResizeMode.Fixed)
        header.setMinimumSectionSize(30)
        fm = self.table.fontMetrics()
        for column in range(GOLD, len(HEADERS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            sample = "9999" if column in (GOLD, SYSTEM) else "100.00"
            header.resizeSection(column, max(fm.horizontalAdvance(sample), fm.horizontalAdvance(HEADERS[column]))
                                 + 12)
        self._sizes = {column: header.sectionSize(column) for column in range(GOLD, len(HEADERS))}
        """Each number column's width, hidden or not (a hidden section's size reads 0)."""
        elide_in_the_middle(self.table)
        header.setHighlightSections(False)
        header.setSectionsClickable(True)
        header.setSortIndicatorShown(True)
        header.setSortIndicator(F1, Qt.SortOrder.AscendingOrder)
        header.sectionClicked.connect(self._on_header_clicked)
        self.count_label = QLabel()
        self.count_label.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)
        self._updating = False
        self.table.viewport().installEventFilter(self)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.menu: QMenu | None = None
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection)
        session.selection_changed.connect(self._on_session_selection)
        session.scoring_finished.connect(self._after_refresh)
        self._f1_width = header.sectionSize(F1)
        for signal in (session.result_edited, session.scoring_finished, session.combination_changed):
            signal.connect(lambda *_: self._fit_f1_column())
        session.filter_changed.connect(self._on_filter_changed)
        # Ctrl+1…4 re-sorts the list by the new scores: the shown document stays in view (after the model)
        session.combination_changed.connect(lambda *_: self._on_session_selection(self.session.selection))
        self.proxy.rowsInserted.connect(self._update_count)
        self.proxy.rowsRemoved.connect(self._update_count)
        self.proxy.modelReset.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)
        self._update_count()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_id_column()
        return super().eventFilter(watched, event)

    def _fit_f1_column(self) -> None:
        """While documents have unsaved edits, F1 is wide enough for their "before → after" (in
        bold, as they show); afterwards it is a number's width again."""
        delta = self.session.edit_delta
        width = self._f1_width
        if delta is not None:
            font = QFont(self.table.font())
            font.setBold(True)
            fm = QFontMetrics(font)
            texts = [d.figure(self.session.combination).short_text() for d in delta.documents]
            width = max([width, *(fm.horizontalAdvance(t) + 14 for t in texts)])
        header = self.table.horizontalHeader()
        if self._sizes[F1] != width:
            self._sizes[F1] = width
            header.resizeSection(F1, width)
            self._fit_id_column()

    def _fit_id_column(self) -> None:
        """The id column takes what the numbers leave; a narrow list drops P and R (F1 stays). Decided
        from the columns' own widths (not from what is shown now), so a refit never flips P and R back
        and forth, and nothing changes when nothing has to (each change resizes the viewport again)."""
        header = self.table.horizontalHeader()
        width = self.table.viewport().width()
        extra = [len(HEADERS) + i for i, c in enumerate(self.model.extra_columns) if c.shown]
        hide = {len(HEADERS) + i: not c.shown for i, c in enumerate(self.model.extra_columns)}
        every = sum(self._sizes.get(c, header.sectionSize(c)) for c in [*range(GOLD, len(HEADERS)), *extra])
        compact = width - every < MIN_ID_WIDTH
        hide.update({PRECISION: compact, RECALL: compact, GOLD: False, SYSTEM: False})
        if compact:  # still too narrow (1024 pixels with the charts open): the extra figures yield too
            core = sum(self._sizes.get(c, header.sectionSize(c)) for c in range(GOLD, len(HEADERS))
                       if c not in (PRECISION, RECALL))
            kept = list(extra)
            while kept and width - core - sum(self._sizes.get(c, header.sectionSize(c)) for c in kept) \
                    < LEGIBLE_ID_WIDTH:
                hide[kept.pop()] = True  # the last one first
            if width - core < LEGIBLE_ID_WIDTH:  # then the counts (the document's header says them too)
                hide.update({GOLD: True, SYSTEM: True})
        for column, hidden in hide.items():
            if self.table.isColumnHidden(column) != hidden:
                self.table.setColumnHidden(column, hidden)
        numbers = sum(self._sizes.get(c, header.sectionSize(c)) for c in range(GOLD, self.model.columnCount())
                      if not hide.get(c, False))
        # the ids give way last (elided in the middle, whole on hover): the list never scrolls sideways
        wanted = max(header.minimumSectionSize(), width - numbers)
        if header.sectionSize(ID) != wanted:
            header.resizeSection(ID, wanted)

    # -- context menu -------------------------------------------------------------------------------

    def row_tsv(self, doc_id: str) -> str:
        """One document's row as TSV with the header (what Copy puts on the clipboard)."""
        source = self.model.row_of(doc_id)
        cells = [self.model.index(source, c).data() for c in range(len(HEADERS))]
        return rows_as_tsv(HEADERS, [cells])

    def _context_menu(self, pos) -> None:
        index = self.table.indexAt(pos)
        if not index.isValid():
            return
        doc_id = index.data(DOC_ID_ROLE)
        self.menu = document_menu(self, self.session, doc_id, copy=lambda: copy_text(self.row_tsv(doc_id)))
        popup(self.menu, self.table.viewport(), pos)

    # -- order ------------------------------------------------------------------------------------

    def visible_doc_ids(self) -> list[str]:
        """Document ids in the order the list shows them (sorted and filtered)."""
        return [self.proxy.index(r, ID).data(DOC_ID_ROLE) for r in range(self.proxy.rowCount())]

    def neighbour(self, doc_id: str | None, step: int) -> str | None:
        """The document `step` rows below (or above) `doc_id` in the list; the first one when none."""
        count = self.proxy.rowCount()
        if count == 0:
            return None
        row = self._proxy_row(doc_id) if doc_id is not None else -1
        if row < 0:
            return self.proxy.index(0 if step > 0 else count - 1, ID).data(DOC_ID_ROLE)
        target = row + step
        if not 0 <= target < count:
            return None
        return self.proxy.index(target, ID).data(DOC_ID_ROLE)

    def _proxy_row(self, doc_id: str) -> int:
        source = self.model.row_of(doc_id)
        if source < 0:
            return -1
        return self.proxy.mapFromSource(self.model.index(source, ID)).row()

    def _on_filter_changed(self, chart_filter: ChartFilter | None) -> None:
        self.set_restriction(chart_filter.doc_ids if chart_filter is not None else None)

    def set_restriction(self, doc_ids: AbstractSet[str] | None) -> None:
        """Show only the given documents (a chart's filter); None shows all again."""
        self.proxy.set_restriction(doc_ids)
        self._update_count()
        self._on_session_selection(self.session.selection)

    # -- selection --------------------------------------------------------------------------------

    def _on_filter_text(self, text: str) -> None:
        self.proxy.set_text(text)
        self._update_count()
        self._on_session_selection(self.session.selection)

    def _on_table_selection(self, *args: object) -> None:
        if self._updating:
            return
        rows = self.table.selectionModel().selectedRows(ID)
        if rows:
            self.session.select_document(rows[0].data(DOC_ID_ROLE))

    def _on_session_selection(self, selection: Selection) -> None:
        row = self._proxy_row(selection.doc_id) if selection.doc_id is not None else -1
        self._updating = True
        try:
            model = self.table.selectionModel()
            if row < 0:
                model.clearSelection()
            else:
                index = self.proxy.index(row, ID)
                current = model.selectedRows(ID)
                if not current or current[0].row() != row:
                    model.select(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                 | QItemSelectionModel.SelectionFlag.Rows)
                    model.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
                self.table.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        finally:
            self._updating = False

    def _after_refresh(self) -> None:
        self._update_count()
        self._on_session_selection(self.session.selection)

    def _on_header_clicked(self, column: int) -> None:
        """Sort by a column; clicking the sorted column again reverses the order."""
        model = self.model
        if column == model.sort_column:
            order = (Qt.SortOrder.DescendingOrder if model.sort_order == Qt.SortOrder.AscendingOrder
                     else Qt.SortOrder.AscendingOrder)
        else:
            order = Qt.SortOrder.AscendingOrder
        self.sort_by(column, order)

    def sort_by(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the list (F1 ascending: worst first) and keep the shown document in view."""
        self.model.sort(column, order)
        self.table.horizontalHeader().setSortIndicator(column, order)
        self._update_count()
        self._on_session_selection(self.session.selection)

    def _update_count(self, *args: object) -> None:
        total = self.model.rowCount()
        if self.session.result is None and total:
            return  # the corpus is being scored: the window's line says so
        shown = self.proxy.rowCount()
        if total == 0:
            self.count_label.setText("No documents")
        elif shown == total:
            self.count_label.setText(f"{plural(total, 'document')} · sorted by "
                                     f"{self.model.header_text(self._sort_column())}")
        else:
            self.count_label.setText(f"{shown} of {plural(total, 'document')} shown")

    def _sort_column(self) -> int:
        return self.model.sort_column

    def set_extra_columns(self, columns: list[ExtraColumn]) -> None:
        """Add columns after F1 (see `ExtraColumn`), sized like the score columns."""
        self.model.set_extra_columns(columns)
        fm = self.table.fontMetrics()
        header = self.table.horizontalHeader()
        for i, column in enumerate(columns):
            index = len(HEADERS) + i
            header.setSectionResizeMode(index, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(index, max(fm.horizontalAdvance("100.00"), fm.horizontalAdvance(column.header)) + 12)
            self._sizes[index] = header.sectionSize(index)
        header.setSortIndicator(self.model.sort_column, self.model.sort_order)
        self._fit_id_column()

    def show_extra_column(self, key: str, shown: bool) -> None:
        """Show or hide an extra column (the header's context menu)."""
        model = self.model
        model.extra_columns = [ExtraColumn(c.key, c.header, c.tip, c.value, shown) if c.key == key else c
                               for c in model.extra_columns]
        self._fit_id_column()
