"""Coreference and sequencing figures of every run in a comparison, with intervals and paired tests.

`evmeval-compare` scores each run's coreference (v8.01's metrics, LEA, the CoNLL average, v1.8's overall
average) when the gold file has coreference links, and its sequencing (v1.8's temporal awareness of the
Subevent, After and All links, the published closure) when the gold file has After or Subevent links,
with v1.8's defaults (`-m 1`: mentions aligned on span and type; `-ct 1.0`: exact spans for
coreference). Each becomes a `resampling.Family` per run; one `resampling.resample` call per kind gives
every run's intervals and every pair's tests, and each figure's randomization p is adjusted over the pairs
as the mention figures' are (`adjusted_over_pairs`).

Coreference resamples every scored document (v8.01 sums them all); sequencing every evaluated document,
aligned by document id across runs. With topics, a topic's documents are drawn together.

Cross-document coreference (`cross_topics`, `evmeval-compare --cross-document --topics FILE`) scores each
topic's documents as one document (`evmeval.coref.cross_document`: a `@Coreference` id shared by documents
is one event), as `evmeval-conll --cross-document --topics FILE` scores the CoNLL files; its unit is the topic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from evmeval._util.lazy_import import lazy_module
from evmeval.compare.link_changes import COREFERENCE, SEQUENCING_EVALUATIONS
from evmeval.compare.multiple import adjust
from evmeval.compare.resampling import (
    AwarenessCounts,
    Family,
    FigureInterval,
    FigureTest,
    coref_family,
    resample,
    sequencing_family,
)
from evmeval.compare.significance import ResampleSettings
from evmeval.io.errors import FormatError
from evmeval.mention.scoring import ScoreResult
from evmeval.model import TbfFile

if TYPE_CHECKING:
    from typing import Protocol

    import numpy as np

    from evmeval.coref.scoring import CorefResult

    class SequencingOf(Protocol):
        """`evmeval.sequencing.scoring.published_awareness`: per evaluation name the documents' counts,
        and why an evaluation has none."""

        def __call__(self, result: ScoreResult, gold: TbfFile, system: TbfFile, *, mapping: str,
                     filtered: bool) -> tuple[Mapping[str, Sequence[AwarenessCounts]], Mapping[str, str]]: ...
else:
    np = lazy_module("numpy")

RELATION_MAPPING = "mention_type"
"""v1.8's default alignment for coreference and sequencing (`-m 1`: span and type)."""

CROSS_DOCUMENT = "coreference_cross_document"
KIND_LABELS = {COREFERENCE: "Coreference", CROSS_DOCUMENT: "Cross-document coreference",
               "sequencing_subevent": "Sequencing Subevent", "sequencing_after": "Sequencing After",
               "sequencing_all": "Sequencing All"}


def kind_units(kind: str, number: int, unit: str) -> str:
    """How many units a kind resampled, in words (`unit`: the comparison's; cross-document: topics)."""
    return f"{number} {'topic' if kind == CROSS_DOCUMENT else unit}s"


@dataclass(frozen=True)
class RelationFigures:
    """Per run: kind -> its figures' intervals; per pair (in the comparison's order): kind -> tests;
    `units`: kind -> how many units were resampled; `warnings`: why a kind was left out."""

    intervals: tuple[dict[str, tuple[FigureInterval, ...]], ...] = ()
    tests: tuple[dict[str, tuple[FigureTest, ...]], ...] = ()
    units: dict[str, int] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    coreference_runs: tuple[CorefResult, ...] = ()
    """Each run's coreference as scored (what its changed links are read from); empty without such links."""
    sequencing_runs: tuple[Mapping[str, Sequence[AwarenessCounts]], ...] = ()
    """Each run's published evaluations: name -> its documents' counts and link outcomes; empty without."""


def adjusted_over_pairs(per_pair: Sequence[tuple[FigureTest, ...]], correction: str) -> list[tuple[FigureTest, ...]]:
    """Each figure's randomization p adjusted over the pairs (figure j of every pair is one family)."""
    out = [list(t) for t in per_pair]
    for j in range(len(per_pair[0]) if per_pair else 0):
        ps = adjust([t[j].p_value_randomization for t in per_pair], correction)
        for row, p in zip(out, ps, strict=True):
            row[j] = replace(row[j], p_value_adjusted=p)
    return [tuple(t) for t in out]


def _has_links(gold: TbfFile, kinds: set[str]) -> bool:
    return any(not kinds.isdisjoint(d.relation_kinds()) for d in gold.documents.values())


def _groups(doc_ids: Sequence[str], topics: Mapping[str, str] | None) -> np.ndarray | None:
    if topics is None:
        return None
    numbers: dict[str, int] = {}
    return np.array([numbers.setdefault(topics.get(d, d), len(numbers)) for d in doc_ids], dtype=np.intp)


def _num_units(doc_ids: Sequence[str], groups: np.ndarray | None) -> int:
    return len(doc_ids) if groups is None else len(set(groups.tolist()))


