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

from collections.abc import Iterator, Sequence
from enum import Enum
from typing import NamedTuple

from evmeval.conventions.item_changes import (
    ChangeReasons,
    ItemChange,
    PairItems,
    RunItems,
    item_changes,
    pair_items,
    reconcile_changes,
    run_items,
)
from evmeval.conventions.items import Item, Outcome

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


TriggerChange = ItemChange[TriggerKey, TriggerReason]
"""One trigger whose state on a row changed from run a to run b (`item_changes`)."""
RunTriggers = RunItems[TriggerKey]
"""One run's trigger items per row."""


def run_triggers(outcomes: Sequence[Outcome]) -> RunTriggers:
    """A run's trigger items from the convention's outcomes of its gold and prediction files."""
    def keyed() -> Iterator[tuple[Outcome, TriggerKey]]:
        seen: dict[tuple[str, str, TriggerKey], int] = {}
        for o in outcomes:
            if o.row not in TRIGGER_ROWS or not o.counted or o.item.argument >= 0:
                continue
            item = o.item
            base = TriggerKey(item.doc_id, item.unit, item.start, item.end, item.event_type,
                              item.text if item.start < 0 else "")
            copy = seen.get((o.row, item.side, base), 0)
            seen[(o.row, item.side, base)] = copy + 1
            yield o, base._replace(copy=copy)
    return run_items(keyed(), TRIGGER_ROWS)


def _neighbours(key: TriggerKey, item: Item, others: Sequence[TriggerKey]) -> tuple[TriggerReason, ...]:
    """How the other run's predictions next to this trigger differ from it."""
    reasons = []
    if key.start < 0 or any(k.start < 0 and k.string == item.text and k.event_type == key.event_type for k in others):
        reasons.append(TriggerReason.GROUNDING)
    placed = [k for k in others if k.start >= 0] if key.start >= 0 else []
    if any((k.start, k.end) == (key.start, key.end) and k.event_type != key.event_type for k in placed):
        reasons.append(TriggerReason.TYPE)
    if any(k.event_type == key.event_type and (k.start, k.end) != (key.start, key.end) and k.start < key.end
           and key.start < k.end for k in placed):
        reasons.append(TriggerReason.SPAN)
    return tuple(reasons)


REASONS: ChangeReasons[TriggerKey, TriggerReason] = ChangeReasons(
    _neighbours, TriggerReason.MATCHING, TriggerReason.ADDED, TriggerReason.REMOVED)


def trigger_changes(a: RunTriggers, b: RunTriggers, row: str) -> tuple[TriggerChange, ...]:
    """The triggers whose state on `row` changed from `a` to `b` (a's items first, then b's new ones)."""
    return item_changes(a, b, row, REASONS)


reconcile_triggers = reconcile_changes
"""Δ tally (b − a) as the changes add it up."""


def trigger_text(change: TriggerChange) -> str:
    """`Attack “fired” at [1,2)`; `Attack “fired” not in the text`."""
    k = change.key
    where = "not in the text" if k.start < 0 else f"at [{k.start},{k.end})"
    repeat = f" (repeat {k.copy})" if k.copy else ""
    return f"{k.event_type} “{change.item.text}” {where}{repeat}"


PairTriggers = PairItems[TriggerKey, TriggerReason]
"""Run b against run a (indices): per trigger row its changes, and each run's tally (a, b)."""


def pair_triggers(runs: Sequence[RunTriggers], pairs: Sequence[tuple[int, int]]) -> list[PairTriggers]:
    """Every pair's trigger changes on every trigger row."""
    return pair_items(runs, pairs, TRIGGER_ROWS, REASONS)
