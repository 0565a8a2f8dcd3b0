"""Loose ends of the convention reports: `ConventionScores.report()` is `evmeval-score --convention`'s stdout
(grounding section included), and the data line names the unit a convention counts (documents for MAVEN-Arg)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import evmeval
import pytest

from tests.programs import installed
from tests.shipped import EXAMPLES

TEXT = "The protesters attacked the police station. Protesters fled."


def _stdout(gold: Path, system: Path, convention: str, *extra: str) -> str:
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(system), "--convention", convention,
                          *extra], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.parametrize(("gold", "system", "convention"), [
    ("textee_gold.jsonl", "strings_pred.jsonl", "strings"),
    ("textee_gold.jsonl", "strings_pred.jsonl", "all"),
    ("textee_gold.jsonl", "textee_pred.jsonl", "all"),
    ("maven_gold.jsonl", "maven_pred.jsonl", "all"),
    ("dygiepp_gold.jsonl", "dygiepp_pred.jsonl", "dygiepp"),
])
def test_the_api_report_is_the_commands_stdout(gold: str, system: str, convention: str) -> None:
    printed = _stdout(EXAMPLES / gold, EXAMPLES / system, convention)
    report = evmeval.score_convention(EXAMPLES / gold, EXAMPLES / system, convention=convention).report()
    assert report == printed


def test_the_api_report_lists_what_grounding_left_out() -> None:
    report = evmeval.score_convention(EXAMPLES / "textee_gold.jsonl", EXAMPLES / "strings_pred.jsonl",
                                      convention="strings").report()
    assert "Not in the text (grounding first):" in report
    assert "Paris" in report.split("Not in the text (grounding first):")[1]


def _maven_arg(tmp_path: Path) -> tuple[Path, Path, Path]:
    def at(phrase: str) -> dict[str, list[int]]:
        return {"position": [TEXT.index(phrase), TEXT.index(phrase) + len(phrase)]}

    gold = [{"id": doc, "text": TEXT, "negative_triggers": [], "events": [
        {"id": "E1", "type": "Attack", "triggers": [{"id": f"{doc}t1", "arguments": [
            {"role": "Attack.Attacker", "id": "A1", "mentions": [at("The protesters")]}]}]}]} for doc in ("d1", "d2")]
    (tmp_path / "test.unified.jsonl").write_text("".join(json.dumps(g) + "\n" for g in gold), encoding="utf-8")
    (tmp_path / "label2role.json").write_text(json.dumps({"Attack": ["Attacker", "Target"]}), encoding="utf-8")
    preds = [{"id": doc, "preds": {f"{doc}t1": {"event_type": "Attack", "Attacker": ["protesters"]}}}
             for doc in ("d1", "d2")]
    (tmp_path / "test_prediction.jsonl").write_text("".join(json.dumps(p) + "\n" for p in preds), encoding="utf-8")
    return tmp_path / "test.unified.jsonl", tmp_path / "test_prediction.jsonl", tmp_path / "label2role.json"


def test_maven_arg_data_line_counts_documents_once(tmp_path: Path) -> None:
    gold, system, ontology = _maven_arg(tmp_path)
    data = _stdout(gold, system, "maven-arg", "--ontology", str(ontology)).splitlines()[0]
    assert data.startswith("Data: 2 documents, 2 event mentions, 2 arguments, 1 event types, 1 roles; gold sha256 ")
    assert "sentences" not in data


@pytest.mark.parametrize(("gold", "system", "convention", "start"), [
    ("textee_gold.jsonl", "textee_pred.jsonl", "textee", "Data: 2 documents, 2 windows, "),
    ("dygiepp_gold.jsonl", "dygiepp_pred.jsonl", "dygiepp", "Data: 2 documents, 3 sentences, "),
    ("maven_gold.jsonl", "maven_pred.jsonl", "maven", "Data: 3 documents, 4 sentences, "),
])
def test_other_data_lines_keep_their_unit(gold: str, system: str, convention: str, start: str) -> None:
    assert _stdout(EXAMPLES / gold, EXAMPLES / system, convention).startswith(start)


def test_bionlp_data_line_counts_documents_once() -> None:
    data = _stdout(EXAMPLES / "bionlp" / "gold", EXAMPLES / "bionlp" / "answer", "bionlp").splitlines()[0]
    assert data.startswith("Data: 1 documents, 5 event mentions, 9 arguments, ")
