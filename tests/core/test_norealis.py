"""Whether a corpus carries realis (issue 34 polish): one rule, on plain and packed mentions, and what it means."""

from __future__ import annotations

from pathlib import Path

import evmeval
from evmeval.model import NOT_ANNOTATED_RAW, Mention, MentionTable, canonical, carries_realis, pack_mentions
from evmeval.rules import COMBINATIONS, Combination, distinct_combinations
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def _mention(number: int, realis: str) -> Mention:
    return Mention("run", "D1", f"E{number}", (f"t{number}",), "word", "attack", canonical(realis), "Attack",
                   realis, None, number + 1)


REALIS = st.sampled_from([NOT_ANNOTATED_RAW, "Not_Annotated", "Actual", "Generic", "Other"])


@settings(max_examples=60, deadline=None)
@given(st.lists(REALIS, max_size=6), st.lists(REALIS, max_size=6))
def test_some_realis_besides_not_annotated_on_either_side_carries(gold: list[str], system: list[str]) -> None:
    gold_side = [_mention(n, r) for n, r in enumerate(gold)]
    system_side = [_mention(n, r) for n, r in enumerate(system)]
    expected = any(canonical(r) != "notannotated" for r in gold + system)
    assert carries_realis(gold_side, system_side) is expected
    table = MentionTable()
    assert carries_realis(pack_mentions(table, gold_side), pack_mentions(table, system_side)) is expected


def test_twins_without_realis() -> None:
    assert [Combination(c).without_realis.value for c in COMBINATIONS] == [
        "plain", "mention_type", "plain", "mention_type"]


def test_a_textee_pair_carries_no_realis_and_its_realis_figures_repeat_the_others() -> None:
    corpus = evmeval.load(EXAMPLES / "textee_gold.jsonl", EXAMPLES / "textee_pred.jsonl")
    result = evmeval.score(corpus).result
    assert result.carries_realis is False
    for name in COMBINATIONS:
        twin = Combination(name).without_realis
        assert result.micro[name] == result.micro[twin]


def test_a_tbf_corpus_with_realis_carries_it() -> None:
    corpus = evmeval.load(DEMO / "gold.tbf", DEMO / "system_a.tbf", tokens=DEMO / "tkn")
    result = evmeval.score(corpus).result
    assert result.carries_realis is True
    assert result.micro["realis_status"] != result.micro["plain"]


def test_without_realis_only_the_two_combinations_that_differ_are_distinct() -> None:
    assert distinct_combinations(True) == COMBINATIONS
    assert distinct_combinations(False) == ("plain", "mention_type")
