"""Judgements replayed offline (issue 35, section 4): a judge's verdicts as the ladder's last step, precision
and recall judged apart (as RAEE does), candidate gold additions, the judge's agreement with a person.

Derived by hand on the shipped example (resources/examples), grounding first (docs/scoring/judgements.md):
  judge: pred "Paris" (D1-0 event 0 argument 3, not in the text) accept; pred trigger "stormed" (D2-0 event 2)
  reject; gold "it" (D2-0 event 1 argument 1, unmatched: the predicted "it" hangs on the other "attacked") accept.
  Arg-C: the ladder's 5 credited predictions + Paris judged = TP 6 of 8 predictions: P 75 %;
         gold matched 5 by the rules + "it" judged covered = 6 of 8: R 75 %.  Tri-C: nothing judged in: TP 3.
  person: Paris accept (argument_cls), stormed reject (both trigger rows), gold "it" reject (argument_cls).
  Both judged 4 (item, row) pairs: (accept, accept), (reject, reject) twice, (accept, reject) once.
  Po = 3/4; judge accepts 2/4, person 1/4: Pe = 1/2 * 1/4 + 1/2 * 3/4 = 1/2; kappa = (3/4 - 1/2) / (1/2) = 1/2.
  TPR = 1/1; FPR = 1/(1 + 2) = 1/3.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from evmeval.agreement.judges import judge_agreement
from evmeval.cli.score import score_main
from evmeval.io.judgements import inputs_sha256

from tests.core.test_grounding_strings import GOLD, STRINGS
from tests.shipped import EXAMPLES

HASH = inputs_sha256(GOLD.read_bytes(), STRINGS.read_bytes())


def _item(side: str, unit: str, event: int, argument: int) -> dict[str, Any]:
    return {"side": side, "doc_id": unit.split("-")[0], "unit": unit, "event": event, "argument": argument}


JUDGE = [{"schema": "judgements/1", "inputs": HASH, "item": _item("pred", "D1-0", 0, 3), "verdict": "accept",
          "judge": "llm-a", "prompt": "p1", "rationale": "the dateline names Paris"},
         {"inputs": HASH, "item": _item("pred", "D2-0", 2, -1), "verdict": "reject", "judge": "llm-a"},
         {"inputs": HASH, "item": _item("gold", "D2-0", 1, 1), "verdict": "accept", "judge": "llm-a"}]
PERSON = [{"inputs": HASH, "item": _item("pred", "D1-0", 0, 3), "row": "argument_cls", "verdict": "accept"},
          {"inputs": HASH, "item": _item("pred", "D2-0", 2, -1), "verdict": "reject"},
          {"inputs": HASH, "item": _item("gold", "D2-0", 1, 1), "row": "argument_cls", "verdict": "reject"}]


def _write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return path


def _run(tmp_path: Path, *extra: str) -> tuple[int, Path]:
    out = tmp_path / "l.json"
    return score_main(["-g", str(GOLD), "-s", str(STRINGS), "--convention", "strings", "--ladder",
                       "--json", str(out), *extra]), out


def test_judged_precision_and_recall_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    judge = _write(tmp_path / "judge.jsonl", JUDGE)
    status, out = _run(tmp_path, "--judgements", str(judge))
    assert status == 0
    data = json.loads(out.read_text())
    arg = data["ladder"]["rows"]["argument_cls"]
    assert (arg["steps"]["judgement"], arg["tp"], arg["gold_matched"]) == (1, 6, 6)
    assert arg["precision"] == pytest.approx(6 / 8) and arg["recall"] == pytest.approx(6 / 8)
    assert data["ladder"]["rows"]["trigger_cls"]["tp"] == 3
    additions = data["ladder"]["candidate_gold_additions"]
    assert [(a["text"], a["judge"], a["rationale"]) for a in additions] == [
        ("Paris", "llm-a", "the dateline names Paris")]
    report = capsys.readouterr().out
    assert "Candidate gold additions (accepted by the judge, matched by no rule): 1" in report
    assert "  D1/D1-0 Start-Position / Place 'Paris' not in the text" in report
    jsonschema = pytest.importorskip("jsonschema")
    schemas = EXAMPLES.parent / "schemas"
    convention = json.loads((schemas / "convention.schema.json").read_text())
    assert not list(jsonschema.Draft202012Validator(convention).iter_errors(data))
    lines = json.loads((schemas / "judgements.schema.json").read_text())
    for line in JUDGE + PERSON:
        assert not list(jsonschema.Draft202012Validator(lines).iter_errors(line))


def test_agreement_with_a_person(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    judge, person = _write(tmp_path / "judge.jsonl", JUDGE), _write(tmp_path / "person.jsonl", PERSON)
    status, out = _run(tmp_path, "--judgements", str(judge), "--agree-with", str(person))
    assert status == 0
    agreement = json.loads(out.read_text())["ladder"]["judge_agreement"]
    assert (agreement["num_items"], agreement["both_accept"], agreement["judge_only"], agreement["person_only"],
            agreement["both_reject"]) == (4, 1, 1, 0, 2)
    assert agreement["cohen_kappa"] == pytest.approx(0.5)
    assert agreement["true_positive_rate"] == 1.0 and agreement["false_positive_rate"] == pytest.approx(1 / 3)
    assert ("Judge against person: 4 item(s) both judged, kappa 0.500, true-positive rate 1.000, "
            "false-positive rate 0.333") in capsys.readouterr().out


def test_library_agreement_without_common_items_is_nan() -> None:
    found = judge_agreement({"a": True}, {"b": False})
    assert found.num_items == 0 and found.cohen_kappa != found.cohen_kappa


@pytest.mark.parametrize(("line", "message"), [
    ({"inputs": "0" * 64, "item": _item("pred", "D1-0", 0, 3), "verdict": "accept"},
     "judge.jsonl:1: judgements for other inputs (inputs 000000000000…, this run's "),
    ({"inputs": HASH, "item": _item("pred", "D1-0", 0, 3), "verdict": "maybe"},
     "judge.jsonl:1: verdict 'maybe' (expected accept or reject)"),
    ({"inputs": HASH, "item": _item("pred", "D1-0", 0, -1), "row": "argument_cls", "verdict": "accept"},
     "judge.jsonl:1: row 'argument_cls' for a trigger (expected one of trigger_id, trigger_cls)"),
    ({"inputs": HASH, "item": _item("pred", "D1-0", 0, 9), "verdict": "accept"},
     "judge.jsonl:1: no pred item D1/D1-0 event 0 argument 9 in this run (expected an item the JSON report lists"),
])
def test_bad_judgement_files_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         line: dict[str, Any], message: str) -> None:
    judge = _write(tmp_path / "judge.jsonl", [line])
    status, out = _run(tmp_path, "--judgements", str(judge))
    assert status == 1 and not out.exists()
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_an_item_judged_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    judge = _write(tmp_path / "judge.jsonl", [JUDGE[0], JUDGE[0]])
    assert _run(tmp_path, "--judgements", str(judge))[0] == 1
    assert "judge.jsonl:2: item ['pred', 'D1', 'D1-0', 0, 3] judged again on argument_id (first on line 1)" \
        in capsys.readouterr().err


def test_the_judgement_file_is_never_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    judge = _write(tmp_path / "judge.jsonl", JUDGE)
    assert score_main(["-g", str(GOLD), "-s", str(STRINGS), "--convention", "strings", "--ladder",
                       "--judgements", str(judge), "--json", str(judge)]) == 1
    assert "output would overwrite an input file" in capsys.readouterr().err


def test_the_shipped_judgements_are_the_worked_example(tmp_path: Path) -> None:
    shipped = [json.loads(line) for line in (EXAMPLES / "strings_judgements.jsonl").read_text().splitlines()]
    assert shipped == JUDGE  # so their hash is the example's inputs', and the run below is the docs' example
    status, out = _run(tmp_path, "--judgements", str(EXAMPLES / "strings_judgements.jsonl"))
    assert status == 0 and json.loads(out.read_text())["ladder"]["rows"]["argument_cls"]["tp"] == 6
