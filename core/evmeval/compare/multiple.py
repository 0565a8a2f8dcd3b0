"""Many comparisons at once, and paired per-item outcomes.

Ten runs make 45 pairs; at p < 0.05 each, about two "significant" pairs turn up by luck alone. The
p-values of one figure over all pairs of a comparison form one family and are adjusted together:

- `holm` (default; Holm 1979): sort the m p-values, p₍₁₎ ≤ … ≤ p₍ₘ₎; the k-th adjusted is
  max over j ≤ k of min(1, (m − j + 1) p₍ⱼ₎). Keeps the family-wise error (any false "better" at all)
  at most 1 − confidence, whatever the dependence between the tests.
- `bh` (Benjamini & Hochberg 1995): the k-th adjusted is min over j ≥ k of min(1, m p₍ⱼ₎ / j). Keeps
  the expected share of false discoveries among the discoveries at most 1 − confidence (independent or
  positively dependent tests); more findings, weaker promise.
- `none`: the p-values as they are.
An adjusted p is never below the p it adjusts; ties keep their given order.

McNemar's test (`mcnemar`) compares two runs item by item (a gold mention matched or not): only the
items where the runs disagree count, b = right in a only, c = right in b only; two-sided exact binomial
p = min(1, 2 P(X ≤ min(b, c))) with X ~ Binomial(b + c, ½), 1 when b + c = 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

CORRECTIONS = ("holm", "bh", "none")
DEFAULT_CORRECTION = "holm"
CORRECTION_NAMES = {"holm": "Holm", "bh": "Benjamini-Hochberg", "none": "no correction"}


def adjust(p_values: Sequence[float], method: str = DEFAULT_CORRECTION) -> list[float]:
    """The p-values adjusted for the m comparisons of one family, in the given order."""
    if method not in CORRECTIONS:
        raise ValueError(f"correction must be one of {', '.join(CORRECTIONS)}, not {method!r}")
    m = len(p_values)
    if method == "none" or m == 0:
        return [float(p) for p in p_values]
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    if method == "holm":
        running = 0.0
        for rank, i in enumerate(order):
            running = max(running, min(1.0, (m - rank) * p_values[i]))
            adjusted[i] = running
        return adjusted
    running = 1.0
    for rank in range(m - 1, -1, -1):
        i = order[rank]
        running = min(running, min(1.0, m * p_values[i] / (rank + 1)))
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True)
class McNemar:
    """Items right in a only (`only_a`) and in b only (`only_b`), and the exact two-sided p."""

    only_a: int
    only_b: int
    p_value: float

    def to_json(self) -> dict[str, object]:
        return {"only_a": self.only_a, "only_b": self.only_b, "p_value": self.p_value}


def _binomial_tail(k: int, n: int) -> float:
    """P(X ≤ k), X ~ Binomial(n, ½), summed in log space (n may be hundreds of thousands)."""
    log_half = n * math.log(0.5)
    terms = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half for i in range(k + 1)]
    top = max(terms)
    return math.exp(top) * math.fsum(math.exp(t - top) for t in terms)


def mcnemar(right_a: Sequence[bool], right_b: Sequence[bool]) -> McNemar:
    """McNemar's exact test on paired per-item outcomes (same items, same order)."""
    if len(right_a) != len(right_b):
        raise ValueError("the two runs' outcomes cover different items")
    only_a = sum(1 for x, y in zip(right_a, right_b, strict=True) if x and not y)
    only_b = sum(1 for x, y in zip(right_a, right_b, strict=True) if y and not x)
    return mcnemar_counts(only_a, only_b)


def mcnemar_counts(only_a: int, only_b: int) -> McNemar:
    """McNemar's exact test from the discordant counts alone (the items right in one run only)."""
    n = only_a + only_b
    p = 1.0 if n == 0 else min(1.0, 2 * _binomial_tail(min(only_a, only_b), n))
    return McNemar(only_a, only_b, p)
