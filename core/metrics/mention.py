"""Mention detection scores with the published v1.8 rules (see SCORING-NOTES.md).

Per document and attribute combination: TP = sum of the chosen pairs' Dice, P = TP / #system,
R = TP / #gold. Corpus: the gold documents in sorted order; a document without gold mentions is left
out of both averages; micro sums counts, macro averages document P and R (a NaN document precision
counts as 0) and takes the harmonic mean of the two.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

from core.align import COMBINATIONS, Mapping, candidate_pairs, greedy_mappings
from core.metrics.prf import Average, Score, f1_score, nan_to_none, safe_div
from core.model import Mention, SpanMode, TbfFile

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]


class ScoringCancelled(Exception):
    """Raised between documents when the caller's cancel check says so."""


@dataclass(frozen=True)
class DocumentResult:
    """One scored document: its mentions (after the type white list), mappings and scores."""

    doc_id: str
    gold: tuple[Mention, ...]
    system: tuple[Mention, ...]
    in_system: bool
    mappings: dict[str, Mapping]
    scores: dict[str, Score]

    @property
    def counted(self) -> bool:
        """Whether the document enters the corpus averages (it has gold mentions)."""
        return len(self.gold) > 0


@dataclass(frozen=True)
class TypeRow:
    """One row of a per-type table."""

    mention_type: str
    tp: float
    num_gold: int
    num_system: int
    precision: float
    recall: float
    f1: float

    def to_json(self) -> dict[str, object]:
        return {"type": self.mention_type, "tp": self.tp, "num_gold": self.num_gold,
                "num_system": self.num_system, "precision": nan_to_none(self.precision),
                "recall": nan_to_none(self.recall), "f1": nan_to_none(self.f1)}


@dataclass(frozen=True)
class ScoreResult:
    """Everything a report, the JSON export or the window shows about one gold/system comparison.

    `per_type_published` is the table the published report prints: built from the type+realis
    mapping, one row per gold type. `per_type_by_type_mapping` is the one a reader expects: built from
    the mention-type mapping, one row per type seen on either side.
    """

    gold_path: str
    system_path: str
    run_name: str
    mode: SpanMode
    documents: tuple[DocumentResult, ...]
    micro: dict[str, Score]
    macro: dict[str, Average]
    per_type_published: tuple[TypeRow, ...]
    per_type_by_type_mapping: tuple[TypeRow, ...]
    warnings: tuple[str, ...] = ()
    profile: str = "v1.8"
    _by_id: dict[str, DocumentResult] = field(default_factory=dict, repr=False, compare=False)

    def counts_document(self, doc: DocumentResult) -> bool:
        """Whether `doc` is in the corpus averages: v1.8 skips documents without gold mentions;
        agreement (profile "agreement") counts every document in which either side has a mention."""
        if self.profile == "agreement":
            return bool(doc.gold or doc.system)
        return doc.counted

    @property
    def averages_note(self) -> str:
        """How many documents the averages cover, in words a user reads next to the figures."""
        counted = sum(1 for d in self.documents if self.counts_document(d))
        if self.profile == "agreement":
            return f"{counted} with mentions on either side"
        return f"{counted} with gold mentions"

    def document(self, doc_id: str) -> DocumentResult:
        if not self._by_id:
            self._by_id.update((d.doc_id, d) for d in self.documents)
        return self._by_id[doc_id]


def score_document(doc_id: str, gold: tuple[Mention, ...], system: tuple[Mention, ...],
                   in_system: bool = True) -> DocumentResult:
    """Map and score one document for every attribute combination."""
    mappings = greedy_mappings(candidate_pairs(gold, system), gold, system)
    scores = {c: Score.from_counts(m.tp, len(gold), len(system)) for c, m in mappings.items()}
    return DocumentResult(doc_id, gold, system, in_system, mappings, scores)


def _filter(mentions: tuple[Mention, ...], whitelist: frozenset[str] | None) -> tuple[Mention, ...]:
    if not whitelist:
        return mentions
    return tuple(m for m in mentions if m.mention_type in whitelist)


def corpus_averages(documents: Iterable[DocumentResult]) -> tuple[dict[str, Score], dict[str, Average]]:
    """Micro and macro averages over the documents that have gold mentions."""
    counted = [d for d in documents if d.counted]
    micro: dict[str, Score] = {}
    macro: dict[str, Average] = {}
    num_gold = sum(len(d.gold) for d in counted)
    num_system = sum(len(d.system) for d in counted)
    for combination in COMBINATIONS:
        tp = 0.0
        p_sum = 0.0
        r_sum = 0.0
        for d in counted:
            s = d.scores[combination]
            tp += s.tp
            if s.num_system:
                p_sum += s.precision
            r_sum += s.recall
        micro[combination] = Score.from_counts(tp, num_gold, num_system)
        p = safe_div(p_sum, len(counted))
        r = safe_div(r_sum, len(counted))
        macro[combination] = Average(p, r, f1_score(p, r), len(counted))
    return micro, macro


