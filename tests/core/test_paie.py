"""Convention `paie`: PAIE's span, text and head F1 (mayubo2333/PAIE `metric.py`, the window of
`processors/processor_base.py`), from its functions' recorded figures and from hand-derived cases.

PAIE's functions ran on 150 generated cases (tests/published_paie.py: 75 RAMS, 75 WikiEvents with gen-arg
generations, windows of 2 to 250 words); their figures are in tests/data/recorded/paie.json. With `PAIE_DIR`
naming a checkout, the same cases run against the functions themselves.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from evmeval.conventions import Input
from evmeval.conventions.base import with_options
from evmeval.conventions.genarg import with_companions
from evmeval.conventions.paie import (
    ENCODER_NOTE,
    HEADS_MISSING,
    PaieMetric,
    head_word,
    score_paie,
    spacy_heads,
    window,
)

from tests import recorded as rec
from tests.programs import installed
from tests.published_paie import case_files, fake_heads, window_of

FIGURES = ("span_c", "span_i", "text_c", "text_i", "head_c", "head_i")


def _score(tmp_path: Path, files: dict[str, str], size: int, heads=fake_heads):  # type: ignore[no-untyped-def]
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    companions = {"ontology": str(tmp_path / "ontology.json")} if "ontology.json" in files else {}
    system = with_options(with_companions(Input(str(tmp_path / "prediction.jsonl")), **companions),
                          window_size=str(size))
    return score_paie(Input(str(tmp_path / "gold.jsonl")), system, heads=heads)


def _ours(result) -> dict[str, list[float]]:  # type: ignore[no-untyped-def]
    return {k: [m.match_num, m.pred_num, m.gold_num, m.precision, m.recall, m.f1] for k, m in result.metrics.items()}


@pytest.mark.parametrize("case", rec.case_ids("paie"))
def test_paie_equals_its_recorded_metric_functions(tmp_path: Path, case: str) -> None:
    files = case_files(case)
    recorded = rec.recorded("paie", case, {name: text.encode() for name, text in files.items()})
    result = _score(tmp_path, files, window_of(case))
    dropped = sum(p.count for p in result.pathologies if p.kind == "gold outside the model's window")
    assert dropped == recorded["invalid_arg_num"]
    assert _ours(result) == {k: pytest.approx(recorded[k]) for k in FIGURES}


@pytest.mark.skipif("PAIE_DIR" not in os.environ, reason="PAIE_DIR is not set (a checkout of mayubo2333/PAIE)")
@pytest.mark.parametrize("case", rec.case_ids("paie")[::10])
def test_paie_equals_its_metric_functions_live(tmp_path: Path, case: str) -> None:
    from tests.published_paie import PaieScorer

    theirs = PaieScorer(Path(os.environ["PAIE_DIR"])).figures(case)
    assert theirs == rec.recorded("paie", case, {n: t.encode() for n, t in case_files(case).items()})


@pytest.mark.skipif("PAIE_DIR" not in os.environ, reason="PAIE_DIR is not set (a checkout of mayubo2333/PAIE)")
@pytest.mark.parametrize("case", rec.case_ids("paie")[::15])
def test_paies_own_result_log_scores_as_its_functions_counted(tmp_path: Path, case: str) -> None:
    """PAIE's show_results writes the case's predictions as its run would; read back, they give its figures."""
    from tests.published_paie import PaieScorer

    log = tmp_path / "best_test_related_results.log"
    PaieScorer(Path(os.environ["PAIE_DIR"])).figures(case, log)
    files = case_files(case)
    files["prediction.jsonl"] = log.read_text(encoding="utf-8")
    recorded = rec.recorded("paie", case, {name: text.encode() for name, text in case_files(case).items()})
    assert _ours(_score(tmp_path, files, window_of(case))) == {k: pytest.approx(recorded[k]) for k in FIGURES}


def _worked_example(tmp_path: Path) -> tuple[Path, Path]:
    """The guide's example (docs/scoring/paie.md): 300 words, trigger word 140, W = 250."""
    words = [f"w{i}" for i in range(300)]
    gold = {"doc_key": "d", "sentences": [words[i:i + 30] for i in range(0, 300, 30)],
            "evt_triggers": [[140, 140, [["conflict.attack", 1.0]]]],
            "gold_evt_links": [[[140, 140], [20, 21], "evt001arg01victim"],
                               [[140, 140], [150, 150], "evt001arg03place"],
                               [[140, 140], [150, 150], "evt001arg03place"]]}
    pred = {"doc_key": "d", "predictions": [[[140, 140], [150, 150, "place", 1.0], [160, 161, "attacker", 1.0]]]}
    (tmp_path / "gold.jsonl").write_text(json.dumps(gold) + "\n", encoding="utf-8")
    (tmp_path / "pred.jsonl").write_text(json.dumps(pred) + "\n", encoding="utf-8")
    return tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"


