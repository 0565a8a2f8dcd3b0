"""`evmeval-compare --convention textee|dygiepp|maven|maven-ere|evmeval`: the runs' figures under that
convention, each with its interval, and every pair's paired tests, as text and JSON (`evmeval.compare.units`)."""

from __future__ import annotations

from typing import Any

from evmeval.compare.units import WINDOWED, UnitComparison
from evmeval.conventions.argument_changes import (
    ARGUMENT_ROWS,
    ArgumentReason,
    PairArguments,
    argument_text,
    reconcile_arguments,
)
from evmeval.mention.changes import ItemState, ItemTally, state_text
from evmeval.report.compare_text import p_text, pct, points, table_lines, verdict_cell

PARTS = {"precision": "P", "recall": "R", "f1": "F1"}


def _unit_words(c: UnitComparison) -> str:
    if c.convention not in WINDOWED:
        return f"{c.num_units} documents"
    items = "windows" if c.convention == "textee" else "sentences"
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


MAX_ARGUMENT_LINES = 20
"""Changed arguments printed per pair and row (all of them in --json)."""


def format_argument_changes(c: UnitComparison, pairs: list[PairArguments]) -> str:
    """Per pair and argument row: how many arguments changed, by reason, the Δ counts they add up to, and the
    first changed arguments."""
    header = ["a", "b", "row", "changed", *(r.value for r in ArgumentReason), "Δ match", "Δ spurious",
              "Δ gold found", "Δ gold missed"]
    rows = []
    items: list[str] = []
    for p in pairs:
        names = (c.names[p.a], c.names[p.b])
        for row in ARGUMENT_ROWS:
            changes = p.changes[row]
            d = reconcile_arguments(changes)
            reasons = {r: sum(r in x.reasons for x in changes) for r in ArgumentReason}
            rows.append([*names, ARGUMENT_ROWS[row], str(len(changes)), *(str(reasons[r]) for r in ArgumentReason),
                         *(f"{n:+d}" for n in (d.system_found, d.system_spurious, d.gold_found, d.gold_missed))])
            if changes:
                items.append(f"  {names[0]} → {names[1]}, {ARGUMENT_ROWS[row]}:")
                items += [f"    {x.key.doc_id} {x.key.unit} {argument_text(x)}: {state_text(x.before)} → "
                          f"{state_text(x.after)} ({' '.join(r.value for r in x.reasons)})"
                          for x in changes[:MAX_ARGUMENT_LINES]]
                if len(changes) > MAX_ARGUMENT_LINES:
                    items.append(f"    ... and {len(changes) - MAX_ARGUMENT_LINES} more (all in --json)")
    lines = ["", "Argument changes: only the arguments (role, span, trigger) whose outcome changed from a to b on "
             "each argument row, by reason; they add up to the change in the row's matches (system found), "
             "predictions (system found + spurious) and gold found / missed", *table_lines(header, rows, left=3),
             *items]
    return "\n".join(lines) + "\n"


def _tally_json(t: ItemTally) -> dict[str, int]:
    return {"gold_found": t.gold_found, "gold_missed": t.gold_missed, "system_found": t.system_found,
            "system_spurious": t.system_spurious}


def _state_json(s: ItemState) -> dict[str, str | None]:
    return {"gold": s.gold, "system": s.system}


def argument_changes_json(p: PairArguments) -> dict[str, Any]:
    """A pair's `argument_changes`: {<row>: {count, reasons, delta, a, b, items}}."""
    out = {}
    for row in ARGUMENT_ROWS:
        changes = p.changes[row]
        a, b = p.tallies[row]
        out[row] = {"count": len(changes),
                    "reasons": {r.value: sum(r in x.reasons for x in changes) for r in ArgumentReason},
                    "delta": _tally_json(reconcile_arguments(changes)), "a": _tally_json(a), "b": _tally_json(b),
                    "items": [{**x.key._asdict(), "text": x.item.text, "before": _state_json(x.before),
                               "after": _state_json(x.after), "reasons": [r.value for r in x.reasons]}
                              for x in changes]}
    return out
