"""Agreement of one pair of annotators per event type, as GATE's corpus quality assurance shows it: for each
type, correct, partially correct, missing and spurious mentions, and strict and lenient P, R and F1.

The pairs are the pair's own type-compatible mapping (`PairAgreement.documents[...].mappings["mention_type"]`),
so nothing is mapped again and the types' counts add up to the pair's `gate["mention_type"]` exactly. A mapped
pair counts under its type; where one side's type is `NOT_ANNOTATED` (which agrees with any type) it counts
under the other side's, so swapping the annotators swaps missing and spurious and keeps every type's row.
Counts are summed over the documents (micro), `a` in the key role (precision = right / b's mentions).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from evmeval.agreement.scoring import DocumentAgreement, PairAgreement
from evmeval.align.overlap import mention_units
from evmeval.mention.gate import GateCounts
from evmeval.model import NOT_ANNOTATED, Mention, canonical

COMBINATION = "mention_type"
"""The mapping the per-type figures use: span overlap with compatible types."""
UNTYPED = canonical(NOT_ANNOTATED)


@dataclass(frozen=True)
class TypeAgreement:
    """One event type's GATE counts for a pair (`a` as the key); `name` is the type as first written."""

    mention_type: str
    name: str
    gate: GateCounts

    def to_json(self) -> dict[str, Any]:
        return {"type": self.name, **self.gate.to_json()}


class _Tally:
    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = {}
        self.names: dict[str, str] = {}

    def add(self, mention_type: str, name: str, what: str) -> None:
        self.names.setdefault(mention_type, name)
        self.counts.setdefault(mention_type, Counter())[what] += 1

    def rows(self) -> tuple[TypeAgreement, ...]:
        return tuple(TypeAgreement(t, self.names[t], GateCounts(c["correct"], c["partial"], c["missing"],
                                                                  c["spurious"]))
                     for t, c in sorted(self.counts.items(), key=lambda item: self.names[item[0]].lower()))


def _typed(x: Mention, y: Mention) -> Mention:
    """The mention whose type names the pair: `x`, unless only `y` has a type (symmetric)."""
    return y if x.mention_type == UNTYPED and y.mention_type != UNTYPED else x


def _document(tally: _Tally, doc: DocumentAgreement) -> None:
    mapping = doc.mappings[COMBINATION]
    mapped_a = {p.gold for p in mapping.pairs}
    mapped_b = {p.system for p in mapping.pairs}
    for p in mapping.pairs:
        x, y = doc.a[p.gold], doc.b[p.system]
        same_span = mention_units(x)[0] == mention_units(y)[0]
        named = _typed(x, y)
        tally.add(named.mention_type, named.raw_type, "correct" if same_span else "partial")
    for i, m in enumerate(doc.a):
        if i not in mapped_a:
            tally.add(m.mention_type, m.raw_type, "missing")
    for i, m in enumerate(doc.b):
        if i not in mapped_b:
            tally.add(m.mention_type, m.raw_type, "spurious")


def per_type_agreement(pair: PairAgreement, documents: Iterable[DocumentAgreement] | None = None,
                       ) -> tuple[TypeAgreement, ...]:
    """Each type's GATE counts for the pair (or for some of its `documents`), sorted by type name."""
    tally = _Tally()
    for doc in pair.documents if documents is None else documents:
        _document(tally, doc)
    return tally.rows()


__all__ = ["COMBINATION", "TypeAgreement", "per_type_agreement"]