def test_the_worked_example_of_the_guide(tmp_path: Path) -> None:
    gold, pred = _worked_example(tmp_path)
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(pred), "--convention", "paie"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert ("span-Classification  100.00   66.67   80.00       2       2       3\n"
            "span-Identification   50.00   50.00   50.00       1       2       2\n") in run.stdout
    page = (Path(__file__).resolve().parents[2] / "docs" / "scoring" / "paie.md").read_text(encoding="utf-8")
    shown = page.partition("## A worked example")[2].partition("```text\n")[2].partition("```")[0]
    assert shown.count("\n") == 7 and all(line in run.stdout.splitlines() for line in shown.splitlines())
    assert ("Pathology: gold outside the model's window: 1 gold argument(s) outside the model's window of 251 "
            "words, never seen and counted as missed: span-Classification recall 66.67 %, 100.00 % without them"
            ) in run.stdout
    assert f"Note: {ENCODER_NOTE}" in run.stdout
    if spacy_heads() is None:
        assert f"Note: {HEADS_MISSING}" in run.stdout and "head-Classification" not in run.stdout


def test_a_wider_window_sees_the_gold_and_json_keeps_the_pathology(tmp_path: Path) -> None:
    gold, pred = _worked_example(tmp_path)
    for size, counted in (("250", [2, 2, 3, 1]), ("300", [2, 2, 3, 0])):  # the victim is missed either way
        out = tmp_path / f"{size}.json"
        run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(pred), "--convention", "paie",
                              "--window-size", size, "--json", str(out)], capture_output=True, text=True, check=False)
        assert run.returncode == 0, run.stderr
        made = json.loads(out.read_text(encoding="utf-8"))
        span = made["conventions"]["paie"]["span_c"]
        outside = [p["count"] for p in made.get("pathologies", {}).get("paie", [])
                   if p["kind"] == "gold outside the model's window"]
        assert [span["match_num"], span["pred_num"], span["gold_num"], sum(outside)] == counted


@pytest.mark.parametrize(("args", "message"), [
    (["--window-size", "7"], "--window-size 7: PAIE's window is an even number of words"),
    (["--window-size", "0"], "--window-size 0: PAIE's window is an even number of words"),
])
def test_a_bad_window_is_refused(tmp_path: Path, args: list[str], message: str) -> None:
    gold, pred = _worked_example(tmp_path)
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(pred), "--convention", "paie",
                          *args], capture_output=True, text=True, check=False)
    assert (run.returncode, run.stdout) == (2, "")
    assert message in run.stderr and "Traceback" not in run.stderr


def test_the_window_size_is_paies_option_only(tmp_path: Path) -> None:
    gold, pred = _worked_example(tmp_path)
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(pred), "--convention", "rams",
                          "--window-size", "20"], capture_output=True, text=True, check=False)
    assert (run.returncode, run.stderr.strip()) == (2, "evmeval-score: error: --window-size is read by --convention "
                                                       "paie only")


