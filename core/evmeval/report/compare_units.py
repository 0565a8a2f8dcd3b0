"""`evmeval-compare --convention NAME`: the runs' figures under that
convention, each with its interval, and every pair's paired tests, as text, JSON, one HTML page and CSV files
(`evmeval.compare.units`): the same two tables in each, from the same rows."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from evmeval._util.schemas import with_schema
from evmeval.compare.resampling import FigureInterval, FigureTest
from evmeval.compare.units import WINDOWED, UnitComparison
from evmeval.conventions.argument_changes import PairArguments
from evmeval.conventions.trigger_changes import PairTriggers
from evmeval.report.compare_arguments import (
    ARGUMENTS,
    TRIGGERS,
    ItemKind,
    PairItems,
    item_changes_csv,
    item_changes_html,
    item_changes_json,
)
from evmeval.report.compare_html import _COMPARE_CSS, _VERDICT_CLASS, _interval_svg, _verdict_colour
from evmeval.report.compare_json import dumps_compact
from evmeval.report.compare_text import p_text, pct, points, table_lines, verdict_cell
from evmeval.report.csv_writer import number, table
from evmeval.report.html_report import _CSS, _esc

UNITS_CSV = ("figures.csv", "figure_tests.csv")
"""The files `--csv FOLDER` holds with --convention: each run's figures, each pair's tests."""

PARTS = {"precision": "P", "recall": "R", "f1": "F1"}


def _unit_words(c: UnitComparison) -> str:
    if c.convention not in WINDOWED:
        return f"{c.num_units} {c.unit_names}"
    items = "sentences" if c.convention == "dygiepp" else "windows"
    if c.unit == "document":
        return f"{c.num_units} documents ({c.num_windows} {items}; a document's {items} drawn together)"
    return f"{c.num_units} {items} (each drawn on its own)"


def _interval_text(i: FigureInterval) -> str:
    return f"{pct(i.estimate)} [{pct(i.ci_low)}, {pct(i.ci_high)}]"


def _captions(c: UnitComparison) -> tuple[str, str]:
    """The two tables' captions, shared by the text and the page."""
    conf = f"{100 * c.settings.confidence:g}"
    adjusted = ("not adjusted" if c.correction == "none" or len(c.pairs) < 2
                else f"adjusted ({c.correction}) over the {len(c.pairs)} pairs of each figure")
    return (f"Each run's figures (%) with their {conf} % {c.interval} intervals",
            f"Pairs: delta = b - a in points with its {conf} % {c.interval} interval; p adj: p rand {adjusted}; MDE: "
            "the smallest difference (points) these units find with 80 % power; the verdict reads the interval, "
            "then p adj")


TEST_HEADER = ["a", "b", "metric", "figure", "value a", "value b", "delta", "interval", "p boot", "p rand", "p adj",
               "MDE", "verdict"]


def _test_cells(c: UnitComparison, a: str, b: str, m: str, t: FigureTest) -> list[str]:
    return [a, b, c.metrics[m], PARTS[t.figure], pct(t.estimate_a), pct(t.estimate_b), points(t.delta),
            f"[{points(t.ci_low)}, {points(t.ci_high)}]", p_text(t.p_value), p_text(t.p_value_randomization),
            p_text(t.p_value_adjusted), f"{100 * t.mde:.2f}", verdict_cell(t)]


def _heading(c: UnitComparison) -> tuple[str, str]:
    s = c.settings
    return (f"evmeval-compare: {len(c.names)} runs under the {c.convention} convention",
            f"{s.resamples} paired resamples of {_unit_words(c)}, seed {s.seed}")


def format_units(c: UnitComparison) -> str:
    """The text summary."""
    figures, pairs = _captions(c)
    lines = [*_heading(c), "", figures]
    rows = [[c.metrics[m], PARTS[figure], *map(_interval_text, runs)] for m, figure, runs in c.figure_rows()]
    lines += table_lines(["metric", "figure", *c.names], rows, left=2)
    rows = [_test_cells(c, *test) for test in c.test_rows()]
    lines += ["", pairs, *table_lines(TEST_HEADER, rows, left=4)]
    return "\n".join(lines) + "\n"


