"""Mention detection scores with the 2015 pilot specification (`--profile 2015`).

What differs from v1.8 (`evmeval.mention.scoring`), following the specification's sections 3.1-3.2 and
its Appendix 1 pseudo-code:

- Invisible words (footnote 4: the, a, an, I, you, he, she, we, my, your, her, our, who, what,
  where, when) are removed from both sides before Dice. Token mode only: a token is invisible when
  its token-table string, stripped and lower-cased, is one of them. Character mode removes nothing.
  A mention made only of invisible words keeps no unit, so it overlaps nothing (the pseudo-code's
  "G == S gives 1.0" is not applied to two empty sets).
- One greedy pass over the pairs ranked best first (ties: earlier system line, then earlier gold
  line). A pair is recorded when neither side is mapped; when the gold is mapped but the system is
  not, the system mention joins that gold's record (it shares the attribute credit, adds no TP).
- TP = sum of the records' first (best) Dice. FP = #system - #records: every system mention that
  is not the best of some gold's record, so a mention that joined a record is still a false
  positive (section 3.1.2: FP = |System minus J|; Appendix 2 counts S_E2 so, giving P = 2.4 / 3.4).
  P = TP / (TP + FP), R = TP / #gold.
- Type and realis are accuracies: each gold's N mapped system mentions share 1/N credit, summed and
  divided by #gold. A gold NOT_ANNOTATED value matches any system value (kept from v1.8, `evmeval.rules`).

Corpus rules mirror v1.8: gold documents in sorted order; a document without gold mentions is
reported but left out of both averages; a gold document missing from the system counts with TP 0;
a NaN document precision (no system mention) counts as 0 in the macro mean.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from evmeval._util.progress import CancelCheck, Progress, stop_if_cancelled
from evmeval.align import candidate_pairs
from evmeval.mention.prf import f1_score, nan_to_none, safe_div
from evmeval.mention.scoring import documents_to_score
from evmeval.model import Mention, SpanMode, TbfFile, TokenTable
from evmeval.rules import AttributeRule, values_agree

INVISIBLE_WORDS: frozenset[str] = frozenset({
    "the", "a", "an",  # determiners
    "i", "you", "he", "she", "we", "my", "your", "her", "our",  # pronouns
    "who", "what", "where", "when",  # relative pronouns
})
"""The specification's footnote 4, lower-cased: tokens ignored when computing overlap."""


class TokenTables(Protocol):
    """Where token tables come from (`evmeval.io.loading.TokenSource` is one); None when a table is missing."""

    def table(self, doc_id: str) -> TokenTable | None: ...


@dataclass(frozen=True, slots=True)
class PilotRecord:
    """One gold mention's mapping record: its system mentions (best first) and the best one's Dice."""

    gold: int
    systems: tuple[int, ...]
    dice: float


@dataclass(frozen=True)
class PilotDocument:
    """One scored document. `type_score` / `realis_score` are the 1/N credit sums before dividing."""

    doc_id: str
    gold: tuple[Mention, ...]
    system: tuple[Mention, ...]
    in_system: bool
    invisible_ids: frozenset[str]
    records: tuple[PilotRecord, ...]
    tp: float
    fp: int
    type_score: float
    realis_score: float
    precision: float
    recall: float
    f1: float
    type_accuracy: float
    realis_accuracy: float

    @property
    def num_gold(self) -> int:
        return len(self.gold)

    @property
    def num_system(self) -> int:
        return len(self.system)

    @property
    def counted(self) -> bool:
        """Whether the document enters the corpus averages (it has gold mentions)."""
        return bool(self.gold)

    def false_positives(self) -> tuple[int, ...]:
        """Indexes of the system mentions that are not the best of a record (joined ones included)."""
        best = {r.systems[0] for r in self.records}
        return tuple(i for i in range(len(self.system)) if i not in best)

    def to_json(self) -> dict[str, Any]:
        return {
            "doc_id": self.doc_id, "in_system": self.in_system, "counted": self.counted,
            "tp": self.tp, "fp": self.fp, "num_gold": self.num_gold, "num_system": self.num_system,
            "type_score": self.type_score, "realis_score": self.realis_score,
            **_figures_json(self),
            "invisible_token_ids": sorted(self.invisible_ids),
            "mapping": [{"gold": self.gold[r.gold].mention_id, "gold_index": r.gold,
                         "systems": [self.system[s].mention_id for s in r.systems],
                         "system_indexes": list(r.systems), "dice": r.dice} for r in self.records],
            "false_positives": [self.system[s].mention_id for s in self.false_positives()],
        }


