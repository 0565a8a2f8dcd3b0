"""Convention `omnievent`: OmniEvent's unified event-detection evaluation under its four regimes.

The differential test compares ours with OmniEvent's own functions (tests/published_omnievent.py) on 150
generated cases, as recorded in tests/data/recorded/omnievent.json; with OMNIEVENT_DIR set (a checkout of
THU-KEG/OmniEvent, and numpy, scikit-learn, seqeval installed) a few cases are run live as well. The worked
examples are docs/scoring/omnievent.md's.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from evmeval.conventions.base import Metric
from evmeval.conventions.omnievent import convert, known_types, score_files
from evmeval.io.omnievent import read_dumped, read_gold, read_predictions

from tests import recorded as rec
from tests.core.seeded_omnievent import REGIMES
from tests.programs import installed
from tests.published_omnievent import results_digest

TEXT = "Troops attacked the city and then set up camp ."
GOLD = {"id": "d1", "text": TEXT,
        "events": [{"type": "Conflict.Attack", "triggers": [{"id": "t1", "position": [7, 15], "arguments": []}]},
                   {"type": "Movement.Transport-Person",
                    "triggers": [{"id": "t2", "position": [34, 40], "arguments": []}]}],
        "negative_triggers": [{"id": "n1", "position": [20, 24]}, {"id": "n2", "position": [41, 45]}]}
OUTPUTS = {
    # Troops attacked the city and then set up camp . : "set up" goes on into "camp" (same tag): NA
    "sl": ["O", "B-Conflict.Attack", "O", "B-Conflict.Attack", "O", "O", "B-Movement.Transport-Person",
           "I-Movement.Transport-Person", "I-Movement.Transport-Person"],
    # "attacked" twice: the gold type is taken over the first; "bogus" is no known type; "setup" is not "set up"
    "s2s": [["attacked", "transportperson"], ["attacked", "attack"], ["city", "bogus"], ["setup", "transportperson"]],
    # eight labels for ten words: camp (a negative trigger) lies past them
    "mrc": ["NA", "Conflict.Attack", "NA", "NA", "NA", "NA", "Movement.Transport-Person", "Movement.Transport-Person"],
    "tc": ["Conflict.Attack", "Life.Die", "Life.Die", "NA"],
}


def run_score(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-score"), *args], capture_output=True, text=True, check=False)


def _write(tmp_path: Path, regime: str, outputs: list[object] | None = None, gold: dict[str, object] | None = None
           ) -> tuple[Path, Path]:
    (tmp_path / "gold.jsonl").write_text(json.dumps(gold or GOLD) + "\n", encoding="utf-8")
    (tmp_path / "pred.jsonl").write_text(json.dumps({"id": "d1", "outputs": OUTPUTS[regime] if outputs is None
                                                     else outputs}) + "\n", encoding="utf-8")
    return tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"


@pytest.mark.parametrize("case", rec.case_ids("omnievent"))
def test_omnievent_equals_recorded_omnievent(tmp_path: Path, case: str) -> None:
    files = rec.omnievent_files(case)
    figures = rec.recorded("omnievent", case, {name: text.encode() for name, text in files.items()})
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    gold = read_gold(str(tmp_path / "gold.jsonl"))
    for regime in REGIMES:
        outputs = read_predictions(str(tmp_path / f"{regime}.jsonl"), None, regime).outputs
        metrics = score_files(gold, outputs, regime, "p").metrics
        theirs, digest, paradigm = figures[regime][:3], figures[regime][3], figures[regime][4:]
        assert _percent(metrics["micro_f1"]) == pytest.approx(theirs, abs=1e-9)
        assert results_digest(convert(gold, outputs, regime, known_types(gold, None), "p").predicted) == digest
        assert (_percent(metrics["paradigm_micro_f1"]) if paradigm else []) == pytest.approx(paradigm, abs=1e-9)
        # the labels OmniEvent dumps (test_preds.json), scored as the regime counts them: the same figure
        labels = convert(gold, outputs, regime, known_types(gold, None), "p").predicted
        (tmp_path / "dump.json").write_text(json.dumps(labels), encoding="utf-8")
        dumped = read_dumped(str(tmp_path / "dump.json"), None, gold).outputs
        metric = score_files(gold, dumped, regime, "d", dumped=True).metrics["micro_f1"]
        assert _percent(metric) == pytest.approx(theirs, abs=1e-9)


def _percent(metric: Metric) -> list[float]:
    return [100 * metric.precision, 100 * metric.recall, 100 * metric.f1]


@pytest.mark.skipif(not os.environ.get("OMNIEVENT_DIR"), reason="OMNIEVENT_DIR (a THU-KEG/OmniEvent checkout) not set")
def test_the_recording_is_omnievents_own() -> None:
    from tests.published_omnievent import OmniEventScorer

    scorer = OmniEventScorer(Path(os.environ["OMNIEVENT_DIR"]))
    for case in rec.case_ids("omnievent")[:5]:
        assert rec.omnievent_figures(scorer, case)[1] == rec.load("omnievent")["cases"][case]["figures"]


@pytest.mark.parametrize(("regime", "counts"), [
    ("sl", (1, 2, 2)),   # attacked right, city a false alarm, set up missed (the span goes on)
    ("s2s", (1, 1, 2)),  # attacked right (gold type preferred); "setup" is not the text "set up"
    ("mrc", (2, 2, 2)),  # attacked and set up right (both words of set up agree)
    ("tc", (1, 3, 2)),   # Life.Die twice: wrong type on set up, a false alarm on city; tc counts every type
])
def test_the_worked_examples_count_as_the_guide_derives(tmp_path: Path, regime: str,
                                                        counts: tuple[int, int, int]) -> None:
    gold, pred = _write(tmp_path, regime)
    done = run_score("--convention", "omnievent", "--regime", regime, "-g", str(gold), "-s", str(pred),
                     "--json", str(tmp_path / "s.json"))
    assert done.returncode == 0, done.stderr
    figures = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["conventions"]["omnievent"]["micro_f1"]
    assert (figures["match_num"], figures["pred_num"], figures["gold_num"]) == counts


def test_mrc_counts_set_up_and_the_report_names_its_regime(tmp_path: Path) -> None:
    """mrc: "set up" (words 6-7) are both Movement.Transport-Person: right; "attacked" right; P 2/2, R 2/2."""
    gold, pred = _write(tmp_path, "mrc")
    done = run_score("--convention", "omnievent", "--regime", "mrc", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 0, done.stderr
    assert "micro_f1 (unified ED, mrc)  100.00  100.00  100.00       2       2       2" in done.stdout
    assert "paradigm micro_f1 (words)   100.00  100.00  100.00       3       3       3" in done.stdout


def test_s2s_drops_unused_pairs_and_says_how_many(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path, "s2s")
    done = run_score("--convention", "omnievent", "--regime", "s2s", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 0, done.stderr
    assert ("Pathology: predictions dropped as ungroundable (micro_f1): 3 (trigger, type) pair(s) taken by no "
            "candidate") in done.stdout


def test_gold_past_a_cut_output_is_missed_and_said(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path, "sl", ["O", "B-Conflict.Attack", "O"])
    done = run_score("--convention", "omnievent", "--regime", "sl", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 0, done.stderr
    assert "Pathology: gold outside the model's window (micro_f1): 1 gold trigger(s) end past" in done.stdout
    assert "micro_f1 (unified ED, sl)          100.00   50.00   66.67       1       1       2" in done.stdout
    # what OmniEvent's trainer reports for sl: the cut words are out of its sight, so nothing is missed
    assert "paradigm micro_f1 (seqeval spans)  100.00  100.00  100.00       1       1       1" in done.stdout


def test_a_regime_is_needed_and_only_with_omnievent(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path, "sl")
    done = run_score("--convention", "omnievent", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 2
    assert done.stderr == ("evmeval-score: error: --convention omnievent needs --regime (tc, sl, s2s, mrc): how the "
                           "prediction lines are read\n")
    done = run_score("--convention", "maven-arg", "--regime", "sl", "-g", str(gold), "-s", str(pred))
    assert (done.returncode, done.stderr) == (2, "evmeval-score: error: --regime is read by --convention omnievent "
                                                 "only\n")


def test_tc_outputs_one_per_candidate(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path, "tc", ["Conflict.Attack"])
    done = run_score("--convention", "omnievent", "--regime", "tc", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 1
    assert done.stderr.startswith(f"evmeval-score: error: {pred}:1: 1 outputs for 4 candidates (expected under "
                                  "--regime tc a label per candidate")


def test_a_gold_file_without_negative_triggers_is_refused_saying_why(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path, "mrc", gold={**GOLD, "negative_triggers": []})
    done = run_score("--convention", "omnievent", "--regime", "mrc", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 1
    assert done.stderr.startswith(f"evmeval-score: error: {gold}:1: no negative trigger in the gold file")
    assert "Traceback" not in done.stderr


def test_all_picks_the_convention_that_reads_the_prediction_file(tmp_path: Path) -> None:
    """MAVEN-Arg and OmniEvent share the unified gold layout; `all` scores the one whose predictions are given."""
    gold, pred = _write(tmp_path, "mrc")
    done = run_score("--convention", "all", "--regime", "mrc", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 0, done.stderr
    assert "Convention omnievent:" in done.stdout and "Convention maven-arg:" not in done.stdout
    assert "Switchboard: no other convention reads OmniEvent prediction JSONL" in done.stdout


def test_validate_checks_a_prediction_file(tmp_path: Path) -> None:
    (tmp_path / "pred.jsonl").write_text('{"id": "d1", "outputs": "O O"}\n', encoding="utf-8")
    done = subprocess.run([installed("evmeval-validate"), str(tmp_path / "pred.jsonl")], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 1
    assert "pred.jsonl:1: " in done.stdout + done.stderr


def test_the_dataset_types_decide_which_s2s_pairs_count(tmp_path: Path) -> None:
    """--ontology: OmniEvent's type2id.json; a pair of a type it lacks is passed over for the next one. Without
    it the gold file's types are the known ones: "die" is passed over and city takes "attack", a false alarm;
    with Life.Die in the dataset's types city takes "die", a type the gold lacks, which counts nowhere."""
    gold, pred = _write(tmp_path, "s2s", [["city", "die"], ["city", "attack"]])
    (tmp_path / "type2id.json").write_text(json.dumps({"NA": 0, "Life.Die": 1, "Conflict.Attack": 2}),
                                           encoding="utf-8")
    given = ("--convention", "omnievent", "--regime", "s2s", "-g", str(gold), "-s", str(pred))
    by_gold = run_score(*given, "--json", str(tmp_path / "a.json"))
    by_ontology = run_score(*given, "--ontology", str(tmp_path / "type2id.json"), "--json", str(tmp_path / "b.json"))
    assert by_gold.returncode == by_ontology.returncode == 0, by_gold.stderr + by_ontology.stderr
    pred_num = [json.loads((tmp_path / n).read_text(encoding="utf-8"))["conventions"]["omnievent"]["micro_f1"]
                ["pred_num"] for n in ("a.json", "b.json")]
    assert pred_num == [1, 0]
    assert "1 candidate(s) predicted with a type the gold file lacks: counted nowhere" in by_ontology.stdout


