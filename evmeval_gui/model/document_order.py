"""The document list's order by a figure, worst first: one key per document, no Qt.

The list sorts by it on the GUI thread when the user asks; the corpus load's worker sorts the result
by F1 with it before the result arrives (`corpus_state.Arrival`), so that the list a corpus opens on
(F1, worst first) is not sorted on the GUI thread (about 40 ms at 4,480 documents).
"""

from __future__ import annotations

from collections.abc import Callable

from evmeval.mention.scoring import DocumentResult, ScoreResult

from evmeval_gui.model.formatting import nan_sort_key

PRECISION, RECALL, F1 = range(3)
"""The figures a document can be sorted by, as `figure_key` numbers them."""


def figure_key(result: ScoreResult, combination: str, figure: int) -> Callable[[DocumentResult], tuple[float, str]]:
    """The sort key of a document of `result` by `figure` under `combination`: an undefined figure of a
    document in the averages sorts before every real one (worst), of one outside them after; ties by id."""

    def key(doc: DocumentResult) -> tuple[float, str]:
        score = doc.scores[combination]
        value = (score.precision, score.recall, score.f1)[figure]
        return nan_sort_key(value, worst=result.counts_document(doc)), doc.doc_id.lower()

    return key


def worst_first(result: ScoreResult, combination: str) -> tuple[DocumentResult, ...]:
    """`result`'s documents by F1 under `combination`, worst first (the order the document list opens on)."""
    return tuple(sorted(result.documents, key=figure_key(result, combination, F1)))
