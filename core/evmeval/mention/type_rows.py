"""What the C kernel's run shares with the Python scoring (`evmeval.mention.scoring` imports them from here): the
per-type rows, the document coverage warnings, the per-document warnings and the averages' rule. Apart from the
scoring's classes so that `evmeval-score -o` on the kernel imports only these (`tests/core/test_startup.py`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from evmeval.mention.prf import Score

if TYPE_CHECKING:
    from evmeval.model import Mention


def counts_in_averages(num_gold: int) -> bool:
    """The v1.8 rule: a document enters the corpus averages when it has gold mentions."""
    return num_gold > 0


@dataclass(frozen=True)
class TypeRow:
    """One row of a per-type table: a type and its `Score`."""

    mention_type: str
    score: Score

    @property
    def tp(self) -> float:
        return self.score.tp

    @property
    def num_gold(self) -> int:
        return self.score.num_gold

    @property
    def num_system(self) -> int:
        return self.score.num_system

    @property
    def precision(self) -> float:
        return self.score.precision

    @property
    def recall(self) -> float:
        return self.score.recall

    @property
    def f1(self) -> float:
        return self.score.f1

    def to_json(self) -> dict[str, object]:
        return {"type": self.mention_type, **self.score.to_json()}


def type_rows(tp: dict[str, float], num_gold: dict[str, int], num_system: dict[str, int], *,
              gold_types_only: bool) -> tuple[TypeRow, ...]:
    """Per-type rows from per-type sums (TP, #gold, #system), sorted by type; only types with gold
    mentions when `gold_types_only` (the published table). Also what the C kernel's sums go through."""
    types = {t for t, n in num_gold.items() if n} if gold_types_only else (
        {t for t, n in num_gold.items() if n} | {t for t, n in num_system.items() if n})
    rows = []
    for t in sorted(types):
        score = Score.from_counts(tp.get(t, 0.0), num_gold.get(t, 0), num_system.get(t, 0))
        rows.append(TypeRow(t, score))
    return tuple(rows)


def coverage(gold_ids: Collection[str], system_ids: Collection[str]) -> tuple[list[str], list[str]]:
    """The gold documents in scoring order (sorted ids) and the warnings about documents only one side
    has (also what the C kernel's run words: `evmeval.cli.fastpath`)."""
    warnings: list[str] = []
    doc_ids = sorted(gold_ids)
    missing = [d for d in doc_ids if d not in system_ids]
    extra = sorted(d for d in system_ids if d not in gold_ids)
    if missing:
        warnings.append(f"{len(missing)} gold document(s) not in the system file, scored as empty: "
                        + ", ".join(missing))
    if extra:
        warnings.append(f"{len(extra)} system document(s) not in the gold file, ignored: " + ", ".join(extra))
    return doc_ids, warnings


def document_warnings(doc_id: str, num_gold: int, system: Sequence[Mention]) -> list[str]:
    """What scoring one document warns about: repeated system mention ids, no gold mention."""
    warnings: list[str] = []
    if len({m.mention_id for m in system}) != len(system):
        warnings.append(f"duplicate system mention ids in document {doc_id!r}; all lines are scored "
                        "(the published scorer says one is removed, but counts them all)")
    if not num_gold:
        warnings.append(f"gold document {doc_id!r} has no mentions; it is left out of the averages")
    return warnings
