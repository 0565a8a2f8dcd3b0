"""The document list's filter: ids containing the typed text, inside a chart's filter (issue 34).

Both are one regular expression that Qt matches in C++ against the text a model gives for `FILTER_ROLE`
(`filter_text`), with no Python `filterAcceptsRow`: while neither is set the pattern is empty and Qt takes every
row without asking the model anything, so a reset of a list of 4,480 documents costs Python nothing per row.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet

from PySide6.QtCore import QAbstractItemModel, QRegularExpression, QSortFilterProxyModel, Qt

from evmeval_gui.views import refilter

FILTER_ROLE = Qt.ItemDataRole.UserRole + 2
"""The id column's text the filter matches (`filter_text`)."""
_INSIDE, _OUTSIDE, _SEPARATOR = "1", "0", "\t"


def filter_text(doc_id: str, restriction: AbstractSet[str] | None) -> str:
    """What `FILTER_ROLE` gives for a document: whether it is inside the chart filter (None: no filter), a tab,
    its id (a tab is never part of an id)."""
    inside = restriction is None or doc_id in restriction
    return f"{_INSIDE if inside else _OUTSIDE}{_SEPARATOR}{doc_id}"


class DocumentFilter(QSortFilterProxyModel):
    """Keeps ids containing the typed text and inside a chart filter; it never sorts (the model does).

    `model` gives `filter_text` for `FILTER_ROLE` in `column`, with the documents `restrict` last told it."""

    def __init__(self, model: QAbstractItemModel, column: int,
                 restrict: Callable[[frozenset[str] | None], None]) -> None:
        super().__init__()
        self.setDynamicSortFilter(False)
        self.setFilterKeyColumn(column)
        self.setFilterRole(FILTER_ROLE)
        self.setSourceModel(model)
        self._restrict = restrict
        self._restricted = False
        self._text = ""

    def set_text(self, text: str) -> None:
        """Show only ids containing `text` (any case; "" shows all)."""
        refilter(self, lambda: self._apply(text))

    def set_restriction(self, doc_ids: AbstractSet[str] | None) -> None:
        """Show only these documents (None: all)."""
        restriction = frozenset(doc_ids) if doc_ids is not None else None

        def change() -> None:
            self._restrict(restriction)
            self._restricted = restriction is not None
            self._apply(self._text)

        refilter(self, change)

    def _apply(self, text: str) -> None:
        self._text = text
        pattern = f"^{_INSIDE}{_SEPARATOR}.*{QRegularExpression.escape(text)}" if text or self._restricted else ""
        self.setFilterRegularExpression(
            QRegularExpression(pattern, QRegularExpression.PatternOption.CaseInsensitiveOption))
