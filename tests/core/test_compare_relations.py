"""`evmeval-compare` shows coreference and sequencing figures with intervals and paired tests (issue 36,
section 1): text, JSON, CSV and HTML, the point estimates exactly `evmeval-score -c -a`'s, each figure's
randomization p adjusted over the pairs, and links v1.8 refuses leaving the mention figures standing."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from evmeval.compare.multiple import adjust
from evmeval.compare.resampling import COREF_FIGURES

from tests.programs import installed

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
KINDS = ["coreference", "sequencing_subevent", "sequencing_after", "sequencing_all"]


def _run(program: str, args: list[str], cwd: Path = DEMO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *args], capture_output=True, text=True, check=False, timeout=120,
                          cwd=cwd)


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("relations")
    done = _run("evmeval-compare", ["-g", "gold.tbf", "-s", "system_a.tbf", "-s", "system_b.tbf", "-s", "gold.tbf",
                                    "-t", "tkn", "--resamples", "400", "--json", str(out / "c.json"),
                                    "--csv", str(out / "csv"), "--html", str(out / "c.html")])
    assert done.returncode == 0, done.stderr
    return done, out


def test_estimates_are_evmeval_scores_own(compared, tmp_path: Path):
    _, out = compared
    data = json.loads((out / "c.json").read_text())["relations"]
    assert list(data["units"]) == KINDS and data["units"]["coreference"] == 6
    done = _run("evmeval-score", ["-g", "gold.tbf", "-s", "system_a.tbf", "-t", "tkn", "-c", str(tmp_path / "co"),
                                  "-a", str(tmp_path / "seq"), "--json", str(tmp_path / "s.json"),
                                  "-o", str(tmp_path / "s.txt")])
    assert done.returncode == 0, done.stderr
    alone = json.loads((tmp_path / "s.json").read_text())
    system_a = data["systems"][0]
    assert system_a["name"] == "system_a"
    coref = {f["figure"]: f["estimate"] for f in system_a["coreference"]}
    assert list(coref) == list(COREF_FIGURES)
    for metric in ("muc", "bcub", "ceafm", "ceafe", "blanc", "lea"):
        for part in ("recall", "precision", "f1"):
            assert coref[f"{metric}_{part}"] == alone["coreference"]["corpus"][metric][part], (metric, part)
    assert coref["muc_recall"] == 14 / 21 and coref["muc_precision"] == 14 / 17
    published = alone["sequencing"]["closures"]["published"]
    for kind, name in (("sequencing_subevent", "Subevent"), ("sequencing_after", "After"), ("sequencing_all", "All")):
        figures = {f["figure"]: f["estimate"] for f in system_a[kind]}
        assert figures == {k: published[name]["corpus"][k] for k in ("precision", "recall", "f1")}
    gold_run = data["systems"][2]  # the gold file as a run: every figure 1, its interval [1, 1]
    assert all(f["estimate"] == 1.0 for f in gold_run["coreference"] if f["figure"] != "average_v18")
    assert {f["estimate"] for f in gold_run["sequencing_all"]} == {1.0}


def test_every_pair_has_every_figures_test_adjusted_over_the_pairs(compared):
    _, out = compared
    data = json.loads((out / "c.json").read_text())
    pairs = data["relations"]["pairs"]
    assert [(p["a"], p["b"]) for p in pairs] == [("system_a", "system_b"), ("system_a", "gold"), ("system_b", "gold")]
    for kind in KINDS:
        width = len(pairs[0][kind])
        assert width == (len(COREF_FIGURES) if kind == "coreference" else 3)
        for j in range(width):
            tests = [p[kind][j] for p in pairs]
            expected = adjust([t["p_value_randomization"] for t in tests], "holm")
            assert [t["p_value_adjusted"] for t in tests] == pytest.approx(expected, abs=0)
            for t in tests:
                assert t["ci_low"] <= t["delta"] + 1e-12 or t["ci_low"] <= t["ci_high"]
                assert t["num_units"] == 6 and t["verdict"] == "too_few_documents"
    muc = next(t for t in pairs[0]["coreference"] if t["figure"] == "muc_f1")
    assert muc["a"] == pytest.approx(28 / 38) and muc["b"] == 0.0 and muc["delta"] == pytest.approx(-28 / 38)
    assert muc["ci_high"] < 0 and muc["mde"] > 0


def test_text_csv_and_html_show_them(compared):
    done, out = compared
    text = done.stdout
    assert "Coreference and sequencing (%): each run's figures with their 95 % percentile intervals" in text
    muc_row = next(line for line in text.splitlines() if "Coreference" in line and "MUC F1" in line
                   and "[" in line and "system_a" not in line)
    assert "73.68 [" in muc_row and "0.00 [0.00, 0.00]" in muc_row and "100.00 [100.00, 100.00]" in muc_row
    assert "resampled units: Coreference: 6 documents" in text
    assert "p adj: p rand adjusted by Holm over the 3 pairs of each figure" in text
    rows = list(csv.DictReader(io.StringIO((out / "csv" / "relation_tests.csv").read_text())))
    assert len(rows) == 3 * (len(COREF_FIGURES) + 9)
    assert {r["links"] for r in rows} == set(KINDS) and {r["correction"] for r in rows} == {"holm"}
    runs = list(csv.DictReader(io.StringIO((out / "csv" / "relations.csv").read_text())))
    assert len(runs) == 3 * (len(COREF_FIGURES) + 9)
    html = (out / "c.html").read_text()
    assert "<h2>Coreference and sequencing</h2>" in html
    assert "<td>Coreference</td><td>CoNLL F1 (MUC, B³, CEAF-e)</td>" in html


def test_no_links_no_section_and_header_only_csv(evmeval_data: Path, tmp_path: Path):
    demo = evmeval_data / "scoring_demo" / "token_based"
    gold = tmp_path / "gold.tbf"
    gold.write_text("".join(line for line in (demo / "gold.tbf").read_text().splitlines(keepends=True)
                            if not line.startswith("@")))
    done = _run("evmeval-compare", ["-g", str(gold), "-t", str(demo / "tkn"), "--resamples", "50",
                                    "-s", str(demo / "sample_system_A.tbf"), "-s", str(demo / "sample_system_B.tbf"),
                                    "--json", str(tmp_path / "c.json"), "--csv", str(tmp_path / "csv")])
    assert done.returncode == 0, done.stderr
    assert "Coreference and sequencing" not in done.stdout
    assert "relations" not in json.loads((tmp_path / "c.json").read_text())
    assert (tmp_path / "csv" / "relation_tests.csv").read_text().count("\n") == 1


def test_links_v18_refuses_leave_the_mention_figures(tmp_path: Path):
    """A pair linked After both ways: v1.8 refuses its sequencing; the comparison warns and goes on."""
    for name in ("system_a.tbf", "system_b.tbf"):
        shutil.copy(DEMO / name, tmp_path / name)
    shutil.copytree(DEMO / "tkn", tmp_path / "tkn")
    after = "@After\tA1\tE14,E13\n"
    gold = (DEMO / "gold.tbf").read_text().replace(after, after + "@After\tA2\tE13,E14\n")
    (tmp_path / "gold.tbf").write_text(gold)
    done = _run("evmeval-compare", ["-g", "gold.tbf", "-s", "system_a.tbf", "-s", "system_b.tbf", "-t", "tkn",
                                    "--resamples", "50", "--json", "c.json"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "evmeval-compare: warning: sequencing figures left out: gold.tbf:" in done.stderr
    data = json.loads((tmp_path / "c.json").read_text())
    assert list(data["relations"]["units"]) == ["coreference"]
    assert "Sequencing" not in done.stdout and "Coreference and sequencing" in done.stdout


def test_same_seed_same_bytes(compared, tmp_path: Path):
    _, out = compared
    done = _run("evmeval-compare", ["-g", "gold.tbf", "-s", "system_a.tbf", "-s", "system_b.tbf", "-s", "gold.tbf",
                                    "-t", "tkn", "--resamples", "400", "--csv", str(tmp_path / "csv")])
    assert done.returncode == 0, done.stderr
    for name in ("relations.csv", "relation_tests.csv"):
        assert (tmp_path / "csv" / name).read_bytes() == (out / "csv" / name).read_bytes()
