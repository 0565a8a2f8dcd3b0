"""Other scoring schemes over the same mapping: MUC/ANNALIST counts and GATE strict/lenient/average.

The published scheme gives a mapped pair its Dice as partial credit. The MUC scorer and ANNALIST
count instead (Chinchor 1992; seed 003): every gold mention is correct (COR), partially correct (PAR),
incorrect (INC) or missing (MIS); every system mention is COR, PAR, INC or spurious (SPU). POS = #gold,
ACT = #system, and a partial match earns a flat half:

    P = (COR + PAR/2) / ACT        R = (COR + PAR/2) / POS        F1 = 2PR / (P + R)

(The EvmEval paper, seed 001 §3.1, prints the two denominators swapped; this is MUC's definition.)

The categories are the window's outcomes (`evmeval.mention.outcomes.mapping_rows`), read off the chosen
mapping of one attribute combination: exact match (Dice 1) = COR, partial span = PAR, right span but
wrong attribute for the combination (the span-only mapping pairs them, this one does not) = INC,
missed or merged gold = MIS, spurious or extra split part = SPU. So POS = COR + PAR + INC + MIS and
ACT = COR + PAR + INC + SPU. Per type, a row counts under its gold mention's type, a spurious one under
its own type (as the published per-type table keys TP by the gold type).

GATE's figures come from `evmeval.agreement.scoring` (gold as the key, system as the response): correct =
mapped with the same token (character) set, partial = mapped otherwise, missing / spurious = unmapped;
strict counts partial as wrong, lenient as right, average is their mean.

Corpus figures sum the counts of the documents that enter the v1.8 averages (those with gold mentions).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from evmeval._util.shared_tables import Tables
from evmeval.align import COMBINATIONS
from evmeval.mention.gate import GateCounts, gate_counts
from evmeval.mention.outcomes import MappingRow, Outcome, mapping_rows, mention_unit_sets
from evmeval.mention.prf import f1_score, nan_to_none, safe_div
from evmeval.mention.scoring import DocumentResult, ScoreResult

_FIELD = {Outcome.EXACT: "cor", Outcome.PARTIAL: "par", Outcome.ATTRIBUTE: "inc", Outcome.MISSED: "mis",
          Outcome.MERGED: "mis", Outcome.SPURIOUS: "spu", Outcome.SPLIT: "spu"}


@dataclass(frozen=True)
class MucCounts:
    """MUC/ANNALIST counts of one document, type or corpus, and the figures they give."""

    cor: int = 0
    par: int = 0
    inc: int = 0
    mis: int = 0
    spu: int = 0

    @property
    def pos(self) -> int:
        """Gold mentions (MUC's "possible")."""
        return self.cor + self.par + self.inc + self.mis

    @property
    def act(self) -> int:
        """System mentions (MUC's "actual")."""
        return self.cor + self.par + self.inc + self.spu

    @property
    def precision(self) -> float:
        return safe_div(self.cor + self.par / 2, self.act)

    @property
    def recall(self) -> float:
        return safe_div(self.cor + self.par / 2, self.pos)

    @property
    def f1(self) -> float:
        return f1_score(self.precision, self.recall)

    def __add__(self, other: MucCounts) -> MucCounts:
        return MucCounts(self.cor + other.cor, self.par + other.par, self.inc + other.inc,
                         self.mis + other.mis, self.spu + other.spu)

    def to_json(self) -> dict[str, int | float | None]:
        return {"pos": self.pos, "act": self.act, "cor": self.cor, "par": self.par, "inc": self.inc,
                "mis": self.mis, "spu": self.spu, "precision": nan_to_none(self.precision),
                "recall": nan_to_none(self.recall), "f1": nan_to_none(self.f1)}


@dataclass(frozen=True)
class MucTypeRow:
    """MUC counts of one mention type (canonical) over the counted documents."""

    mention_type: str
    counts: MucCounts

    def to_json(self) -> dict[str, Any]:
        return {"type": self.mention_type, **self.counts.to_json()}


@dataclass(frozen=True)
class DocumentSchemes:
    """One document's MUC and GATE counts per attribute combination."""

    doc_id: str
    counted: bool
    muc: dict[str, MucCounts]
    gate: dict[str, GateCounts]


Documents = Callable[[Sequence["DocumentSchemes"], Callable[["DocumentSchemes"], str],
                      Callable[["DocumentSchemes"], dict[str, Any]]], Any]
"""How `SchemeResult.to_json` makes a `documents` object: (documents, key, build) -> the object."""


@dataclass(frozen=True)
class SchemeResult:
    """MUC and GATE figures of a `ScoreResult`, under the mapping strategy that result was made with."""

    mapping: str
    documents: tuple[DocumentSchemes, ...]
    muc: dict[str, MucCounts]
    muc_per_type: dict[str, tuple[MucTypeRow, ...]]
    gate: dict[str, GateCounts]

    def to_json(self, documents: Documents | None = None) -> dict[str, Any]:
        """`{"muc": {micro, per_type, documents}, "gate": {micro, documents}}`, combinations as keys.
        `documents(self.documents, key, build)`: what stands for a `documents` object, made of
        `key(document)` and `build(document)` (e.g. a lazy object a report writes document by
        document); by default the dict itself."""
        made = documents or (lambda docs, key, build: {key(d): build(d) for d in docs})
        doc_id = attrgetter("doc_id")
        return {
            "muc": {
                "micro": {c: self.muc[c].to_json() for c in COMBINATIONS},
                "per_type": {c: [row.to_json() for row in self.muc_per_type[c]] for c in COMBINATIONS},
                "documents": made(self.documents, doc_id, lambda d: {c: d.muc[c].to_json() for c in COMBINATIONS}),
            },
            "gate": {
                "micro": {c: self.gate[c].to_json() for c in COMBINATIONS},
                "documents": made(self.documents, doc_id, lambda d: {c: d.gate[c].to_json() for c in COMBINATIONS}),
            },
        }


def muc_counts(rows: list[MappingRow]) -> MucCounts:
    """MUC counts of mapping-table rows (each gold and each system mention is in exactly one row)."""
    return _counts(Counter(map(_OUTCOME, rows)))  # counted in C: 370k rows per export of 2000 documents


_OUTCOME = attrgetter("outcome")


def _counts(by_outcome: Mapping[Outcome, int]) -> MucCounts:
    tally = _new_tally()
    for outcome, count in by_outcome.items():
        tally[_FIELD[outcome]] += count
    return MucCounts(**tally)


def _new_tally() -> dict[str, int]:
    return dict.fromkeys(("cor", "par", "inc", "mis", "spu"), 0)


def _typed_outcomes(rows: list[MappingRow]) -> Iterator[tuple[str, Outcome]]:
    """Each row's (type, outcome): a row counts under its gold mention's type, else its system mention's."""
    return (((row.gold or row.system).mention_type, row.outcome) for row in rows)  # type: ignore[union-attr]


def document_schemes(doc: DocumentResult, counted: bool, tables: Tables | None = None) -> DocumentSchemes:
    """A document's MUC and GATE counts (`tables`: the mapping rows and units, shared)."""
    muc = {c: muc_counts(mapping_rows(doc, c, tables)) for c in COMBINATIONS}
    units = mention_unit_sets(doc, "gold", tables), mention_unit_sets(doc, "system", tables)
    gate = {c: gate_counts(doc.gold, doc.system, doc.mappings[c], units_a=units[0], units_b=units[1])
            for c in COMBINATIONS}
    return DocumentSchemes(doc.doc_id, counted, muc, gate)


def scheme_scores(result: ScoreResult, tables: Tables | None = None) -> SchemeResult:
    """MUC counts (per document, per type, corpus) and GATE counts for every combination; `tables`:
    where the mapping rows and units are shared with the other consumers (`evmeval._util.shared_tables`)."""
    tally = SchemeTally(result, tables)
    for doc in result.documents:
        tally.add(doc)
    return tally.result()


class SchemeTally:
    """`scheme_scores` a document at a time, for a caller walking the documents for something else
    too (the report export writes `mappings.csv` from the same mapping rows while they are at hand)."""

    def __init__(self, result: ScoreResult, tables: Tables | None = None, *, keep_documents: bool = True) -> None:
        """`keep_documents=False`: the corpus's figures only (`result().documents` empty), for a caller that
        counts a document's again when it shows it: 6.4 MB at 4,480 documents not held while counting."""
        self._result, self._tables = result, tables
        self._documents: list[DocumentSchemes] | None = [] if keep_documents else None
        self._added = 0
        self._muc = dict.fromkeys(COMBINATIONS, MucCounts())
        self._gate = dict.fromkeys(COMBINATIONS, GateCounts())
        self._by_type: dict[str, Counter[tuple[str, Outcome]]] = {c: Counter() for c in COMBINATIONS}

    def add(self, doc: DocumentResult) -> None:
        """Count the next document (the documents in the result's order, each once)."""
        tables = self._tables
        counted = self._result.counts_document(doc)
        schemes = document_schemes(doc, counted, tables)
        self._added += 1
        if self._documents is not None:
            self._documents.append(schemes)
        if not counted:
            return
        for c in COMBINATIONS:
            self._muc[c] = self._muc[c] + schemes.muc[c]
            self._gate[c] = self._gate[c] + schemes.gate[c]
            self._by_type[c].update(_typed_outcomes(mapping_rows(doc, c, tables)))  # an iterable: counted in C

    def result(self) -> SchemeResult:
        """The counts, once every document is added."""
        assert self._added == len(self._result.documents), "a document was not counted"
        per_type = {c: _per_type_rows(self._by_type[c]) for c in COMBINATIONS}
        return SchemeResult(self._result.mapping, tuple(self._documents or ()), dict(self._muc), per_type,
                            dict(self._gate))


def _per_type_rows(typed: Counter[tuple[str, Outcome]]) -> tuple[MucTypeRow, ...]:
    tallies: dict[str, dict[Outcome, int]] = {}
    for (mention_type, outcome), count in typed.items():
        tallies.setdefault(mention_type, {})[outcome] = count
    return tuple(MucTypeRow(t, _counts(tallies[t])) for t in sorted(tallies))
