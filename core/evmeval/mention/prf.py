"""Precision, recall and F1 with the published scorer's NaN rules (0/0 is NaN, never an exception)."""

from __future__ import annotations

import math
from dataclasses import astuple, dataclass

NAN = float("nan")


def safe_div(numerator: float, denominator: float) -> float:
    """numerator / denominator, NaN when the denominator is not positive (as published)."""
    return 1.0 * numerator / denominator if denominator > 0 else NAN


def f1_score(precision: float, recall: float) -> float:
    """Harmonic mean; NaN when P + R is 0 or NaN."""
    return safe_div(2 * precision * recall, precision + recall)


NAN_REASON = ("Undefined (0/0): precision needs at least one system mention, recall at least one gold "
              "mention, and F1 a non-zero precision or recall.")
"""Why a figure is undefined: the window's and the HTML report's hover text for their "—"
(CSV leaves the cell empty, JSON writes null, the published score report keeps its own layout)."""


def nan_to_none(value: float) -> float | None:
    """JSON has no NaN: undefined figures become null."""
    return None if math.isnan(value) else value


class _UndefinedEqual:
    """Equality for figure records: an undefined figure (NaN) equals another undefined one, so two
    records holding the same figures are equal on every Python (3.13's dataclasses compare field by
    field, where `nan != nan`; earlier ones compared tuples, where the shared `NAN` object is itself)."""

    __slots__ = ()  # the records below keep their fields in slots: a corpus keeps a `Score` a document and combination

    def _key(self) -> tuple[object, ...]:
        return tuple(None if isinstance(v, float) and math.isnan(v) else v
                     for v in astuple(self))  # type: ignore[call-overload]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _UndefinedEqual) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


@dataclass(frozen=True, eq=False, slots=True)
class Score(_UndefinedEqual):
    """Counts and the figures they give. `tp` is a sum of Dice overlaps (partial credit)."""

    tp: float
    num_gold: int
    num_system: int
    precision: float
    recall: float
    f1: float

    @property
    def prf(self) -> PRF:
        """The figures alone."""
        return PRF(self.precision, self.recall, self.f1)

    @classmethod
    def from_counts(cls, tp: float, num_gold: int, num_system: int) -> Score:
        precision = safe_div(tp, num_system)
        recall = safe_div(tp, num_gold)
        return cls(tp, num_gold, num_system, precision, recall, f1_score(precision, recall))

    def to_json(self) -> dict[str, float | int | None]:
        return {"tp": self.tp, "num_gold": self.num_gold, "num_system": self.num_system,
                "precision": nan_to_none(self.precision), "recall": nan_to_none(self.recall),
                "f1": nan_to_none(self.f1)}


@dataclass(frozen=True, eq=False, slots=True)
class PRF(_UndefinedEqual):
    """Precision, recall and F1 (NaN when undefined): the one value type of a figure triple."""

    precision: float
    recall: float
    f1: float

    @classmethod
    def from_pr(cls, precision: float, recall: float) -> PRF:
        return cls(precision, recall, f1_score(precision, recall))

    def to_json(self) -> dict[str, float | None]:
        return {"precision": nan_to_none(self.precision), "recall": nan_to_none(self.recall),
                "f1": nan_to_none(self.f1)}


@dataclass(frozen=True, eq=False, slots=True)
class Average(PRF):
    """A macro average: mean of per-document P and R; F1 is their harmonic mean (as published)."""

    num_documents: int = 0

    def to_json(self) -> dict[str, float | int | None]:
        return {"precision": nan_to_none(self.precision), "recall": nan_to_none(self.recall),
                "f1": nan_to_none(self.f1), "num_documents": self.num_documents}
