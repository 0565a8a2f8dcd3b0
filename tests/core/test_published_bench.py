"""benchmarks/published_bench.py, the published scorers run beside ours (issue 37): a scorer whose checkout or
Python is missing is skipped and the row says why; the figures each prints are compared with our --json and a
difference is named; TextEE's scorer is handed the windows in its own layout, the predictions in the gold file's
order. No timing assertions (figures depend on the machine)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import published_bench  # noqa: E402


def _row(tmp_path: Path, convention: str) -> published_bench.Published:
    table = {r.convention: r for r in published_bench.rows(tmp_path)}
    return table[convention]


def test_a_scorer_not_found_is_skipped_and_said(tmp_path: Path) -> None:
    row = _row(tmp_path, "maven")
    assert published_bench.missing("python3", None, row).startswith(
        "absent (no MAVEN-dataset/evaluate.py: --published or EVMEVAL_PUBLISHED)")
    (tmp_path / "MAVEN-dataset").mkdir()
    (tmp_path / "MAVEN-dataset" / "evaluate.py").write_text("")
    assert published_bench.missing(None, tmp_path, row) == (
        "absent (no Python for it: --published-python or EVMEVAL_PUBLISHED_PY)")
    lacking = tmp_path / "python-without-numpy"
    lacking.write_text("#!/bin/sh\nexit 1\n")
    lacking.chmod(0o755)
    assert published_bench.missing(str(lacking), tmp_path, row) == (
        "absent (its Python lacks one of numpy, scipy, sklearn, yaml)")
    assert published_bench.missing(sys.executable, tmp_path, _row(tmp_path, "textee")).startswith(
        "absent (no TextEE/TextEE/scorer.py")


def _ours(micro_f1: float) -> dict:  # type: ignore[type-arg]
    figure = {"precision": 0.5, "recall": 0.25, "f1": micro_f1}
    return {"conventions": {"maven": {"micro": figure, "macro": figure}}}


def test_maven_figures_are_compared_with_ours(tmp_path: Path) -> None:
    printed = tmp_path / "theirs.out"
    printed.write_text("lose Mention E3\nMicro_F1: 40.0\nMicro_Precision: 50.0\nMicro_Recall: 25.0\n"
                       "Macro_F1: 40.0\nMacro_Precision: 50.0\nMacro_Recall: 25.0\n")
    row = _row(tmp_path, "maven")
    assert published_bench.compare(row, _ours(0.4), printed) == "same (6 figures, bit for bit)"
    assert published_bench.compare(row, _ours(0.41), printed) == "differ: Micro_F1 40.0 against ours 41.0"


def test_maven_ere_figures_are_compared_as_printed(tmp_path: Path) -> None:
    printed = tmp_path / "scores.txt"
    printed.write_text("muc_precision: 70.30\nmuc_recall: 38.85\nmuc_f1: 50.04\noverall_f1: 34.30\nDuration: 0\n")
    muc = {"precision": 0.703032, "recall": 0.388497, "f1": 0.500447}
    ours = {"conventions": {"maven-ere": {"muc": muc, "overall": {"f1": 0.343006}}}}
    row = _row(tmp_path, "maven-ere")
    assert published_bench.compare(row, ours, printed) == "same (every figure it prints, to its 2 decimals)"
    ours["conventions"]["maven-ere"]["overall"]["f1"] = 0.3431
    assert published_bench.compare(row, ours, printed) == "differ: overall_f1 34.30 against ours 34.31"


def test_textee_scorer_gets_its_own_layout_in_the_gold_order(tmp_path: Path) -> None:
    checkout = tmp_path / "TextEE" / "TextEE"
    checkout.mkdir(parents=True)
    (checkout / "scorer.py").write_text(  # a stand-in for TextEE's: shows what it was given
        "import ipdb\n\ndef compute_scores(preds, golds, task):\n    return {'preds': preds, 'golds': golds, "
        "'task': task}\n")
    gold = {"doc_id": "d", "wnd_id": "w1", "tokens": ["a", "b", "c"],
            "entity_mentions": [{"id": "T1", "start": 2, "end": 3}],
            "event_mentions": [{"event_type": "Attack", "trigger": {"start": 1, "end": 2, "text": "b"},
                                "arguments": [{"entity_id": "T1", "role": "Target"}]}]}
    other = {"doc_id": "d", "wnd_id": "w2", "tokens": ["x"], "entity_mentions": [], "event_mentions": []}
    predicted = {"doc_id": "d", "wnd_id": "w1", "tokens": ["a", "b", "c"],
                 "event_mentions": [{"event_type": "Attack", "trigger": {"start": 1, "end": 2},
                                     "arguments": [{"start": 0, "end": 1, "role": "Place", "text": "a"}]}]}
    (tmp_path / "gold.jsonl").write_text(json.dumps(gold) + "\n" + json.dumps(other) + "\n")
    (tmp_path / "pred.jsonl").write_text(json.dumps({**other, "event_mentions": []}) + "\n"
                                         + json.dumps(predicted) + "\n")
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "textee_scorer_driver.py"), str(checkout),
                           str(tmp_path / "gold.jsonl"), str(tmp_path / "pred.jsonl")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    given = json.loads(done.stdout)
    assert given["task"] == "E2E"
    assert given["golds"] == [
        {"doc_id": "d", "wnd_id": "w1", "events": [{"trigger": [1, 2, "Attack", "b"],
                                                    "arguments": [[2, 3, "Target", None]]}]},
        {"doc_id": "d", "wnd_id": "w2", "events": []}]
    assert [p["wnd_id"] for p in given["preds"]] == ["w1", "w2"]  # the gold file's order, not the file's
    assert given["preds"][0]["events"] == [{"trigger": [1, 2, "Attack", None], "arguments": [[0, 1, "Place", "a"]]}]
