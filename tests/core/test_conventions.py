"""Conventions `textee` and `dygiepp`: figures derived by hand on small files written from each format's
description (resources/examples), the same figures as the published scorers printed them, and
`evmeval-score --convention`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import REGISTRY, Input, conventions_for
from evmeval.conventions.dygiepp import score_documents
from evmeval.conventions.textee import score_textee
from evmeval.io.dygiepp import read_dygiepp
from evmeval.io.errors import FormatError

from tests.shipped import EXAMPLES

DATA = EXAMPLES
TEXTEE_GOLD, TEXTEE_PRED = DATA / "textee_gold.jsonl", DATA / "textee_pred.jsonl"
DYGIEPP_GOLD, DYGIEPP_PRED = DATA / "dygiepp_gold.jsonl", DATA / "dygiepp_pred.jsonl"


def counts(result_metrics: dict) -> dict[str, tuple[int, int, int]]:  # type: ignore[type-arg]
    return {name: (m.match_num, m.pred_num, m.gold_num) for name, m in result_metrics.items()}


# TextEE, by hand. Gold (textee_gold.jsonl):
#   D1-0 "Bob hired Ann in June ."  Start-Position [1,2): Bob[0,1) Employer, Ann Person, June[4,5) Time
#        (Ann's argument line says start 5, end 6, but its entity E1 is [2,3): TextEE takes the entity's)
#   D2-0 "Troops attacked the city and attacked it"
#        Attack [1,2): Troops[0,1) Attacker, city[3,4) Target
#        Attack [5,6): Troops Attacker, it[6,7) Target;  Attack [5,6) again: Troops Attacker (a duplicate)
# Prediction (textee_pred.jsonl, windows in the other order, arguments by start/end as TextEE writes them):
#   D1-0 Start-Position [1,2): [0,1) Employer, [2,3) Employer (wrong role), [4,5) Time
#        End-Position [1,2) (no arguments)
#   D2-0 Attack [1,2): [0,1) Attacker, [6,7) Target  (the Target of the *other* gold Attack)
#        Attack [2,4): [3,4) Target;   Attack [1,2) again, same arguments (a duplicate)
# Sets (the duplicates collapse):
#   trigger_id   gold {D1 1-2, D2 1-2, D2 5-6} = 3; pred {D1 1-2, D2 1-2, D2 2-4} = 3; both: D1 1-2, D2 1-2 -> 2
#   trigger_cls  gold 3; pred {D1 1-2 SP, D1 1-2 EP, D2 1-2 Att, D2 2-4 Att} = 4; both: D1 SP, D2 1-2 -> 2
#   argument_id  (type, span) gold {SP 0-1, SP 2-3, SP 4-5, Att 0-1, Att 3-4, Att 6-7} = 6;
#                pred {SP 0-1, SP 2-3, SP 4-5, Att 0-1, Att 6-7, Att 3-4} = 6; all 6 match (no trigger in the key)
#   argument_cls + role: pred SP 2-3 Employer is not gold (Person) -> 5 of 6, gold 6
#   attached_id  (trigger, type, span) gold: D1 3 + D2 {1-2:0-1, 1-2:3-4, 5-6:0-1, 5-6:6-7} = 7;
#                pred: D1 3 (all gold) + D2 {1-2:0-1 (gold), 1-2:6-7 (not), 2-4:3-4 (not)} = 6 -> 4 match
#   attached_cls + role: D1 Employer on Ann fails -> 2 + D2 1 -> 3 of 6, gold 7
TEXTEE_BY_HAND = {"trigger_id": (2, 3, 3), "trigger_cls": (2, 4, 3), "argument_id": (6, 6, 6),
                  "argument_cls": (5, 6, 6), "argument_attached_id": (4, 6, 7), "argument_attached_cls": (3, 6, 7)}

# What TextEE's own scorer.py printed on these two files (its compute_scores(..., "E2E") and print_scores,
# loaded from commit 25d5dca of ej0cl6/TextEE by tests/published_scorers.py, gold read by its
# load_E2E_data), recorded here so the test needs no checkout:
#   Tri-I            - P:  66.67 (    2/    3), R:  66.67 (    2/    3), F:  66.67
#   Tri-C            - P:  50.00 (    2/    4), R:  66.67 (    2/    3), F:  57.14
#   Arg-I            - P: 100.00 (    6/    6), R: 100.00 (    6/    6), F: 100.00
#   Arg-C            - P:  83.33 (    5/    6), R:  83.33 (    5/    6), F:  83.33
#   Arg-I (attached) - P:  66.67 (    4/    6), R:  57.14 (    4/    7), F:  61.54
#   Arg-C (attached) - P:  50.00 (    3/    6), R:  42.86 (    3/    7), F:  46.15
TEXTEE_PUBLISHED_PRINTED = {"trigger_id": (66.67, 66.67, 66.67), "trigger_cls": (50.00, 66.67, 57.14),
                            "argument_id": (100.00, 100.00, 100.00), "argument_cls": (83.33, 83.33, 83.33),
                            "argument_attached_id": (66.67, 57.14, 61.54),
                            "argument_attached_cls": (50.00, 42.86, 46.15)}


def test_textee_counts_as_derived_by_hand() -> None:
    result = score_textee(Input(str(TEXTEE_GOLD)), Input(str(TEXTEE_PRED)))
    assert list(result.metrics) == list(TEXTEE_BY_HAND)  # TextEE's names, in its order
    assert counts(result.metrics) == TEXTEE_BY_HAND


def test_textee_figures_are_what_its_scorer_printed() -> None:
    result = score_textee(Input(str(TEXTEE_GOLD)), Input(str(TEXTEE_PRED)))
    for name, printed in TEXTEE_PUBLISHED_PRINTED.items():
        m = result.metrics[name]
        assert tuple(round(100 * v, 2) for v in (m.precision, m.recall, m.f1)) == printed


def test_textee_fingerprint_counts_the_gold() -> None:
    fp = score_textee(Input(str(TEXTEE_GOLD)), Input(str(TEXTEE_PRED))).fingerprint
    # 2 documents, 2 windows, 4 event mentions (the duplicate counted: it is in the file), 3+2+2+1 arguments,
    # types Start-Position, Attack; roles Employer, Person, Time, Attacker, Target
    assert (fp.documents, fp.windows, fp.event_mentions, fp.arguments, fp.event_types, fp.role_types) == (
        2, 2, 4, 8, 2, 5)
    import hashlib

    assert fp.gold_sha256 == hashlib.sha256(TEXTEE_GOLD.read_bytes()).hexdigest()


def test_textee_refuses_a_missing_or_unknown_window(tmp_path: Path) -> None:
    lines = TEXTEE_PRED.read_text(encoding="utf-8").splitlines(keepends=True)
    missing = tmp_path / "missing.jsonl"
    missing.write_text(lines[0], encoding="utf-8")
    with pytest.raises(FormatError, match=r"missing.jsonl: no window 'D1-0' of document 'D1' \(gold line 1\)"):
        score_textee(Input(str(TEXTEE_GOLD)), Input(str(missing)))
    extra = tmp_path / "extra.jsonl"
    extra.write_text("".join(lines) + lines[0].replace('"D2-0"', '"D2-9"'), encoding="utf-8")
    with pytest.raises(FormatError, match=r"extra.jsonl:3: window 'D2-9' of document 'D2' is not in the gold"):
        score_textee(Input(str(TEXTEE_GOLD)), Input(str(extra)))


# DyGIE++, by hand. Gold (dygiepp_gold.jsonl), document token indices, spans inclusive:
#   D1 s0 "Bob hired Ann ." (0-3): hired(1) Start-Position: Bob(0) Employer, Ann(2) Person
#      s1 "Troops attacked the city and attacked it" (4-10):
#         attacked(5) Attack: Troops(4) Attacker, city(7) Target
#         attacked(9) Attack: Troops Attacker, it(10) Target
#         attacked(9) Meet: Troops Entity   <- same token: overwrites, trigger 9 is Meet, (9,Troops) is Entity
#   D2 s0 "Nothing happened ." no events
# Gold dictionaries: triggers s0 {1: SP}, s1 {5: Att, 9: Meet} -> 3;
#   argument rows (span, type of the trigger token, role): (0,SP,Employer) (2,SP,Person) (4,Att,Attacker)
#   (7,Att,Target) (4,Meet,Entity) (10,Meet,Target) -> 6
# Predicted (dygiepp_pred.jsonl, probability after each):
#   D1 s0 1 SP .9: 0 Employer .8, 2 Employer .4;   3 End-Position .3
#      s1 6 Attack .7: 4 Attacker .6, 10 Target .55;   9 Attack .65: 4 Attacker .5, 7 Target .45
#   D2 s0 1 Die .35: 0 Victim .9
# trig: pred tokens {1, 3}, {6, 9}, {1} = 5; id: 1 and 9 -> 2; class: 1 (9 is Meet in gold) -> 1
# arg rows: (0,SP,Employer) id+cls; (2,SP,Employer) id only; (4,Att,Attacker) under 6 id+cls;
#   (10,Att,Target) neither (gold has 10 under Meet); (4,Att,Attacker) under 9 id+cls again (not paired
#   off); (7,Att,Target) id+cls (any gold argument, though gold's is under token 5); (0,Die,Victim) neither
#   -> pred 7, id 5, class 4
DYGIEPP_BY_HAND = {"trig_id": (2, 5, 3), "trig_class": (1, 5, 3), "arg_id": (5, 7, 6), "arg_class": (4, 7, 6)}

# What DyGIE++'s EventMetrics.get_metric() returned on these files (dygie/training/event_metrics.py and its
# Document reader from commit b55dec4 of dwadden/dygiepp, run by tests/published_scorers.py):
#   trig_id P 0.4 R 0.6666666666666666 F 0.5;  trig_class P 0.2 R 0.3333333333333333 F 0.25
#   arg_id P 0.7142857142857143 R 0.8333333333333334 F 0.7692307692307692
#   arg_class P 0.5714285714285714 R 0.6666666666666666 F 0.6153846153846153
DYGIEPP_PUBLISHED = {"trig_id": (0.4, 0.6666666666666666, 0.5), "trig_class": (0.2, 0.3333333333333333, 0.25),
                     "arg_id": (0.7142857142857143, 0.8333333333333334, 0.7692307692307692),
                     "arg_class": (0.5714285714285714, 0.6666666666666666, 0.6153846153846153)}


def test_dygiepp_counts_as_derived_by_hand() -> None:
    result = REGISTRY["dygiepp"].score(Input(str(DYGIEPP_GOLD)), Input(str(DYGIEPP_PRED)))
    assert counts(result.metrics) == DYGIEPP_BY_HAND


def test_dygiepp_figures_are_what_its_metric_returned() -> None:
    result = REGISTRY["dygiepp"].score(Input(str(DYGIEPP_GOLD)), Input(str(DYGIEPP_PRED)))
    assert {n: (m.precision, m.recall, m.f1) for n, m in result.metrics.items()} == DYGIEPP_PUBLISHED


def test_dygiepp_threshold_drops_the_arguments_of_dropped_triggers() -> None:
    # Threshold 0.5 (kept: probability >= 0.5): triggers 3 (.3) and Die (.35) go, and with Die its Victim (.9);
    # arguments 2 Employer (.4) and 7 Target (.45) go.
    # trig: {1}, {6, 9} = 3; id 1, 9 -> 2; class 1 -> 1
    # args: (0,SP,Employer) id+cls, (4,Att,Attacker) x2 id+cls, (10,Att,Target) none -> pred 4, id 3, class 3
    result = score_documents(read_dygiepp(str(DYGIEPP_GOLD)), read_dygiepp(str(DYGIEPP_PRED)), threshold=0.5)
    assert counts(result.metrics) == {"trig_id": (2, 3, 3), "trig_class": (1, 3, 3), "arg_id": (3, 4, 6),
                                      "arg_class": (3, 4, 6)}


def test_dygiepp_predictions_keep_their_probabilities() -> None:
    doc = read_dygiepp(str(DYGIEPP_PRED)).documents[0]
    assert doc.predicted_events is not None
    event = doc.predicted_events[1][1]
    assert (event.trigger, event.event_type, event.logit, event.prob) == (9, "Attack", 1.2, 0.65)
    assert [(a.start, a.end, a.role, a.prob) for a in event.arguments] == [(4, 4, "Attacker", 0.5),
                                                                          (7, 7, "Target", 0.45)]


def test_dygiepp_system_without_predictions_is_named(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match=r"dygiepp_gold.jsonl:1: document 'D1' has no 'predicted_events'"):
        REGISTRY["dygiepp"].score(Input(str(DYGIEPP_GOLD)), Input(str(DYGIEPP_GOLD)))


def test_all_means_the_conventions_of_the_gold_format() -> None:
    assert [c.name for c in conventions_for("all", Input(str(TEXTEE_GOLD)))] == ["textee", "evmeval"]
    assert [c.name for c in conventions_for("all", Input(str(DYGIEPP_GOLD)))] == ["dygiepp", "evmeval"]


def test_cli_prints_the_table_and_writes_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c.json"
    assert score_main(["-g", str(TEXTEE_GOLD), "-s", str(TEXTEE_PRED), "--convention", "textee",
                       "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Data: 2 documents, 2 windows, 4 event mentions, 8 arguments, 2 event types")
    assert "Arg-C (attached)   50.00   42.86   46.15       3       6       7" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["schema"] == "convention/2"
    assert data["fingerprint"]["windows"] == 2
    metric = data["conventions"]["textee"]["trigger_cls"]
    p, r = 2 / 4, 2 / 3
    assert metric == {"precision": p, "recall": r, "f1": 2 * p * r / (p + r), "match_num": 2, "pred_num": 4,
                      "gold_num": 3}  # F1 made as the scorers make it, from P and R (not 2*2/(4+3))
    assert list(data["conventions"]["textee"]) == list(TEXTEE_BY_HAND)


def test_cli_all_on_dygiepp_and_report_file(tmp_path: Path) -> None:
    report = tmp_path / "r.txt"
    assert score_main(["-g", str(DYGIEPP_GOLD), "-s", str(DYGIEPP_PRED), "--convention", "all",
                       "-o", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    assert "3 sentences" in text and "Convention dygiepp" in text
    assert "arg_class    57.14   66.67   61.54       4       7       6" in text


@pytest.mark.parametrize(("extra", "message"), [
    (["--convention", "nope"],
     "unknown convention 'nope' (expected one of: textee, dygiepp, evmeval, maven, maven-ere, bionlp, strings, rams, "
     "gen-arg, uie, maven-arg, paie, all)"),
    (["--convention", "textee", "-t", "tkn"], "-t is a tbf option"),
])
def test_cli_bad_options(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert score_main(["-g", str(TEXTEE_GOLD), "-s", str(TEXTEE_PRED), *extra]) == 2
    assert message in capsys.readouterr().err


def test_cli_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    lines = TEXTEE_PRED.read_text(encoding="utf-8").splitlines(keepends=True)
    bad.write_text(lines[0] + lines[1].replace('"start": 4, "end": 5', '"start": 4, "end": 9'), encoding="utf-8")
    assert score_main(["-g", str(TEXTEE_GOLD), "-s", str(bad), "--convention", "textee"]) == 1
    err = capsys.readouterr().err
    assert err == (f"evmeval-score: error: {bad}:2: window 'D1-0', event 0, argument 2: span [4, 9) outside the "
                   "window's 6 tokens or empty (expected a token offset: an integer, 0 <= start < end <= number "
                   "of tokens (end exclusive))\n")


def test_cli_mixed_formats_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert score_main(["-g", str(TEXTEE_GOLD), "-s", str(DYGIEPP_PRED), "--convention", "textee"]) == 1
    assert "dygiepp_pred.jsonl:1: a DyGIE++ document JSONL file; the convention textee reads TextEE" in (
        capsys.readouterr().err)


def test_cli_output_on_an_input_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    before = TEXTEE_PRED.read_bytes()
    assert score_main(["-g", str(TEXTEE_GOLD), "-s", str(TEXTEE_PRED), "--convention", "textee",
                       "--json", str(TEXTEE_PRED)]) == 1
    assert "output would overwrite an input file" in capsys.readouterr().err
    assert TEXTEE_PRED.read_bytes() == before


def test_default_tbf_run_does_not_load_the_conventions(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    code = ("import sys; from evmeval.cli.score import score_main; "
            f"rc = score_main(['-g', {str(demo / 'gold.tbf')!r}, '-s', {str(demo / 'sample_system_C.tbf')!r}, "
            f"'-t', {str(demo / 'tkn')!r}, '-o', {str(tmp_path / 'o.txt')!r}]); "
            "print(rc, sorted(m for m in sys.modules if m.startswith(('evmeval.conventions', 'evmeval.io.textee', "
            "'evmeval.io.dygiepp', 'evmeval.io.jsonlines'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent.parent)
    assert done.stdout.strip() == "0 []"
