"""The seed view of `evmeval-compare` (runs grouped with `--as`) as text and JSON: each system's micro F1
mean ± standard deviation over its runs, the almost-stochastic-order matrix (ε_min) and the gold mentions
right in k of n runs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from evmeval.align import Combination
from evmeval.compare.runs import Comparison
from evmeval.compare.seeds import SeedComparison
from evmeval.report.compare_text import pct


def _cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _spread_text(mean: float, sd: float) -> str:
    return f"{pct(mean)} ± {'n/a' if math.isnan(sd) else f'{100 * sd:.2f}'}"


def format_seeds(comparison: Comparison, seeds: SeedComparison, combinations: Sequence[str]) -> str:
    """The text section printed after the summary."""
    lines = ["", f"Seeds: micro F1 (%) mean ± standard deviation over each system's runs; ε_min of almost "
             f"stochastic order (row better than column; below {seeds.tau}: row almost stochastically better); "
             "gold mentions found exactly in k of n runs"]
    for c in combinations:
        lines.append(f"  {Combination(c).label}")
        for s, spread, right in zip(seeds.systems, seeds.spreads[c], seeds.right[c], strict=True):
            runs = ", ".join(comparison.systems[r].name for r in s.runs)
            found = " ".join(f"{k}/{len(s.runs)}: {n}" for k, n in enumerate(right))
            lines.append(f"    {s.name} ({len(s.runs)} runs: {runs}): {_spread_text(spread.mean, spread.sd)}; "
                         f"right in {found}")
        width = max(len(s.name) for s in seeds.systems)
        lines.append("    ε_min  " + " ".join(s.name.rjust(max(6, len(s.name))) for s in seeds.systems))
        for s, row in zip(seeds.systems, seeds.aso[c], strict=True):
            cells = " ".join(_cell(v).rjust(max(6, len(t.name))) for v, t in zip(row, seeds.systems, strict=True))
            lines.append(f"    {s.name.ljust(max(width, 5))}  {cells}")
    return "\n".join(lines) + "\n"


def seeds_json(comparison: Comparison, seeds: SeedComparison) -> dict[str, Any]:
    """`seeds` in the comparison JSON."""
    return {"tau": seeds.tau,
            "systems": [{"name": s.name, "runs": [comparison.systems[r].name for r in s.runs],
                         "f1": {c: seeds.spreads[c][i].to_json() for c in seeds.spreads},
                         "right_in_k_runs": {c: list(seeds.right[c][i]) for c in seeds.right}}
                        for i, s in enumerate(seeds.systems)],
            "aso_epsilon_min": seeds.aso}
