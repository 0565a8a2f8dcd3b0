"""Event coreference scores with the published v1.8 rules (`evmeval-score -c`), without Perl.

Per document, v1.8 aligns mentions through the greedy mapping of one attribute combination (`-m`:
0 plain, 1 mention_type (default), 2 realis_status, 3 both), keeping a pair when its Dice is at
least the threshold (`-ct`, default 1.0). It then writes one CoNLL token line per gold mention (with
its aligned system mention, if any) and one per unaligned system mention. Each side's line carries
the mention's cluster number — its `@Coreference` line's position, or a fresh number for a mention
in no cluster — or nothing when that side has no mention on the line. The CoNLL scorer v8.01 then
scores these lines; here the same chains go straight to `evmeval.coref.metrics`.

Beyond v1.8: per-document scores (v1.8's per-document table is dead code), LEA, the usual CoNLL
average, and per-cluster explanations (`explain_clusters`).

Two paths give the same lines and bit-identical counts: the optional C kernel (`evmeval.coref.kernel`)
for the common document (distinct mention ids, every cluster member a mention, no white list), and
`general_document_coreference` for every document, literally as v1.8 builds the lines (a second Python
path for the common document bought 1.2x on `-c` and was removed: docs/developer.md).
Each side's `DocumentClusters` (for the comparison file, explanations and the window) is read when
first asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple

from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval.align import COMBINATIONS
from evmeval.coref.clusters import DocumentClusters, coreference_clusters
from evmeval.coref.kernel import KERNEL
from evmeval.coref.metrics import (
    BlancCounts,
    CorefCounts,
    LinkCounts,
    score_chains,
    sum_counts,
    truncated_percent,
)
from evmeval.io.errors import FormatError
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Document, KeptMentions, TbfFile, kept_mentions, plain_mentions

MAPPING_CHOICES: tuple[str, ...] = COMBINATIONS
"""`-m N` picks COMBINATIONS[N]: 0 plain, 1 mention_type, 2 realis_status, 3 mention_type+realis_status."""
DEFAULT_COMBINATION = "mention_type"
DEFAULT_THRESHOLD = 1.0

REPORT_METRICS: tuple[str, ...] = ("bcub", "ceafe", "ceafm", "muc", "blanc")
"""The order v1.8's report lists the metrics in (its dictionary order)."""
EXCLUDED_FROM_AVERAGE = "ceafm"
"""Printed with a `*` and left out of v1.8's "Overall Average CoNLL score"."""

Progress = Callable[[int, int], None]


def check_threshold(threshold: float) -> None:
    """`-ct` must be a number >= 0. 0 keeps every mapped pair (all have Dice > 0); v1.8 instead
    paired unmapped gold mentions with its last system mention, or crashed (IndexError)."""
    if math.isnan(threshold) or threshold < 0:
        raise ValueError(f"coreference threshold must be a number >= 0, not {threshold}")


class ClusterSource(NamedTuple):
    """What one side's clusters are read from, when someone asks for them (the -o/-d run does not)."""

    document: Document | None
    doc_id: str
    mentions: KeptMentions
    """The scored document's, as it keeps them (`model.kept_mentions`: packed ones not copied, issue 34)."""
    path: str
    whitelisted: bool

    def clusters(self) -> DocumentClusters:
        return _clusters(self.document, self.doc_id, {m.mention_id for m in plain_mentions(self.mentions)},
                         self.path, self.whitelisted)


_KEPT = ("gold_clusters", "system_clusters")
"""Where `CorefDocument` keeps each side's clusters once asked for them."""


