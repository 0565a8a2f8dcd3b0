"""GATE's AnnotationDiff categories (correct, partial, missing, spurious) and its strict, lenient and
average measures: one rule for the MUC/GATE scheme of `evmeval-score --scheme muc` and for agreement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evmeval.align.greedy import Mapping
from evmeval.align.overlap import Units, mention_units
from evmeval.mention.prf import PRF, safe_div
from evmeval.model import Mention


def _mean(x: float, y: float) -> float:
    return (x + y) / 2


def _zero_when_nothing_right(m: PRF) -> float:
    """F1, or 0 when P and R are both defined and 0 (nothing right) rather than undefined."""
    return 0.0 if m.precision == 0 and m.recall == 0 else m.f1


@dataclass(frozen=True)
class GateCounts:
    """GATE's AnnotationDiff categories, `a` as the key and `b` as the response."""

    correct: int = 0
    partial: int = 0
    missing: int = 0
    spurious: int = 0

    @property
    def num_key(self) -> int:
        return self.correct + self.partial + self.missing

    @property
    def num_response(self) -> int:
        return self.correct + self.partial + self.spurious

    def strict(self) -> PRF:
        """Partially correct counts as wrong."""
        return PRF.from_pr(safe_div(self.correct, self.num_response), safe_div(self.correct, self.num_key))

    def lenient(self) -> PRF:
        """Partially correct counts as correct."""
        right = self.correct + self.partial
        return PRF.from_pr(safe_div(right, self.num_response), safe_div(right, self.num_key))

    def average(self) -> PRF:
        """The mean of strict and lenient, figure by figure (P and R equal half-weighted partials).

        A strict F1 left undefined only because strict P = R = 0 (every match partial) counts 0 here, as
        in GATE: else the average would show P = R = 50 % beside an undefined F1."""
        s, le = self.strict(), self.lenient()
        return PRF(_mean(s.precision, le.precision), _mean(s.recall, le.recall),
                   _mean(_zero_when_nothing_right(s), _zero_when_nothing_right(le)))

    def swapped(self) -> GateCounts:
        return GateCounts(self.correct, self.partial, self.spurious, self.missing)

    def __add__(self, other: GateCounts) -> GateCounts:
        return GateCounts(self.correct + other.correct, self.partial + other.partial,
                          self.missing + other.missing, self.spurious + other.spurious)

    def to_json(self) -> dict[str, Any]:
        return {"correct": self.correct, "partial": self.partial, "missing": self.missing,
                "spurious": self.spurious, "strict": self.strict().to_json(),
                "lenient": self.lenient().to_json(), "average": self.average().to_json()}


def gate_counts(a: Sequence[Mention], b: Sequence[Mention], mapping: Mapping, *,
                units_a: Sequence[Units] | None = None, units_b: Sequence[Units] | None = None) -> GateCounts:
    """Categories of one document from one combination's mapping (its pairs are the compatible ones).

    Same span = same set of tokens (characters); `units_a` / `units_b` may pass those sets precomputed.
    """
    if units_a is None:
        units_a = [mention_units(m)[0] for m in a]
    if units_b is None:
        units_b = [mention_units(m)[0] for m in b]
    correct = sum(1 for p in mapping.pairs if units_a[p.gold] == units_b[p.system])
    partial = len(mapping.pairs) - correct
    return GateCounts(correct, partial, len(a) - len(mapping.pairs), len(b) - len(mapping.pairs))


__all__ = ["GateCounts", "gate_counts"]
