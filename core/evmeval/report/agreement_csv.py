"""The disagreements of two annotators as CSV: every mapping row of the pair that is not an exact match.

Rows come from `evmeval.mention.outcomes.mapping_rows` on the pair's own (symmetric) mapping, annotator
`a` in the gold role, so the file lists exactly the rows the window's mapping table shows as errors.
Types and realis are written as the annotators wrote them (what they will discuss), spans in tbf
syntax so a row can be found in the text again; Dice is unrounded and empty where nothing was paired.
The `what` column says in agreement words what the outcome means (no side is "gold" here); the
header and those words name the annotators as the user named their files (`anna.tbf_id`, "only
anna.tbf marked it"), not as sides a and b.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator

from evmeval.agreement.scoring import PairAgreement
from evmeval.align import COMBINATIONS
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.mention.outcomes import MappingRow, Outcome, mapping_rows
from evmeval.model import Mention
from evmeval.report.csv_writer import CsvWriter, number

FIELDS = ("id", "span", "text", "type", "realis")
"""Each annotator's cells, in this order; the header names them after the annotator (`anna.tbf_id`)."""


def annotator_names(pair: PairAgreement) -> tuple[str, str]:
    """The annotators' names as the user gave their files (`anna.tbf`: a path's last part when that
    tells them apart); the same file twice is `anna.tbf (1)` and `anna.tbf (2)`."""
    a, b = pair.a_name, pair.b_name
    short = (os.path.basename(a.rstrip("/\\")) or a, os.path.basename(b.rstrip("/\\")) or b)
    if short[0] != short[1]:
        return short
    return (a, b) if a != b else (f"{short[0]} (1)", f"{short[1]} (2)")


def disagreement_header(a: str, b: str) -> tuple[str, ...]:
    """The CSV header of annotators named `a` and `b`."""
    return ("doc_id", "combination", "outcome", "what", "dice", "mismatched_attributes",
            *(f"{a}_{f}" for f in FIELDS), *(f"{b}_{f}" for f in FIELDS))


def agreement_words(a: str, b: str) -> dict[Outcome, str]:
    """The outcomes of the mapping table, worded for two annotators named `a` (in the key role) and `b`."""
    return {
        Outcome.PARTIAL: "paired, spans overlap only partly",
        Outcome.ATTRIBUTE: "same span, different type or realis",
        Outcome.MISSED: f"only {a} marked it",
        Outcome.SPURIOUS: f"only {b} marked it",
        Outcome.SPLIT: f"only {b} marked it (overlaps a mention of {a} already paired)",
        Outcome.MERGED: f"only {a} marked it (inside a mention of {b} already paired)",
    }


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
    a, b = annotator_names(pair)
    words = agreement_words(a, b)
    writer = CsvWriter()
    writer.row(disagreement_header(a, b))
    count = 0
    for doc_id, row in disagreement_rows(pair, combination):
        writer.row([doc_id, combination, row.outcome.value, words[row.outcome], number(row.dice),
                    "+".join(row.mismatched_attributes), *_mention_cells(row.gold), *_mention_cells(row.system)])
        count += 1
    return writer.take(), count


def format_disagreements_csv(pair: PairAgreement, combination: str) -> str:
    """The CSV text: `disagreement_header` (the pair's annotator names), then one line per disagreement."""
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


__all__ = ["FIELDS", "agreement_words", "annotator_names", "disagreement_header", "disagreement_rows",
           "format_disagreements_csv", "write_disagreements_csv"]
