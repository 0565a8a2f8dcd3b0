"""DyGIE++ predictions at a probability threshold, and the precision-recall curve over thresholds.

DyGIE++ writes each predicted trigger and argument with its softmax probability; a user choosing a
decision threshold wants to see the convention's figures at it and how precision trades against
recall. Both come from `dygiepp.score_documents` with its `threshold` (a trigger or argument less
probable than it is left out; an event's arguments go with its trigger), so a point of the curve is
exactly what scoring the thresholded file would give. The files are read once for the whole curve.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from evmeval.conventions.base import ConventionResult, Input, Metric
from evmeval.conventions.dygiepp import score_documents
from evmeval.conventions.parsed import dygiepp_file
from evmeval.io.dygiepp import DygieppFile

GRID = tuple(k / 50 for k in range(51))
"""The curve's default thresholds: 0, 0.02, ..., 1."""


@dataclass(frozen=True)
class CurvePoint:
    """The convention's metrics (`trig_id`, `trig_class`, `arg_id`, `arg_class`) at one threshold."""

    threshold: float
    metrics: dict[str, Metric]

    def to_json(self) -> dict[str, object]:
        return {"threshold": self.threshold, **{name: m.to_json() for name, m in self.metrics.items()}}


def has_probabilities(system: DygieppFile) -> bool:
    """Whether any prediction carries a probability (without one, every threshold gives the same)."""
    return any(e.prob is not None or any(a.prob is not None for a in e.arguments)
               for d in system.documents for sentence in d.predicted_events or () for e in sentence)


def score_at(gold: Input, system: Input, threshold: float) -> ConventionResult:
    """The `dygiepp` convention's result with the predictions less probable than `threshold` left out."""
    return score_documents(dygiepp_file(gold), dygiepp_file(system), threshold)


def pr_curve(gold: Input, system: Input, thresholds: Sequence[float] = GRID, *,
             cancelled: Callable[[], bool] | None = None) -> list[CurvePoint]:
    """The metrics at each threshold (ascending); `cancelled` is asked between points and stops early
    (what was made so far is returned)."""
    g, s = dygiepp_file(gold), dygiepp_file(system)
    out = []
    for threshold in sorted(thresholds):
        if cancelled is not None and cancelled():
            break
        out.append(CurvePoint(threshold, score_documents(g, s, threshold).metrics))
    return out
