"""Pathologies per convention (issue 35 section 5): where a convention's figure departs from a one-to-one,
complete count, said beside its figures, in the JSON and in the window; numbers derived by hand (the same
examples as docs/scoring/pathologies.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import REGISTRY, Input
from evmeval.conventions.base import NON_EXCLUSIVE, UNGROUNDABLE

from tests.shipped import EXAMPLES


def _input(name: str) -> Input:
    path = EXAMPLES / name
    return Input(str(path), path.read_bytes())


def test_dygiepp_non_exclusive_matching_as_derived_by_hand() -> None:
    # dygiepp_*.jsonl, sentence 1 of D1: gold argument rows (4-4 Attack Attacker), (7-7 Attack Target),
    # (4-4 Meet Entity), (10-10 Meet Target); the predicted triggers 6 and 9 are both Attack with Attacker 4-4:
    # both match the one gold row (4-4, Attack[, Attacker]). Sentence 0: (0-0 SP) and (2-2 SP) each once.
    # arg_id: DyGIE++ 5 of 6 gold (83.33 %), one to one 4 (66.67 %); arg_class: 4 (66.67 %), one to one 3 (50 %).
    result = REGISTRY["dygiepp"].score(_input("dygiepp_gold.jsonl"), _input("dygiepp_pred.jsonl"))
    found = {(p.kind, p.metric): p for p in result.pathologies}
    assert set(found) == {(NON_EXCLUSIVE, "arg_id"), (NON_EXCLUSIVE, "arg_class")}
    assert found[NON_EXCLUSIVE, "arg_id"].count == 1
    assert "recall 83.33 %, one to one 66.67 %" in found[NON_EXCLUSIVE, "arg_id"].detail
    assert "recall 66.67 %, one to one 50.00 %" in found[NON_EXCLUSIVE, "arg_class"].detail


def test_one_to_one_conventions_have_none() -> None:
    gold, pred = _input("textee_gold.jsonl"), _input("textee_pred.jsonl")
    for name in ("textee", "evmeval"):
        assert REGISTRY[name].score(gold, pred).pathologies == ()


def test_published_conventions_say_how_many_strings_they_dropped(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # strings_pred.jsonl under `first`: "Paris" (D1), the trigger "stormed" and its "Troops" (D2) are nowhere.
    out = tmp_path / "out.json"
    assert score_main(["-g", str(EXAMPLES / "textee_gold.jsonl"), "-s", str(EXAMPLES / "strings_pred.jsonl"),
                       "--convention", "all", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.count("Pathology: predictions dropped as ungroundable: 3 prediction(s) placed nowhere") == 2
    made = json.loads(out.read_text())["pathologies"]
    assert sorted(made) == ["evmeval", "textee"]  # strings counts them: nothing dropped
    assert [(p["kind"], p["count"]) for p in made["textee"]] == [(UNGROUNDABLE, 3)]


def test_the_report_and_json_carry_dygiepps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    assert score_main(["-g", str(EXAMPLES / "dygiepp_gold.jsonl"), "-s", str(EXAMPLES / "dygiepp_pred.jsonl"),
                       "--convention", "dygiepp", "--json", str(out)]) == 0
    assert "Pathology: non-exclusive matching (arg_id): 1 predicted argument(s)" in capsys.readouterr().out
    made = json.loads(out.read_text())["pathologies"]["dygiepp"]
    assert [(p["metric"], p["count"]) for p in made] == [("arg_id", 1), ("arg_class", 1)]
