"""The change rules shared by every kind of convention item (triggers, arguments): a run's items per row from
the convention's own outcomes, the items whose state changed from run a to run b, and the reconciliation with
the rows' counts. Each kind (`trigger_changes`, `argument_changes`) gives only its key, its reasons and how the
other run's predictions next to an item explain the change; nothing here re-decides a match."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, Protocol, TypeVar

from evmeval.conventions.items import GOLD, Item, Outcome
from evmeval.mention.changes import FOUND, MISSED, NO_ITEM, SPURIOUS, ItemState, ItemTally, reconcile_items


class ItemKey(Hashable, Protocol):
    """What every kind's key has: where the item is (a document and a window, sentence or the document)."""

    @property
    def doc_id(self) -> str: ...

    @property
    def unit(self) -> str: ...


K = TypeVar("K", bound=ItemKey)
R = TypeVar("R", bound=Enum)


@dataclass(frozen=True)
class ItemChange(Generic[K, R]):
    """One item whose state on `row` changed from run a (`before`) to run b (`after`); `item`: an occurrence of it
    (the gold one, else a's or b's prediction) for its text."""

    row: str
    key: K
    item: Item
    before: ItemState
    after: ItemState
    reasons: tuple[R, ...]


@dataclass(frozen=True)
class RunItems(Generic[K]):
    """One run's items per row: key -> (state, an occurrence)."""

    rows: dict[str, dict[K, tuple[ItemState, Item]]]

    def tally(self, row: str) -> ItemTally:
        total = ItemTally()
        for state, _ in self.rows[row].values():
            total = total + ItemTally.of(state)
        return total


def run_items(keyed: Iterable[tuple[Outcome, K]], rows: Iterable[str]) -> RunItems[K]:
    """A run's items from its counted outcomes on `rows`, each with its key: a row crediting an occurrence makes
    its side `found`, else `missed` (gold) or `spurious` (system); a gold item and the same prediction are one
    item with both sides."""
    items: dict[str, dict[K, tuple[ItemState, Item]]] = {row: {} for row in rows}
    for o, key in keyed:
        item = o.item
        found = o.credit > 0
        state = ItemState(gold=FOUND if found else MISSED) if item.side == GOLD else \
            ItemState(system=FOUND if found else SPURIOUS)
        old = items[o.row].get(key)
        if old is not None:
            state = ItemState(old[0].gold or state.gold, old[0].system or state.system)
            item = old[1] if old[1].side == GOLD else item
        items[o.row][key] = (state, item)
    return RunItems(items)


@dataclass(frozen=True)
class ChangeReasons(Generic[K, R]):
    """A kind's reasons: `neighbours(key, item, the other run's predictions in the same unit)` says how those
    differ from the item; `matching` (the same prediction, credited otherwise), `added` and `removed` (no
    neighbour explains it) are its names for the rest."""

    neighbours: Callable[[K, Item, Sequence[K]], tuple[R, ...]]
    matching: R
    added: R
    removed: R


def _predicted(run: Mapping[K, tuple[ItemState, Item]]) -> dict[tuple[str, str], list[K]]:
    out: dict[tuple[str, str], list[K]] = {}
    for key, (state, _) in run.items():
        if state.system is not None:
            out.setdefault((key.doc_id, key.unit), []).append(key)
    return out


def item_changes(a: RunItems[K], b: RunItems[K], row: str,
                 reasons: ChangeReasons[K, R]) -> tuple[ItemChange[K, R], ...]:
    """The items whose state on `row` changed from `a` to `b` (a's items first, then b's new ones)."""
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
            why: tuple[R, ...] = (reasons.matching,)
        else:
            lacking = predicted[0 if before.system is None else 1].get((key.doc_id, key.unit), [])
            why = reasons.neighbours(key, item, lacking) or (
                reasons.added if before.system is None else reasons.removed,)
        out.append(ItemChange(row, key, item, before, after, why))
    return tuple(out)


def reconcile_changes(changes: Sequence[ItemChange[K, R]]) -> ItemTally:
    """Δ tally (b − a) as the changes add it up."""
    return reconcile_items([(c.before, c.after) for c in changes])


@dataclass(frozen=True)
class PairItems(Generic[K, R]):
    """Run b against run a (indices): per row its changes, and each run's tally (a, b)."""

    a: int
    b: int
    changes: dict[str, tuple[ItemChange[K, R], ...]]
    tallies: dict[str, tuple[ItemTally, ItemTally]]


def pair_items(runs: Sequence[RunItems[K]], pairs: Sequence[tuple[int, int]], rows: Iterable[str],
               reasons: ChangeReasons[K, R]) -> list[PairItems[K, R]]:
    """Every pair's changes on every row."""
    names = tuple(rows)
    return [PairItems(a, b, {row: item_changes(runs[a], runs[b], row, reasons) for row in names},
                      {row: (runs[a].tally(row), runs[b].tally(row)) for row in names})
            for a, b in pairs]