@dataclass(frozen=True)
class CorefDocument:
    """One document's CoNLL lines and scores.

    Line k holds gold mention `gold_rows[k]` and system mention `system_rows[k]` (index into the
    scored document's `gold` / `system`, -1: none), with the cluster numbers written for each side
    (`gold_labels[k]` / `system_labels[k]`, -1: no mention on that side). `unique_ids`: each side's
    mention ids are distinct. `gold_clusters` / `system_clusters` are read when first asked for.
    """

    doc_id: str
    gold_rows: tuple[int, ...]
    system_rows: tuple[int, ...]
    gold_labels: tuple[int, ...]
    system_labels: tuple[int, ...]
    counts: CorefCounts
    unique_ids: bool = False
    sources: tuple[ClusterSource | DocumentClusters, ClusterSource | DocumentClusters] | None = field(
        default=None, repr=False, compare=False)

    def _side(self, k: int) -> DocumentClusters:
        if self.sources is None:
            return DocumentClusters(self.doc_id, ())
        source = self.sources[k]
        return source.clusters() if isinstance(source, ClusterSource) else source

    def side_clusters(self, side: int) -> DocumentClusters:
        """Side `side`'s clusters (0 gold, 1 system) without keeping them (those already kept are
        used): a report reading every document once lets each one's go (kept on every document
        they grew an 8,000-document export by 30 MB; read again, 0.05 ms a document)."""
        kept = self.__dict__.get(_KEPT[side])
        return kept if kept is not None else self._side(side)

    def figures_only(self, seen: dict[tuple[object, ...], object] | None = None) -> CorefDocument:
        """This document's counts, without its CoNLL lines or clusters (see `CorefResult.figures_only`); `seen`:
        counts equal to another document's kept once (`shared_counts`)."""
        counts = self.counts if seen is None else shared_counts(self.counts, seen)
        return CorefDocument(self.doc_id, (), (), (), (), counts, self.unique_ids)

    @cached_property
    def gold_clusters(self) -> DocumentClusters:
        return self._side(0)

    @cached_property
    def system_clusters(self) -> DocumentClusters:
        return self._side(1)


@dataclass(frozen=True)
class CorefResult:
    """Coreference scores of one gold/system comparison: per document and summed (v8.01's sums)."""

    combination: str
    threshold: float
    documents: tuple[CorefDocument, ...]
    total: CorefCounts
    warnings: tuple[str, ...] = ()
    lines_kept: bool = True
    """False: each document keeps its counts only (`figures_only`): no CoNLL lines, no clusters."""

    def figures_only(self) -> CorefResult:
        """This result with each document's counts only: what figures and charts read (a window showing files
        without coreference links keeps no one-mention cluster per mention; a report's files score again)."""
        seen: dict[tuple[object, ...], object] = {}
        return replace(self, lines_kept=False, documents=tuple(cd.figures_only(seen) for cd in self.documents))

    def published_scores(self) -> dict[str, float]:
        """v1.8's report figures: each metric's F1 as a percentage truncated to two decimals."""
        return {name: truncated_percent(self.total.metric(name).f1) for name in REPORT_METRICS}

    def published_average(self) -> float:
        """v1.8's "Overall Average CoNLL score": mean of the truncated bcub, ceafe, muc, blanc F1."""
        total = 0.0
        count = 0
        for name, score in self.published_scores().items():
            if name != EXCLUDED_FROM_AVERAGE:
                total += score
                count += 1
        return total / count


def _labels(ids: list[str | None], cluster_of: dict[str, int], first_free: int) -> list[int]:
    labels: list[int] = []
    fresh = first_free
    for mention_id in ids:
        if mention_id is None:
            labels.append(-1)
            continue
        number = cluster_of.get(mention_id)
        if number is None:
            number = fresh
            fresh += 1
        labels.append(number)
    return labels


def chains_of(labels: tuple[int, ...] | list[int]) -> list[list[int]]:
    """Lines grouped by cluster number, clusters in order of first appearance (v8.01's order)."""
    chains: dict[int, list[int]] = {}
    for line, label in enumerate(labels):
        if label >= 0:
            chain = chains.get(label)
            if chain is None:
                chains[label] = [line]
            else:
                chain.append(line)
    return list(chains.values())