@dataclass(frozen=True)
class PilotMicro:
    """Sums over the counted documents and the figures they give."""

    tp: float
    fp: int
    num_gold: int
    num_system: int
    type_score: float
    realis_score: float
    precision: float
    recall: float
    f1: float
    type_accuracy: float
    realis_accuracy: float
    num_documents: int

    def to_json(self) -> dict[str, Any]:
        return {"tp": self.tp, "fp": self.fp, "num_gold": self.num_gold, "num_system": self.num_system,
                "type_score": self.type_score, "realis_score": self.realis_score, **_figures_json(self),
                "num_documents": self.num_documents}


@dataclass(frozen=True)
class PilotMacro:
    """Means of the counted documents' figures; F1 is the harmonic mean of the mean P and mean R."""

    precision: float
    recall: float
    f1: float
    type_accuracy: float
    realis_accuracy: float
    num_documents: int

    def to_json(self) -> dict[str, Any]:
        return {**_figures_json(self), "num_documents": self.num_documents}


@dataclass(frozen=True)
class PilotResult:
    """Everything the 2015 report and JSON export show about one gold/system comparison."""

    gold_path: str
    system_path: str
    run_name: str
    mode: SpanMode
    documents: tuple[PilotDocument, ...]
    micro: PilotMicro
    macro: PilotMacro
    warnings: tuple[str, ...] = ()
    profile: str = "2015"

    def to_json(self) -> dict[str, Any]:
        """JSON-serialisable dict: fractions 0-1, NaN as None."""
        return {"profile": self.profile, "mode": self.mode.value, "gold": self.gold_path,
                "system": self.system_path, "documents": [d.to_json() for d in self.documents],
                "micro": self.micro.to_json(), "macro": self.macro.to_json(), "warnings": list(self.warnings)}


def _figures_json(item: PilotDocument | PilotMicro | PilotMacro) -> dict[str, float | None]:
    return {name: nan_to_none(getattr(item, name))
            for name in ("precision", "recall", "f1", "type_accuracy", "realis_accuracy")}


def invisible_token_ids(table: TokenTable | None) -> frozenset[str]:
    """Ids of the tokens whose string is an invisible word (case-insensitive)."""
    if table is None:
        return frozenset()
    return frozenset(t.id for t in table.tokens if t.text.strip().lower() in INVISIBLE_WORDS)


def visible(mentions: Iterable[Mention], invisible: frozenset[str]) -> tuple[Mention, ...]:
    """The mentions with invisible token ids dropped from their spans, so `candidate_pairs` can rank them."""
    if not invisible:
        return tuple(mentions)
    return tuple(m._replace(span=tuple(i for i in m.span if i not in invisible)) for m in mentions)


def pilot_mapping(candidates: Iterable[tuple[float, int, int]]) -> tuple[PilotRecord, ...]:
    """Appendix 1, step 2, over `(dice, system, gold)` ranked best first; records in gold order."""
    records: dict[int, tuple[list[int], float]] = {}
    mapped_system: set[int] = set()
    for score, s_index, g_index in candidates:
        if s_index in mapped_system:
            continue
        mapped_system.add(s_index)
        if g_index in records:
            records[g_index][0].append(s_index)
        else:
            records[g_index] = ([s_index], score)
    return tuple(PilotRecord(g, tuple(records[g][0]), records[g][1]) for g in sorted(records))


def score_pilot_document(doc_id: str, gold: tuple[Mention, ...], system: tuple[Mention, ...], *,
                         invisible: frozenset[str] = frozenset(), in_system: bool = True) -> PilotDocument:
    """Map and score one document with the pilot rules (mentions already white-list filtered)."""
    records = pilot_mapping(candidate_pairs(visible(gold, invisible), visible(system, invisible)))
    tp = 0.0
    type_score = 0.0
    realis_score = 0.0
    for record in records:
        tp += record.dice
        share = 1.0 / len(record.systems)
        g = gold[record.gold]
        for s_index in record.systems:
            s = system[s_index]
            type_score += share if values_agree(AttributeRule.SCORER, g.mention_type, s.mention_type) else 0.0
            realis_score += share if values_agree(AttributeRule.SCORER, g.realis, s.realis) else 0.0
    fp = len(system) - len(records)
    precision = safe_div(tp, tp + fp)
    recall = safe_div(tp, len(gold))
    return PilotDocument(
        doc_id=doc_id, gold=gold, system=system, in_system=in_system, invisible_ids=invisible,
        records=records, tp=tp, fp=fp, type_score=type_score, realis_score=realis_score,
        precision=precision, recall=recall, f1=f1_score(precision, recall),
        type_accuracy=safe_div(type_score, len(gold)), realis_accuracy=safe_div(realis_score, len(gold)))


