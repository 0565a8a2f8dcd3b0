"""The coreference and sequencing figures of `evmeval-compare` (`evmeval.compare.relations`) as text, JSON,
CSV and HTML: each run's figures with their intervals, each pair's paired tests (adjusted p, MDE,
verdict). Percentages with two decimals in the text and HTML; fractions, unrounded, in JSON and CSV."""

from __future__ import annotations

from typing import Any

from evmeval.compare.relations import KIND_LABELS, kind_units
from evmeval.compare.resampling import FigureInterval, FigureTest
from evmeval.compare.runs import Comparison
from evmeval.report.compare_text import correction_text, p_text, pct, points, table_lines, verdict_cell
from evmeval.report.csv_writer import number, table
from evmeval.report.html_report import _esc

METRIC_LABELS = {"muc": "MUC", "bcub": "B³", "ceafm": "CEAF-m", "ceafe": "CEAF-e", "blanc": "BLANC", "lea": "LEA",
                 "identification": "mention identification"}
PART_LABELS = {"recall": "R", "precision": "P", "f1": "F1"}
WHOLE_LABELS = {"conll_f1": "CoNLL F1 (MUC, B³, CEAF-e)", "average_v18": "v1.8 overall average"}
RELATIONS_CSV = "relations.csv"
RELATION_TESTS_CSV = "relation_tests.csv"


def figure_label(figure: str) -> str:
    """`muc_f1` -> "MUC F1", `precision` -> "P", `conll_f1` -> "CoNLL F1 (MUC, B³, CEAF-e)"."""
    if figure in WHOLE_LABELS:
        return WHOLE_LABELS[figure]
    metric, _, part = figure.rpartition("_")
    label = PART_LABELS.get(part, part)
    return f"{METRIC_LABELS.get(metric, metric)} {label}" if metric else label


def _kinds(comparison: Comparison) -> list[str]:
    return list(comparison.relation_units)


def _units(comparison: Comparison, kind: str) -> str:
    return kind_units(kind, comparison.relation_units[kind], comparison.unit)


def format_relations(comparison: Comparison) -> str:
    """The text section after the mention figures ("" when the gold file has no such links)."""
    kinds = _kinds(comparison)
    if not kinds:
        return ""
    conf = f"{100 * comparison.settings.confidence:g}"
    lines = ["", f"Coreference and sequencing (%): each run's figures with their {conf} % {comparison.interval} "
             "intervals (mentions aligned on span and type, as v1.8's -m 1; coreference on exact spans)"]
    rows = [[KIND_LABELS[k], figure_label(i.figure),
             *(_interval_text(s.relations[k][j]) for s in comparison.systems)]
            for k in kinds for j, i in enumerate(comparison.systems[0].relations[k])]
    lines += table_lines(["links", "figure", *(s.name for s in comparison.systems)], rows, left=2)
    header = ["a", "b", "links", "figure", "value a", "value b", "delta", "interval", "p boot", "p rand", "p adj",
              "MDE", "verdict"]
    rows = []
    for p in comparison.pairs:
        a, b = comparison.systems[p.a].name, comparison.systems[p.b].name
        for k in kinds:
            rows += [[a, b, KIND_LABELS[k], figure_label(t.figure), pct(t.estimate_a), pct(t.estimate_b),
                      points(t.delta), f"[{points(t.ci_low)}, {points(t.ci_high)}]", p_text(t.p_value),
                      p_text(t.p_value_randomization), p_text(t.p_value_adjusted), f"{100 * t.mde:.2f}",
                      verdict_cell(t)] for t in p.relations[k]]
    units = "; ".join(f"{KIND_LABELS[k]}: {_units(comparison, k)}" for k in kinds)
    lines += ["", f"Coreference and sequencing pairs: delta in points with its {conf} % {comparison.interval} "
              f"interval; {correction_text(comparison)}; MDE: the smallest difference (points) this corpus finds "
              f"with 80 % power; resampled units: {units}", *table_lines(header, rows, left=4)]
    return "\n".join(lines) + "\n"


def _interval_text(i: FigureInterval) -> str:
    return f"{pct(i.estimate)} [{pct(i.ci_low)}, {pct(i.ci_high)}]"


def relations_json(comparison: Comparison) -> dict[str, Any]:
    """`relations` in the comparison JSON: {units: {<kind>: n}, systems: [{name, <kind>: [interval]}],
    pairs: [{a, b, <kind>: [test]}]}."""
    kinds = _kinds(comparison)
    return {"units": dict(comparison.relation_units),
            "systems": [{"name": s.name, **{k: [i.to_json() for i in s.relations[k]] for k in kinds}}
                        for s in comparison.systems],
            "pairs": [{"a": comparison.systems[p.a].name, "b": comparison.systems[p.b].name,
                       **{k: [t.to_json() for t in p.relations[k]] for k in kinds}} for p in comparison.pairs]}