def _clusters(document: Document | None, doc_id: str, ids: set[str], path: str,
              whitelisted: bool) -> DocumentClusters:
    if document is None:
        return DocumentClusters(doc_id, ())
    found = coreference_clusters(document, mention_ids=ids, path=path, whitelisted=whitelisted)
    if found.overlaps:
        first = found.overlaps[0]
        raise FormatError(first.path, first.line, first.message, first.expected)
    return found


def _kernel_document(doc: DocumentResult, gold: Document, system: Document | None,
                     sources: tuple[ClusterSource, ...], combination: str, threshold: float) -> CorefDocument | None:
    """The common document (distinct mention ids, every cluster member a mention, no white list) from the
    C kernel: what `general_document_coreference` gives, bit for bit (None: no kernel, or another case)."""
    if KERNEL is None or len(gold.mentions) != len(doc.gold):
        return None
    found = KERNEL.document(doc.gold, doc.system, gold.relations, system.relations if system is not None else (),
                            doc.mappings[combination].pairs, threshold)
    if found is None:
        return None
    gold_rows, system_rows, gold_labels, system_labels, counts = found
    return CorefDocument(doc.doc_id, gold_rows, system_rows, gold_labels, system_labels, counts, unique_ids=True,
                         sources=(sources[0], sources[1]))


def score_document_coreference(doc: DocumentResult, gold: Document, system: Document | None, *,
                               gold_path: str = "", system_path: str = "",
                               combination: str = DEFAULT_COMBINATION, threshold: float = DEFAULT_THRESHOLD,
                               whitelisted: bool = False) -> CorefDocument:
    """Align, label and score one document. Raises `FormatError` for overlapping clusters."""
    sources = (ClusterSource(gold, doc.doc_id, kept_mentions(doc, "gold"), gold_path, whitelisted),
               ClusterSource(system, doc.doc_id, kept_mentions(doc, "system"), system_path, whitelisted))
    if not whitelisted:
        fast = _kernel_document(doc, gold, system, sources, combination, threshold)
        if fast is not None:
            return fast
    return general_document_coreference(doc, sources, combination, threshold)


def general_document_coreference(doc: DocumentResult, sources: tuple[ClusterSource, ClusterSource],
                                 combination: str, threshold: float) -> CorefDocument:
    """Every case (repeated mention ids, unknown members, white lists), literally as v1.8 builds the
    lines, scored by `score_chains`; the C kernel gives the same for the common case."""
    gold_ids: list[str | None] = [m.mention_id for m in doc.gold]
    system_ids: list[str | None] = [m.mention_id for m in doc.system]
    gold_clusters, system_clusters = sources[0].clusters(), sources[1].clusters()
    aligned = {p.gold: p.system for p in doc.mappings[combination].pairs if p.dice >= threshold}
    gold_rows = list(range(len(gold_ids)))
    system_rows = [aligned.get(g, -1) for g in gold_rows]
    taken = set(aligned.values())
    extra = [s for s in range(len(system_ids)) if s not in taken]
    gold_rows.extend([-1] * len(extra))
    system_rows.extend(extra)
    g_labels = _labels([gold_ids[g] if g >= 0 else None for g in gold_rows],
                       gold_clusters.cluster_of(), len(gold_clusters.clusters))
    s_labels = _labels([system_ids[s] if s >= 0 else None for s in system_rows],
                       system_clusters.cluster_of(), len(system_clusters.clusters))
    key, response = chains_of(g_labels), chains_of(s_labels)
    ident = LinkCounts(len(aligned), len(gold_ids), len(aligned), len(system_ids))
    return CorefDocument(doc.doc_id, tuple(gold_rows), tuple(system_rows), tuple(g_labels), tuple(s_labels),
                         score_chains(key, response, ident), sources=(gold_clusters, system_clusters))


