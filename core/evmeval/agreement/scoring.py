"""Inter-annotator agreement between 2..N annotation sets of the same documents.

Pairwise (`pairwise(a, b)`), with the symmetric greedy mapping of `evmeval.align.symmetric`, per document
and for the corpus, for each attribute combination (plain, type, realis, type+realis):
- span agreement with Dice partial credit: TP = sum of the mapped pairs' Dice, P = TP / #b,
  R = TP / #a (`a` in the key role). Swapping the annotators swaps P and R and keeps F1, exactly.
  Corpus micro figures sum TP and counts over EVERY document of either side (a document one annotator
  lacks counts as empty); macro figures average document P and R over the documents where either side
  has a mention (an undefined document figure counts 0, on both sides alike), F1 their harmonic mean;
- GATE's counts (`GateCounts`): correct = mapped with the same span, partially correct = mapped with
  overlapping spans (mapped means: compatible attributes for the combination), missing = a-mentions
  left unmapped, spurious = b-mentions left unmapped; strict counts partial as wrong, lenient as right,
  average is the mean of the two (P, R and F1 each);
- label agreement on the plain mapping's pairs (`LabelAgreement`): observed agreement, Cohen's kappa
  (chance from each annotator's own label distribution) and Scott's pi (from the pooled distribution),
  for mention type and realis (`NOT_ANNOTATED` is a label like any other there).

Across N annotators (`compare_annotators`): the N x N matrices and their mean, and Fleiss' kappa on
type and realis (`FleissAgreement`). Fleiss' items: per document, the connected groups of mentions
that the pairwise plain mappings link (gold-free clusters; a cluster does not depend on the order of
the annotators); an item is rated when every annotator has exactly one mention in it, and each
annotator's category is that mention's label. Clusters missing an annotator or holding two mentions of
one annotator are counted and reported, not rated.

Kappa-like figures are computed from integer counts with exact fractions, so they are exactly
symmetric too; an undefined figure (no item, or chance agreement 1) is NaN.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from evmeval._util.progress import CancelCheck, Progress, stop_if_cancelled
from evmeval.align.greedy import COMBINATIONS, Mapping
from evmeval.align.overlap import mention_units
from evmeval.align.symmetric import swap_mapping, symmetric_mappings
from evmeval.mention.gate import GateCounts, gate_counts
from evmeval.mention.prf import NAN, Average, Score, nan_to_none
from evmeval.mention.scoring import (
    DocumentResult,
    ResultKind,
    ScoreResult,
    corpus_averages,
    per_type_tables,
)
from evmeval.model import Mention, SpanMode, TbfFile

LABEL_ATTRIBUTES = ("mention_type", "realis_status")
MEASURES = ("precision", "recall", "f1")


def _label(mention: Mention, attribute: str) -> str:
    return mention.mention_type if attribute == "mention_type" else mention.realis


# --- plain figures -------------------------------------------------------------------------------------


# --- label agreement -----------------------------------------------------------------------------------


def _fraction_to_float(value: Fraction | None) -> float:
    return NAN if value is None else float(value)


def _kappa(observed: Fraction, expected: Fraction) -> Fraction | None:
    return None if expected == 1 else (observed - expected) / (1 - expected)


@dataclass(frozen=True)
class LabelAgreement:
    """Agreement of two annotators on one attribute over the mention pairs they both annotated.

    `confusion[i][j]` counts pairs labelled `labels[i]` by a and `labels[j]` by b.
    """

    attribute: str
    labels: tuple[str, ...]
    confusion: tuple[tuple[int, ...], ...]
    num_pairs: int
    observed: float
    cohen_expected: float
    scott_expected: float
    cohen_kappa: float
    scott_pi: float

    def swapped(self) -> LabelAgreement:
        confusion = tuple(tuple(row[i] for row in self.confusion) for i in range(len(self.labels)))
        return LabelAgreement(self.attribute, self.labels, confusion, self.num_pairs, self.observed,
                              self.cohen_expected, self.scott_expected, self.cohen_kappa, self.scott_pi)

    def to_json(self) -> dict[str, Any]:
        return {"attribute": self.attribute, "num_pairs": self.num_pairs,
                "observed": nan_to_none(self.observed), "cohen_kappa": nan_to_none(self.cohen_kappa),
                "scott_pi": nan_to_none(self.scott_pi), "cohen_expected": nan_to_none(self.cohen_expected),
                "scott_expected": nan_to_none(self.scott_expected), "labels": list(self.labels),
                "confusion": [list(row) for row in self.confusion]}


def label_agreement(attribute: str, pairs: Iterable[tuple[str, str]]) -> LabelAgreement:
    """Observed agreement, Cohen's kappa and Scott's pi of `(label by a, label by b)` pairs.

    Po = share of equal pairs; Cohen: Pe = sum_k pa(k) pb(k); Scott: Pe = sum_k ((pa(k) + pb(k)) / 2)^2;
    kappa = (Po - Pe) / (1 - Pe), NaN when there is no pair or Pe = 1.
    """
    counts = Counter(pairs)
    labels = tuple(sorted({x for pair in counts for x in pair}))
    confusion = tuple(tuple(counts.get((x, y), 0) for y in labels) for x in labels)
    n = sum(counts.values())
    if n == 0:
        return LabelAgreement(attribute, labels, confusion, 0, NAN, NAN, NAN, NAN, NAN)
    row = [sum(r) for r in confusion]
    col = [sum(r[j] for r in confusion) for j in range(len(labels))]
    observed = Fraction(sum(confusion[i][i] for i in range(len(labels))), n)
    cohen = Fraction(sum(r * c for r, c in zip(row, col, strict=True)), n * n)
    scott = Fraction(sum((r + c) ** 2 for r, c in zip(row, col, strict=True)), 4 * n * n)
    return LabelAgreement(attribute, labels, confusion, n, float(observed), float(cohen), float(scott),
                          _fraction_to_float(_kappa(observed, cohen)), _fraction_to_float(_kappa(observed, scott)))


def _label_pairs(a: Sequence[Mention], b: Sequence[Mention], mapping: Mapping,
                 attribute: str) -> list[tuple[str, str]]:
    return [(_label(a[p.gold], attribute), _label(b[p.system], attribute)) for p in mapping.pairs]


# --- one pair of annotators ----------------------------------------------------------------------------


@dataclass(frozen=True)
class DocumentAgreement:
    """Agreement of two annotators on one document, `a` in the key role.

    `mappings[c].pairs` hold `Pair(gold=index in a, system=index in b, dice)`. In `scores`, `num_gold`
    counts a's mentions and `num_system` b's, so precision = TP / #b and recall = TP / #a.
    """

    doc_id: str
    a: tuple[Mention, ...]
    b: tuple[Mention, ...]
    in_a: bool
    in_b: bool
    mappings: dict[str, Mapping]
    scores: dict[str, Score]
    gate: dict[str, GateCounts]
    labels: dict[str, LabelAgreement]

    def document_result(self) -> DocumentResult:
        """This document as a gold/system result with `a` as gold: for the mapping table and text views
        (`evmeval.mention.outcomes.mapping_rows`), with the agreement mapping, not the v1.8 one."""
        return DocumentResult(self.doc_id, self.a, self.b, self.in_b, self.mappings, self.scores)

    def swapped(self) -> DocumentAgreement:
        """The same document with `b` in the key role."""
        return DocumentAgreement(
            self.doc_id, self.b, self.a, self.in_b, self.in_a,
            {c: swap_mapping(m) for c, m in self.mappings.items()},
            {c: Score.from_counts(s.tp, s.num_system, s.num_gold) for c, s in self.scores.items()},
            {c: g.swapped() for c, g in self.gate.items()},
            {k: v.swapped() for k, v in self.labels.items()},
        )

    def to_json(self, *, mappings: bool = False) -> dict[str, Any]:
        """Every figure of the document; with `mappings`, also the pairs each combination chose."""
        out: dict[str, Any] = {
            "doc_id": self.doc_id, "in_a": self.in_a, "in_b": self.in_b,
            "num_a": len(self.a), "num_b": len(self.b),
            "scores": {c: _score_json(self.scores[c]) for c in COMBINATIONS},
            "gate": {c: self.gate[c].to_json() for c in COMBINATIONS},
            "labels": {k: v.to_json() for k, v in self.labels.items()},
        }
        if mappings:
            out["mappings"] = {c: [{"a": self.a[p.gold].mention_id, "b": self.b[p.system].mention_id,
                                    "a_index": p.gold, "b_index": p.system, "dice": p.dice}
                                   for p in self.mappings[c].pairs] for c in COMBINATIONS}
        return out


def _score_json(score: Score) -> dict[str, Any]:
    return {"precision": nan_to_none(score.precision), "recall": nan_to_none(score.recall),
            "f1": nan_to_none(score.f1), "tp": score.tp, "num_a": score.num_gold, "num_b": score.num_system}


def agree_document(doc_id: str, a: tuple[Mention, ...], b: tuple[Mention, ...], *, in_a: bool = True,
                   in_b: bool = True) -> DocumentAgreement:
    """Map and measure one document for every combination."""
    mappings = symmetric_mappings(a, b)
    scores = {c: Score.from_counts(m.tp, len(a), len(b)) for c, m in mappings.items()}
    units_a = [mention_units(m)[0] for m in a]
    units_b = [mention_units(m)[0] for m in b]
    gate = {c: gate_counts(a, b, m, units_a=units_a, units_b=units_b) for c, m in mappings.items()}
    plain = mappings["plain"]
    labels = {attr: label_agreement(attr, _label_pairs(a, b, plain, attr)) for attr in LABEL_ATTRIBUTES}
    return DocumentAgreement(doc_id, a, b, in_a, in_b, mappings, scores, gate, labels)


@dataclass(frozen=True)
class PairAgreement:
    """Everything about one pair of annotators; `a` plays the key (precision = TP / #b)."""

    a_name: str
    b_name: str
    mode: SpanMode
    documents: tuple[DocumentAgreement, ...]
    micro: dict[str, Score]
    macro: dict[str, Average]
    gate: dict[str, GateCounts]
    labels: dict[str, LabelAgreement]
    _by_id: dict[str, DocumentAgreement] = field(default_factory=dict, repr=False, compare=False)

    def document(self, doc_id: str) -> DocumentAgreement:
        """The document's agreement; raises `KeyError` when neither side has the document."""
        found = self.find_document(doc_id)
        if found is None:
            raise KeyError(doc_id)
        return found

    def find_document(self, doc_id: str) -> DocumentAgreement | None:
        if not self._by_id:
            self._by_id.update((d.doc_id, d) for d in self.documents)
        return self._by_id.get(doc_id)

    def score_result(self) -> ScoreResult:
        """This pair as a gold/system result, `a` as gold, for the views built for scoring (mapping
        table, text, per-type tables). Numbers are the agreement ones: symmetric mapping, every
        document counted; its kind is `ResultKind.AGREEMENT`."""
        documents = tuple(d.document_result() for d in self.documents)
        published, by_type = per_type_tables(documents)
        return ScoreResult(
            gold_path=self.a_name, system_path=self.b_name, run_name=os.path.basename(self.b_name),
            mode=self.mode, documents=documents, micro=dict(self.micro), macro=dict(self.macro),
            per_type_published=published, per_type_by_type_mapping=by_type, kind=ResultKind.AGREEMENT)

    def swapped(self) -> PairAgreement:
        """The same comparison with `b` in the key role (P and R exchanged, F1 unchanged)."""
        return _corpus(self.b_name, self.a_name, self.mode, tuple(d.swapped() for d in self.documents))

    def to_json(self, *, mappings: bool = False) -> dict[str, Any]:
        """Corpus figures at the top (`plain`, `mention_type`, ... hold precision, recall, f1), then
        `macro`, `gate`, `labels`, `types` (GATE's figures per event type, `evmeval.agreement.per_type`)
        and `documents` (see `DocumentAgreement.to_json`)."""
        out: dict[str, Any] = {"a": self.a_name, "b": self.b_name}
        for c in COMBINATIONS:
            out[c] = _score_json(self.micro[c])
        out["macro"] = {c: self.macro[c].to_json() for c in COMBINATIONS}
        out["gate"] = {c: self.gate[c].to_json() for c in COMBINATIONS}
        out["labels"] = {k: v.to_json() for k, v in self.labels.items()}
        from evmeval.agreement.per_type import per_type_agreement  # built on this module

        out["types"] = [row.to_json() for row in per_type_agreement(self)]
        out["documents"] = [d.to_json(mappings=mappings) for d in self.documents]
        return out


def _corpus(a_name: str, b_name: str, mode: SpanMode, documents: tuple[DocumentAgreement, ...]) -> PairAgreement:
    gate: dict[str, GateCounts] = {}
    micro, macro = corpus_averages((d.document_result() for d in documents), counted=counts_in_agreement)
    for c in COMBINATIONS:
        total = GateCounts()
        for d in documents:
            total = total + d.gate[c]
        gate[c] = total
    labels = {}
    for attr in LABEL_ATTRIBUTES:
        pairs = [pair for d in documents for pair in _label_pairs(d.a, d.b, d.mappings["plain"], attr)]
        labels[attr] = label_agreement(attr, pairs)
    return PairAgreement(a_name, b_name, mode, documents, micro, macro, gate, labels)


def pair_from_documents(a_name: str, b_name: str, mode: SpanMode,
                        documents: tuple[DocumentAgreement, ...]) -> PairAgreement:
    """A pair's corpus figures from its documents' agreements: curation replaces one document's
    (`agree_document`) and gets every figure again without re-mapping the others."""
    return _corpus(a_name, b_name, mode, documents)


def counts_in_agreement(doc: DocumentResult) -> bool:
    """Agreement averages count every document in which either annotator marked a mention."""
    return bool(doc.gold or doc.system)


def _check_modes(files: Sequence[TbfFile]) -> SpanMode:
    modes = {f.mode for f in files}
    if len(modes) > 1:
        raise ValueError("annotation sets mix token and character spans: "
                         + ", ".join(f"{f.path} ({f.mode.value})" for f in files))
    return files[0].mode


def pairwise(
    a: TbfFile,
    b: TbfFile,
    *,
    a_name: str | None = None,
    b_name: str | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> PairAgreement:
    """Agreement of two annotation sets over every document of either (a missing one counts as empty).

    Raises `ValueError` when one set has token spans and the other character spans, and
    `evmeval._util.progress.Cancelled` when `cancelled()` turns true between documents.
    """
    mode = _check_modes([a, b])
    doc_ids = sorted(set(a.documents) | set(b.documents))
    documents = []
    for number, doc_id in enumerate(doc_ids):
        stop_if_cancelled(cancelled)
        da, db = a.documents.get(doc_id), b.documents.get(doc_id)
        documents.append(agree_document(doc_id, da.mentions if da else (), db.mentions if db else (),
                                        in_a=da is not None, in_b=db is not None))
        if progress is not None and (number % 50 == 0 or number + 1 == len(doc_ids)):
            progress(number + 1, len(doc_ids))
    return _corpus(a.path if a_name is None else a_name, b.path if b_name is None else b_name, mode,
                   tuple(documents))


# --- N annotators --------------------------------------------------------------------------------------


def fleiss_kappa(table: Sequence[Sequence[int]]) -> float:
    """Fleiss' kappa of an items x categories table of rating counts (same number of raters per item).

    P_i = (sum_j n_ij^2 - n) / (n (n - 1)); P = mean P_i; p_j = column total / (N n); Pe = sum_j p_j^2;
    kappa = (P - Pe) / (1 - Pe). NaN with no item, fewer than two raters, or Pe = 1.
    """
    rows = [list(r) for r in table]
    if not rows:
        return NAN
    n = sum(rows[0])
    if any(sum(r) != n for r in rows):
        raise ValueError("every item needs the same number of ratings")
    if n < 2:
        return NAN
    items = len(rows)
    observed = Fraction(sum(x * x for r in rows for x in r) - items * n, items * n * (n - 1))
    totals = [sum(r[j] for r in rows) for j in range(len(rows[0]))]
    expected = Fraction(sum(t * t for t in totals), (items * n) ** 2)
    return _fraction_to_float(_kappa(observed, expected))


@dataclass(frozen=True)
class FleissAgreement:
    """Fleiss' kappa of N annotators on one attribute over the clusters every annotator marked once."""

    attribute: str
    categories: tuple[str, ...]
    table: tuple[tuple[int, ...], ...] = field(repr=False)
    num_clusters: int
    num_incomplete: int
    num_ambiguous: int
    kappa: float

    @property
    def num_items(self) -> int:
        return len(self.table)

    def to_json(self) -> dict[str, Any]:
        return {"attribute": self.attribute, "kappa": nan_to_none(self.kappa), "num_items": self.num_items,
                "num_clusters": self.num_clusters, "num_incomplete": self.num_incomplete,
                "num_ambiguous": self.num_ambiguous, "categories": list(self.categories)}


@dataclass(frozen=True)
class Cluster:
    """Mentions the plain mappings link, as `(annotator index, mention index)` in one document."""

    doc_id: str
    members: tuple[tuple[int, int], ...]


def mention_clusters(files: Sequence[TbfFile], pairs: dict[tuple[int, int], PairAgreement]) -> list[Cluster]:
    """Connected components of the pairwise plain mappings, per document (documents sorted)."""
    doc_ids = sorted({d for f in files for d in f.documents})
    clusters: list[Cluster] = []
    for doc_id in doc_ids:
        parent: dict[tuple[int, int], tuple[int, int]] = {}
        for k, f in enumerate(files):
            doc = f.documents.get(doc_id)
            for i in range(len(doc.mentions) if doc else 0):
                parent[(k, i)] = (k, i)

        def find(x: tuple[int, int], parent: dict = parent) -> tuple[int, int]:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for (i, j), pair in pairs.items():
            found = pair.find_document(doc_id)
            for p in found.mappings["plain"].pairs if found is not None else ():
                ra, rb = find((i, p.gold)), find((j, p.system))
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
        groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for node in sorted(parent):
            groups.setdefault(find(node), []).append(node)
        clusters.extend(Cluster(doc_id, tuple(members)) for members in groups.values())
    return clusters


def fleiss_agreement(files: Sequence[TbfFile], clusters: Sequence[Cluster], attribute: str) -> FleissAgreement:
    """Fleiss' kappa over the clusters in which every annotator has exactly one mention."""
    ratings: list[Counter[str]] = []
    incomplete = ambiguous = 0
    for cluster in clusters:
        per_annotator = Counter(k for k, _ in cluster.members)
        if len(per_annotator) < len(files):
            incomplete += 1
            continue
        if any(count > 1 for count in per_annotator.values()):
            ambiguous += 1
            continue
        ratings.append(Counter(_label(files[k].documents[cluster.doc_id].mentions[i], attribute)
                               for k, i in cluster.members))
    categories = tuple(sorted({c for r in ratings for c in r}))
    table = tuple(tuple(r.get(c, 0) for c in categories) for r in ratings)
    kappa = fleiss_kappa(table) if len(files) >= 2 else NAN
    return FleissAgreement(attribute, categories, table, len(clusters), incomplete, ambiguous, kappa)


@dataclass(frozen=True)
class AgreementMatrix:
    """`values[i][j]`: the measure with annotator i in the key role and j as the response.

    F1 matrices are symmetric; precision[i][j] == recall[j][i]. The diagonal is 1 (an annotator agrees
    with itself), NaN for an annotator without any mention. `mean` averages the off-diagonal cells
    that are defined.
    """

    names: tuple[str, ...]
    combination: str
    measure: str
    values: tuple[tuple[float, ...], ...]
    mean: float

    def to_json(self) -> dict[str, Any]:
        return {"combination": self.combination, "measure": self.measure, "names": list(self.names),
                "values": [[nan_to_none(v) for v in row] for row in self.values], "mean": nan_to_none(self.mean)}


@dataclass(frozen=True)
class IaaResult:
    """Agreement among N annotation sets: every pair (i < j, i in the key role), and Fleiss' kappa."""

    names: tuple[str, ...]
    mode: SpanMode
    pairs: dict[tuple[int, int], PairAgreement]
    fleiss: dict[str, FleissAgreement]
    sizes: tuple[int, ...]
    relations: dict[tuple[int, int], Any] = field(default_factory=dict)
    """Every pair's `evmeval.agreement.relations.RelationAgreement` (empty: no set has a link or cluster)."""
    relations_refused: str = ""
    """Why the relations were not compared (a scorer refused them), else empty."""

    def pair(self, i: int, j: int) -> PairAgreement:
        """Annotator i against annotator j, i in the key role (either order may be asked for)."""
        if i == j:
            raise ValueError("a pair needs two different annotators")
        return self.pairs[(i, j)] if i < j else self.pairs[(j, i)].swapped()

    def matrix(self, combination: str, measure: str = "f1") -> AgreementMatrix:
        """The N x N matrix of one corpus (micro) figure for one combination."""
        if measure not in MEASURES:
            raise ValueError(f"measure must be one of {', '.join(MEASURES)}, not {measure!r}")
        n = len(self.names)
        rows = []
        for i in range(n):
            row = []
            for j in range(n):
                if i == j:
                    row.append(1.0 if self.sizes[i] else NAN)
                    continue
                score = self.pairs[(min(i, j), max(i, j))].micro[combination]
                if i > j:  # the stored pair has j in the key role: P and R exchange
                    measure_here = {"precision": "recall", "recall": "precision"}.get(measure, measure)
                else:
                    measure_here = measure
                row.append(getattr(score, measure_here))
            rows.append(tuple(row))
        cells = [rows[i][j] for i in range(n) for j in range(n) if i != j and not math.isnan(rows[i][j])]
        mean = math.fsum(cells) / len(cells) if cells else NAN
        return AgreementMatrix(self.names, combination, measure, tuple(rows), mean)

    def relation_matrix(self, figure: str, measure: str = "f1") -> AgreementMatrix:
        """The N x N matrix of one relation figure (`evmeval.agreement.relations.RELATION_FIGURES`)."""
        from evmeval.agreement.relations import relation_matrix

        return relation_matrix(self.names, self.relations, figure, measure)

    def to_json(self, *, mappings: bool = False) -> dict[str, Any]:
        """Inputs, every pair (i < j), every matrix and Fleiss' kappa; NaN stays NaN (`dumps` makes null)."""
        out: dict[str, Any] = {
            "inputs": list(self.names),
            "mode": self.mode.value,
            "combinations": list(COMBINATIONS),
            "pairs": [self.pairs[key].to_json(mappings=mappings) for key in sorted(self.pairs)],
            "matrices": {c: {m: self.matrix(c, m).to_json() for m in MEASURES} for c in COMBINATIONS},
            "fleiss": {k: v.to_json() for k, v in self.fleiss.items()},
        }
        if self.relations or self.relations_refused:
            from evmeval.agreement.relations import RELATION_FIGURES

            out["relations"] = {
                "refused": self.relations_refused or None, "figures": list(RELATION_FIGURES),
                "pairs": [{"a": self.names[i], "b": self.names[j], **self.relations[(i, j)].to_json()}
                          for i, j in sorted(self.relations)],
                "matrices": {f: {m: self.relation_matrix(f, m).to_json() for m in MEASURES}
                             for f in RELATION_FIGURES} if self.relations else {}}
        return out


def names_of_sets(files: Sequence[TbfFile], names: Sequence[str] | None) -> tuple[str, ...]:
    """One name a set (their paths when none are given); raises `ValueError` when the counts differ."""
    named = tuple(f.path for f in files) if names is None else tuple(names)
    if len(named) != len(files):
        raise ValueError(f"{len(named)} names for {len(files)} annotation sets")
    return named


def compare_annotators(
    files: Sequence[TbfFile],
    names: Sequence[str] | None = None,
    *,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> IaaResult:
    """Every pairwise agreement among 2..N annotation sets, and Fleiss' kappa across all of them.

    `progress(done, total)` counts documents over all pairs. Raises `ValueError` (fewer than two sets,
    names not matching, mixed span modes) and `evmeval._util.progress.Cancelled` (checked between documents).
    """
    if len(files) < 2:
        raise ValueError("agreement needs at least two annotation sets")
    names = names_of_sets(files, names)
    mode = _check_modes(files)
    keys = [(i, j) for i in range(len(files)) for j in range(i + 1, len(files))]
    sizes_of = [len(set(files[i].documents) | set(files[j].documents)) for i, j in keys]
    grand_total = sum(sizes_of)
    pairs: dict[tuple[int, int], PairAgreement] = {}
    offset = 0
    for (i, j), size in zip(keys, sizes_of, strict=True):
        step = None
        if progress is not None:
            def step(done: int, _total: int, offset: int = offset) -> None:
                progress(offset + done, grand_total)
        pairs[(i, j)] = pairwise(files[i], files[j], a_name=names[i], b_name=names[j], progress=step,
                                 cancelled=cancelled)
        offset += size
    clusters = mention_clusters(files, pairs)
    fleiss = {attr: fleiss_agreement(files, clusters, attr) for attr in LABEL_ATTRIBUTES}
    sizes = tuple(sum(len(d.mentions) for d in f.documents.values()) for f in files)
    relations, refused = _relations(files, pairs)
    return IaaResult(names, mode, pairs, fleiss, sizes, relations, refused)


def _relations(files: Sequence[TbfFile], pairs: dict[tuple[int, int], PairAgreement]) -> tuple[dict[Any, Any], str]:
    """Every pair's link and cluster agreement, or why the scorers refused the relations."""
    from evmeval.agreement.relations import has_relations, pair_relations
    from evmeval.io.errors import FormatError

    if not has_relations(files):
        return {}, ""
    try:
        return {(i, j): pair_relations(pair, files[i], files[j]) for (i, j), pair in pairs.items()}, ""
    except FormatError as exc:
        return {}, str(exc)


def agreement_matrix(files: Sequence[TbfFile], names: Sequence[str] | None = None,
                     combination: str = "plain", *, measure: str = "f1") -> AgreementMatrix:
    """The N x N matrix of one figure (default F1) for one combination; see `compare_annotators` to
    get every matrix from one computation."""
    return compare_annotators(files, names).matrix(combination, measure)