def _coreference(results: Sequence[ScoreResult], gold: TbfFile, systems: Sequence[TbfFile], whitelisted: bool,
                 cross_topics: Mapping[str, str] | None = None,
                 ) -> tuple[dict[str, tuple[list[str], list[Family]]], list[CorefResult]]:
    """The coreference family of each run (per document) and, given `cross_topics`, its cross-document one
    (per topic); and each run's coreference as scored (what its changed links are read from)."""
    from evmeval.compare.cross_document import cross_document_family
    from evmeval.coref.cross_document import tbf_documents
    from evmeval.coref.scoring import score_coreference

    families = []
    scored = []
    crossed: list[Family] = []
    topic_names: tuple[str, ...] = ()
    for result, system in zip(results, systems, strict=True):
        coref = score_coreference(result, gold, system, combination=RELATION_MAPPING, whitelisted=whitelisted)
        families.append(coref_family([d.counts for d in coref.documents]))
        scored.append(coref)
        if cross_topics is not None:
            topic_names, family = cross_document_family(*tbf_documents(coref), cross_topics)
            crossed.append(family)
    out = {COREFERENCE: ([d.doc_id for d in results[0].documents], families)}
    if cross_topics is not None:
        out[CROSS_DOCUMENT] = (list(topic_names), crossed)
    return out, scored


def _sequencing(results: Sequence[ScoreResult], gold: TbfFile, systems: Sequence[TbfFile], whitelisted: bool,
                sequencing_of: SequencingOf) -> tuple[list[str], dict[str, list[Family]], list[str],
                                                      list[Mapping[str, Sequence[AwarenessCounts]]]]:
    """Per kind, a family per run over the union of evaluated documents (a document a run did not
    evaluate adds nothing to its sums); kinds v1.8 cannot finish for some run are left out."""
    evaluations = []
    left_out: list[str] = []
    for result, system in zip(results, systems, strict=True):
        documents, failures = sequencing_of(result, gold, system, mapping=RELATION_MAPPING, filtered=whitelisted)
        evaluations.append(documents)
        left_out += [f"{system.path}: sequencing {name}: {why}" for name, why in failures.items()]
    names = [k for k, n in SEQUENCING_EVALUATIONS.items() if all(n in e for e in evaluations)]
    doc_ids = list(dict.fromkeys(d.doc_id for e in evaluations for k in names for d in e[SEQUENCING_EVALUATIONS[k]]))
    families: dict[str, list[Family]] = {}
    for kind in names:
        families[kind] = []
        for e in evaluations:
            by_id: dict[str, AwarenessCounts] = {d.doc_id: d for d in e[SEQUENCING_EVALUATIONS[kind]]}
            families[kind].append(sequencing_family([by_id.get(i, _NOTHING) for i in doc_ids]))
    return doc_ids, families, left_out, evaluations


@dataclass(frozen=True)
class _NoLinks:
    """A document a run did not evaluate: no counts."""

    doc_id: str = ""
    precision_matched: int = 0
    system_links: int = 0
    recall_matched: int = 0
    implicit_matched: int = 0
    weight: float = 0.0
    gold_links: int = 0


_NOTHING = _NoLinks()


def relation_figures(results: Sequence[ScoreResult], gold: TbfFile, systems: Sequence[TbfFile],
                     pairs: Sequence[tuple[int, int]], *, settings: ResampleSettings, correction: str,
                     interval: str = "percentile", topics: Mapping[str, str] | None = None,
                     whitelisted: bool = False, sequencing_of: SequencingOf | None = None,
                     cross_topics: Mapping[str, str] | None = None) -> RelationFigures:
    """Coreference and sequencing intervals and paired tests of runs scored against `gold` (the kinds
    the gold file has links of; sequencing only given `sequencing_of`, the sequencing scorer
    `evmeval.sequencing.scoring.published_awareness`, which this layer cannot import). Raises `FormatError`
    where the scorers refuse a file (a mention in two coreference clusters); sequencing v1.8 refuses or
    cannot finish is left out, with a warning saying why. `cross_topics` (document id -> topic) adds the
    cross-document coreference figures, a topic's documents scored as one document and topics resampled."""

    per_kind: dict[str, tuple[list[str], list[Family]]] = {}
    warnings: list[str] = []
    coreference_runs: list[CorefResult] = []
    sequencing_runs: list[Mapping[str, Sequence[AwarenessCounts]]] = []
    if _has_links(gold, {"Coreference"}):
        coref_kinds, coreference_runs = _coreference(results, gold, systems, whitelisted, cross_topics)
        per_kind.update(coref_kinds)
    if sequencing_of is not None and _has_links(gold, {"After", "Subevent"}):
        try:
            doc_ids, families, left_out, sequencing_runs = _sequencing(results, gold, systems, whitelisted,
                                                                       sequencing_of)
        except FormatError as exc:  # links v1.8 refuses: the mention figures still stand
            warnings.append(f"sequencing figures left out: {exc}")
        else:
            warnings += [f"sequencing figures left out: {w}" for w in left_out]
            per_kind.update({k: (doc_ids, f) for k, f in families.items()})
    intervals: list[dict[str, tuple[FigureInterval, ...]]] = [{} for _ in results]
    tests: list[dict[str, tuple[FigureTest, ...]]] = [{} for _ in pairs]
    units: dict[str, int] = {}
    for kind, (ids, kind_families) in per_kind.items():
        groups = None if kind == CROSS_DOCUMENT else _groups(ids, topics)  # its rows are topics already
        done = resample(kind_families, pairs, settings=settings, interval=interval, groups=groups)
        units[kind] = _num_units(ids, groups)
        for n, figures in enumerate(done.intervals):
            intervals[n][kind] = figures
        for n, pair_tests in enumerate(adjusted_over_pairs(done.tests, correction)):
            tests[n][kind] = pair_tests
    return RelationFigures(tuple(intervals), tuple(tests), units, tuple(warnings), tuple(coreference_runs),
                           tuple(sequencing_runs))
