"""`evmeval-compare` over several runs: every figure with an interval and a paired test, p-values adjusted for
the comparisons (Holm by default, BH, none) in text, JSON, CSV and HTML, McNemar per pair, and one verdict
that reads the interval first and the adjusted p second, never contradicting either.

The corpus: 12 documents of 3 gold mentions each (char mode). `good` finds all of them; `weak` misses the
third of every document; `weak2` is `weak` again. So `good` beats both by a wide margin in every document.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import pytest
from evmeval.compare.multiple import adjust
from evmeval.compare.significance import MIN_DOCUMENTS, PairTest, Verdict, verdict_of
from hypothesis import given
from hypothesis import strategies as st

from tests.core.test_resampling import SETTINGS
from tests.programs import installed

DOCS = 12


def write_run(path: Path, source: str, mentions_per_doc: int) -> Path:
    lines = []
    for d in range(DOCS):
        lines.append(f"#BeginOfDocument d{d}")
        for m in range(mentions_per_doc):
            lines.append(f"{source}\td{d}\tE{m + 1}\t{10 * m},{10 * m + 5}\tw\tConflict_Attack\tActual")
        lines.append("#EndOfDocument")
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("runs")
    write_run(folder / "gold.tbf", "gold", 3)
    write_run(folder / "weak.tbf", "weak", 2)
    write_run(folder / "good.tbf", "good", 3)
    write_run(folder / "weak2.tbf", "weak2", 2)
    return folder


def compare(corpus: Path, *more: str) -> subprocess.CompletedProcess[str]:
    args = [installed("evmeval-compare"), "-g", str(corpus / "gold.tbf"), "-s", str(corpus / "weak.tbf"),
            "-s", str(corpus / "good.tbf"), "-s", str(corpus / "weak2.tbf"), "--resamples", "300", *more]
    return subprocess.run(args, capture_output=True, text=True, check=False, timeout=120)


def pair_lines(stdout: str, header: str) -> list[list[str]]:
    block = stdout.split(header, 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    return [line.split() for line in block]


def test_holm_adjusted_p_values_in_every_report(corpus: Path, tmp_path: Path):
    done = compare(corpus, "--json", str(tmp_path / "c.json"), "--csv", str(tmp_path / "csv"),
                   "--html", str(tmp_path / "c.html"))
    assert done.returncode == 0, done.stderr
    assert "p adj: p rand adjusted by Holm over the 3 pairs of each figure" in done.stdout
    data = json.loads((tmp_path / "c.json").read_text())
    assert (data["correction"], data["interval"]) == ("holm", "percentile")
    for c in ("plain", "mention_type+realis_status"):
        tests = [p[c] for p in data["pairs"]]
        expected = adjust([t["p_value_randomization"] for t in tests], "holm")
        assert [t["p_value_adjusted"] for t in tests] == pytest.approx(expected, abs=0)
        assert [t["verdict"] for t in tests] == ["b_better", "no_clear_difference", "a_better"]
    # every micro figure, P, R and F1, has an interval for each run and a test for each pair
    good = data["systems"][1]["figures"]["plain"]
    assert [(f["figure"], f["estimate"], f["ci_low"], f["ci_high"]) for f in good] == [
        ("precision", 1.0, 1.0, 1.0), ("recall", 1.0, 1.0, 1.0), ("f1", 1.0, 1.0, 1.0)]
    recall = data["pairs"][0]["figures"]["plain"][1]
    assert (recall["figure"], recall["a"], recall["b"]) == ("recall", pytest.approx(2 / 3), 1.0)
    assert recall["delta"] == pytest.approx(1 / 3) and recall["verdict"] == "b_better"
    assert recall["mde"] == pytest.approx(0, abs=1e-12)  # every resample gives the same delta
    # McNemar on the gold mentions right in one run only: 12 fixed, 0 broken; p = 2 (1/2)^12
    mcnemar = data["pairs"][0]["mcnemar"]["mention_type+realis_status"]
    assert (mcnemar["only_a"], mcnemar["only_b"]) == (0, 12)
    assert mcnemar["p_value"] == pytest.approx(2 * 0.5 ** 12)
    assert "McNemar p" in done.stdout
    rows = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "figure_tests.csv").read_text())))
    assert len(rows) == 3 * 4 * 3 and {r["correction"] for r in rows} == {"holm"}
    pairs = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "pairs.csv").read_text())))
    assert [float(p["p_value_adjusted"]) for p in pairs if p["combination"] == "plain"] == pytest.approx(expected)
    page = (tmp_path / "c.html").read_text()
    assert "<th>p adj</th>" in page and "<h2>Every figure</h2>" in page and "adjusted by Holm" in page


def test_no_correction_and_bh(corpus: Path, tmp_path: Path):
    done = compare(corpus, "--correction", "none", "--json", str(tmp_path / "n.json"))
    assert done.returncode == 0, done.stderr
    for pair in json.loads((tmp_path / "n.json").read_text())["pairs"]:
        assert pair["plain"]["p_value_adjusted"] == pair["plain"]["p_value_randomization"]
    done = compare(corpus, "--correction", "bh", "--interval", "bca", "--json", str(tmp_path / "b.json"))
    assert done.returncode == 0, done.stderr
    assert "Benjamini-Hochberg" in done.stdout and "bca interval" in done.stdout
    assert json.loads((tmp_path / "b.json").read_text())["interval"] == "bca"


def test_an_unknown_correction_is_refused(corpus: Path):
    done = compare(corpus, "--correction", "bonferroni")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--correction: invalid choice: 'bonferroni' (choose from" in done.stderr


def test_the_interval_first_then_the_adjusted_p():
    # the interval leaves 0 out but randomization's p (0.06) does not: no verdict of "better", held back
    held = PairTest(-0.12, -0.39, -0.06, 0.01, 0.06, num_documents=50)
    assert held.verdict is Verdict.NO_CLEAR_DIFFERENCE and held.held_back
    # the adjusted p would say "better" but the interval holds 0: the interval comes first
    assert verdict_of(50, -0.01, 0.2, 0.001, 0.05) is Verdict.NO_CLEAR_DIFFERENCE
    assert PairTest(0.1, 0.05, 0.2, 0.001, 0.001, num_documents=50).verdict is Verdict.B_BETTER
    assert PairTest(0.1, 0.05, 0.2, 0.001, 0.001, num_documents=50, p_value_adjusted=0.2).held_back


@SETTINGS
@given(st.floats(-1, 1), st.floats(0, 1), st.floats(0, 1), st.integers(0, 40), st.sampled_from([0.05, 0.1]))
def test_a_verdict_never_contradicts_its_interval_or_its_p(low, width, p, units, alpha):
    high = low + width
    verdict = verdict_of(units, low, high, p, alpha)
    if verdict is Verdict.B_BETTER:
        assert low > 0 and p < alpha
    elif verdict is Verdict.A_BETTER:
        assert high < 0 and p < alpha
    elif verdict is Verdict.TOO_FEW_DOCUMENTS:
        assert units < MIN_DOCUMENTS
    else:
        assert units >= MIN_DOCUMENTS and (p >= alpha or low <= 1e-12 <= high or -1e-12 <= low <= high <= 1e-12
                                          or (low <= 0 <= high))


def test_topics_are_resampled_whole(corpus: Path, tmp_path: Path):
    # the 12 documents in 2 topics: 2 units are too few for a verdict, whatever the documents say
    topics = tmp_path / "topics.txt"
    topics.write_text("# document topic\n" + "".join(f"d{d}\tt{d % 2}\n" for d in range(DOCS)))
    done = compare(corpus, "--unit", "topic", "--topics", str(topics), "--json", str(tmp_path / "t.json"))
    assert done.returncode == 0, done.stderr
    assert "300 paired resamples of topics (2 topics, a topic's documents drawn together)" in done.stdout
    data = json.loads((tmp_path / "t.json").read_text())
    assert (data["bootstrap"]["unit"], data["bootstrap"]["num_units"]) == ("topic", 2)
    assert {p["plain"]["verdict"] for p in data["pairs"]} == {"too_few_documents"}
    assert data["pairs"][0]["figures"]["plain"][2]["num_units"] == 2


def test_a_bad_topics_file_is_named_by_line(corpus: Path, tmp_path: Path):
    topics = tmp_path / "topics.txt"
    topics.write_text("d0 t0\nd1 t0 extra\n")
    done = compare(corpus, "--unit", "topic", "--topics", str(topics))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("topics.txt:2: 3 fields (expected a document id and its topic, e.g. "
                                        "'doc1 topic3')")
    topics.write_text("d0 t0\n")
    done = compare(corpus, "--unit", "topic", "--topics", str(topics))
    assert done.returncode == 1
    assert "document 'd1' and 10 more of" in done.stderr and "has no topic" in done.stderr
    done = compare(corpus, "--unit", "topic")
    assert done.returncode == 2 and "--unit topic and --topics FILE go together" in done.stderr
