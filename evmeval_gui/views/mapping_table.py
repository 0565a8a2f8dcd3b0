"""The mapping table of the shown document: gold side | system side | Dice | outcome, one row each.

Rows come from `evmeval.mention.outcomes.mapping_rows` for the chosen attribute combination (each
combination has its own mapping), unmapped mentions of both sides included. A proxy filters by
outcome, by type and by a chart's row predicate, and sorts; the first column is the reading order.
Selecting rows selects their mentions through the session; the table follows the session.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from evmeval.mention.outcomes import MappingRow
from evmeval.model import carries_realis
from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.model.filters import ChartFilter, RowPredicate
from evmeval_gui.model.formatting import dice, plural
from evmeval_gui.model.partners import rows_as_tsv
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session
from evmeval_gui.views import item_roles as roles
from evmeval_gui.views.context_menus import copy_text, popup, row_menu
from evmeval_gui.views.item_roles import DISPLAY, LOOK_ROLES, TOOLTIP
from evmeval_gui.views.mapping_columns import (
    DICE,
    G_ID,
    G_REALIS,
    G_TEXT,
    G_TYPE,
    HEADER_TIPS,
    HEADERS,
    OUTCOME,
    POS,
    S_ID,
    S_REALIS,
    S_TEXT,
    S_TYPE,
    SYSTEM_FIRST,
    TSV_HEADERS,
    UNIT,
    GroupedTable,
    MappingColumns,
    copied_columns,
    split_id,
    unit_label,
)
from evmeval_gui.views.mapping_filter import FILTER_ROLE, KEPT, MappingFilter
from evmeval_gui.views.mapping_order import common_ends, reading_ranks, shown, sort_key
from evmeval_gui.views.sub_rows import SubRow, SubRows, is_sub_row, sub_rows_shown

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ROW_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | QPersistentModelIndex
_MISMATCH_COLOUR = QColor("#9A4A00")
_LOOKS = max(LOOK_ROLES) + 1


class MappingTableModel(QAbstractTableModel):
    """The rows of one document under the session's combination, kept sorted by the model itself.

    Sorting here (one `sorted` with precomputed keys) rather than in the proxy, and updating only the
    rows an edit changed (`update_document`) rather than resetting, keep an edit's repaint cheap on a
    long document: a reset makes the proxy sort again through thousands of `data()` calls.
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.doc_id: str | None = None
        self.rows: list[MappingRow] = []
        """In the order shown (the sort column's)."""
        self._rank: list[int] = []
        self._texts: dict[tuple[int, int], str] = {}
        self._looks: dict[tuple[int, int], tuple[object, ...]] = {}
        """Each cell's look by role, made at a paint's first question (`data`); forgotten with the rows."""
        self._names: dict[str, str] = {}
        self.sort_column, self.sort_order = POS, Qt.SortOrder.AscendingOrder
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)
        self.sub_rows: SubRows[Any] | None = None
        """A feature's rows under each row (the conventions' arguments; None: none shown)."""
        self.unit_label: str | None = None
        """The `UNIT` column's header when the corpus's ids name a window or sentence (None: tbf and others)."""
        self.keeps: Callable[[int], bool] | None = None
        """Whether the table's filter keeps a row (`MappingFilter` sets it; asked only while a filter is set)."""

    def _load(self, doc_id: str | None) -> tuple[list[MappingRow], list[int]]:
        """The rows of `doc_id` with their reading-order ranks, sorted by the sort column."""
        rows = list(self.session.rows(doc_id)) if doc_id is not None else []
        return self._sorted(rows, reading_ranks(rows, self.session.document_text_soon(doc_id) if doc_id else None))

    def take_reading_order(self) -> None:
        """The document's text came after its rows (read in the background): the rows in reading order."""
        text = self.session.document_text_soon(self.doc_id) if self.doc_id is not None else None
        if text is not None:
            self._rank = reading_ranks(self.rows, text)
            self.sort(self.sort_column, self.sort_order)

    def _sorted(self, rows: list[MappingRow], rank: list[int]) -> tuple[list[MappingRow], list[int]]:
        column = self.sort_column
        kept = [i for i, r in enumerate(rows) if not is_sub_row(r)]  # sub-rows follow their row
        reading = sorted(kept, key=rank.__getitem__)
        # stable either way: rows that sort alike stay in reading order, as a proxy's sort kept them
        order = sorted(reading, key=lambda i: sort_key(rows[i], rank[i], column),
                       reverse=self.sort_order == Qt.SortOrder.DescendingOrder)
        if self.sub_rows is None or self.doc_id is None:
            return [rows[i] for i in order], [rank[i] for i in order]
        out: list = []
        out_rank: list[int] = []
        for i in order:
            lines = self.sub_rows.lines(self.doc_id, rows[i])
            out += [rows[i], *lines]
            out_rank += [rank[i]] * (1 + len(lines))
        return out, out_rank

    def set_document(self, doc_id: str | None) -> None:
        """Load the rows of `doc_id` (None: empty) for the session's current combination."""
        self.beginResetModel()
        self.doc_id = doc_id
        self.rows, self._rank = self._load(doc_id)
        self._forget_cells()
        self._names = dict(self.session.type_names)
        self.unit_label = unit_label(self.session)
        self.endResetModel()

    def update_document(self) -> None:
        """The same document after an edit: replace only the rows that changed (what stays keeps its
        place, selection and painted cells), and renumber the reading order."""
        if self.doc_id is None or dict(self.session.type_names) != self._names:
            self.set_document(self.doc_id)  # a type's shown spelling changed: every row may show it
            return
        rows, rank = self._load(self.doc_id)
        old, old_rank = self.rows, self._rank
        head, tail = common_ends([shown(r) for r in old], [shown(r) for r in rows])
        self._forget_cells()
        if len(old) == len(rows):
            self.rows, self._rank = rows, rank
            if head < len(rows) - tail:
                self.dataChanged.emit(self.index(head, 0), self.index(len(rows) - tail - 1, len(HEADERS) - 1))
        else:
            if head < len(old) - tail:
                self.beginRemoveRows(QModelIndex(), head, len(old) - tail - 1)
                self.rows, self._rank = old[:head] + old[len(old) - tail:], old_rank[:head] + old_rank[len(old) - tail:]
                self.endRemoveRows()
            if head < len(rows) - tail:
                self.beginInsertRows(QModelIndex(), head, len(rows) - tail - 1)
                self.rows, self._rank = rows, rank
                self.endInsertRows()
            self.rows = rows  # the kept rows with their new mention indices
            self._forget_cells()  # (anything a view asked between the removal and the insertion is stale)
        # the reading order shifts after an added or removed mention: those numbers are repainted
        kept = [k for k in range(len(rows)) if k < head or k >= len(rows) - tail]
        moved = [k for k in kept if rank[k] != old_rank[k if k < head else k - len(rows) + len(old)]]
        self._rank = rank
        if moved:
            self.dataChanged.emit(self.index(moved[0], POS), self.index(moved[-1], POS))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Reorder the rows; selections follow their rows."""
        if not 0 <= column < len(HEADERS):
            return
        self.sort_column, self.sort_order = column, order
        self.layoutAboutToBeChanged.emit()
        rows = self.rows
        order_rows, order_rank = self._sorted(rows, self._rank)
        def identity(r: object) -> object:  # sub-rows are made again: they are known by value
            return r if is_sub_row(r) else id(r)

        where = {identity(r): k for k, r in enumerate(order_rows)}
        old_indexes = self.persistentIndexList()
        new_indexes = [self.index(where[identity(rows[i.row()])], i.column()) for i in old_indexes]
        self.rows, self._rank = order_rows, order_rank
        self._forget_cells()
        self.changePersistentIndexList(old_indexes, new_indexes)
        self.layoutChanged.emit()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.unit_label or HEADERS[section] if section == UNIT else HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADER_TIPS[section]
        return None

    def data(self, index: _Index, role: int = DISPLAY):
        """A paint asks each cell on screen for seven roles, each a call from C++ into Python: the cell's look is
        made at the first (`_look`), the six others are a look-up; roles are plain ints (`Qt.ItemDataRole.X` costs
        an attribute look-up and an enum comparison, ~0.7 us, each time)."""
        number = index.row()
        if number < 0:  # an invalid index
            return None
        column = index.column()
        if role in LOOK_ROLES:
            look = self._looks.get((number, column))
            if look is None:
                look = self._looks[(number, column)] = self._look(number, column)
            return look[role]
        if role == FILTER_ROLE:
            return KEPT if self.keeps is None or self.keeps(number) else ""
        row = self.rows[number]
        if is_sub_row(row):
            assert self.sub_rows is not None
            if role == ROW_ROLE:
                return row
            if role == TOOLTIP:
                return self.sub_rows.tooltip(row, column)
            return self.sub_rows.look(row, column, role, self._italic)
        if role == SORT_ROLE:
            return sort_key(row, self._rank[number], column)
        if role == ROW_ROLE:
            return row
        if role == TOOLTIP:
            return self._tooltip(number, column)
        return None

    def _look(self, number: int, column: int) -> tuple[object, ...]:
        """Every `LOOK_ROLES` value of a cell, by role (the ones not asked for: None)."""
        look: list[object] = [None] * _LOOKS
        look[DISPLAY] = self.display_text(number, column)
        row = self.rows[number]
        if is_sub_row(row):
            assert self.sub_rows is not None
            for role in LOOK_ROLES - {DISPLAY}:
                look[role] = self.sub_rows.look(row, column, role, self._italic)
            return tuple(look)
        if self._mismatch(row, column):  # the differing attribute in bold brown
            look[roles.FONT], look[roles.FOREGROUND] = self._bold, _MISMATCH_COLOUR
        if column == OUTCOME:
            look[roles.DECORATION] = colours.swatch_icon(row.outcome)
            look[roles.BACKGROUND] = colours.style(row.outcome).qtint
        elif column in (POS, DICE):
            look[roles.ALIGNMENT] = roles.RIGHT
        return tuple(look)

    def _forget_cells(self) -> None:
        """The rows or their order changed: every cell's text and look are made again when asked."""
        self._texts.clear()
        self._looks.clear()

    def has_realis(self) -> bool:
        """Whether any row's mention has a realis (`evmeval.model.carries_realis`: formats without one read every
        realis as `NOT_ANNOTATED`)."""
        return carries_realis([m for row in self.rows if not is_sub_row(row) for m in (row.gold, row.system)
                               if m is not None])

    def units(self) -> list[str]:
        """The windows (sentences) of the rows shown, when the ids name them."""
        return sorted({self.display_text(n, UNIT) for n in range(len(self.rows))}) if self.unit_label else []

    def unit_column(self) -> str | None:
        """The `UNIT` column's header, or None when its cells would say nothing the document's id does not: a
        document that is its own window (TextEE converted from tbf: `wnd_id` is the `doc_id`) repeated it on
        every row. The id's tooltip keeps the whole id; a document of several windows keeps the column."""
        return None if self.units() in ([], [self.doc_id]) else self.unit_label

    def display_text(self, number: int, column: int) -> str:
        """What a cell shows: types as each side writes them (the compared form in the tooltip); remembered
        until the rows change (a repaint asks each cell several times)."""
        key = (number, column)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = self._cell_text(number, column)
        return text

    def _cell_text(self, number: int, column: int) -> str:
        row = self.rows[number]
        if is_sub_row(row):
            assert self.sub_rows is not None
            return self.sub_rows.text(row, column)
        if column == POS:
            return str(self._rank[number])
        if column == DICE:
            return dice(row.dice)
        if column == OUTCOME:
            return colours.style(row.outcome).short
        if column == UNIT:
            either = row.gold or row.system
            return split_id(either.mention_id)[0] if either is not None and self.unit_label else ""
        mention = row.gold if column < SYSTEM_FIRST else row.system
        if mention is None:
            return ""
        field = (column - G_ID) % 4
        if field == 0 and self.unit_label:  # the id within its window: the window has its column
            return split_id(mention.mention_id)[1]
        if field == 2:  # each side's own spelling (a convention comparing types as written turns on it)
            return mention.raw_type or self._names.get(mention.mention_type, mention.mention_type)
        return (mention.mention_id, mention.text, "", mention.raw_realis)[field]

    @staticmethod
    def _mismatch(row: MappingRow, column: int) -> bool:
        attributes = row.mismatched_attributes
        if column in (G_TYPE, S_TYPE):
            return "mention_type" in attributes
        if column in (G_REALIS, S_REALIS):
            return "realis_status" in attributes
        return False

    def _tooltip(self, number: int, column: int) -> str | None:
        row = self.rows[number]
        if column == OUTCOME:
            return colours.style(row.outcome).description
        mention = row.gold if column < SYSTEM_FIRST else row.system
        if column in (G_TYPE, G_REALIS, S_TYPE, S_REALIS) and mention is not None:
            is_type = column in (G_TYPE, S_TYPE)
            shown = mention.raw_type if is_type else mention.raw_realis
            value = mention.mention_type if is_type else mention.realis
            differs = "\nGold and system differ here" if self._mismatch(row, column) else ""
            return f"{shown} (compared as “{value}”){differs}"
        if column in (G_ID, S_ID) and mention is not None:
            # the whole mention: on a narrow table its text, type and realis columns may be hidden
            first = G_ID if column == G_ID else S_ID
            fields = [self.display_text(number, c) for c in range(first, first + 4)]
            return f"{mention.mention_id} · “{fields[1]}” · {fields[2]} · {fields[3]}"
        if column in (G_TEXT, S_TEXT) and mention is not None:
            return self.display_text(number, column) or None
        if column == DICE and row.dice is None:
            return "Unmapped: no Dice"
        return None


