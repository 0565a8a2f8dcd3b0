"""Cross-document coreference as a figure family of the comparison (`evmeval.compare.resampling.Family`).

Each merged document (`evmeval.coref.cross_document`) is one row: with topics, one row per topic, so a
resample draws whole topics (`--unit topic`), and the corpus figures are exactly `evmeval-conll
--cross-document --topics FILE`'s; at corpus level there is one row (its figures, nothing to resample).
The figures are the coreference family's (`coref_family`): the same names, the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping

from evmeval.compare.resampling import Family, coref_family
from evmeval.coref.conll_scoring import score_conll
from evmeval.coref.cross_document import merge_corpus
from evmeval.io.conll import ConllDocument


def cross_document_family(key: Mapping[str, ConllDocument], response: Mapping[str, ConllDocument],
                          topics: Mapping[str, str] | None = None, topics_path: str = "",
                          ) -> tuple[tuple[str, ...], Family]:
    """The merged documents' names (topics, or `corpus`) and their coreference family, one row each.

    Raises `FormatError` for a key document without a topic."""
    merged = merge_corpus(key, response, topics, topics_path)
    scores = score_conll(merged.key, merged.response)
    return tuple(name for name, _ in scores.documents), coref_family([c for _, c in scores.documents])


__all__ = ["cross_document_family"]
