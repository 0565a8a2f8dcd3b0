"""Convention `gen-arg`: gen-arg's scorer.py figures, from its recorded counters and from hand-derived cases.

gen-arg's `src/genie/scorer.py` (KAIROS, with and without --coref) ran on 150 seeded cases
(tests/core/seeded_arguments.py `genarg_case`), without and with --head-only (on the stand-in parse
`tests.published_paie.fake_heads`, given to both sides); its six counters of each run are in
tests/data/recorded/gen_arg.json.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from evmeval.conventions import Input, detect_format
from evmeval.conventions.base import Metric, with_options
from evmeval.conventions.genarg import HEAD, HEAD_ONLY, score_genarg, template_arguments, with_companions
from evmeval.grounding import genarg_distance, ground_closest, ground_closest_genarg
from evmeval.io.errors import FormatError
from hypothesis import given
from hypothesis import strategies as st

from tests import recorded as rec
from tests.programs import installed
from tests.published_paie import fake_heads


def _inputs(tmp_path: Path, files: dict[str, str]) -> tuple[Input, Input]:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    coref = str(tmp_path / "coref.jsonlines") if "coref.jsonlines" in files else None
    system = with_companions(Input(str(tmp_path / "prediction.jsonl")), ontology=str(tmp_path / "ontology.json"),
                             coref_file=coref)
    return Input(str(tmp_path / "gold.jsonl")), system


def stand_in_parse(tokens: tuple[str, ...]) -> list[int]:
    """The recorder's stand-in parse on the words the script's whitespace tokenizer makes of the tokens."""
    return fake_heads(" ".join(tokens).split(" "))


def _check_counters(m: dict[str, Metric], counters: list[int], coref: bool, prefix: str = "") -> None:
    predicted, gold, idn, cls, idn_coref, cls_coref = counters
    assert (m[f"{prefix}role_id"].pred_num, m[f"{prefix}role_id"].gold_num) == (predicted, gold)
    assert (m[f"{prefix}role_id"].match_num, m[f"{prefix}role"].match_num) == (idn, cls)
    if coref:
        assert (m[f"{prefix}coref_role_id"].match_num, m[f"{prefix}coref_role"].match_num) == (
            idn + idn_coref, cls + cls_coref)
    else:
        assert f"{prefix}coref_role_id" not in m and (idn_coref, cls_coref) == (0, 0)


@pytest.mark.parametrize("case", rec.case_ids("gen_arg"))
def test_genarg_equals_recorded_scorer_py(tmp_path: Path, case: str) -> None:
    """Each case's six counters without --head-only, then with it on the stand-in parse given to both sides."""
    files = rec.genarg_files(case)
    counters = rec.recorded("gen_arg", case, {name: text.encode() for name, text in files.items()})
    gold, system = _inputs(tmp_path, files)
    _check_counters(score_genarg(gold, system).metrics, counters[:6], "coref.jsonlines" in files)
    heads = score_genarg(gold, with_options(system, **{HEAD_ONLY: "1"}), heads=stand_in_parse)
    assert set(heads.metrics) == {HEAD + k for k in score_genarg(gold, system).metrics}
    _check_counters(heads.metrics, counters[6:], "coref.jsonlines" in files, HEAD)


ONTOLOGY = json.dumps({"Conflict.Attack.Unspecified": {
    "template": "<arg1> attacked <arg2> using <arg3> at <arg4> place",
    "roles": ["Attacker", "Target", "Instrument", "Place"]}})
TOKENS = ["The", "protesters", "attacked", "the", "police", "station", "in", "Kabul", "and", "the", "protesters",
          "left"]
