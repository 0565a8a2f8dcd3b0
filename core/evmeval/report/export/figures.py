"""What the report's charts read of a scored corpus, without its mentions and alignments.

The charts need each document's scores and mention counts, the corpus averages and tables, the
MUC/GATE and confusion counts the export already took, and each type's spelling; never a mention or
a mapping. `chart_figures` makes that compact copy, so the charts can be drawn in a process that does
not hold the corpus (`--export-report` draws them in one forked before the corpus is loaded: Qt and
the chart widgets, about 140 MB at 8,000 documents, no longer sit on top of it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import chain
from typing import Any

from evmeval.coref.metrics import BlancCounts, CorefCounts, LinkCounts
from evmeval.coref.scoring import CorefDocument, CorefResult
from evmeval.mention.confusion import ConfusionMatrix
from evmeval.mention.schemes import SchemeResult
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.mention.type_names import TypeNames, type_names

Confusions = dict[str, ConfusionMatrix]
"""Attribute -> the corpus's confusion matrix under the plain mapping (`evmeval.mention.confusion`)."""


@dataclass(frozen=True)
class DocumentCounts(DocumentResult):
    """A scored document's figures without its mentions and mappings (`gold` and `system` are empty):
    its scores and how many mentions each side had, all a chart reads of it."""

    gold_count: int = 0
    system_count: int = 0

    @property
    def num_gold(self) -> int:
        return self.gold_count

    @property
    def num_system(self) -> int:
        return self.system_count


@dataclass(frozen=True)
class ChartFigures:
    """Everything the report's charts are drawn from (small: picklable in a few milliseconds)."""

    result: ScoreResult
    """The corpus's scores and tables; its documents are `DocumentCounts`."""
    coref: CorefResult | None
    """Coreference scores; its documents keep their counts, not their lines or clusters."""
    schemes: SchemeResult
    """The corpus's MUC/GATE counts (no document's: the charts draw the corpus; 11 MB of pickler memo
    at 8,000 documents)."""
    confusions: Confusions
    """The plain mapping's confusion matrices, counts only (the rows behind a cell are what a click
    filters, and a drawn chart is never clicked)."""
    names: TypeNames
    """Each canonical type as first written in the files (the charts' labels)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (to the drawing process) with each coreference document's counts as numbers in
        one flat list: as 32 objects a document they cost the pickler's memo 22 MB and 0.8 s at
        8,000 documents, in the process holding the corpus."""
        if self.coref is None:
            return ChartFigures, (self.result, None, self.schemes, self.confusions, self.names)
        documents = self.coref.documents
        packed = (replace(self.coref, documents=()), tuple(cd.doc_id for cd in documents),
                  tuple(cd.unique_ids for cd in documents), list(chain.from_iterable(map(_numbers, documents))))
        return _unpacked, (self.result, packed, self.schemes, self.confusions, self.names)


_NUMBERS = 32
"""Numbers in one document's `CorefCounts`: 4 for each of its 8 `LinkCounts` (BLANC holds two)."""


def _numbers(cd: CorefDocument) -> list[float]:
    """A document's counts as numbers, in field order (BLANC's two link counts in place)."""
    return [n for part in cd.counts for n in (chain(*part) if isinstance(part, BlancCounts) else part)]


def _counts(numbers: list[float], at: int) -> CorefCounts:
    links = [LinkCounts(*numbers[at + k:at + k + 4]) for k in range(0, _NUMBERS, 4)]
    return CorefCounts(links[0], links[1], links[2], links[3], BlancCounts(links[4], links[5]), links[6], links[7])


def _unpacked(result: ScoreResult, packed: tuple[CorefResult, tuple[str, ...], tuple[bool, ...], list[float]],
              schemes: SchemeResult, confusions: Confusions, names: TypeNames) -> ChartFigures:
    """`ChartFigures.__reduce__`'s figures again, equal to those pickled."""
    coref, doc_ids, unique, numbers = packed
    documents = tuple(CorefDocument(doc_id, (), (), (), (), _counts(numbers, k * _NUMBERS), flag)
                      for k, (doc_id, flag) in enumerate(zip(doc_ids, unique, strict=True)))
    return ChartFigures(result, replace(coref, documents=documents), schemes, confusions, names)


def chart_figures(result: ScoreResult, coref: CorefResult | None, schemes: SchemeResult,
                  confusions: Confusions) -> ChartFigures:
    """The compact copy of what the charts read (see the module)."""
    documents = tuple(DocumentCounts(doc.doc_id, (), (), doc.in_system, {}, doc.scores, doc.num_gold, doc.num_system)
                      for doc in result.documents)
    light = None if coref is None else coref.figures_only()
    counts = {attribute: replace(matrix, members={}) for attribute, matrix in confusions.items()}
    return ChartFigures(replace(result, documents=documents), light, replace(schemes, documents=()), counts,
                        type_names(result.documents))
