"""ANNALIST's dynamic-programming alignment: the best mapping that keeps text order.

A mention's place in the text is its first and its last token (character); token ids compare
naturally, t2 before t10. A mapping keeps text order when no two of its pairs cross: if gold A lies
before gold B, A's partner does not lie after B's partner. Mentions at the same place (double tagging:
one span, two types) are not ordered among themselves, so pairing them either way is no crossing.
Among the order-keeping mappings this one has the largest total Dice, found with the sequence-alignment
recurrence ANNALIST uses (after Gotoh)

    S(i, j) = max(S(i-1, j)               gold i missing,
                  S(i, j-1)               system j spurious,
                  S(i-1, j-1) + M(i, j))  match,

with no gap penalty (a gap already costs its lost Dice in P and R, so S is exactly the TP) and M the
Dice of an overlapping pair whose attributes agree for the combination; other cells cannot match.
The rows and columns are places rather than mentions: a cell holds the pairs between the mentions at
one gold place and one system place, several of which may be matched (any one-to-one choice), and a
place stays open for further matches while the path runs along its row or column.

Ties are broken as in `evmeval.align.optimal` (exact integer weights; the published ranking order
decides), so when the optimal mapping already keeps text order it is returned unchanged: ordered and
optimal then agree, and both agree with greedy wherever greedy is optimal. The recurrence only runs for
the (rare) documents whose optimal mapping crosses.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from evmeval.align.greedy import Mapping, Pair
from evmeval.align.optimal import Candidate, ExactDice, optimal_mappings
from evmeval.model import Mention
from evmeval.rules import COMBINATIONS, AttributeRule, attributes_agree

_TRAILING_NUMBER = re.compile(r"^(.*?)(\d+)$")


@lru_cache(maxsize=1 << 16)
def token_order(token_id: str) -> tuple[str, int]:
    """Natural order of token ids: `t2` before `t10` (ids without a number sort by their text)."""
    match = _TRAILING_NUMBER.match(token_id)
    if match is None:
        return token_id, -1
    return match.group(1), int(match.group(2))


def text_position(mention: Mention) -> tuple:
    """Where a mention lies: (first unit, last unit). Equal for mentions with the same extent."""
    span = mention.span
    if span and isinstance(span[0], str):
        if len(span) == 1:  # most mentions: one token
            unit = token_order(span[0])
            return unit, unit
        units = [token_order(t) for t in span]
        return min(units), max(units)
    if len(span) == 1:
        return span[0]
    return min(b for b, _ in span), max(e for _, e in span)


class TextOrder:
    """Places of a document's gold (side 0) and system (side 1) mentions, computed once on demand."""

    def __init__(self, gold: Sequence[Mention], system: Sequence[Mention]):
        self._mentions = (gold, system)
        self._places: tuple[dict[int, tuple], dict[int, tuple]] = ({}, {})

    def place(self, side: int, index: int) -> tuple:
        places = self._places[side]
        found = places.get(index)
        if found is None:
            found = places[index] = text_position(self._mentions[side][index])
        return found

    def crosses(self, pairs: Sequence[Pair]) -> bool:
        """Whether two of `pairs` cross: read in gold order (system order among tied gold places),
        the system places must never go back."""
        place = self.place
        ordered = sorted((place(0, p.gold), place(1, p.system)) for p in pairs)
        return any(a[1] > b[1] for a, b in pairwise(ordered))


def ordered_mappings(
    candidates: Sequence[Candidate],
    gold: Sequence[Mention],
    system: Sequence[Mention],
    combinations: Sequence[str] = COMBINATIONS,
) -> dict[str, Mapping]:
    """One best order-keeping mapping per combination; same signature as `greedy_mappings`.

    Pairs are listed in the published ranking order and TP is summed in that order.
    """
    optimal = optimal_mappings(candidates, gold, system, combinations)
    order = TextOrder(gold, system)
    untangled: list[frozenset[Pair]] = []  # a subset of a mapping that keeps order keeps it too
    exact: ExactDice | None = None
    result: dict[str, Mapping] = {}
    for combination in combinations:
        mapping = optimal[combination]
        pairs = frozenset(mapping.pairs)
        if any(pairs <= known for known in untangled) or not order.crosses(mapping.pairs):
            untangled.append(pairs)
            result[combination] = mapping
            continue
        if exact is None:
            exact = ExactDice(candidates, gold, system)
        result[combination] = _aligned(combination, candidates, gold, system, order, exact)
    return result


