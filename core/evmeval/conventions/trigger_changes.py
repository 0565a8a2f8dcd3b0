"""What changed from run a to run b, trigger by trigger, under any convention with per-occurrence outcomes
(TextEE, DyGIE++, ours, ours for strings): only the triggers whose outcome changed on the trigger rows
(identification, classification), each with a reason code, reconciling exactly with the change in the counts
behind the trigger figures.

Built on the convention's own outcomes (`Convention.outcomes`, `evmeval.conventions.items`), as the argument
changes are (`argument_changes`): nothing here re-decides a match. A trigger item is its span and event type in
one window, sentence or document, with its repeat number (ours counts a second prediction of the same span as
a false alarm, so repeats are items of their own; a string the grounding rule placed nowhere is named by its
text). On each row a run's state of an item is its gold side (`found` when the row credits it, else `missed`)
and its system side (`found` when credited, else `spurious`); occurrences a row does not count are no items.
So, summed over items, system found = the row's credited predictions (its matches; under ours' Dice, the
predictions with any credit), found + spurious = its predictions, gold found + missed = its gold count.

Reason codes, from the predictions of the run that lacks the item: `grounding` (the item is a string placed
nowhere, or that run placed the same string nowhere), `type` (the same span with another event type), `span`
(the same type on an overlapping other span), `added` / `removed` (no such neighbour), `matching` (the same
prediction in both runs, credited otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from evmeval.conventions.items import GOLD, Item, Outcome
from evmeval.mention.changes import FOUND, MISSED, NO_ITEM, SPURIOUS, ItemState, ItemTally, reconcile_items

TRIGGER_ROWS: dict[str, str] = {"trigger_id": "Trigger identification", "trigger_cls": "Trigger classification"}
"""The trigger rows whose changes are listed, as `items.ROWS` names them."""


class TriggerReason(str, Enum):
    SPAN = "span"
    TYPE = "type"
    GROUNDING = "grounding"
    ADDED = "added"
    REMOVED = "removed"
    MATCHING = "matching"


class TriggerKey(NamedTuple):
    """A trigger item: where it is, its span and event type, the string when it was placed nowhere (start -1),
    and its repeat number among the counted occurrences of one side."""

    doc_id: str
    unit: str
    start: int
    end: int
    event_type: str
    string: str = ""
    copy: int = 0


class TriggerChange(NamedTuple):
    """One trigger whose state on `row` changed from run a (`before`) to run b (`after`); `item`: an
    occurrence of it (the gold one, else a's or b's prediction) for its text."""

    row: str
    key: TriggerKey
    item: Item
    before: ItemState
    after: ItemState
    reasons: tuple[TriggerReason, ...]


@dataclass(frozen=True)
class RunTriggers:
    """One run's trigger items per row: key -> (state, an occurrence)."""

    rows: dict[str, dict[TriggerKey, tuple[ItemState, Item]]]

    def tally(self, row: str) -> ItemTally:
        total = ItemTally()
        for state, _ in self.rows[row].values():
            total = total + ItemTally.of(state)
        return total


def run_triggers(outcomes: Sequence[Outcome]) -> RunTriggers:
    """A run's trigger items from the convention's outcomes of its gold and prediction files."""
    rows: dict[str, dict[TriggerKey, tuple[ItemState, Item]]] = {row: {} for row in TRIGGER_ROWS}
    seen: dict[tuple[str, str, TriggerKey], int] = {}
    for o in outcomes:
        if o.row not in TRIGGER_ROWS or not o.counted or o.item.argument >= 0:
            continue
        item = o.item
        base = TriggerKey(item.doc_id, item.unit, item.start, item.end, item.event_type,
                          item.text if item.start < 0 else "")
        copy = seen.get((o.row, item.side, base), 0)
        seen[(o.row, item.side, base)] = copy + 1
        key = base._replace(copy=copy)
        found = o.credit > 0
        state = ItemState(gold=FOUND if found else MISSED) if item.side == GOLD else \
            ItemState(system=FOUND if found else SPURIOUS)
        old = rows[o.row].get(key)
        if old is not None:  # a gold trigger and the same prediction: one item with both sides
            state = ItemState(old[0].gold or state.gold, old[0].system or state.system)
            item = old[1] if old[1].side == GOLD else item
        rows[o.row][key] = (state, item)
    return RunTriggers(rows)


