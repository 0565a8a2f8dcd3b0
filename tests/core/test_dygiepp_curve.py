"""DyGIE++ at a probability threshold and its precision-recall curve: each point equals scoring the
file with the less probable predictions removed (derived by hand on a small file), the files read once."""

from __future__ import annotations

import json
from pathlib import Path

from evmeval.conventions.base import Input
from evmeval.conventions.dygiepp import score_dygiepp
from evmeval.conventions.dygiepp_curve import GRID, has_probabilities, pr_curve, score_at
from evmeval.conventions.parsed import dygiepp_file

SENTENCES = [["Troops", "attacked", "the", "city", "and", "killed", "many", "."]]
GOLD = {"doc_key": "D", "sentences": SENTENCES, "events": [[[[1, "Attack"], [0, 0, "Attacker"], [3, 3, "Target"]],
                                                           [[5, "Die"], [6, 6, "Victim"]]]]}
PRED = {"doc_key": "D", "sentences": SENTENCES,
        "predicted_events": [[[[1, "Attack", 2.0, 0.9], [0, 0, "Attacker", 1.0, 0.8], [3, 3, "Target", 0.2, 0.3]],
                              [[5, "Attack", 0.5, 0.6], [6, 6, "Victim", 0.1, 0.4]],
                              [[2, "Die", -1.0, 0.2]]]]}


def _files(tmp_path: Path) -> tuple[Input, Input]:
    (tmp_path / "g.jsonl").write_text(json.dumps(GOLD) + "\n", encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(json.dumps(PRED) + "\n", encoding="utf-8")
    return Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "p.jsonl"))


def _counts(metrics, name):
    m = metrics[name]
    return m.match_num, m.pred_num, m.gold_num


def test_points_by_hand(tmp_path: Path) -> None:
    """Gold: triggers 1 (Attack), 5 (Die); arguments (0,Attack,Attacker), (3,Attack,Target), (6,Die,Victim).
    Predicted: 1 Attack p.9 [Attacker p.8, Target p.3], 5 Attack p.6 [Victim p.4], 2 Die p.2.
    At 0: 3 triggers, 2 gold tokens hit, 1 class (token 5 is Die in gold); arguments 3 predicted
    (0 Attack Attacker, 3 Attack Target, 6 Attack Victim): ids 2 (span+type), classes 2.
    At 0.5: triggers 1 and 5 (2 predicted, 2 ids, 1 class); arguments: Attacker only (Target .3 and
    Victim .4 cut): 1 of 1. At 0.95: nothing predicted."""
    gold, pred = _files(tmp_path)
    assert has_probabilities(dygiepp_file(pred))
    at0 = score_at(gold, pred, 0.0).metrics
    assert at0 == score_dygiepp(gold, pred).metrics  # threshold 0 keeps everything
    assert [_counts(at0, n) for n in ("trig_id", "trig_class", "arg_id", "arg_class")] == [
        (2, 3, 2), (1, 3, 2), (2, 3, 3), (2, 3, 3)]
    half = score_at(gold, pred, 0.5).metrics
    assert [_counts(half, n) for n in ("trig_id", "trig_class", "arg_id", "arg_class")] == [
        (2, 2, 2), (1, 2, 2), (1, 1, 3), (1, 1, 3)]
    top = score_at(gold, pred, 0.95).metrics
    assert _counts(top, "trig_class") == (0, 0, 2) and top["trig_class"].precision == 0.0


def test_the_curve_is_the_points(tmp_path: Path) -> None:
    gold, pred = _files(tmp_path)
    curve = pr_curve(gold, pred)
    assert [p.threshold for p in curve] == list(GRID)
    for point in curve[::10]:
        assert point.metrics == score_at(gold, pred, point.threshold).metrics
    recall = [p.metrics["trig_id"].recall for p in curve]
    assert recall == sorted(recall, reverse=True)  # a higher threshold never finds more
    assert pr_curve(gold, pred, [0.5, 0.0], cancelled=lambda: False)[0].threshold == 0.0
    assert pr_curve(gold, pred, cancelled=lambda: True) == []
