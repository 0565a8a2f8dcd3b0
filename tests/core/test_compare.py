"""Comparing runs (`evmeval.compare.runs`, `evmeval.mention.cases`): per-document deltas and marks, the weak
documents, the case list, and how they follow from the one outcome classification.

A hand-made document (character spans) has one case of every kind; its expected lists are derived in
the comments from the published mapping rule. Properties (hypothesis) over random corpora: the case
kinds are exactly what the two runs' mapping-row outcomes say, and swapping the runs swaps fixed and
broken and the two one-sided false-alarm kinds.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS
from evmeval.compare.runs import Mark, compare_files, compare_results, mark_of, system_names
from evmeval.compare.significance import Counts, ResampleSettings, paired_test
from evmeval.io.tbf import parse_tbf, read_tbf
from evmeval.mention.cases import CaseKind, case_counts, case_list
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode, TbfFile
from hypothesis import given
from hypothesis import strategies as st

from tests.core.test_invariants import SETTINGS, _mentions, char_span, tbf_file

FEW = ResampleSettings(resamples=200, seed=11)


def tbf(text: str, path: str) -> TbfFile:
    lines = ["#BeginOfDocument d"]
    for n, row in enumerate(text.strip().splitlines()):
        span, mention_type, realis = row.split()
        lines.append(f"r\td\tM{n + 1}\t{span}\tw\t{mention_type}\t{realis}")
    lines.append("#EndOfDocument")
    parsed, problems = parse_tbf("\n".join(lines) + "\n", path=path, mode=SpanMode.CHAR)
    assert not problems
    return parsed


GOLD = tbf("""
0,5 attack actual
10,15 die actual
20,25 meet actual
30,35 attack generic
""", "gold.tbf")
RUN_A = tbf("""
0,5 attack actual
10,13 die actual
20,25 die actual
40,45 attack actual
50,55 meet actual
""", "a.tbf")
RUN_B = tbf("""
0,3 attack actual
10,15 die actual
20,25 die actual
30,35 attack generic
50,55 meet actual
60,65 meet actual
12,14 die actual
""", "b.tbf")


def _kinds(cases):
    return [(c.kind, c.gold.mention_id if c.gold else None,
             c.row_a.system.mention_id if c.row_a and c.row_a.system else None,
             c.row_b.system.mention_id if c.row_b and c.row_b.system else None) for c in cases]


def test_every_kind_of_case():
    a, b = score_files(GOLD, RUN_A), score_files(GOLD, RUN_B)
    # span only: M1 exact in a, partial in b (Dice 2*3/(5+3)) -> broken; M2 partial in a (Dice 0.75),
    # exact in b -> fixed; M3 exact in both -> no case; M4 missed in a, exact in b -> fixed. False alarms:
    # a's M4 (40,45) only in a; a's M5 = b's M5 (50,55) in both -> no case; b's M6 (60,65) spurious and
    # b's M7 (12,14, inside gold M2 which b's M2 took) an extra split part -> b only.
    plain = case_list(a, b, "plain")
    assert _kinds(plain) == [
        (CaseKind.BROKEN, "M1", "M1", "M1"),
        (CaseKind.FIXED, "M2", "M2", "M2"),
        (CaseKind.FIXED, "M4", None, "M4"),
        (CaseKind.SPURIOUS_A_ONLY, None, "M4", None),
        (CaseKind.SPURIOUS_B_ONLY, None, None, "M6"),
        (CaseKind.SPURIOUS_B_ONLY, None, None, "M7"),
    ]
    assert plain[1].row_a.dice == 2 * 3 / (5 + 3)
    assert [c.row_b.outcome for c in plain[4:]] == [Outcome.SPURIOUS, Outcome.SPLIT]
    # with the type: gold M3 (meet) has the right span but type die in both runs -> wrong in both
    typed = case_list(a, b, "mention_type")
    assert (CaseKind.BOTH_WRONG, "M3", "M3", "M3") in _kinds(typed)
    both = next(c for c in typed if c.kind is CaseKind.BOTH_WRONG)
    assert both.row_a.outcome is both.row_b.outcome is Outcome.ATTRIBUTE
    assert both.mention_type == "meet"
    assert case_counts(typed) == {CaseKind.FIXED: 2, CaseKind.BROKEN: 1, CaseKind.BOTH_WRONG: 1,
                                  CaseKind.SPURIOUS_A_ONLY: 1, CaseKind.SPURIOUS_B_ONLY: 2}


def test_document_deltas_marks_and_weak_documents():
    comparison = compare_results([score_files(GOLD, RUN_A), score_files(GOLD, RUN_B)], settings=FEW)
    pair = comparison.pair(0, 1)
    (doc,) = pair.documents["plain"]
    # a: TP 1 + 0.75 + 1 over 5 system, 4 gold; b: TP 0.75 + 1 + 1 + 1 over 7 system, 4 gold
    f1_a = 2 * (2.75 / 5) * (2.75 / 4) / (2.75 / 5 + 2.75 / 4)
    f1_b = 2 * (3.75 / 7) * (3.75 / 4) / (3.75 / 7 + 3.75 / 4)
    assert (doc.f1_a, doc.f1_b, doc.delta_f1, doc.mark) == (f1_a, f1_b, f1_b - f1_a, Mark.UP)
    assert pair.marks("plain") == {Mark.UP: 1, Mark.DOWN: 0, Mark.SAME: 0}
    assert pair.tests["plain"].delta_f1 == f1_b - f1_a  # one document: the corpus is that document
    # precision of a is 2.75/5 = 0.55, of b 3.75/7 = 0.536; recall 0.6875 and 0.9375
    weak = comparison.below_threshold(0.55)
    assert {(w.system, w.combination) for w in weak} >= {(1, "plain")}
    assert (0, "plain") not in {(w.system, w.combination) for w in weak}
    assert comparison.below_threshold(0.0) == []


def test_marks():
    assert (mark_of(0.1), mark_of(-0.1), mark_of(0.0), mark_of(1e-15)) == (Mark.UP, Mark.DOWN, Mark.SAME, Mark.SAME)
    assert [m.symbol for m in Mark] == ["↑", "↓", "="]


def test_names():
    assert system_names(["x/run.tbf", "y/run.tbf", "z/other", "run.TBF"]) == [
        "run", "run (2)", "other", "run (3)"]


@pytest.fixture(scope="module")
def demo(evmeval_data: Path):
    folder = evmeval_data / "scoring_demo" / "token_based"
    gold, _ = read_tbf(str(folder / "gold.tbf"), mode=SpanMode.TOKEN)
    runs = [read_tbf(str(folder / f"sample_system_{n}.tbf"), mode=SpanMode.TOKEN)[0] for n in "ABC"]
    return gold, runs


def test_demo_runs_are_scored_as_evmeval_score_scores_them(demo):
    gold, runs = demo
    comparison = compare_files(gold, runs, settings=FEW)
    assert [s.name for s in comparison.systems] == ["sample_system_A", "sample_system_B", "sample_system_C"]
    assert [(p.a, p.b) for p in comparison.pairs] == [(0, 1), (0, 2), (1, 2)]
    for system, run in zip(comparison.systems, runs, strict=True):
        alone = score_files(gold, run)
        for c in COMBINATIONS:
            assert system.result.micro[c].to_json() == alone.micro[c].to_json()
            assert system.result.macro[c].to_json() == alone.macro[c].to_json()
    for p in comparison.pairs:
        for c in COMBINATIONS:
            a, b = (Counts.from_result(comparison.systems[i].result, c) for i in (p.a, p.b))
            alone = paired_test(a, b, FEW)
            assert (p.tests[c].p_value, p.tests[c].p_value_randomization) == (alone.p_value,
                                                                             alone.p_value_randomization)
            assert p.tests[c].delta_f1 == alone.delta_f1
    assert any("sample_system_B: 1 gold document(s) not in the system file" in w for w in comparison.warnings)


def test_demo_pair_b_to_c(demo):
    gold, runs = demo
    comparison = compare_files(gold, runs, settings=FEW)
    pair = comparison.pair(1, 2)
    # B lacks example2 (2 gold mentions): C finds E2 exactly and E3 partly (t771 of t771,t774)
    plain = comparison.cases(1, 2, "plain")
    assert _kinds(plain) == [(CaseKind.FIXED, "E2", None, "E2"), (CaseKind.BOTH_WRONG, "E3", None, "E3")]
    assert [d.mark for d in pair.documents["plain"]] == [Mark.SAME, Mark.UP]
    assert pair.regressions_first("plain")[0].doc_id == "example1"
    # B: example1 P = R = 1; C: P = R = 1 in example1 too. example2: B has no system mention
    below = comparison.below_threshold(0.5)
    assert {(comparison.systems[w.system].name, w.doc_id) for w in below} == {
        ("sample_system_B", "example2"), ("sample_system_C", "example2")}
    assert math.isnan(next(w for w in below if w.system == 1).score.precision)


# --- properties -----------------------------------------------------------------------------------------


@st.composite
def two_runs(draw: st.DrawFn):
    span = char_span(True)
    docs = draw(st.lists(st.sampled_from(("d0", "d1", "d2")), min_size=1, max_size=3, unique=True))
    gold = {d: _mentions(draw, span, d, "G") for d in docs}
    a = {d: _mentions(draw, span, d, "A") for d in docs}
    b = {d: _mentions(draw, span, d, "B") for d in docs}
    return (tbf_file(gold, SpanMode.CHAR, "gold.tbf"), tbf_file(a, SpanMode.CHAR, "a.tbf"),
            tbf_file(b, SpanMode.CHAR, "b.tbf"))


@SETTINGS
@given(two_runs())
def test_cases_follow_the_outcomes(files):
    gold, run_a, run_b = files
    a, b = score_files(gold, run_a), score_files(gold, run_b)
    for c in COMBINATIONS:
        cases = case_list(a, b, c)
        by_gold = {(k.doc_id, k.gold.mention_id): k.kind for k in cases if k.gold is not None}
        for doc_a, doc_b in zip(a.documents, b.documents, strict=True):
            wrong_a = {r.gold.mention_id: r.outcome.is_error for r in mapping_rows(doc_a, c) if r.gold}
            wrong_b = {r.gold.mention_id: r.outcome.is_error for r in mapping_rows(doc_b, c) if r.gold}
            for g in doc_a.gold:
                expected = {(True, False): CaseKind.FIXED, (False, True): CaseKind.BROKEN,
                            (True, True): CaseKind.BOTH_WRONG}.get((wrong_a[g.mention_id], wrong_b[g.mention_id]))
                assert by_gold.get((doc_a.doc_id, g.mention_id)) is expected
        alarms_a = sum(1 for d in a.documents for r in mapping_rows(d, c) if r.gold is None)
        one_sided = case_counts(cases)[CaseKind.SPURIOUS_A_ONLY]
        assert one_sided <= alarms_a
        swapped = {CaseKind.FIXED: CaseKind.BROKEN, CaseKind.BROKEN: CaseKind.FIXED,
                   CaseKind.BOTH_WRONG: CaseKind.BOTH_WRONG, CaseKind.SPURIOUS_A_ONLY: CaseKind.SPURIOUS_B_ONLY,
                   CaseKind.SPURIOUS_B_ONLY: CaseKind.SPURIOUS_A_ONLY}
        back = case_list(b, a, c)
        assert [(k.doc_id, swapped[k.kind], k.row_b, k.row_a) for k in cases if k.gold] == [
            (k.doc_id, k.kind, k.row_a, k.row_b) for k in back if k.gold]  # both in gold order
        assert {k: case_counts(back)[swapped[k]] for k in CaseKind} == case_counts(cases)


@SETTINGS
@given(two_runs())
def test_a_run_against_itself_has_only_shared_errors(files):
    gold, run_a, _ = files
    comparison = compare_results([score_files(gold, run_a), score_files(gold, run_a)], settings=FEW)
    for c in COMBINATIONS:
        assert {k.kind for k in comparison.cases(0, 1, c)} <= {CaseKind.BOTH_WRONG}
        test = comparison.pair(0, 1).tests[c]
        assert (test.delta_f1, test.p_value, test.p_value_randomization) == (0.0, 1.0, 1.0)
        assert all(d.mark is Mark.SAME for d in comparison.pair(0, 1).documents[c])
