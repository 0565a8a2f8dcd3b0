"""Agreement on relations and clusters between two annotators (or an annotator and a system run).

Nothing here is a new rule: each figure is the scorer's own, run with one annotator in the key role on the
pair's symmetric mapping (`evmeval.agreement.scoring`), so swapping the annotators exchanges precision and
recall and keeps F1.

- Links (`After`, `Subevent`, and `All` = both kinds pooled): each side's links are prepared exactly as the
  sequencing scorer prepares them (`evmeval.sequencing.links`: the side's own coreference spreads a link to
  the cluster's mentions, links implied by transitivity are reduced); mentions align through the pair's
  `mention_type` mapping with any overlap, as `-a` aligns them. A link agrees when the other side has the
  same link between the same aligned mentions. Link P = agreed / #b's links, R = agreed / #a's links
  (`Score.from_counts`, NaN where undefined), summed over documents (micro).
- Clusters: v1.8's coreference scoring (`evmeval.coref.scoring.score_document_coreference`, `-c` with its
  defaults: the `mention_type` mapping, identical spans) on the same mapping; MUC, B³, CEAF-m, CEAF-e,
  LEA and the usual CoNLL F1 (not BLANC: see `CLUSTER_METRICS`), counts summed over documents as the CoNLL
  scorer sums them. A cluster figure is undefined (NaN) when neither side has a cluster of two mentions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from evmeval.coref.metrics import METRICS, BlancCounts, CorefCounts, LinkCounts, sum_counts
from evmeval.coref.scoring import DEFAULT_COMBINATION, DEFAULT_THRESHOLD, score_document_coreference
from evmeval.mention.prf import NAN, Score, nan_to_none
from evmeval.model import Document, TbfFile
from evmeval.sequencing.links import EVALUATIONS, LINK_KINDS, Tlink, link_types_in, system_of_gold
from evmeval.sequencing.scoring import DEFAULT_MAPPING, DocumentInput, links_of

if TYPE_CHECKING:
    from evmeval.agreement.scoring import AgreementMatrix, DocumentAgreement, PairAgreement

LINK_FIGURES: tuple[str, ...] = EVALUATIONS
"""Link agreement per kind and pooled: Subevent, After, All."""
CLUSTER_METRICS: tuple[str, ...] = tuple(m for m in METRICS if m != "blanc")
"""The coreference metrics of agreement: BLANC is left out, its fallback (only one kind of link counts when
the key has none of the other) depends on which side is the key, so it cannot be symmetric."""
CLUSTER_FIGURES: tuple[str, ...] = (*CLUSTER_METRICS, "conll")
"""The cluster figures, `conll` = the mean F1 of MUC, B³ and CEAF-e (F1 only)."""
RELATION_FIGURES: tuple[str, ...] = LINK_FIGURES + CLUSTER_FIGURES


@dataclass(frozen=True)
class RelationAgreement:
    """One pair's agreement on links and clusters, `a` in the key role (precision over b's side)."""

    links: dict[str, Score]
    coreference: CorefCounts
    counts_a: dict[str, int]
    counts_b: dict[str, int]
    """Links per figure and `clusters` = multi-mention @Coreference clusters, of each side."""
    documents: tuple[RelationDocument, ...] = field(default=(), compare=False)
    """Each document's counts, in the pair's document order (what a resample of documents sums)."""

    def swapped(self, *, documents: bool = True) -> RelationAgreement:
        """b in the key role; `documents=False` swaps the totals only (the figures; a matrix needs no more,
        and swapping 2,000 documents' counts for each cell was 0.3 s of the GUI thread)."""
        return RelationAgreement(
            {k: Score.from_counts(s.tp, s.num_system, s.num_gold) for k, s in self.links.items()},
            _swap_coref(self.coreference), self.counts_b, self.counts_a,
            tuple(d.swapped() for d in self.documents) if documents else ())

    def figure(self, name: str) -> tuple[float, float, float]:
        """Precision, recall and F1 of one figure: NaN where undefined (a cluster figure when neither side
        has a cluster of two or more mentions; `conll` has F1 only)."""
        if name in self.links:
            s = self.links[name]
            return s.precision, s.recall, s.f1
        if not (self.counts_a["clusters"] or self.counts_b["clusters"]):
            return NAN, NAN, NAN
        if name == "conll":
            return NAN, NAN, self.coreference.conll_f1
        counts = self.coreference.metric(name)
        return counts.precision, counts.recall, counts.f1

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "links": {k: {"precision": nan_to_none(s.precision), "recall": nan_to_none(s.recall),
                          "f1": nan_to_none(s.f1), "agreed": s.tp, "num_a": s.num_gold, "num_b": s.num_system}
                      for k, s in self.links.items()},
            "coreference": {name: self.coreference.metric(name).to_json() for name in CLUSTER_METRICS},
        }
        out["coreference"]["conll_f1"] = nan_to_none(self.figure("conll")[2])
        out["counts_a"], out["counts_b"] = dict(self.counts_a), dict(self.counts_b)
        return out


