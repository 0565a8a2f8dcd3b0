"""What changed from run a to run b, item by item: only the mentions whose outcome changed, each with a
reason code, reconciling exactly with the change in true positives, false alarms and misses.

Built on the one outcome classification (`evmeval.mention.outcomes.mapping_rows`) under one attribute
combination, as the case lists are (`evmeval.mention.cases`); nothing here re-decides an outcome:
- a gold mention changed when its row's outcome differs between the runs, or the attributes its system
  partner gets wrong differ (a wrong type in a, a wrong realis in b);
- a false alarm (a system row without a gold side: spurious, or an extra split part) changed when its span
  is a false alarm of one run only (counted with repeats, spans as the token or character sets Dice uses):
  `removed` (a's only) or `added` (b's only).

Reason codes, from what differs: `span` (a right span against a partial span or none, or a false alarm
added or dropped), `type` and `realis` (the attribute that is wrong in one run only), `matching` (the
same spans and attributes, another outcome: merged into another gold mention's partner, an extra split
part, or the Dice of a partial span).

Tallies per run (`Tally`): true positives = gold mentions with an EXACT row, misses = gold mentions with a
MISSED row, false alarms = system rows without a gold side. For any two runs on one gold,
Δ = tally(b) − tally(a) equals the signed count of the changes (`reconcile`): a change's before/after
outcomes say which tallies it leaves and joins, and every unchanged item is in the same tallies in both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from evmeval.mention.cases import _false_alarms, _gold_rows, _one_sided
from evmeval.mention.outcomes import MappingRow, Outcome
from evmeval.model import Mention


class Reason(str, Enum):
    SPAN = "span"
    TYPE = "type"
    REALIS = "realis"
    MATCHING = "matching"


RIGHT_SPAN = (Outcome.EXACT, Outcome.ATTRIBUTE)
"""Outcomes whose system partner has the gold span."""
ATTRIBUTE_REASONS = {"mention_type": Reason.TYPE, "realis_status": Reason.REALIS}


class Change(NamedTuple):
    """One item whose outcome changed: a gold mention (`gold`), or a false alarm (`gold` None) of one
    run only. `before` / `after`: its outcome in a / b (None: a false alarm the run does not raise)."""

    doc_id: str
    gold: Mention | None
    row_a: MappingRow | None
    row_b: MappingRow | None
    before: Outcome | None
    after: Outcome | None
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class Tally:
    """A run's true positives (exact gold mentions), misses and false alarms under one combination."""

    true_positives: int = 0
    misses: int = 0
    false_alarms: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.true_positives + other.true_positives, self.misses + other.misses,
                     self.false_alarms + other.false_alarms)

    def __sub__(self, other: Tally) -> Tally:
        return Tally(self.true_positives - other.true_positives, self.misses - other.misses,
                     self.false_alarms - other.false_alarms)


def tally(rows: Sequence[MappingRow]) -> Tally:
    """One document's tally from its mapping rows."""
    gold = _gold_rows(rows).values()
    return Tally(sum(r.outcome is Outcome.EXACT for r in gold), sum(r.outcome is Outcome.MISSED for r in gold),
                 sum(1 for r in rows if r.gold_index is None and r.system is not None))


def _reasons(a: MappingRow, b: MappingRow) -> tuple[Reason, ...]:
    out = []
    if (a.outcome in RIGHT_SPAN) != (b.outcome in RIGHT_SPAN) or (
            Outcome.MISSED in (a.outcome, b.outcome) and a.outcome is not b.outcome):
        out.append(Reason.SPAN)
    wrong = set(a.mismatched_attributes) ^ set(b.mismatched_attributes)
    out += [reason for attribute, reason in ATTRIBUTE_REASONS.items() if attribute in wrong]
    return tuple(out) or (Reason.MATCHING,)


def _alarm_reason(row: MappingRow) -> tuple[Reason, ...]:
    return (Reason.MATCHING,) if row.outcome is Outcome.SPLIT else (Reason.SPAN,)


