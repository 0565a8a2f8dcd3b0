"""The mentions on which two runs differ: what run b fixed, what it broke, what both got wrong.

Built on the one outcome classification (`evmeval.mention.outcomes.mapping_rows`), per attribute
combination; nothing here re-decides what "right" means:
- a gold mention is right in a run when its row's outcome is EXACT (`not Outcome.is_error`), and
  wrong otherwise (partial span, right span with a wrong attribute, missed);
- FIXED: wrong in a, right in b. BROKEN: right in a, wrong in b. BOTH_WRONG: wrong in both (the two
  rows may show different errors). Gold mentions right in both runs are not cases;
- a false alarm is a system row without a gold side (SPURIOUS, or SPLIT: an extra part of a gold
  mention another system mention took). SPURIOUS_A_ONLY: a false alarm of a whose span is no false
  alarm of b (b dropped it); SPURIOUS_B_ONLY: the reverse (b introduced it). Spans are compared as
  the sets of tokens or characters the Dice overlap uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from evmeval.align.overlap import Units, mention_units
from evmeval.mention.outcomes import MappingRow, mapping_rows
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Mention


class CaseKind(str, Enum):
    FIXED = "fixed"
    BROKEN = "broken"
    BOTH_WRONG = "both_wrong"
    SPURIOUS_A_ONLY = "spurious_a_only"
    SPURIOUS_B_ONLY = "spurious_b_only"

    @property
    def label(self) -> str:
        return CASE_LABELS[self]


CASE_LABELS = {
    CaseKind.FIXED: "fixed by b",
    CaseKind.BROKEN: "broken by b",
    CaseKind.BOTH_WRONG: "wrong in both",
    CaseKind.SPURIOUS_A_ONLY: "false alarm of a only",
    CaseKind.SPURIOUS_B_ONLY: "false alarm of b only",
}


class Case(NamedTuple):
    """One mention on which the runs differ (or both fail): the gold mention (None for a false
    alarm) and each run's mapping-table row for it (None: the run has no such row). A NamedTuple:
    a pair of noisy runs on 2000 documents has some 40,000 cases per combination."""

    doc_id: str
    combination: str
    kind: CaseKind
    gold: Mention | None
    row_a: MappingRow | None
    row_b: MappingRow | None

    @property
    def mention_type(self) -> str:
        """The gold type, or the false alarm's own type: what a type filter goes by."""
        if self.gold is not None:
            return self.gold.mention_type
        row = self.row_a or self.row_b
        return row.system.mention_type if row is not None and row.system is not None else ""


def _gold_rows(rows: Sequence[MappingRow]) -> dict[int, MappingRow]:
    return {r.gold_index: r for r in rows if r.gold_index is not None}


def _false_alarms(rows: Sequence[MappingRow]) -> list[tuple[Units, MappingRow]]:
    """The rows without a gold side, each with its span's units."""
    return [(mention_units(r.system)[0], r) for r in rows if r.gold_index is None and r.system is not None]


def _one_sided(own: list[tuple[Units, MappingRow]],
               other: list[tuple[Units, MappingRow]]) -> list[MappingRow]:
    """The false alarms of `own` whose span is not a false alarm of `other` (as many times as repeated)."""
    left = Counter(key for key, _ in other)
    out = []
    for key, row in own:
        if left[key]:
            left[key] -= 1
        else:
            out.append(row)
    return out


def document_cases(rows_a: Sequence[MappingRow], rows_b: Sequence[MappingRow], doc_id: str,
                   combination: str) -> list[Case]:
    """The cases of one document from both runs' mapping rows (gold order, then a's, then b's alarms)."""
    gold_a, gold_b = _gold_rows(rows_a), _gold_rows(rows_b)
    cases = []
    for index in sorted(gold_a):
        row_a, row_b = gold_a[index], gold_b[index]
        wrong_a, wrong_b = row_a.outcome.is_error, row_b.outcome.is_error
        if not (wrong_a or wrong_b):
            continue
        kind = CaseKind.BOTH_WRONG if wrong_a and wrong_b else CaseKind.FIXED if wrong_a else CaseKind.BROKEN
        cases.append(Case(doc_id, combination, kind, row_a.gold, row_a, row_b))
    alarms_a, alarms_b = _false_alarms(rows_a), _false_alarms(rows_b)
    cases.extend(Case(doc_id, combination, CaseKind.SPURIOUS_A_ONLY, None, r, None)
                 for r in _one_sided(alarms_a, alarms_b))
    cases.extend(Case(doc_id, combination, CaseKind.SPURIOUS_B_ONLY, None, None, r)
                 for r in _one_sided(alarms_b, alarms_a))
    return cases


def case_list(a: ScoreResult, b: ScoreResult, combination: str) -> tuple[Case, ...]:
    """Every case of the pair under `combination`, document by document in the scored order.

    Both results must come from the same gold file (same documents, same gold mentions).
    """
    out: list[Case] = []
    for doc_a, doc_b in zip(a.documents, b.documents, strict=True):
        _check_same_gold(doc_a, doc_b)
        out.extend(document_cases(mapping_rows(doc_a, combination), mapping_rows(doc_b, combination),
                                  doc_a.doc_id, combination))
    return tuple(out)


def _check_same_gold(a: DocumentResult, b: DocumentResult) -> None:
    if a.doc_id != b.doc_id or len(a.gold) != len(b.gold):
        raise ValueError(f"the two results were not scored on the same gold (document {a.doc_id!r})")


def case_counts(cases: Sequence[Case]) -> dict[CaseKind, int]:
    """How many cases of each kind (every kind present, zeros included)."""
    counts = dict.fromkeys(CaseKind, 0)
    for case in cases:
        counts[case.kind] += 1
    return counts
