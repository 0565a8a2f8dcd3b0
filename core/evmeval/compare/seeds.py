"""Several runs of one system (seeds) against several of another: spread, almost stochastic order, items.

One run per system hides how much a figure moves with the random seed. With runs grouped into systems
(`evmeval-compare -s a1 -s a2 -s a3 --as A -s b1 -s b2 --as B`):

- each system's figure over its runs: mean ± standard deviation (n − 1 in the denominator);
- almost stochastic order (Dror, Shlomov & Reichart 2019, after del Barrio, Cuesta-Albertos & Matrán
  2018), written here from the published description. With F and G the empirical distributions of A's and
  B's scores and F⁻¹, G⁻¹ their quantile functions (F⁻¹(t) = the ⌈t n⌉-th smallest of n scores), the
  violation ratio is ε(F, G) = ∫ over {t : F⁻¹(t) < G⁻¹(t)} of (F⁻¹ − G⁻¹)² dt / ∫₀¹ (F⁻¹ − G⁻¹)² dt:
  the share of the squared distance between the two where A is below B (0: A above B everywhere; 1: below
  everywhere; 0.5 when the distributions are equal, 0 / 0). The integrals are means over the midpoints
  t = (k + ½) / K of K = `GRID` steps. ε_min = ε + Φ⁻¹(confidence) · σ̂, σ̂ the standard deviation of ε
  over `resamples` bootstrap resamples of both score lists (drawn from `SeedSequence(seed)`), kept within
  [0, 1]: an upper confidence bound on the violation. A is almost stochastically better than B when
  ε_min < τ (the paper's own reading is ε_min < 0.5; 0.2 is a stricter, common threshold);
- per gold mention, in how many of a system's n runs it is found exactly ("right in k of n seeds").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING

from evmeval._util.lazy_import import lazy_module
from evmeval.align import COMBINATIONS
from evmeval.compare.runs import Comparison
from evmeval.compare.significance import DEFAULT_CONFIDENCE, DEFAULT_SEED, comparable_f1
from evmeval.mention.outcomes import MappingRow, Outcome

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_module("numpy")

GRID = 1000
ASO_RESAMPLES = 1000
DEFAULT_TAU = 0.5


@dataclass(frozen=True)
class Spread:
    """One system's figure over its runs."""

    values: tuple[float, ...]

    @property
    def mean(self) -> float:
        return float(np.mean(self.values)) if self.values else float("nan")

    @property
    def sd(self) -> float:
        """The sample standard deviation (NaN for a single run: one run says nothing about the spread)."""
        return float(np.std(self.values, ddof=1)) if len(self.values) > 1 else float("nan")

    def to_json(self) -> dict[str, object]:
        return {"values": list(self.values), "mean": self.mean, "sd": None if len(self.values) < 2 else self.sd}


