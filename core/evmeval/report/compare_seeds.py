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
from evmeval.report.csv_writer import number
from evmeval.report.html_report import _esc


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


SEEDS_CSV = "seeds.csv"


def seeds_csv_rows(comparison: Comparison, seeds: SeedComparison) -> tuple[list[str], list[list[object]]]:
    """seeds.csv: one row per system and combination (mean, sd, runs, the ε_min against every other
    system, and the gold mentions right in k of n runs as `k:count` pairs)."""
    header = ["system", "combination", "runs", "mean_f1", "sd_f1", "right_in_k_runs",
              *(f"epsilon_min_vs_{s.name}" for s in seeds.systems)]
    rows: list[list[object]] = []
    for c in seeds.spreads:
        for i, s in enumerate(seeds.systems):
            spread = seeds.spreads[c][i]
            rows.append([s.name, c, " ".join(comparison.systems[r].name for r in s.runs), number(spread.mean),
                         "" if len(spread.values) < 2 else number(spread.sd),
                         " ".join(f"{k}:{n}" for k, n in enumerate(seeds.right[c][i])),
                         *("" if v is None else number(v) for v in seeds.aso[c][i])])
    return header, rows


def seeds_html(comparison: Comparison, seeds: SeedComparison, combinations: Sequence[str]) -> str:
    """The HTML section: the text's figures as tables, one per combination."""
    parts = ["<h2>Seeds</h2>"]
    for c in combinations:
        head = "".join(f"<th>ε_min vs {_esc(s.name)}</th>" for s in seeds.systems)
        rows = []
        for i, s in enumerate(seeds.systems):
            spread = seeds.spreads[c][i]
            right = " ".join(f"{k}/{len(s.runs)}: {n}" for k, n in enumerate(seeds.right[c][i]))
            cells = "".join(f'<td class="n">{_cell(v)}</td>' for v in seeds.aso[c][i])
            rows.append(f"<tr><th>{_esc(s.name)}</th><td>{len(s.runs)}</td>"
                        f'<td class="n">{_esc(_spread_text(spread.mean, spread.sd))}</td>{cells}'
                        f"<td>{_esc(right)}</td></tr>")
        parts.append(f"<table><caption>{_esc(Combination(c).label)}: micro F1 (%) mean ± standard deviation over "
                     f"each system's runs; ε_min of almost stochastic order (row better than column; below "
                     f"{seeds.tau}: row almost stochastically better); gold mentions right in k of n runs</caption>"
                     f"<tr><th>System</th><th>Runs</th><th>F1</th>{head}<th>Right in k of n</th></tr>"
                     + "".join(rows) + "</table>")
    return "".join(parts)
