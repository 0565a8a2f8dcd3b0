"""The comparison as one self-contained HTML page, in the score report's style (same CSS and helpers).

Sections: leaderboard (micro F1 with intervals, macro F1, span-minus-attribute gaps), pairs (delta,
interval drawn against zero, p-values, documents up/down), per pair the documents worst regression
first and the case list of one combination, the weak documents (with a threshold), and what the
figures mean. Case lists are capped per pair (`MAX_CASES_PER_PAIR`) so a large corpus stays a page
one can open; the JSON and CSV exports hold every case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from evmeval.align import COMBINATIONS, Combination
from evmeval.compare.resampling import FigureTest
from evmeval.compare.runs import ATTRIBUTE_GAPS, CASE_COMBINATIONS, Comparison, Mark, PairComparison, SystemScores
from evmeval.compare.seeds import SeedComparison
from evmeval.compare.significance import MIN_DOCUMENTS, PairTest, Verdict
from evmeval.io.loading import LoadedInputs
from evmeval.mention.cases import Case, CaseKind, case_counts
from evmeval.mention.outcomes import MappingRow
from evmeval.report.compare_links import link_changes_html
from evmeval.report.compare_relations import relations_html
from evmeval.report.compare_seeds import seeds_html
from evmeval.report.compare_text import (
    FIGURE_LABELS,
    correction_text,
    display_name,
    gap_text,
    leaderboard_order,
    p_text,
    pct,
    points,
    verdict_cell,
)
from evmeval.report.html_report import (
    _CSS,
    _esc,
    _mention_cell,
    _outcome_css,
)
from evmeval.report.snippets import DocumentSnippets

MAX_CASES_PER_PAIR = 1000

_COMPARE_CSS = """
.up { color: #1b7837; } .down { color: #b2182b; } .same { color: #777; }
svg.ci { vertical-align: middle; }
"""
"""Only what the score report has no class for: up/down marks and the interval drawing."""

VERDICT_COLOURS = {Verdict.B_BETTER: "#1b7837", Verdict.A_BETTER: "#b2182b"}
"""An interval is drawn in a direction's colour only when the verdict says so; grey otherwise."""
_VERDICT_CLASS = {Verdict.B_BETTER: "up", Verdict.A_BETTER: "down"}


def _verdict_colour(test: PairTest | FigureTest) -> str:
    return VERDICT_COLOURS.get(test.verdict, "#999")


def _interval_svg(low: float, high: float, delta: float, scale: float, colour: str = "#333") -> str:
    """A small drawing of the interval against zero (the dashed line): does it cross zero?"""
    width, height, pad = 140, 14, 4

    def x(v: float) -> float:
        return pad + (width - 2 * pad) * (v / scale + 1) / 2 if scale > 0 else width / 2

    return (f'<svg class="ci" width="{width}" height="{height}" role="img" '
            f'aria-label="interval {points(low)} to {points(high)} points">'
            f'<line x1="{x(0):.1f}" y1="0" x2="{x(0):.1f}" y2="{height}" stroke="#999" stroke-dasharray="2,2"/>'
            f'<line x1="{x(low):.1f}" y1="7" x2="{x(high):.1f}" y2="7" stroke="{colour}" stroke-width="2"/>'
            f'<circle cx="{x(delta):.1f}" cy="7" r="3" fill="#333"/></svg>')


def _gap_html(system: SystemScores, combination: str) -> str:
    text = gap_text(system, combination)
    value, _, interval = text.partition(" ")
    return f'{value} <span class="meta">{interval}</span>' if interval else value


def _leaderboard(comparison: Comparison) -> str:
    head = "".join(f"<th>{_esc(Combination(c).label)}</th>" for c in COMBINATIONS)
    gap_head = "".join(f"<th>span − {_esc(Combination(c).label.removeprefix('Span + '))}</th>"
                       for c in ATTRIBUTE_GAPS)
    rows = []
    for rank, i in enumerate(leaderboard_order(comparison), 1):
        s = comparison.systems[i]
        micro = "".join(f'<td class="n">{pct(s.result.micro[c].f1)} '
                        f'<span class="meta">[{pct(s.micro_ci[c].ci_low)}, {pct(s.micro_ci[c].ci_high)}]</span></td>'
                        for c in COMBINATIONS)
        macro = "".join(f'<td class="n">{pct(s.result.macro[c].f1)}</td>' for c in COMBINATIONS)
        gaps = "".join(f'<td class="n">{_gap_html(s, c)}</td>' for c in ATTRIBUTE_GAPS)
        rows.append(f"<tr><td>{rank}</td><th>{_esc(display_name(s))}</th>{micro}{macro}{gaps}</tr>")
    conf = f"{100 * comparison.settings.confidence:g}"
    return (f"<table><caption>Micro F1 (%) with its {conf} % bootstrap interval, macro F1 (%), and the points "
            "lost to each attribute with its interval; best span F1 first</caption>"
            f'<tr><th rowspan="2">#</th><th rowspan="2">Run</th><th colspan="4">Micro F1</th>'
            f'<th colspan="4">Macro F1</th><th colspan="3">Bottleneck (points)</th></tr>'
            f"<tr>{head}{head}{gap_head}</tr>{''.join(rows)}</table>")


def _pairs_table(comparison: Comparison) -> str:
    scale = max((max(abs(t.ci_low), abs(t.ci_high), abs(t.delta_f1))
                 for p in comparison.pairs for t in p.tests.values()), default=0.0)
    rows = []
    for n, p in enumerate(comparison.pairs):
        a, b = comparison.systems[p.a], comparison.systems[p.b]
        for c in COMBINATIONS:
            t = p.tests[c]
            marks = p.marks(c)
            rows.append(
                f'<tr><td><a href="#pair-{n}">{_esc(a.name)} → {_esc(b.name)}</a></td>'
                f"<td>{_esc(Combination(c).label)}</td><td class=\"n\">{pct(a.result.micro[c].f1)}</td>"
                f'<td class="n">{pct(b.result.micro[c].f1)}</td><td class="n">{points(t.delta_f1)}</td>'
                f'<td class="n">[{points(t.ci_low)}, {points(t.ci_high)}]</td>'
                f"<td>{_interval_svg(t.ci_low, t.ci_high, t.delta_f1, scale, _verdict_colour(t))}</td>"
                f'<td class="n">{p_text(t.p_value)}</td><td class="n">{p_text(t.p_value_randomization)}</td>'
                f'<td class="n">{p_text(t.adjusted)}</td>'
                f'<td class="n"><span class="up">{marks[Mark.UP]} ↑</span> '
                f'<span class="down">{marks[Mark.DOWN]} ↓</span> '
                f'<span class="same">{marks[Mark.SAME]} =</span></td>'
                f'<td class="{_VERDICT_CLASS.get(t.verdict, "same")}" title="{_esc(t.verdict.text(a.name, b.name))}">'
                f"{_esc(verdict_cell(t))}</td></tr>")
    return ("<table><caption>F1(b) − F1(a) in points, paired-bootstrap interval (dashed line: zero), "
            "p-values of the paired bootstrap (the interval's own) and of approximate randomization, "
            f"{_esc(correction_text(comparison))}, documents up/down, and the verdict: the interval first, then "
            f"p adj (none under {MIN_DOCUMENTS} documents: too little power)</caption>"
            "<tr><th>a → b</th><th>Attributes</th><th>F1 a</th><th>F1 b</th><th>Δ F1</th><th>Interval</th>"
            "<th></th><th>p boot</th><th>p rand</th><th>p adj</th><th>Documents</th><th>Verdict</th></tr>"
            + "".join(rows) + "</table>")


def _figures_table(comparison: Comparison) -> str:
    """Every micro figure of every pair, with its interval, p-values, MDE and verdict."""
    rows = []
    for p in comparison.pairs:
        a, b = comparison.systems[p.a], comparison.systems[p.b]
        for c in COMBINATIONS:
            for t in p.figures.get(c, ()):
                rows.append(
                    f"<tr><td>{_esc(a.name)} → {_esc(b.name)}</td><td>{_esc(Combination(c).label)}</td>"
                    f"<td>{FIGURE_LABELS.get(t.figure, _esc(t.figure))}</td><td class=\"n\">{pct(t.estimate_a)}</td>"
                    f'<td class="n">{pct(t.estimate_b)}</td><td class="n">{points(t.delta)}</td>'
                    f'<td class="n">[{points(t.ci_low)}, {points(t.ci_high)}]</td>'
                    f'<td class="n">{p_text(t.p_value)}</td><td class="n">{p_text(t.p_value_randomization)}</td>'
                    f'<td class="n">{p_text(t.p_value_adjusted)}</td><td class="n">{100 * t.mde:.2f}</td>'
                    f'<td class="{_VERDICT_CLASS.get(t.verdict, "same")}">{_esc(verdict_cell(t))}</td></tr>')
    conf = f"{100 * comparison.settings.confidence:g}"
    return (f"<table><caption>Every micro figure (%): delta in points with its {conf} % {comparison.interval} "
            f"interval, {_esc(correction_text(comparison))}; MDE: the smallest difference (points) this corpus "
            "finds with 80 % power</caption><tr><th>a → b</th><th>Attributes</th><th>Figure</th><th>a</th>"
            "<th>b</th><th>Δ</th><th>Interval</th><th>p boot</th><th>p rand</th><th>p adj</th><th>MDE</th>"
            "<th>Verdict</th></tr>" + "".join(rows) + "</table>")


def _documents_table(comparison: Comparison, pair: PairComparison, combination: str) -> str:
    rows = []
    for d in pair.regressions_first(combination):
        note = "" if d.counted else ' <span class="meta">(no gold mentions: not averaged)</span>'
        rows.append(f"<tr><td>{_esc(d.doc_id)}{note}</td><td class=\"n\">{pct(d.f1_a)}</td>"
                    f'<td class="n">{pct(d.f1_b)}</td><td class="n">{points(d.delta_f1)}</td>'
                    f'<td class="{d.mark.value}">{d.mark.symbol}</td></tr>')
    return (f"<table><caption>Documents, worst regression first ({_esc(Combination(combination).label)}, "
            "F1 in percent; an undefined F1, —, counts as 0 in Δ)</caption>"
            "<tr><th>Document</th><th>F1 a</th><th>F1 b</th><th>Δ</th><th></th></tr>"
            + "".join(rows) + "</table>")


def _row_text(row: MappingRow | None, run: str) -> str:
    if row is None:
        return f'{_esc(run)}: <span class="none">no row</span>'
    dice = "" if row.dice is None else f" · Dice {row.dice:.2f}"
    return (f'{_esc(run)}: <span class="tag o-{row.outcome.value}">{_esc(row.outcome.label)}</span>'
            f"{_mention_cell(row.system, 'system')}{dice}")


def _case_item(case: Case, names: tuple[str, str], texts: Mapping[str, DocumentSnippets] | None) -> str:
    gold = _mention_cell(case.gold, "gold") if case.gold is not None else ""
    shown = case.row_b or case.row_a
    snippet = texts[case.doc_id].snippet(shown) if texts is not None and shown is not None else ""
    return (f"<li><b>{_esc(case.kind.label)}</b> · {_esc(case.doc_id)} {gold}<br>"
            f"{_row_text(case.row_a, names[0])}<br>{_row_text(case.row_b, names[1])}{snippet}</li>")


def _cases_section(comparison: Comparison, pair: PairComparison, combination: str,
                   inputs: LoadedInputs | None) -> str:
    names = (comparison.systems[pair.a].name, comparison.systems[pair.b].name)
    cases = comparison.cases(pair.a, pair.b, combination)
    counts = case_counts(cases)
    summary = ", ".join(f"{counts[k]} {_esc(k.label)}" for k in CaseKind)
    shown = cases[:MAX_CASES_PER_PAIR]
    texts = None
    if inputs is not None:
        texts = {doc_id: DocumentSnippets(inputs, doc_id) for doc_id in dict.fromkeys(c.doc_id for c in shown)}
    more = (f'<p class="meta">The first {len(shown)} of {len(cases)} cases; the JSON and CSV exports list all.</p>'
            if len(cases) > len(shown) else "")
    items = "".join(_case_item(c, names, texts) for c in shown)
    return (f"<details><summary>Cases ({_esc(Combination(combination).label)}): {summary}</summary>"
            f'{more}<ol class="errors">{items}</ol></details>')


def _below_section(comparison: Comparison, threshold: float) -> str:
    weak = comparison.below_threshold(threshold)
    rows = "".join(f"<tr><td>{_esc(comparison.systems[w.system].name)}</td>"
                   f"<td>{_esc(Combination(w.combination).label)}</td><td>{_esc(w.doc_id)}</td>"
                   f'<td class="n">{pct(w.score.precision)}</td><td class="n">{pct(w.score.recall)}</td>'
                   f'<td class="n">{pct(w.score.f1)}</td></tr>' for w in weak)
    return (f"<h2>Documents with precision or recall below {pct(threshold)} %</h2>"
            f"<table><caption>{len(weak)} document(s)</caption><tr><th>Run</th><th>Attributes</th>"
            f"<th>Document</th><th>P</th><th>R</th><th>F1</th></tr>{rows}</table>")


def _definitions(comparison: Comparison) -> str:
    s = comparison.settings
    return (
        "<h2>What the figures mean</h2><ul>"
        "<li>Scores are the published EvmEval v1.8 micro and macro figures, as <code>evmeval-score</code> "
        "prints them; the intervals and tests recompute micro F1 from per-document counts (TP, #gold, "
        "#system) of the documents with gold mentions, counting an undefined F1 as 0.</li>"
        f"<li>Paired bootstrap: {s.resamples} times, draw as many documents as there are, with replacement, "
        "and recompute both runs' micro F1 on the drawn documents. The interval holds the middle "
        f"{100 * s.confidence:g} % of the resampled differences. p boot is that interval's own: the smallest "
        "1 − confidence at which the interval leaves 0 out, so p boot is below 1 − confidence exactly when "
        "the interval leaves 0 out. The verdict reads the interval first, then p adj: b better or a better only "
        "when the interval leaves 0 out and p adj is below 1 − confidence, no clear difference otherwise "
        "(held back: the interval leaves 0 out, p adj does not); "
        f"with fewer than {MIN_DOCUMENTS} documents there is none: the test has little power.</li>"
        f"<li>Approximate randomization: {s.resamples} times, swap the two runs' counts in each document with "
        "probability ½. p rand = (c + 1) / (n + 1), c the number of rounds whose difference is at least as "
        "large (in absolute value) as the observed one. p adj: p rand adjusted for the other pairs of the same "
        f"figure ({_esc(correction_text(comparison))}).</li>"
        f"<li>Seed {s.seed}: the same inputs and seed give the same figures.</li>"
        "<li>↑ / ↓: the document's F1 went up / down from a to b. A case is a gold mention b fixed "
        "(wrong in a, exact in b), broke (exact in a, wrong in b) or both got wrong, or a false alarm "
        "(spurious or extra split part) of one run only.</li></ul>")



def format_compare_html(
    comparison: Comparison,
    *,
    inputs: LoadedInputs | None = None,
    combinations: Sequence[str] = CASE_COMBINATIONS,
    threshold: float | None = None,
    colours: Mapping[str, str] | None = None,
    seeds: SeedComparison | None = None,
) -> str:
    """The whole comparison as one HTML page (`seeds`: the runs grouped into systems, `--as`).

    `inputs` (token tables and texts) adds a text snippet to each case; `combinations` pick the
    document tables and case lists shown per pair (default type+realis, as the score report's errors).
    """
    title = "Comparison of " + ", ".join(s.name for s in comparison.systems)
    out = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_esc(title)}</title>",
        f"<style>{_CSS}\n{_outcome_css(colours)}\n{_COMPARE_CSS}</style></head><body>",
        f"<h1>{_esc(title)}</h1>",
        f'<p class="meta">Gold: <code>{_esc(comparison.gold_path)}</code><br>'
        + "<br>".join(f"{_esc(s.name)}: <code>{_esc(s.path)}</code>" for s in comparison.systems)
        + f"<br>EvmEval v1.8 rules, {_esc(comparison.mode.value)} spans; {comparison.settings.resamples} "
        f"resamples, seed {comparison.settings.seed}.</p>",
    ]
    if comparison.warnings:
        warns = "".join(f"<li>{_esc(w)}</li>" for w in comparison.warnings)
        out.append(f"<details><summary>{len(comparison.warnings)} warning(s)</summary><ul>{warns}</ul></details>")
    out.append("<h2>Leaderboard</h2>" + _leaderboard(comparison))
    out.append("<h2>Pairs</h2>" + _pairs_table(comparison))
    out.append("<h2>Every figure</h2>" + _figures_table(comparison))
    if comparison.relation_units:
        out.append(relations_html(comparison, _VERDICT_CLASS))
    if seeds is not None:
        out.append(seeds_html(comparison, seeds, combinations))
    for n, pair in enumerate(comparison.pairs):
        a, b = comparison.systems[pair.a].name, comparison.systems[pair.b].name
        out.append(f'<h2 id="pair-{n}">{_esc(a)} → {_esc(b)}</h2>')
        for c in combinations:
            marks = pair.marks(c)
            out.append(f"<details><summary>Documents ({_esc(Combination(c).label)}): {marks[Mark.UP]} ↑, "
                       f"{marks[Mark.DOWN]} ↓, {marks[Mark.SAME]} =</summary>"
                       f"{_documents_table(comparison, pair, c)}</details>")
            out.append(_cases_section(comparison, pair, c, inputs))
        out.append(link_changes_html(comparison, pair.a, pair.b))
    if threshold is not None:
        out.append(_below_section(comparison, threshold))
    out.append(_definitions(comparison))
    out.append("</body></html>\n")
    return "\n".join(out)
