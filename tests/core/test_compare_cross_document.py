"""`evmeval-compare --cross-document --topics FILE` (issue 36, section 3: "cross-document event coreference ...
for evmeval-conll and the comparison"): beside the per-document coreference figures, each topic's documents
scored as one document, a `@Coreference` id written in several documents being one event, with intervals that
resample topics; on the full sample the figures `evmeval-conll --cross-document --topics FILE` prints for the
same clusters written as CoNLL files (tests/data/coref/cross_document: key.conll, response.conll, topics.txt)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import jsonschema
from evmeval._util.schemas import load_schema

from tests.programs import installed

DATA = Path(__file__).resolve().parent.parent / "data" / "coref" / "cross_document"
CLUSTERS = {
    # document -> (its mentions' cluster ids in order, as key.conll and response.conll number them; None: none)
    "key": {"d1": ["1", "2"], "d2": ["1", "3"], "d3": ["4", "4"]},
    "response": {"d1": ["1", "1"], "d2": ["1", "5"], "d3": ["4", "6"]},
}


def _tbf(side: str) -> str:
    """The side's clusters as a tbf file: two mentions per document, exact spans shared by both sides; each
    cluster id a @Coreference line (one member alone when the cluster is another document's too)."""
    lines = []
    for doc, ids in CLUSTERS[side].items():
        lines.append(f"#BeginOfDocument {doc}")
        lines += [f"{side}\t{doc}\tE{k}\t{5 * k},{5 * k + 4}\tword\tAttack\tActual" for k in range(len(ids))]
        members: dict[str, list[str]] = {}
        for k, cluster in enumerate(ids):
            members.setdefault(cluster, []).append(f"E{k}")
        lines += [f"@Coreference\tC{cluster}\t{','.join(m)}" for cluster, m in members.items()]
        lines.append("#EndOfDocument")
    return "\n".join(lines) + "\n"


def _run(program: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *map(str, args)], capture_output=True, text=True, check=False,
                          timeout=300)


def _files(tmp_path: Path) -> tuple[Path, Path]:
    gold, response = tmp_path / "gold.tbf", tmp_path / "response.tbf"
    gold.write_text(_tbf("key"))
    response.write_text(_tbf("response"))
    return gold, response


def test_cross_document_figures_are_evmeval_conlls_on_the_same_clusters(tmp_path: Path) -> None:
    gold, response = _files(tmp_path)
    out = tmp_path / "compare.json"
    done = _run("evmeval-compare", "-g", gold, "-s", response, "-s", gold, "--cross-document", "--topics",
                DATA / "topics.txt", "--resamples", "200", "--json", out)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    jsonschema.validate(data, load_schema("compare"))
    relations = data["relations"]
    assert relations["units"] == {"coreference": 3, "coreference_cross_document": 2}  # documents, topics
    conll = tmp_path / "conll.json"
    published = _run("evmeval-conll", DATA / "key.conll", DATA / "response.conll", "--cross-document", "--topics",
                     DATA / "topics.txt", "--json", conll)
    assert published.returncode == 0, published.stderr
    expected = json.loads(conll.read_text())["metrics"]
    mine = {f["figure"]: f["estimate"] for f in relations["systems"][0]["coreference_cross_document"]}
    for metric in ("muc", "bcub", "ceafm", "ceafe", "blanc"):
        for part in ("recall", "precision", "f1"):
            assert mine[f"{metric}_{part}"] == expected[metric][part], (metric, part)
    assert mine["muc_recall"] == 1 / 2  # topic t1: {d1 E0, d2 E0} is one event, linked by the response
    perfect = {f["figure"]: f["estimate"] for f in relations["systems"][1]["coreference_cross_document"]}
    assert perfect["muc_f1"] == perfect["bcub_f1"] == 1.0
    within = {f["figure"]: f["estimate"] for f in relations["systems"][0]["coreference"]}
    assert within["muc_recall"] == 0.0  # document by document no key link is found
    [pair] = relations["pairs"]
    assert {t["figure"] for t in pair["coreference_cross_document"]} >= {"muc_f1", "bcub_f1", "conll_f1"}
    assert all(t["num_units"] == 2 for t in pair["coreference_cross_document"])
    assert "Cross-document coreference: 2 topics" in done.stdout and "Coreference: 3 documents" in done.stdout


def test_cross_document_needs_topics_and_is_for_tbf(tmp_path: Path) -> None:
    gold, response = _files(tmp_path)
    done = _run("evmeval-compare", "-g", gold, "-s", response, "-s", gold, "--cross-document")
    assert done.returncode == 2
    assert done.stderr.strip().endswith("--cross-document needs --topics FILE: a topic's documents are scored as one "
                                        "document and topics are what is resampled")
    done = _run("evmeval-compare", "-g", gold, "-s", response, "-s", gold, "--topics", DATA / "topics.txt")
    assert done.returncode == 2 and "--topics FILE goes with --unit topic or --cross-document" in done.stderr
    missing = tmp_path / "topics.txt"
    missing.write_text("d1 t1\n")
    done = _run("evmeval-compare", "-g", gold, "-s", response, "-s", gold, "--cross-document", "--topics", missing)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "document 'd2' and 1 more of" in done.stderr and "has no topic" in done.stderr


def test_without_coreference_links_it_says_so(tmp_path: Path) -> None:
    gold = tmp_path / "gold.tbf"
    gold.write_text("".join(line + "\n" for line in _tbf("key").splitlines() if not line.startswith("@")))
    done = _run("evmeval-compare", "-g", gold, "-s", gold, "-s", gold, "--cross-document", "--topics",
                DATA / "topics.txt")
    assert done.returncode == 0, done.stderr
    assert "no @Coreference link, so there is no coreference to score across documents" in done.stderr
