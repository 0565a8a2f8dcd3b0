"""The argument scorers people publish with, meeting on the same files (issue 35 section 5): RAMS files read by
`rams` and `paie`, WikiEvents gold with gen-arg generations by `gen-arg` and `paie`. Each gold and predicted
argument's outcome comes from the code that counts, so the figures are derivable from the outcomes (asserted
here on worked examples and on generated files); the flips between them, derived by hand, name each rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import REGISTRY, Input
from evmeval.conventions.base import with_companions, with_options
from evmeval.conventions.items import (
    DETERMINER,
    DUPLICATE,
    GOLD_REPEAT,
    OUTSIDE_MODEL_WINDOW,
    SPAN_SET,
    TRIGGER_IN_KEY,
    UNGROUNDED,
    UNSCORED_EVENT,
)
from evmeval.conventions.published_arguments import counts_from_outcomes
from evmeval.conventions.switchboard import run_switchboard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core import seeded_arguments
from tests.core.test_genarg import GENERATION, GOLD, ONTOLOGY
from tests.published_paie import WINDOWS
from tests.published_paie import rams_case as paie_rams_case

WORDS = [f"w{i}" for i in range(300)]


def _rams(tmp_path: Path) -> tuple[Path, Path]:
    """d1: 300 words, trigger w140; PAIE's window (W = 250, RAMS: the last 251 words) is [49, 300).
    Gold: victim [20,21] (outside the window), place [150] twice, target [155]. Predicted: victim [20,21],
    place [150] once, attacker [160,161] twice.
    d2: 3 words, gold trigger [1,1] with attacker [0,0]; the prediction line's trigger is [2,2]."""
    gold = [{"doc_key": "d1", "sentences": [WORDS[i:i + 30] for i in range(0, 300, 30)],
             "evt_triggers": [[140, 140, [["conflict.attack", 1.0]]]],
             "gold_evt_links": [[[140, 140], [20, 21], "evt001arg01victim"],
                                [[140, 140], [150, 150], "evt001arg03place"],
                                [[140, 140], [150, 150], "evt001arg03place"],
                                [[140, 140], [155, 155], "evt001arg04target"]]},
            {"doc_key": "d2", "sentences": [["Troops", "attacked", "Gaza"]],
             "evt_triggers": [[1, 1, [["conflict.attack", 1.0]]]],
             "gold_evt_links": [[[1, 1], [0, 0], "evt001arg02attacker"]]}]
    pred = [{"doc_key": "d1", "predictions": [[[140, 140], [20, 21, "victim", 1.0], [150, 150, "place", 1.0],
                                               [160, 161, "attacker", 1.0], [160, 161, "attacker", 0.5]]]},
            {"doc_key": "d2", "predictions": [[[2, 2], [0, 0, "attacker", 1.0]]]}]
    for name, lines in (("gold", gold), ("pred", pred)):
        (tmp_path / f"{name}.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"


def _flips(board, a: str, b: str) -> dict[tuple[str, str, int, int, str], str]:  # type: ignore[no-untyped-def]
    """(side, document, event, argument, row) -> the rule behind the flip."""
    pair = next(p for p in board.flips if (p.a, p.b) == (a, b))
    return {(f.item.side, f.item.doc_id, f.item.event, f.item.argument, f.row): why
            for why, group in pair.groups.items() for f in group}


def _figures(board) -> dict[str, dict[str, tuple[float, int, int]]]:  # type: ignore[no-untyped-def]
    return {name: {row.row: (c.metric.match_num, c.metric.pred_num, c.metric.gold_num)
                   for row in board.rows if (c := row.cells[name]) is not None} for name in board.outcomes}


def test_rams_and_paie_meet_on_a_rams_run_and_each_flip_names_its_rule(tmp_path: Path) -> None:
    """rams (multisets of trigger span, argument span, role): d1 correct victim and place once; missing place's
    copy and target; overpred attacker twice; d2 missing and overpred (other trigger span): (2, 5, 5).
    paie span-Classification (per role, gold a list, predictions a set): d1 place's two gold copies both in the
    predicted set (2), victim's gold outside the window counted in gold only, attacker once: d1 (2, 3, 4);
    d2 credits attacker (its line's arguments are the gold trigger's): (3, 4, 5).
    span-Identification (sets of spans): d1 gold {150, 155} + 1 outside, predicted {20-21, 150, 160-161}:
    (1, 3, 3); d2 (1, 1, 1): (2, 4, 4)."""
    gold, pred = _rams(tmp_path)
    conventions = [REGISTRY["rams"], REGISTRY["paie"]]
    board = run_switchboard(conventions, Input(str(gold)), Input(str(pred)))
    assert _figures(board) == {"rams": {"argument_cls": (2, 5, 5)},
                               "paie": {"argument_id": (2, 4, 4), "argument_cls": (3, 4, 5)}}
    flips = _flips(board, "rams", "paie")
    assert flips == {
        ("gold", "d1", 0, 0, "argument_cls"): OUTSIDE_MODEL_WINDOW,  # rams credits it, PAIE never saw it
        ("pred", "d1", 0, 0, "argument_cls"): OUTSIDE_MODEL_WINDOW,  # so PAIE's prediction of it finds nothing
        ("gold", "d1", 0, 2, "argument_cls"): GOLD_REPEAT,  # one prediction: PAIE credits both copies, rams one
        ("pred", "d1", 0, 3, "argument_cls"): DUPLICATE,  # rams counts the twin (overpred), PAIE's set drops it
        ("gold", "d2", 0, 0, "argument_cls"): TRIGGER_IN_KEY,  # predicted under trigger [2,2]: rams misses it
        ("pred", "d2", 0, 0, "argument_cls"): TRIGGER_IN_KEY,
    }


def test_the_rams_board_is_printed_with_trigger_and_offsets_and_written_to_json_and_html(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold, pred = _rams(tmp_path)
    out_json, page = tmp_path / "out.json", tmp_path / "board.html"
    assert score_main(["-g", str(gold), "-s", str(pred), "--convention", "all", "--json", str(out_json),
                       "--html", str(page)]) == 0
    text = capsys.readouterr().out
    assert "Argument classification F1     40.00     66.67    26.67" in text
    assert "What flips between rams and paie: 6" in text
    assert "Own names: rams Precision / Recall / F1; paie span-Identification, span-Classification" in text
    assert ('         gold argument d1 [150,151) "w150" conflict.attack / place of trigger “w140” [140,141) '
            "argument_cls: rams credit 0, paie credit 1") in text
    made = json.loads(out_json.read_text(encoding="utf-8"))["switchboard"]
    assert {r["metric"]: {n: c and c["metric"] for n, c in r["cells"].items()} for r in made["rows"]} == {
        "argument_id": {"rams": None, "paie": "span_i"}, "argument_cls": {"rams": "overall", "paie": "span_c"}}
    groups = {g["reason"]: g for g in made["flips"][0]["groups"]}
    assert {reason: g["count"] for reason, g in groups.items()} == {
        OUTSIDE_MODEL_WINDOW: 2, TRIGGER_IN_KEY: 2, GOLD_REPEAT: 1, DUPLICATE: 1}
    [repeat] = groups[GOLD_REPEAT]["flips"]
    assert (repeat["doc_id"], repeat["start"], repeat["end"], repeat["text"], repeat["trigger"]) == (
        "d1", 150, 151, "w150", "“w140” [140,141)")
    assert "rams ↔ paie: 6 flip(s)" in page.read_text(encoding="utf-8")


def _wikievents(tmp_path: Path) -> tuple[Input, Input]:
    """test_genarg's worked example with "Hamas" as Instrument (nowhere in the text) and a second gold event
    ("left", Attacker "the protesters" [9,11)) that has no generation line."""
    second = {"event_type": "Conflict.Attack.Unspecified", "trigger": {"start": 11, "end": 12},
              "arguments": [{"entity_id": "E4", "role": "Attacker"}]}
    gold = json.loads(GOLD)
    gold["event_mentions"].append(second)
    (tmp_path / "gold.jsonl").write_text(json.dumps(gold) + "\n", encoding="utf-8")
    (tmp_path / "pred.jsonl").write_text(GENERATION.replace("using  <arg>  at", "using  Hamas  at"),
                                         encoding="utf-8")
    (tmp_path / "ontology.json").write_text(ONTOLOGY, encoding="utf-8")
    return Input(str(tmp_path / "gold.jsonl")), with_companions(Input(str(tmp_path / "pred.jsonl")),
                                                                ontology=str(tmp_path / "ontology.json"))


def test_gen_arg_and_paie_meet_on_generations_and_each_flip_names_its_rule(tmp_path: Path) -> None:
    """Strings, in order: "protesters" Attacker [1,1] (nearest the trigger), "police station" Target [4,5] and
    "Kabul" Target [7,7] (split at 'and'), "Kabul" Place [7,7]; "Hamas" Instrument found nowhere (index 4).
    gen-arg strips gold's leading "The"/"the": Attacker [1,1], Target [4,5], Place [7,7]; every prediction is
    on a gold span (identification 4 of 4), three with the role: role_id (4, 4, 3), role (3, 4, 3); the second
    event has no generation line: not scored.
    paie keeps gold's spans [0,1], [3,5], [7,7] and [9,10] (the second event's, missed): span_i over span sets
    {1-1, 4-5, 7-7} against {0-1, 3-5, 7-7} and {9-10}: (1, 3, 4); span_c per role: Place only: (1, 4, 4)."""
    gold, system = _wikievents(tmp_path)
    board = run_switchboard([REGISTRY["gen-arg"], REGISTRY["paie"]], gold, system)
    assert _figures(board) == {"gen-arg": {"argument_id": (4, 4, 3), "argument_cls": (3, 4, 3)},
                               "paie": {"argument_id": (1, 3, 4), "argument_cls": (1, 4, 4)}}
    flips = _flips(board, "gen-arg", "paie")
    both = ("argument_id", "argument_cls")
    assert flips == {
        # "protesters" and "police station" on gold's "The protesters" and "the police station": gen-arg strips
        # the determiner from gold and credits both sides, PAIE compares the spans as written
        **{(side, "d", 0, n, row): DETERMINER for side in ("pred", "gold") for n in (0, 1) for row in both},
        ("pred", "d", 0, 3, "argument_id"): SPAN_SET,  # "Kabul" [7,7] again (as Place): one span for PAIE
        # the event with no generation line: gen-arg scores it nowhere, PAIE counts its gold as missed
        **{("gold", "d", 1, 0, row): UNSCORED_EVENT for row in both},
    }
    for name in ("gen-arg", "paie"):  # found nowhere: dropped by both, at the same place (after those placed)
        hamas = [o for o in board.outcomes[name] if o.item.text == "Hamas"]
        assert [(o.item.argument, o.counted, o.note) for o in hamas] == [(4, 0, UNGROUNDED), (4, 0, UNGROUNDED)]
    split = next(o for o in board.outcomes["gen-arg"] if o.item.text == "police station" and o.item.side == "pred")
    assert (split.detail, split.item.trigger) == ("split at 'and'", "“attacked” [2,3)")


def test_a_sub_rows_reason_is_the_rule_that_decided_it_its_particulars_apart(tmp_path: Path) -> None:
    """The verdict's reason is a convention rule's (the outcome's note), never its particulars: gold's
    "protesters" is matched on the stripped span (the rule; the entity's own span a particular), the predicted
    Target "Kabul" (a part split at 'and') is a plain wrong role, no rule of gen-arg's behind it; "Hamas", found
    nowhere whole, is said dropped and not split (gen-arg splits only at an 'and' the string has)."""
    from evmeval.conventions.argument_outcomes import argument_outcomes

    gold, system = _wikievents(tmp_path)
    board = run_switchboard([REGISTRY["gen-arg"], REGISTRY["paie"]], gold, system)
    verdicts = argument_outcomes(board.outcomes["gen-arg"])
    assert [(a.item.text, a.verdict, a.why, a.detail) for a in verdicts["gold", "d", "E0"]] == [
        ("protesters", "matched", DETERMINER, "the entity is [0,2)"),
        ("police station", "matched", DETERMINER, "the entity is [3,6)"),
        ("Kabul", "matched", "", "")]
    assert [(a.item.role, a.verdict, a.why, a.detail) for a in verdicts["pred", "d", "E0"]][2:4] == [
        ("Target", "wrong role", "", "split at 'and'"), ("Place", "matched", "", "")]
    # "Hamas" found nowhere, whole: dropped by the rule, and nothing was split (it has no 'and')
    assert [(a.item.text, a.verdict, a.why, a.detail) for a in verdicts["pred", "d", "E0"]][4] == (
        "Hamas", "not counted", UNGROUNDED, "")


def _assert_counts_from_outcomes(name: str, gold: Input, system: Input) -> None:
    convention = REGISTRY[name]
    assert convention.outcomes is not None
    result = convention.score(gold, system)
    derived = counts_from_outcomes(name, convention.outcomes(gold, system))
    for row, metric in convention.comparable.items():
        own, made = result.metrics[metric], derived.get(row)
        assert ((made.match_num, made.pred_num, made.gold_num) if made else (0, 0, 0)) == (
            own.match_num, own.pred_num, own.gold_num), (name, row)


FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FAST
@given(seed=st.integers(0, 10**6))
def test_rams_and_paie_counts_are_their_outcomes_summed_on_generated_rams_files(tmp_path: Path, seed: int) -> None:
    for files in (dict(zip(("gold.jsonl", "prediction.jsonl"), seeded_arguments.rams_case(seed), strict=True)),
                  paie_rams_case(seed)):
        for name, text in files.items():
            (tmp_path / name).write_text(text, encoding="utf-8")
        gold = Input(str(tmp_path / "gold.jsonl"))
        system = with_options(Input(str(tmp_path / "prediction.jsonl")), window_size=str(WINDOWS[seed % 6]))
        try:
            REGISTRY["rams"].score(gold, system)
        except Exception as exc:  # a generated gold file the script refuses (no gold lines): nothing to count
            assert type(exc).__name__ == "FormatError"
            continue
        _assert_counts_from_outcomes("rams", gold, system)
        _assert_counts_from_outcomes("paie", gold, system)


@FAST
@given(seed=st.integers(0, 10**6))
def test_gen_arg_and_paie_counts_are_their_outcomes_summed_on_generated_generations(tmp_path: Path,
                                                                                    seed: int) -> None:
    files = seeded_arguments.genarg_case(seed)
    files.pop("coref.jsonlines", None)
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    gold = Input(str(tmp_path / "gold.jsonl"))
    system = with_options(with_companions(Input(str(tmp_path / "prediction.jsonl")),
                                          ontology=str(tmp_path / "ontology.json")), window_size=str(WINDOWS[seed % 6]))
    _assert_counts_from_outcomes("gen-arg", gold, system)
    _assert_counts_from_outcomes("paie", gold, system)


def _shown(section: str) -> list[str]:
    """The report lines the guide shows after `section` (its first text block, without the `...` lines)."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "scoring" / "argument-flips.md").read_text(encoding="utf-8")
    block = page.partition(section)[2].partition("```text\n")[2].partition("```")[0]
    return [line for line in block.splitlines() if line.strip() not in ("...", "") and "... and" not in line]


@pytest.mark.parametrize("section", ["## rams and paie: a worked example", "## gen-arg and paie: a worked example"])
def test_the_guides_worked_examples_are_what_the_command_prints(tmp_path: Path, section: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    if section.startswith("## rams"):
        gold, pred = _rams(tmp_path)
        args = ["-g", str(gold), "-s", str(pred)]
    else:
        g, s = _wikievents(tmp_path)
        args = ["-g", g.path, "-s", s.path, "--ontology", s.companions["ontology"]]
    assert score_main([*args, "--convention", "all"]) == 0
    printed = capsys.readouterr().out.splitlines()
    shown = _shown(section)
    assert len(shown) >= 12 and all(line in printed for line in shown), [x for x in shown if x not in printed]


def test_paie_alone_on_string_predictions_has_nothing_to_be_set_beside(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """String predictions on RAMS gold are read by paie only: no switchboard of one column, the reason said."""
    gold, _ = _rams(tmp_path)
    strings = tmp_path / "strings.jsonl"
    strings.write_text(json.dumps({"doc_id": "d1", "events": [{"trigger": "w140", "event_type": "conflict.attack",
                                                                "arguments": [{"role": "place", "text": "w150"}]}]})
                       + "\n", encoding="utf-8")
    assert score_main(["-g", str(gold), "-s", str(strings), "--convention", "all"]) == 0
    text = capsys.readouterr().out
    assert "Switchboard: only paie reads these predictions beside RAMS JSONL" in text
    assert "Argument classification F1" not in text