def _quantiles(ordered: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """F⁻¹ at each grid point for each row of sorted scores (R, n) -> (R, K)."""
    n = ordered.shape[-1]
    index = np.ceil(grid * n).astype(np.intp) - 1
    return ordered[..., np.clip(index, 0, n - 1)]


def violation_ratio(a: np.ndarray, b: np.ndarray, grid_size: int = GRID) -> np.ndarray:
    """ε(F, G) for each row of `a` (R, n) and `b` (R, m): the share of the squared quantile distance where
    a lies below b; 0.5 where the two have the same quantiles everywhere."""
    grid = (np.arange(grid_size) + 0.5) / grid_size
    gap = _quantiles(np.sort(a, axis=-1), grid) - _quantiles(np.sort(b, axis=-1), grid)
    squared = gap ** 2
    total = squared.mean(axis=-1)
    below = np.where(gap < 0, squared, 0.0).mean(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.asarray(np.where(total > 0, below / np.where(total > 0, total, 1.0), 0.5))


def almost_stochastic_order(a: Sequence[float], b: Sequence[float], *, confidence: float = DEFAULT_CONFIDENCE,
                            resamples: int = ASO_RESAMPLES, seed: int = DEFAULT_SEED) -> float:
    """ε_min of "a is better than b" (lower is stronger evidence; see the module docstring)."""
    if not a or not b:
        raise ValueError("almost stochastic order needs at least one score on each side")
    scores_a, scores_b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    observed = float(violation_ratio(scores_a[None, :], scores_b[None, :])[0])
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    drawn_a = scores_a[rng.integers(0, len(scores_a), size=(resamples, len(scores_a)))]
    drawn_b = scores_b[rng.integers(0, len(scores_b), size=(resamples, len(scores_b)))]
    spread = float(np.std(violation_ratio(drawn_a, drawn_b), ddof=1)) if resamples > 1 else 0.0
    return min(1.0, max(0.0, observed + NormalDist().inv_cdf(confidence) * spread))


def aso_matrix(systems: Sequence[Sequence[float]], *, confidence: float = DEFAULT_CONFIDENCE,
               resamples: int = ASO_RESAMPLES, seed: int = DEFAULT_SEED) -> list[list[float | None]]:
    """ε_min of row i better than column j for every two systems (None on the diagonal)."""
    return [[None if i == j else almost_stochastic_order(a, b, confidence=confidence, resamples=resamples, seed=seed)
             for j, b in enumerate(systems)] for i, a in enumerate(systems)]


def right_in_runs(runs: Sequence[Sequence[Sequence[MappingRow]]]) -> list[int]:
    """How many gold mentions are found exactly in k of the n runs, for k = 0 … n. `runs[r][d]`: run r's
    mapping rows of document d (all runs scored on the same gold, in the same document order)."""
    if not runs:
        return [0]
    counts = [0] * (len(runs) + 1)
    for documents in zip(*runs, strict=True):
        right: dict[int, int] = {}
        for rows in documents:
            exact = {row.gold_index for row in rows if row.gold_index is not None and row.outcome is Outcome.EXACT}
            for row in rows:  # a gold mention split over several rows counts once per run
                if row.gold_index is not None:
                    right.setdefault(row.gold_index, 0)
            for index in exact:
                right[index] += 1
        for k in right.values():
            counts[k] += 1
    return counts


@dataclass(frozen=True)
class SeedSystem:
    """A system made of several runs (indices into `Comparison.systems`)."""

    name: str
    runs: tuple[int, ...]


SEED_SUFFIX = re.compile(r"[._-]?(?:seed|run|s)?\d+$", re.IGNORECASE)
"""The naming rule for seeds: a trailing number, optionally after `seed`, `run` or `s` and a `_`, `-` or `.`
(`tagger_seed1`, `tagger-s2`, `tagger.3`): runs whose names differ only there are one system."""


def seed_groups(names: Sequence[str]) -> list[SeedSystem]:
    """Runs grouped into systems by `SEED_SUFFIX` (named by the shared stem), in order of first appearance;
    a run whose name has no such suffix, or nothing before it, is a system of its own."""
    groups: dict[str, list[int]] = {}
    for index, name in enumerate(names):
        stem = SEED_SUFFIX.sub("", name)
        groups.setdefault(stem or name, []).append(index)
    return [SeedSystem(stem, tuple(runs)) for stem, runs in groups.items()]


@dataclass(frozen=True)
class SeedComparison:
    """Per system and combination: micro F1's spread over the runs and the gold mentions right in k of n
    runs; per combination: the ε_min matrix of almost stochastic order over the systems."""

    systems: tuple[SeedSystem, ...]
    spreads: dict[str, tuple[Spread, ...]]
    right: dict[str, tuple[tuple[int, ...], ...]]
    aso: dict[str, list[list[float | None]]]
    tau: float = DEFAULT_TAU


def compare_seeds(comparison: Comparison, systems: Sequence[SeedSystem],
                  combinations: Sequence[str] = COMBINATIONS) -> SeedComparison:
    """The seed view of a comparison whose runs are grouped into `systems` (same resampling settings'
    seed and confidence for the ε_min bootstrap)."""
    settings = comparison.settings
    spreads, right, aso = {}, {}, {}
    for c in combinations:
        scores = [[comparable_f1(comparison.systems[r].result.micro[c]) for r in s.runs] for s in systems]
        spreads[c] = tuple(Spread(tuple(v)) for v in scores)
        right[c] = tuple(tuple(right_in_runs([comparison.rows(r, c) for r in s.runs])) for s in systems)
        aso[c] = aso_matrix(scores, confidence=settings.confidence, seed=settings.seed)
    return SeedComparison(tuple(systems), spreads, right, aso)
