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
from evmeval.io.errors import FormatError
from evmeval.io.loading import read_topics
from evmeval.model import TbfFile


def cross_document_family(key: Mapping[str, ConllDocument], response: Mapping[str, ConllDocument],
                          topics: Mapping[str, str] | None = None, topics_path: str = "",
                          ) -> tuple[tuple[str, ...], Family]:
    """The merged documents' names (topics, or `corpus`) and their coreference family, one row each.

    Raises `FormatError` for a key document without a topic."""
    merged = merge_corpus(key, response, topics, topics_path)
    scores = score_conll(merged.key, merged.response)
    return tuple(name for name, _ in scores.documents), coref_family([c for _, c in scores.documents])


def topics_of(path: str, gold: TbfFile) -> dict[str, str]:
    """`--topics FILE` read and checked to give every gold document a topic (`evmeval-compare` and the window's
    Relations page); a `FormatError` naming the file otherwise."""
    topics = read_topics(path)
    missing = [doc_id for doc_id in gold.documents if doc_id not in topics]
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise FormatError(path, 0, f"document {missing[0]!r}{more} of {gold.path} has no topic",
                          "a line '<document id> <topic>' for every gold document")
    return topics


__all__ = ["cross_document_family", "topics_of"]
