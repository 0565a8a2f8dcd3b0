"""Convention `evmeval` (ours) on JSONL files, the switchboard table and what flips between conventions:
figures derived by hand on small files (resources/examples), the CLI, JSON and HTML."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import REGISTRY, ROWS, Input, conventions_for
from evmeval.conventions.base import ConventionResult, Metric
from evmeval.conventions.items import DUPLICATE, ONE_TO_ONE, OVERWRITTEN, PARTIAL_SPAN, PRED, UNSCORED_DOCUMENT
from evmeval.conventions.switchboard import run_switchboard

from tests.shipped import EXAMPLES

DATA = EXAMPLES
FILES = {name: (DATA / f"{name}_gold.jsonl", DATA / f"{name}_pred.jsonl") for name in ("textee", "dygiepp",
                                                                                        "switchboard")}


def inputs(name: str) -> tuple[Input, Input]:
    gold, pred = FILES[name]
    return Input(str(gold)), Input(str(pred))


def counts(metrics: dict[str, Metric]) -> dict[str, tuple[float, int, int]]:
    return {name: (round(m.match_num, 4), m.pred_num, m.gold_num) for name, m in metrics.items()}


# Ours on switchboard_*.jsonl, by hand. Gold: A/A-0 "The army launched a massive attack on Monday",
# Attack [4,6) "massive attack" (Attacker: army); A/A-1 and B/B-0 have no events.
# Prediction: A-0 Attack [5,6) "attack" (Attacker: army [1,2)) and the same Attack [5,6) again (no
# arguments); A-1 Meet [1,2) "ended"; B-0 Die [0,1) "Nothing".
# Document A: gold {A-0:t4, A-0:t5}; system {A-0:t5} twice and {A-1:t1}. Dice(attack, massive attack) =
#   2*1/(1+2) = 2/3; greedy pairs one of the twins, the other and Meet are false alarms -> TP 2/3, sys 3, gold 1.
# Document B: no gold mention, so v1.8 leaves it out of the averages (its Die is not counted).
# plain = mention_type = (2/3, 3, 1): P 2/9, R 2/3, F1 1/3.
# TextEE on the same files: trigger tuples gold {A-0 4-6}, pred {A-0 5-6, A-1 1-2, B-0 0-1} (the twin
# collapses): (0, 3, 1) for Tri-I and Tri-C; Arg-I/C (Attack, 1-2 [, Attacker]) on both sides: (1, 1, 1).
SWITCHBOARD_OURS = {"plain": (0.6667, 3, 1), "mention_type": (0.6667, 3, 1)}

# Ours on textee_*.jsonl (the files of test_conventions): D1 gold SP [1,2); pred SP and EP on [1,2): one
# pair (Dice 1), sys 2, gold 1. D2 gold Attack [1,2), [5,6) twice; pred Attack [1,2) twice, [2,4): the
# twins compete for gold [1,2): one pair; gold [5,6) twice unmatched: TP 1, sys 3, gold 3. -> (2, 5, 4).
# Ours on dygiepp_*.jsonl: D1 gold tokens 1 SP, 5 Attack, 9 Attack, 9 Meet (four mentions: no dictionary
# overwrites); pred 1 SP, 3 EP, 6 Attack, 9 Attack: pairs 1-1, 9-9 (the Attack: type mapping too) ->
# TP 2, sys 4, gold 4; D2 has no gold mention: its Die is not counted.
TEXTEE_OURS = {"plain": (2.0, 5, 4), "mention_type": (2.0, 5, 4)}
DYGIEPP_OURS = {"plain": (2.0, 4, 4), "mention_type": (2.0, 4, 4)}


@pytest.mark.parametrize(("name", "expected"), [("switchboard", SWITCHBOARD_OURS), ("textee", TEXTEE_OURS),
                                                 ("dygiepp", DYGIEPP_OURS)])
def test_ours_counts_as_derived_by_hand(name: str, expected: dict[str, tuple[float, int, int]]) -> None:
    result = REGISTRY["evmeval"].score(*inputs(name))
    assert counts(result.metrics) == expected


def test_ours_is_labelled_and_applies_to_both_formats() -> None:
    assert REGISTRY["evmeval"].title == "evmeval (ours)"
    assert [c.name for c in conventions_for("all", inputs("textee")[0])] == ["textee", "evmeval"]
    assert [c.name for c in conventions_for("all", inputs("dygiepp")[0])] == ["dygiepp", "evmeval"]


@pytest.mark.parametrize("name", list(FILES))
def test_outcomes_add_up_to_each_conventions_counts(name: str) -> None:
    """One rule: the per-mention outcomes the flips are made of sum to the figures of the table."""
    gold, pred = inputs(name)
    for convention in conventions_for("all", gold):
        assert convention.outcomes is not None
        result = convention.score(gold, pred)
        outcomes = convention.outcomes(gold, pred)
        for row, metric_name in convention.comparable.items():
            metric = result.metrics[metric_name]
            mine = [o for o in outcomes if o.row == row]
            assert sum(o.counted for o in mine if o.item.side == PRED) == metric.pred_num, (convention.name, row)
            assert sum(o.credit for o in mine if o.item.side == PRED) == pytest.approx(metric.match_num)
            assert sum(o.counted for o in mine if o.item.side != PRED) == metric.gold_num, (convention.name, row)


def test_switchboard_table_and_spread() -> None:
    gold, pred = inputs("switchboard")
    board = run_switchboard(conventions_for("all", gold), gold, pred)
    rows = {r.row: r for r in board.rows}
    assert list(rows) == list(ROWS)
    trigger = rows["trigger_id"]
    assert trigger.cells["textee"] is not None and trigger.cells["textee"].name == "trigger_id"
    assert trigger.cells["evmeval"] is not None and trigger.cells["evmeval"].name == "plain"
    assert trigger.spread("f1") == pytest.approx(1 / 3)  # textee 0, ours 1/3
    assert trigger.spread("recall") == pytest.approx(2 / 3)
    assert rows["argument_id"].cells["evmeval"] is None  # ours does not score arguments
    assert rows["argument_id"].spread("f1") is None


def test_flips_grouped_by_reason_as_derived_by_hand() -> None:
    # textee vs ours, trigger rows (each occurrence twice: trigger_id and trigger_cls):
    #   pred "attack" [5,6): textee credit 0 (not the gold tuple 4-6), ours Dice 2/3 -> partial span
    #   gold "massive attack": textee not found, ours Dice 2/3 -> partial span
    #   pred twin "attack": textee does not count it (collapsed), ours counts a false alarm -> duplicate
    #   pred "Nothing" in B: textee counts a false alarm, ours leaves document B out -> unscored document
    #   Meet in A-1: a false alarm under both -> no flip. Arguments: ours has no argument rows -> no flip.
    gold, pred = inputs("switchboard")
    board = run_switchboard(conventions_for("all", gold), gold, pred)
    (pair,) = board.flips
    assert (pair.a, pair.b, pair.total) == ("textee", "evmeval", 8)
    assert {reason: len(flips) for reason, flips in pair.groups.items()} == {
        PARTIAL_SPAN: 4, UNSCORED_DOCUMENT: 2, DUPLICATE: 2}
    partial = pair.groups[PARTIAL_SPAN][0]
    assert (partial.item.doc_id, partial.item.unit, partial.item.start, partial.item.end, partial.item.text) == (
        "A", "A-0", 5, 6, "attack")
    assert (partial.a.credit, partial.b.credit) == (0.0, pytest.approx(2 / 3))
    twin = pair.groups[DUPLICATE][0]
    assert (twin.item.event, twin.a.counted, twin.b.counted, twin.b.note) == (1, 0, 1, ONE_TO_ONE)


def test_flips_of_dygiepp_name_the_overwritten_token() -> None:
    # Gold token 9 holds Attack then Meet: DyGIE++ keeps Meet only; ours keeps both mentions (the
    # predicted Attack on 9 pairs with the gold Attack). Document D2 (no gold) is left out by ours.
    gold, pred = inputs("dygiepp")
    (pair,) = run_switchboard(conventions_for("all", gold), gold, pred).flips
    assert {reason: len(flips) for reason, flips in pair.groups.items()} == {OVERWRITTEN: 4, UNSCORED_DOCUMENT: 2}


def test_a_new_convention_plugs_in_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A convention registered with its comparable rows gets a column; no switchboard code changes."""
    textee = REGISTRY["textee"]

    def score(gold: Input, system: Input) -> ConventionResult:
        real = textee.score(gold, system)
        return replace(real, name="strict", metrics={"tri": real.metrics["trigger_id"]}, labels={"tri": "Tri"})

    monkeypatch.setitem(REGISTRY, "strict", replace(textee, name="strict", score=score, comparable={
        "trigger_id": "tri"}, outcomes=None))
    gold, pred = inputs("switchboard")
    board = run_switchboard(conventions_for("all", gold), gold, pred)
    assert [c.name for c in board.conventions] == ["textee", "evmeval", "strict"]
    assert board.rows[0].cells["strict"] is not None and board.rows[1].cells["strict"] is None
    assert [(p.a, p.b) for p in board.flips] == [("textee", "evmeval")]  # no outcomes: no flips