@dataclass(frozen=True)
class RelationDocument:
    """One document's link counts per figure (agreed, #a, #b) and cluster counts, `a` in the key role;
    `clusters`: both sides' clusters of two or more mentions (without any, the cluster figures are undefined)."""

    links: dict[str, tuple[int, int, int]]
    coreference: CorefCounts
    clusters: int = 0

    def swapped(self) -> RelationDocument:
        return RelationDocument({k: (t, b, a) for k, (t, a, b) in self.links.items()}, _swap_coref(self.coreference),
                                self.clusters)


def _swap(c: LinkCounts) -> LinkCounts:
    return LinkCounts(c.precision_num, c.precision_den, c.recall_num, c.recall_den)


def _swap_coref(c: CorefCounts) -> CorefCounts:
    blanc = BlancCounts(_swap(c.blanc.coref), _swap(c.blanc.non_coref))
    return CorefCounts(_swap(c.muc), _swap(c.bcub), _swap(c.ceafm), _swap(c.ceafe), blanc, _swap(c.lea),
                       _swap(c.identification))


def _link_keys(links: Sequence[Tlink]) -> set[tuple[str, str, str]]:
    return {(t.source, t.target, t.kind) for t in links}


def _document(doc: DocumentAgreement, da: Document, db: Document, paths: tuple[str, str],
              ) -> tuple[dict[str, tuple[int, int, int]], CorefCounts, dict[str, int], dict[str, int]]:
    ids_a = [m.mention_id for m in doc.a]
    ids_b = [m.mention_id for m in doc.b]
    links = links_of(DocumentInput(doc.doc_id, ids_a, ids_b, system_of_gold(doc.mappings[DEFAULT_MAPPING]),
                                   da.relations, db.relations), *paths)
    counts: dict[str, tuple[int, int, int]] = {}
    for name in LINK_FIGURES:
        a, b = _link_keys(links.gold.tlinks(name)), _link_keys(links.system.tlinks(name))
        counts[name] = (len(a & b), len(a), len(b))
    coref = score_document_coreference(doc.document_result(), da, db, gold_path=paths[0], system_path=paths[1],
                                       combination=DEFAULT_COMBINATION, threshold=DEFAULT_THRESHOLD).counts
    sizes_a = {name: c[1] for name, c in counts.items()}
    sizes_b = {name: c[2] for name, c in counts.items()}
    sizes_a["clusters"] = sum(1 for r in da.relations if r.kind == "Coreference" and len(set(r.mention_ids)) > 1)
    sizes_b["clusters"] = sum(1 for r in db.relations if r.kind == "Coreference" and len(set(r.mention_ids)) > 1)
    return counts, coref, sizes_a, sizes_b


