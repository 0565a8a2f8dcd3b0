"""One definition of per-type figures (issue 31, trust round 4, item 15): every combination's per-type
table counts on a mapping that includes the type, so no type's precision or recall passes 100 %."""

from __future__ import annotations

import math

import pytest
from evmeval.align import COMBINATIONS
from evmeval.io.loading import load_inputs
from evmeval.mention.scoring import per_type_mapping, per_type_table, score_files
from evmeval_resources import demo_dir


@pytest.fixture(scope="module")
def demo():
    folder = demo_dir()
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system_a.tbf"), token_dir=str(folder / "tkn"))
    return score_files(inputs.gold, inputs.system)


def test_the_mapping_of_a_per_type_table_includes_the_type() -> None:
    assert [per_type_mapping(c) for c in COMBINATIONS] == [
        "mention_type", "mention_type", "mention_type+realis_status", "mention_type+realis_status"]


@pytest.mark.parametrize("combination", COMBINATIONS)
def test_no_type_scores_above_100_percent(demo, combination: str) -> None:
    """Span only gave Transaction.Transfer-Money 105.33 % precision on the demo (Life.Die 114.29 %)."""
    rows = per_type_table(demo.documents, combination, gold_types_only=False)
    assert rows
    for row in rows:
        for value in (row.precision, row.recall, row.f1):
            assert math.isnan(value) or 0.0 <= value <= 1.0, (row.mention_type, value)


def test_span_only_is_the_exported_type_mapping_table(demo) -> None:
    assert per_type_table(demo.documents, "plain", gold_types_only=False) == demo.per_type_by_type_mapping
    published = per_type_table(demo.documents, "realis_status", gold_types_only=True)
    assert published == demo.per_type_published