def pilot_averages(documents: Iterable[PilotDocument]) -> tuple[PilotMicro, PilotMacro]:
    """Section 3.2's micro and macro averages over the documents that have gold mentions."""
    counted = [d for d in documents if d.counted]
    n = len(counted)
    tp = sum(d.tp for d in counted)
    fp = sum(d.fp for d in counted)
    num_gold = sum(d.num_gold for d in counted)
    type_score = sum(d.type_score for d in counted)
    realis_score = sum(d.realis_score for d in counted)
    p = safe_div(tp, tp + fp)
    r = safe_div(tp, num_gold)
    micro = PilotMicro(tp, fp, num_gold, sum(d.num_system for d in counted), type_score, realis_score,
                       p, r, f1_score(p, r), safe_div(type_score, num_gold),
                       safe_div(realis_score, num_gold), n)
    # A document without system mentions has precision NaN; like v1.8 it adds 0 to the macro sum.
    mp = safe_div(sum(d.precision for d in counted if d.num_system), n)
    mr = safe_div(sum(d.recall for d in counted), n)
    macro = PilotMacro(mp, mr, f1_score(mp, mr), safe_div(sum(d.type_accuracy for d in counted), n),
                       safe_div(sum(d.realis_accuracy for d in counted), n), n)
    return micro, macro


def _keep(mentions: tuple[Mention, ...], whitelist: frozenset[str] | None) -> tuple[Mention, ...]:
    return tuple(m for m in mentions if m.mention_type in whitelist) if whitelist else mentions


def _all_invisible(doc_id: str, side: str, mentions: Iterable[Mention],
                   invisible: frozenset[str]) -> list[str]:
    return [f"{side} mention {m.mention_id!r} in document {doc_id!r} (line {m.line}) has only invisible "
            "words; it overlaps nothing" for m in mentions if m.span and all(i in invisible for i in m.span)]


def score_pilot(
    gold: TbfFile,
    system: TbfFile,
    *,
    tokens: TokenTables,
    type_whitelist: Collection[str] | None = None,
    doc_id: str | None = None,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
) -> PilotResult:
    """Score a system file against a gold file with the 2015 pilot rules.

    `tokens` gives each document's token table (token mode) to find invisible words. Raises `KeyError`
    for an unknown `doc_id`, `evmeval._util.progress.Cancelled` when `cancelled()` turns true between documents, and
    `FormatError` for a malformed token table.
    """
    whitelist = frozenset(type_whitelist) if type_whitelist else None
    doc_ids, warnings = documents_to_score(gold, system, doc_id)
    token_mode = gold.mode is SpanMode.TOKEN
    no_table: list[str] = []
    results: list[PilotDocument] = []
    total = len(doc_ids)
    for number, d_id in enumerate(doc_ids):
        stop_if_cancelled(cancelled)
        s_doc = system.documents.get(d_id)
        g = _keep(gold.documents[d_id].mentions, whitelist)
        s = _keep(s_doc.mentions, whitelist) if s_doc is not None else ()
        invisible: frozenset[str] = frozenset()
        if token_mode and (g or s):
            table = tokens.table(d_id)
            if table is None:
                no_table.append(d_id)
            invisible = invisible_token_ids(table)
            warnings.extend(_all_invisible(d_id, "gold", g, invisible))
            warnings.extend(_all_invisible(d_id, "system", s, invisible))
        if not g:
            warnings.append(f"gold document {d_id!r} has no mentions; it is left out of the averages")
        results.append(score_pilot_document(d_id, g, s, invisible=invisible, in_system=s_doc is not None))
        if progress is not None and (number % 50 == 0 or number + 1 == total):
            progress(number + 1, total)
    if no_table:
        warnings.append(f"{len(no_table)} document(s) without a token table, no invisible word removed: "
                        + ", ".join(no_table))
    documents = tuple(results)
    micro, macro = pilot_averages(documents)
    return PilotResult(gold_path=gold.path, system_path=system.path, run_name=system.run_name, mode=gold.mode,
                       documents=documents, micro=micro, macro=macro, warnings=tuple(warnings))
