"""The text summary `evmeval-compare` prints: leaderboard, bottlenecks, pairs with intervals and p-values,
case counts and (with a threshold) the weak documents. Percentages with two decimals, like the
published report; an undefined figure prints `nan`."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from evmeval.align import COMBINATIONS, Combination
from evmeval.compare.multiple import CORRECTION_NAMES, mcnemar_counts
from evmeval.compare.resampling import FigureTest
from evmeval.compare.runs import ATTRIBUTE_GAPS, Comparison, SystemScores
from evmeval.compare.significance import MIN_DOCUMENTS, PairTest, comparable_f1
from evmeval.compare.units import UnitComparison
from evmeval.mention.cases import CaseKind
from evmeval.mention.changes import Reason, reason_counts, reconcile

FIGURE_LABELS = {"precision": "P", "recall": "R", "f1": "F1"}


def pct(value: float) -> str:
    """A fraction as a percentage with two decimals (`nan` when undefined)."""
    return "nan" if math.isnan(value) else f"{100 * value:.2f}"


def points(value: float) -> str:
    """A difference of fractions in percentage points, signed (`nan` when undefined)."""
    return "nan" if math.isnan(value) else f"{100 * value:+.2f}"


EMPTY_RUN = "empty run: no system mention"
"""How every report and the window flag a run with no mention (`SystemScores.empty`)."""


def display_name(system: SystemScores) -> str:
    """A run's name, flagged when it is empty."""
    return f"{system.name} ({EMPTY_RUN})" if system.empty else system.name


def p_text(value: float) -> str:
    return f"{value:.4f}"


def verdict_cell(test: PairTest | FigureTest) -> str:
    """The verdict's table cell; "(held back)" when the interval leaves 0 out but the adjusted p does not."""
    return f"{test.verdict.short} (held back)" if test.held_back else test.verdict.short


def correction_text(comparison: Comparison | UnitComparison) -> str:
    """How the p-values were adjusted, in words, for the reports' captions."""
    m = len(comparison.pairs)
    if comparison.correction == "none" or m < 2:
        return f"p adj: p rand, not adjusted ({m} comparison{'s' if m != 1 else ''} of each figure)"
    return f"p adj: p rand adjusted by {CORRECTION_NAMES[comparison.correction]} over the {m} pairs of each figure"