def test_the_python_api_takes_the_regime(tmp_path: Path) -> None:
    import evmeval

    gold, pred = _write(tmp_path, "sl")
    scores = evmeval.score_convention(gold, pred, convention="omnievent", regime="sl")
    metric = scores.results[0].metrics["micro_f1"]
    assert (metric.match_num, metric.pred_num, metric.gold_num) == (1, 2, 2)
    with pytest.raises(ValueError, match="needs --regime"):
        evmeval.score_convention(gold, pred, convention="omnievent")


@pytest.mark.parametrize("regime", REGIMES)
def test_gold_itself_as_the_output_scores_100_under_every_regime(tmp_path: Path, regime: str) -> None:
    """Each regime's output written from gold (one word triggers, nothing cut): every candidate gets its label."""
    outputs: dict[str, list[object]] = {
        "tc": ["Conflict.Attack", "Movement.Transport-Person", "NA", "NA"],
        "sl": ["O", "B-Conflict.Attack", "O", "O", "O", "O", "B-Movement.Transport-Person",
               "I-Movement.Transport-Person", "O", "O"],
        "mrc": ["NA", "Conflict.Attack", "NA", "NA", "NA", "NA", "Movement.Transport-Person",
                "Movement.Transport-Person", "NA", "NA"],
        "s2s": [["attacked", "attack"], ["set up", "transportperson"]],
    }
    gold, pred = _write(tmp_path, regime, outputs[regime])
    result = evmeval_score(gold, pred, regime)
    assert (result.match_num, result.pred_num, result.gold_num) == (2, 2, 2)


