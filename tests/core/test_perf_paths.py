"""The shortcuts taken for speed (issue 16) give exactly what the plain paths give.

The mapping shortcuts are checked against a naive re-statement of the published rule in
test_invariants.py; here: the validator's "usual document" passes against its per-mention and
per-cluster loops, the forked checker's two payload encodings, the JSON writer (C encoder, documents
built while written, NaN as null), left-to-right TP sums, and reading files with one call.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from pathlib import Path

import pytest
from evmeval._util.forked import Forked
from evmeval.align.greedy import sum_in_order
from evmeval.io import validate
from evmeval.io.errors import Problem
from evmeval.io.loading import load_inputs
from evmeval.io.reading import read_bytes
from evmeval.io.tokens import find_unknown_token_ids
from evmeval.mention.scoring import score_files
from evmeval.model import Document, Mention, Relation
from evmeval.report.json_report import LazyArray, _document_json, _encoded_document, dumps, result_to_json
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

IDS = ("E1", "E2", "E3", "E4")


def _mention(mention_id: str, doc_id: str, span: tuple[str, ...], line: int) -> Mention:
    return Mention("run", doc_id, mention_id, span, "x", "attack", "actual", "Attack", "Actual", None, line)


@st.composite
def documents(draw: st.DrawFn) -> Document:
    """Small documents with every relation problem possible: repeated and foreign mention ids,
    unknown ids, a span twice in a cluster, a mention in two clusters, odd kinds and arities."""
    count = draw(st.integers(0, 5))
    mentions = tuple(
        _mention(draw(st.sampled_from(IDS)), draw(st.sampled_from(("d", "d", "d", "other"))),
                 tuple(draw(st.lists(st.sampled_from(("t1", "t2", "t3")), min_size=1, max_size=2))), line)
        for line in range(1, count + 1))
    relations = tuple(
        Relation(draw(st.sampled_from(("Coreference", "Coreference", "After", "Subevent", "Bogus"))), f"R{n}",
                 tuple(draw(st.lists(st.sampled_from((*IDS, "E9")), min_size=1, max_size=4))), 100 + n)
        for n in range(draw(st.integers(0, 4))))
    return Document("d", mentions, relations, 1)


@SETTINGS
@given(documents())
def test_usual_document_passes_find_what_the_loops_find(doc: Document) -> None:
    fast = validate.check_document(doc, "f.tbf")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(validate, "_mentions_clean", lambda *_: False)
        slow = validate.check_document(doc, "f.tbf")
    assert fast == slow


def test_the_loops_run_when_the_passes_decline() -> None:
    """Not a vacuous comparison: the loops do find what a repeated id and a shared span are."""
    doc = Document("d", (_mention("E1", "d", ("t1",), 1), _mention("E1", "d", ("t2",), 2),
                         _mention("E2", "d", ("t1",), 3)),
                   (Relation("Coreference", "R1", ("E1", "E2"), 4),), 1)
    messages = [p.message for p in validate.check_document(doc, "f.tbf")]
    assert messages == ["duplicated mention id 'E1' in document 'd' (first at line 1)",
                        "cluster 'R1' holds the same span twice (E1 and E2)"]


def test_a_token_id_with_a_superscript_digit_is_unknown_not_a_crash(tmp_path: Path) -> None:
    table = tmp_path / "d.tab"
    table.write_text("t1\ta\t0\t0\nt2\tb\t2\t2\n", encoding="utf-8")
    assert find_unknown_token_ids(str(table), ["t²", "t1", "t٢", "t2"]) == ["t²", "t٢"]


def test_forked_values_come_back_by_marshal_or_by_pickle() -> None:
    plain = ["a warning", "another"]
    problems = [Problem("f.tbf", 3, "bad", "good")]
    assert Forked(lambda: plain).result() == plain
    assert Forked(lambda: problems).result() == problems


def test_tp_is_summed_left_to_right() -> None:
    values = [1e16, 1.0, -1e16]
    expected = 0.0
    for v in values:
        expected += v
    assert sum_in_order(values) == expected == 0.0  # math.fsum would give 1.0
    assert math.fsum(values) == 1.0


def test_files_read_with_one_call_are_read_whole(tmp_path: Path) -> None:
    empty, small = tmp_path / "empty", tmp_path / "small"
    empty.write_bytes(b"")
    small.write_bytes(b"line\n" * 1000 + b"no newline")
    assert read_bytes(str(empty)) == b""
    assert read_bytes(str(small)) == small.read_bytes()


def test_a_fifo_is_still_read_to_its_end(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    payload = b"x\n" * 300_000
    pid = os.fork()
    if pid == 0:
        try:
            with open(fifo, "wb") as writer:
                writer.write(payload)
        finally:
            os._exit(0)
    try:
        assert read_bytes(str(fifo)) == payload
    finally:
        os.waitpid(pid, 0)


@pytest.fixture
def demo_result(evmeval_data: Path):
    demo = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), token_dir=str(demo / "tkn"))
    return score_files(inputs.gold, inputs.system)


def test_json_text_holds_what_the_dict_holds(demo_result) -> None:
    eager = result_to_json(demo_result)
    lazy = result_to_json(demo_result, lazy=True)
    assert isinstance(lazy["documents"], LazyArray) and len(lazy["documents"]) == len(eager["documents"])
    assert [json.loads(text) for text in lazy["documents"][:]] == eager["documents"]
    text = dumps(lazy)
    assert json.loads(text) == json.loads(json.dumps(eager)) and text == dumps(eager)
    assert list(json.loads(text)) == list(eager)
    assert text.count("\n") == len(eager) + len(eager["documents"]) + 3  # a document per line


def test_a_nan_that_slipped_in_is_written_as_null() -> None:
    text = dumps({"figures": [{"f1": float("nan")}, {"f1": 0.5}], "micro": {"p": float("nan")}, "none": []})
    assert "NaN" not in text
    assert json.loads(text) == {"figures": [{"f1": None}, {"f1": 0.5}], "micro": {"p": None}, "none": []}
    assert json.loads(dumps({"documents": LazyArray([], lambda d: d)})) == {"documents": []}


def test_a_dice_that_is_not_a_finite_float_goes_through_the_encoder(demo_result) -> None:
    doc = next(d for d in demo_result.documents if d.mappings["plain"].pairs)
    odd = {c: dataclasses.replace(m, pairs=tuple(p._replace(dice=float("nan")) for p in m.pairs))
           for c, m in doc.mappings.items()}
    odd_doc = dataclasses.replace(doc, mappings=odd)
    text = dumps({"documents": LazyArray([odd_doc], _encoded_document)})
    assert '"dice": null' in text and "NaN" not in text
    assert json.loads(text) == json.loads(dumps({"documents": [_document_json(odd_doc)]}))


