"""Convention `strings`: string predictions grounded on TextEE gold under a named rule (issue 35, section 1).

Figures derived by hand on resources/examples/textee_gold.jsonl and strings_pred.jsonl:
  gold D1-0 "Bob hired Ann in June ."   Start-Position hired[1,2): Bob[0,1) Employer, Ann[2,3) Person, June[4,5) Time
  gold D2-0 "Troops attacked the city and attacked it"
       Attack [1,2): Troops[0,1) Attacker, city[3,4) Target
       Attack [5,6): Troops Attacker, it[6,7) Target;   Attack [5,6) again: Troops Attacker
  pred D1: hired / Start-Position: Bob Employer, Ann Person, "in June" Time, "Paris" Place (nowhere)
  pred D2-0: attacked / Attack: Troops Attacker, "the city" Target;  attacked / Attack: "it" Target;
             stormed / Attack (nowhere): Troops Attacker
"""

from __future__ import annotations

import json
from pathlib import Path

import evmeval
import pytest
from evmeval.cli.score import score_main
from evmeval.conventions.strings import ceiling, gold_as_strings, ground_lines, metrics_of, outcomes_of
from evmeval.grounding import parse_rule
from evmeval.io.strings import StringEvent, StringLine
from evmeval.io.textee import Argument, EventMention, TexteeFile, Window
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

GOLD, STRINGS = EXAMPLES / "textee_gold.jsonl", EXAMPLES / "strings_pred.jsonl"


def _counts(rule: str) -> dict[str, tuple[float, int, int]]:
    result = evmeval.score_convention(GOLD, STRINGS, convention="strings", grounding=rule).convention("strings")
    return {name: (m.match_num, m.pred_num, m.gold_num) for name, m in result.metrics.items()}


def test_first() -> None:
    # Triggers: hired [1,2) matches; both "attacked" land on their first occurrence [1,2): one matches, the
    # other is a second copy (one to one: a false alarm); "stormed" is not in the text: counted, no credit.
    #   match 2, pred 4, gold 4.
    # Arguments (attached to the grounded trigger): Bob, Ann match; "in June" is [3,5) (gold June [4,5)); Paris
    # nowhere; Troops [0,1) under [1,2) matches; "the city" [2,4) (gold city [3,4)); "it" [6,7) hangs on [1,2)
    # (gold's "it" on [5,6)); stormed's Troops is not in the text with its trigger:  match 3, pred 8, gold 8.
    # Ceiling: gold's strings grounded first: every "attacked" on [1,2): 2 of 4 triggers; arguments: D1's 3,
    # and under [1,2) Troops and city once each (the other copies find no gold left): 5 of 8.
    assert _counts("first") == {
        "trigger_id": (2, 4, 4), "trigger_cls": (2, 4, 4), "argument_id": (3, 8, 8), "argument_cls": (3, 8, 8),
        "ceiling_trigger_id": (2, 4, 4), "ceiling_trigger_cls": (2, 4, 4),
        "ceiling_argument_id": (5, 8, 8), "ceiling_argument_cls": (5, 8, 8)}


def test_first_unused() -> None:
    # The second "attacked" takes the unused [5,6): it matches, and so does its "it" [6,7): triggers 3 of 4,
    # arguments 4 of 8. Ceiling: gold's third Attack finds no unused "attacked" (gold has two events on one
    # token), so it and its Troops are not in the text: triggers 3 of 4, arguments 3 + 2 + 2 = 7 of 8.
    assert _counts("first-unused") == {
        "trigger_id": (3, 4, 4), "trigger_cls": (3, 4, 4), "argument_id": (4, 8, 8), "argument_cls": (4, 8, 8),
        "ceiling_trigger_id": (3, 4, 4), "ceiling_trigger_cls": (3, 4, 4),
        "ceiling_argument_id": (7, 8, 8), "ceiling_argument_cls": (7, 8, 8)}


def test_all_makes_an_event_of_every_occurrence() -> None:
    # "attacked" is written twice: each "attacked" prediction is two events, [1,2) and [5,6): hired + 2 + 2 + 1
    # (stormed) = 6 predicted triggers; gold [1,2) once and [5,6) twice: hired, [1,2), [5,6), [5,6) all match: 4.
    counts = _counts("all")
    assert counts["trigger_id"] == (4, 6, 4)


