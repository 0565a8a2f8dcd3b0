"""A chart's filter: which documents and which mapping-table rows the window shows (session state).

A chart click becomes a `ChartFilter` on the session (`Session.set_filter`); the document list, the
mapping table and the "Filtered: …" chip follow `Session.filter_changed`, as they follow the
selection. `row_predicate(doc_id, row)` is meant for rows of `mapping_rows(doc, combination)` with the
combination the chart showed; `doc_ids` None means every document.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from dataclasses import dataclass

from evmeval.mention.outcomes import MappingRow

RowPredicate = Callable[[str, MappingRow], bool]


@dataclass(frozen=True, eq=False)
class ChartFilter:
    """What to show: a label for the chip, the documents (None: all) and the rows (None: all)."""

    label: str
    doc_ids: Set[str] | None = None
    row_predicate: RowPredicate | None = None

    def keeps_document(self, doc_id: str | None) -> bool:
        return self.doc_ids is None or doc_id in self.doc_ids
