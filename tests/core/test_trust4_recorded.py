"""Issue 31 item 19: where a published scorer scores a file, ours scores it the same way, with a warning where
the file is odd. Each case's input and what the published scorer printed on it are recorded under
tests/data/conventions/recorded/ (README.md there says how; tests/record_edge_cases.py re-records them)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from evmeval.conventions import Input
from evmeval.conventions.bionlp import score_bionlp

from tests.programs import installed

RECORDED = Path(__file__).resolve().parent.parent / "data" / "conventions" / "recorded"
FLAG_METRIC = {"": "strict", "-s": "soft_boundary", "-p": "partial_recursive", "-s -p": "approximate"}
ALL_TOTAL = re.compile(r"==\[ALL-TOTAL\]==\s+(\d+) \(\s*(\d+)\)\s+(\d+) \(\s*(\d+)\)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)")


def a2_evaluate_totals(case: str) -> dict[str, tuple[object, ...]]:
    """Per criterion, the recorded `==[ALL-TOTAL]==` row: gold (match), answer (match), recall, prec., fscore."""
    text = (RECORDED / case / "a2-evaluate.txt").read_text(encoding="utf-8")
    out = {}
    for section in text.split("$ perl a2-evaluate.pl -g gold -t1 ")[1:]:
        command, _, output = section.partition("\n")
        flags = " ".join(w for w in command.split() if w.startswith("-"))
        found = ALL_TOTAL.search(output)
        assert found is not None, section
        out[FLAG_METRIC[flags]] = (*map(int, found.groups()[:4]), *found.groups()[4:])
    assert set(out) == set(FLAG_METRIC.values())
    return out


def run_score(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-score"), *args], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("case", ["bionlp_binding_order", "bionlp_nothing"])
def test_bionlp_counts_and_percentages_are_a2_evaluates(case: str) -> None:
    result = score_bionlp(Input(str(RECORDED / case / "gold")), Input(str(RECORDED / case / "answer")))
    for name, recorded in a2_evaluate_totals(case).items():
        m = result.metrics[name]
        ours = (m.gold_num, m.gold_match_num, m.pred_num, m.match_num,  # type: ignore[attr-defined]
                f"{100 * m.recall:.2f}", f"{100 * m.precision:.2f}", f"{100 * m.f1:.2f}")
        assert ours == recorded, name


def test_bionlp_binding_themes_compare_in_order() -> None:
    """Gold E1 Binding(Theme T2, Theme2 T3) with `Equiv T1 T3` above it reads Theme T2, Theme T1; the answer's
    Binding(Theme T1, Theme2 T2) holds the same proteins in the other order: a2-evaluate.pl compares the
    argument lists in order, so it does not match (E2, the same themes in the same order, does)."""
    strict = score_bionlp(Input(str(RECORDED / "bionlp_binding_order" / "gold")),
                          Input(str(RECORDED / "bionlp_binding_order" / "answer"))).metrics["strict"]
    assert (strict.match_num, strict.pred_num, strict.gold_num, strict.precision) == (1, 2, 2, 0.5)


def test_bionlp_nothing_to_score_is_0_percent_with_a_warning(tmp_path: Path) -> None:
    case = RECORDED / "bionlp_nothing"
    done = run_score("--convention", "bionlp", "-g", str(case / "gold"), "-s", str(case / "answer"),
                     "--json", str(tmp_path / "s.json"))
    assert done.returncode == 0, done.stderr
    warning = "nothing to score (no gold event, no answer): 0.00 % everywhere, as a2-evaluate.pl prints"
    assert done.stderr == f"evmeval-score: warning: bionlp: {warning}\n"
    assert "Strict                          0.00    0.00    0.00       0       0       0" in done.stdout
    assert f"Warning: {warning}" in done.stdout
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert data["warnings"] == {"bionlp": [warning]}
    assert data["conventions"]["bionlp"]["strict"]["precision"] == 0.0


def _dygiepp_recorded() -> dict[str, dict[str, object]]:
    return json.loads((RECORDED / "dygiepp_two_datasets" / "metrics.json").read_text(encoding="utf-8"))


def test_dygiepp_two_datasets_are_averaged_per_dataset_as_dygiepp_does() -> None:
    """Two `dataset` values: DyGIE++ keeps one EventMetrics per dataset and reports MEAN__ figures, the plain
    mean of each dataset's P, R and F1 (arg_class: news 2/3, 2/3, 2/3 and bio 1/1, 1/3, 1/2 -> P 5/6, R 1/2,
    F1 7/12; pooled it would be 3/4, 1/2, 3/5). The counts shown stay the pooled ones."""
    from evmeval.conventions.dygiepp import score_dygiepp

    case = RECORDED / "dygiepp_two_datasets"
    result = score_dygiepp(Input(str(case / "gold.jsonl")), Input(str(case / "pred.jsonl")))
    recorded = _dygiepp_recorded()["metrics"]
    for name, metric in result.metrics.items():
        for figure in ("precision", "recall", "f1"):
            assert getattr(metric, figure) == pytest.approx(recorded[f"MEAN__{name}_{figure}"], abs=1e-12), name
    arg_class = result.metrics["arg_class"]
    assert (arg_class.precision, arg_class.recall, arg_class.f1) == pytest.approx((5 / 6, 1 / 2, 7 / 12))
    counts = _dygiepp_recorded()["counts"]
    assert (arg_class.match_num, arg_class.pred_num, arg_class.gold_num) == tuple(
        sum(c[k] for c in counts.values())  # type: ignore[index]
        for k in ("matched_argument_classes", "predicted_arguments", "gold_arguments"))
    assert result.warnings == ("2 datasets (news, bio): averaged per dataset as DyGIE++ does (its MEAN__ "
                               "figures: the mean of each dataset's P, R and F1); match, pred and gold are "
                               "the datasets' sums",)


def test_dygiepp_two_datasets_warn_on_the_command_line(tmp_path: Path) -> None:
    case = RECORDED / "dygiepp_two_datasets"
    done = run_score("--convention", "dygiepp", "-g", str(case / "gold.jsonl"), "-s", str(case / "pred.jsonl"))
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("evmeval-score: warning: dygiepp: 2 datasets (news, bio): averaged per dataset")
    assert "arg_class    83.33   50.00   58.33       3       4       6" in done.stdout


def test_dygiepp_curve_points_average_per_dataset_too() -> None:
    """A point of the threshold curve is what scoring the thresholded file gives: averaged as well. At 0.5
    news2's Destination (0.4) and bio1's Activation (0.3) go: bio trig 1/1, 1/2; news unchanged."""
    from evmeval.conventions.dygiepp_curve import pr_curve

    case = RECORDED / "dygiepp_two_datasets"
    [low, half] = pr_curve(Input(str(case / "gold.jsonl")), Input(str(case / "pred.jsonl")), (0.0, 0.5))
    recorded = _dygiepp_recorded()["metrics"]
    assert low.metrics["arg_class"].f1 == pytest.approx(recorded["MEAN__arg_class_f1"])  # type: ignore[arg-type]
    trig = half.metrics["trig_class"]
    assert (trig.precision, trig.recall) == pytest.approx(((1 + 1) / 2, (1 + 1 / 2) / 2))


def _evaluate_json(case: str) -> dict[str, float]:
    return json.loads((RECORDED / case / "evaluate.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


EMPTY = "empty submission: every gold event counts as missed (predicted as nothing), as evaluate.py scores it"


def test_maven_empty_submission_scores_as_evaluate_py_with_a_warning(tmp_path: Path) -> None:
    case = RECORDED / "maven_empty"
    done = run_score("--convention", "maven", "-g", str(case / "gold.jsonl"), "-s", str(case / "submission.jsonl"),
                     "--json", str(tmp_path / "s.json"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == f"evmeval-score: warning: maven: {EMPTY}\n"
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    recorded = _evaluate_json("maven_empty")
    for name in ("micro", "macro"):
        ours = data["conventions"]["maven"][name]
        assert [100 * ours[k] for k in ("precision", "recall", "f1")] == pytest.approx(
            [recorded[f"{name}_{k}"] for k in ("p", "r", "f1")], abs=1e-9)
    assert data["conventions"]["maven"]["micro"]["gold_num"] == 5
    assert data["warnings"] == {"maven": [EMPTY]}


@pytest.mark.parametrize(("case", "warning"), [
    ("maven_ere_empty", EMPTY),
    ("maven_ere_id_only", "2 submission lines hold only 'id' (A, B): their documents count as predicting "
     "nothing (every gold mention its own cluster, no relation), as evaluate.py scores them"),
])
def test_maven_ere_empty_or_id_only_submission_scores_as_evaluate_py(tmp_path: Path, case: str,
                                                                     warning: str) -> None:
    folder = RECORDED / case
    done = run_score("--convention", "maven-ere", "-g", str(folder / "gold.jsonl"), "-s",
                     str(folder / "submission.jsonl"), "--json", str(tmp_path / "s.json"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == f"evmeval-score: warning: maven-ere: {warning}\n"
    ours = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["conventions"]["maven-ere"]
    recorded = _evaluate_json(case)
    for name in ("b_cubed", "ceaf", "muc", "blanc", "temporal", "causal", "subevent"):
        assert [100 * ours[name][k] for k in ("precision", "recall", "f1")] == pytest.approx(
            [recorded[f"{name}_{k}"] for k in ("precision", "recall", "f1")], abs=1e-9), name
    assert 100 * ours["coreference"]["f1"] == pytest.approx(recorded["coreference_f1"], abs=1e-9)
    assert 100 * ours["overall"]["f1"] == pytest.approx(recorded["overall_f1"], abs=1e-9)


def test_an_empty_file_is_still_refused_as_gold(tmp_path: Path) -> None:
    empty = tmp_path / "gold.jsonl"
    empty.write_bytes(b"")
    done = run_score("--convention", "maven", "-g", str(empty), "-s", str(RECORDED / "maven_empty" / "gold.jsonl"))
    assert done.returncode == 1
    assert done.stderr.startswith(f"evmeval-score: error: {empty}: tbf (event nuggets): no convention reads it")
