"""Coreference as CSV for spreadsheets: every metric per document (and the corpus), and every cluster.

Figures are fractions 0-1, unrounded, as the core holds them (v8.01's rule: a zero denominator gives
0); the corpus row sums counts over documents as the CoNLL scorer v8.01 does, it does not average rows.
"""

from __future__ import annotations

from collections.abc import Iterator

from evmeval._util.shared_tables import Tables
from evmeval.coref.explain import explain_clusters
from evmeval.coref.metrics import METRICS, CorefCounts
from evmeval.coref.scoring import CorefResult
from evmeval.coref.view import cluster_name, describe_all
from evmeval.mention.scoring import ScoreResult
from evmeval.report.csv_writer import CsvWriter, number, table

DOCUMENT_HEADER = ("doc_id", *(f"{m}_{f}" for m in METRICS for f in ("recall", "precision", "f1")),
                   "conll_f1", "mentions_recall", "mentions_precision", "mentions_f1")
CLUSTER_HEADER = ("doc_id", "side", "cluster", "relation_id", "outcome", "mention_ids", "unaligned",
                  "other_side_clusters", "explanation")


def _metric_cells(counts: CorefCounts) -> list[str]:
    cells: list[str] = []
    for name in METRICS:
        m = counts.metric(name)
        cells.extend(number(float(v)) for v in (m.recall, m.precision, m.f1))
    ident = counts.identification
    cells.append(number(float(counts.conll_f1)))
    cells.extend(number(float(v)) for v in (ident.recall, ident.precision, ident.f1))
    return cells


def format_coref_documents_csv(coref: CorefResult) -> str:
    """One row per document, then `#corpus` (the corpus sums)."""
    rows = [[d.doc_id, *_metric_cells(d.counts)] for d in coref.documents]
    rows.append(["#corpus", *_metric_cells(coref.total)])
    return table(DOCUMENT_HEADER, rows)


def format_coref_clusters_csv(result: ScoreResult, coref: CorefResult, *, every_cluster: bool = False,
                              tables: Tables | None = None) -> str:
    """Every `@Coreference` cluster and every one-mention cluster whose outcome is not exact (with
    `every_cluster`, all one-mention clusters too), with its outcome and explanation (`tables`: the
    cluster explanations, shared)."""
    return "".join(iter_coref_clusters_csv(result, coref, every_cluster=every_cluster, tables=tables))


def iter_coref_clusters_csv(result: ScoreResult, coref: CorefResult, *, every_cluster: bool = False,
                            tables: Tables | None = None) -> Iterator[str]:
    """`format_coref_clusters_csv` a document at a time (written as it is made by a report export)."""
    writer = CsvWriter()
    writer.row(CLUSTER_HEADER)
    for cd, doc in zip(coref.documents, result.documents, strict=True):
        clusters = explain_clusters(cd, doc, tables)
        by_side = {(c.side, c.label): c for c in clusters}
        for c, text in zip(clusters, describe_all(clusters, tables), strict=True):
            if not (every_cluster or c.relation_id or c.outcome != "exact"):
                continue
            other = "system" if c.side == "gold" else "gold"
            names = " ".join(cluster_name(by_side[(other, x)]) for x in c.counterparts if (other, x) in by_side)
            writer.row([cd.doc_id, c.side, cluster_name(c), c.relation_id, c.outcome, " ".join(c.mention_ids),
                             " ".join(c.unaligned), names, text])
        yield writer.take()
    yield writer.take()
