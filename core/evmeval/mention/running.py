"""Corpus figures kept document by document, so that replacing one document is cheap and still exact.

Live editing rescores one document and needs every corpus figure again. Recomputing them from the
2000 documents of the benchmark corpus takes ~140 ms, mostly the per-type tables. Here each
document's contributions are kept as plain numbers; a replaced document updates its own slot, and the
sums it touches are folded again, left to right in document order. That is the order in which
`corpus_averages` and `per_type_tables` add (the published order), so every digit is the same as a
computation from scratch. Never "add the difference": float sums would round differently.

A `CorpusTotals` is immutable: the result before an edit keeps its own totals, so undo and redo
rescore from whichever result they start from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from evmeval.mention.prf import Average, Score, f1_score, safe_div
from evmeval.rules import COMBINATIONS, Combination

if TYPE_CHECKING:
    from evmeval.mention.scoring import DocumentResult, ScoreResult, TypeRow

PUBLISHED_TABLE = Combination.TYPE_REALIS
"""The mapping the published per-type table is built from (see SCORING-NOTES.md)."""
BY_TYPE_TABLE = Combination.TYPE
TABLES = (PUBLISHED_TABLE, BY_TYPE_TABLE)

TypeDice = dict[str, tuple[float, ...]]
"""Per gold type, the Dice values of one document's pairs of one mapping, in `Mapping.in_gold_order`."""


def _replaced(values: tuple, index: int, value: object) -> tuple:
    return (*values[:index], value, *values[index + 1:])


def _type_counts(mentions: tuple) -> dict[str, int]:
    counts: dict[str, int] = {}
    for m in mentions:
        counts[m.mention_type] = counts.get(m.mention_type, 0) + 1
    return counts


def _type_dice(doc: DocumentResult, combination: str) -> TypeDice:
    out: dict[str, list[float]] = {}
    gold = doc.gold
    for pair in doc.mappings[combination].in_gold_order():
        out.setdefault(gold[pair.gold].mention_type, []).append(pair.dice)
    return {t: tuple(v) for t, v in out.items()}


@dataclass(frozen=True)
class DocumentShare:
    """What one document adds to the corpus figures (zeros when it is not counted: x + 0.0 == x for
    the non-negative sums here, so a zero is exactly a skipped document)."""

    counted: bool
    num_gold: int
    num_system: int
    tp: tuple[float, ...]
    """Per combination (COMBINATIONS order)."""
    precision: tuple[float, ...]
    """Added to the macro precision sum: 0.0 when undefined or not counted."""
    recall: tuple[float, ...]
    gold_types: dict[str, int]
    system_types: dict[str, int]
    type_dice: tuple[TypeDice, ...]
    """Per table (TABLES order); none in the shares a `CorpusTotals` keeps (`folded`): the values are in its
    columns."""
    dice_types: tuple[tuple[str, ...], ...]
    """Per table: the gold types of `type_dice` (what `replace_document` reads of the share it replaces)."""

    @classmethod
    def of(cls, doc: DocumentResult) -> DocumentShare:
        counted = doc.counted
        tp, precision, recall = [], [], []
        for c in COMBINATIONS:
            s = doc.scores[c]
            tp.append(s.tp if counted else 0.0)
            precision.append(s.precision if counted and s.num_system else 0.0)
            recall.append(s.recall if counted and s.num_gold else 0.0)
        dice = tuple(_type_dice(doc, c) for c in TABLES)
        return cls(counted, len(doc.gold) if counted else 0, len(doc.system) if counted else 0, tuple(tp),
                   tuple(precision), tuple(recall), _type_counts(doc.gold), _type_counts(doc.system), dice,
                   tuple(tuple(d) for d in dice))


    def folded(self) -> DocumentShare:
        """This share as `CorpusTotals` keeps it once its Dice values are in the columns: its types without
        their values (`replace_document` reads only which types a document had; a tuple per document and type
        was 7 MB of a 4,480-document MAVEN corpus shown in the window, issue 34)."""
        return replace(self, type_dice=())


def _add_counts(total: dict[str, int], delta: dict[str, int], sign: int) -> None:
    for t, n in delta.items():
        left = total.get(t, 0) + sign * n
        if left:
            total[t] = left
        else:
            total.pop(t, None)


