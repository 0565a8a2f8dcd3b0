"""What changed from run a to run b, argument by argument, under a window convention (TextEE, DyGIE++):
only the arguments whose outcome changed on the argument rows (identification, classification), each with a
reason code, reconciling exactly with the change in the counts behind the argument figures.

Built on the convention's own per-occurrence outcomes (`Convention.outcomes`, `evmeval.conventions.items`):
nothing here re-decides a match. An argument item is its role, its span and its trigger (the trigger's span
and event type) in one window or sentence; on each row a run's state of an item is its gold side (a gold
argument the row counts: `found` when the row credits it, else `missed`) and its system side (a predicted
argument the row counts: `found` or `spurious`). Occurrences a row does not count (a duplicate tuple, an
overwritten entry) are no items. So, summed over items, system found = the row's matches, system found +
spurious = its predictions, gold found + missed = its gold count: Δ = tally(b) − tally(a) is the change in the
figures' counts, and equals the signed sum of the changes.

Reason codes, from the predictions of the run that lacks the item: `role` (the same trigger and span with
another role), `span` (the same trigger and role, an overlapping other span), `trigger` (the same span and
role under another trigger or event type), `added` / `removed` (no such neighbour: the prediction came or
went), `matching` (the same prediction in both runs, credited otherwise). Grounding does not arise here: both
conventions' predictions carry their token offsets.
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

ARGUMENT_CONVENTIONS = ("textee", "dygiepp")
"""The conventions whose outcomes name each argument by role, span and trigger (window formats with offsets)."""
ARGUMENT_ROWS: dict[str, str] = {"argument_id": "Argument identification", "argument_cls": "Argument classification"}
"""The argument rows whose changes are listed, as `items.ROWS` names them."""


class ArgumentReason(str, Enum):
    ROLE = "role"
    SPAN = "span"
    TRIGGER = "trigger"
    ADDED = "added"
    REMOVED = "removed"
    MATCHING = "matching"


class ArgumentKey(NamedTuple):
    """An argument item: where it is, its trigger (span and event type), its span and its role."""

    doc_id: str
    unit: str
    trigger_start: int
    trigger_end: int
    event_type: str
    start: int
    end: int
    role: str


ArgumentChange = ItemChange[ArgumentKey, ArgumentReason]
"""One argument whose state on a row changed from run a to run b (`item_changes`)."""
RunArguments = RunItems[ArgumentKey]
"""One run's argument items per row."""


def run_arguments(outcomes: Sequence[Outcome]) -> RunArguments:
    """A run's argument items from the convention's outcomes of its gold and prediction files."""
    triggers = {(o.item.side, o.item.doc_id, o.item.unit, o.item.event): o.item for o in outcomes
                if o.item.argument < 0}

    def keyed() -> Iterator[tuple[Outcome, ArgumentKey]]:
        for o in outcomes:
            if o.row not in ARGUMENT_ROWS or not o.counted:
                continue
            item = o.item
            trigger = triggers[(item.side, item.doc_id, item.unit, item.event)]
            yield o, ArgumentKey(item.doc_id, item.unit, trigger.start, trigger.end, item.event_type, item.start,
                                 item.end, item.role)
    return run_items(keyed(), ARGUMENT_ROWS)


def _neighbours(key: ArgumentKey, item: Item, others: Sequence[ArgumentKey]) -> tuple[ArgumentReason, ...]:
    """How the other run's predictions next to this argument differ from it."""
    reasons = []
    same_trigger = [k for k in others if (k.trigger_start, k.trigger_end, k.event_type) ==
                    (key.trigger_start, key.trigger_end, key.event_type)]
    if any((k.start, k.end) == (key.start, key.end) and k.role != key.role for k in same_trigger):
        reasons.append(ArgumentReason.ROLE)
    if any(k.role == key.role and (k.start, k.end) != (key.start, key.end) and k.start < key.end and key.start < k.end
           for k in same_trigger):
        reasons.append(ArgumentReason.SPAN)
    if any((k.start, k.end, k.role) == (key.start, key.end, key.role) and k not in same_trigger for k in others):
        reasons.append(ArgumentReason.TRIGGER)
    return tuple(reasons)


REASONS: ChangeReasons[ArgumentKey, ArgumentReason] = ChangeReasons(
    _neighbours, ArgumentReason.MATCHING, ArgumentReason.ADDED, ArgumentReason.REMOVED)


def argument_changes(a: RunArguments, b: RunArguments, row: str) -> tuple[ArgumentChange, ...]:
    """The arguments whose state on `row` changed from `a` to `b` (a's items first, then b's new ones)."""
    return item_changes(a, b, row, REASONS)


reconcile_arguments = reconcile_changes
"""Δ tally (b − a) as the changes add it up."""


def argument_text(change: ArgumentChange) -> str:
    """`Attacker “troops” of Attack [1,2) at [0,1)`."""
    k = change.key
    return (f"{k.role} “{change.item.text}” of {k.event_type} [{k.trigger_start},{k.trigger_end}) at "
            f"[{k.start},{k.end})")


PairArguments = PairItems[ArgumentKey, ArgumentReason]
"""Run b against run a (indices): per argument row its changes, and each run's tally (a, b)."""


def pair_arguments(runs: Sequence[RunArguments], pairs: Sequence[tuple[int, int]]) -> list[PairArguments]:
    """Every pair's argument changes on every argument row."""
    return pair_items(runs, pairs, ARGUMENT_ROWS, REASONS)
