"""Issue 37: `--convention all` stays linear in a document's size. The switchboard explains each
trigger that earned nothing though it overlaps a mention of the other side (ONE_TO_ONE); that check is
made against one token set per document and side, not against every mention of the document.

Measured without a clock: Python function calls (a profiler's count, the same on every machine)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from types import FrameType

from evmeval.conventions import Input
from evmeval.conventions.items import ONE_TO_ONE
from evmeval.conventions.ours import ours_outcomes, sides

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from gen_textee_doc import generate


def _inputs(folder: Path, events: int) -> tuple[Input, Input]:
    gold, pred = generate(folder, events=events, seed=5)
    return Input(str(gold), gold.read_bytes()), Input(str(pred), pred.read_bytes())


def _calls(gold: Input, pred: Input) -> int:
    """Python calls (generator resumptions included) made explaining the outcomes; the scoring
    itself (`sides`, cached) is done before counting."""
    sides(gold, pred)
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        ours_outcomes(gold, pred)
    finally:
        sys.setprofile(None)
    return count


def test_explaining_four_times_the_events_costs_about_four_times_the_calls(tmp_path: Path) -> None:
    small = _calls(*_inputs(tmp_path / "small", 400))
    large = _calls(*_inputs(tmp_path / "large", 1600))
    assert large / small < 5, (small, large)  # quadratic: ~10 (each zero-credit trigger met every mention)


def test_one_to_one_is_given_exactly_to_the_uncredited_triggers_overlapping_the_other_side(tmp_path: Path) -> None:
    gold, pred = _inputs(tmp_path, 400)
    result = sides(gold, pred)[2]
    outcomes = ours_outcomes(gold, pred)
    doc = result.documents[0]
    expected: Counter[str] = Counter()
    for mine, others in ((doc.system, doc.gold), (doc.gold, doc.system)):
        pairs = doc.mappings["plain"].pairs
        credited = {p.system if mine is doc.system else p.gold for p in pairs}
        for k, m in enumerate(mine):
            if k not in credited and any(set(m.span) & set(o.span) for o in others):  # the rule, literally
                expected["pred" if mine is doc.system else "gold"] += 1
    found = Counter(o.item.side for o in outcomes if o.row == "trigger_id" and o.note == ONE_TO_ONE)
    assert found == expected
    assert found["pred"] > 10
