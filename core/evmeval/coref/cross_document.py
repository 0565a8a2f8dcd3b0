"""Cross-document event coreference, scored as the ECB+, GVC and FCC literature scores it.

Those corpora number their clusters across documents: the same number in two documents is one event. The
field scores them by handing the CoNLL reference scorer v8.01 ONE document made of all test documents one
after another (corpus level), or one such document per topic (topic level, which is easier: no cluster
can cross topics). `merge_documents` builds exactly the document `scorer.pl` would read from the
concatenated token lines: the documents' tokens in key order, each document's mention spans shifted by the
tokens before it, and entities joined by their written number, in the order of first appearance.
Scoring the merged documents with `evmeval.coref.conll_scoring.score_conll` then prints v8.01's figures.

A tbf corpus (`evmeval-compare --cross-document`) gives the same documents through v1.8's CoNLL lines
(`tbf_documents`): a `@Coreference` id written in several documents is one event, as a cluster number
shared by several CoNLL documents is; a mention in no cluster is an event of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from evmeval.io.conll import ConllDocument, Span
from evmeval.io.errors import FormatError

if TYPE_CHECKING:
    from evmeval.coref.clusters import DocumentClusters
    from evmeval.coref.scoring import CorefResult

CORPUS = "corpus"
"""The name of the one merged document of corpus-level scoring."""
UNITS = ("corpus", "topic")


@dataclass(frozen=True)
class Merged:
    """Key and response merged alike: `groups` names each merged document and the documents in it."""

    unit: str
    key: dict[str, ConllDocument]
    response: dict[str, ConllDocument]
    groups: tuple[tuple[str, tuple[str, ...]], ...]


def merge_documents(name: str, documents: Sequence[ConllDocument | None],
                    sizes: Sequence[int] | None = None) -> ConllDocument:
    """One document of `documents` in order (None: a document this side lacks, `sizes[k]` its tokens).

    Spans move by the tokens of the documents before (each side's own, as in a concatenated file);
    entities with the same written number are one.
    """
    index: dict[str, int] = {}
    entities: list[list[Span]] = []
    offset = 0
    for k, doc in enumerate(documents):
        if doc is not None:
            numbers = doc.numbers or tuple(str(i) for i in range(len(doc.entities)))
            for number, entity in zip(numbers, doc.entities, strict=True):
                if number not in index:
                    index[number] = len(entities)
                    entities.append([])
                entities[index[number]].extend((start + offset, end + offset) for start, end in entity)
        offset += doc.num_tokens if doc is not None else (sizes[k] if sizes is not None else 0)
    return ConllDocument(name, tuple(tuple(e) for e in entities), 0, tuple(index), offset)


def topic_groups(doc_names: Sequence[str], topics: Mapping[str, str] | None,
                 topics_path: str = "") -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The merged documents: all documents as `corpus`, or one per topic in order of first appearance.

    A document is named in a topics file by its name, or by the name inside `(…)` of a CoNLL document
    name `(NAME); part 000`. Raises `FormatError` for a document without a topic.
    """
    if topics is None:
        return ((CORPUS, tuple(doc_names)),)
    groups: dict[str, list[str]] = {}
    for name in doc_names:
        topic = topics.get(name, topics.get(bare_name(name)))
        if topic is None:
            raise FormatError(topics_path, 0, f"key document {name!r} has no topic",
                              "a line '<document id> <topic>' for every key document")
        groups.setdefault(topic, []).append(name)
    return tuple((topic, tuple(names)) for topic, names in groups.items())


def bare_name(name: str) -> str:
    """`(doc1); part 000` -> `doc1`: the id a CoNLL document name carries."""
    if name.startswith("(") and ")" in name:
        return name[1:name.index(")")]
    return name


def merge_corpus(key: Mapping[str, ConllDocument], response: Mapping[str, ConllDocument],
                 topics: Mapping[str, str] | None = None, topics_path: str = "") -> Merged:
    """Key and response merged per corpus (no `topics`) or per topic, documents in key order.

    A response document the key lacks is left out (v8.01 reads only the key's documents); one the
    response lacks adds no mention and takes the key's number of tokens, so the rest stay in place.
    """
    groups = topic_groups(list(key), topics, topics_path)
    merged_key: dict[str, ConllDocument] = {}
    merged_response: dict[str, ConllDocument] = {}
    for name, members in groups:
        sizes = [key[m].num_tokens for m in members]
        merged_key[name] = merge_documents(name, [key[m] for m in members], sizes)
        merged_response[name] = merge_documents(name, [response.get(m) for m in members], sizes)
    return Merged(CORPUS if topics is None else "topic", merged_key, merged_response, groups)


def _side(doc_id: str, labels: Sequence[int], clusters: DocumentClusters) -> ConllDocument:
    """One side of v1.8's CoNLL lines as a document: each line a token, each cluster an entity numbered by its
    `@Coreference` id (a mention in no cluster numbered so that nothing else shares its number)."""
    ids = [c.relation_id for c in clusters.clusters]
    lines: dict[int, list[Span]] = {}
    for line, label in enumerate(labels):
        if label >= 0:
            lines.setdefault(label, []).append((line, line))
    numbers = tuple(ids[label] if label < len(ids) else f"\0{doc_id}\0{label}" for label in lines)
    return ConllDocument(doc_id, tuple(tuple(spans) for spans in lines.values()), 0, numbers, len(labels))


def tbf_documents(coref: CorefResult) -> tuple[dict[str, ConllDocument], dict[str, ConllDocument]]:
    """The key and response documents of a scored tbf run (`evmeval.coref.scoring.score_coreference`), as
    `evmeval-score -c` writes their lines, entities numbered by their `@Coreference` ids for `merge_corpus`."""
    key = {d.doc_id: _side(d.doc_id, d.gold_labels, d.gold_clusters) for d in coref.documents}
    response = {d.doc_id: _side(d.doc_id, d.system_labels, d.system_clusters) for d in coref.documents}
    return key, response


__all__ = ["CORPUS", "UNITS", "Merged", "bare_name", "merge_corpus", "merge_documents", "tbf_documents",
           "topic_groups"]