def _predicted(run: dict[TriggerKey, tuple[ItemState, Item]]) -> dict[tuple[str, str], list[TriggerKey]]:
    out: dict[tuple[str, str], list[TriggerKey]] = {}
    for key, (state, _) in run.items():
        if state.system is not None:
            out.setdefault((key.doc_id, key.unit), []).append(key)
    return out


def _neighbours(key: TriggerKey, text: str, others: Sequence[TriggerKey]) -> tuple[TriggerReason, ...]:
    """How the other run's predictions next to this trigger differ from it."""
    reasons = []
    if key.start < 0 or any(k.start < 0 and k.string == text and k.event_type == key.event_type for k in others):
        reasons.append(TriggerReason.GROUNDING)
    placed = [k for k in others if k.start >= 0] if key.start >= 0 else []
    if any((k.start, k.end) == (key.start, key.end) and k.event_type != key.event_type for k in placed):
        reasons.append(TriggerReason.TYPE)
    if any(k.event_type == key.event_type and (k.start, k.end) != (key.start, key.end) and k.start < key.end
           and key.start < k.end for k in placed):
        reasons.append(TriggerReason.SPAN)
    return tuple(reasons)


def trigger_changes(a: RunTriggers, b: RunTriggers, row: str) -> tuple[TriggerChange, ...]:
    """The triggers whose state on `row` changed from `a` to `b` (a's items first, then b's new ones)."""
    items_a, items_b = a.rows[row], b.rows[row]
    predicted = (_predicted(items_a), _predicted(items_b))
    out = []
    for key in dict.fromkeys([*items_a, *items_b]):
        before, shown_a = items_a.get(key, (NO_ITEM, None))
        after, shown_b = items_b.get(key, (NO_ITEM, None))
        if before == after:
            continue
        item = shown_a if shown_a is not None and (shown_a.side == GOLD or shown_b is None) else shown_b
        assert item is not None
        if (before.system is None) == (after.system is None):
            reasons: tuple[TriggerReason, ...] = (TriggerReason.MATCHING,)
        else:
            lacking = predicted[0 if before.system is None else 1].get((key.doc_id, key.unit), [])
            reasons = _neighbours(key, item.text, lacking) or (
                TriggerReason.ADDED if before.system is None else TriggerReason.REMOVED,)
        out.append(TriggerChange(row, key, item, before, after, reasons))
    return tuple(out)


def reconcile_triggers(changes: Sequence[TriggerChange]) -> ItemTally:
    """Δ tally (b − a) as the changes add it up."""
    return reconcile_items([(c.before, c.after) for c in changes])


def trigger_text(change: TriggerChange) -> str:
    """`Attack “fired” at [1,2)`; `Attack “fired” not in the text`."""
    k = change.key
    where = "not in the text" if k.start < 0 else f"at [{k.start},{k.end})"
    repeat = f" (repeat {k.copy})" if k.copy else ""
    return f"{k.event_type} “{change.item.text}” {where}{repeat}"


@dataclass(frozen=True)
class PairTriggers:
    """Run b against run a (indices): per trigger row its changes, and each run's tally (a, b)."""

    a: int
    b: int
    changes: dict[str, tuple[TriggerChange, ...]]
    tallies: dict[str, tuple[ItemTally, ItemTally]]


def pair_triggers(runs: Sequence[RunTriggers], pairs: Sequence[tuple[int, int]]) -> list[PairTriggers]:
    """Every pair's trigger changes on every trigger row."""
    return [PairTriggers(a, b, {row: trigger_changes(runs[a], runs[b], row) for row in TRIGGER_ROWS},
                         {row: (runs[a].tally(row), runs[b].tally(row)) for row in TRIGGER_ROWS})
            for a, b in pairs]
