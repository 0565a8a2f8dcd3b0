"""`evmeval-compare --convention maven|maven-ere` (issue 36, "every convention's trigger and argument
figures"): every figure of MAVEN's and MAVEN-ERE's evaluate.py — micro and macro, B³, CEAF-e, MUC, BLANC,
their mean, the three relations and overall_f1 — with its interval and paired tests from a resample of
documents, the estimates bit for bit `evmeval-score --convention`'s; same seed, same bytes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import jsonschema
from evmeval._util.schemas import load_schema

from tests.programs import installed

DOCS = 10


def _run(program: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *map(str, args)], capture_output=True, text=True, check=False,
                          timeout=120)


def _maven_doc(d: int) -> dict[str, object]:
    content = [{"sentence": "Troops attacked the city and many died .",
                "tokens": ["Troops", "attacked", "the", "city", "and", "many", "died", "."]}]
    events = [{"id": f"E{d}a", "type": "Attack", "type_id": 5,
               "mention": [{"id": f"M{d}a", "trigger_word": "attacked", "sent_id": 0, "offset": [1, 2]}]},
              {"id": f"E{d}b", "type": "Death", "type_id": 7,
               "mention": [{"id": f"M{d}b", "trigger_word": "died", "sent_id": 0, "offset": [6, 7]}]}]
    negatives = [{"id": f"N{d}", "trigger_word": "city", "sent_id": 0, "offset": [3, 4]}]
    return {"id": f"D{d}", "title": "t", "content": content, "events": events, "negative_triggers": negatives}


def _maven_corpus(folder: Path) -> tuple[Path, Path, Path]:
    """Run a gets documents 3.. right and predicts Death for the city of every document; run b gets every
    Attack and no Death."""
    gold = folder / "gold.jsonl"
    gold.write_text("".join(json.dumps(_maven_doc(d)) + "\n" for d in range(DOCS)))
    a, b = folder / "a.jsonl", folder / "b.jsonl"
    a.write_text("".join(json.dumps({"id": f"D{d}", "predictions": [
        {"id": f"M{d}a", "type_id": 5 if d >= 3 else 0}, {"id": f"M{d}b", "type_id": 7 if d >= 3 else 5},
        {"id": f"N{d}", "type_id": 7}]}) + "\n" for d in range(DOCS)))
    b.write_text("".join(json.dumps({"id": f"D{d}", "predictions": [{"id": f"M{d}a", "type_id": 5}]}) + "\n"
                         for d in range(DOCS)))
    return gold, a, b


def _ere_doc(d: int) -> dict[str, object]:
    events = [{"id": f"E{d}a", "type": "Attack", "type_id": 5, "mention": [
                  {"id": f"m{d}1", "trigger_word": "attacked", "sent_id": 0, "offset": [1, 2]},
                  {"id": f"m{d}2", "trigger_word": "attack", "sent_id": 1, "offset": [1, 2]}]},
              {"id": f"E{d}b", "type": "Killing", "type_id": 6, "mention": [
                  {"id": f"m{d}3", "trigger_word": "killed", "sent_id": 1, "offset": [2, 3]}]},
              {"id": f"E{d}c", "type": "War", "type_id": 1, "mention": [
                  {"id": f"m{d}4", "trigger_word": "war", "sent_id": 0, "offset": [3, 4]}]}]
    return {"id": f"A{d}", "title": "War", "tokens": [["In", "1990", "troops", "war", "attacked", "."],
                                                      ["The", "attack", "killed", "many", "."]],
            "sentences": ["In 1990 troops war attacked .", "The attack killed many ."], "events": events,
            "TIMEX": [{"id": f"T{d}", "mention": "1990", "type": "DATE", "sent_id": 0, "offset": [1, 2]}],
            "temporal_relations": {"BEFORE": [[f"T{d}", f"E{d}a"]], "OVERLAP": [], "CONTAINS": [[f"E{d}c", f"E{d}b"]],
                                   "SIMULTANEOUS": [], "ENDS-ON": [], "BEGINS-ON": []},
            "causal_relations": {"CAUSE": [[f"E{d}a", f"E{d}b"]], "PRECONDITION": []},
            "subevent_relations": [[f"E{d}c", f"E{d}a"]]}


def _ere_prediction(d: int, good: bool) -> dict[str, object]:
    """Right coreference and relations, or everything a singleton with one wrong relation of each kind."""
    if good:
        return {"id": f"A{d}", "coreference": [[f"m{d}1", f"m{d}2"], [f"m{d}3"], [f"m{d}4"]],
                "temporal_relations": {"BEFORE": [[f"T{d}", f"m{d}1"], [f"T{d}", f"m{d}2"]],
                                       "CONTAINS": [[f"m{d}4", f"m{d}3"]]},
                "causal_relations": {"CAUSE": [[f"m{d}1", f"m{d}3"], [f"m{d}2", f"m{d}3"]]},
                "subevent_relations": [[f"m{d}4", f"m{d}1"], [f"m{d}4", f"m{d}2"]]}
    return {"id": f"A{d}", "coreference": [[f"m{d}1", f"m{d}3"], [f"m{d}2", f"m{d}4"]],
            "temporal_relations": {"OVERLAP": [[f"T{d}", f"m{d}1"]]},
            "causal_relations": {"PRECONDITION": [[f"m{d}1", f"m{d}3"]]},
            "subevent_relations": [[f"m{d}1", f"m{d}4"]]}


def _ere_corpus(folder: Path) -> tuple[Path, Path, Path]:
    """Run a right on documents 4.., run b on the even ones."""
    gold = folder / "gold.jsonl"
    gold.write_text("".join(json.dumps(_ere_doc(d)) + "\n" for d in range(DOCS)))
    a, b = folder / "a.jsonl", folder / "b.jsonl"
    a.write_text("".join(json.dumps(_ere_prediction(d, d >= 4)) + "\n" for d in range(DOCS)))
    b.write_text("".join(json.dumps(_ere_prediction(d, d % 2 == 0)) + "\n" for d in range(DOCS)))
    return gold, a, b


def _compare(convention: str, gold: Path, a: Path, b: Path, out: Path, *extra: object
             ) -> tuple[dict, subprocess.CompletedProcess[str]]:
    done = _run("evmeval-compare", "--convention", convention, "-g", gold, "-s", a, "-s", b, "--resamples", 1000,
                "--json", out, *extra)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    jsonschema.validate(data, load_schema("compare_convention"))
    return data, done


def _assert_estimates_are_scores(convention: str, data: dict, gold: Path, runs: tuple[Path, ...], tmp: Path) -> None:
    for index, run in enumerate(runs):
        done = _run("evmeval-score", "--convention", convention, "-g", gold, "-s", run, "--json", tmp / "s.json")
        assert done.returncode == 0, done.stderr
        metrics = json.loads((tmp / "s.json").read_text())["conventions"][convention]
        assert set(metrics) == set(data["metrics"])
        for metric, figures in metrics.items():
            mine = {f["figure"]: f["estimate"] for f in data["systems"][index][metric]}
            assert mine == {k: figures[k] for k in mine}, metric  # exactly, not approximately
            assert {k for k in ("precision", "recall", "f1") if figures[k] is not None} == set(mine), metric


def test_maven_micro_and_macro_are_the_scripts_with_intervals(tmp_path: Path):
    gold, a, b = _maven_corpus(tmp_path)
    data, done = _compare("maven", gold, a, b, tmp_path / "c.json")
    _assert_estimates_are_scores("maven", data, gold, (a, b), tmp_path)
    assert data["bootstrap"]["unit"] == "document" and data["bootstrap"]["num_units"] == DOCS
    assert "1000 paired resamples of 10 documents, seed" in done.stdout
    micro = {f["figure"]: f for f in data["systems"][0]["micro"]}
    assert micro["recall"]["estimate"] == 14 / 20 and micro["precision"]["estimate"] == 14 / 27
    assert micro["f1"]["ci_low"] < micro["f1"]["estimate"] < micro["f1"]["ci_high"]
    [pair] = data["pairs"]
    assert {t["figure"] for t in pair["macro"]} == {"precision", "recall", "f1"}
    recall = next(t for t in pair["micro"] if t["figure"] == "recall")
    assert recall["delta"] == 10 / 20 - 14 / 20


def test_every_maven_ere_figure_has_an_interval(tmp_path: Path):
    gold, a, b = _ere_corpus(tmp_path)
    data, done = _compare("maven-ere", gold, a, b, tmp_path / "c.json")
    _assert_estimates_are_scores("maven-ere", data, gold, (a, b), tmp_path)
    assert list(data["metrics"]) == ["b_cubed", "ceaf", "muc", "blanc", "coreference", "temporal", "causal",
                                     "subevent", "overall"]
    overall = data["systems"][0]["overall"]
    assert [f["figure"] for f in overall] == ["f1"]
    assert overall[0]["ci_low"] < overall[0]["estimate"] < overall[0]["ci_high"]
    assert "overall_f1" in done.stdout and "coreference (mean F1)" in done.stdout
    [pair] = data["pairs"]
    assert set(pair) == {"a", "b", *data["metrics"]}


def test_same_seed_same_bytes(tmp_path: Path):
    gold, a, b = _ere_corpus(tmp_path)
    first = _compare("maven-ere", gold, a, b, tmp_path / "1.json", "--seed", 7)
    second = _compare("maven-ere", gold, a, b, tmp_path / "2.json", "--seed", 7)
    assert (tmp_path / "1.json").read_bytes() == (tmp_path / "2.json").read_bytes()
    assert first[1].stdout == second[1].stdout


def test_unit_window_and_bad_input_are_one_line(tmp_path: Path):
    gold, a, b = _maven_corpus(tmp_path)
    window = _run("evmeval-compare", "--convention", "maven", "-g", gold, "-s", a, "-s", b, "--unit", "window")
    assert window.returncode == 2
    assert "--unit window is for window formats (textee, dygiepp and strings); maven scores documents" in window.stderr
    wrong = _run("evmeval-compare", "--convention", "maven", "-g", a, "-s", a, "-s", b)
    assert wrong.returncode == 1 and "Traceback" not in wrong.stderr
    assert wrong.stderr.startswith("evmeval-compare: error: ") and "a.jsonl:1:" in wrong.stderr
    assert len(wrong.stderr.strip().splitlines()) == 1