def table_lines(header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    """Aligned columns: the first `left` columns to the left, the rest to the right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def gap_text(system: SystemScores, combination: str) -> str:
    """A bottleneck with its interval, `+5.50 [+1.96, +8.25]` (`nan` for an empty run)."""
    gap = system.bottlenecks()[combination]
    interval = system.gap_intervals.get(combination)
    if interval is None or math.isnan(gap):
        return points(gap)
    return f"{points(gap)} [{points(interval.ci_low)}, {points(interval.ci_high)}]"


def leaderboard_order(comparison: Comparison) -> list[int]:
    """Run indices by span (plain) micro F1, best first; ties keep the order given."""
    return sorted(range(len(comparison.systems)),
                  key=lambda i: -comparable_f1(comparison.systems[i].result.micro["plain"]))


def _leaderboard(comparison: Comparison) -> list[str]:
    order = leaderboard_order(comparison)
    names = [display_name(comparison.systems[i]) for i in order]
    header = ["#", "system", *(Combination(c).label for c in COMBINATIONS)]
    micro, macro, gaps = [], [], []
    for rank, (i, name) in enumerate(zip(order, names, strict=True), 1):
        s = comparison.systems[i]
        micro.append([str(rank), name, *(f"{pct(s.result.micro[c].f1)} [{pct(s.micro_ci[c].ci_low)}, "
                                         f"{pct(s.micro_ci[c].ci_high)}]" for c in COMBINATIONS)])
        macro.append([str(rank), name, *(pct(s.result.macro[c].f1) for c in COMBINATIONS)])
        gaps.append([str(rank), name, *(gap_text(s, c) for c in ATTRIBUTE_GAPS)])
    conf = f"{100 * comparison.settings.confidence:g}"
    return ["", f"Leaderboard: micro F1 (%) with its {conf} % bootstrap interval, best span F1 first",
            *table_lines(header, micro, left=2),
            "", "Macro F1 (%)", *table_lines(header, macro, left=2),
            "", f"Bottlenecks: span F1 minus attribute F1 (points) with its {conf} % interval (the run's own "
            "documents drawn for both)",
            *table_lines(["#", "system", *(Combination(c).label for c in ATTRIBUTE_GAPS)], gaps, left=2)]


def _pairs(comparison: Comparison) -> list[str]:
    header = ["a", "b", "attributes", "F1 a", "F1 b", "delta", "interval", "p boot", "p rand", "p adj",
              "docs ↑/↓/=", "verdict"]
    rows = []
    for p in comparison.pairs:
        a, b = comparison.systems[p.a], comparison.systems[p.b]
        for c in COMBINATIONS:
            t = p.tests[c]
            marks = p.marks(c)
            rows.append([a.name, b.name, Combination(c).label, pct(a.result.micro[c].f1), pct(b.result.micro[c].f1),
                         points(t.delta_f1), f"[{points(t.ci_low)}, {points(t.ci_high)}]",
                         p_text(t.p_value), p_text(t.p_value_randomization), p_text(t.adjusted),
                         "/".join(str(marks[m]) for m in marks), verdict_cell(t)])
    conf = f"{100 * comparison.settings.confidence:g}"
    return ["", f"Pairs: delta = F1(b) - F1(a) in points, {conf} % paired-bootstrap interval; p boot: that "
            "interval's own p (below 1 - confidence exactly when the interval leaves 0 out); p rand: approximate "
            f"randomization, (c + 1) / (n + 1); {correction_text(comparison)}; the verdict reads the interval, "
            f"then p adj (held back: the interval leaves 0 out, p adj does not); none under {MIN_DOCUMENTS} "
            "documents (the test has little power)",
            *table_lines(header, rows, left=3)]


def _figures(comparison: Comparison) -> list[str]:
    """Every micro figure of every pair: interval, p-values, minimum detectable effect, verdict."""
    header = ["a", "b", "attributes", "figure", "value a", "value b", "delta", "interval", "p boot", "p rand",
              "p adj", "MDE", "verdict"]
    rows = []
    for p in comparison.pairs:
        a, b = comparison.systems[p.a], comparison.systems[p.b]
        for c in COMBINATIONS:
            for t in p.figures.get(c, ()):
                rows.append([a.name, b.name, Combination(c).label, FIGURE_LABELS.get(t.figure, t.figure),
                             pct(t.estimate_a), pct(t.estimate_b), points(t.delta),
                             f"[{points(t.ci_low)}, {points(t.ci_high)}]", p_text(t.p_value),
                             p_text(t.p_value_randomization), p_text(t.p_value_adjusted), f"{100 * t.mde:.2f}",
                             verdict_cell(t)])
    if not rows:
        return []
    conf = f"{100 * comparison.settings.confidence:g}"
    return ["", f"Every figure: micro P, R and F1 (%), delta in points with its {conf} % {comparison.interval} "
            f"interval; {correction_text(comparison)}; MDE: the smallest difference (points) this corpus finds "
            "with 80 % power", *table_lines(header, rows, left=4)]


def _system_figures(comparison: Comparison) -> list[str]:
    header = ["system", "attributes", "P", "R", "F1"]
    rows = []
    for s in comparison.systems:
        for c in COMBINATIONS:
            cells = [f"{pct(i.estimate)} [{pct(i.ci_low)}, {pct(i.ci_high)}]" for i in s.figures.get(c, ())]
            if cells:
                rows.append([s.name, Combination(c).label, *cells])
    if not rows:
        return []
    conf = f"{100 * comparison.settings.confidence:g}"
    return ["", f"Micro precision, recall and F1 (%) with their {conf} % {comparison.interval} intervals",
            *table_lines(header, rows, left=2)]


def _cases(comparison: Comparison, counts: Mapping[tuple[int, int, str], Mapping[CaseKind, int]]) -> list[str]:
    header = ["a", "b", "attributes", *(k.label for k in CaseKind), "McNemar p"]
    rows = []
    for p in comparison.pairs:
        for c in COMBINATIONS:
            if (p.a, p.b, c) in counts:
                n = counts[(p.a, p.b, c)]
                test = mcnemar_counts(n[CaseKind.BROKEN], n[CaseKind.FIXED])
                rows.append([comparison.systems[p.a].name, comparison.systems[p.b].name, Combination(c).label,
                             *(str(n[k]) for k in CaseKind), p_text(test.p_value)])
    if not rows:
        return []
    return ["", "Cases: mentions b fixed or broke, both got wrong; false alarms of one run only; McNemar p: "
            "exact two-sided test of fixed against broken (the gold mentions right in one run only)",
            *table_lines(header, rows, left=3)]


def _changes(comparison: Comparison, keys: Sequence[tuple[int, int, str]]) -> list[str]:
    """Per pair and case combination: how many items changed, by reason, and the Δ they reconcile with."""
    header = ["a", "b", "attributes", "changed", *(r.value for r in Reason), "Δ TP", "Δ misses",
              "Δ false alarms"]
    rows = []
    for a, b, c in keys:
        changes = comparison.changes(a, b, c)
        reasons = reason_counts(changes)
        delta = reconcile(changes)
        rows.append([comparison.systems[a].name, comparison.systems[b].name, Combination(c).label, str(len(changes)),
                     *(str(reasons[r]) for r in Reason), f"{delta.true_positives:+d}", f"{delta.misses:+d}",
                     f"{delta.false_alarms:+d}"])
    if not rows:
        return []
    return ["", "Changes: only the items whose outcome changed from a to b, by reason (span, type, realis, "
            "matching; an item may name several); they add up to the change in true positives (exact gold "
            "mentions), misses and false alarms", *table_lines(header, rows, left=3)]


def _below(comparison: Comparison, threshold: float) -> list[str]:
    weak = comparison.below_threshold(threshold)
    lines = ["", f"Documents with precision or recall below {pct(threshold)} %: {len(weak)}"]
    rows = [[comparison.systems[w.system].name, Combination(w.combination).label, w.doc_id,
             pct(w.score.precision), pct(w.score.recall), pct(w.score.f1)] for w in weak]
    if rows:
        lines += table_lines(["system", "attributes", "document", "P", "R", "F1"], rows, left=3)
    return lines


def _units(comparison: Comparison) -> str:
    if comparison.unit == "document":
        return "documents"
    unit = comparison.unit
    return f"{unit}s ({comparison.num_units} {unit}s, a {unit}'s documents drawn together)"


def format_summary(
    comparison: Comparison,
    *,
    case_counts: Mapping[tuple[int, int, str], Mapping[CaseKind, int]] | None = None,
    threshold: float | None = None,
) -> str:
    """The whole summary. `case_counts[(a, b, combination)]` adds the case table for those pairs."""
    docs = comparison.systems[0].result.documents
    counted = sum(1 for d in docs if d.counted)
    s = comparison.settings
    lines = [f"evmeval-compare: {len(comparison.systems)} runs against {comparison.gold_path} "
             f"({comparison.mode.value} mode)",
             f"{len(docs)} documents, {counted} with gold mentions (averaged); {s.resamples} paired "
             f"resamples of {_units(comparison)}, seed {s.seed}"]
    for i, system in enumerate(comparison.systems):
        lines.append(f"  run {i + 1}: {system.name} = {system.path}")
    lines += (_leaderboard(comparison) + _system_figures(comparison) + _pairs(comparison) + _figures(comparison)
              + _cases(comparison, case_counts or {}) + _changes(comparison, list(case_counts or {})))
    if threshold is not None:
        lines += _below(comparison, threshold)
    from evmeval.report.compare_links import format_link_changes  # they build on this module's cells
    from evmeval.report.compare_relations import format_relations

    return "\n".join(lines) + "\n" + format_relations(comparison) + format_link_changes(comparison)
