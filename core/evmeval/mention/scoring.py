"""Mention detection scores with the published v1.8 rules (see SCORING-NOTES.md).

Per document and attribute combination: TP = sum of the chosen pairs' Dice, P = TP / #system,
R = TP / #gold. Corpus: the gold documents in sorted order; a document without gold mentions is left
out of both averages; micro sums counts, macro averages document P and R (a NaN document precision
counts as 0) and takes the harmonic mean of the two.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import chain
from typing import Protocol, TypeVar

from evmeval._util.packed_slots import packed_slots
from evmeval._util.progress import CancelCheck, Progress, stop_if_cancelled
from evmeval.align import COMBINATIONS, candidate_pairs
from evmeval.align.packed import MappingsField
from evmeval.align.strategies import DEFAULT_STRATEGY, mapping_strategy
from evmeval.io.errors import UnknownDocumentError
from evmeval.mention.prf import Average, Score, f1_score, safe_div
from evmeval.mention.type_rows import TypeRow, counts_in_averages, coverage, document_warnings, type_rows
from evmeval.model import (
    KeptMentions,
    Mention,
    PackedField,
    PackedMentions,
    SpanMode,
    TbfFile,
    carries_realis,
    kept_mentions,
    mention_column,
    plain_mentions,
)
from evmeval.rules import AttributeRule, Combination


@packed_slots
class DocumentResult:
    """One scored document: its mentions (after the type white list), mappings and scores. `gold` and `system`
    read as tuples of `Mention`; given its documents' packed mentions (`model.PackedMentions`, the window's JSONL
    corpora) it keeps those, not a copy; `mappings` reads as a dict of `Mapping` and is kept packed
    (`evmeval.align.packed`: what a corpus of them keeps, issue 34)."""

    doc_id: str
    gold: PackedField[Mention] = PackedField(PackedMentions)
    system: PackedField[Mention] = PackedField(PackedMentions)
    in_system: bool = True  # defaults only because the type checker takes the descriptors above for defaults
    mappings: MappingsField = MappingsField()
    scores: dict[str, Score] = field(default_factory=dict)

    @property
    def counted(self) -> bool:
        """Whether the document enters the corpus averages (it has gold mentions)."""
        return counts_in_averages(self.num_gold)

    @property
    def num_gold(self) -> int:
        return len(kept_mentions(self, "gold"))  # counted without unpacking

    @property
    def num_system(self) -> int:
        return len(kept_mentions(self, "system"))


class DocumentFigures(Protocol):
    """What the corpus averages read of a document: a `DocumentResult`, or the C kernel's row of one
    (`evmeval.cli.fastpath`), so that both are averaged by `corpus_averages` alone."""

    @property
    def counted(self) -> bool: ...

    @property
    def num_gold(self) -> int: ...

    @property
    def num_system(self) -> int: ...

    @property
    def scores(self) -> dict[str, Score]: ...


_Doc = TypeVar("_Doc", bound=DocumentFigures)


class ResultKind(str, Enum):
    """Who made a result, which decides its attribute rule and which documents its averages count."""

    SCORING = "v1.8"
    AGREEMENT = "agreement"


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
    kind: ResultKind = ResultKind.SCORING
    mapping: str = DEFAULT_STRATEGY
    """The mapping strategy that paired the mentions (`evmeval.align.strategies`; greedy is the published)."""
    _by_id: dict[str, DocumentResult] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Filled on first lookup; `init=False`, so `dataclasses.replace` gives a result with a fresh index."""
    _running: dict[str, object] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Per-document totals for `rescore_document` (`evmeval.mention.running`), built on first rescoring."""
    _covered: list[int] = field(default_factory=list, init=False, repr=False, compare=False)
    """How many documents the averages cover, counted on first asking (a pass over every document: the
    window's load asks it off the GUI thread)."""
    _realis: list[bool] = field(default_factory=list, init=False, repr=False, compare=False)
    """`carries_realis`, found on first asking."""

    @property
    def strategy(self) -> str:
        """`mapping` under the glossary's word (docs/reference/glossary.md): the strategy that paired them."""
        return self.mapping

    @property
    def rule(self) -> AttributeRule:
        """The attribute rule the mappings were made with."""
        return AttributeRule.SYMMETRIC if self.kind is ResultKind.AGREEMENT else AttributeRule.SCORER

    @property
    def profile(self) -> str:
        """The rules' name as files and the HTML report print it ("v1.8" or "agreement")."""
        return str(self.kind.value)

    def counts_document(self, doc: DocumentResult) -> bool:
        """Whether `doc` is in the corpus averages: v1.8 skips documents without gold mentions;
        agreement counts every document in which either side has a mention."""
        if self.kind is ResultKind.AGREEMENT:
            return bool(doc.gold or doc.system)
        return doc.counted

    @property
    def averages_note(self) -> str:
        """How many documents the averages cover, in words a user reads next to the figures."""
        if not self._covered:
            self._covered.append(sum(1 for d in self.documents if self.counts_document(d)))
        counted = self._covered[0]
        if self.kind is ResultKind.AGREEMENT:
            return f"{counted} with mentions on either side"
        return f"{counted} with gold mentions"

    @property
    def carries_realis(self) -> bool:
        """Whether a mention of either side has a realis (`evmeval.model.carries_realis`): without one, the realis
        combinations repeat the figures of the others. A pass over every document on first asking (the window's
        load asks it off the GUI thread)."""
        if not self._realis:
            self._realis.append(any(carries_realis(kept_mentions(d, "gold"), kept_mentions(d, "system"))
                                    for d in self.documents))
        return self._realis[0]

    def document(self, doc_id: str) -> DocumentResult:
        if not self._by_id:
            self._by_id.update((d.doc_id, d) for d in self.documents)
        return self._by_id[doc_id]


def score_document(doc_id: str, gold: KeptMentions, system: KeptMentions,
                   in_system: bool = True, *, mapping: str = DEFAULT_STRATEGY) -> DocumentResult:
    """Map (with the named strategy, see `evmeval.align.strategies`) and score one document for every
    attribute combination. `gold` and `system` kept by the result as given (packed or a tuple)."""
    g, s = plain_mentions(gold), plain_mentions(system)
    mappings = mapping_strategy(mapping)(candidate_pairs(g, s), g, s)
    made: dict[tuple[type, float], Score] = {}  # one record for the combinations with the same TP (what a corpus keeps)
    scores = {c: made.get((type(m.tp), m.tp)) or made.setdefault((type(m.tp), m.tp),
                                                                   Score.from_counts(m.tp, len(g), len(s)))
              for c, m in mappings.items()}
    return DocumentResult(doc_id, gold, system, in_system, mappings, scores)


def filter_types(mentions: tuple[Mention, ...], whitelist: frozenset[str] | None) -> tuple[Mention, ...]:
    """The mentions whose canonical type is in the white list (`-wl`); all of them without one."""
    if not whitelist:
        return mentions
    return tuple(m for m in mentions if m.mention_type in whitelist)


def corpus_averages(documents: Iterable[_Doc], *, counted: Callable[[_Doc], bool] | None = None,
                    ) -> tuple[dict[str, Score], dict[str, Average]]:
    """Micro and macro averages over the counted documents (by default those with gold mentions).

    The one summation of the project: TP and document P/R are added in document order, as the
    published scorer adds them, so scoring and agreement give the same digits for the same pair.
    An undefined document precision or recall (0/0) counts as 0 in the macro average.
    """
    keep = counted or (lambda d: d.counted)
    included = [d for d in documents if keep(d)]
    micro: dict[str, Score] = {}
    macro: dict[str, Average] = {}
    num_gold = sum(d.num_gold for d in included)
    num_system = sum(d.num_system for d in included)
    for combination in COMBINATIONS:
        tp = 0.0
        p_sum = 0.0
        r_sum = 0.0
        for d in included:
            s = d.scores[combination]
            tp += s.tp
            if s.num_system:
                p_sum += s.precision
            if s.num_gold:
                r_sum += s.recall
        micro[combination] = Score.from_counts(tp, num_gold, num_system)
        p = safe_div(p_sum, len(included))
        r = safe_div(r_sum, len(included))
        macro[combination] = Average(p, r, f1_score(p, r), len(included))
    return micro, macro


def per_type_mapping(combination: str) -> str:
    """The mapping a per-type table of `combination` counts on: the combination with the type added.

    A type's row adds its credit under the gold mention's type and its #system under the system
    mention's type; on a mapping that lets the types differ (span only, span + realis) a gold Die
    credited by a system Attack raised Die's precision while the Attack counted elsewhere, up to 114 %
    on the demo (issue 31, item 15). With the type in the mapping both sides of a pair share it."""
    checks = Combination(combination).checks
    return (Combination.TYPE_REALIS if "realis_status" in checks else Combination.TYPE).value


def per_type_table(documents: Sequence[DocumentResult], combination: str, *,
                   gold_types_only: bool) -> tuple[TypeRow, ...]:
    """Per-type TP (keyed by the gold mention's type), #gold and #system over all documents, counted
    on `per_type_mapping(combination)` (span only gives the type-mapping table)."""
    tp: dict[str, float] = {}
    mapping = per_type_mapping(combination)
    gold_types = [mention_column(kept_mentions(d, "gold"), "mention_type") for d in documents]  # no Mention built
    for d, types in zip(documents, gold_types, strict=True):
        for pair in d.mappings[mapping].in_gold_order():
            t = types[pair.gold]
            tp[t] = tp.get(t, 0.0) + pair.dice
    num_gold = Counter(chain.from_iterable(gold_types))
    num_system = Counter(chain.from_iterable(mention_column(kept_mentions(d, "system"), "mention_type")
                                             for d in documents))
    return type_rows(tp, num_gold, num_system, gold_types_only=gold_types_only)


def per_type_tables(documents: Sequence[DocumentResult]) -> tuple[tuple[TypeRow, ...], tuple[TypeRow, ...]]:
    """Both per-type tables of a result: the published one (type+realis mapping, gold types) and the
    one a reader expects (type mapping, types of either side)."""
    return (per_type_table(documents, "mention_type+realis_status", gold_types_only=True),
            per_type_table(documents, "mention_type", gold_types_only=False))


def documents_to_score(gold: TbfFile, system: TbfFile, doc_id: str | None = None) -> tuple[list[str], list[str]]:
    """The gold documents to score, in the published order (sorted ids), and warnings about the
    documents only one side has. Raises `UnknownDocumentError` (a `KeyError`) for a `doc_id` the gold file lacks."""
    if doc_id is not None:
        if doc_id not in gold.documents:
            raise UnknownDocumentError(gold.path, doc_id)
        return [doc_id], []
    return coverage(gold.documents, system.documents)


def score_files(
    gold: TbfFile,
    system: TbfFile,
    *,
    type_whitelist: Collection[str] | None = None,
    doc_id: str | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    mapping: str = DEFAULT_STRATEGY,
) -> ScoreResult:
    """Score a system file against a gold file with the published v1.8 rules.

    `type_whitelist` holds canonical types; mentions of other types are dropped on both sides.
    `doc_id` scores that single gold document. Raises `UnknownDocumentError` (a `KeyError`) for an unknown `doc_id`,
    `evmeval._util.progress.Cancelled` when `cancelled()` turns true between documents. `mapping` names the strategy
    that pairs mentions (`evmeval.align.strategies`; "greedy" is the published one); every figure is
    computed from its pairs. Raises `ValueError` for an unknown name.
    """
    mapping_strategy(mapping)
    whitelist = frozenset(type_whitelist) if type_whitelist else None
    doc_ids, warnings = documents_to_score(gold, system, doc_id)
    results: list[DocumentResult] = []
    total = len(doc_ids)
    empty: tuple[Mention, ...] = ()
    for number, d_id in enumerate(doc_ids):
        stop_if_cancelled(cancelled)
        g_doc = gold.documents[d_id]
        s_doc = system.documents.get(d_id)
        g = filter_types(g_doc.mentions, whitelist) if whitelist else kept_mentions(g_doc)
        s = empty if s_doc is None else filter_types(s_doc.mentions, whitelist) if whitelist else kept_mentions(s_doc)
        warnings.extend(document_warnings(d_id, len(g), plain_mentions(s)))
        results.append(score_document(d_id, g, s, s_doc is not None, mapping=mapping))
        if progress is not None and (number % 50 == 0 or number + 1 == total):
            progress(number + 1, total)
    documents = tuple(results)
    micro, macro = corpus_averages(documents)
    published, by_type = per_type_tables(documents)
    return ScoreResult(
        gold_path=gold.path, system_path=system.path, run_name=system.run_name, mode=gold.mode,
        documents=documents, micro=micro, macro=macro, per_type_published=published,
        per_type_by_type_mapping=by_type, warnings=tuple(warnings), mapping=mapping,
    )


_DOCUMENT_WARNING = re.compile(r"^(?:duplicate system mention ids in document|gold document) '(.*?)'[;: ]")


def _warned_document(warning: str) -> str | None:
    """The document a `document_warnings` warning is about (None: a warning about the files)."""
    match = _DOCUMENT_WARNING.match(warning)
    return match.group(1) if match else None


def rescore_document(result: ScoreResult, doc_id: str, gold: tuple[Mention, ...],
                     system: tuple[Mention, ...]) -> ScoreResult:
    """A new result in which document `doc_id` holds these mentions, every corpus figure recomputed.

    What live editing relies on: the old result is left untouched (undo keeps it), and the new one's
    `document(doc_id)` sees the new document. Only scoring results can be rescored this way. Corpus
    figures are refolded from per-document totals kept with the result (`evmeval.mention.running`): the
    same digits as scoring from scratch, a few milliseconds on 2000 documents after the first call.
    """
    from evmeval.mention.running import rescored  # it builds on this module's results

    if result.kind is not ResultKind.SCORING:
        raise ValueError("only a scoring result can be rescored document by document")
    old = result.document(doc_id)
    new = rescored(result, score_document(doc_id, gold, system, old.in_system, mapping=result.mapping))
    # the document's own warnings follow its mentions (a mention added to an empty gold document)
    stale = document_warnings(doc_id, len(old.gold), old.system)
    fresh = document_warnings(doc_id, len(gold), system)
    if stale == fresh:
        return new
    kept = [w for w in result.warnings if w not in stale]
    order = {d.doc_id: k for k, d in enumerate(result.documents)}
    here = order[doc_id]
    # where scoring from scratch puts them: before the first warning about a later document
    at = next((k for k, w in enumerate(kept) if order.get(_warned_document(w) or "", -1) > here), len(kept))
    out = replace(new, warnings=tuple(kept[:at] + fresh + kept[at:]))
    out._running.update(new._running)  # the running totals and the id index carry over, as in `rescored`
    out._by_id.update(new._by_id)
    return out