def per_type_table(documents: Sequence[DocumentResult], combination: str, *,
                   gold_types_only: bool) -> tuple[TypeRow, ...]:
    """Per-type TP (keyed by the gold mention's type), #gold and #system over all documents."""
    tp: dict[str, float] = {}
    for d in documents:
        gold = d.gold
        # summed in gold line order, as v1.8's per_type_eval walks its mapping: the order changes the
        # last bits of the sum, and sometimes the printed second decimal (0.375 -> 0.38 or 0.37)
        for pair in sorted(d.mappings[combination].pairs):
            t = gold[pair.gold].mention_type
            tp[t] = tp.get(t, 0.0) + pair.dice
    type_of = attrgetter("mention_type")
    num_gold = Counter(map(type_of, chain.from_iterable(d.gold for d in documents)))
    num_system = Counter(map(type_of, chain.from_iterable(d.system for d in documents)))
    types = set(num_gold) if gold_types_only else set(num_gold) | set(num_system)
    rows = []
    for t in sorted(types):
        score = Score.from_counts(tp.get(t, 0.0), num_gold.get(t, 0), num_system.get(t, 0))
        rows.append(TypeRow(t, score.tp, score.num_gold, score.num_system,
                            score.precision, score.recall, score.f1))
    return tuple(rows)


def documents_to_score(gold: TbfFile, system: TbfFile, doc_id: str | None = None) -> tuple[list[str], list[str]]:
    """The gold documents to score, in the published order (sorted ids), and warnings about the
    documents only one side has. Raises `KeyError` for a `doc_id` the gold file does not have."""
    if doc_id is not None:
        if doc_id not in gold.documents:
            raise KeyError(doc_id)
        return [doc_id], []
    warnings: list[str] = []
    doc_ids = sorted(gold.documents)
    missing = [d for d in doc_ids if d not in system.documents]
    extra = sorted(d for d in system.documents if d not in gold.documents)
    if missing:
        warnings.append(f"{len(missing)} gold document(s) not in the system file, scored as empty: "
                        + ", ".join(missing))
    if extra:
        warnings.append(f"{len(extra)} system document(s) not in the gold file, ignored: " + ", ".join(extra))
    return doc_ids, warnings


def score_files(
    gold: TbfFile,
    system: TbfFile,
    *,
    type_whitelist: Collection[str] | None = None,
    doc_id: str | None = None,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> ScoreResult:
    """Score a system file against a gold file with the published v1.8 rules.

    `type_whitelist` holds canonical types; mentions of other types are dropped on both sides.
    `doc_id` scores that single gold document. Raises `KeyError` for an unknown `doc_id` and
    `ScoringCancelled` when `cancelled()` turns true between documents.
    """
    whitelist = frozenset(type_whitelist) if type_whitelist else None
    doc_ids, warnings = documents_to_score(gold, system, doc_id)
    results: list[DocumentResult] = []
    total = len(doc_ids)
    empty: tuple[Mention, ...] = ()
    for number, d_id in enumerate(doc_ids):
        if cancelled is not None and cancelled():
            raise ScoringCancelled()
        g_doc = gold.documents[d_id]
        s_doc = system.documents.get(d_id)
        g = _filter(g_doc.mentions, whitelist)
        s = _filter(s_doc.mentions, whitelist) if s_doc is not None else empty
        if len({m.mention_id for m in s}) != len(s):
            warnings.append(f"duplicate system mention ids in document {d_id!r}; all lines are scored "
                            "(the published scorer says one is removed, but counts them all)")
        if not g:
            warnings.append(f"gold document {d_id!r} has no mentions; it is left out of the averages")
        results.append(score_document(d_id, g, s, s_doc is not None))
        if progress is not None and (number % 50 == 0 or number + 1 == total):
            progress(number + 1, total)
    documents = tuple(results)
    micro, macro = corpus_averages(documents)
    return ScoreResult(
        gold_path=gold.path, system_path=system.path, run_name=system.run_name, mode=gold.mode,
        documents=documents, micro=micro, macro=macro,
        per_type_published=per_type_table(documents, "mention_type+realis_status", gold_types_only=True),
        per_type_by_type_mapping=per_type_table(documents, "mention_type", gold_types_only=False),
        warnings=tuple(warnings),
    )
