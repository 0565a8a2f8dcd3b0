"""The mapping table's extension point: rows a feature puts under a mapping row (the conventions'
arguments under their trigger).

A sub-row is anything in the table's rows that is not a `MappingRow`: it follows its parent's row
when the table sorts and filters, is not counted as a row of the mapping, and selecting it selects
its parent's side with `key` singled out (`Selection.argument`). How it looks is its feature's
(`SubRows.text`, `tooltip`, `look`); the table only asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from evmeval.mention.outcomes import MappingRow
from evmeval.model import Mention
from PySide6.QtCore import QSortFilterProxyModel
from PySide6.QtGui import QFont

from evmeval_gui.model.selection import ArgumentKey

if TYPE_CHECKING:  # only the checker needs it (typing has TypeIs from Python 3.13)
    from typing_extensions import TypeIs


class SubRow(Protocol):
    """One row under a mapping row; compared by value (the rows are made again on every reload)."""

    @property
    def parent(self) -> MappingRow: ...

    @property
    def gold(self) -> Mention | None:
        """Its parent's gold mention when it is on the gold side, else None (what selecting it selects)."""
        ...

    @property
    def system(self) -> Mention | None:
        """Its parent's system mention when it is on the system side, else None."""
        ...

    @property
    def key(self) -> ArgumentKey:
        """What `Selection.argument` holds while it is selected."""
        ...

    @property
    def is_error(self) -> bool: ...

    def shown(self) -> tuple:
        """What it shows, to tell whether an edit changed it (`mapping_order.shown`)."""
        ...


Line = TypeVar("Line", bound=SubRow)
"""A feature's own kind of sub-row (the conventions' `ArgumentLine`)."""


class SubRows(Protocol[Line]):
    """A feature's sub-rows of the shown document and how their cells look. The table gives `text`,
    `tooltip` and `look` only lines this feature's `lines` made (so it holds a `SubRows[Any]`)."""

    def lines(self, doc_id: str, row: MappingRow) -> Sequence[Line]: ...

    def text(self, line: Line, column: int) -> str: ...

    def tooltip(self, line: Line, column: int) -> str | None: ...

    def look(self, line: Line, column: int, role: int, italic: QFont) -> object:
        """Tint, font or colour of a cell for a Qt item role (None: the table's default)."""
        ...


def is_sub_row(row: object) -> TypeIs[SubRow]:
    """Whether a table row is a feature's sub-row rather than a row of the mapping."""
    return not isinstance(row, MappingRow)


def sub_rows_shown(proxy: QSortFilterProxyModel, rows: list) -> int:
    """How many sub-rows the table shows (they are not counted as rows of the mapping)."""
    if not any(is_sub_row(r) for r in rows):
        return 0
    return sum(is_sub_row(rows[proxy.mapToSource(proxy.index(r, 0)).row()]) for r in range(proxy.rowCount()))
