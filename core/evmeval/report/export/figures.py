"""What the report's charts read of a scored corpus, without its mentions and alignments.

The charts need each document's scores and mention counts, the corpus averages and tables, the
MUC/GATE and confusion counts the export already took, and each type's spelling; never a mention or
a mapping. `chart_figures` makes that compact copy, so the charts can be drawn in a process that does
not hold the corpus (`--export-report` draws them in one forked before the corpus is loaded: Qt and
the chart widgets, about 140 MB at 8,000 documents, no longer sit on top of it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from evmeval.coref.scoring import CorefResult
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
    """The MUC/GATE counts."""
    confusions: Confusions
    """The plain mapping's confusion matrices, counts only (the rows behind a cell are what a click
    filters, and a drawn chart is never clicked)."""
    names: TypeNames
    """Each canonical type as first written in the files (the charts' labels)."""


def chart_figures(result: ScoreResult, coref: CorefResult | None, schemes: SchemeResult,
                  confusions: Confusions) -> ChartFigures:
    """The compact copy of what the charts read (see the module)."""
    documents = tuple(DocumentCounts(doc.doc_id, (), (), doc.in_system, {}, doc.scores, doc.num_gold, doc.num_system)
                      for doc in result.documents)
    light = None if coref is None else replace(coref, documents=tuple(
        replace(cd, gold_rows=(), system_rows=(), gold_labels=(), system_labels=(), sources=None)
        for cd in coref.documents))
    counts = {attribute: replace(matrix, members={}) for attribute, matrix in confusions.items()}
    return ChartFigures(replace(result, documents=documents), light, schemes, counts, type_names(result.documents))