def test_rams_has_no_middle_window_wikievents_has() -> None:
    # 30 words, W = 10 (11 words): a trigger at 12 is read through the last 11 words on RAMS, [7, 18) on WikiEvents
    assert window(30, (12, 13), 10, middle=False) == (19, 30)
    assert window(30, (12, 13), 10, middle=True) == (7, 18)
    assert window(30, (3, 5), 10, middle=True) == (0, 11)  # ends within the first W/2
    assert window(30, (25, 26), 10, middle=True) == (19, 30)  # starts within the last W/2
    assert window(11, (9, 10), 10, middle=False) == (0, 11)  # short enough: the whole document


def test_f1_is_0_when_precision_and_recall_add_up_to_at_most_1e_4() -> None:
    tiny = PaieMetric(1, 20_000, 20_000)
    assert tiny.precision + tiny.recall == pytest.approx(1e-4) and tiny.f1 == 0.0
    assert PaieMetric(1, 10_000, 10_000).f1 == pytest.approx(1e-4)


def test_the_head_walks_up_while_it_stays_in_the_span() -> None:
    # "the police station": the -> station, police -> station, station -> attacked (outside): head "station"
    heads = [3, 3, 0, 0]
    assert head_word(heads, 1, 3) == 3
    assert head_word(heads, 3, 3) == 3
    assert head_word([0, 0], 0, 1) == 0  # the root heads itself


def test_head_f1_counts_head_words(tmp_path: Path) -> None:
    """Gold "the police station" [0, 2] and a prediction "station" [2, 2] share the head "station": head F1
    counts it, span and text F1 do not."""
    tokens = ["the", "police", "station", "burned"]
    gold = {"doc_key": "d", "sentences": [tokens], "evt_triggers": [[3, 3, [["x", 1.0]]]],
            "gold_evt_links": [[[3, 3], [0, 2], "evt001arg01target"]]}
    pred = {"doc_key": "d", "predictions": [[[3, 3], [2, 2, "target", 1.0]]]}
    files = {"gold.jsonl": json.dumps(gold) + "\n", "prediction.jsonl": json.dumps(pred) + "\n"}
    m = _score(tmp_path, files, 250, heads=lambda words: [2, 2, 3, 3]).metrics
    assert (m["span_c"].match_num, m["text_c"].match_num, m["head_c"].match_num) == (0, 0, 1)