def test_cli_all_prints_the_switchboard_and_writes_json_and_html(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    gold, pred = FILES["switchboard"]
    out_json, out_html = tmp_path / "s.json", tmp_path / "s.html"
    assert score_main(["-g", str(gold), "-s", str(pred), "--convention", "all", "--json", str(out_json),
                       "--html", str(out_html)]) == 0
    printed = capsys.readouterr().out
    assert "Metric                              textee  evmeval (ours)   spread" in printed
    assert "Trigger identification F1             0.00           33.33    33.33" in printed
    assert "What flips between textee and evmeval: 8" in printed
    assert "      4  " + PARTIAL_SPAN in printed
    data = json.loads(out_json.read_text(encoding="utf-8"))
    board = data["switchboard"]
    assert [c["title"] for c in board["columns"]] == ["textee", "evmeval (ours)"]
    first = board["rows"][0]
    assert first["metric"] == "trigger_id" and first["cells"]["evmeval"]["metric"] == "plain"
    assert first["spread"]["f1"] == pytest.approx(1 / 3)
    assert board["rows"][2]["cells"]["evmeval"] is None
    groups = board["flips"][0]["groups"]
    assert [(g["reason"], g["count"]) for g in groups] == [(PARTIAL_SPAN, 4), (UNSCORED_DOCUMENT, 2), (DUPLICATE, 2)]
    assert {k: groups[0]["flips"][0][k] for k in ("doc_id", "unit", "start", "end", "row")} == {
        "doc_id": "A", "unit": "A-0", "start": 5, "end": 6, "row": "trigger_id"}
    assert data["conventions"]["evmeval"]["plain"]["match_num"] == pytest.approx(2 / 3)
    page = out_html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http" not in page.split("<body>")[1]
    assert '<th class="ours">evmeval (ours)</th>' in page
    assert '<td class="n spread big">33.33</td>' in page
    assert 'data-doc="A" data-unit="A-0" data-start="5" data-end="6"' in page
    assert "4 × " + PARTIAL_SPAN in page


def test_cli_html_needs_a_convention(capsys: pytest.CaptureFixture[str]) -> None:
    gold, pred = FILES["switchboard"]
    with pytest.raises(SystemExit) as stop:
        score_main(["-g", str(gold), "-s", str(pred), "--html", "x.html"])
    assert stop.value.code == 2
    assert "--html writes the switchboard of --convention" in capsys.readouterr().err


def test_cli_single_convention_has_no_switchboard(capsys: pytest.CaptureFixture[str]) -> None:
    gold, pred = FILES["switchboard"]
    assert score_main(["-g", str(gold), "-s", str(pred), "--convention", "evmeval"]) == 0
    printed = capsys.readouterr().out
    assert "Convention evmeval: ours" in printed and "Switchboard" not in printed


def test_event_corpus_keeps_each_triggers_arguments_on_the_document_tokens() -> None:
    """The window shows them with the selected trigger; an argument naming an entity is at the entity's
    span (TextEE's rule), and a later window's tokens follow the earlier ones'."""
    from evmeval.conventions.corpus import event_inputs
    from evmeval.conventions.items import GOLD

    gold, pred = (Input(str(p), p.read_bytes()) for p in FILES["textee"])
    corpus = event_inputs(gold, pred)
    roles = [(r.role, r.start, r.end) for r in corpus.roles(GOLD, "D1", "D1-0:E0")]
    assert roles == [("Employer", 0, 1), ("Person", 2, 3), ("Time", 4, 5)]  # Person: entity [2,3), not 5-6
    assert [(r.role, r.start, r.end) for r in corpus.roles(PRED, "D2", "D2-0:E1")] == [("Target", 3, 4)]
    gold, pred = (Input(str(p), p.read_bytes()) for p in FILES["dygiepp"])
    corpus = event_inputs(gold, pred)  # DyGIE++: document token indices, end inclusive -> exclusive
    assert [(r.role, r.start, r.end) for r in corpus.roles(GOLD, "D1", "1:E1")] == [("Attacker", 4, 5),
                                                                                     ("Target", 10, 11)]
    assert corpus.inputs.texts.text("D2") == "Nothing happened ."
