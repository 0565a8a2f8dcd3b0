"""`--json` on the C kernel's run (`evmeval.cli.fastpath`): the same document, from the kernel's arrays.

The kernel hands over what the JSON lists and the report does not print: each combination's chosen pairs,
already as the JSON text `evmeval.report.json_report.mapping_json` and the C encoder make of them (the second
form of that one listing: 220k small objects on the benchmark corpus, most of the time of a `--json` run;
tests/core compare the two byte for byte), and the TP sums of the type mapping's per-type table. Every figure
and every other key is made by the functions the Python path uses: `Score.from_counts`, `corpus_averages`,
`type_rows`, and `evmeval.report.json_report`'s `document_json` and `scores_json`. Documents are built one at
a time while the file is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from evmeval.mention.prf import Score
from evmeval.mention.scoring import ResultKind, corpus_averages, counts_in_averages, type_rows
from evmeval.model import SpanMode
from evmeval.report.json_report import (
    LazyArray,
    RawJSON,
    document_json,
    scores_json,
)
from evmeval.rules import COMBINATIONS

KernelRows = Sequence[tuple[int, int, bool, tuple[float, float, float, float]]]
"""The kernel's row of each scored document: #gold, #system, in the system file, TP per combination."""

Listing = tuple[bytes, bytes, list[float]]
"""The kernel's listing: the JSON arrays of chosen pairs, where each ends (int64, per document and
combination), the type mapping's TP per canonical value."""


class KernelDocument(NamedTuple):
    """One scored document as `corpus_averages` reads it (`evmeval.mention.scoring.DocumentFigures`)."""

    doc_id: str
    in_system: bool
    num_gold: int
    num_system: int
    scores: dict[str, Score]

    @property
    def counted(self) -> bool:
        return counts_in_averages(self.num_gold)


def kernel_json(gold_path: str, system_path: str, doc_ids: Sequence[str], rows: KernelRows, listing: Listing,
                canon_values: Sequence[str], type_gold: Sequence[int], type_system: Sequence[int],
                published_rows: Sequence[Any], warnings: Sequence[str]) -> dict[str, Any]:
    """The `--json` document of the kernel's run; `published_rows`: the report's per-type rows; `warnings`:
    the scoring warnings (those of `score_files`, without the input checks')."""
    text, ends, type_tp2 = listing
    documents = [KernelDocument(doc_id, in_system, num_gold, num_system,
                                {c: Score.from_counts(tp, num_gold, num_system) for c, tp in zip(COMBINATIONS, tps,
                                                                                                  strict=True)})
                 for doc_id, (num_gold, num_system, in_system, tps) in zip(doc_ids, rows, strict=True)]
    micro, macro = corpus_averages(documents)
    by_type = type_rows(dict(zip(canon_values, type_tp2, strict=True)), dict(zip(canon_values, type_gold, strict=True)),
                        dict(zip(canon_values, type_system, strict=True)), gold_types_only=False)
    bounds = [0, *memoryview(ends).cast("q")]
    width = len(COMBINATIONS)

    def build(number: int) -> dict[str, Any]:
        doc = documents[number]
        at = width * number
        mappings = {c: RawJSON(text[bounds[at + k]:bounds[at + k + 1]].decode("ascii"))
                    for k, c in enumerate(COMBINATIONS)}
        return document_json(doc.doc_id, doc.in_system, doc.num_gold, doc.num_system, doc.scores, mappings)

    return scores_json(ResultKind.SCORING.value, SpanMode.TOKEN.value, gold_path, system_path,
                       LazyArray(range(len(documents)), build), micro, macro, published_rows, by_type, warnings)
