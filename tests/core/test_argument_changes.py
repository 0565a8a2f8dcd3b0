"""What changed from run a to run b, argument by argument, under `--convention textee|dygiepp` (issue 36,
section 3): only the arguments whose outcome changed, each with a reason code (role, span, trigger, added,
removed, matching). The changes reconcile exactly with the difference of the counts behind the argument
figures (matches, predictions, gold: the convention's own per-window counts), over random files (hypothesis);
a hand-made case names the reasons; the command prints and writes them."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import jsonschema
from evmeval._util.schemas import load_schema
from evmeval.conventions import REGISTRY, dygiepp, textee
from evmeval.conventions.argument_changes import (
    ARGUMENT_ROWS,
    ArgumentReason,
    argument_changes,
    argument_text,
    reconcile_arguments,
    run_arguments,
)
from evmeval.conventions.base import Input
from evmeval.mention.changes import FOUND, MISSED, SPURIOUS, ItemState, ItemTally
from hypothesis import given
from hypothesis import strategies as st

from tests.core.test_invariants import SETTINGS
from tests.programs import installed

ROLES = ("Attacker", "Target")
TYPES = ("Attack", "Meet")
TOKENS = ["w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7"]


@st.composite
def events(draw: st.DrawFn) -> list[tuple[int, str, list[tuple[int, int, str]]]]:
    """(trigger token, type, [(argument start, end exclusive, role)]) within 8 tokens."""
    out = []
    for _ in range(draw(st.integers(0, 3))):
        arguments = []
        for _ in range(draw(st.integers(0, 3))):
            start = draw(st.integers(0, 6))
            arguments.append((start, start + draw(st.integers(1, 2)), draw(st.sampled_from(ROLES))))
        out.append((draw(st.integers(0, 7)), draw(st.sampled_from(TYPES)), arguments))
    return out


def _textee_line(doc: int, wnd: int, evs: list) -> str:
    spans = sorted({(s, e) for _, _, args in evs for s, e, _ in args})
    entity = {span: f"E{k}" for k, span in enumerate(spans)}
    return json.dumps({"doc_id": f"D{doc}", "wnd_id": f"D{doc}-{wnd}", "tokens": TOKENS,
                       "entity_mentions": [{"id": entity[s], "entity_type": "PER", "text": "x", "start": s[0],
                                            "end": s[1]} for s in spans],
                       "event_mentions": [{"event_type": t, "trigger": {"text": "w", "start": k, "end": k + 1},
                                           "arguments": [{"entity_id": entity[(s, e)], "role": r, "text": "x"}
                                                         for s, e, r in args]} for k, t, args in evs]}) + "\n"


def _dygiepp_line(doc: int, sentences: list[list], predicted: bool) -> str:
    def event(k: int, t: str, args: list, offset: int) -> list:
        extra = [0.0, 0.5] if predicted else []
        return [[k + offset, t, *extra], *[[s + offset, e - 1 + offset, r, *extra] for s, e, r in args]]

    key = "predicted_events" if predicted else "events"
    out: dict[str, object] = {"doc_key": f"D{doc}", "sentences": [TOKENS] * len(sentences),
                              key: [[event(k, t, a, 8 * n) for k, t, a in evs] for n, evs in enumerate(sentences)]}
    if predicted:
        out["events"] = [[] for _ in sentences]
    return json.dumps(out) + "\n"


@st.composite
def three_inputs(draw: st.DrawFn, convention: str) -> tuple[Input, Input, Input]:
    shape = [draw(st.integers(1, 2)) for _ in range(draw(st.integers(1, 2)))]  # windows per document
    texts = []
    for predicted in (False, True, True):
        if convention == "textee":
            texts.append("".join(_textee_line(d, w, draw(events())) for d, n in enumerate(shape) for w in range(n)))
        else:
            texts.append("".join(_dygiepp_line(d, [draw(events()) for _ in range(n)], predicted)
                                 for d, n in enumerate(shape)))
    inputs = [Input(name, text.encode()) for name, text in zip(("gold.jsonl", "a.jsonl", "b.jsonl"), texts,
                                                                 strict=True)]
    return inputs[0], inputs[1], inputs[2]


def _counts(convention: str, gold: Input, system: Input, row: str) -> ItemTally:
    """The row's matches, predictions and gold count summed over the convention's own windows."""
    reader = {"textee": textee.unit_counts, "dygiepp": dygiepp.unit_counts}[convention]
    metric = REGISTRY[convention].comparable[row]  # the convention's own name of the row
    match, pred, gold_num = (sum(column) for column in reader(gold, system).counts[metric])
    return ItemTally(system_found=int(match), system_spurious=int(pred - match), gold_found=-1,
                     gold_missed=int(gold_num))


@SETTINGS
@given(st.data())
def test_argument_changes_reconcile_with_the_figures_counts(data):
    convention = data.draw(st.sampled_from(("textee", "dygiepp")))
    gold, a, b = data.draw(three_inputs(convention))
    outcomes = REGISTRY[convention].outcomes
    assert outcomes is not None
    runs = [run_arguments(outcomes(gold, system)) for system in (a, b)]
    for row in ARGUMENT_ROWS:
        for run, system in zip(runs, (a, b), strict=True):
            tally, counts = run.tally(row), _counts(convention, gold, system, row)
            assert (tally.system_found, tally.system_spurious) == (counts.system_found, counts.system_spurious)
            assert tally.gold_found + tally.gold_missed == counts.gold_missed  # every gold argument counted
        changes = argument_changes(runs[0], runs[1], row)
        assert reconcile_arguments(changes) == runs[1].tally(row) - runs[0].tally(row)
        for change in changes:
            assert change.before != change.after and change.reasons and argument_text(change)
        assert argument_changes(runs[0], runs[0], row) == ()


def _textee(path: Path, evs_by_window: list[list]) -> Path:
    path.write_text("".join(_textee_line(0, w, evs) for w, evs in enumerate(evs_by_window)))
    return path


def _hand_made(tmp_path: Path) -> tuple[Path, Path, Path]:
    gold = _textee(tmp_path / "gold.jsonl", [[(1, "Attack", [(0, 1, "Attacker"), (3, 4, "Target")])]])
    a = _textee(tmp_path / "a.jsonl", [[(1, "Attack", [(0, 1, "Attacker"), (3, 4, "Target")])]])
    # b: the Attacker becomes Target (role), the Target's span grows (span), a new Attacker at w6 (added)
    b = _textee(tmp_path / "b.jsonl", [[(1, "Attack", [(0, 1, "Target"), (3, 5, "Target"), (6, 7, "Attacker")])]])
    return gold, a, b


def test_argument_reasons_by_hand(tmp_path):
    gold, a, b = (Input(p.name, p.read_bytes()) for p in _hand_made(tmp_path))
    runs = [run_arguments(textee.textee_outcomes(gold, system)) for system in (a, b)]
    changes = {argument_text(c): c for c in argument_changes(runs[0], runs[1], "argument_cls")}
    attacker = changes["Attacker “w0” of Attack [1,2) at [0,1)"]
    assert (attacker.before, attacker.after, attacker.reasons) == (ItemState(FOUND, FOUND), ItemState(MISSED),
                                                                    (ArgumentReason.ROLE,))
    assert changes["Target “w3” of Attack [1,2) at [3,4)"].reasons == (ArgumentReason.SPAN,)
    assert changes["Target “w0” of Attack [1,2) at [0,1)"].after == ItemState(system=SPURIOUS)
    assert changes["Target “w3 w4” of Attack [1,2) at [3,5)"].reasons == (ArgumentReason.SPAN,)
    assert changes["Attacker “w6” of Attack [1,2) at [6,7)"].reasons == (ArgumentReason.ADDED,)
    # a had both right (2 of 2); b has none of its 3 right: matches -2, spurious +3, missed +2
    assert reconcile_arguments(tuple(changes.values())) == ItemTally(-2, 2, -2, 3)
    # identification ignores the role: the Attacker at w0 still matches there
    ident = {argument_text(c) for c in argument_changes(runs[0], runs[1], "argument_id")}
    assert "Target “w0” of Attack [1,2) at [0,1)" in ident  # a new item (another role), found


def test_the_command_lists_argument_changes(tmp_path):
    gold, a, b = _hand_made(tmp_path)
    out = tmp_path / "c.json"
    done = subprocess.run([installed("evmeval-compare"), "--convention", "textee", "-g", gold, "-s", a, "-s", b,
                           "--resamples", "50", "--json", out, "--csv", tmp_path / "csv", "--html",
                           tmp_path / "c.html"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Argument changes:" in done.stdout
    assert "D0 D0-0 Attacker “w0” of Attack [1,2) at [0,1): gold found, system found → gold missed (role)" \
        in done.stdout
    data = json.loads(out.read_text())
    jsonschema.validate(data, load_schema("compare_convention"))
    cls = data["pairs"][0]["argument_changes"]["argument_cls"]
    assert cls["delta"] == {"gold_found": -2, "gold_missed": 2, "system_found": -2, "system_spurious": 3}
    assert cls["delta"] == {k: cls["b"][k] - cls["a"][k] for k in cls["a"]}
    assert cls["count"] == len(cls["items"]) == 5 and cls["reasons"]["role"] == 2  # the Attacker, the new Target
    rows = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "argument_changes.csv").read_text())))
    assert len(rows) == sum(data["pairs"][0]["argument_changes"][r]["count"] for r in ("argument_id", "argument_cls"))
    role = next(r for r in rows if r["row"] == "argument_cls" and r["role"] == "Attacker" and r["start"] == "0")
    assert (role["before_gold"], role["before_system"], role["after_gold"], role["after_system"], role["reasons"]) == (
        "found", "found", "missed", "", "role")
    page = (tmp_path / "c.html").read_text()
    assert ("a → b, Argument classification: 5 changed (2 role, 2 span, 1 added) · Δ match -2 · Δ spurious +3 · "
            "Δ gold found -2 · Δ gold missed +2</summary>") in page