GOLD = json.dumps({"doc_id": "d", "tokens": TOKENS, "entity_mentions": [
    {"id": "E1", "start": 0, "end": 2}, {"id": "E2", "start": 3, "end": 6}, {"id": "E3", "start": 7, "end": 8},
    {"id": "E4", "start": 9, "end": 11}],
    "event_mentions": [{"event_type": "Conflict.Attack.Unspecified", "trigger": {"start": 2, "end": 3},
                        "arguments": [{"entity_id": "E1", "role": "Attacker"}, {"entity_id": "E2", "role": "Target"},
                                      {"entity_id": "E3", "role": "Place"}]}]}) + "\n"
GENERATION = json.dumps({"doc_key": "d", "predicted": " protesters attacked police station and Kabul using  <arg>  at "
                         "Kabul place", "gold": ""}) + "\n"
COREF = json.dumps({"doc_key": "d", "clusters": [["E1", "E4"], ["E2"], ["E3"]]}) + "\n"


def test_the_worked_example_of_the_guide(tmp_path: Path) -> None:
    """docs/scoring/gen-arg.md. Gold, determiners stripped: Attacker [1,1] "protesters", Target [4,5] "police
    station", Place [7,7] "Kabul". Generated: Attacker "protesters" (occurrences at 1 and 10: 1 is nearer the
    trigger [2,3)), Target "police station and Kabul" (nowhere: split at `and` into [4,5] and [7,7]), Place
    "Kabul" [7,7]. Predicted set: (1,1,Attacker), (4,5,Target), (7,7,Target), (7,7,Place): 4 predicted, 3 gold;
    identified 4 (each on a gold span), classified 3: Role P = 3/4, R = 3/3; Role identification P = 4/4."""
    files = {"gold.jsonl": GOLD, "prediction.jsonl": GENERATION, "ontology.json": ONTOLOGY}
    m = score_genarg(*_inputs(tmp_path, files)).metrics
    assert (m["role_id"].match_num, m["role_id"].pred_num, m["role_id"].gold_num) == (4, 4, 3)
    assert m["role_id"].recall == 4 / 3  # no one-to-one pairing: recall above 1
    assert (m["role"].precision, m["role"].recall) == (3 / 4, 1.0)
    assert m["role"].f1 == pytest.approx(2 * 0.75 / 1.75)


def test_coreference_credit_of_the_guide(tmp_path: Path) -> None:
    """The same gold with E4 "protesters" [10,11) as Attacker, clustered with E1 "The protesters" [0,2). The model
    writes "The protesters": grounded to [0,1], no gold argument's span, but E1's, whose cluster's first entity
    (E1) is that of the gold Attacker [10,10]: identified and classified under Coref only (3 -> 4, 2 -> 3).
    Had E4 been "the protesters" [9,11), the gold span would be stripped to [10,10], which is no entity
    mention's span: the cluster is not found and the credit is lost (the script looks the stripped span up)."""
    gold = GOLD.replace('{"entity_id": "E1", "role": "Attacker"}', '{"entity_id": "E4", "role": "Attacker"}')
    generation = GENERATION.replace("protesters attacked", "The protesters attacked")
    files = {"gold.jsonl": gold.replace('"start": 9, "end": 11', '"start": 10, "end": 11'),
             "prediction.jsonl": generation, "ontology.json": ONTOLOGY, "coref.jsonlines": COREF}
    m = score_genarg(*_inputs(tmp_path, files)).metrics
    assert (m["role_id"].match_num, m["role"].match_num) == (3, 2)
    assert (m["coref_role_id"].match_num, m["coref_role"].match_num) == (4, 3)
    assert m["coref_role"].pred_num == m["role"].pred_num == 4
    files["gold.jsonl"] = gold
    m = score_genarg(*_inputs(tmp_path, files)).metrics
    assert (m["coref_role_id"].match_num, m["coref_role"].match_num) == (3, 2)


