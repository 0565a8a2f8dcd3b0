"""`evmeval-compare --convention NAME`: the runs' figures under that
convention, each with its interval, and every pair's paired tests, as text and JSON (`evmeval.compare.units`)."""

from __future__ import annotations

from typing import Any

from evmeval.compare.units import UNIT_NAMES, WINDOWED, UnitComparison
from evmeval.report.compare_text import p_text, pct, points, table_lines, verdict_cell

PARTS = {"precision": "P", "recall": "R", "f1": "F1"}


def _unit_words(c: UnitComparison) -> str:
    if c.convention not in WINDOWED:
        return f"{c.num_units} {UNIT_NAMES.get(c.convention, 'documents')}"
    items = "sentences" if c.convention == "dygiepp" else "windows"
    if c.unit == "document":
        return f"{c.num_units} documents ({c.num_windows} {items}; a document's {items} drawn together)"
    return f"{c.num_units} {items} (each drawn on its own)"


def format_units(c: UnitComparison) -> str:
    """The text summary."""
    conf = f"{100 * c.settings.confidence:g}"
    s = c.settings
    lines = [f"evmeval-compare: {len(c.names)} runs under the {c.convention} convention",
             f"{s.resamples} paired resamples of {_unit_words(c)}, seed {s.seed}", "",
             f"Each run's figures (%) with their {conf} % {c.interval} intervals"]
    rows = [[c.metrics[m], PARTS[i.figure], *(f"{pct(r[m][j].estimate)} [{pct(r[m][j].ci_low)}, "
                                               f"{pct(r[m][j].ci_high)}]" for r in c.intervals)]
            for m in c.metrics for j, i in enumerate(c.intervals[0][m])]
    lines += table_lines(["metric", "figure", *c.names], rows, left=2)
    header = ["a", "b", "metric", "figure", "value a", "value b", "delta", "interval", "p boot", "p rand", "p adj",
              "MDE", "verdict"]
    rows = []
    for (a, b), tests in zip(c.pairs, c.tests, strict=True):
        rows += [[c.names[a], c.names[b], c.metrics[m], PARTS[t.figure], pct(t.estimate_a), pct(t.estimate_b),
                  points(t.delta), f"[{points(t.ci_low)}, {points(t.ci_high)}]", p_text(t.p_value),
                  p_text(t.p_value_randomization), p_text(t.p_value_adjusted), f"{100 * t.mde:.2f}", verdict_cell(t)]
                 for m in c.metrics for t in tests[m]]
    adjusted = ("not adjusted" if c.correction == "none" or len(c.pairs) < 2
                else f"adjusted ({c.correction}) over the {len(c.pairs)} pairs of each figure")
    lines += ["", f"Pairs: delta = b - a in points with its {conf} % {c.interval} interval; p adj: p rand "
              f"{adjusted}; MDE: the smallest difference (points) these units find with 80 % power; the verdict "
              "reads the interval, then p adj", *table_lines(header, rows, left=4)]
    return "\n".join(lines) + "\n"


def units_json(c: UnitComparison) -> dict[str, Any]:
    """The JSON document (before its schema tag)."""
    return {"tool": "evmeval-compare", "convention": c.convention, "runs": list(c.names),
            "bootstrap": {**c.settings.to_json(), "unit": c.unit, "num_units": c.num_units,
                          "num_windows": c.num_windows},
            "correction": c.correction, "interval": c.interval, "metrics": dict(c.metrics),
            "systems": [{"name": name, **{m: [i.to_json() for i in r[m]] for m in c.metrics}}
                        for name, r in zip(c.names, c.intervals, strict=True)],
            "pairs": [{"a": c.names[a], "b": c.names[b], **{m: [t.to_json() for t in tests[m]] for m in c.metrics}}
                      for (a, b), tests in zip(c.pairs, c.tests, strict=True)]}
