"""One run's arguments under every argument convention that reads it (issue 35 section 5): textee and our
rule on the TextEE files, dygiepp on the same windows through the DyGIE++ pivot; figures and flips derived
by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import Input
from evmeval.conventions.argument_pivot import argument_board
from evmeval.conventions.flips import OTHER
from evmeval.conventions.items import DUPLICATE, ONE_TO_ONE, OTHER_TRIGGER, OVERWRITTEN

TOKENS = ["Troops", "attacked", "the", "city", "and", "attacked", "it"]


def _event(at: int, arguments: list[tuple[str, int]]) -> dict[str, object]:
    return {"event_type": "Attack", "trigger": {"text": TOKENS[at], "start": at, "end": at + 1},
            "arguments": [{"role": role, "start": s, "end": s + 1, "text": TOKENS[s]} for role, s in arguments]}


def write(tmp_path: Path, trigger_end: int = 2) -> tuple[Path, Path]:
    """Gold: attacked(1) Attacker Troops, Target city; attacked(5) Attacker Troops, Target it.
    Prediction: attacked(1) Attacker Troops, Target city twice; attacked(5) Target city (gold's under 1)."""
    gold_events = [_event(1, [("Attacker", 0), ("Target", 3)]), _event(5, [("Attacker", 0), ("Target", 6)])]
    gold_events[0]["trigger"]["end"] = trigger_end  # type: ignore[index]
    pred_events = [_event(1, [("Attacker", 0), ("Target", 3), ("Target", 3)]), _event(5, [("Target", 3)])]
    paths = []
    for name, events in (("gold", gold_events), ("pred", pred_events)):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(json.dumps({"doc_id": "D", "wnd_id": "D-0", "tokens": TOKENS, "event_mentions": events})
                        + "\n")
        paths.append(path)
    return paths[0], paths[1]


# textee (sets; argument key (window, type, span), role added for Arg-C; not tied to its trigger):
#   gold {Attack 0-1, Attack 3-4, Attack 6-7} (Troops twice collapses); pred {Attack 0-1, Attack 3-4}: (2, 2, 3).
# ours (multisets matched one to one; key (trigger, type, span[, role])): gold 4 tuples; pred (1, 0-1) and
#   (1, 3-4) match, the twin (1, 3-4) finds no copy left, (5, 3-4) is not gold's: (2, 4, 4).
# dygiepp (dictionaries (trigger token, span) -> role; a row matches ANY gold row of its span and type):
#   gold rows 4; pred rows (1, 0-0), (1, 3-3) (the twin overwrites), (5, 3-3): all three have a gold row
#   with their span and type Attack: (3, 3, 4).
FIGURES = {"textee": {"argument_id": (2, 2, 3), "argument_cls": (2, 2, 3)},
           "strings": {"argument_id": (2, 4, 4), "argument_cls": (2, 4, 4)},
           "dygiepp": {"argument_id": (3, 3, 4), "argument_cls": (3, 3, 4)}}


def test_three_argument_conventions_meet_on_one_textee_run(tmp_path: Path) -> None:
    gold, pred = write(tmp_path)
    found = argument_board(Input(str(gold)), Input(str(pred)))
    assert found.left_out == {}
    figures = {name: {row.row: (row.cells[name].metric.match_num, row.cells[name].metric.pred_num,
                                row.cells[name].metric.gold_num) for row in found.board.rows}
               for name in ("textee", "strings", "dygiepp")}
    assert figures == FIGURES


def test_the_flips_name_each_rule(tmp_path: Path) -> None:
    gold, pred = write(tmp_path)
    board = argument_board(Input(str(gold)), Input(str(pred))).board
    pairs = {(p.a, p.b): p for p in board.flips}
    assert set(pairs) == {("textee", "strings"), ("textee", "dygiepp"), ("strings", "dygiepp")}

    def flips(a: str, b: str) -> dict[tuple[str, int, int, str], str]:
        return {(f.item.side, f.item.event, f.item.argument, f.row): why
                for why, group in pairs[a, b].groups.items() for f in group}

    # The twins (pred event 0, arguments 1 and 2): textee counts the first and collapses the second; ours
    # matches the first and counts the second a false alarm (gold's one copy is taken: one to one); dygiepp
    # keeps the last writer of (trigger, span) and drops the first as overwritten.
    # Pred event 1's Target city: its tuple (Attack, city) is event 0's, so textee collapses it too; ours
    # counts it unmatched (its trigger is in the key); dygiepp credits it under the other trigger.
    textee_ours, ours_dygiepp = flips("textee", "strings"), flips("strings", "dygiepp")
    textee_dygiepp = flips("textee", "dygiepp")
    for row in ("argument_id", "argument_cls"):
        assert textee_ours[("pred", 0, 2, row)] == DUPLICATE
        assert textee_ours[("pred", 1, 0, row)] == DUPLICATE
        assert ours_dygiepp[("pred", 0, 1, row)] == OVERWRITTEN
        assert ours_dygiepp[("pred", 0, 2, row)] == ONE_TO_ONE
        assert ours_dygiepp[("pred", 1, 0, row)] == OTHER_TRIGGER
        assert textee_dygiepp[("pred", 0, 1, row)] == OVERWRITTEN
        assert textee_dygiepp[("pred", 0, 2, row)] == DUPLICATE
        assert textee_dygiepp[("pred", 1, 0, row)] == DUPLICATE
    assert OTHER not in {why for p in pairs.values() for why in p.groups}


def test_a_multi_token_trigger_leaves_dygiepp_out_and_says_why(tmp_path: Path) -> None:
    gold, pred = write(tmp_path, trigger_end=3)
    found = argument_board(Input(str(gold)), Input(str(pred)))
    assert [c.name for c in found.board.conventions] == ["textee", "strings"]
    assert found.left_out["dygiepp"] == ("not exact through the DyGIE++ pivot: gold: window 'D-0' (line 1) has a "
                                         "trigger of 2 tokens [1,3) (DyGIE++ triggers are one token)")


def test_convention_all_prints_and_writes_the_argument_board(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    gold, pred = write(tmp_path)
    out_json = tmp_path / "out.json"
    assert score_main(["-g", str(gold), "-s", str(pred), "--convention", "all", "--json", str(out_json)]) == 0
    text = capsys.readouterr().out
    assert "Arguments: the same run under every argument convention that reads it" in text
    assert "What flips between textee and dygiepp" in text
    made = json.loads(out_json.read_text())["arguments"]
    assert [c["name"] for c in made["columns"]] == ["textee", "strings", "dygiepp"]
    assert made["left_out"] == {}
    cells = {r["metric"]: r["cells"]["dygiepp"]["match_num"] for r in made["rows"]}
    assert cells == {"argument_id": 3, "argument_cls": 3}


def _calls(folder: Path, events: int) -> tuple[int, list[str]]:
    """Python calls made by the argument board on one generated TextEE document (a profiler's count)."""
    import sys
    from types import FrameType

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from gen_textee_doc import generate

    gold, pred = generate(folder, events=events, seed=5)
    one_token = tmp = folder / "one"
    tmp.mkdir()
    for path in (gold, pred):  # every trigger one token, so dygiepp reads it through the pivot
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        for window in lines:
            for event in window["event_mentions"]:
                event["trigger"]["end"] = event["trigger"]["start"] + 1
        (one_token / path.name).write_text("".join(json.dumps(line) + "\n" for line in lines))
    inputs = [Input(str(one_token / p.name), (one_token / p.name).read_bytes()) for p in (gold, pred)]
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        found = argument_board(*inputs)
    finally:
        sys.setprofile(None)
    return count, [c.name for c in found.board.conventions]


def test_the_argument_board_stays_linear_in_a_documents_size(tmp_path: Path) -> None:
    small, names = _calls(tmp_path / "small", 400)
    large, _ = _calls(tmp_path / "large", 1600)
    assert names == ["textee", "strings", "dygiepp"]
    assert large / small < 5, (small, large)