def test_a_template_alignment_takes_words_up_to_the_next_template_word() -> None:
    roles = {"arg1": "Attacker", "arg2": "Target", "arg3": "Instrument", "arg4": "Place"}
    template = "<arg1> attacked <arg2> using <arg3> at <arg4> place"
    assert template_arguments(template, " a b attacked <arg> using  c  at d e place", roles, "x") == [
        ("Attacker", ["a", "b"]), ("Instrument", ["c"]), ("Place", ["d", "e"])]
    # the model left out <arg1>'s placeholder: an empty argument, which grounds to an empty span
    assert template_arguments(template, "attacked x using y at z place", roles, "x")[0] == ("Attacker", [])


@given(st.lists(st.sampled_from("abc"), min_size=1, max_size=12), st.lists(st.sampled_from("abc"), max_size=3),
       st.data())
def test_genarg_nearest_equals_closest_except_where_it_overlaps_the_trigger(tokens: list[str], words: list[str],
                                                                           data: st.DataObject) -> None:
    """The named gen-arg rule agrees with `closest` whenever neither's choice overlaps the trigger."""
    start = data.draw(st.integers(0, len(tokens) - 1))
    trigger = (start, data.draw(st.integers(start + 1, len(tokens))))
    ours = ground_closest_genarg(tokens, words, trigger)
    if not words:  # an empty string is at every token (an empty span), unless every one is too far away
        assert ours is None or ours[0] == ours[1]
        return
    closest = ground_closest(tokens, words, trigger)
    if ours != closest:  # gen-arg's choice, or none (all as far as the document is long), where one overlaps
        assert closest is not None
        overlaps = [s for s in (ours, closest) if s is not None and s[0] < trigger[1] and trigger[0] < s[1]]
        assert overlaps, (ours, closest)
        if ours is not None:
            assert genarg_distance(ours, trigger) <= genarg_distance(closest, trigger)
        else:
            assert genarg_distance(closest, trigger) >= len(tokens)


