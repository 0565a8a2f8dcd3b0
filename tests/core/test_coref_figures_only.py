"""Coreference figures without the CoNLL lines (issue 34): what the window keeps for files without any
@Coreference line, where every mention is a cluster of its own. The figures are the full result's, bit for bit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from evmeval.coref.metrics import BlancCounts, CorefCounts, LinkCounts, sum_counts
from evmeval.coref.scoring import score_coreference, shared_counts
from evmeval.io.tbf import read_tbf
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from evmeval.sequencing.links import COREFERENCE, uses_relation_kind
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.fixture(scope="module")
def unlinked(evmeval_data):
    """The demo pair with every relation line taken out."""
    folder = evmeval_data / "scoring_demo" / "char_based"
    files = [read_tbf(str(folder / name), mode=SpanMode.CHAR)[0] for name in ("gold.tbf", "system_A.tbf")]
    bare = [replace(f, documents={k: replace(d, relations=()) for k, d in f.documents.items()}) for f in files]
    assert uses_relation_kind(files, COREFERENCE) and not uses_relation_kind(bare, COREFERENCE)
    return bare[0], bare[1], score_files(bare[0], bare[1])


def test_figures_only_keeps_every_figure_and_no_line(unlinked):
    gold, system, result = unlinked
    full = score_coreference(result, gold, system, combination="mention_type")
    light = score_coreference(result, gold, system, combination="mention_type", figures_only=True)
    assert full.lines_kept and not light.lines_kept
    assert light.total == full.total and light.published_average() == full.published_average()
    assert [(d.doc_id, d.counts) for d in light.documents] == [(d.doc_id, d.counts) for d in full.documents]
    assert all(d.gold_rows == d.system_rows == d.gold_labels == d.system_labels == () for d in light.documents)
    assert any(d.gold_rows for d in full.documents)
    assert full.figures_only() == light


NUMBERS = st.one_of(st.integers(0, 5), st.sampled_from([0.0, -0.0, 1.0, 0.5, 2.0, float("inf")]))
LINKS = st.builds(LinkCounts, NUMBERS, NUMBERS, NUMBERS, NUMBERS)
COUNTS = st.builds(CorefCounts, LINKS, LINKS, LINKS, LINKS, st.builds(BlancCounts, LINKS, LINKS), LINKS, LINKS)


def _spelled(counts: object) -> object:
    """Every number with its type and spelling (an int is not a float, -0.0 is not 0.0)."""
    if isinstance(counts, tuple):
        return (type(counts), tuple(_spelled(part) for part in counts))
    return type(counts), repr(counts)


@settings(max_examples=200, deadline=None)
@given(st.lists(COUNTS, max_size=12))
def test_counts_kept_once_are_the_same_numbers(documents: list[CorefCounts]) -> None:
    """Equal counts of several documents are kept once; each document's reads back number for number."""
    seen: dict = {}
    shared = [shared_counts(c, seen) for c in documents]
    assert [_spelled(c) for c in shared] == [_spelled(c) for c in documents]
    assert sum_counts(shared) == sum_counts(documents)
    for a, b in zip(documents, shared, strict=True):
        again = shared_counts(a, seen)
        assert again is b  # the same counts found again: the one kept


def test_the_windows_kept_counts_share_equal_parts(unlinked):
    gold, system, result = unlinked
    light = score_coreference(result, gold, system, combination="mention_type", figures_only=True)
    parts = [part for d in light.documents for part in d.counts]
    equal = {repr(p) for p in parts}
    assert len({id(p) for p in parts}) == len(equal) < len(parts)