def test_cli_report_and_json_show_what_is_not_in_the_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c.json"
    assert score_main(["-g", str(GOLD), "-s", str(STRINGS), "--convention", "strings", "--grounding", "first",
                       "--json", str(out)]) == 0
    report = capsys.readouterr().out
    assert "Tri-I ceiling" in report
    assert "Not in the text (grounding first):" in report
    assert 'pred trigger D2/D2-0 not in the text "stormed" Attack (no place for the string under first)' in report
    assert 'pred argument D1/D1-0 not in the text "Paris" Start-Position / Place (no place for' in report
    assert 'pred argument D2/D2-0 not in the text "Troops" Attack / Attacker (its trigger is not in the text)' in report
    data = json.loads(out.read_text())
    assert data["grounding"]["rule"] == "first" and data["grounding"]["not_in_text"] == 3
    assert [(i["text"], i["why"]) for i in data["grounding"]["items"]] == [
        ("Paris", "no place for the string under first"), ("stormed", "no place for the string under first"),
        ("Troops", "its trigger is not in the text")]
    assert data["conventions"]["strings"]["trigger_id"]["pred_num"] == 4
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((EXAMPLES.parent / "schemas" / "convention.schema.json").read_text())
    assert not list(jsonschema.Draft202012Validator(schema).iter_errors(data))