def evmeval_score(gold: Path, pred: Path, regime: str) -> Metric:
    import evmeval

    return evmeval.score_convention(gold, pred, convention="omnievent", regime=regime).results[0].metrics["micro_f1"]


def test_more_labels_than_words_are_refused(tmp_path: Path) -> None:
    gold, pred = _write(tmp_path, "mrc", ["NA"] * 11)
    done = run_score("--convention", "omnievent", "--regime", "mrc", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 1
    assert done.stderr.startswith(f"evmeval-score: error: {pred}:1: 11 outputs for 10 words (expected under --regime "
                                  "mrc at most a label per word of the text")


def test_the_sl_paradigm_figure_counts_spans_before_the_conversion(tmp_path: Path) -> None:
    """Gold spans attacked, set up; predicted attacked, city, set up camp: 1 of 3 right, 1 of 2 found (40.00)."""
    gold, pred = _write(tmp_path, "sl")
    done = run_score("--convention", "omnievent", "--regime", "sl", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 0, done.stderr
    assert "paradigm micro_f1 (seqeval spans)   33.33   50.00   40.00       1       3       2" in done.stdout


def test_the_data_line_counts_items_triggers_and_the_arguments_not_scored(tmp_path: Path) -> None:
    argument = {"role": "Attacker", "id": "a", "mentions": [{"position": [0, 6]}]}
    events = [{**GOLD["events"][0], "triggers": [{"id": "t1", "position": [7, 15], "arguments": [argument]}]},  # type: ignore[index]
              GOLD["events"][1]]  # type: ignore[index]
    gold, pred = _write(tmp_path, "tc", gold={**GOLD, "events": events})
    done = run_score("--convention", "omnievent", "--regime", "tc", "-g", str(gold), "-s", str(pred))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Data: 1 documents, 2 event mentions, 1 arguments, 2 event types, 1 roles; ")


def test_omnievents_own_dumped_labels_are_read_too(tmp_path: Path) -> None:
    """test_preds.json, as OmniEvent's dump_preds writes it: a label per candidate (attacked, set up, city,
    camp), the sl example's conversion; counted as sl counts: 1 right of 2 predicted, 2 gold."""
    gold, _ = _write(tmp_path, "sl")
    (tmp_path / "test_preds.json").write_text(json.dumps(["Conflict.Attack", "NA", "Conflict.Attack", "NA"]),
                                              encoding="utf-8")
    done = run_score("--convention", "omnievent", "--regime", "sl", "-g", str(gold), "-s",
                     str(tmp_path / "test_preds.json"))
    assert done.returncode == 0, done.stderr
    assert "micro_f1 (unified ED, sl)   50.00   50.00   50.00       1       2       2" in done.stdout
    assert "Note: OmniEvent's own dumped labels, a label per candidate, counted as sl counts them" in done.stdout
    (tmp_path / "short.json").write_text(json.dumps(["NA"]), encoding="utf-8")
    done = run_score("--convention", "omnievent", "--regime", "sl", "-g", str(gold), "-s", str(tmp_path / "short.json"))
    assert done.returncode == 1
    assert done.stderr.startswith(f"evmeval-score: error: {tmp_path / 'short.json'}:1: 1 labels for 4 candidates of "
                                  "the gold file (expected OmniEvent's test_preds.json")
    (tmp_path / "bad.json").write_text(json.dumps(["NA", 3]), encoding="utf-8")
    checked = subprocess.run([installed("evmeval-validate"), str(tmp_path / "bad.json")], capture_output=True,
                             text=True, check=False)
    assert checked.returncode == 1
    assert "bad.json:1: a list holding a non-string" in checked.stdout + checked.stderr


def test_all_on_a_maven_arg_submission_stays_maven_arg(tmp_path: Path) -> None:
    """The same gold layout with MAVEN-Arg's submission: `all` is maven-arg alone, as before omnievent."""
    from tests.core.test_maven_arg import _gold, _score

    _score(tmp_path, _gold(), {"t1": {"event_type": "Attack", "Attacker": ["protesters"]}})
    done = run_score("--convention", "all", "-g", str(tmp_path / "test.unified.jsonl"), "-s",
                     str(tmp_path / "test_prediction.jsonl"), "--ontology", str(tmp_path / "label2role.json"))
    assert done.returncode == 0, done.stderr
    assert "Convention maven-arg:" in done.stdout and "Convention omnievent:" not in done.stdout
