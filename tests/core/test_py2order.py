"""Python 2.7's string/tuple hash and set iteration order, against output recorded from Python 2.7."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.sequencing.py2order import MASK64, set_order, str_hash, triple_hash, tuple_hash, tuple_set_order
from hypothesis import given
from hypothesis import strategies as st

RECORDED = json.loads((Path(__file__).resolve().parent.parent / "data" / "sequencing" / "py2_orders.json")
                      .read_text(encoding="utf-8"))


def test_string_hashes_are_python2s() -> None:
    cases = RECORDED["str_hash"]
    assert len(cases) > 100
    assert [str_hash(text) for text, _ in cases] == [expected for _, expected in cases]


def test_tuple_hashes_are_python2s() -> None:
    cases = RECORDED["tuple_hash"]
    assert any(len(items) == 0 for items, _ in cases) and any(len(items) == 4 for items, _ in cases)
    assert [tuple_hash(tuple(items)) for items, _ in cases] == [expected for _, expected in cases]


@pytest.mark.parametrize("case", RECORDED["set_orders"], ids=lambda c: f"{len(c['keys'])} keys")
def test_set_iteration_order_is_python2s(case: dict) -> None:
    """Sizes around every resize threshold (6 of 8 slots, 22 of 32, 86 of 128, 342 of 512) included."""
    names = ("After", "Subevent")
    keys = [(case["pool"][a], case["pool"][b], names[r]) for a, b, r in case["keys"]]
    distinct = list(dict.fromkeys(keys))
    assert [distinct.index(k) for k in tuple_set_order(keys)] == case["order"]


def test_the_recorded_orders_are_not_insertion_order() -> None:
    """Otherwise the test above could not fail."""
    changed = sum(case["order"] != sorted(case["order"]) for case in RECORDED["set_orders"])
    assert changed > len(RECORDED["set_orders"]) // 2


@given(st.lists(st.integers(0, 40)))
def test_a_set_holds_each_key_once(keys: list[int]) -> None:
    order = set_order(keys, hash_of=lambda k: k * 7919)
    assert sorted(order) == sorted(set(keys))


@given(st.text(max_size=12), st.text(max_size=12), st.sampled_from(["After", "Subevent", ""]))
def test_the_unrolled_triple_hash_is_the_tuple_hash(a: str, b: str, c: str) -> None:
    """`triple_hash` (one call per sequencing link) is `tuple_hash` of a 3-tuple, modulo 2**64."""
    assert triple_hash(a, b, c) == tuple_hash((a, b, c)) & MASK64


@given(st.lists(st.tuples(st.sampled_from(["e1", "e2", "E10", "em-3", "x"]),
                          st.sampled_from(["e1", "e2", "E10", "em-3", "y"]), st.sampled_from(["After", "Subevent"])),
                max_size=400))
def test_the_triple_set_order_is_the_general_one(keys: list[tuple[str, str, str]]) -> None:
    assert tuple_set_order(keys) == set_order(keys, hash_of=tuple_hash)