def test_switchboard_flips_name_the_strings_a_published_scorer_dropped(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "all.json"
    assert score_main(["-g", str(GOLD), "-s", str(STRINGS), "--convention", "all", "--json", str(out)]) == 0
    report = capsys.readouterr().out
    # textee and evmeval never see the three strings: each says how many it dropped
    assert report.count("3 prediction(s) not in the text under grounding first were dropped") == 2
    data = json.loads(out.read_text())
    assert [c["name"] for c in data["switchboard"]["columns"]] == ["textee", "evmeval", "strings"]
    pairs = {(p["a"], p["b"]): p for p in data["switchboard"]["flips"]}
    groups = {g["reason"]: g["count"] for g in pairs["evmeval", "strings"]["groups"]}
    # evmeval scores triggers only: "stormed" on Tri-I and Tri-C; textee also the two arguments on Arg-I, Arg-C
    assert groups == {"not in the text: the grounding rule placed the string nowhere (ours counts a false alarm)": 2}
    textee = {g["reason"]: g["count"] for g in pairs["textee", "strings"]["groups"]}
    assert textee["not in the text: the grounding rule placed the string nowhere (ours counts a false alarm)"] == 6


@pytest.mark.parametrize(("extra", "message"), [
    (["--convention", "strings", "--grounding", "nearest"],
     "unknown grounding rule 'nearest' (expected first, closest, first-unused, all or fuzzy:THRESHOLD"),
    (["--convention", "strings", "--grounding", "fuzzy:1.5"], "threshold out of range"),
    (["--convention", "maven"], "convention 'maven' does not read string predictions"),
])
def test_bad_options_exit_2(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert score_main(["-g", str(GOLD), "-s", str(STRINGS), *extra]) == 2
    assert message in capsys.readouterr().err


def test_grounding_needs_strings(capsys: pytest.CaptureFixture[str]) -> None:
    pred = EXAMPLES / "textee_pred.jsonl"
    assert score_main(["-g", str(GOLD), "-s", str(pred), "--convention", "all", "--grounding", "first"]) == 2
    assert "the predictions are not strings" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        score_main(["-g", str(GOLD), "-s", str(STRINGS), "--grounding", "first"])
    assert exit_.value.code == 2
    assert "--grounding grounds string predictions for --convention" in capsys.readouterr().err


@pytest.mark.parametrize(("line", "message"), [
    ('{"doc_id": "D1", "events": [{"event_type": "Attack"}]}',
     "strings.jsonl:2: event 0: no 'trigger' field (expected the trigger's text as a non-empty string)"),
    ('{"doc_id": "D1", "events": [{"trigger": "x", "event_type": "A", "start": 2}]}',
     "strings.jsonl:2: event 0: start 2, end None (expected token offsets in the window"),
    ('{"doc_id": "D9", "events": []}',
     "strings.jsonl:2: document 'D9' is not in the gold file (expected a doc_id of the gold file)"),
    ('{"doc_id": "D2", "wnd_id": "D2-7", "events": []}',
     "strings.jsonl:2: window 'D2-7' of document 'D2' is not in the gold file"),
    ('{"doc_id": "D2", "events": [{"trigger": "x", "event_type": "A", "start": 3, "end": 9}]}',
     "strings.jsonl:2: trigger 'x': span [3, 9) outside the 7 tokens of window 'D2-0'"),
    ('{"schema": "strings/2", "doc_id": "D2", "events": []}',
     "strings.jsonl:2: schema 'strings/2' (expected \"schema\": \"strings/1\" or no schema field)"),
])
def test_bad_lines_are_file_line_messages(tmp_path: Path, line: str, message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "strings.jsonl"
    path.write_text('{"doc_id": "D1", "events": []}\n' + line + "\n")
    assert score_main(["-g", str(GOLD), "-s", str(path), "--convention", "strings"]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_given_offsets_are_not_grounded(tmp_path: Path) -> None:
    # "attacked" with offsets [5,6) is taken as given under `first`: it matches gold's [5,6) event.
    path = tmp_path / "s.jsonl"
    path.write_text('{"doc_id": "D2", "events": [{"trigger": "attacked", "event_type": "Attack", "start": 5, '
                    '"end": 6, "arguments": [{"role": "Target", "text": "it"}]}]}\n')
    result = evmeval.score_convention(GOLD, path, convention="strings").convention("strings")
    assert (result.metrics["trigger_id"].match_num, result.metrics["trigger_id"].pred_num) == (1, 1)
    assert (result.metrics["argument_cls"].match_num, result.metrics["argument_cls"].pred_num) == (1, 1)


def test_a_textee_prediction_file_scores_under_strings_without_grounding() -> None:
    # No strings to ground: the same tuples one to one, no ceiling rows, no grounding in the JSON.
    scores = evmeval.score_convention(GOLD, EXAMPLES / "textee_pred.jsonl", convention="strings")
    assert "ceiling_trigger_id" not in scores.convention("strings").metrics
    assert "grounding" not in scores.to_json()


# --- properties over random windows (hypothesis) ---------------------------------------------------------

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULES = ("first", "closest", "first-unused", "fuzzy:0.9")


@st.composite
def windows(draw: st.DrawFn) -> list[Window]:
    out = []
    for w in range(draw(st.integers(1, 3))):
        tokens = draw(st.lists(st.sampled_from(["a", "b", "c", "the", "x"]), min_size=1, max_size=8))
        n = len(tokens)

        def span(n: int = n) -> tuple[int, int]:
            start = draw(st.integers(0, n - 1))
            return start, draw(st.integers(start + 1, min(n, start + 2)))

        events = []
        for _ in range(draw(st.integers(0, 3))):
            s, e = span()
            arguments = [Argument(draw(st.sampled_from(["A", "B"])), None, *span())
                         for _ in range(draw(st.integers(0, 2)))]
            events.append(EventMention(draw(st.sampled_from(["T1", "T2"])), s, e, None, None, arguments))
        out.append(Window("D", f"D-{w}", tokens, events))
    return out


@SETTINGS
@given(windows(), windows(), st.sampled_from(RULES))
def test_no_prediction_is_silently_gone(gold: list[Window], other: list[Window], rule: str) -> None:
    """Every predicted trigger and argument is counted: grounded, or not in the text (a false alarm)."""
    predicted = [StringLine(w.doc_id, g.wnd_id, line.events)
                 for w, g, line in zip(other, gold, gold_as_strings(other), strict=False)]
    grounded, lost = ground_lines(gold, predicted, parse_rule(rule), "p.jsonl")
    metrics = metrics_of(outcomes_of(gold, grounded, lost))
    events = [e for line in predicted for e in line.events]
    assert metrics["trigger_id"].pred_num == len(events)
    assert metrics["argument_id"].pred_num == sum(len(e.arguments) for e in events)
    for w in grounded:  # an exact rule's span reads the string
        for e in w.event_mentions:
            if rule != "fuzzy:0.9":
                assert " ".join(w.tokens[e.start:e.end]) == e.trigger_text


@SETTINGS
@given(windows(), st.sampled_from(RULES))
def test_gold_strings_score_the_ceiling_and_offsets_score_one(gold: list[Window], rule: str) -> None:
    lines = gold_as_strings(gold)
    grounded, lost = ground_lines(gold, lines, parse_rule(rule), "p.jsonl")
    assert metrics_of(outcomes_of(gold, grounded, lost)) == ceiling(TexteeFile("g", gold), parse_rule(rule))
    located = [StringLine(line.doc_id, line.wnd_id, tuple(
        StringEvent(e.trigger, e.event_type, (), m.start, m.end) for e, m in zip(line.events, w.event_mentions,
                                                                                 strict=True)))
        for line, w in zip(lines, gold, strict=True)]
    grounded, lost = ground_lines(gold, located, parse_rule(rule), "p.jsonl")
    trigger = metrics_of(outcomes_of(gold, grounded, lost))["trigger_cls"]
    assert lost == [] and trigger.match_num == trigger.pred_num == trigger.gold_num


def test_the_example_follows_the_published_layout() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((EXAMPLES.parent / "schemas" / "strings.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for line in STRINGS.read_text().splitlines():
        assert not list(validator.iter_errors(json.loads(line)))
    assert list(validator.iter_errors({"doc_id": "D1", "events": [{"trigger": "x", "event_type": "A", "start": 1}]}))


def _two_windows(tmp_path: Path) -> Path:
    gold = tmp_path / "gold.jsonl"
    lines = [{"doc_id": "D", "wnd_id": "D-0", "tokens": ["Troops", "fled", "."], "event_mentions": [
                 {"event_type": "Movement", "trigger": {"start": 1, "end": 2}, "arguments": []}]},
             {"doc_id": "D", "wnd_id": "D-1", "tokens": ["Police", "attacked", "and", "troops", "fled"],
              "event_mentions": [
                 {"event_type": "Attack", "trigger": {"start": 1, "end": 2},
                  "arguments": [{"role": "Attacker", "start": 0, "end": 1}]},
                 {"event_type": "Movement", "trigger": {"start": 4, "end": 5}, "arguments": []}]}]
    gold.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return gold


def test_a_document_line_grounds_in_its_windows_in_order(tmp_path: Path) -> None:
    """A line without wnd_id: each string in the first window that has a place for it (first-unused: unused).
    Two "fled" under first: both on D-0 [1,2), one a second copy; under first-unused the second goes to D-1
    [4,5). "attacked" and its Police are in D-1 only. Triggers: first 2 of 3 predicted; first-unused 3 of 3."""
    gold = _two_windows(tmp_path)
    strings = tmp_path / "s.jsonl"
    strings.write_text(json.dumps({"doc_id": "D", "events": [
        {"trigger": "fled", "event_type": "Movement"}, {"trigger": "fled", "event_type": "Movement"},
        {"trigger": "attacked", "event_type": "Attack", "arguments": [{"role": "Attacker", "text": "Police"}]}]})
        + "\n")
    for rule, matched in (("first", 2), ("first-unused", 3)):
        result = evmeval.score_convention(gold, strings, convention="strings", grounding=rule).convention("strings")
        assert (result.metrics["trigger_cls"].match_num, result.metrics["trigger_cls"].pred_num) == (matched, 3)
        assert result.metrics["argument_cls"].match_num == 1


def test_offsets_in_a_document_of_several_windows_need_its_window(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    gold = _two_windows(tmp_path)
    strings = tmp_path / "s.jsonl"
    strings.write_text('{"doc_id": "D", "events": [{"trigger": "fled", "event_type": "Movement", "start": 1, '
                       '"end": 2}]}\n')
    assert score_main(["-g", str(gold), "-s", str(strings), "--convention", "strings"]) == 1
    assert ("s.jsonl:1: trigger 'fled': offsets, but document 'D' has 2 windows (expected a wnd_id with the "
            "offsets (they count in one window))") in capsys.readouterr().err
