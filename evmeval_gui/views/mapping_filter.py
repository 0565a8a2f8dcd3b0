"""The mapping table's filter: outcome, type and chart filters over the rows of `MappingTableModel`, which
sorts them itself (the proxy keeps the model's order and only filters)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

from evmeval.mention.outcomes import MappingRow, Outcome
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from evmeval_gui.model.filters import RowPredicate
from evmeval_gui.views import refilter
from evmeval_gui.views.sub_rows import is_sub_row

_Index = QModelIndex | QPersistentModelIndex


class _Rows(Protocol):
    """What the filter reads of its source model (`MappingTableModel`)."""

    rows: Sequence[MappingRow]
    doc_id: str | None


class MappingFilter(QSortFilterProxyModel):
    """Outcome, type and chart filters over the mapping rows; sorts by the model's sort role."""

    ERRORS = "errors"

    def __init__(self) -> None:
        super().__init__()
        self.outcome: Outcome | str | None = None
        self.mention_type: str | None = None
        self.predicate: RowPredicate | None = None
        self.sub_row_errors = False
        """Sub-rows: only the errors (an argument's wrong role, missed, spurious)."""

    def set_outcome(self, outcome: Outcome | str | None) -> None:
        """An `Outcome` (or its value), `MappingFilter.ERRORS` (all but exact matches) or None (all rows)."""
        if isinstance(outcome, str) and outcome != self.ERRORS:
            outcome = Outcome(outcome)
        refilter(self, lambda: setattr(self, "outcome", outcome))

    def set_type(self, mention_type: str | None) -> None:
        """A canonical type (rows where either side has it), or None."""
        refilter(self, lambda: setattr(self, "mention_type", mention_type))

    def set_predicate(self, predicate: RowPredicate | None) -> None:
        refilter(self, lambda: setattr(self, "predicate", predicate))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source model sorts (see `MappingTableModel`); the proxy keeps its order and only filters."""
        model = self.sourceModel()
        if model is not None:
            model.sort(column, order)

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        model = cast(_Rows, self.sourceModel())
        row = model.rows[source_row]
        if is_sub_row(row):  # under its parent's row, so shown with it
            return (row.is_error or not self.sub_row_errors) and self.accepts(model.doc_id, row.parent)
        return self.accepts(model.doc_id, row)

    def accepts(self, doc_id: str | None, row: MappingRow) -> bool:
        """Whether the table would show `row` of `doc_id` (Find skips the rows it would not)."""
        if self.outcome == self.ERRORS:
            if not row.outcome.is_error:
                return False
        elif self.outcome is not None and row.outcome != self.outcome:
            return False
        if self.mention_type is not None and not any(
                m is not None and m.mention_type == self.mention_type for m in (row.gold, row.system)):
            return False
        return not (self.predicate is not None and doc_id is not None and not self.predicate(doc_id, row))
