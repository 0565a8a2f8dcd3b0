"""Scoring two CoNLL files the way the reference scorer v8.01 (`scorer.pl`) does.

Mentions are matched by exact span. v8.01's mention identification step numbers the key mentions,
gives a response mention the key's number when its span is a key span, and drops a response mention
repeated after it was matched (more than 10 such repeats make v8.01 refuse to score). Documents are
the key file's; a document missing from the response has an empty response.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from evmeval.coref.metrics import METRICS, CorefCounts, LinkCounts, score_chains, sum_counts
from evmeval.io.conll import ConllDocument, Span

MAX_REPEATED = 10
"""v8.01 stops when more response mentions than this were repeated."""
REPEATED_IN_RESPONSE = "Repeated mention in the response:"


@dataclass(frozen=True)
class IdentifiedChains:
    """One document's chains of mention numbers, and what the identification step found."""

    key: tuple[tuple[int, ...], ...]
    response: tuple[tuple[int, ...], ...]
    identification: LinkCounts
    repeated_response: int
    messages: tuple[str, ...]


def identify_mentions(key: Sequence[Sequence[Span]], response: Sequence[Sequence[Span]]) -> IdentifiedChains:
    """v8.01's `IdentifMentions`: spans to mention numbers shared by both sides."""
    messages: list[str] = []
    ids: dict[Span, int] = {}
    count = 0
    for entity in key:
        for span in entity:
            if span in ids:
                messages.append(f"Repeated mention in the key: {span[0]}, {span[1]} {ids[span]}{count}")
            ids[span] = count
            count += 1
    matched: dict[Span, int] = {}
    exact = repeated = 0
    kept_entities: list[list[Span]] = []
    for entity in response:
        kept: list[Span] = []
        for span in entity:
            if span in matched:
                messages.append(f"{REPEATED_IN_RESPONSE} {span[0]}, {span[1]} "
                                f"{matched[span]}{ids.get(span, '')}")
                repeated += 1
                continue
            if span in ids:
                matched[span] = ids[span]
                exact += 1
            kept.append(span)
        if kept:
            kept_entities.append(kept)
    for entity in kept_entities:
        for span in entity:
            if span not in matched:
                matched[span] = count
                count += 1
    key_chains = tuple(tuple(ids[s] for s in entity) for entity in key)
    response_chains = tuple(tuple(matched[s] for s in entity) for entity in kept_entities)
    ident = LinkCounts(exact, len(ids), exact, len(matched))
    return IdentifiedChains(key_chains, response_chains, ident, repeated, tuple(messages))


@dataclass(frozen=True)
class ConllScores:
    """Per-document and summed counts of two CoNLL files, in the key file's document order."""

    documents: tuple[tuple[str, CorefCounts], ...]
    total: CorefCounts
    repeated_response: int
    messages: tuple[str, ...]


def score_conll(key: dict[str, ConllDocument], response: dict[str, ConllDocument],
                metrics: Collection[str] = METRICS) -> ConllScores:
    """The metrics named (all by default) over the key's documents, counts summed as v8.01 sums them;
    the others count zero (`evmeval-conll --metric muc` need not wait for CEAF)."""
    documents: list[tuple[str, CorefCounts]] = []
    messages: list[str] = []
    repeated = 0
    for name, doc in key.items():
        other = response.get(name)
        chains = identify_mentions(doc.entities, other.entities if other is not None else ())
        messages.extend(chains.messages)
        repeated += chains.repeated_response
        documents.append((name, score_chains(chains.key, chains.response, chains.identification, metrics)))
    return ConllScores(tuple(documents), sum_counts(c for _, c in documents), repeated, tuple(messages))
