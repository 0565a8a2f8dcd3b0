"""Candidate gold additions into curation (`--candidates FOLDER`), and a person's curation of them as the person's
verdicts (`--agree-with curation.json`): issue 35, section 4.

Derived by hand: gold window "Troops attacked the city and stormed it and left" has one event, Attack on
"attacked" [1,2). The prediction has Attack "attacked", Attack "stormed" [5,6) and Movement "left" [8,9): the
last two match no gold trigger (false alarms, in the text). The judge accepts both, so both are candidate gold
additions: judge.tbf is gold plus those two triggers. A person takes "stormed" (accept annotator 2) and rejects
"left". Judge against person on the two triggers' rows (trigger_id, trigger_cls; a line without `row` judges
both): both accept 2 ("stormed"), judge only 2 ("left"): TPR 2/2 = 1, FPR 2/2 = 1; kappa: Po = 1/2, judge
always accepts: Pe = 1 * 1/2 = 1/2, kappa = 0.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from evmeval.agreement.curation import accept, curate, reject
from evmeval.agreement.curation_save import export_curation, inputs_key
from evmeval.cli.score import score_main
from evmeval.io.convert import read_annotation_set
from evmeval.io.judgements import inputs_sha256

from tests.shipped import EXAMPLES

TOKENS = ["Troops", "attacked", "the", "city", "and", "stormed", "it", "and", "left"]
GOLD = json.dumps({"doc_id": "D1", "wnd_id": "D1-0", "tokens": TOKENS, "entity_mentions": [],
                   "event_mentions": [{"event_type": "Attack", "trigger": {"text": "attacked", "start": 1, "end": 2},
                                       "arguments": []}]}) + "\n"
PREDICTION = json.dumps({"doc_id": "D1", "wnd_id": "D1-0", "events": [
    {"trigger": "attacked", "event_type": "Attack", "arguments": []},
    {"trigger": "stormed", "event_type": "Attack", "arguments": []},
    {"trigger": "left", "event_type": "Movement", "arguments": []}]}) + "\n"


def write_run(folder: Path, prediction: str = PREDICTION,
              judged: tuple[tuple[int, int], ...] = ((1, -1), (2, -1))) -> tuple[Path, Path, Path]:
    """Gold, `prediction` and the judge's file accepting each (event, argument) of `judged` (argument -1: the
    trigger; by default both false-alarm triggers) in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    gold, pred, judge = folder / "gold.jsonl", folder / "pred.jsonl", folder / "judge.jsonl"
    gold.write_text(GOLD, encoding="utf-8")
    pred.write_text(prediction, encoding="utf-8")
    digest = inputs_sha256(GOLD.encode(), prediction.encode())
    lines: list[dict[str, Any]] = [
        {"inputs": digest, "item": {"side": "pred", "doc_id": "D1", "unit": "D1-0", "event": e, "argument": a},
         "verdict": "accept", "judge": "llm-a"} for e, a in judged]
    judge.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return gold, pred, judge


def run(folder: Path, *extra: str, files: tuple[Path, Path, Path] | None = None) -> int:
    gold, pred, judge = files or write_run(folder)
    return score_main(["-g", str(gold), "-s", str(pred), "--convention", "strings", "--ladder", "--judgements",
                       str(judge), *extra])