def pair_relations(pair: PairAgreement, a: TbfFile, b: TbfFile) -> RelationAgreement:
    """The pair's link and cluster agreement over every document of either side (`a` in the key role).

    Raises `FormatError` where the scorers refuse the relations (a mention in two clusters, an @After
    line naming three mentions)."""
    totals = {name: [0, 0, 0] for name in LINK_FIGURES}
    corefs: list[CorefCounts] = []
    documents: list[RelationDocument] = []
    sizes_a = dict.fromkeys((*LINK_FIGURES, "clusters"), 0)
    sizes_b = dict(sizes_a)
    for doc in pair.documents:
        da = a.documents.get(doc.doc_id) or Document(doc.doc_id, ())
        db = b.documents.get(doc.doc_id) or Document(doc.doc_id, ())
        counts, coref, side_a, side_b = _document(doc, da, db, (a.path, b.path))
        for name, values in counts.items():
            totals[name] = [x + y for x, y in zip(totals[name], values, strict=True)]
        corefs.append(coref)
        documents.append(RelationDocument(counts, coref, side_a["clusters"] + side_b["clusters"]))
        for name in sizes_a:
            sizes_a[name] += side_a[name]
            sizes_b[name] += side_b[name]
    links = {name: Score.from_counts(*values) for name, values in totals.items()}
    return RelationAgreement(links, sum_counts(corefs), sizes_a, sizes_b, tuple(documents))


def has_relations(files: Sequence[TbfFile]) -> bool:
    """Whether any set has a link or a coreference cluster (else the report leaves the section out)."""
    return bool(link_types_in(files)) or any(
        "Coreference" in d.relation_kinds() for f in files for d in f.documents.values())


def diagonal(counts: dict[str, int], figure: str) -> float:
    """An annotator against itself: 1 where it has something to compare on that figure, else NaN."""
    size = counts["clusters"] if figure in CLUSTER_FIGURES else counts[figure]
    return 1.0 if size else NAN


def mean_of(cells: Sequence[float]) -> float:
    """The mean of the defined cells (the matrices' `mean`)."""
    defined = [c for c in cells if not math.isnan(c)]
    return math.fsum(defined) / len(defined) if defined else NAN


__all__ = ["CLUSTER_FIGURES", "CLUSTER_METRICS", "LINK_FIGURES", "LINK_KINDS", "RELATION_FIGURES", "RelationAgreement",
           "RelationDocument", "diagonal", "has_relations", "mean_of", "pair_relations", "relation_matrix"]


def relation_matrix(names: Sequence[str], relations: dict[tuple[int, int], RelationAgreement], figure: str,
                    measure: str = "f1") -> AgreementMatrix:
    """The N x N matrix of one relation figure (`values[i][j]`: i in the key role), mean of the defined pairs;
    every cell NaN when there are no relations (or they were refused)."""
    from evmeval.agreement.scoring import MEASURES, AgreementMatrix

    if figure not in RELATION_FIGURES:
        raise ValueError(f"figure must be one of {', '.join(RELATION_FIGURES)}, not {figure!r}")
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {', '.join(MEASURES)}, not {measure!r}")
    position = MEASURES.index(measure)
    n = len(names)
    rows: list[tuple[float, ...]] = []
    for i in range(n):
        row = []
        for j in range(n):
            if not relations:  # no set has a link or a cluster: nothing is defined
                row.append(NAN)
                continue
            if i == j:
                key = (0, 1) if i == 0 else (0, i)
                pair = relations[key]
                row.append(diagonal(pair.counts_a if i == key[0] else pair.counts_b, figure))
                continue
            pair = relations[(i, j)] if i < j else relations[(j, i)].swapped(documents=False)
            row.append(pair.figure(figure)[position])
        rows.append(tuple(row))
    mean = mean_of([rows[i][j] for i in range(n) for j in range(n) if i != j])
    return AgreementMatrix(tuple(names), figure, measure, tuple(rows), mean)
