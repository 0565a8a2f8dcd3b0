"""The list of disagreements as a Qt model: a decision repaints its own row (`dataChanged`), never the list.

With 10,000 disagreements a `QTableWidget` refilled on every decision (and resized to its contents)
took a minute per key press; here rows are read on demand from the `CurationState`, and only the rows
whose decision changed are announced. `rows` may be a filtered subset of the disagreements.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from evmeval.agreement.curation import Disagreement
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from evmeval_gui.curation.state import CurationState, differs_in

DECIDED_COLOUR = "#EAF5EA"
HEADERS = ("Document", "Item", "Decision", "Differs in")
"""The decision before the long "differs in" words: a narrow window cuts the last column, not the decision."""

MANY_ROWS = 64
"""More changed rows than this (a policy change, a batch or its undo) are announced as one change of the list."""
Index = QModelIndex | QPersistentModelIndex


class DisagreementModel(QAbstractTableModel):
    """Rows: disagreements (all, or a filter's); columns: `HEADERS`."""

    def __init__(self) -> None:
        super().__init__()
        self.state: CurationState | None = None
        self.rows: tuple[Disagreement, ...] = ()
        self._row_of: dict[tuple[str, int], int] = {}
        self._decided = QColor(DECIDED_COLOUR)

    def set_rows(self, state: CurationState | None, rows: Sequence[Disagreement],
                 row_of: dict[tuple[str, int], int] | None = None) -> None:
        """Show these disagreements (a reset: only when the list itself changes, not per decision); `row_of`:
        each one's row, when made already (the filter index's, off the GUI thread: 20 ms at 10,000 rows)."""
        self.beginResetModel()
        self.state = state
        self.rows = tuple(rows)
        self._row_of = row_of if row_of is not None else {d.key: n for n, d in enumerate(self.rows)}
        self.endResetModel()

    def row_of(self, key: tuple[str, int]) -> int | None:
        return self._row_of.get(key)

    def decisions_changed(self, keys: Collection[tuple[str, int]]) -> None:
        """Repaint the rows of these items (one signal for many: the view repaints only what it shows)."""
        last = len(HEADERS) - 1
        if len(keys) > MANY_ROWS:
            self.all_changed()
            return
        rows = sorted(r for r in (self._row_of.get(k) for k in keys) if r is not None)
        for row in rows:
            self.dataChanged.emit(self.index(row, 0), self.index(row, last))

    def decisions_replaced(self, old: Mapping[tuple[str, int], str], new: Mapping[tuple[str, int], str]) -> None:
        """Repaint the rows whose decision differs; a batch or its undo (the counts differ by more than
        `MANY_ROWS`) repaints the list without comparing 10,000 decisions on the GUI thread."""
        if abs(len(new) - len(old)) > MANY_ROWS:
            self.all_changed()
        else:  # compared in C (items as sets)
            self.decisions_changed({k for k, _ in old.items() ^ new.items()})

    def all_changed(self) -> None:
        """Every row's decision may have changed: one signal (the view repaints only the rows it shows)."""
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(HEADERS) - 1))

    def documents_changed(self) -> None:
        """Documents were marked curated or not: their rows' first column (the view repaints what it shows)."""
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, 0))

    # -- QAbstractTableModel ----------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if not index.isValid() or self.state is None:
            return None
        d = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            column = index.column()
            if column == 0:
                return f"✓ {d.doc_id}" if self.state.is_done(d.doc_id) else d.doc_id
            if column == 1:
                return str(d.item + 1)
            if column == 2:
                return self.state.decision(d) or "open"
            return differs_in(d)
        if role == Qt.ItemDataRole.BackgroundRole and self.state.decision(d):
            return self._decided
        if role == Qt.ItemDataRole.ToolTipRole:
            done = " (document marked curated)" if self.state.is_done(d.doc_id) else ""
            return f"{d.doc_id}{done}, item {d.item + 1}: {differs_in(d)}"
        return None