def test_the_cli_needs_the_ontology_and_reads_the_coreference_file(tmp_path: Path) -> None:
    files = {"gold.jsonl": GOLD, "prediction.jsonl": GENERATION, "ontology.json": ONTOLOGY, "coref.jsonlines": COREF}
    gold, system = _inputs(tmp_path, files)
    assert (detect_format(gold), detect_format(Input(system.path))) == ("wikievents", "gen-arg")
    base = [installed("evmeval-score"), "-g", gold.path, "-s", system.path, "--convention", "gen-arg"]
    run = subprocess.run(base, capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "gen-arg reads each event type's template from its ontology (expected --ontology FILE" in run.stderr
    run = subprocess.run([*base, "--ontology", str(tmp_path / "ontology.json"), "--coref-file",
                          str(tmp_path / "coref.jsonlines")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Role identification        100.00  133.33  114.29       4       4       3" in run.stdout
    assert "Coref Role                  75.00  100.00   85.71       3       4       3" in run.stdout
    run = subprocess.run([installed("evmeval-score"), "-g", gold.path, "-s", system.path, "--convention", "textee",
                          "--ontology", str(tmp_path / "ontology.json")], capture_output=True, text=True)
    assert run.returncode == 2
    assert ("--ontology is read by --convention gen-arg, --convention paie, --convention maven-arg and --convention "
            "omnievent only") in run.stderr


@pytest.mark.parametrize(("generation", "message"), [
    ('{"doc_key": "e", "predicted": "x"}\n', "prediction.jsonl:1: doc_key 'e' is not in the gold file"),
    ('{"doc_key": "d", "predicted": "x"}\n{"doc_key": "d", "predicted": "y"}\n',
     "prediction.jsonl:2: generation 2 of doc_key 'd', which has 1 event mentions"),
    ('{"doc_key": "d"}\n', "prediction.jsonl:1: no 'predicted' field"),
])
def test_what_the_script_fails_on_is_one_line(tmp_path: Path, generation: str, message: str) -> None:
    files = {"gold.jsonl": GOLD, "prediction.jsonl": generation, "ontology.json": ONTOLOGY}
    with pytest.raises(FormatError) as caught:
        score_genarg(*_inputs(tmp_path, files))
    assert str(caught.value).removeprefix(str(tmp_path) + "/").startswith(message)


def test_unscored_events_are_said(tmp_path: Path) -> None:
    """A gold event with no generation line (an empty generation file here) counts nowhere, as in the script:
    every figure 0 of 0 gold, and a warning says how many events were left out."""
    files = {"gold.jsonl": GOLD, "prediction.jsonl": "", "ontology.json": ONTOLOGY}
    result = score_genarg(*_inputs(tmp_path, files))
    assert result.metrics["role"].gold_num == 0
    assert result.warnings == ("1 gold event with no generation line: not scored, their gold arguments counted "
                               "nowhere (as scorer.py pairs events by line)",)


def test_the_python_api_takes_the_ontology_and_the_coreference_file(tmp_path: Path) -> None:
    import evmeval

    files = {"gold.jsonl": GOLD, "prediction.jsonl": GENERATION, "ontology.json": ONTOLOGY, "coref.jsonlines": COREF}
    gold, system = _inputs(tmp_path, files)
    scores = evmeval.score_convention(gold.path, system.path, convention="gen-arg",
                                      ontology=tmp_path / "ontology.json", coref_file=tmp_path / "coref.jsonlines")
    (result,) = scores.results
    assert [result.labels[k] for k in result.metrics] == [
        "Role identification", "Role", "Coref Role identification", "Coref Role"]
    assert result.metrics["role"].match_num == 3


PUBLISHED = Path(__file__).resolve().parents[1] / "data" / "recorded" / "gen_arg_published.json"


def test_gen_args_own_published_predictions_score_as_its_scorer_scored_them(tmp_path: Path) -> None:
    """gen-arg ships the WikiEvents predictions of its paper (outputs/wikievents-pointer-pred/predictions.jsonl);
    its scorer.py (--coref) gave the counters recorded in gen_arg_published.json: 552 predicted, 563 gold, 377
    identified, 341 classified, 8 and 8 more with coreference. With a clone of raspberryice/gen-arg (GENARG_DIR,
    with its history: the WikiEvents test files are at 16d8f908), the same files score the same here."""
    recorded = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    checkout = os.environ.get("GENARG_DIR")
    if not checkout:
        pytest.skip("GENARG_DIR is not set (a clone of raspberryice/gen-arg)")
    files = {}
    for name, where in recorded["source"]["files"].items():
        path, commit = where.split(" @ ")
        files[name] = subprocess.run(["git", "-C", checkout, "show", f"{commit}:{path}"], capture_output=True,
                                     check=True).stdout
    assert rec.digest(files) == recorded["sha256"]
    gold, system = _inputs(tmp_path, {name: data.decode("utf-8") for name, data in files.items()})
    m = score_genarg(gold, system).metrics
    predicted, gold_num, idn, cls, idn_coref, cls_coref = recorded["figures"]
    assert (m["role"].pred_num, m["role"].gold_num, m["role_id"].match_num, m["role"].match_num) == (
        predicted, gold_num, idn, cls)
    assert (m["coref_role_id"].match_num, m["coref_role"].match_num) == (idn + idn_coref, cls + cls_coref)


def test_strings_found_nowhere_are_dropped_and_said(tmp_path: Path) -> None:
    """ "Hamas" as Instrument is nowhere in the text: gen-arg drops it (4 predicted, as without it), and the
    warning says so; "police station and Kabul" is not dropped (its two parts are found)."""
    files = {"gold.jsonl": GOLD, "prediction.jsonl": GENERATION.replace("using  <arg>  at", "using  Hamas  at"),
             "ontology.json": ONTOLOGY}
    result = score_genarg(*_inputs(tmp_path, files))
    assert result.metrics["role"].pred_num == 4
    assert result.warnings == ("1 argument string (or part split at 'and') found nowhere in the text: dropped, "
                               "counted neither as predicted nor as wrong (as scorer.py drops them)",)
