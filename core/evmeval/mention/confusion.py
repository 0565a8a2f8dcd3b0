"""The numbers behind the confusion heatmaps, and which mentions stand behind each chart element.

Pairs come from the mapping table of one attribute combination (`mapping_rows`): the pairs that
combination's mapping chose plus the "right span, wrong attribute" pairs the plain mapping adds. Under
`plain` (the default) that is exactly the plain mapping, so a mistyped mention shows up as a pair off
the diagonal. Using the table's rows rather than a mapping of our own is what lets a click on a cell
filter the table to exactly the rows the cell counts.

A gold mention without a partner is *missed*; a system mention without one (spurious or an extra
split part) is *spurious*. Both axes share one label order (the values seen on either side, sorted),
so agreement lies on the diagonal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from types import MappingProxyType
from typing import NamedTuple

from evmeval._util.shared_tables import Tables
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.scoring import DocumentResult
from evmeval.model import Mention
from evmeval.rules import AttributeRule

ATTRIBUTES: tuple[str, ...] = ("mention_type", "realis_status")
"""The attributes a confusion matrix can be built over (names as in `COMBINATIONS`)."""

MISSED = "missed"
"""Label of the system-axis slot "no system partner" (drawn as the heatmap's extra row)."""

SPURIOUS = "spurious"
"""Label of the gold-axis slot "no gold partner" (drawn as the heatmap's extra column)."""


class CellMember(NamedTuple):
    """One mapping-table row counted in a cell; an index is None on the side without a mention."""

    doc_id: str
    gold_index: int | None
    system_index: int | None


@dataclass(frozen=True)
class ConfusionMatrix:
    """Gold value × system value counts over the rows of one combination's mapping table.

    `counts[g][s]` indexes `labels` on both sides plus one extra slot at the end:
    `counts[g][len(labels)]` counts gold mentions of value `labels[g]` that were missed, and
    `counts[len(labels)][s]` counts spurious system mentions of value `labels[s]`. The corner is 0.
    `members` holds, for every non-empty cell `(g, s)`, the rows it counts.
    """

    attribute: str
    combination: str
    labels: tuple[str, ...]
    counts: tuple[tuple[int, ...], ...]
    members: Mapping[tuple[int, int], tuple[CellMember, ...]] = field(repr=False)
    rule: AttributeRule = AttributeRule.SCORER
    """The attribute rule of the mappings counted: which cells count as agreeing (`evmeval.rules`)."""

    @property
    def gold_axis(self) -> tuple[str, ...]:
        """Labels along the gold side, ending with the "no gold partner" slot."""
        return (*self.labels, SPURIOUS)

    @property
    def system_axis(self) -> tuple[str, ...]:
        """Labels along the system side, ending with the "no system partner" slot."""
        return (*self.labels, MISSED)

    @property
    def total(self) -> int:
        """Number of rows counted: every gold and every system mention appears in exactly one."""
        return sum(sum(row) for row in self.counts)

    def _slot(self, label: str | None) -> int:
        return len(self.labels) if label is None else self.labels.index(label)

    def count(self, gold: str | None, system: str | None) -> int:
        """Count of the cell for a gold and a system value; None means "no partner on that side"."""
        return self.counts[self._slot(gold)][self._slot(system)]

    def cell_members(self, gold: str | None, system: str | None) -> tuple[CellMember, ...]:
        """The rows behind the cell for a gold and a system value (None: no partner)."""
        return self.members.get((self._slot(gold), self._slot(system)), ())


_VALUE_OF: dict[str, Callable[[Mention], str]] = {"mention_type": attrgetter("mention_type"),
                                                  "realis_status": attrgetter("realis")}
"""Each attribute's canonical value of a mention (the one rule `attribute_value` and `confusions` read)."""


def attribute_value(mention: Mention, attribute: str) -> str:
    """The canonical value of `attribute` ("mention_type" or "realis_status") of a mention."""
    value_of = _VALUE_OF.get(attribute)
    if value_of is None:
        raise ValueError(f"unknown attribute {attribute!r} (expected one of {', '.join(ATTRIBUTES)})")
    return value_of(mention)


def confusions(documents: Iterable[DocumentResult], combination: str = "plain",
               attributes: Iterable[str] = ATTRIBUTES, tables: Tables | None = None) -> dict[str, ConfusionMatrix]:
    """One matrix per attribute, from a single pass over the documents' mapping-table rows.

    Computing the rows is the expensive part (it re-ranks overlaps), so the heatmaps of both
    attributes share it (`tables`: the rows, shared with the other consumers of an export).
    """
    tally = ConfusionTally(combination, attributes, tables)
    for doc in documents:
        tally.add(doc)
    return tally.result()


class ConfusionTally:
    """`confusions` a document at a time, for a caller walking the documents' mapping rows for
    something else too (the report export, while it writes `mappings.csv`)."""

    def __init__(self, combination: str = "plain", attributes: Iterable[str] = ATTRIBUTES,
                 tables: Tables | None = None, *, members: bool = True) -> None:
        """`members=False`: the matrices have counts only, no rows behind a cell (what a click filters):
        a caller that only draws them (the export) holds no member per mapping row (30 MB on 8,000
        documents)."""
        self._attributes = tuple(attributes)
        for attribute in self._attributes:
            if attribute not in ATTRIBUTES:
                raise ValueError(f"unknown attribute {attribute!r} (expected one of {', '.join(ATTRIBUTES)})")
        self._combination, self._tables = combination, tables
        self._cells: dict[str, dict[tuple[str | None, str | None], list[CellMember]]] = {
            a: {} for a in self._attributes}
        self._tally: dict[str, Counter[tuple[str | None, str | None]]] = {a: Counter() for a in self._attributes}
        self._rule = AttributeRule.SCORER
        self._members = members

    def add(self, doc: DocumentResult) -> None:
        """Count the next document's rows (80,000 rows for 2000 documents: the loop reads each value
        once, with no call per attribute)."""
        if not self._members:
            self._count(doc)
            return
        tables = [(_VALUE_OF[a], self._cells[a]) for a in self._attributes]
        new_tuple = tuple.__new__  # CellMember(...) would run a Python-level __new__ per row
        self._rule = doc.mappings[self._combination].rule
        doc_id = doc.doc_id
        for row in mapping_rows(doc, self._combination, self._tables):
            member: CellMember = new_tuple(CellMember, (doc_id, row.gold_index, row.system_index))
            gold, system = row.gold, row.system
            for value_of, table in tables:
                key = (None if gold is None else value_of(gold), None if system is None else value_of(system))
                members = table.get(key)
                if members is None:
                    table[key] = [member]
                else:
                    members.append(member)

    def _count(self, doc: DocumentResult) -> None:
        """`add` without members: each cell's rows only counted (in C, by `Counter.update`)."""
        self._rule = doc.mappings[self._combination].rule
        rows = mapping_rows(doc, self._combination, self._tables)
        for attribute in self._attributes:
            value_of, cells = _VALUE_OF[attribute], self._tally[attribute]
            cells.update((None if row.gold is None else value_of(row.gold),
                          None if row.system is None else value_of(row.system)) for row in rows)

    def result(self) -> dict[str, ConfusionMatrix]:
        """The matrices of the documents added."""
        if not self._members:
            return {a: _matrix(a, self._combination, self._tally[a], self._rule) for a in self._attributes}
        return {a: _matrix(a, self._combination, self._cells[a], self._rule) for a in self._attributes}

    def take(self) -> dict[str, ConfusionMatrix]:
        """`result()`, the tally emptied: its members (one per mapping row) live on only in the matrices."""
        matrices = self.result()
        self._cells = {a: {} for a in self._attributes}
        self._tally = {a: Counter() for a in self._attributes}
        return matrices


def confusion(documents: Iterable[DocumentResult], attribute: str,
              combination: str = "plain") -> ConfusionMatrix:
    """Gold × system matrix of one attribute, with the missed and spurious slots (see module doc)."""
    return confusions(documents, combination, (attribute,))[attribute]


def _matrix(attribute: str, combination: str,
            cells: Mapping[tuple[str | None, str | None], list[CellMember] | int],
            rule: AttributeRule) -> ConfusionMatrix:
    """The matrix of cells holding their rows (members kept) or only their counts (none kept)."""
    labels = tuple(sorted({v for key in cells for v in key if v is not None}))
    slot = {label: i for i, label in enumerate(labels)}
    none = len(labels)
    counts = [[0] * (none + 1) for _ in range(none + 1)]
    members: dict[tuple[int, int], tuple[CellMember, ...]] = {}
    for (gold, system), rows in cells.items():
        g = none if gold is None else slot[gold]
        s = none if system is None else slot[system]
        if isinstance(rows, int):
            counts[g][s] = rows
        else:
            counts[g][s] = len(rows)
            members[(g, s)] = tuple(rows)
    return ConfusionMatrix(attribute, combination, labels, tuple(tuple(r) for r in counts),
                           MappingProxyType(members), rule)


def not_fully_credited(doc: DocumentResult, combination: str) -> tuple[frozenset[int], frozenset[int]]:
    """Gold and system indices that the combination's mapping does not pair with Dice 1.

    These are the mentions that hold recall (gold) and precision (system) below 1 in that
    combination: what a click on a score bar shows.
    """
    full = [p for p in doc.mappings[combination].pairs if p.dice >= 1.0]
    gold_ok = {p.gold for p in full}
    system_ok = {p.system for p in full}
    return (frozenset(i for i in range(len(doc.gold)) if i not in gold_ok),
            frozenset(i for i in range(len(doc.system)) if i not in system_ok))


def busiest(matrix: ConfusionMatrix, k: int) -> ConfusionMatrix:
    """The matrix cut to its `k` values with the most rows (gold and system sides together; ties by
    label order), keeping the label order, the missed and spurious slots and each kept cell's members.

    A narrow chart shows the values that matter most rather than cells too small to read; the rows of
    the other values are left out, not merged (two values in one "other" cell would read as agreement).
    """
    n = len(matrix.labels)
    if k >= n:
        return matrix
    load = [sum(matrix.counts[i]) + sum(row[i] for row in matrix.counts) - matrix.counts[i][i]
            for i in range(n)]
    kept = sorted(sorted(range(n), key=lambda i: (-load[i], i))[:max(k, 0)])
    slots = [*kept, n]
    counts = tuple(tuple(matrix.counts[g][s] for s in slots) for g in slots)
    members = {(a, b): matrix.members[(g, s)] for a, g in enumerate(slots) for b, s in enumerate(slots)
               if (g, s) in matrix.members}
    return ConfusionMatrix(matrix.attribute, matrix.combination, tuple(matrix.labels[i] for i in kept), counts,
                           MappingProxyType(members), matrix.rule)
