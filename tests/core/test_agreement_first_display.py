"""The Agreement mode's first display (issue 34): a relation matrix is made from each pair's totals, not by
swapping every document's counts of the pairs read the other way (0.3 s of the GUI thread at 2,000 documents)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.agreement import relations
from evmeval.agreement.relations import RELATION_FIGURES
from evmeval.agreement.scoring import compare_annotators
from evmeval.io.tbf import read_tbf
from evmeval.model import SpanMode

from tests.core.test_trust4_relation_agreement import _guide_files


def test_a_relation_matrix_swaps_no_document_and_gives_the_swapped_pairs_figures(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = compare_annotators([read_tbf(str(p), mode=SpanMode.CHAR)[0] for p in _guide_files(tmp_path)])
    expected = {f: [[result.relations[(min(i, j), max(i, j))].figure(f) if i != j else None for j in range(3)]
                    for i in range(3)] for f in RELATION_FIGURES}
    swapped_by_hand = {(j, i): result.relations[(i, j)].swapped() for i, j in result.relations}

    def refuse(_self: object) -> object:
        raise AssertionError("a document's counts were swapped for a matrix")

    monkeypatch.setattr(relations.RelationDocument, "swapped", refuse)
    for figure in RELATION_FIGURES:
        for m, measure in enumerate(("precision", "recall", "f1")):
            values = result.relation_matrix(figure, measure).values
            for i in range(3):
                for j in range(3):
                    if i < j:
                        want = expected[figure][i][j][m]
                    elif i > j:
                        want = swapped_by_hand[(i, j)].figure(figure)[m]
                    else:
                        continue
                    assert values[i][j] == pytest.approx(want, nan_ok=True), (figure, measure, i, j)
