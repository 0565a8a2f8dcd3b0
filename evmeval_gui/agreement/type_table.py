"""Agreement of the selected pair per event type, as GATE's corpus quality assurance shows it: correct,
partially correct, missing and spurious mentions, strict and lenient P, R and F1, sortable by any column.

The figures are `evmeval.agreement.per_type.per_type_agreement` (what `evmeval-iaa` prints and writes under
`pairs[].types`); this table only formats them (`model.formatting.percent`; an undefined figure is the dash and
sorts first).
"""

from __future__ import annotations

from evmeval.agreement.per_type import TypeAgreement, per_type_agreement
from evmeval.agreement.scoring import PairAgreement
from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from evmeval_gui.model.formatting import NAN_TOOLTIP, is_nan, nan_sort_key, percent

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
HEADERS = ("Type", "Strict F1", "Lenient F1", "Strict P", "Strict R", "Lenient P", "Lenient R", "Correct",
           "Partial", "Missing", "Spurious")
"""The F1s first: a narrow window shows them, the rest behind a scroll."""
STRICT_F1 = HEADERS.index("Strict F1")


def _tips(a: str, b: str) -> tuple[str, ...]:
    return ("The event type (as first written)", "Strict F1 (partial counts as wrong)",
            "Lenient F1 (partial counts as right)",
            f"Strict precision: correct / {b}'s mentions of the type", f"Strict recall: correct / {a}'s mentions",
            f"Lenient precision: (correct + partial) / {b}'s mentions", f"Lenient recall: (correct + partial) / {a}'s",
            "Same span, same type (or one side NOT_ANNOTATED)", "Overlapping span, same type",
            f"Marked by {a} only", f"Marked by {b} only")


def _figure(value: float) -> QStandardItem:
    item = QStandardItem(percent(value))
    item.setData(nan_sort_key(value), SORT_ROLE)
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if is_nan(value):
        item.setToolTip(NAN_TOOLTIP)
    return item


def _count(value: int) -> QStandardItem:
    item = QStandardItem(str(value))
    item.setData(value, SORT_ROLE)
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def _row(row: TypeAgreement) -> list[QStandardItem]:
    name = QStandardItem(row.name)
    name.setData(row.name.lower(), SORT_ROLE)
    name.setToolTip(row.name)
    g = row.gate
    strict, lenient = g.strict(), g.lenient()
    figures = (strict.f1, lenient.f1, strict.precision, strict.recall, lenient.precision, lenient.recall)
    return [name, *(_figure(v) for v in figures), *(_count(n) for n in (g.correct, g.partial, g.missing, g.spurious))]


class TypeAgreementTable(QWidget):
    """One row per event type of the pair (worst strict F1 first until a header is clicked)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("typeAgreement")
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.model = QStandardItemModel(0, len(HEADERS))
        self.model.setHorizontalHeaderLabels(list(HEADERS))
        self.proxy = QSortFilterProxyModel()
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        self.table.setObjectName("typeAgreementTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(0, self.table.fontMetrics().horizontalAdvance("Conflict_Demonstrate") + 12)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        self.rows: tuple[TypeAgreement, ...] = ()
        self._pair: PairAgreement | None = None
        self._made: tuple[PairAgreement | None, tuple[TypeAgreement, ...]] = (None, ())
        """A pair's rows made in the job runner (`prime`): a second at 2,000 documents on the GUI thread."""

    def prime(self, pair: PairAgreement, rows: tuple[TypeAgreement, ...]) -> None:
        """`per_type_agreement(pair)`, made off the GUI thread: `set_pair` of that pair uses it."""
        self._made = (pair, rows)

    def set_pair(self, pair: PairAgreement, tags: tuple[str, str], title: str) -> None:
        """The pair's types (measured once a pair: a combination change keeps them)."""
        self.title.setText(title)
        for column, tip in enumerate(_tips(*tags)):
            self.model.setHeaderData(column, Qt.Orientation.Horizontal, tip, Qt.ItemDataRole.ToolTipRole)
        if pair is self._pair:
            return
        self._pair = pair
        self.rows = self._made[1] if self._made[0] is pair else per_type_agreement(pair)
        self.model.setRowCount(0)
        for row in self.rows:
            self.model.appendRow(_row(row))
        self.table.sortByColumn(STRICT_F1, Qt.SortOrder.AscendingOrder)

    def cell(self, row: int, column: int) -> str:
        """The text shown at a row of the sorted table (for tests and copying)."""
        return str(self.proxy.index(row, column).data())
