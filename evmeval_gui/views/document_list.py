"""The list of documents with their counts and scores for the chosen combination, worst first.

A `views.document_rows.DocumentListModel` over `ScoreResult.documents` (which sorts itself) behind a
`views.document_filter.DocumentFilter` (the id filter and a chart's document filter). Clicking a row selects the
document through the session; the list follows the session's selection.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt
from PySide6.QtGui import QFont, QFontMetrics
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
from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.model.formatting import plural
from evmeval_gui.model.partners import rows_as_tsv
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session
from evmeval_gui.table_fit import elide_in_the_middle
from evmeval_gui.views.context_menus import copy_text, document_menu, popup
from evmeval_gui.views.document_filter import DocumentFilter
from evmeval_gui.views.document_rows import (
    DOC_ID_ROLE,
    F1,
    GOLD,
    HEADERS,
    ID,
    PRECISION,
    RECALL,
    SYSTEM,
    DocumentListModel,
    ExtraColumn,
)
from evmeval_gui.views.search_field import SearchField

__all__ = ["F1", "HEADERS", "ID", "LEGIBLE_ID_WIDTH", "DocumentList", "DocumentListModel", "ExtraColumn"]
"""The list and what its users read of its rows (`views.document_rows`)."""

MIN_ID_WIDTH = 150
"""Below this, the list hides its P and R columns rather than squeeze document ids."""
LEGIBLE_ID_WIDTH = 110
"""The id column never gets narrower (a narrow list scrolls sideways to its last columns)."""


@contextmanager
def _columns_changing(table: QTableView) -> Iterator[None]:
    """Column widths or hidden columns changed inside: the table laid out and its list repainted once, in the
    paint pass under way. Qt's own answer to each change (`QTableView::columnResized`) is a timer that repaints
    the whole list in a later pass of the event loop, after this one painted it: the turn that showed the first
    document, or took the corpus in, painted the list twice (7-15 ms of GUI CPU each; issue 34)."""
    header = table.horizontalHeader()
    before = [(header.sectionSize(c), header.isSectionHidden(c)) for c in range(header.count())]
    blocked = header.blockSignals(True)  # its sectionResized starts the timer
    try:
        yield
    finally:
        header.blockSignals(blocked)
    if [(header.sectionSize(c), header.isSectionHidden(c)) for c in range(header.count())] != before:
        table.updateGeometries()
        table.viewport().update()


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
        if self._sizes[F1] != width:
            self._sizes[F1] = width
            with _columns_changing(self.table):
                self.table.horizontalHeader().resizeSection(F1, width)
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
        numbers = sum(self._sizes.get(c, header.sectionSize(c)) for c in range(GOLD, self.model.columnCount())
                      if not hide.get(c, False))
        # the ids give way last (elided in the middle, whole on hover): the list never scrolls sideways
        wanted = max(header.minimumSectionSize(), width - numbers)
        with _columns_changing(self.table):
            for column, hidden in hide.items():
                if self.table.isColumnHidden(column) != hidden:
                    self.table.setColumnHidden(column, hidden)
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
        with _columns_changing(self.table):
            for i, column in enumerate(columns):
                index = len(HEADERS) + i
                header.setSectionResizeMode(index, QHeaderView.ResizeMode.Fixed)
                header.resizeSection(index, max(fm.horizontalAdvance("100.00"),
                                                fm.horizontalAdvance(column.header)) + 12)
                self._sizes[index] = header.sectionSize(index)
            self._fit_id_column()
        header.setSortIndicator(self.model.sort_column, self.model.sort_order)

    def show_extra_column(self, key: str, shown: bool) -> None:
        """Show or hide an extra column (the header's context menu)."""
        model = self.model
        model.extra_columns = [ExtraColumn(c.key, c.header, c.tip, c.value, shown) if c.key == key else c
                               for c in model.extra_columns]
        self._fit_id_column()