def _fold(values: np.ndarray) -> float:
    """The left-to-right sum from 0.0 of a float64 vector. `np.add.accumulate` adds strictly in
    order (each prefix is an output), unlike `np.sum`'s pairwise sum or Python 3.12's `sum`."""
    return float(np.add.accumulate(values)[-1]) if len(values) else 0.0


@dataclass(frozen=True)
class TypeColumn:
    """The Dice values of every pair of one gold type in one mapping, in corpus order, with the index
    of the document each comes from (ascending)."""

    docs: np.ndarray
    values: np.ndarray

    @property
    def total(self) -> float:
        return _fold(self.values)

    def with_document(self, index: int, values: tuple[float, ...]) -> TypeColumn:
        """This column with document `index` holding `values` (none: the document leaves it)."""
        lo = int(np.searchsorted(self.docs, index, side="left"))
        hi = int(np.searchsorted(self.docs, index, side="right"))
        docs = np.concatenate((self.docs[:lo], np.full(len(values), index, dtype=np.int64), self.docs[hi:]))
        return TypeColumn(docs, np.concatenate((self.values[:lo], np.array(values, dtype=np.float64),
                                                self.values[hi:])))


EMPTY_COLUMN = TypeColumn(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64))


def _columns(shares: tuple[DocumentShare, ...], table: int) -> dict[str, TypeColumn]:
    docs: dict[str, list[int]] = {}
    values: dict[str, list[float]] = {}
    for i, share in enumerate(shares):
        for t, dice in share.type_dice[table].items():
            docs.setdefault(t, []).extend([i] * len(dice))
            values.setdefault(t, []).extend(dice)
    return {t: TypeColumn(np.array(docs[t], dtype=np.int64), np.array(values[t], dtype=np.float64)) for t in docs}


@dataclass(frozen=True)
class CorpusTotals:
    """Every document's share and the columns the corpus sums are folded from, documents in order."""

    doc_ids: tuple[str, ...]
    shares: tuple[DocumentShare, ...]
    tp: np.ndarray
    """Combinations (COMBINATIONS order) x documents."""
    precision: np.ndarray
    """Added to the macro precision sums: 0.0 where undefined or not counted."""
    recall: np.ndarray
    num_counted: int
    num_gold: int
    num_system: int
    gold_types: dict[str, int]
    system_types: dict[str, int]
    type_columns: tuple[dict[str, TypeColumn], ...]
    """Per table (TABLES order): gold type -> its pairs' Dice values."""
    type_tp: tuple[dict[str, float], ...]
    """Per table: gold type -> folded Dice total."""

    @classmethod
    def of(cls, documents: tuple[DocumentResult, ...], step: Callable[[], None] | None = None) -> CorpusTotals:
        """`step` is called before each document (a window job pauses or stops there)."""
        made = []
        for d in documents:
            if step is not None:
                step()
            made.append(DocumentShare.of(d))
        shares = tuple(made)
        gold: dict[str, int] = {}
        system: dict[str, int] = {}
        for share in shares:
            _add_counts(gold, share.gold_types, 1)
            _add_counts(system, share.system_types, 1)
        columns = tuple(_columns(shares, k) for k in range(len(TABLES)))
        return cls(tuple(d.doc_id for d in documents), tuple(s.folded() for s in shares), _matrix(s.tp for s in shares),
                   _matrix(s.precision for s in shares), _matrix(s.recall for s in shares),
                   sum(s.counted for s in shares), sum(s.num_gold for s in shares),
                   sum(s.num_system for s in shares), gold, system, columns,
                   tuple({t: c.total for t, c in cols.items()} for cols in columns))

    def replace_document(self, index: int, doc: DocumentResult) -> CorpusTotals:
        """The totals with document `index` replaced by `doc`; only the touched sums are refolded."""
        old, new = self.shares[index], DocumentShare.of(doc)
        gold, system = dict(self.gold_types), dict(self.system_types)
        _add_counts(gold, old.gold_types, -1)
        _add_counts(gold, new.gold_types, 1)
        _add_counts(system, old.system_types, -1)
        _add_counts(system, new.system_types, 1)
        all_columns, all_tp = [], []
        for k in range(len(TABLES)):
            columns, totals = dict(self.type_columns[k]), dict(self.type_tp[k])
            for t in set(old.dice_types[k]) | set(new.type_dice[k]):
                column = columns.get(t, EMPTY_COLUMN).with_document(index, new.type_dice[k].get(t, ()))
                if len(column.docs):
                    columns[t], totals[t] = column, column.total
                else:
                    columns.pop(t, None)
                    totals.pop(t, None)
            all_columns.append(columns)
            all_tp.append(totals)
        return replace(
            self, shares=_replaced(self.shares, index, new.folded()),
            tp=_with_column(self.tp, index, new.tp), precision=_with_column(self.precision, index, new.precision),
            recall=_with_column(self.recall, index, new.recall),
            num_counted=self.num_counted - old.counted + new.counted,
            num_gold=self.num_gold - old.num_gold + new.num_gold,
            num_system=self.num_system - old.num_system + new.num_system,
            gold_types=gold, system_types=system, type_columns=tuple(all_columns), type_tp=tuple(all_tp))

    def averages(self) -> tuple[dict[str, Score], dict[str, Average]]:
        """Micro and macro averages, as `corpus_averages` computes them over the counted documents."""
        micro: dict[str, Score] = {}
        macro: dict[str, Average] = {}
        tp, p_sum, r_sum = (_row_totals(m) for m in (self.tp, self.precision, self.recall))
        for k, c in enumerate(COMBINATIONS):
            p = safe_div(p_sum[k], self.num_counted)
            r = safe_div(r_sum[k], self.num_counted)
            micro[c] = Score.from_counts(tp[k], self.num_gold, self.num_system)
            macro[c] = Average(p, r, f1_score(p, r), self.num_counted)
        return micro, macro

    def type_tables(self) -> tuple[tuple[TypeRow, ...], tuple[TypeRow, ...]]:
        """Both per-type tables, as `per_type_tables` builds them."""
        from evmeval.mention.scoring import TypeRow

        tables = []
        for k, gold_only in ((0, True), (1, False)):
            types = set(self.gold_types) if gold_only else set(self.gold_types) | set(self.system_types)
            rows = []
            for t in sorted(types):
                s = Score.from_counts(self.type_tp[k].get(t, 0.0), self.gold_types.get(t, 0),
                                      self.system_types.get(t, 0))
                rows.append(TypeRow(t, s))
            tables.append(tuple(rows))
        return tables[0], tables[1]


