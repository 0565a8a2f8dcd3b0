"""Mapping differences (evmeval.mention.mapping_diff): the issue's hand-made case as a derivation, and
properties: no change where the strategies agree, and a document's gains add up to its TP difference."""

from __future__ import annotations

import math

import pytest
from evmeval.align import COMBINATIONS
from evmeval.io.tbf import parse_tbf
from evmeval.mention.mapping_diff import ALTERNATIVES, document_changes, mapping_differences, score_strategies
from evmeval.mention.scoring import score_document
from evmeval.model import Mention, SpanMode
from hypothesis import given, settings

from .test_strategies import GOLD, NESTED_GOLD, NESTED_SYSTEM, SYSTEM, clean_documents, documents


def _doc(gold: list[Mention], system: list[Mention], strategy: str):
    return score_document("doc", tuple(gold), tuple(system), mapping=strategy)


def test_the_issue_case_lists_both_gold_mentions_with_their_gains() -> None:
    # greedy: G1-S2 (2*3/(5+5) = 0.6), G2 unmapped; optimal: G1-S1 (2*2/(5+2)) and G2-S2 (2*2/(2+5)).
    greedy = _doc(GOLD, SYSTEM, "greedy")
    changes = document_changes(greedy, _doc(GOLD, SYSTEM, "optimal"), "optimal", "plain")
    assert [(c.gold_id, c.greedy_id, c.other_id) for c in changes] == [("G1", "S2", "S1"), ("G2", None, "S2")]
    g1, g2 = changes
    assert g1.greedy_dice == 2 * 3 / (5 + 5) and g1.other_dice == pytest.approx(2 * 2 / (5 + 2))
    assert g1.gain == pytest.approx(2 * 2 / (5 + 2) - 2 * 3 / (5 + 5))
    assert g2.greedy_dice == 0.0 and g2.gain == pytest.approx(2 * 2 / (2 + 5))
    assert g1.gain + g2.gain == pytest.approx(8 / 7 - 0.6)


def test_ordered_loses_what_a_crossing_pair_held() -> None:
    # Greedy keeps Ga-Sy (1) and Gb-Sx (2*1/(1+4)); ordered drops the crossing Gb-Sx.
    greedy = _doc(NESTED_GOLD, NESTED_SYSTEM, "greedy")
    changes = document_changes(greedy, _doc(NESTED_GOLD, NESTED_SYSTEM, "ordered"), "ordered", "plain")
    assert [(c.gold_id, c.greedy_id, c.other_id) for c in changes] == [("Gb", "Sx", None)]
    assert changes[0].gain == -(2 * 1 / (1 + 4))


GOLD_TBF = ("#BeginOfDocument d1\ngold\td1\tG1\tt0,t1,t2,t3,t4\tx\tattack\tactual\n"
            "gold\td1\tG2\tt5,t6\tx\tattack\tactual\n#EndOfDocument\n"
            "#BeginOfDocument d2\ngold\td2\tG1\tt0\tx\tattack\tactual\n#EndOfDocument\n")
SYSTEM_TBF = ("#BeginOfDocument d1\nsys\td1\tS1\tt0,t1\tx\tattack\tactual\n"
              "sys\td1\tS2\tt2,t3,t4,t5,t6\tx\tattack\tactual\n#EndOfDocument\n"
              "#BeginOfDocument d2\nsys\td2\tS1\tt0\tx\tattack\tactual\n#EndOfDocument\n")


def test_corpus_comparison_uses_each_results_own_scores() -> None:
    gold, _ = parse_tbf(GOLD_TBF, path="gold.tbf", mode=SpanMode.TOKEN)
    system, _ = parse_tbf(SYSTEM_TBF, path="sys.tbf", mode=SpanMode.TOKEN)
    seen: list[tuple[int, int]] = []
    results = score_strategies(gold, system, progress=lambda done, total: seen.append((done, total)))
    assert list(results) == ["greedy", "optimal", "ordered"]
    assert seen[-1] == (6, 6)  # two documents, three strategies
    diff = mapping_differences(results, "plain")
    assert diff.strategies == ("greedy", "optimal", "ordered")
    # corpus micro: greedy TP 0.6 + 1 (d2 exact) over 3 gold; optimal and ordered 8/7 + 1.
    assert diff.micro["greedy"].recall == pytest.approx((0.6 + 1) / 3)
    assert diff.micro["optimal"].recall == pytest.approx((8 / 7 + 1) / 3)
    assert diff.micro["optimal"] == results["optimal"].micro["plain"]
    assert [(c.doc_id, c.strategy, c.gold_id) for c in diff.changes] == [
        ("d1", "optimal", "G1"), ("d1", "optimal", "G2"), ("d1", "ordered", "G1"), ("d1", "ordered", "G2")]
    d2 = diff.document("d2")
    assert d2 is not None and d2.changes == () and d2.scores["optimal"].f1 == 1.0
    data = diff.to_json()
    assert data["documents"][0]["changes"][1] == {
        "doc_id": "d1", "strategy": "optimal", "gold": "G2", "gold_index": 1, "greedy_system": None,
        "greedy_system_index": None, "greedy_dice": 0.0, "other_system": "S2", "other_system_index": 1,
        "other_dice": pytest.approx(4 / 7), "gain": pytest.approx(4 / 7)}
    # only what is still missing is scored
    again = score_strategies(gold, system, known={"greedy": results["greedy"]}, strategies=("greedy", "ordered"))
    assert again["greedy"] is results["greedy"] and list(again) == ["greedy", "ordered"]


def test_greedy_result_is_required() -> None:
    with pytest.raises(ValueError, match="greedy"):
        mapping_differences({}, "plain")


@settings(max_examples=120, deadline=None)
@given(documents())
def test_gains_add_up_to_the_tp_difference(doc: tuple[list[Mention], list[Mention]]) -> None:
    gold, system = doc
    greedy = _doc(gold, system, "greedy")
    for strategy in ALTERNATIVES:
        other = _doc(gold, system, strategy)
        for c in COMBINATIONS:
            changes = document_changes(greedy, other, strategy, c)
            assert math.fsum(x.gain for x in changes) == pytest.approx(other.mappings[c].tp - greedy.mappings[c].tp,
                                                                      abs=1e-9)
            same = {(p.gold, p.system) for p in greedy.mappings[c].pairs} == \
                {(p.gold, p.system) for p in other.mappings[c].pairs}
            assert (changes == ()) == same
            for x in changes:
                assert (x.greedy_system, x.greedy_dice) != (x.other_system, x.other_dice)


@settings(max_examples=60, deadline=None)
@given(clean_documents())
def test_no_differences_when_the_strategies_agree(doc: tuple[list[Mention], list[Mention]]) -> None:
    gold, system = doc
    greedy = _doc(gold, system, "greedy")
    for strategy in ALTERNATIVES:
        for c in COMBINATIONS:
            assert document_changes(greedy, _doc(gold, system, strategy), strategy, c) == ()
