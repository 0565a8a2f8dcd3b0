"""What the greedy mapping costs: the same corpus under every mapping strategy, side by side.

For one attribute combination, every document's score under each strategy, the corpus micro scores,
and the *changes*: the gold mentions whose partner under `optimal` or `ordered` is not greedy's. A
change is keyed by its gold mention because every mapped pair has exactly one gold mention, so a
document's TP under a strategy is the sum over its gold mentions of their pair's Dice (0 when
unmapped): the gains of a document's changes add up to that strategy's TP minus greedy's, and a
gold mention with the same partner on both sides contributes nothing. No figure is recomputed
here: scores are the `ScoreResult`s' own (`evmeval.mention.scoring`), pairs their mappings' own.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evmeval._util.progress import CancelCheck, Progress
from evmeval.align.greedy import Pair
from evmeval.align.strategies import DEFAULT_STRATEGY, STRATEGY_NAMES
from evmeval.mention.prf import Score
from evmeval.mention.scoring import DocumentResult, ScoreResult, score_files
from evmeval.model import TbfFile

ALTERNATIVES: tuple[str, ...] = tuple(n for n in STRATEGY_NAMES if n != DEFAULT_STRATEGY)
"""The strategies compared with greedy (the published one), in menu order."""


@dataclass(frozen=True)
class PairChange:
    """A gold mention whose partner under `strategy` differs from its partner under greedy.

    A side without a partner has `*_system` None and Dice 0. `gain` is what the change adds to TP.
    """

    doc_id: str
    strategy: str
    gold_index: int
    gold_id: str
    greedy_system: int | None
    greedy_id: str | None
    greedy_dice: float
    other_system: int | None
    other_id: str | None
    other_dice: float

    @property
    def gain(self) -> float:
        return self.other_dice - self.greedy_dice

    def to_json(self) -> dict[str, Any]:
        return {"doc_id": self.doc_id, "strategy": self.strategy, "gold": self.gold_id,
                "gold_index": self.gold_index, "greedy_system": self.greedy_id,
                "greedy_system_index": self.greedy_system, "greedy_dice": self.greedy_dice,
                "other_system": self.other_id, "other_system_index": self.other_system,
                "other_dice": self.other_dice, "gain": self.gain}


@dataclass(frozen=True)
class DocumentComparison:
    """One document under every strategy: its scores and its changes (greedy's order of gold mentions)."""

    doc_id: str
    counted: bool
    scores: dict[str, Score]
    changes: tuple[PairChange, ...]

    def changes_of(self, strategy: str) -> tuple[PairChange, ...]:
        return tuple(c for c in self.changes if c.strategy == strategy)


@dataclass(frozen=True)
class MappingDifferences:
    """Every strategy's corpus and document scores for one combination, and where they differ from greedy."""

    combination: str
    strategies: tuple[str, ...]
    micro: dict[str, Score]
    documents: tuple[DocumentComparison, ...]

    @property
    def changes(self) -> tuple[PairChange, ...]:
        """Every change of every document, in document order."""
        return tuple(c for d in self.documents for c in d.changes)

    def document(self, doc_id: str) -> DocumentComparison | None:
        return next((d for d in self.documents if d.doc_id == doc_id), None)

    def to_json(self) -> dict[str, Any]:
        return {"combination": self.combination, "strategies": list(self.strategies),
                "micro": {n: self.micro[n].to_json() for n in self.strategies},
                "documents": [{"doc_id": d.doc_id, "counted": d.counted,
                               "scores": {n: d.scores[n].to_json() for n in self.strategies},
                               "changes": [c.to_json() for c in d.changes]} for d in self.documents]}


def _partners(pairs: Sequence[Pair]) -> dict[int, Pair]:
    return {p.gold: p for p in pairs}


def document_changes(greedy: DocumentResult, other: DocumentResult, strategy: str,
                     combination: str) -> tuple[PairChange, ...]:
    """The gold mentions of one document whose partner differs between greedy and `other`."""
    before = _partners(greedy.mappings[combination].pairs)
    after = _partners(other.mappings[combination].pairs)
    system = greedy.system
    changes = []
    for g in sorted(set(before) | set(after)):
        old, new = before.get(g), after.get(g)
        if old is not None and new is not None and old.system == new.system:
            continue
        changes.append(PairChange(
            greedy.doc_id, strategy, g, greedy.gold[g].mention_id,
            old.system if old else None, system[old.system].mention_id if old else None, old.dice if old else 0.0,
            new.system if new else None, system[new.system].mention_id if new else None, new.dice if new else 0.0))
    return tuple(changes)


def mapping_differences(results: Mapping[str, ScoreResult], combination: str) -> MappingDifferences:
    """Compare results of one corpus made with different strategies (`results` by strategy name; it
    must hold greedy). Documents follow the greedy result's order."""
    if DEFAULT_STRATEGY not in results:
        raise ValueError(f"the comparison needs the {DEFAULT_STRATEGY} result")
    strategies = tuple(n for n in STRATEGY_NAMES if n in results)
    greedy = results[DEFAULT_STRATEGY]
    documents = []
    for doc in greedy.documents:
        others = {n: results[n].document(doc.doc_id) for n in strategies}
        changes = tuple(c for n in strategies if n != DEFAULT_STRATEGY
                        for c in document_changes(doc, others[n], n, combination))
        documents.append(DocumentComparison(doc.doc_id, greedy.counts_document(doc),
                                            {n: others[n].scores[combination] for n in strategies}, changes))
    micro = {n: results[n].micro[combination] for n in strategies}
    return MappingDifferences(combination, strategies, micro, tuple(documents))


def score_strategies(gold: TbfFile, system: TbfFile, *, strategies: Collection[str] = STRATEGY_NAMES,
                     known: Mapping[str, ScoreResult] | None = None,
                     type_whitelist: Collection[str] | None = None, progress: Progress | None = None,
                     cancelled: CancelCheck | None = None) -> dict[str, ScoreResult]:
    """Score one system under each named strategy (reusing the `known` results); what the comparison needs.

    `progress` counts documents over all the strategies still to score.
    """
    known = dict(known or {})
    todo = [n for n in STRATEGY_NAMES if n in strategies and n not in known]
    for number, name in enumerate(todo):
        def step(done: int, total: int, number: int = number) -> None:
            if progress is not None:
                progress(number * total + done, len(todo) * total)

        known[name] = score_files(gold, system, type_whitelist=type_whitelist, mapping=name,
                                  progress=step, cancelled=cancelled)
    return {n: known[n] for n in STRATEGY_NAMES if n in known and n in strategies}
