"""A virtual table model for long lists (2000 documents, 40,000 cases): rows are objects, columns are
functions; sorting is by a per-column key, not by the shown text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from evmeval_gui.table_fit import elide_in_the_middle, whole_width

T = TypeVar("T")
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Column(Generic[T]):
    """A column: its header, the text of a row, its sort key, and optionally a colour, tooltip, alignment."""

    header: str
    text: Callable[[T], str]
    key: Callable[[T], Any]
    colour: Callable[[T], str | None] | None = None
    tip: Callable[[T], str] | None = None
    right: bool = False
    header_tip: str = ""


class RowsModel(QAbstractTableModel, Generic[T]):
    """Rows of `T` shown through `Column`s; `sort` reorders the rows (stable, by the column's key)."""

    def __init__(self, columns: Sequence[Column[T]], parent: Any = None) -> None:
        super().__init__(parent)
        self.columns = list(columns)
        self.rows: list[T] = []
        self.bold_row: Callable[[T], bool] = lambda _row: False

    def set_rows(self, rows: Sequence[T]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self.rows[index.row()], self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == Qt.ItemDataRole.ForegroundRole and column.colour is not None:
            colour = column.colour(row)
            return QBrush(QColor(colour)) if colour else None
        if role == Qt.ItemDataRole.ToolTipRole and column.tip is not None:
            return column.tip(row)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.right:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and self.bold_row(row):
            font = QFont()
            font.setBold(True)
            return font
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section].header
        if role == Qt.ItemDataRole.ToolTipRole and self.columns[section].header_tip:
            return self.columns[section].header_tip
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        key = self.columns[column].key
        self.rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutChanged.emit()

    def row_texts(self, row: int) -> tuple[str, ...]:
        """What one row shows (for tests)."""
        return tuple(c.text(self.rows[row]) for c in self.columns)


class TextTable(QTableWidget):
    """A short read-only table of texts (the Relations and Conventions pages), numbers right-aligned from
    `first_number` on."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(0, 0, parent)
        self.setObjectName(name)
        self.verticalHeader().hide()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(False)  # numbers stay beside their labels
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)  # compact rows: 40 figures
        self._yielding: tuple[tuple[int, int], ...] = ()
        """The columns that give way in a narrow window, first first, each with its least width (`give_way`)."""

    def give_way(self, *columns: tuple[int, int]) -> None:
        """Let these (column, least pixels) narrow, the first first, elided in the middle and whole on hover, so
        that every column stays in view: at 1024 pixels a pair's verdict was past the table's right edge."""
        if not self._yielding:
            elide_in_the_middle(self)
            self.horizontalHeader().sectionResized.connect(self._on_section_resized)
        self._yielding = columns
        self._fit_width()

    def _on_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column not in dict(self._yielding):  # another column fitted to its contents (lazily, at layout): again
            self._fit_width()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_width()

    def _fit_width(self) -> None:
        header = self.horizontalHeader()
        yielding = [(c, least) for c, least in self._yielding if c < self.columnCount()]
        if not yielding:
            return
        shown = [c for c in range(self.columnCount()) if not header.isSectionHidden(c)]
        others = sum(header.sectionSize(c) for c in shown if c not in dict(yielding))
        natural = {c: whole_width(self, c) for c, _ in yielding}
        # the room as it is once the rows are in: the vertical scroll bar they bring narrows the viewport later
        rows = self.rowCount() * self.verticalHeader().defaultSectionSize() + header.height()
        vertical = self.verticalScrollBar()
        coming = not vertical.isVisible() and rows > self.height() - 2 * self.frameWidth()
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, vertical) if coming else 0
        over = sum(natural.values()) + others - (self.viewport().width() - bar)
        for column, least in yielding:
            cut = max(0, min(over, natural[column] - least))
            over -= cut
            if header.sectionResizeMode(column) != QHeaderView.ResizeMode.Interactive:
                header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            if header.sectionSize(column) != natural[column] - cut:
                header.resizeSection(column, natural[column] - cut)

    def fill(self, headers: list[str], rows: list[list[str]], first_number: int,
             last_number: int | None = None) -> None:
        """Headers and rows of texts; the numbers (columns `first_number` up to `last_number`, else to the end)
        right-aligned."""
        self.clear()
        self.setColumnCount(len(headers))
        self.setHorizontalHeaderLabels(headers)
        self.setRowCount(len(rows))
        for row, cells in enumerate(rows):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if first_number <= column < (len(headers) if last_number is None else last_number):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(row, column, item)
        if self._yielding:
            self.resizeColumnsToContents()  # the others' widths now, not at the next layout: the yielding one's room
            self._fit_width()

    def row_texts(self, row: int) -> tuple[str, ...]:
        """What a row shows (for tests)."""
        return cell_texts(self, row)


def natural_width(table: QTableWidget) -> int:
    """The table's width with every shown column whole (its texts and its heading) and a vertical scroll bar."""
    header = table.horizontalHeader()
    columns = sum(whole_width(table, c) for c in range(table.columnCount())
                  if not header.isSectionHidden(c))
    bar = table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, table.verticalScrollBar())
    return columns + bar + 2 * table.frameWidth()


def cell_texts(table: QTableWidget, row: int) -> tuple[str, ...]:
    """What a row of a table of items shows, a cell with no item as "" (for tests)."""
    items = (table.item(row, k) for k in range(table.columnCount()))
    return tuple(item.text() if item is not None else "" for item in items)


def list_view(name: str, model: RowsModel) -> QTableView:  # type: ignore[type-arg]
    """A sortable, read-only list of rows, one selected at a time, eliding long cells in the middle: the Pair
    page's document and case lists and the Changes tab's items."""
    view = QTableView()
    view.setObjectName(name)
    view.setModel(model)
    view.setSortingEnabled(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(22)
    view.setWordWrap(False)
    elide_in_the_middle(view)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    view.horizontalHeader().setStretchLastSection(True)
    return view