class _Entry(NamedTuple):
    """A partial alignment: its total weight, the pairs its last cell took, the alignment before."""

    value: int
    taken: tuple[int, ...]
    before: _Entry | None


Used = tuple[frozenset, frozenset]
"""Mentions already matched at the current cell's gold place and system place."""


def _ranks(indexes: set[int], side: int, order: TextOrder) -> dict[int, int]:
    places = sorted({order.place(side, m) for m in indexes})
    rank = {p: r for r, p in enumerate(places)}
    return {m: rank[order.place(side, m)] for m in indexes}


def _aligned(combination: str, candidates: Sequence[Candidate], gold: Sequence[Mention],
             system: Sequence[Mention], order: TextOrder, exact: ExactDice) -> Mapping:
    """The recurrence over the cells (gold place, system place) that hold eligible pairs, in order."""
    check = combination != "plain"
    eligible = [p for p, (_, s, g) in enumerate(candidates)
                if not check or attributes_agree(AttributeRule.SCORER, combination, gold[g], system[s])]
    weights = exact.weights(eligible)
    gold_rank = _ranks({candidates[p][2] for p in eligible}, 0, order)
    system_rank = _ranks({candidates[p][1] for p in eligible}, 1, order)
    cells: dict[tuple[int, int], list[int]] = {}
    for k, p in enumerate(eligible):
        cells.setdefault((gold_rank[candidates[p][2]], system_rank[candidates[p][1]]), []).append(k)
    sides = [(candidates[p][2], candidates[p][1]) for p in eligible]
    done: list[tuple[int, int, _Entry]] = []  # best entry of each finished cell, for fresh starts
    along_row: dict[int, dict[frozenset, _Entry]] = {}
    along_column: dict[int, dict[frozenset, _Entry]] = {}
    best = _Entry(0, (), None)
    for (i, j), ks in sorted(cells.items()):
        fresh = max((e for i2, j2, e in done if i2 < i and j2 < j), key=_value, default=_Entry(0, (), None))
        starts: list[tuple[_Entry, Used]] = [(fresh, (frozenset(), frozenset()))]
        starts += [(e, (used, frozenset())) for used, e in along_row.get(i, {}).items()]
        starts += [(e, (frozenset(), used)) for used, e in along_column.get(j, {}).items()]
        states: dict[Used, _Entry] = {}
        for start, used in starts:
            for taken in _matchings(ks, sides, used):
                entry = _Entry(start.value + sum(weights[k] for k in taken), taken, start)
                key = (used[0] | {sides[k][0] for k in taken}, used[1] | {sides[k][1] for k in taken})
                if key not in states or entry.value > states[key].value:
                    states[key] = entry
        for (used_gold, used_system), entry in states.items():
            _keep(along_row.setdefault(i, {}), used_gold, entry)
            _keep(along_column.setdefault(j, {}), used_system, entry)
        cell_best = max(states.values(), key=_value)
        done.append((i, j, cell_best))
        best = max(best, cell_best, key=_value)
    chosen: list[int] = []
    walk: _Entry | None = best
    while walk is not None:
        chosen.extend(eligible[k] for k in walk.taken)
        walk = walk.before
    pairs = tuple(Pair(candidates[p][2], candidates[p][1], candidates[p][0]) for p in sorted(chosen))
    return Mapping(combination, pairs, sum(p.dice for p in pairs))


def _value(entry: _Entry) -> int:
    return entry.value


def _keep(table: dict[frozenset, _Entry], used: frozenset, entry: _Entry) -> None:
    if used not in table or entry.value > table[used].value:
        table[used] = entry


def _matchings(ks: Sequence[int], sides: Sequence[tuple[int, int]], used: Used) -> list[tuple[int, ...]]:
    """Every non-empty one-to-one choice among one cell's pairs that avoids the mentions in `used`."""
    out: list[tuple[int, ...]] = []

    def extend(start: int, taken: tuple[int, ...], gold_used: frozenset, system_used: frozenset) -> None:
        for n in range(start, len(ks)):
            g, s = sides[ks[n]]
            if g in gold_used or s in system_used:
                continue
            chosen = (*taken, ks[n])
            out.append(chosen)
            extend(n + 1, chosen, gold_used | {g}, system_used | {s})

    extend(0, (), used[0], used[1])
    return out