def relations_csvs(comparison: Comparison) -> dict[str, str]:
    """relations.csv (run × kind × figure) and relation_tests.csv (pair × kind × figure); a header only
    when the gold file has no coreference or sequencing links."""
    kinds = _kinds(comparison)
    figures = [[s.name, k, i.figure, number(i.estimate), number(i.ci_low), number(i.ci_high), comparison.interval,
                comparison.relation_units[k]] for s in comparison.systems for k in kinds for i in s.relations[k]]
    tests: list[list[object]] = []
    for p in comparison.pairs:
        a, b = comparison.systems[p.a].name, comparison.systems[p.b].name
        tests += [[a, b, k, t.figure, number(t.estimate_a), number(t.estimate_b), number(t.delta), number(t.ci_low),
                   number(t.ci_high), number(t.p_value), number(t.p_value_randomization), number(t.p_value_adjusted),
                   comparison.correction, number(t.mde), t.num_units, t.verdict.value, int(t.held_back)]
                  for k in kinds for t in p.relations[k]]
    return {RELATIONS_CSV: table(["system", "links", "figure", "estimate", "ci_low", "ci_high", "interval",
                                  "num_units"], figures),
            RELATION_TESTS_CSV: table(["a", "b", "links", "figure", "value_a", "value_b", "delta", "ci_low",
                                       "ci_high", "p_value", "p_value_randomization", "p_value_adjusted",
                                       "correction", "mde", "num_units", "verdict", "held_back"], tests)}


def relations_html(comparison: Comparison, verdict_class: dict[Any, str]) -> str:
    """The HTML section "Coreference and sequencing" ("" without such links); `verdict_class`: the
    page's class per verdict (up / down)."""
    kinds = _kinds(comparison)
    if not kinds:
        return ""
    conf = f"{100 * comparison.settings.confidence:g}"
    head = "".join(f"<th>{_esc(s.name)}</th>" for s in comparison.systems)
    rows = "".join(
        f"<tr><td>{_esc(KIND_LABELS[k])}</td><td>{_esc(figure_label(i.figure))}</td>"
        + "".join(f'<td class="n">{_interval_html(s.relations[k][j])}</td>' for s in comparison.systems) + "</tr>"
        for k in kinds for j, i in enumerate(comparison.systems[0].relations[k]))
    runs = (f"<table><caption>Each run's coreference and sequencing figures (%) with their {conf} % "
            f"{_esc(comparison.interval)} intervals (mentions aligned on span and type, as v1.8's -m 1)</caption>"
            f"<tr><th>Links</th><th>Figure</th>{head}</tr>{rows}</table>")
    test_rows = "".join(_test_row(comparison, p.a, p.b, k, t, verdict_class)
                        for p in comparison.pairs for k in kinds for t in p.relations[k])
    units = "; ".join(f"{_esc(KIND_LABELS[k])}: {_units(comparison, k)}" for k in kinds)
    tests = (f"<table><caption>Delta in points with its {conf} % {_esc(comparison.interval)} interval, "
             f"{_esc(correction_text(comparison))}; MDE: the smallest difference (points) this corpus finds with "
             f"80 % power; resampled units: {units}</caption><tr><th>a → b</th><th>Links</th><th>Figure</th>"
             "<th>a</th><th>b</th><th>Δ</th><th>Interval</th><th>p boot</th><th>p rand</th><th>p adj</th>"
             f"<th>MDE</th><th>Verdict</th></tr>{test_rows}</table>")
    return f"<h2>Coreference and sequencing</h2>{runs}{tests}"


def _interval_html(i: FigureInterval) -> str:
    return f'{pct(i.estimate)} <span class="meta">[{pct(i.ci_low)}, {pct(i.ci_high)}]</span>'


def _test_row(comparison: Comparison, a: int, b: int, kind: str, t: FigureTest, verdict_class: dict[Any, str]) -> str:
    names = f"{_esc(comparison.systems[a].name)} → {_esc(comparison.systems[b].name)}"
    return (f"<tr><td>{names}</td><td>{_esc(KIND_LABELS[kind])}</td><td>{_esc(figure_label(t.figure))}</td>"
            f'<td class="n">{pct(t.estimate_a)}</td><td class="n">{pct(t.estimate_b)}</td>'
            f'<td class="n">{points(t.delta)}</td><td class="n">[{points(t.ci_low)}, {points(t.ci_high)}]</td>'
            f'<td class="n">{p_text(t.p_value)}</td><td class="n">{p_text(t.p_value_randomization)}</td>'
            f'<td class="n">{p_text(t.p_value_adjusted)}</td><td class="n">{100 * t.mde:.2f}</td>'
            f'<td class="{verdict_class.get(t.verdict, "same")}">{_esc(verdict_cell(t))}</td></tr>')