class MappingTable(QWidget):
    """Filters and the table; selecting rows selects their mentions through the session."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.model = MappingTableModel(session)
        self.proxy = MappingFilter(self.model)
        self.outcome_combo = QComboBox()
        self.outcome_combo.setObjectName("outcomeFilter")
        self.outcome_combo.setToolTip("Show only rows with this outcome")
        self.outcome_combo.addItem("All outcomes", None)
        self.outcome_combo.addItem("Errors only", MappingFilter.ERRORS)
        for outcome in colours.OUTCOME_ORDER:
            self.outcome_combo.addItem(colours.swatch_icon(outcome), colours.style(outcome).short, outcome.value)
        self.outcome_combo.currentIndexChanged.connect(lambda _: self._refiltered(
            lambda: self.proxy.set_outcome(self.outcome_combo.currentData())))
        self.type_combo = QComboBox()
        self.type_combo.setObjectName("typeFilter")
        self.type_combo.setToolTip("Show only rows where the gold or the system mention has this type")
        self.type_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.type_combo.currentIndexChanged.connect(lambda _: self._refiltered(
            lambda: self.proxy.set_type(self.type_combo.currentData())))
        self.count_label = QLabel()
        self.count_label.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.table = GroupedTable()
        self.table.setObjectName("mappingTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(POS, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        self.columns = MappingColumns(self.table)
        self.model.modelReset.connect(self._on_reset)
        filters = QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.addWidget(QLabel("Show"))
        filters.addWidget(self.outcome_combo)
        filters.addWidget(self.type_combo)
        filters.addStretch(1)
        filters.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(filters)
        self._filters = filters
        layout.addWidget(self.table, 1)
        self._updating = False
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection)
        for signal in (self.proxy.modelReset, self.proxy.rowsInserted, self.proxy.rowsRemoved,
                       self.proxy.layoutChanged):
            signal.connect(self._update_count)
        session.selection_changed.connect(self._on_session_selection)
        session.combination_changed.connect(self._reload)
        session.scoring_finished.connect(self._on_scoring_finished)
        session.result_edited.connect(self._on_edited)
        session.text_arrived.connect(self._on_text_arrived)
        session.filter_changed.connect(self._on_filter_changed)
        session.type_filter_requested.connect(self.filter_type)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        copy = QShortcut(QKeySequence(QKeySequence.StandardKey.Copy), self.table)
        copy.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        copy.activated.connect(self.copy_selection)
        self.menu: QMenu | None = None
        self._fill_types()

    # -- content ----------------------------------------------------------------------------------

    def _on_scoring_finished(self) -> None:
        self._fill_types()
        self._reload()

    def _fill_types(self) -> None:
        """Every type of the result (canonical, as the scorer compares them), shown as first written."""
        current = self.type_combo.currentData()
        names = self.session.type_names
        self.type_combo.blockSignals(True)
        self.type_combo.clear()
        self.type_combo.addItem("All types", None)
        for canonical in sorted(names, key=lambda t: names[t].lower()):
            self.type_combo.addItem(names[canonical], canonical)
        found = self.type_combo.findData(current) if current is not None else 0
        self.type_combo.setCurrentIndex(max(found, 0))
        self.type_combo.blockSignals(False)
        self.proxy.set_type(self.type_combo.currentData())

    def add_filter(self, widget: QWidget) -> None:
        """Put a feature's filter box after the type box (the conventions' argument chooser)."""
        self._filters.insertWidget(self._filters.indexOf(self.type_combo) + 1, widget)

    def show_sub_rows(self, sub_rows: SubRows[Any] | None, *, errors_only: bool = False) -> None:
        """Show a feature's rows under each row (None: none), all of them or only the errors."""
        self.proxy.set_sub_row_errors(errors_only)
        if sub_rows is not self.model.sub_rows:
            self.model.sub_rows = sub_rows
            self._reload()
        self._update_count()

    def filter_type(self, canonical: str | None) -> None:
        """Show only rows of this type (None: every type), as choosing it in the type box does."""
        index = self.type_combo.findData(canonical) if canonical is not None else 0
        if index >= 0:
            self.type_combo.setCurrentIndex(index)

    def filters(self) -> tuple[object, object]:
        """The outcome and type boxes' choices (what a stored session keeps; None: all)."""
        return self.outcome_combo.currentData(), self.type_combo.currentData()

    def restore_filters(self, outcome: object, mention_type: object) -> None:
        """Choose stored `filters()` again, where the boxes still offer them."""
        for combo, value in ((self.outcome_combo, outcome), (self.type_combo, mention_type)):
            index = combo.findData(value) if value is not None else -1
            if index > 0:
                combo.setCurrentIndex(index)

    def _on_reset(self) -> None:
        """New rows (a document switch): the columns they need, and the table laid out now. A reset leaves the
        layout to a zero-delay timer that runs after the first paint, then paints the table a second time."""
        self.columns.show_units(self.model.unit_column(), self.model.units())
        self.columns.show_realis(not self.model.rows or self.model.has_realis())
        self.table.doItemsLayout()

    def _reload(self, *args: object) -> None:
        self.model.set_document(self.session.selection.doc_id)
        self._on_session_selection(self.session.selection)

    def _on_edited(self, doc_ids: tuple[str, ...]) -> None:
        """An edit rescored the shown document: only its changed rows are replaced."""
        if self.model.doc_id in doc_ids and self.model.doc_id == self.session.selection.doc_id:
            self.model.update_document()
            self._update_count()
            self._on_session_selection(self.session.selection)
        elif self.model.doc_id in doc_ids:
            self._reload()

    def _on_text_arrived(self, doc_id: str) -> None:
        if doc_id == self.model.doc_id:
            self.model.take_reading_order()

    def _on_filter_changed(self, chart_filter: ChartFilter | None) -> None:
        self.set_predicate(chart_filter.row_predicate if chart_filter is not None else None)

    def set_predicate(self, predicate: RowPredicate | None) -> None:
        """Keep only rows a chart asked for (None: all rows again); the session's filter sets it."""
        self.proxy.set_predicate(predicate)
        self._update_count()

    def _refiltered(self, change) -> None:
        """Change a filter, then keep the selected row in view, or show the top when it is filtered out."""
        change()
        selected = self.table.selectionModel().selectedRows(0)
        if selected:
            self.table.scrollTo(selected[0], QAbstractItemView.ScrollHint.EnsureVisible)
        else:
            self.table.scrollToTop()

    # -- copy and context menu ----------------------------------------------------------------------

    def selection_tsv(self) -> str:
        """The selected rows (in table order) as tab-separated text with the header: what Ctrl+C copies."""
        numbers = sorted(self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows(0))
        order = {self.proxy.mapToSource(self.proxy.index(r, 0)).row(): r for r in range(self.proxy.rowCount())}
        numbers.sort(key=lambda n: order.get(n, n))
        # the document first: rows pasted from several documents still say where each came from
        doc = self.model.doc_id or ""
        columns = copied_columns(self.model.unit_label is not None)
        cells = [[doc, *(self.model.display_text(n, c) for c in columns)] for n in numbers]
        return rows_as_tsv(("Document", *(TSV_HEADERS[c] for c in columns)), cells)

    def copy_selection(self) -> None:
        """Ctrl+C: the selected rows as TSV with a header."""
        if self.table.selectionModel().selectedRows(0):
            copy_text(self.selection_tsv())

    def _context_menu(self, pos) -> None:
        index = self.table.indexAt(pos)
        if not index.isValid() or self.model.doc_id is None:
            return
        if not self.table.selectionModel().isRowSelected(index.row(), QModelIndex()):
            self.table.selectRow(index.row())
        row = index.data(ROW_ROLE)
        self.menu = row_menu(self, self.session, self.model.doc_id, row, copy=self.copy_selection,
                             copy_label="&Copy rows (Ctrl+C)")
        popup(self.menu, self.table.viewport(), pos)

    def visible_rows(self) -> list[MappingRow]:
        """Rows in the order the table shows them."""
        return [self.proxy.index(r, 0).data(ROW_ROLE) for r in range(self.proxy.rowCount())]

    def selected_rows(self) -> list[MappingRow | SubRow]:
        return [index.data(ROW_ROLE) for index in self.table.selectionModel().selectedRows(0)]

    def _update_count(self, *args: object) -> None:
        rows = [r for r in self.model.rows if not is_sub_row(r)]  # sub-rows are not counted
        total, shown = len(rows), self.proxy.rowCount() - sub_rows_shown(self.proxy, self.model.rows)
        errors = sum(1 for r in rows if r.outcome.is_error)
        if self.model.doc_id is None:
            self.count_label.setText("")
        elif shown == total:
            self.count_label.setText(f"{plural(total, 'row')} · {plural(errors, 'error')}")
        else:
            self.count_label.setText(f"{shown} of {plural(total, 'row')} shown · {plural(errors, 'error')}")

    # -- selection --------------------------------------------------------------------------------

    def _on_table_selection(self, *args: object) -> None:
        if self._updating or self.model.doc_id is None:
            return
        rows = self.selected_rows()
        argument = next((r.key for r in rows if is_sub_row(r)), None)
        if rows:
            self.session.select(dataclasses.replace(Selection.of_rows(self.model.doc_id, rows), argument=argument))
        else:
            self.session.select(Selection(self.model.doc_id))

    def _on_session_selection(self, selection: Selection) -> None:
        if selection.doc_id != self.model.doc_id:
            self.model.set_document(selection.doc_id)
        self._updating = True
        try:
            model = self.table.selectionModel()
            chosen = QItemSelection()
            first: QModelIndex | None = None
            named = bool(selection.gold_ids or selection.system_ids or selection.argument is not None)
            for number, row in enumerate(self.model.rows if named else ()):  # the model's order is the table's
                if is_sub_row(row) or selection.argument is not None:  # the sub-row alone
                    if not is_sub_row(row) or row.key != selection.argument:
                        continue
                elif not selection.matches(row):
                    continue
                index = self.proxy.mapFromSource(self.model.index(number, 0))
                if index.isValid():
                    chosen.select(index, index.siblingAtColumn(len(HEADERS) - 1))
                    if first is None:
                        first = index
            model.select(chosen, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            if first is not None:
                model.setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
                self.table.scrollTo(first, QAbstractItemView.ScrollHint.EnsureVisible)
        finally:
            self._updating = False
