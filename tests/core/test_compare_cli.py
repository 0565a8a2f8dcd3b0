"""`evmeval-compare` and `evmeval-score --ci` from the outside (the installed console scripts).

Every run's figures in the comparison JSON must equal `evmeval-score --json`'s exactly; the text
report of `evmeval-score --ci` stays the published one byte for byte; bad input ends with exit 1 and
one `file[:line]: ...` line, never a traceback, and no input is ever written.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS
from evmeval.compare.significance import DEFAULT_RESAMPLES, DEFAULT_SEED

from tests.programs import installed

RUNS = ("A", "B", "C")


def _demo(evmeval_data: Path) -> Path:
    return evmeval_data / "scoring_demo" / "token_based"


def _run(program: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *args], capture_output=True, text=True, check=False, timeout=120)


def _compare_args(demo: Path, runs: tuple[str, ...] = RUNS) -> list[str]:
    args = ["-g", str(demo / "gold.tbf"), "-t", str(demo / "tkn"), "--resamples", "500"]
    for name in runs:
        args += ["-s", str(demo / f"sample_system_{name}.tbf")]
    return args


@pytest.fixture(scope="module")
def outputs(evmeval_data: Path, tmp_path_factory: pytest.TempPathFactory):
    demo = _demo(evmeval_data)
    out = tmp_path_factory.mktemp("compare")
    done = _run("evmeval-compare", [*_compare_args(demo), "--threshold", "0.5", "--json", str(out / "c.json"),
                                    "--html", str(out / "c.html"), "--csv", str(out / "csv")])
    assert done.returncode == 0, done.stderr
    return done, out


def test_figures_equal_evmeval_score(outputs, evmeval_data: Path, tmp_path: Path):
    _, out = outputs
    data = json.loads((out / "c.json").read_text())
    demo = _demo(evmeval_data)
    for name, system in zip(RUNS, data["systems"], strict=True):
        done = _run("evmeval-score", ["-g", str(demo / "gold.tbf"), "-s", str(demo / f"sample_system_{name}.tbf"),
                                      "-t", str(demo / "tkn"), "--json", str(tmp_path / "s.json"), "--ci",
                                      "-o", str(tmp_path / "s.txt")])
        assert done.returncode == 0, done.stderr
        alone = json.loads((tmp_path / "s.json").read_text())
        assert system["name"] == f"sample_system_{name}"
        assert system["micro"] == alone["micro"]
        assert system["macro"] == alone["macro"]
        assert {c: v["f1"] for c, v in system["micro_ci"].items()} == {c: v["f1"] for c, v in alone["micro"].items()}
        assert (tmp_path / "s.txt").read_text() == (
            evmeval_data / "expected" / f"token_based_system_{name}" / "scores.txt").read_text()


def test_json_layout(outputs):
    _, out = outputs
    data = json.loads((out / "c.json").read_text())
    assert {"systems", "pairs", "documents", "cases", "bootstrap", "below_threshold"} <= set(data)
    assert data["bootstrap"]["resamples"] == 500 and data["bootstrap"]["seed"] == DEFAULT_SEED
    assert [(p["a"], p["b"]) for p in data["pairs"]] == [
        ("sample_system_A", "sample_system_B"), ("sample_system_A", "sample_system_C"),
        ("sample_system_B", "sample_system_C")]
    by_name = {s["name"]: s for s in data["systems"]}
    for pair in data["pairs"]:
        for c in COMBINATIONS:
            figures = pair[c]
            assert set(figures) >= {"delta_f1", "ci_low", "ci_high", "p_value", "p_value_randomization"}
            f1 = [by_name[pair[k]]["micro"][c]["f1"] or 0.0 for k in ("a", "b")]
            assert figures["delta_f1"] == f1[1] - f1[0]
    assert [d["doc_id"] for d in data["documents"]] == ["example1", "example2"]
    assert data["cases"][2]["combination"] == "mention_type+realis_status"
    kinds = [(c["kind"], c["gold"]["id"]) for c in data["cases"][2]["items"]]
    assert kinds == [("both_wrong", "E2"), ("both_wrong", "E3")]  # B -> C, type+realis: C's E2 has realis other
    assert data["cases"][2]["counts"]["both_wrong"] == 2


def test_summary_html_and_csv(outputs):
    done, out = outputs
    assert "Leaderboard" in done.stdout and "Pairs" in done.stdout
    assert re.search(r"1\s+sample_system_A\s+100\.00 \[100\.00, 100\.00\]", done.stdout)
    assert "warning: sample_system_B: 1 gold document(s) not in the system file" in done.stderr
    page = (out / "c.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "sample_system_C" in page
    assert not re.search(r'(src|href)="(https?:)?//', page)  # self-contained
    assert "(c + 1) / (n + 1)" in page
    assert "an undefined F1, —, counts as 0 in Δ" in page  # the documents table's Δ beside a "—" says its rule
    files = sorted(p.name for p in (out / "csv").iterdir())
    assert files == ["below_threshold.csv", "cases.csv", "changes.csv", "document_deltas.csv", "documents.csv",
                     "figure_tests.csv", "figures.csv", "link_changes.csv", "pairs.csv", "relation_tests.csv",
                     "relations.csv", "systems.csv"]
    pairs = list(csv.DictReader(io.StringIO((out / "csv" / "pairs.csv").read_text())))
    assert len(pairs) == 3 * len(COMBINATIONS)
    documents = list(csv.DictReader(io.StringIO((out / "csv" / "documents.csv").read_text())))
    assert len(documents) == len(RUNS) * 2 * len(COMBINATIONS)


def test_a_run_against_itself(evmeval_data: Path, tmp_path: Path):
    demo = _demo(evmeval_data)
    done = _run("evmeval-compare", [*_compare_args(demo, ("C", "C")), "--json", str(tmp_path / "c.json")])
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "c.json").read_text())
    assert [s["name"] for s in data["systems"]] == ["sample_system_C", "sample_system_C (2)"]
    for c in COMBINATIONS:
        pair = data["pairs"][0][c]
        assert (pair["delta_f1"], pair["p_value"], pair["p_value_randomization"]) == (0.0, 1.0, 1.0)


def test_defaults(evmeval_data: Path, tmp_path: Path):
    demo = _demo(evmeval_data)
    args = [a for a in _compare_args(demo, ("A", "C")) if a not in ("--resamples", "500")]
    done = _run("evmeval-compare", [*args, "--json", str(tmp_path / "c.json")])
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "c.json").read_text())["bootstrap"]["resamples"] == DEFAULT_RESAMPLES
    assert f"{DEFAULT_RESAMPLES} paired resamples of documents, seed {DEFAULT_SEED}" in done.stdout


def test_errors(evmeval_data: Path, tmp_path: Path):
    demo = _demo(evmeval_data)
    gold = demo / "gold.tbf"
    before = gold.read_bytes()
    one = _run("evmeval-compare", ["-g", str(gold), "-s", str(demo / "sample_system_A.tbf"), "-t", str(demo / "tkn")])
    assert one.returncode == 2 and "at least two" in one.stderr
    cases = {
        "missing run": (["-g", str(gold), "-s", str(tmp_path / "nope.tbf"), "-s", str(gold), "-t", str(demo / "tkn")],
                        f"{tmp_path / 'nope.tbf'}: "),
        "output over an input": ([*_compare_args(demo), "--json", str(gold)], f"{gold}: "),
        "csv folder is a file": ([*_compare_args(demo), "--csv", str(gold)], f"{gold}: "),
        "token spans without -t": (["-g", str(gold), "-s", str(gold), "-s", str(gold)], f"{gold}:2: "),
    }
    for name, (args, prefix) in cases.items():
        done = _run("evmeval-compare", args)
        assert done.returncode == 1, name
        assert done.stderr.startswith(f"evmeval-compare: error: {prefix}"), (name, done.stderr)
        assert "Traceback" not in done.stderr
    bad_threshold = _run("evmeval-compare", [*_compare_args(demo), "--threshold", "50"])
    assert bad_threshold.returncode == 2 and "fraction" in bad_threshold.stderr
    assert gold.read_bytes() == before


def test_score_ci_needs_json(evmeval_data: Path):
    demo = _demo(evmeval_data)
    done = _run("evmeval-score", ["-g", str(demo / "gold.tbf"), "-s", str(demo / "sample_system_C.tbf"),
                                  "-t", str(demo / "tkn"), "--ci"])
    assert done.returncode == 2 and "--json" in done.stderr and done.stdout == ""


def test_score_ci_json(evmeval_data: Path, tmp_path: Path):
    demo = _demo(evmeval_data)
    done = _run("evmeval-score", ["-g", str(demo / "gold.tbf"), "-s", str(demo / "sample_system_C.tbf"),
                                  "-t", str(demo / "tkn"), "--json", str(tmp_path / "s.json"), "--ci"])
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == (evmeval_data / "expected" / "token_based_system_C" / "scores.txt").read_text()
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["bootstrap"]["resamples"] == DEFAULT_RESAMPLES
    for c in COMBINATIONS:
        ci = data["micro_ci"][c]
        assert ci["ci_low"] <= ci["f1"] <= ci["ci_high"]
        # every micro figure, not F1 alone (issue 36): the same F1 interval, and P and R beside it
        figures = {f["figure"]: f for f in data["figures_ci"][c]}
        assert list(figures) == ["precision", "recall", "f1"]
        assert figures["precision"]["estimate"] == data["micro"][c]["precision"]
        assert (figures["f1"]["ci_low"], figures["f1"]["ci_high"]) == pytest.approx((ci["ci_low"], ci["ci_high"]),
                                                                                    abs=1e-12)


def test_a_negative_seed_is_a_usage_error_not_numpys_traceback(evmeval_data: Path) -> None:
    """Issue 31, item 18 (the library refuses a negative seed; the command's option says so too)."""
    done = _run("evmeval-compare", [*_compare_args(_demo(evmeval_data), ("A", "C")), "--seed", "-1"])
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == "evmeval-compare: error: argument --seed: expected a whole number of " \
                                           "at least 0, not -1"
