"""What changed from system A to system B when each is several runs (seeds): every item change collapsed
over the run pairs into one row, "in k of n runs".

With A's runs a₁ … aₚ and B's runs b₁ … b_q (`--as`, or `seeds.seed_groups`), the n = p · q run pairs
(aᵢ, bⱼ) each have their item-by-item changes (`Comparison.changes`, the one source of what changed). A
row is one item with one before → after outcome and one set of reasons; k is the number of run pairs
that make exactly that change (an item can sit on several rows when runs disagree on how it changed; a
false alarm repeated at one span is one item per copy, so k <= n).

Counts reconcile: Σ over rows of k · (the row's signed tally change) = Σ over the run pairs of
tally(bⱼ) − tally(aᵢ) (`RepeatedChanges.delta`); dividing by n gives the mean change per run pair.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from evmeval.align.overlap import mention_units
from evmeval.compare.runs import Comparison
from evmeval.compare.seeds import SeedSystem
from evmeval.mention.changes import Change, Tally, reconcile


class RepeatedChange(NamedTuple):
    """One item's change in `runs` (k) of the n run pairs; `change`: its first occurrence (for the gold
    mention, the system rows and the reasons shown)."""

    change: Change
    runs: int


@dataclass(frozen=True)
class RepeatedChanges:
    """The changes from system `a` to system `b` under `combination`, collapsed over their run pairs."""

    a: SeedSystem
    b: SeedSystem
    combination: str
    pairs: tuple[tuple[int, int], ...]
    rows: tuple[RepeatedChange, ...]
    delta: Tally
    """Σ over the run pairs of tally(b run) − tally(a run): what the rows add up to."""

    @property
    def n(self) -> int:
        return len(self.pairs)


def _key(change: Change) -> Hashable:
    """The same item with the same change in another run pair: a gold mention by itself, a false alarm by
    its span's units (its line and id differ from run to run), with the outcomes and reasons."""
    row = change.row_a if change.row_a is not None else change.row_b
    item: Hashable = change.gold if change.gold is not None else (
        mention_units(row.system)[0] if row is not None and row.system is not None else None)
    return change.doc_id, item, change.before, change.after, change.reasons


def repeated_changes(comparison: Comparison, a: SeedSystem, b: SeedSystem, combination: str) -> RepeatedChanges:
    """A's runs against B's runs, every change collapsed into one row with its count of run pairs
    (rows in order of first appearance: a₁ against b₁ first)."""
    pairs = tuple((ra, rb) for ra in a.runs for rb in b.runs)
    first: dict[Hashable, Change] = {}
    counts: Counter[Hashable] = Counter()
    delta = Tally()
    for ra, rb in pairs:
        seen: Counter[Hashable] = Counter()
        for change in comparison.changes(ra, rb, combination):
            item = _key(change)
            key = (item, seen[item])  # a false alarm repeated at one span: its 1st, 2nd, ... copy
            seen[item] += 1
            first.setdefault(key, change)
            counts[key] += 1
        delta = delta + comparison.tally(rb, combination) - comparison.tally(ra, combination)
    rows = tuple(RepeatedChange(change, counts[key]) for key, change in first.items())
    return RepeatedChanges(a, b, combination, pairs, rows, delta)


def reconcile_repeated(repeated: RepeatedChanges) -> Tally:
    """Σ k · (each row's signed tally change): equals `repeated.delta`."""
    total = Tally()
    for row in repeated.rows:
        step = reconcile([row.change])
        total = total + Tally(step.true_positives * row.runs, step.misses * row.runs, step.false_alarms * row.runs)
    return total


def system_pairs(systems: Sequence[SeedSystem]) -> list[tuple[SeedSystem, SeedSystem]]:
    """Every two systems, earlier against later (as the runs are paired)."""
    return [(s, t) for i, s in enumerate(systems) for t in systems[i + 1:]]