def units_html(c: UnitComparison, gold: str, paths: Sequence[str], warnings: Sequence[str] = (),
               more: str = "") -> str:
    """The same two tables as one self-contained page (the score report's style), each pair's interval drawn
    against zero; the conventions' warnings folded above them; `more`: sections after them (the changed
    triggers and arguments)."""
    title, units = _heading(c)
    figures, pairs = _captions(c)
    head = "".join(f"<th>{_esc(name)}</th>" for name in c.names)
    rows = "".join(f"<tr><td>{_esc(c.metrics[m])}</td><td>{PARTS[figure]}</td>"
                   + "".join(f'<td class="n">{pct(i.estimate)} <span class="meta">[{pct(i.ci_low)}, '
                             f"{pct(i.ci_high)}]</span></td>" for i in runs) + "</tr>"
                   for m, figure, runs in c.figure_rows())
    scale = max((max(abs(t.ci_low), abs(t.ci_high)) for *_, t in c.test_rows()), default=0.0)
    tests = []
    for a, b, m, t in c.test_rows():
        cells = _test_cells(c, a, b, m, t)
        drawn = _interval_svg(t.ci_low, t.ci_high, t.delta, scale, _verdict_colour(t))
        tests.append("<tr>" + "".join(f"<td>{_esc(x)}</td>" for x in cells[:4])
                     + "".join(f'<td class="n">{_esc(x)}</td>' for x in cells[4:7])
                     + f'<td class="n">{_esc(cells[7])} {drawn}</td>'
                     + "".join(f'<td class="n">{_esc(x)}</td>' for x in cells[8:12])
                     + f'<td class="{_VERDICT_CLASS.get(t.verdict, "same")}">{_esc(cells[12])}</td></tr>')
    return "\n".join([
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">', f"<title>{_esc(title)}</title>",
        f"<style>{_CSS}\n{_COMPARE_CSS}</style></head><body>", f"<h1>{_esc(title)}</h1>",
        f'<p class="meta">Gold: <code>{_esc(gold)}</code><br>'
        + "<br>".join(f"{_esc(n)}: <code>{_esc(p)}</code>" for n, p in zip(c.names, paths, strict=True))
        + f"<br>{_esc(units)}.</p>",
        (f"<details><summary>{len(warnings)} warning(s)</summary><ul>"
         + "".join(f"<li>{_esc(w)}</li>" for w in warnings) + "</ul></details>") if warnings else "",
        f'<h2>Figures</h2><table id="figures"><caption>{_esc(figures)}</caption>'
        f"<tr><th>Metric</th><th>Figure</th>{head}</tr>{rows}</table>",
        f'<h2>Pairs</h2><table id="pairs"><caption>{_esc(pairs)}</caption><tr>'
        + "".join(f"<th>{_esc(h)}</th>" for h in TEST_HEADER) + f"</tr>{''.join(tests)}</table>",
        more, "</body></html>\n"])


def units_csvs(c: UnitComparison) -> dict[str, str]:
    """`UNITS_CSV`: long format, one figure a row, unrounded (the scorer's metric names and its labels)."""
    figures = table(["system", "metric", "label", "figure", "estimate", "ci_low", "ci_high", "interval", "unit",
                     "num_units"],
                    ([name, m, c.metrics[m], figure, number(i.estimate), number(i.ci_low), number(i.ci_high),
                      c.interval, c.unit, c.num_units]
                     for m, figure, runs in c.figure_rows() for name, i in zip(c.names, runs, strict=True)))
    tests = table(["a", "b", "metric", "label", "figure", "value_a", "value_b", "delta", "ci_low", "ci_high",
                   "p_value", "p_value_randomization", "p_value_adjusted", "correction", "mde", "num_units",
                   "verdict", "held_back"],
                  ([a, b, m, c.metrics[m], t.figure, number(t.estimate_a), number(t.estimate_b), number(t.delta),
                    number(t.ci_low), number(t.ci_high), number(t.p_value), number(t.p_value_randomization),
                    number(t.p_value_adjusted), c.correction, number(t.mde), t.num_units, t.verdict.value,
                    int(t.held_back)] for a, b, m, t in c.test_rows()))
    return dict(zip(UNITS_CSV, (figures, tests), strict=True))


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


def units_files(c: UnitComparison, *, gold: str, paths: Sequence[str], warnings: Sequence[str] = (),
                arguments: Sequence[PairArguments] = (), triggers: Sequence[PairTriggers] = (),
                json_path: str | None = None, html_path: str | None = None,
                csv_folder: str | None = None) -> dict[str, str]:
    """Every file asked for, path -> text: the JSON document, the page, the CSV folder's `UNITS_CSV` (and
    `TRIGGER_CHANGES_CSV` / `ARGUMENT_CHANGES_CSV` when `triggers` / `arguments`, each pair's changed items, are
    given): what `evmeval-compare --convention --json/--html/--csv` and the window's File › Export comparison
    write."""
    kinds: list[tuple[ItemKind, Sequence[PairItems]]] = [(k, v) for k, v in ((TRIGGERS, triggers),
                                                                            (ARGUMENTS, arguments)) if v]
    out: dict[str, str] = {}
    if json_path:
        data = units_json(c)
        for kind, pairs in kinds:
            for pair, changes in zip(data["pairs"], pairs, strict=False):
                pair[f"{kind.title.lower()}_changes"] = item_changes_json(kind, changes)
        out[json_path] = dumps_compact(with_schema("compare_convention", {**data, "warnings": list(warnings)}))
    if html_path:
        out[html_path] = units_html(c, gold, paths, warnings,
                                    "".join(item_changes_html(kind, c, pairs) for kind, pairs in kinds))
    if csv_folder:
        out.update({os.path.join(csv_folder, name): text for name, text in units_csvs(c).items()})
        for kind, pairs in kinds:
            out[os.path.join(csv_folder, kind.csv_name)] = item_changes_csv(kind, c, pairs)
    return out
