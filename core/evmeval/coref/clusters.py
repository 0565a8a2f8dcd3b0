"""Coreference clusters of one side of a document, from its `@Coreference` relation lines.

Reused by every feature that needs clusters (coreference scores, the window's cluster view, event
sequencing). The rules are v1.8's: each `@Coreference` line is one cluster, numbered by its position
among the document's `@Coreference` lines; a mention in two clusters is a data problem (v1.8 stops).
Members that are not mentions of the document are left out with a warning (v1.8 crashes on them
when writing the comparison file). With a type white list v1.8 first keeps only the members that
survived the list and drops relations left with fewer than two members, which renumbers the rest.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import NamedTuple

from evmeval.io.errors import Problem
from evmeval.model import Document

COREFERENCE = "Coreference"


class Cluster(NamedTuple):
    """One `@Coreference` line: its number among the document's clusters, its id (`R1`), its member
    mention ids (known mentions only, in line order, each once), its line in the file, and the known
    members as written (a repeated id kept: the comparison file prints them so). A NamedTuple: the
    comparison file reads ~30k of them."""

    number: int
    relation_id: str
    mention_ids: tuple[str, ...]
    line: int
    as_written: tuple[str, ...] = ()


@dataclass(frozen=True)
class DocumentClusters:
    """The clusters of one side of one document, and what was wrong with them.

    `overlaps` are fatal (a mention in two clusters); `warnings` are not (unknown members).
    """

    doc_id: str
    clusters: tuple[Cluster, ...]
    overlaps: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()

    def cluster_of(self) -> dict[str, int]:
        """Mention id -> cluster number (the first cluster holding it)."""
        found: dict[str, int] = {}
        for cluster in self.clusters:
            for mention_id in cluster.mention_ids:
                found.setdefault(mention_id, cluster.number)
        return found


def coreference_clusters(
    document: Document,
    *,
    mention_ids: Collection[str] | None = None,
    path: str = "",
    whitelisted: bool = False,
) -> DocumentClusters:
    """The document's coreference clusters.

    `mention_ids`: the mentions that count (default: every mention of the document; with a type
    white list, those of the listed types). `whitelisted`: apply v1.8's white-list rule (drop
    relations left with fewer than two members).
    """
    in_document = {m.mention_id for m in document.mentions}
    known = set(mention_ids) if mention_ids is not None else in_document
    clusters: list[Cluster] = []
    warnings: list[Problem] = []
    overlaps: list[Problem] = []
    owner: dict[str, Cluster] = {}
    for relation in document.relations:
        if relation.kind != COREFERENCE:
            continue
        unknown = [m for m in relation.mention_ids if m not in in_document]
        if unknown:
            warnings.append(Problem(path, relation.line, f"coreference {relation.relation_id} names "
                                    f"{', '.join(unknown)}, not a mention of document {document.doc_id!r}; ignored",
                                    "mention ids of the document", fatal=False))
        as_written = tuple(m for m in relation.mention_ids if m in known)
        if whitelisted and len(as_written) < 2:
            continue
        members = tuple(dict.fromkeys(as_written))
        cluster = Cluster(len(clusters), relation.relation_id, members, relation.line, as_written)
        for mention_id in members:
            first = owner.get(mention_id)
            if first is not None:
                overlaps.append(Problem(
                    path, relation.line,
                    f"mention {mention_id} of document {document.doc_id!r} is in coreference clusters "
                    f"{first.relation_id} (line {first.line}) and {relation.relation_id}",
                    "each mention in at most one @Coreference cluster; merge the two clusters "
                    "(the published scorer stops here with a data problem)"))
            else:
                owner[mention_id] = cluster
        clusters.append(cluster)
    return DocumentClusters(document.doc_id, tuple(clusters), tuple(overlaps), tuple(warnings))