def document_changes(rows_a: Sequence[MappingRow], rows_b: Sequence[MappingRow], doc_id: str) -> list[Change]:
    """The changes of one document (gold order, then a's dropped and b's added false alarms)."""
    gold_a, gold_b = _gold_rows(rows_a), _gold_rows(rows_b)
    out = []
    for index in sorted(gold_a):
        a, b = gold_a[index], gold_b[index]
        if a.outcome is b.outcome and a.mismatched_attributes == b.mismatched_attributes:
            continue
        out.append(Change(doc_id, a.gold, a, b, a.outcome, b.outcome, _reasons(a, b)))
    alarms_a, alarms_b = _false_alarms(rows_a), _false_alarms(rows_b)
    out += [Change(doc_id, None, r, None, r.outcome, None, _alarm_reason(r)) for r in _one_sided(alarms_a, alarms_b)]
    out += [Change(doc_id, None, None, r, None, r.outcome, _alarm_reason(r)) for r in _one_sided(alarms_b, alarms_a)]
    return out


def reconcile(changes: Sequence[Change]) -> Tally:
    """Δ tally (b − a) as the changes add it up: each change leaves the tallies of its `before` outcome
    and joins those of its `after` one."""

    def of(outcome: Outcome | None, gold: bool) -> Tally:
        if outcome is None:
            return Tally()
        if not gold:
            return Tally(false_alarms=1)
        return Tally(int(outcome is Outcome.EXACT), int(outcome is Outcome.MISSED), 0)

    total = Tally()
    for c in changes:
        total = total + of(c.after, c.gold is not None) - of(c.before, c.gold is not None)
    return total


def reason_counts(changes: Sequence[Change]) -> dict[Reason, int]:
    """How many changes name each reason (a change may name several)."""
    counts = dict.fromkeys(Reason, 0)
    for c in changes:
        for reason in c.reasons:
            counts[reason] += 1
    return counts


FOUND, MISSED, SPURIOUS = "found", "missed", "spurious"


class ItemState(NamedTuple):
    """An item's outcome in one run where gold and system items are matched as wholes (coreference and
    sequencing links, convention arguments): its gold side (`found`, `missed`, None: not a gold item) and its
    system side (`found`, `spurious`, None: the run has no such item)."""

    gold: str | None = None
    system: str | None = None


NO_ITEM = ItemState()


@dataclass(frozen=True)
class ItemTally:
    """A run's counts of such items: gold items found and missed, system items found and spurious (the
    numerators and denominators of a recall, gold found / gold, and a precision, system found / system)."""

    gold_found: int = 0
    gold_missed: int = 0
    system_found: int = 0
    system_spurious: int = 0

    def __add__(self, other: ItemTally) -> ItemTally:
        return ItemTally(self.gold_found + other.gold_found, self.gold_missed + other.gold_missed,
                         self.system_found + other.system_found, self.system_spurious + other.system_spurious)

    def __sub__(self, other: ItemTally) -> ItemTally:
        return ItemTally(self.gold_found - other.gold_found, self.gold_missed - other.gold_missed,
                         self.system_found - other.system_found, self.system_spurious - other.system_spurious)

    @staticmethod
    def of(state: ItemState) -> ItemTally:
        return ItemTally(int(state.gold == FOUND), int(state.gold == MISSED), int(state.system == FOUND),
                         int(state.system == SPURIOUS))


def reconcile_items(changes: Sequence[tuple[ItemState, ItemState]]) -> ItemTally:
    """Δ tally (b − a) as (before, after) state changes add it up: each leaves its before state's counts and
    joins its after state's."""
    total = ItemTally()
    for before, after in changes:
        total = total + ItemTally.of(after) - ItemTally.of(before)
    return total


def state_text(state: ItemState) -> str:
    """`gold found, system found`; `gold missed`; `system spurious`; `none`."""
    parts = [f"{side} {value}" for side, value in (("gold", state.gold), ("system", state.system)) if value]
    return ", ".join(parts) or "none"