def test_gen_arg_generations_need_the_ontology(tmp_path: Path) -> None:
    files = case_files("wikievents-0")
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    run = subprocess.run([installed("evmeval-score"), "-g", str(tmp_path / "gold.jsonl"), "-s",
                          str(tmp_path / "prediction.jsonl"), "--convention", "paie"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1
    assert "paie reads gen-arg generations through each event type's template (expected --ontology FILE" in run.stderr
    run = subprocess.run([installed("evmeval-score"), "-g", str(tmp_path / "gold.jsonl"), "-s",
                          str(tmp_path / "prediction.jsonl"), "--convention", "paie", "--ontology",
                          str(tmp_path / "ontology.json"), "--window-size", "4"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert "span-Classification" in run.stdout and "window: 5 words around each trigger" in run.stdout


def test_rams_gold_with_gen_arg_generations_is_one_line(tmp_path: Path) -> None:
    gold, _ = _worked_example(tmp_path)
    (tmp_path / "gen.jsonl").write_text(json.dumps({"doc_key": "d", "predicted": "x"}) + "\n", encoding="utf-8")
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(tmp_path / "gen.jsonl"),
                          "--convention", "paie"], capture_output=True, text=True, check=False)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "gen.jsonl:1: a gen-arg generations JSONL (doc_key, predicted) file beside a RAMS JSONL" in run.stderr


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-score"), *args], capture_output=True, text=True, check=False)


def test_string_predictions_are_placed_on_the_gold_events_and_what_is_dropped_is_said(tmp_path: Path) -> None:
    """The guide's example as strings: "w150" and "w160 w161" grounded (closest) where the RAMS predictions put
    them, "nowhere" found nowhere (dropped, a pathology), and an event on a trigger gold lacks (its argument
    dropped, a warning): the same figures as the worked example."""
    gold, _ = _worked_example(tmp_path)
    strings = tmp_path / "strings.jsonl"
    strings.write_text(json.dumps({"doc_id": "d", "events": [
        {"trigger": "w140", "event_type": "conflict.attack", "arguments": [
            {"role": "place", "text": "w150"}, {"role": "attacker", "text": "w160 w161"},
            {"role": "victim", "text": "nowhere"}]},
        {"trigger": "zzz", "event_type": "x", "arguments": [{"role": "place", "text": "w1"}]}]}) + "\n",
        encoding="utf-8")
    run = _run("-g", str(gold), "-s", str(strings), "--convention", "paie")
    assert run.returncode == 0, run.stderr
    assert "span-Classification  100.00   66.67   80.00       2       2       3\n" in run.stdout
    assert ("Pathology: predictions dropped as ungroundable: 1 argument string(s) found nowhere in the text, placed "
            "nowhere under grounding closest and dropped") in run.stdout
    assert ("evmeval-score: warning: paie: 1 argument(s) of predicted events whose trigger is no gold trigger of "
            "their document: dropped") in run.stderr
    every = _run("-g", str(gold), "-s", str(strings), "--convention", "all")
    assert every.returncode == 0 and "Convention paie:" in every.stdout and "Convention rams:" not in every.stdout
    refused = _run("-g", str(gold), "-s", str(strings), "--convention", "rams")
    assert refused.returncode == 2 and "convention 'rams' does not read string predictions" in refused.stderr


@pytest.mark.parametrize(("rule", "matched"), [("closest", 1), ("first", 0)])
def test_the_grounding_rule_of_string_predictions_is_named_and_used(tmp_path: Path, rule: str, matched: int) -> None:
    """"Troops" is at 0 and at 4; the trigger at 3: closest takes 4 (the gold Attacker), first takes 0. Offsets
    name the gold event even where the trigger string is elsewhere too."""
    tokens = ["Troops", "x", "x", "attacked", "Troops", "attacked"]
    gold = {"doc_key": "d", "sentences": [tokens], "evt_triggers": [[3, 3, [["attack", 1.0]]]],
            "gold_evt_links": [[[3, 3], [4, 4], "evt001arg01attacker"]]}
    strings = {"doc_id": "d", "events": [{"trigger": "attacked", "event_type": "attack", "start": 3, "end": 4,
                                          "arguments": [{"role": "attacker", "text": "Troops"}]}]}
    (tmp_path / "gold.jsonl").write_text(json.dumps(gold) + "\n", encoding="utf-8")
    (tmp_path / "strings.jsonl").write_text(json.dumps(strings) + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    run = _run("-g", str(tmp_path / "gold.jsonl"), "-s", str(tmp_path / "strings.jsonl"), "--convention", "paie",
               "--grounding", rule, "--json", str(out))
    assert run.returncode == 0, run.stderr
    span = json.loads(out.read_text(encoding="utf-8"))["conventions"]["paie"]["span_c"]
    assert (span["match_num"], span["pred_num"], span["gold_num"]) == (matched, 1, 1)


WORKED_LOG = "\n".join([
    "test related best score: P: 1.0 R: 0.6666666666666666 f1: 0.8", "global step: 500", "-" * 85,
    "Sent: " + " ".join([f"w{i}" for i in range(49, 140)] + ["<t>", "w140", "</t>"]
                        + [f"w{i}" for i in range(141, 300)]),
    "Event type: conflict.attack\t\t\tTrigger word: ['w140', [91, 92], 49]", "Example ID d",
    "Arg attacker dismatched: Pred: w160 w161 (160,161)\tGt: __ No answer __ (-1,-1)",
    "Arg place matched: Pred: w150 (150,150)\tGt: w150 (150,150)",
    "Arg place dismatched: Pred: __ No answer __ (-1,-1)\tGt: w150 (150,150)", ""])
"""What PAIE's show_results writes for the guide's example (the victim, outside the window, is on no line)."""


def test_paies_result_log_is_read_as_its_predictions(tmp_path: Path) -> None:
    gold, _ = _worked_example(tmp_path)
    log = tmp_path / "best_test_related_results.log"
    log.write_text(WORKED_LOG, encoding="utf-8")
    run = _run("-g", str(gold), "-s", str(log), "--convention", "paie")
    assert run.returncode == 0, run.stderr
    assert ("span-Classification  100.00   66.67   80.00       2       2       3\n"
            "span-Identification   50.00   50.00   50.00       1       2       2\n") in run.stdout
    every = _run("-g", str(gold), "-s", str(log), "--convention", "all")
    assert every.returncode == 0 and "Convention paie:" in every.stdout and "Convention rams:" not in every.stdout
    refused = _run("-g", str(gold), "-s", str(log), "--convention", "rams")
    assert refused.returncode == 1 and "best_test_related_results.log:1: a PAIE's result log" in refused.stderr


@pytest.mark.parametrize(("change", "message"), [
    (("Example ID d", "Example ID e"), "log:6: event 1 is 'conflict.attack' of 'e'; the gold file's event 1 is "
                                       "'conflict.attack' of 'd' (expected the log of a PAIE run on this gold file"),
    (("Arg place matched: Pred", "Arg place matched Pred"), "log:8: 'Arg place matched Pred: w150 (150,150)\\tGt: "
                                                              "w150 (150,150)' (expected Arg <role>"),
])
def test_a_log_that_is_not_of_this_gold_file_is_one_line(tmp_path: Path, change: tuple[str, str],
                                                         message: str) -> None:
    gold, _ = _worked_example(tmp_path)
    log = tmp_path / "log"
    log.write_text(WORKED_LOG.replace(*change), encoding="utf-8")
    run = _run("-g", str(gold), "-s", str(log), "--convention", "paie")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert message in run.stderr


def test_the_python_api_takes_the_window_size(tmp_path: Path) -> None:
    import evmeval

    gold, pred = _worked_example(tmp_path)
    for size, gold_num, outside in ((None, 3, 1), (300, 3, 0)):
        scores = evmeval.score_convention(str(gold), str(pred), convention="paie", window_size=size)
        (result,) = scores.results
        assert result.metrics["span_c"].gold_num == gold_num
        assert sum(p.count for p in result.pathologies) == outside
    with pytest.raises(ValueError, match="window_size=300 is read by convention='paie' only"):
        evmeval.score_convention(str(gold), str(pred), convention="rams", window_size=300)
    with pytest.raises(ValueError, match="--window-size 3: PAIE's window is an even number"):
        evmeval.score_convention(str(gold), str(pred), convention="paie", window_size=3)


def test_the_pathologies_guides_window_example(tmp_path: Path) -> None:
    """docs/scoring/pathologies.md: 400 words, the trigger at word 200 (RAMS: the last 251 words, 149-399), gold
    at 20, 190 and 210, the two inside predicted: recall 2/3, 2/2 without the one outside."""
    words = [f"w{i}" for i in range(400)]
    gold = {"doc_key": "d", "sentences": [words], "evt_triggers": [[200, 200, [["attack", 1.0]]]],
            "gold_evt_links": [[[200, 200], [k, k], f"evt001arg0{n}{role}"]
                               for n, (k, role) in enumerate(((20, "victim"), (190, "place"), (210, "target")), 1)]}
    pred = {"doc_key": "d", "predictions": [[[200, 200], [190, 190, "place", 1.0], [210, 210, "target", 1.0]]]}
    files = {"gold.jsonl": json.dumps(gold) + "\n", "prediction.jsonl": json.dumps(pred) + "\n"}
    result = _score(tmp_path, files, 250)
    span = result.metrics["span_c"]
    assert (span.match_num, span.pred_num, span.gold_num) == (2, 2, 3)
    (outside,) = result.pathologies
    assert outside.count == 1 and "recall 66.67 %, 100.00 % without them" in outside.detail
