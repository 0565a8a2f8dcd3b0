"""Convention `rams`: the RAMS 1.0 scorer's figures, from its recorded outputs and from hand-derived cases.

The published scorer ran on 150 seeded pairs (tests/core/seeded_arguments.py); its figures are in
tests/data/recorded/rams.json (`python -m tests.record_published --rams FOLDER`), so this runs without it.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest
from evmeval.conventions import Input, detect_format
from evmeval.conventions.rams import score_rams
from evmeval.io.errors import FormatError
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import recorded as rec
from tests.core import seeded_arguments
from tests.programs import installed


def _write(tmp_path: Path, gold: str, prediction: str) -> tuple[Input, Input]:
    (tmp_path / "g.jsonl").write_text(gold, encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(prediction, encoding="utf-8")
    return Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "p.jsonl"))


@pytest.mark.parametrize("case", rec.case_ids("rams"))
def test_rams_equals_recorded_scorer_py(tmp_path: Path, case: str) -> None:
    gold, prediction = rec.text_case("rams", case)
    figures = rec.recorded("rams", case, rec.text_files(gold, prediction))
    ours = score_rams(*_write(tmp_path, gold, prediction))

    def percent(name: str) -> list[float]:
        m = ours.metrics[name]
        return [100 * m.precision, 100 * m.recall, 100 * m.f1]

    assert percent("overall") == pytest.approx(figures["overall"], abs=1e-9)
    roles = {name.removeprefix("role "): m for name, m in ours.metrics.items() if name.startswith("role ")}
    assert sorted(roles) == sorted(figures["roles"])
    for role, (c, m, o, f1) in figures["roles"].items():
        numbers = dict(roles[role].numbers)  # type: ignore[attr-defined]
        assert (numbers["correct"], numbers["missing"], numbers["overpred"]) == (c, m, o), role
        assert 100 * roles[role].f1 == pytest.approx(f1, abs=1e-9), role
    for d, (p, r, f1, gold_num, pred_num) in zip((-2, -1, 0, 1, 2), figures["distances"], strict=True):
        assert percent(f"distance {d}") == pytest.approx([p, r, f1], abs=1e-9), d
        assert (ours.metrics[f"distance {d}"].gold_num, ours.metrics[f"distance {d}"].pred_num) == (gold_num, pred_num)


GOLD = (
    '{"doc_key": "d1", "sentences": [["A", "man", "was", "killed", "."], ["The", "army", "fired", "."], '
    '["In", "Gaza", "."]], "evt_triggers": [[3, 3, [["life.die", 1.0]]]], "gold_evt_links": '
    '[[[3, 3], [0, 1], "evt089arg01victim"], [[3, 3], [5, 6], "evt089arg02killer"], '
    '[[3, 3], [10, 10], "evt089arg04place"]]}\n'
    '{"doc_key": "d2", "sentences": [["Troops", "attacked", "the", "town", "."]], "evt_triggers": '
    '[[1, 1, [["conflict.attack", 1.0]]]], "gold_evt_links": [[[1, 1], [0, 0], "evt001arg01attacker"], '
    '[[1, 1], [3, 3], "evt001arg02target"]]}\n')
PREDICTION = (
    '{"doc_key": "d1", "predictions": [[[3, 3], [0, 1, "victim", 1.0], [0, 1, "victim", 0.5], '
    '[6, 6, "killer", 1.0], [10, 10, "place", 1.0]]]}\n'
    '{"doc_key": "d2", "predictions": [[[1, 1], [3, 3, "attacker", 1.0]]]}\n'
    '{"doc_key": "d9", "predictions": []}\n')


def test_the_worked_example_of_the_guide(tmp_path: Path) -> None:
    """docs/scoring/rams.md: 5 gold links, 5 predicted; correct = victim (once: the repeat is an overpred) and
    place; missing killer [5,6], attacker [0,0], target [3,3]; overpred victim again, killer [6,6], attacker
    [3,3]. Its Precision = 2 / (2 + 3) and its Recall = 2 / (2 + 3); victim's row: Precision 1 / (1 + 0),
    Recall 1 / (1 + 1); place two sentences after the trigger is distance +2."""
    result = score_rams(*_write(tmp_path, GOLD, PREDICTION))
    overall = result.metrics["overall"]
    assert (overall.match_num, overall.pred_num, overall.gold_num) == (2, 5, 5)
    assert overall.precision == pytest.approx(2 / 5) and overall.recall == pytest.approx(2 / 5)
    victim = result.metrics["role victim"]
    assert (victim.precision, victim.recall) == (1.0, 0.5)
    assert victim.f1 == pytest.approx(2 * 1 * 0.5 / 1.5)
    assert [k for k in result.metrics if k.startswith("role ")] == [
        "role attacker", "role killer", "role place", "role target", "role victim"]
    assert result.metrics["distance 2"].match_num == 1 and result.metrics["distance 1"].gold_num == 1
    assert result.warnings == ("1 prediction line of a doc_key not in the gold file, ignored (as scorer.py ignores "
                               "them)",)


def test_the_cli_prints_the_scripts_figures_and_the_json_has_its_counts(tmp_path: Path) -> None:
    gold, prediction = _write(tmp_path, GOLD, PREDICTION)
    run = subprocess.run([installed("evmeval-score"), "-g", gold.path, "-s", prediction.path, "--convention", "rams",
                          "--json", str(tmp_path / "out.json")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "role victim              100.00   50.00   66.67       1       2       1" in run.stdout
    assert "warning: rams: 1 prediction line of a doc_key not in the gold file" in run.stderr
    found = json.loads((tmp_path / "out.json").read_text())["conventions"]["rams"]["role victim"]
    assert (found["correct"], found["missing"], found["overpred"]) == (1, 0, 1)
    assert detect_format(gold) == "rams" and detect_format(prediction) == "rams"


@pytest.mark.parametrize(("prediction", "message"), [
    ('{"doc_key": "d2", "predictions": [[[1, 1], [3, 5, "target", 1.0]]]}\n',
     "p.jsonl:1: doc_key 'd2': span [3, 5] is past the document's 5 tokens"),
    ('{"doc_key": "d1", "predictions": [[[3, 3], [3, 5, "victim", 1.0]]]}\n',
     "p.jsonl:1: doc_key 'd1': span [3, 5] crosses sentences 0 and 1 of the gold document (expected a span "
     "inside one sentence (the scorer asserts it))"),
    ('{"doc_key": "d1", "predictions": [[[3, 3], [0, 1, "victim"]]]}\n',
     "p.jsonl:1: doc_key 'd1', argument 0: is a list of 3 (expected [start, end, role, confidence])"),
    ('{"doc_key": "d1", "predictions": [[[3, 3]], [[3, 3]]]}\n',
     "p.jsonl:1: doc_key 'd1': 2 predicted events (expected one event per line (the scorer asserts it))"),
    ('{"doc_key": "d1", "predictions": []}\n{"doc_key": "d2", "sentences": [], "evt_triggers": [], '
     '"gold_evt_links": []}\n', "p.jsonl:2: a line of the gold layout after lines of the predictions layout"),
])
def test_what_the_script_fails_on_is_one_line(tmp_path: Path, prediction: str, message: str) -> None:
    gold, system = _write(tmp_path, GOLD, prediction)
    with pytest.raises(FormatError) as caught:
        score_rams(gold, system)
    assert str(caught.value).removeprefix(str(tmp_path) + "/").startswith(message)
    run = subprocess.run([installed("evmeval-score"), "-g", gold.path, "-s", system.path, "--convention", "rams"],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert message.split(": ", 1)[1] in run.stderr


def test_a_gold_link_off_its_trigger_is_refused_at_its_line(tmp_path: Path) -> None:
    gold = GOLD.replace('[[[1, 1], [0, 0], "evt001arg01attacker"]', '[[[2, 2], [0, 0], "evt001arg01attacker"]')
    with pytest.raises(FormatError, match=r"g\.jsonl:2: doc_key 'd2', link 0: trigger \[2, 2\] is not the line's "
                                          r"trigger \[1, 1\]"):
        score_rams(*_write(tmp_path, gold, PREDICTION))


@given(st.integers(0, 10_000), st.randoms(use_true_random=False))
@settings(deadline=None, max_examples=60)
def test_gold_against_itself_is_perfect_and_line_order_does_not_matter(seed: int, rnd: random.Random) -> None:
    """Invariants of the multiset counts: the gold file as its own prediction (gold layout) has no missing and
    no overpred link in any row; shuffling the prediction lines changes no figure."""
    import tempfile

    gold, prediction = seeded_arguments.rams_case(seed)
    lines = prediction.splitlines(keepends=True)
    rnd.shuffle(lines)
    with tempfile.TemporaryDirectory() as tmp:
        g, p = _write(Path(tmp), gold, prediction)
        shuffled = Path(tmp) / "shuffled.jsonl"
        shuffled.write_text("".join(lines), encoding="utf-8")
        itself = score_rams(g, g)
        assert all(dict(m.numbers)["missing"] == dict(m.numbers)["overpred"] == 0  # type: ignore[attr-defined]
                   for m in itself.metrics.values())
        assert itself.metrics["overall"].f1 == (1.0 if itself.metrics["overall"].gold_num else 0.0)
        assert score_rams(g, p).to_json() == score_rams(g, Input(str(shuffled))).to_json()


def test_the_matching_switch_pairs_links_by_the_scorers_own_rule(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """`--matching optimal` credits the predictions `rams.link_marks` credits (one source for the multiset
    pairing): the guide's example predicts victim [0,1] twice; the first copy is the intersection's. Under a
    rule that credits the last copies instead, the switch credits the second: it follows the rule, not a
    pairing of its own."""
    from evmeval.conventions import rams

    def victims(switch_groups: list) -> list[int]:  # type: ignore[type-arg]
        [group] = [g for g in switch_groups if g.metric == "role victim"]
        return sorted(group.preds[i].argument for i in group.credited)

    gold, prediction = _write(tmp_path, GOLD, PREDICTION)
    assert victims(rams.rams_matches(gold, prediction)[1]) == [0]
    first_copies = rams.link_marks

    def last_copies(g: list[rams.Link], p: list[rams.Link]) -> tuple[list[rams.Mark], list[rams.Mark]]:
        gold_marks, pred_marks = first_copies(g[::-1], p[::-1])
        return gold_marks[::-1], pred_marks[::-1]
    monkeypatch.setattr(rams, "link_marks", last_copies)
    gold, prediction = _write(tmp_path, GOLD, PREDICTION)
    assert victims(rams.rams_matches(gold, prediction)[1]) == [1]
