"""The published scorer's greedy mapping, run once per attribute combination.

Pairs are visited best first; a pair is taken when neither side is taken yet *within that
combination* and the attributes the combination names agree (`evmeval.rules`, the scorer's rule). Each
combination therefore has its own mapping: the type mapping is not a subset of the plain one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import add, itemgetter
from typing import NamedTuple

from evmeval.model import Mention
from evmeval.rules import COMBINATIONS, AttributeRule, Combination, values_agree


class Pair(NamedTuple):
    """One gold-system link with its Dice overlap (a NamedTuple: ~80k are made per benchmark run)."""

    gold: int
    system: int
    dice: float


@dataclass(frozen=True)
class Mapping:
    """The pairs one combination chose, in the order chosen; `tp` sums their Dice in that order.
    `rule` is the attribute rule the pairs were chosen with (see `evmeval.rules`)."""

    combination: str
    pairs: tuple[Pair, ...]
    tp: float
    rule: AttributeRule = AttributeRule.SCORER

    def gold_to_pair(self) -> dict[int, Pair]:
        return {p.gold: p for p in self.pairs}

    def in_gold_order(self) -> list[Pair]:
        """The pairs in the order per-type sums add them: gold line order, as v1.8's per_type_eval walks
        its mapping. The order changes the last bits of a sum, and sometimes the printed second decimal
        (0.375 -> 0.38 or 0.37)."""
        return sorted(self.pairs)


def greedy_mappings(
    candidates: Sequence[tuple[float, int, int]],
    gold: Sequence[Mention],
    system: Sequence[Mention],
    combinations: Sequence[str] = COMBINATIONS,
) -> dict[str, Mapping]:
    """One greedy mapping per combination from the ranked `(dice, system, gold)` candidates.

    Two exact shortcuts keep this cheap on large corpora. A candidate sharing neither mention with any
    other candidate cannot be blocked, so greedy takes it whenever it is eligible; the greedy pass
    itself only walks the contested candidates (a fifth of them on the benchmark corpus), and the two
    lists of positions are merged back into ranking order. And when every pair the plain mapping
    chose is eligible for a combination, greedy over that combination's subsequence makes the same
    choices in the same order, so the plain mapping is reused. TP is always summed in the order
    pairs are chosen (ranking order).
    """
    new = tuple.__new__
    all_pairs = [new(Pair, (g, s, score)) for score, s, g in candidates]
    system_uses = Counter(map(itemgetter(1), candidates))
    gold_uses = Counter(map(itemgetter(2), candidates))
    if len(system_uses) == len(candidates) and len(gold_uses) == len(candidates):
        isolated: list[int] = list(range(len(candidates)))
        contested: list[int] = []
    else:
        isolated, contested = [], []
        for position, (_, s, g) in enumerate(candidates):
            (contested if system_uses[s] > 1 or gold_uses[g] > 1 else isolated).append(position)
    plain_positions = _merge(isolated, _greedy(candidates, contested))
    plain = _mapping("plain", all_pairs, plain_positions)
    rule = AttributeRule.SCORER
    type_ok = [values_agree(rule, gold[g].mention_type, system[s].mention_type) for _, s, g in candidates]
    realis_ok = [values_agree(rule, gold[g].realis, system[s].realis) for _, s, g in candidates]
    result: dict[str, Mapping] = {}
    for combination in combinations:
        checks = Combination(combination).checks
        check_type, check_realis = "mention_type" in checks, "realis_status" in checks
        if check_type and check_realis:
            ok = [t and r for t, r in zip(type_ok, realis_ok, strict=True)]
        elif check_type:
            ok = type_ok
        elif check_realis:
            ok = realis_ok
        else:
            ok = None
        if ok is None or all(ok[i] for i in plain_positions):
            result[combination] = plain if ok is None else Mapping(combination, plain.pairs, plain.tp, rule)
            continue
        positions = _merge([i for i in isolated if ok[i]], _greedy(candidates, [i for i in contested if ok[i]]))
        result[combination] = _mapping(combination, all_pairs, positions)
    return result


def _merge(isolated: list[int], chosen: list[int]) -> list[int]:
    """Two ascending position lists as one, in ranking order."""
    if not chosen:
        return isolated
    if not isolated:
        return chosen
    return sorted(isolated + chosen)


_DICE = itemgetter(2)


def _mapping(combination: str, all_pairs: list[Pair], positions: Sequence[int]) -> Mapping:
    chosen = tuple(map(all_pairs.__getitem__, positions))
    return Mapping(combination, chosen, sum_in_order(map(_DICE, chosen)))


def sum_in_order(values: Iterable[float]) -> float:
    """Left-to-right float sum, as the published scorer adds (`sum()` compensates from Python 3.12)."""
    return reduce(add, values, 0.0)


def _greedy(candidates: Sequence[tuple[float, int, int]], eligible: Iterable[int]) -> list[int]:
    """Positions of the eligible candidates greedy takes: those whose two sides are still free."""
    taken_gold: set[int] = set()
    taken_system: set[int] = set()
    positions: list[int] = []
    for position in eligible:
        _, s_index, g_index = candidates[position]
        if s_index in taken_system or g_index in taken_gold:
            continue
        taken_gold.add(g_index)
        taken_system.add(s_index)
        positions.append(position)
    return positions
