"""Find a mention by id or text across the documents, among the rows the mapping table shows.

Every match is listed (in the document list's order, then reading order) so the window can say
"match k of n"; a row the table's filters hide ("Errors only", a type, a chart) is no match, since
selecting it would show nothing. The mention test is a substring of the text or the id, or the id
itself; documents without a hit are passed over before their rows are built.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from evmeval.mention.outcomes import MappingRow
from evmeval.mention.scoring import DocumentResult, ScoreResult

from evmeval_gui.model.doctext import DocumentText, row_position
from evmeval_gui.model.selection import Selection


class Searched(Protocol):
    """What a find reads and moves: the session (which calls `find_next` with itself)."""

    @property
    def result(self) -> ScoreResult | None: ...

    @property
    def selection(self) -> Selection: ...

    def doc_result(self, doc_id: str) -> DocumentResult | None: ...

    def document_text(self, doc_id: str) -> DocumentText | None: ...

    def rows(self, doc_id: str, combination: str | None = None) -> list[MappingRow]: ...

    def select(self, selection: Selection) -> None: ...

RowAccept = Callable[[str, MappingRow], bool]


@dataclass(frozen=True)
class FindResult:
    """Where a find landed: match `number` of `total`; `hidden` matches the table's filters left out."""

    number: int
    total: int
    hidden: int = 0

    def text(self, query: str) -> str:
        hidden = f" ({self.hidden} more in rows the table's filters hide)" if self.hidden else ""
        return f"“{query}”: match {self.number} of {self.total}{hidden}"


def _hit(needle: str) -> Callable[[object], bool]:
    def hit(m) -> bool:
        return m is not None and (needle == m.mention_id.lower() or needle in m.text.lower()
                                  or needle in m.mention_id.lower())
    return hit


def find_next(session: Searched, query: str, doc_order: Sequence[str],
              accept: RowAccept | None = None) -> FindResult | None:
    """Select the next match after the current selection (wrapping around) and say which it is;
    None when nothing matches (or every match is hidden: then nothing is selected either)."""
    needle = query.strip().lower()
    result = session.result
    if not needle or result is None:
        return None
    hit = _hit(needle)
    order = list(doc_order) or [d.doc_id for d in result.documents]
    current = session.selection.doc_id
    matches: list[tuple[int, int, str, MappingRow]] = []
    hidden = 0
    position = (-1, -1)
    for place, doc_id in enumerate(order):
        doc = session.doc_result(doc_id)
        text = session.document_text(doc_id)
        if doc is None or text is None or not any(hit(m) for m in (*doc.gold, *doc.system)):
            if doc_id == current:
                position = (place, -1)
            continue
        rows = session.rows(doc_id)
        ranked = sorted(range(len(rows)), key=lambda i: (row_position(rows[i], text), i))
        for rank, i in enumerate(ranked):
            row = rows[i]
            if doc_id == current and session.selection.matches(row):
                position = max(position, (place, rank))
            if not (hit(row.gold) or hit(row.system)):
                continue
            if accept is not None and not accept(doc_id, row):
                hidden += 1
                continue
            matches.append((place, rank, doc_id, row))
        if doc_id == current and position < (place, -1):
            position = (place, -1)
    if not matches:
        return None
    number = next((k for k, m in enumerate(matches) if (m[0], m[1]) > position), 0)
    _, _, doc_id, row = matches[number]
    session.select(Selection.of_rows(doc_id, [row]))
    return FindResult(number + 1, len(matches), hidden)
