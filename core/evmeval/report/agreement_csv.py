"""The disagreements of two annotators as CSV: every mapping row of the pair that is not an exact match.

Rows come from `evmeval.mention.outcomes.mapping_rows` on the pair's own (symmetric) mapping, annotator
`a` in the gold role, so the file lists exactly the rows the window's mapping table shows as errors.
Types and realis are written as the annotators wrote them (what they will discuss), spans in tbf
syntax so a row can be found in the text again; Dice is unrounded and empty where nothing was paired.
The `what` column says in agreement words what the outcome means (no side is "gold" here).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Iterator

from evmeval.agreement.scoring import PairAgreement
from evmeval.align import COMBINATIONS
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.mention.outcomes import MappingRow, Outcome, mapping_rows
from evmeval.model import Mention

DISAGREEMENT_HEADER = (
    "doc_id", "combination", "outcome", "what", "dice", "mismatched_attributes",
    "a_id", "a_span", "a_text", "a_type", "a_realis",
    "b_id", "b_span", "b_text", "b_type", "b_realis",
)

AGREEMENT_WORDS: dict[Outcome, str] = {
    Outcome.PARTIAL: "paired, spans overlap only partly",
    Outcome.ATTRIBUTE: "same span, different type or realis",
    Outcome.MISSED: "only annotator a marked it",
    Outcome.SPURIOUS: "only annotator b marked it",
    Outcome.SPLIT: "only annotator b marked it (overlaps an a mention already paired)",
    Outcome.MERGED: "only annotator a marked it (inside a b mention already paired)",
}
"""The outcomes of the mapping table, worded for two annotators (a in the key role)."""


def disagreement_rows(pair: PairAgreement, combination: str) -> Iterator[tuple[str, MappingRow]]:
    """`(doc_id, row)` for every non-exact mapping row of every document, in document then row order."""
    if combination not in COMBINATIONS:
        raise ValueError(f"unknown attribute combination {combination!r}; expected one of {', '.join(COMBINATIONS)}")
    for doc in pair.documents:
        for row in mapping_rows(doc.document_result(), combination):
            if row.outcome is not Outcome.EXACT:
                yield doc.doc_id, row


def _mention_cells(m: Mention | None) -> list[str]:
    if m is None:
        return ["", "", "", "", ""]
    return [m.mention_id, m.span_field(), m.text, m.raw_type, m.raw_realis]


def _csv(pair: PairAgreement, combination: str) -> tuple[str, int]:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(DISAGREEMENT_HEADER)
    count = 0
    for doc_id, row in disagreement_rows(pair, combination):
        writer.writerow([doc_id, combination, row.outcome.value, AGREEMENT_WORDS[row.outcome],
                         "" if row.dice is None else repr(row.dice), "+".join(row.mismatched_attributes),
                         *_mention_cells(row.gold), *_mention_cells(row.system)])
        count += 1
    return out.getvalue(), count


def format_disagreements_csv(pair: PairAgreement, combination: str) -> str:
    """The CSV text: `DISAGREEMENT_HEADER`, then one line per disagreement."""
    return _csv(pair, combination)[0]


def write_disagreements_csv(path: str, pair: PairAgreement, combination: str, *,
                            inputs: Collection[str] = ()) -> int:
    """Write the CSV atomically (never over one of `inputs`); returns the number of disagreements.

    Raises `FormatError` naming the path when it cannot be written.
    """
    check_output_paths([path], inputs)
    text, count = _csv(pair, combination)
    write_atomic(path, text)
    return count


__all__ = ["AGREEMENT_WORDS", "DISAGREEMENT_HEADER", "disagreement_rows", "format_disagreements_csv",
           "write_disagreements_csv"]
