"""Coreference figures without the CoNLL lines (issue 34): what the window keeps for files without any
@Coreference line, where every mention is a cluster of its own. The figures are the full result's, bit for bit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from evmeval.coref.scoring import score_coreference
from evmeval.io.tbf import read_tbf
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from evmeval.sequencing.links import COREFERENCE, uses_relation_kind


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
