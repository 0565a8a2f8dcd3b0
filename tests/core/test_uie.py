"""Convention `uie`: UIE's eval_extraction.py figures, from its recorded outputs and from hand-derived cases.

UIE's `scripts/eval_extraction.py` (each of `-m normal/set/multimatch`), string-only lines first placed by its
`uie/sel2record/record.py`, ran on 150 seeded cases (tests/core/seeded_arguments.py `uie_case`); its counts and
F1 are in tests/data/recorded/uie.json.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from evmeval.conventions import Input, detect_format
from evmeval.conventions.base import with_options
from evmeval.conventions.genarg import with_companions
from evmeval.conventions.uie import score_uie
from evmeval.grounding import ground_closest
from evmeval.grounding.uie import ground_closest_uie, place_uie_records
from evmeval.io.uie import UieRecord

from tests import recorded as rec
from tests.core.seeded_arguments import uie_strategy
from tests.programs import installed


def _score(tmp_path: Path, gold: str, prediction: str, mode: str = "normal", strategy: str = "closest"):  # type: ignore[no-untyped-def]
    (tmp_path / "gold.jsonl").write_text(gold, encoding="utf-8")
    (tmp_path / "prediction.jsonl").write_text(prediction, encoding="utf-8")
    system = with_options(Input(str(tmp_path / "prediction.jsonl")), match_mode=mode, uie_map=strategy)
    return score_uie(Input(str(tmp_path / "gold.jsonl")), system)


@pytest.mark.parametrize("case", rec.case_ids("uie"))
def test_uie_equals_recorded_eval_extraction(tmp_path: Path, case: str) -> None:
    gold, prediction = rec.text_case("uie", case)
    figures = rec.recorded("uie", case, rec.text_files(gold, prediction))
    strategy = uie_strategy(int(case.removeprefix("seed-")))
    for mode in rec.UIE_MODES:
        metrics = _score(tmp_path, gold, prediction, mode, strategy).metrics
        assert list(metrics) == rec.UIE_METRICS
        ours = [[metrics[m].match_num, metrics[m].gold_num, metrics[m].pred_num] for m in rec.UIE_METRICS]
        assert ours == figures[mode], mode
        if mode == "normal":
            assert [100 * metrics[m].f1 for m in rec.UIE_METRICS] == pytest.approx(figures["normal_f1"], abs=1e-9)


TOKENS = ["the", "man", "fired", "at", "troops", "and", "fired", "again", "at", "the", "man"]
GOLD = json.dumps({"text": " ".join(TOKENS), "tokens": TOKENS, "event": [
    {"type": "Attack", "offset": [2], "text": "fired", "args": [
        {"type": "Attacker", "offset": [0, 1], "text": "the man"},
        {"type": "Target", "offset": [4], "text": "troops"}]},
    {"type": "Attack", "offset": [6], "text": "fired", "args": [
        {"type": "Target", "offset": [9, 10], "text": "the man"}]}]}) + "\n"


def _records(*records: tuple[str, str, list[list[str]]]) -> str:
    return json.dumps({"event": {"string": [{"type": t, "trigger": trigger, "roles": roles}
                                            for t, trigger, roles in records]}}) + "\n"


def test_the_records_after_a_used_up_trigger_are_dropped(tmp_path: Path) -> None:
    """docs/scoring/uie.md. Predicted strings: Attack "fired" (Target "troops"), Attack "fired" (Target "the man"),
    Attack "fired" (nothing), Die "again". "fired" occurs twice: the first record takes token 2, the second token
    6, the third finds both used and the script leaves the instance: the Die record is dropped with it.
    Offset triggers: (Attack,(2,)), (Attack,(6,)) against gold (Attack,(2,)), (Attack,(6,)): 2/2, R 2/2.
    String triggers keep all four records: (Attack,"fired") x3 and (Die,"again") against (Attack,"fired") x2:
    tp 2 (normal), P 2/4. Offset roles under closest: "troops" (4,), "the man" nearest token 6 by start: (9,10)
    (|9-6| = 3 < |0-6| = 6): both right, 2/2 against 3 gold."""
    prediction = _records(("Attack", "fired", [["Target", "troops"]]), ("Attack", "fired", [["Target", "the man"]]),
                          ("Attack", "fired", []), ("Die", "again", []))
    result = _score(tmp_path, GOLD, prediction)
    m = result.metrics
    assert (m["offset-evt-trigger"].match_num, m["offset-evt-trigger"].pred_num, m["offset-evt-trigger"].gold_num) \
        == (2, 2, 2)
    assert (m["string-evt-trigger"].match_num, m["string-evt-trigger"].pred_num) == (2, 4)
    assert (m["offset-evt-role"].match_num, m["offset-evt-role"].pred_num, m["offset-evt-role"].gold_num) == (2, 2, 3)
    assert result.warnings == ("2 event records dropped from the offset figures by UIE's sel2record map (closest) "
                               "once a trigger word's occurrences were used up: that record and every later one of "
                               "its instance",)
    first = _score(tmp_path, GOLD, prediction, strategy="first")
    assert first.metrics["offset-evt-role"].match_num == 1  # "the man" at its first occurrence, (0, 1): wrong role
    assert result.notes[-1] == ("grounding ceiling (gold's own strings placed by UIE's map closest): "
                                "offset-evt-trigger F1 100.00, offset-evt-role F1 100.00")
    assert first.notes[-1] == ("grounding ceiling (gold's own strings placed by UIE's map first): "
                               "offset-evt-trigger F1 100.00, offset-evt-role F1 66.67")  # gold's 2nd "the man" too


def test_the_three_match_modes(tmp_path: Path) -> None:
    """Predicted strings (offsets given): Attack "fired" twice, both at token 2. Gold has (Attack, (2,)) once and
    (Attack, (6,)). normal: one tp (gold matched once), pred 2, gold 2. multimatch: both predictions equal a gold
    tuple: tp 2. set: the predictions collapse to one: tp 1, pred 1."""
    record = {"type": "Attack", "trigger": [2], "roles": []}
    prediction = json.dumps({"event": {"offset": [record, record], "string": []}}) + "\n"
    got = {mode: _score(tmp_path, GOLD, prediction, mode).metrics["offset-evt-trigger"]
           for mode in ("normal", "multimatch", "set")}
    assert {k: (v.match_num, v.pred_num, v.gold_num) for k, v in got.items()} == {
        "normal": (1, 2, 2), "multimatch": (2, 2, 2), "set": (1, 1, 2)}


def test_uies_closest_is_by_start_not_by_gap() -> None:
    """UIE measures from the trigger's start, `closest` the gap between the spans (docs/scoring/uie.md): for a
    trigger over tokens 2-4 and "x" at 0 and 5, UIE takes 0 (2 from the start, against 3), the gap rule 5
    (touching, against 1 away)."""
    assert ground_closest_uie(TOKENS, ["the"], (2, 4)) == (0, 1)
    tokens = ["x", "a", "b", "c", "d", "x"]
    assert ground_closest_uie(tokens, ["x"], (1, 5)) == (0, 1)  # |0-1| = 1 < |5-1| = 4
    assert ground_closest(tokens, ["x"], (1, 5)) == (0, 1)
    assert ground_closest_uie(tokens, ["x"], (3, 5)) == (5, 6)  # |5-3| = 2 < |0-3| = 3
    assert ground_closest(tokens, ["x"], (2, 5)) == (5, 6)  # gap 0 against gap 2
    assert ground_closest_uie(tokens, ["x"], (2, 5)) == (0, 1)  # start 2 away against 3: the rules differ


def test_a_trigger_not_in_the_text_drops_its_record_only() -> None:
    placement = place_uie_records(TOKENS, [UieRecord("Die", "died", (("Victim", "man"),)),
                                           UieRecord("Attack", "fired", (("Target", "the  man"),))], "first")
    assert placement.trigger_not_in_text == 1 and placement.used_up == 0
    assert placement.argument_not_in_text == 1  # two spaces: three words, the middle one empty
    assert [(r.event_type, r.trigger, r.roles) for r in placement.records] == [("Attack", (2, 3), ())]


def test_the_cli(tmp_path: Path) -> None:
    (tmp_path / "gold.json").write_text(GOLD, encoding="utf-8")
    (tmp_path / "pred.txt").write_text(_records(("Attack", "fired", []), ("Attack", "fired", []),
                                                ("Attack", "fired", [])), encoding="utf-8")
    assert detect_format(Input(str(tmp_path / "gold.json"))) == "uie"
    assert detect_format(Input(str(tmp_path / "pred.txt"))) == "uie-record"
    score = installed("evmeval-score")
    base = [score, "-g", str(tmp_path / "gold.json"), "-s", str(tmp_path / "pred.txt"), "--convention", "uie"]
    run = subprocess.run([*base, "--match-mode", "set", "--json", str(tmp_path / "out.json")], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    assert "offset-evt-trigger  100.00  100.00  100.00       2       2       2" in run.stdout
    assert "string-evt-trigger  100.00  100.00  100.00       1       1       1" in run.stdout  # a set each side
    assert "Note: match mode set" in run.stdout
    assert "1 event record dropped from the offset figures" in run.stderr
    assert json.loads((tmp_path / "out.json").read_text())["conventions"]["uie"]["offset-evt-trigger"]["f1"] == 1.0
    bad = subprocess.run([*base, "--grounding", "all"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert "--grounding all with --convention uie: UIE's map is closest or first" in bad.stderr
    other = subprocess.run([score, "-g", str(tmp_path / "gold.json"), "-s", str(tmp_path / "pred.txt"),
                            "--convention", "rams", "--match-mode", "set"], capture_output=True, text=True)
    assert other.returncode == 2 and "--match-mode is read by --convention uie only" in other.stderr


def test_a_record_file_of_another_length_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "gold.json").write_text(GOLD + GOLD, encoding="utf-8")
    (tmp_path / "pred.txt").write_text(_records(("Attack", "fired", [])), encoding="utf-8")
    run = subprocess.run([installed("evmeval-score"), "-g", str(tmp_path / "gold.json"), "-s",
                          str(tmp_path / "pred.txt"), "--convention", "uie"], capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stderr.strip().endswith("pred.txt:1: 1 record lines for 2 gold instances (expected one record line "
                                       "per gold instance, in its order (the script asserts))")


def test_the_python_api_takes_the_match_mode_and_the_map(tmp_path: Path) -> None:
    import evmeval

    (tmp_path / "gold.json").write_text(GOLD, encoding="utf-8")
    (tmp_path / "pred.txt").write_text(_records(("Attack", "fired", [["Target", "the man"]])), encoding="utf-8")
    closest = evmeval.score_convention(tmp_path / "gold.json", tmp_path / "pred.txt", convention="uie")
    first = evmeval.score_convention(tmp_path / "gold.json", tmp_path / "pred.txt", convention="uie",
                                     grounding="first", match_mode="multimatch")
    assert closest.results[0].metrics["offset-evt-role"].match_num == 0  # "the man" nearest token 2: (0, 1)
    assert first.results[0].notes[0] == "match mode multimatch"
    with pytest.raises(ValueError, match="match mode 'any' \\(expected normal, set, multimatch\\)"):
        evmeval.score_convention(tmp_path / "gold.json", tmp_path / "pred.txt", convention="uie", match_mode="any")
    with pytest.raises(ValueError, match="match_mode='set' is read by convention='uie' only"):
        evmeval.score_convention(tmp_path / "gold.json", tmp_path / "pred.txt", convention="textee", match_mode="set")


@pytest.mark.parametrize(("gold", "system", "message"), [
    ("pred.txt", "pred.txt", "pred.txt:1: record lines (event: {string, offset}) in the gold file (expected UIE gold "
                             "instances (text, tokens, event: a list))"),
    ("gold.json", "gold.json", "gold.json:1: a gold instance (event: a list) in the system file (expected UIE record "
                               "lines (event: {string, offset}), as sel2record.py writes them)"),
])
def test_the_files_given_the_wrong_way_round_are_one_line(tmp_path: Path, gold: str, system: str,
                                                          message: str) -> None:
    (tmp_path / "gold.json").write_text(GOLD, encoding="utf-8")
    (tmp_path / "pred.txt").write_text(_records(("Attack", "fired", [])), encoding="utf-8")
    run = subprocess.run([installed("evmeval-score"), "-g", str(tmp_path / gold), "-s", str(tmp_path / system),
                          "--convention", "uie"], capture_output=True, text=True)
    assert run.returncode == 1 and run.stderr.strip().endswith(message)


def test_uies_match_mode_and_map_are_options_not_companion_files(tmp_path: Path) -> None:
    """`Input.companions` names further files (gen-arg's ontology); UIE's match mode and map are `Input.options`,
    and the scorer reads them there: multimatch credits both copies of a doubled record."""
    system = with_options(with_companions(Input("p.jsonl"), ontology="o.json"), match_mode="set", uie_map="first")
    assert (system.companions, system.options) == ({"ontology": "o.json"}, {"match-mode": "set", "uie-map": "first"})
    record = {"type": "Attack", "trigger": [2], "roles": []}
    prediction = json.dumps({"event": {"offset": [record, record], "string": []}}) + "\n"
    assert _score(tmp_path, GOLD, prediction, "multimatch").metrics["offset-evt-trigger"].match_num == 2
