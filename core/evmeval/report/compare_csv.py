"""The comparison as CSV files for spreadsheets (long format, one fact per row, figures unrounded).

systems.csv (run × combination), pairs.csv (pair × combination), figures.csv (run × combination × figure:
every micro figure with its interval, and the bottlenecks: span_f1_minus_f1), figure_tests.csv (pair ×
combination × figure: every figure's paired test, adjusted p, MDE and verdict), documents.csv (document ×
run × combination), document_deltas.csv (pair × combination × document), cases.csv (pair × combination ×
case), changes.csv (pair × combination × changed item: outcome before and after, reason codes),
relations.csv and relation_tests.csv (coreference and sequencing: run × links × figure, pair × links ×
figure; a header only when the gold has no such links), link_changes.csv (pair × links × changed link: its
ends, outcome before and after, reason codes), with a threshold below_threshold.csv, and with runs
grouped into systems (`--as`) seeds.csv. An undefined figure is an empty cell, as in the
scorer's own CSV export.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from evmeval.align import COMBINATIONS
from evmeval.compare.runs import CASE_COMBINATIONS, Comparison
from evmeval.compare.seeds import SeedComparison
from evmeval.mention.outcomes import MappingRow
from evmeval.report.compare_links import LINK_CHANGES_CSV, link_changes_csv
from evmeval.report.compare_relations import RELATION_TESTS_CSV, RELATIONS_CSV, relations_csvs
from evmeval.report.compare_seeds import SEED_CHANGES_CSV, SEEDS_CSV, seed_changes_csv_rows, seeds_csv_rows
from evmeval.report.csv_report import _mention_cells
from evmeval.report.csv_writer import number, table

CSV_FILES = ("systems.csv", "pairs.csv", "figures.csv", "figure_tests.csv", "documents.csv", "document_deltas.csv",
             "cases.csv", "changes.csv", RELATIONS_CSV, RELATION_TESTS_CSV, LINK_CHANGES_CSV)
THRESHOLD_FILE = "below_threshold.csv"


def csv_file_names(threshold: float | None, seeds: bool = False) -> tuple[str, ...]:
    """The files `format_compare_csvs` writes (for checking output paths before any work)."""
    names = (*CSV_FILES, THRESHOLD_FILE) if threshold is not None else CSV_FILES
    return (*names, SEEDS_CSV, SEED_CHANGES_CSV) if seeds else names


def _systems(comparison: Comparison) -> str:
    header = ["system", "path", "combination", "tp", "num_gold", "num_system", "precision", "recall", "f1",
              "f1_ci_low", "f1_ci_high", "macro_precision", "macro_recall", "macro_f1"]
    rows = []
    for s in comparison.systems:
        for c in COMBINATIONS:
            mi, ma, ci = s.result.micro[c], s.result.macro[c], s.micro_ci[c]
            rows.append([s.name, s.path, c, number(mi.tp), mi.num_gold, mi.num_system, number(mi.precision),
                         number(mi.recall), number(mi.f1), number(ci.ci_low), number(ci.ci_high),
                         number(ma.precision), number(ma.recall), number(ma.f1)])
    return table(header, rows)


def _pairs(comparison: Comparison) -> str:
    header = ["a", "b", "combination", "f1_a", "f1_b", "delta_f1", "ci_low", "ci_high", "p_value",
              "p_value_randomization", "documents_up", "documents_down", "documents_same", "p_value_adjusted",
              "correction", "verdict", "held_back"]
    rows = []
    for p in comparison.pairs:
        a, b = comparison.systems[p.a], comparison.systems[p.b]
        for c in COMBINATIONS:
            t = p.tests[c]
            rows.append([a.name, b.name, c, number(a.result.micro[c].f1), number(b.result.micro[c].f1),
                         number(t.delta_f1), number(t.ci_low), number(t.ci_high), number(t.p_value),
                         number(t.p_value_randomization), *p.marks(c).values(), number(t.adjusted),
                         comparison.correction, t.verdict.value, int(t.held_back)])
    return table(header, rows)


def _figures(comparison: Comparison) -> str:
    header = ["system", "combination", "figure", "estimate", "ci_low", "ci_high", "interval"]
    rows = [[s.name, c, i.figure, number(i.estimate), number(i.ci_low), number(i.ci_high), comparison.interval]
            for s in comparison.systems for c in COMBINATIONS for i in s.figures.get(c, ())]
    rows += [[s.name, c, "span_f1_minus_f1", number(i.estimate), number(i.ci_low), number(i.ci_high),
              comparison.interval] for s in comparison.systems for c, i in s.gap_intervals.items()]
    return table(header, rows)


def _figure_tests(comparison: Comparison) -> str:
    header = ["a", "b", "combination", "figure", "value_a", "value_b", "delta", "ci_low", "ci_high", "p_value",
              "p_value_randomization", "p_value_adjusted", "correction", "mde", "num_units", "verdict", "held_back"]
    rows: list[list[object]] = []
    for p in comparison.pairs:
        a, b = comparison.systems[p.a].name, comparison.systems[p.b].name
        for c in COMBINATIONS:
            rows.extend([a, b, c, t.figure, number(t.estimate_a), number(t.estimate_b), number(t.delta),
                         number(t.ci_low), number(t.ci_high), number(t.p_value),
                         number(t.p_value_randomization), number(t.p_value_adjusted), comparison.correction,
                         number(t.mde), t.num_units, t.verdict.value, int(t.held_back)]
                        for t in p.figures.get(c, ()))
    return table(header, rows)


def _documents(comparison: Comparison) -> str:
    header = ["doc_id", "counted", "num_gold", "system", "num_system", "combination", "tp", "precision",
              "recall", "f1"]
    rows = []
    for s in comparison.systems:
        for doc in s.result.documents:
            for c in COMBINATIONS:
                sc = doc.scores[c]
                rows.append([doc.doc_id, int(doc.counted), len(doc.gold), s.name, len(doc.system), c,
                             number(sc.tp), number(sc.precision), number(sc.recall), number(sc.f1)])
    return table(header, rows)


def _deltas(comparison: Comparison) -> str:
    header = ["a", "b", "combination", "doc_id", "counted", "f1_a", "f1_b", "delta_f1", "mark"]
    rows: list[list[object]] = []
    for p in comparison.pairs:
        a, b = comparison.systems[p.a].name, comparison.systems[p.b].name
        for c in COMBINATIONS:
            rows.extend([a, b, c, d.doc_id, int(d.counted), number(d.f1_a), number(d.f1_b),
                         number(d.delta_f1), d.mark.value] for d in p.documents[c])
    return table(header, rows)


def _row_cells(row: MappingRow | None) -> list[object]:
    if row is None:
        return ["", "", *_mention_cells(None)]
    return [row.outcome.value, number(row.dice), *_mention_cells(row.system)]


def _cases(comparison: Comparison, combinations: Sequence[str]) -> str:
    side = ["outcome", "dice", "system_id", "system_span", "system_text", "system_type", "system_realis",
            "system_line"]
    header = ["a", "b", "combination", "doc_id", "kind", "gold_id", "gold_span", "gold_text", "gold_type",
              "gold_realis", "gold_line", *(f"a_{k}" for k in side), *(f"b_{k}" for k in side)]

    def rows() -> Iterable[list[object]]:
        for p in comparison.pairs:
            a, b = comparison.systems[p.a].name, comparison.systems[p.b].name
            for c in combinations:
                for case in comparison.cases(p.a, p.b, c):
                    yield [a, b, c, case.doc_id, case.kind.value, *_mention_cells(case.gold),
                           *_row_cells(case.row_a), *_row_cells(case.row_b)]

    return table(header, rows())


def _changes(comparison: Comparison, combinations: Sequence[str]) -> str:
    """Only the items whose outcome changed from a to b, with their outcomes and reason codes."""
    header = ["a", "b", "combination", "doc_id", "item", "before", "after", "reasons", "gold_id", "gold_span",
              "gold_text", "gold_type", "gold_realis", "gold_line", "a_system_id", "b_system_id"]

    def rows() -> Iterable[list[object]]:
        for p in comparison.pairs:
            a, b = comparison.systems[p.a].name, comparison.systems[p.b].name
            for c in combinations:
                for change in comparison.changes(p.a, p.b, c):
                    ids = [row.system.mention_id if row is not None and row.system is not None else ""
                           for row in (change.row_a, change.row_b)]
                    yield [a, b, c, change.doc_id, "gold" if change.gold is not None else "false_alarm",
                           "" if change.before is None else change.before.value,
                           "" if change.after is None else change.after.value,
                           " ".join(r.value for r in change.reasons), *_mention_cells(change.gold), *ids]

    return table(header, rows())


def _below(comparison: Comparison, threshold: float) -> str:
    header = ["system", "combination", "doc_id", "threshold", "precision", "recall", "f1"]
    rows = [[comparison.systems[w.system].name, w.combination, w.doc_id, number(threshold),
             number(w.score.precision), number(w.score.recall), number(w.score.f1)]
            for w in comparison.below_threshold(threshold)]
    return table(header, rows)


def format_compare_csvs(comparison: Comparison, *, threshold: float | None = None,
                        case_combinations: Sequence[str] = CASE_COMBINATIONS,
                        seeds: SeedComparison | None = None) -> dict[str, str]:
    """File name -> CSV text, for the names `csv_file_names(threshold)` lists; cases.csv holds the
    cases of every pair for each of `case_combinations`."""
    files = {"systems.csv": _systems(comparison), "pairs.csv": _pairs(comparison),
             "figures.csv": _figures(comparison), "figure_tests.csv": _figure_tests(comparison),
             "documents.csv": _documents(comparison), "document_deltas.csv": _deltas(comparison),
             "cases.csv": _cases(comparison, case_combinations), "changes.csv": _changes(comparison, case_combinations),
             **relations_csvs(comparison), **link_changes_csv(comparison)}
    if threshold is not None:
        files[THRESHOLD_FILE] = _below(comparison, threshold)
    if seeds is not None:
        files[SEEDS_CSV] = table(*seeds_csv_rows(comparison, seeds))
        files[SEED_CHANGES_CSV] = table(*seed_changes_csv_rows(comparison, seeds, case_combinations))
    return files