def _matrix(rows: Iterable[tuple[float, ...]]) -> np.ndarray:
    """Documents' per-combination values as a combinations x documents matrix."""
    matrix = np.array(list(rows), dtype=np.float64).reshape(-1, len(COMBINATIONS))
    return np.ascontiguousarray(matrix.T)


def _with_column(matrix: np.ndarray, index: int, values: tuple[float, ...]) -> np.ndarray:
    out = matrix.copy()
    out[:, index] = values
    return out


def _row_totals(matrix: np.ndarray) -> list[float]:
    """Each row folded left to right (see `_fold`)."""
    if not matrix.shape[1]:
        return [0.0] * matrix.shape[0]
    return [float(v) for v in np.add.accumulate(matrix, axis=1)[:, -1]]


def has_totals(result: ScoreResult) -> bool:
    """Whether `totals_of(result)` is built already (an edit then rescores at once)."""
    return isinstance(result._running.get("totals"), CorpusTotals)


def totals_of(result: ScoreResult, step: Callable[[], None] | None = None) -> CorpusTotals:
    """The result's totals, built on first use and kept with the result (`step`: see `CorpusTotals.of`)."""
    cached = result._running.get("totals")
    if not isinstance(cached, CorpusTotals):
        cached = CorpusTotals.of(result.documents, step)
        result._running["totals"] = cached
    return cached


def rescored(result: ScoreResult, doc: DocumentResult) -> ScoreResult:
    """`result` with its document `doc.doc_id` replaced by `doc`, every corpus figure refolded."""
    totals = totals_of(result)
    index = totals.doc_ids.index(doc.doc_id)
    new_totals = totals.replace_document(index, doc)
    documents = _replaced(result.documents, index, doc)
    micro, macro = new_totals.averages()
    published, by_type = new_totals.type_tables()
    new = replace(result, documents=documents, micro=micro, macro=macro, per_type_published=published,
                  per_type_by_type_mapping=by_type)
    new._running["totals"] = new_totals
    if result._by_id:  # the id index carries over (rebuilding it costs more than the rest on 2000 documents)
        new._by_id.update(result._by_id)
        new._by_id[doc.doc_id] = doc
    return new