def score_coreference(result: ScoreResult, gold: TbfFile, system: TbfFile, *,
                      combination: str = DEFAULT_COMBINATION, threshold: float = DEFAULT_THRESHOLD,
                      whitelisted: bool = False, progress: Progress | None = None,
                      cancelled: CancelCheck | None = None, figures_only: bool = False) -> CorefResult:
    """Coreference scores for every scored document of `result` (its mappings are reused): the one
    function the programs, the window and the report call.

    A document missing from `gold` (the window's two-annotator comparisons show every document of
    either file) counts as one with no clusters. `whitelisted`: the mentions were filtered by a type
    white list (v1.8 then filters relations too). Raises `FormatError` (file:line) when a mention is in
    two clusters, `ValueError` for a bad threshold, `Cancelled` once `cancelled()` turns true.
    `figures_only`: each document keeps its counts only, as it is scored (`CorefResult.figures_only`).
    """
    check_threshold(threshold)
    if combination not in COMBINATIONS:
        raise ValueError(f"unknown attribute combination {combination!r}")
    documents: list[CorefDocument] = []
    warnings: list[str] = []
    seen: dict[tuple[object, ...], object] = {}
    total = len(result.documents)
    stop_if_cancelled(cancelled)
    for number, doc in enumerate(result.documents):
        g_doc = gold.documents.get(doc.doc_id)
        if g_doc is None:
            g_doc = Document(doc.doc_id, ())
        scored = score_document_coreference(
            doc, g_doc, system.documents.get(doc.doc_id), gold_path=gold.path, system_path=system.path,
            combination=combination, threshold=threshold, whitelisted=whitelisted)
        if scored.sources is not None and isinstance(scored.sources[0], DocumentClusters):  # the general path's
            for problem in scored.gold_clusters.warnings + scored.system_clusters.warnings:
                warnings.append(str(problem))
        documents.append(scored.figures_only(seen) if figures_only else scored)
        if number % 50 == 0 or number + 1 == total:
            stop_if_cancelled(cancelled)
            if progress is not None:
                progress(number + 1, total)
    return CorefResult(combination, threshold, tuple(documents), corpus_total(documents), tuple(warnings),
                       lines_kept=not figures_only)


def shared_counts(counts: CorefCounts, seen: dict[tuple[object, ...], object]) -> CorefCounts:
    """`counts` made of the parts `seen` already holds when equal, value for value and type for type (`repr`: an
    int is not a float, -0.0 is not 0.0): a corpus's documents repeat the same small counts, and a document's
    eight 4-number tuples and their floats were 4.6 MB of what the window kept of a MAVEN-ERE-sized corpus once
    only its coreference figures are kept (issue 34). The figures are the same numbers."""
    def one(part: LinkCounts) -> LinkCounts:
        found: LinkCounts = seen.setdefault((type(part), *map(repr, part)), part)  # type: ignore[assignment]
        return found

    def blanc(part: BlancCounts) -> BlancCounts:
        coref, non_coref = one(part.coref), one(part.non_coref)
        made = BlancCounts(coref, non_coref)
        found: BlancCounts = seen.setdefault((BlancCounts, id(coref), id(non_coref)), made)  # type: ignore[assignment]
        return found

    if type(counts) is not CorefCounts or any(type(p) not in (LinkCounts, BlancCounts) for p in counts):
        return counts
    parts: list[Any] = [blanc(p) if isinstance(p, BlancCounts) else one(p) for p in counts]
    made = CorefCounts(*parts)
    found: CorefCounts = seen.setdefault((CorefCounts, *map(id, parts)), made)  # type: ignore[assignment]
    return found


def corpus_total(documents: list[CorefDocument]) -> CorefCounts:
    """The documents' counts summed as v8.01 sums them (by the C kernel when it is built)."""
    summed = KERNEL.sum_counts([d.counts for d in documents]) if KERNEL is not None else None
    return summed if summed is not None else sum_counts(d.counts for d in documents)
