"""What changed from run a to run b, trigger by trigger, under every convention with outcomes (issue 36,
section 3): only the triggers whose outcome changed on the trigger rows, each with a reason code (span, type,
grounding, added, removed, matching). The changes reconcile exactly with the difference of the counts behind
the trigger figures (matches, predictions, gold: each convention's own per-unit counts), over random files
(hypothesis); a hand-made case names the reasons; the command prints and writes them."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import jsonschema
from evmeval._util.schemas import load_schema
from evmeval.compare.convention_runs import READERS
from evmeval.conventions import REGISTRY, textee
from evmeval.conventions.base import Input
from evmeval.conventions.options import prepare_with
from evmeval.conventions.trigger_changes import (
    TRIGGER_ROWS,
    TriggerReason,
    reconcile_triggers,
    run_triggers,
    trigger_changes,
    trigger_text,
)
from evmeval.mention.changes import FOUND, MISSED, SPURIOUS, ItemState, ItemTally
from hypothesis import given
from hypothesis import strategies as st

from tests.core.test_argument_changes import _textee, three_inputs
from tests.core.test_invariants import SETTINGS
from tests.programs import installed

OUTCOME_CONVENTIONS = ("textee", "dygiepp", "evmeval")
"""Conventions with outcomes whose runs the random files are (strings: a hand-made case below)."""


@SETTINGS
@given(st.data())
def test_trigger_changes_reconcile_with_the_figures_counts(data):
    convention = data.draw(st.sampled_from(OUTCOME_CONVENTIONS))
    gold, a, b = data.draw(three_inputs("dygiepp" if convention == "dygiepp" else "textee"))
    outcomes = REGISTRY[convention].outcomes
    assert outcomes is not None
    runs = [run_triggers(outcomes(gold, system)) for system in (a, b)]
    for row in TRIGGER_ROWS:
        metric = REGISTRY[convention].comparable[row]  # the convention's own name of the row
        for run, system in zip(runs, (a, b), strict=True):
            match, pred, gold_num = (sum(c) for c in READERS[convention](gold, system).counts[metric])
            tally = run.tally(row)
            assert tally.system_found + tally.system_spurious == pred
            assert tally.gold_found + tally.gold_missed == gold_num
            if convention == "evmeval":  # Dice: a credited prediction adds at most 1
                assert match <= tally.system_found and (tally.system_found > 0) == (match > 0)
            else:
                assert tally.system_found == match
        changes = trigger_changes(runs[0], runs[1], row)
        assert reconcile_triggers(changes) == runs[1].tally(row) - runs[0].tally(row)
        for change in changes:
            assert change.before != change.after and change.reasons and trigger_text(change)
        assert trigger_changes(runs[0], runs[0], row) == ()


def _hand_made(tmp_path: Path) -> tuple[Path, Path, Path]:
    gold = _textee(tmp_path / "gold.jsonl", [[(1, "Attack", []), (3, "Meet", [])]])
    a = _textee(tmp_path / "a.jsonl", [[(1, "Attack", []), (3, "Meet", [])]])
    # b: the Attack becomes a Meet (type), the Meet is gone (removed), a new Attack at w6 (added)
    b = _textee(tmp_path / "b.jsonl", [[(1, "Meet", []), (6, "Attack", [])]])
    return gold, a, b


def test_trigger_reasons_by_hand(tmp_path):
    gold, a, b = (Input(p.name, p.read_bytes()) for p in _hand_made(tmp_path))
    runs = [run_triggers(textee.textee_outcomes(gold, system)) for system in (a, b)]
    changes = {trigger_text(c): c for c in trigger_changes(runs[0], runs[1], "trigger_cls")}
    attack = changes["Attack “w1” at [1,2)"]
    assert (attack.before, attack.after, attack.reasons) == (ItemState(FOUND, FOUND), ItemState(MISSED),
                                                              (TriggerReason.TYPE,))
    assert changes["Meet “w1” at [1,2)"].after == ItemState(system=SPURIOUS)
    assert changes["Meet “w1” at [1,2)"].reasons == (TriggerReason.TYPE,)
    assert changes["Meet “w3” at [3,4)"].reasons == (TriggerReason.REMOVED,)
    assert changes["Attack “w6” at [6,7)"].reasons == (TriggerReason.ADDED,)
    # a had both right; b has none of its 2 right: matches -2, spurious +2, found -2, missed +2
    assert reconcile_triggers(tuple(changes.values())) == ItemTally(-2, 2, -2, 2)


def test_strings_not_placed_are_grounding_changes(tmp_path):
    gold = _textee(tmp_path / "gold.jsonl", [[(1, "Attack", [])]])
    strings = tmp_path / "a.jsonl"
    strings.write_text(json.dumps({"doc_id": "D0", "wnd_id": "D0-0", "events": [
        {"event_type": "Attack", "trigger": "w1", "arguments": []}]}) + "\n")
    lost = tmp_path / "b.jsonl"
    lost.write_text(json.dumps({"doc_id": "D0", "wnd_id": "D0-0", "events": [
        {"event_type": "Attack", "trigger": "nowhere", "arguments": []}]}) + "\n")
    outcomes = REGISTRY["strings"].outcomes
    assert outcomes is not None
    g = Input(gold.name, gold.read_bytes())
    runs = [run_triggers(outcomes(g, prepare_with("strings", g, Input(p.name, p.read_bytes()))[1]))
            for p in (strings, lost)]
    changes = {trigger_text(c): c for c in trigger_changes(runs[0], runs[1], "trigger_cls")}
    assert changes["Attack “nowhere” not in the text"].reasons == (TriggerReason.GROUNDING,)
    assert changes["Attack “nowhere” not in the text"].after == ItemState(system=SPURIOUS)
    assert reconcile_triggers(tuple(changes.values())) == runs[1].tally("trigger_cls") - runs[0].tally("trigger_cls")


def test_the_command_lists_trigger_changes(tmp_path):
    gold, a, b = _hand_made(tmp_path)
    out = tmp_path / "c.json"
    done = subprocess.run([installed("evmeval-compare"), "--convention", "textee", "-g", gold, "-s", a, "-s", b,
                           "--resamples", "50", "--json", out, "--csv", tmp_path / "csv", "--html",
                           tmp_path / "c.html"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Trigger changes:" in done.stdout
    assert "D0 D0-0 Attack “w1” at [1,2): gold found, system found → gold missed (type)" in done.stdout
    data = json.loads(out.read_text())
    jsonschema.validate(data, load_schema("compare_convention"))
    cls = data["pairs"][0]["trigger_changes"]["trigger_cls"]
    assert cls["delta"] == {"gold_found": -2, "gold_missed": 2, "system_found": -2, "system_spurious": 2}
    assert cls["delta"] == {k: cls["b"][k] - cls["a"][k] for k in cls["a"]}
    assert cls["count"] == len(cls["items"]) == 4 and cls["reasons"]["type"] == 2
    assert "argument_cls" in data["pairs"][0]["argument_changes"]  # the arguments' keys unchanged
    rows = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "trigger_changes.csv").read_text())))
    assert len(rows) == sum(data["pairs"][0]["trigger_changes"][r]["count"] for r in TRIGGER_ROWS)
    typed = next(r for r in rows if r["row"] == "trigger_cls" and r["event_type"] == "Attack" and r["start"] == "1")
    assert (typed["before_gold"], typed["before_system"], typed["after_gold"], typed["after_system"],
            typed["reasons"]) == ("found", "found", "missed", "", "type")
    page = (tmp_path / "c.html").read_text()
    assert ("a → b, Trigger classification: 4 changed (2 type, 1 added, 1 removed) · Δ match -2 · Δ spurious +2 · "
            "Δ gold found -2 · Δ gold missed +2</summary>") in page


def test_the_command_lists_trigger_changes_under_ours(tmp_path):
    gold, a, b = _hand_made(tmp_path)
    done = subprocess.run([installed("evmeval-compare"), "--convention", "evmeval", "-g", gold, "-s", a, "-s", b,
                           "--resamples", "50", "--csv", tmp_path / "csv"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Trigger changes:" in done.stdout and "Argument changes:" not in done.stdout
    assert (tmp_path / "csv" / "trigger_changes.csv").exists()
    assert not (tmp_path / "csv" / "argument_changes.csv").exists()


def test_the_trigger_csv_is_checked_before_any_work(tmp_path):
    gold, a, b = _hand_made(tmp_path)
    folder = tmp_path / "csv"
    (folder / "trigger_changes.csv").mkdir(parents=True)  # in the way: a folder where the CSV goes
    done = subprocess.run([installed("evmeval-compare"), "--convention", "evmeval", "-g", gold, "-s", a, "-s", b,
                           "--resamples", "50", "--csv", folder],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 1 and "trigger_changes.csv" in done.stderr and "Traceback" not in done.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["trigger_changes.csv"]  # nothing written
    assert done.stdout == ""