def test_candidates_are_written_as_a_curation_the_window_reads(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "candidates"
    assert run(tmp_path, "--candidates", str(out)) == 0
    assert (f"Candidate gold additions written for curation: {out / 'curation.json'} (2 trigger(s)); open "
            "gold.tbf and judge.tbf in the Agreement mode, curate, and import it") in capsys.readouterr().out
    judged = (out / "judge.tbf").read_text(encoding="utf-8")
    assert "judge:D1-0:E1\tD1-0:t5\tstormed\tAttack" in judged and "judge:D1-0:E2\tD1-0:t8\tleft\tMovement" in judged
    assert "judge:" not in (out / "gold.tbf").read_text(encoding="utf-8")
    assert (out / "tkn" / "D1.tab").is_file() and (out / "txt" / "D1.txt").is_file()
    saved = json.loads((out / "curation.json").read_text(encoding="utf-8"))
    files = [read_annotation_set(str(out / n), token_dir=str(out / "tkn"))[0] for n in ("gold.tbf", "judge.tbf")]
    assert saved == {"schema": "curation/1", "format": 1, "inputs": inputs_key(files),
                     "names": ["gold.tbf", "judge.tbf"], "policy": "base:1", "decisions": [], "curated": []}
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((EXAMPLES.parent / "schemas" / "curation.schema.json").read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft202012Validator(schema).iter_errors(saved))
    # the curated set starts as gold: each candidate is one open item
    curation = curate(files, ["gold.tbf", "judge.tbf"], "base:1")
    assert [d.versions[1].mentions[0].text for d in curation.disagreements] == ["stormed", "left"]


def test_candidates_need_the_judgements_and_never_write_over_an_input(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    gold, pred, _ = write_run(tmp_path)
    assert score_main(["-g", str(gold), "-s", str(pred), "--convention", "strings", "--ladder", "--candidates",
                       str(tmp_path / "c")]) == 2
    assert ("--candidates writes the judge's candidate gold additions (expected --judgements with it)"
            in capsys.readouterr().err)
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "gold.tbf").symlink_to(gold)
    assert run(tmp_path, "--candidates", str(tmp_path / "c")) == 1
    assert (f"{tmp_path / 'c' / 'gold.tbf'}: output would overwrite an input file (expected a different output "
            "path)") in capsys.readouterr().err
    assert gold.read_text(encoding="utf-8") == GOLD


def test_a_persons_curation_of_the_candidates_is_their_verdicts(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "candidates"
    assert run(tmp_path, "--candidates", str(out)) == 0
    names = ["gold.tbf", "judge.tbf"]
    files = [read_annotation_set(str(out / n), token_dir=str(out / "tkn"))[0] for n in names]
    curation = curate(files, names, "base:1")
    stormed, left = curation.disagreements
    curation = reject(accept(curation, stormed, 1), left)  # what keys 2 and Delete do in the window
    person = tmp_path / "person-curation.json"
    export_curation(str(person), inputs_key(files), names, "base:1",
                    [(*stormed.key, "accept", "2"), (*left.key, "reject", "")])
    capsys.readouterr()
    assert run(tmp_path, "--agree-with", str(person), "--json", str(tmp_path / "r.json")) == 0
    assert ("Judge against person: 4 item(s) both judged, kappa 0.000, true-positive rate 1.000, false-positive "
            "rate 1.000") in capsys.readouterr().out
    agreement = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["ladder"]["judge_agreement"]
    assert (agreement["both_accept"], agreement["judge_only"], agreement["person_only"],
            agreement["both_reject"]) == (2, 2, 0, 0)
    # a curation of other sets (another run's candidates) is refused at its file
    data = json.loads(person.read_text(encoding="utf-8"))
    person.write_text(json.dumps({**data, "inputs": "0" * 64}), encoding="utf-8")
    assert run(tmp_path, "--agree-with", str(person)) == 1
    assert "the saved decisions belong to other inputs" in capsys.readouterr().err


ARGUMENT_PREDICTION = json.dumps({"doc_id": "D1", "wnd_id": "D1-0", "events": [
    {"trigger": "attacked", "event_type": "Attack", "arguments": [{"role": "Target", "text": "the city"},
                                                                   {"role": "Attacker", "text": "rebels"}]}]}) + "\n"
"""The gold Attack has no argument: "the city" [2,4) (Target) is a false alarm in the text, "rebels" one nowhere in
it; the judge accepts both, so both are candidates, and only the first has a span to curate."""


def run_arguments(folder: Path, *extra: str) -> int:
    """`run` on the argument prediction, the judge accepting both its arguments."""
    return run(folder, *extra, files=write_run(folder, ARGUMENT_PREDICTION, ((0, 0), (0, 1))))


def test_an_accepted_argument_is_a_candidate_of_its_role_and_span(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "candidates"
    assert run_arguments(tmp_path, "--candidates", str(out)) == 0
    assert (f"Candidate gold additions written for curation: {out / 'curation.json'} (0 trigger(s), 1 argument(s); "
            "1 not in the text left out: they have no span); open gold.tbf and judge.tbf in the Agreement mode"
            ) in capsys.readouterr().out
    judged = (out / "judge.tbf").read_text(encoding="utf-8")
    assert "judge:D1-0:E0:A0\tD1-0:t2,D1-0:t3\tthe city\tAttack/Target" in judged and "rebels" not in judged
    names = ["gold.tbf", "judge.tbf"]
    files = [read_annotation_set(str(out / n), token_dir=str(out / "tkn"))[0] for n in names]
    curation = curate(files, names, "base:1")
    (city,) = curation.disagreements
    assert [(m.text, m.raw_type) for m in city.versions[1].mentions] == [("the city", "Attack/Target")]
    # the person takes it: the curated set holds it, and --agree-with reads that as the person's accept
    person = tmp_path / "person.json"
    export_curation(str(person), inputs_key(files), names, "base:1", [(*city.key, "accept", "2")])
    capsys.readouterr()
    assert run_arguments(tmp_path, "--agree-with", str(person), "--json", str(tmp_path / "r.json")) == 0
    agreement = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["ladder"]["judge_agreement"]
    assert (agreement["num_items"], agreement["both_accept"], agreement["judge_only"]) == (2, 2, 0)  # its two rows
