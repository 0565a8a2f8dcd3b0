"""The comparison as JSON: systems, pairs, documents, cases (fractions 0-1, NaN as null).

Layout (docs/reference/json.md, "evmeval-compare --json"):
{ "tool": "evmeval-compare", "profile", "mode", "gold", "combinations", "bootstrap": {resamples, seed, ...},
  "systems":   [ {name, path, micro: {<c>: {tp, num_gold, num_system, precision, recall, f1}},
                  macro: {<c>: {precision, recall, f1, num_documents}}, micro_ci: {<c>: {f1, ci_low, ci_high}},
                  figures: {<c>: [{figure, estimate, ci_low, ci_high}]}, bottlenecks: {<c>: {estimate, ci_low,
                  ci_high}} (span F1 minus F1 with <c>), empty: no system mention} ],
  "pairs":     [ {a, b, a_index, b_index, <c>: {delta_f1, ci_low, ci_high, p_value, p_value_randomization,
                  p_value_adjusted, held_back, num_documents, verdict, f1_a, f1_b, documents_up, documents_down,
                  documents_same}, figures: {<c>: [{figure, a, b, delta, ci_low, ci_high, p_value,
                  p_value_randomization, p_value_adjusted, mde, num_units, verdict, held_back}]},
                  mcnemar: {<case combination>: {only_a, only_b, p_value}},
                  changes: {<case combination>: {count, reasons: {span, type, realis, matching}, delta, a, b:
                  {true_positives, misses, false_alarms}, items: [{doc_id, gold, a, b, before, after, reasons}]}},
                  link_changes: {<kind>: {count, reasons: {mention-lost, ...}, delta, a, b: {gold_found, gold_missed,
                  system_found, system_spurious}, items: [{doc_id, relation, source, target: {gold, mention},
                  before, after: {gold, system}, reasons}]}} (with coreference or sequencing figures)} ],
  "correction": holm | bh | none, "interval": percentile | bca,
  "documents": [ {doc_id, counted, num_gold, systems: [{system, num_system, <c>: {tp, ..., f1}}],
                  pairs: [{a, b, <c>: {delta_f1, mark}}]} ],
  "cases":     [ {a, b, combination, counts: {<kind>: n}, items: [{doc_id, kind, gold, a, b}]} ],
  "threshold", "below_threshold": [ {system, doc_id, combination, precision, recall, f1} ],   (with a threshold)
  "relations": {units: {<kind>: n}, systems: [{name, <kind>: [{figure, estimate, ci_low, ci_high}]}],
                pairs: [{a, b, <kind>: [<as figures' tests>]}]},   (when the gold has coreference or sequencing
                links; <kind>: coreference, sequencing_subevent, sequencing_after, sequencing_all)
  "warnings" }
A case's `gold` is a mention or null; `a` / `b` are that run's row {outcome, dice, mismatched_attributes,
system} or null; a mention is {id, span, text, type, realis, line}.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from evmeval.align import COMBINATIONS
from evmeval.compare.resampling import mention_family, resample
from evmeval.compare.runs import CASE_COMBINATIONS, Comparison, PairComparison
from evmeval.compare.significance import DEFAULT_SETTINGS, Counts, ResampleSettings, micro_intervals
from evmeval.mention.cases import Case, case_counts
from evmeval.mention.changes import Tally, reason_counts, reconcile
from evmeval.mention.outcomes import MappingRow
from evmeval.mention.scoring import ScoreResult
from evmeval.model import Mention
from evmeval.report.compare_relations import relations_json
from evmeval.report.json_report import _no_nan


def mention_json(m: Mention | None) -> dict[str, Any] | None:
    if m is None:
        return None
    return {"id": m.mention_id, "span": m.span_field(), "text": m.text, "type": m.mention_type,
            "realis": m.realis, "line": m.line}


def row_json(row: MappingRow | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {"outcome": row.outcome.value, "dice": row.dice,
            "mismatched_attributes": list(row.mismatched_attributes), "system": mention_json(row.system)}


def case_json(case: Case) -> dict[str, Any]:
    return {"doc_id": case.doc_id, "kind": case.kind.value, "gold": mention_json(case.gold),
            "a": row_json(case.row_a), "b": row_json(case.row_b)}


def _systems(comparison: Comparison) -> list[dict[str, Any]]:
    return [{"name": s.name, "path": s.path,
             "micro": {c: s.result.micro[c].to_json() for c in COMBINATIONS},
             "macro": {c: s.result.macro[c].to_json() for c in COMBINATIONS},
             "micro_ci": {c: s.micro_ci[c].to_json() for c in COMBINATIONS},
             "figures": {c: [i.to_json() for i in s.figures.get(c, ())] for c in COMBINATIONS},
             "bottlenecks": {c: {"estimate": i.estimate, "ci_low": i.ci_low, "ci_high": i.ci_high}
                             for c, i in s.gap_intervals.items()},
             "empty": s.empty}
            for s in comparison.systems]


def _pair(comparison: Comparison, pair: PairComparison, case_combinations: Sequence[str]) -> dict[str, Any]:
    a, b = comparison.systems[pair.a], comparison.systems[pair.b]
    out: dict[str, Any] = {"a": a.name, "b": b.name, "a_index": pair.a, "b_index": pair.b}
    for c in COMBINATIONS:
        marks = pair.marks(c)
        out[c] = {**pair.tests[c].to_json(), "f1_a": a.result.micro[c].f1, "f1_b": b.result.micro[c].f1,
                  **{f"documents_{m.value}": n for m, n in marks.items()}}
    out["figures"] = {c: [t.to_json() for t in pair.figures.get(c, ())] for c in COMBINATIONS}
    out["mcnemar"] = {c: comparison.mcnemar(pair.a, pair.b, c).to_json() for c in case_combinations}
    out["changes"] = {c: changes_json(comparison, pair.a, pair.b, c) for c in case_combinations}
    if comparison.link_kinds:
        from evmeval.report.compare_links import link_changes_json  # it builds on this module's mentions

        out["link_changes"] = link_changes_json(comparison, pair.a, pair.b)
    return out


def _tally_json(t: Tally) -> dict[str, int]:
    return {"true_positives": t.true_positives, "misses": t.misses, "false_alarms": t.false_alarms}


def changes_json(comparison: Comparison, a: int, b: int, combination: str) -> dict[str, Any]:
    """Only the items whose outcome changed, with reason codes, and the tallies they reconcile."""
    changes = comparison.changes(a, b, combination)
    return {"count": len(changes), "reasons": {r.value: n for r, n in reason_counts(changes).items()},
            "delta": _tally_json(reconcile(changes)), "a": _tally_json(comparison.tally(a, combination)),
            "b": _tally_json(comparison.tally(b, combination)),
            "items": [{"doc_id": c.doc_id, "gold": mention_json(c.gold), "a": row_json(c.row_a),
                       "b": row_json(c.row_b), "before": None if c.before is None else c.before.value,
                       "after": None if c.after is None else c.after.value,
                       "reasons": [r.value for r in c.reasons]} for c in changes]}


def _documents(comparison: Comparison) -> list[dict[str, Any]]:
    out = []
    first = comparison.systems[0].result.documents
    for n, doc in enumerate(first):
        systems = []
        for s in comparison.systems:
            d = s.result.documents[n]
            systems.append({"system": s.name, "num_system": len(d.system),
                            **{c: d.scores[c].to_json() for c in COMBINATIONS}})
        pairs = []
        for p in comparison.pairs:
            deltas = {c: p.documents[c][n] for c in COMBINATIONS}
            pairs.append({"a": comparison.systems[p.a].name, "b": comparison.systems[p.b].name,
                          **{c: {"delta_f1": d.delta_f1, "mark": d.mark.value} for c, d in deltas.items()}})
        out.append({"doc_id": doc.doc_id, "counted": doc.counted, "num_gold": len(doc.gold),
                    "systems": systems, "pairs": pairs})
    return out


def _cases(comparison: Comparison, combinations: Sequence[str]) -> list[dict[str, Any]]:
    out = []
    for p in comparison.pairs:
        for c in combinations:
            cases = comparison.cases(p.a, p.b, c)
            out.append({"a": comparison.systems[p.a].name, "b": comparison.systems[p.b].name,
                        "combination": c,
                        "counts": {k.value: n for k, n in case_counts(cases).items()},
                        "items": [case_json(case) for case in cases]})
    return out


def comparison_to_json(comparison: Comparison, *, threshold: float | None = None,
                       case_combinations: Sequence[str] = CASE_COMBINATIONS) -> dict[str, Any]:
    """A JSON-serialisable dict of the comparison (layout in the module docstring).

    Cases are listed for every pair and each of `case_combinations`.
    """
    data: dict[str, Any] = {
        "tool": "evmeval-compare",
        "profile": "v1.8",
        "mode": comparison.mode.value,
        "gold": comparison.gold_path,
        "combinations": list(COMBINATIONS),
        "bootstrap": {**comparison.settings.to_json(), "unit": comparison.unit,
                      **({} if comparison.num_units is None else {"num_units": comparison.num_units})},
        "systems": _systems(comparison),
        "correction": comparison.correction,
        "interval": comparison.interval,
        "pairs": [_pair(comparison, p, case_combinations) for p in comparison.pairs],
        "documents": _documents(comparison),
        "cases": _cases(comparison, case_combinations),
    }
    if threshold is not None:
        data["threshold"] = threshold
        data["below_threshold"] = [
            {"system": comparison.systems[b.system].name, "doc_id": b.doc_id, "combination": b.combination,
             "precision": b.score.precision, "recall": b.score.recall, "f1": b.score.f1}
            for b in comparison.below_threshold(threshold)]
    if comparison.relation_units:
        data["relations"] = relations_json(comparison)
    data["warnings"] = list(comparison.warnings)
    return data


def dumps_compact(data: dict[str, Any]) -> str:
    """Strict JSON (no NaN tokens) without indentation: case lists of large corpora run to many MB."""
    return json.dumps(_no_nan(data), separators=(",", ":"), allow_nan=False) + "\n"


def with_micro_ci(base: Callable[[], dict[str, Any]], result: ScoreResult,
                  settings: ResampleSettings = DEFAULT_SETTINGS) -> dict[str, Any]:
    """`evmeval-score --json --ci`: the score JSON `base()` plus `micro_ci` ({<c>: {f1, ci_low, ci_high}}),
    `figures_ci` ({<c>: [{figure, estimate, ci_low, ci_high}]}: micro precision, recall and F1) and the
    `bootstrap` settings that produced them."""
    data = base()
    intervals = micro_intervals(result, COMBINATIONS, settings)
    data["micro_ci"] = {c: intervals[c].to_json() for c in COMBINATIONS}
    figures = resample([mention_family(Counts.from_result(result, c)) for c in COMBINATIONS], settings=settings)
    data["figures_ci"] = {c: [i.to_json() for i in figures.intervals[k]] for k, c in enumerate(COMBINATIONS)}
    data["bootstrap"] = settings.to_json()
    return data
