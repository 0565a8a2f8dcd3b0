"""The mapping table's filter: outcome, type and chart filters over the rows of `MappingTableModel`, which
sorts them itself (the proxy keeps the model's order and only filters).

The filter is a regular expression Qt matches in C++ against what the model gives for `FILTER_ROLE` (as the
document list's `DocumentFilter`), with no Python `filterAcceptsRow`: while no filter is set the pattern is
empty and Qt keeps every row without asking the model anything, so a document of a thousand rows costs no
Python per row to show (issue 34). Once a filter is set the model asks `MappingFilter.keeps` for each row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from evmeval.mention.outcomes import MappingRow, Outcome
from PySide6.QtCore import QRegularExpression, QSortFilterProxyModel, Qt

from evmeval_gui.model.filters import RowPredicate
from evmeval_gui.views import refilter
from evmeval_gui.views.sub_rows import is_sub_row

FILTER_ROLE = Qt.ItemDataRole.UserRole + 3
"""What the model gives in column 0 for the filter: `KEPT` for a row `MappingFilter.keeps`, else ""."""
KEPT = "1"


class FilteredRows(Protocol):
    """What the filter reads of its source model (`MappingTableModel`), and the one thing it tells it."""

    @property
    def rows(self) -> Sequence[MappingRow]: ...

    @property
    def doc_id(self) -> str | None: ...

    keeps: Callable[[int], bool] | None
    """The filter's `keeps`, which the model asks for `FILTER_ROLE`."""


class MappingFilter(QSortFilterProxyModel):
    """Outcome, type and chart filters over the mapping rows of `model`; the model sorts them."""

    ERRORS = "errors"

    def __init__(self, model: FilteredRows) -> None:
        super().__init__()
        self.outcome: Outcome | str | None = None
        self.mention_type: str | None = None
        self.predicate: RowPredicate | None = None
        self.sub_row_errors = False
        """Sub-rows: only the errors (an argument's wrong role, missed, spurious)."""
        self._rows = model
        model.keeps = self.keeps
        self.setFilterKeyColumn(0)
        self.setFilterRole(FILTER_ROLE)
        self.setSourceModel(model)  # type: ignore[arg-type]  # a QAbstractItemModel that is also `FilteredRows`

    def set_outcome(self, outcome: Outcome | str | None) -> None:
        """An `Outcome` (or its value), `MappingFilter.ERRORS` (all but exact matches) or None (all rows)."""
        if isinstance(outcome, str) and outcome != self.ERRORS:
            outcome = Outcome(outcome)
        self._set("outcome", outcome)

    def set_type(self, mention_type: str | None) -> None:
        """A canonical type (rows where either side has it), or None."""
        self._set("mention_type", mention_type)

    def set_predicate(self, predicate: RowPredicate | None) -> None:
        self._set("predicate", predicate)

    def set_sub_row_errors(self, errors_only: bool) -> None:
        """Sub-rows: only the errors (True) or all of them."""
        self._set("sub_row_errors", errors_only)

    def filtering(self) -> bool:
        """Whether any filter is set (else every row is shown and none is asked about)."""
        return (self.outcome is not None or self.mention_type is not None or self.predicate is not None
                or self.sub_row_errors)

    def _set(self, name: str, value: object) -> None:
        """Set one filter and show the rows it keeps: Qt filters again once, on a new pattern by itself."""
        old = getattr(self, name)
        setattr(self, name, value)
        pattern = f"^{KEPT}$" if self.filtering() else ""
        if pattern != self.filterRegularExpression().pattern():
            self.setFilterRegularExpression(QRegularExpression(pattern))
            return
        setattr(self, name, old)  # the same pattern: the rows change between Qt's begin and end
        refilter(self, lambda: setattr(self, name, value))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source model sorts (see `MappingTableModel`); the proxy keeps its order and only filters."""
        model = self.sourceModel()
        if model is not None:
            model.sort(column, order)

    def keeps(self, source_row: int) -> bool:
        """Whether the filters keep the model's row `source_row` (a sub-row: with its parent's row)."""
        model = self._rows
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
