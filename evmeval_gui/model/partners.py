"""Which mapping-table row is a row's partner: where "Go to partner" goes (no Qt).

A row with both sides is its own partner. A one-sided row goes to the row holding the mention of the
other side it overlaps most: a *merged* gold mention to the system mention that swallowed it, an
*extra split part* to the gold mention it overlaps. A row overlapping nothing has no partner.
"""

from __future__ import annotations

from collections.abc import Sequence

from evmeval.align.overlap import mention_units, shared_count
from evmeval.mention.outcomes import MappingRow
from evmeval.model import Mention


def _overlap(a: Mention, b: Mention) -> int:
    return shared_count(mention_units(a)[0], mention_units(b)[0])


def partner_row(rows: Sequence[MappingRow], row: MappingRow) -> MappingRow | None:
    """The row to go to from `row` (see module doc); None when nothing overlaps it."""
    if row.gold is not None and row.system is not None:
        return row
    mine = row.gold if row.gold is not None else row.system
    assert mine is not None
    best: tuple[int, int] | None = None
    found: MappingRow | None = None
    for number, other in enumerate(rows):
        theirs = other.system if row.gold is not None else other.gold
        if other is row or theirs is None:
            continue
        shared = _overlap(mine, theirs)
        if shared and (best is None or (shared, -number) > best):
            best, found = (shared, -number), other
    return found


def rows_as_tsv(header: Sequence[str], cells: Sequence[Sequence[str]]) -> str:
    """Rows as tab-separated text with a header line (what Ctrl+C puts on the clipboard); tabs and line
    breaks inside a cell become spaces so the columns stay aligned in a spreadsheet."""
    def clean(text: str) -> str:
        return " ".join(text.replace("\t", " ").split())

    lines = ["\t".join(clean(h) for h in header)]
    lines.extend("\t".join(clean(c) for c in row) for row in cells)
    return "\n".join(lines) + "\n"
