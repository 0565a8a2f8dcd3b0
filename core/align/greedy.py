"""The published scorer's greedy mapping, run once per attribute combination.

Pairs are visited best first; a pair is taken when neither side is taken yet *within that
combination* and the attributes the combination names agree (`core.rules`, the scorer's rule). Each
combination therefore has its own mapping: the type mapping is not a subset of the plain one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from core.model import Mention
from core.rules import COMBINATIONS, AttributeRule, Combination, values_agree


class Pair(NamedTuple):
    """One gold-system link with its Dice overlap (a NamedTuple: ~80k are made per benchmark run)."""

    gold: int
    system: int
    dice: float


@dataclass(frozen=True)
class Mapping:
    """The pairs one combination chose, in the order chosen; `tp` sums their Dice in that order.
    `rule` is the attribute rule the pairs were chosen with (see `core.rules`)."""

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

    Two exact shortcuts keep this cheap on large corpora: when no mention appears in two candidate
    pairs, greedy takes every eligible pair; and when every pair the plain mapping chose is eligible
    for a combination, greedy over that combination's subsequence makes the same choices in the same
    order, so the plain mapping is reused. TP is always summed in the order pairs are chosen.
    """
    new = tuple.__new__
    all_pairs = [new(Pair, (g, s, score)) for score, s, g in candidates]
    conflict_free = (len({c[1] for c in candidates}) == len(candidates)
                     and len({c[2] for c in candidates}) == len(candidates))
    plain_positions = list(range(len(candidates))) if conflict_free else _greedy(candidates, range(len(candidates)))
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
        eligible = [i for i, keep in enumerate(ok) if keep]
        positions = eligible if conflict_free else _greedy(candidates, eligible)
        result[combination] = _mapping(combination, all_pairs, positions)
    return result


def _mapping(combination: str, all_pairs: list[Pair], positions: Sequence[int]) -> Mapping:
    chosen = tuple(all_pairs[i] for i in positions)
    return Mapping(combination, chosen, sum(p.dice for p in chosen))


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
