"""The charts panel's pages, as features and the window's navigation see them (no pyqtgraph here: the
panel itself is imported only when the Charts dock is first shown).

A feature adds a page that draws itself (the coreference and sequencing charts) through the Charts dock's
`extensions`, called with the panel once it is built; the navigation turns the panel to the scores of a
document or to the per-type bars. A stand-in panel (tests) need not have pages: `isinstance(panel,
PagedCharts)` says whether it has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


@runtime_checkable
class PagedCharts(Protocol):
    """A charts panel with pages (the real `ChartsPanel`)."""

    def add_page(self, page: QWidget, label: str) -> None:
        """Add a feature's page after the panel's tabs."""
        ...

    def show_document_scores(self, doc_id: str | None) -> None:
        """Turn to the score bars of one document."""
        ...

    def show_per_type(self) -> None:
        """Turn to the per-type bars."""
        ...
