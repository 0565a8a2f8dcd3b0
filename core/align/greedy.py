"""The published scorer's greedy mapping, run once per attribute combination.

Pairs are visited best first; a pair is taken when neither side is taken yet *within that
combination* and the attributes the combination names agree. Each combination therefore has its own
mapping: the type mapping is not a subset of the plain one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from core.model import NOT_ANNOTATED, Mention

COMBINATIONS: tuple[str, ...] = ("plain", "mention_type", "realis_status", "mention_type+realis_status")
"""Attribute combinations in report order; names as the published report prints them."""

COMBINATION_LABELS: dict[str, str] = {
    "plain": "Span only",
    "mention_type": "Span + type",
    "realis_status": "Span + realis",
    "mention_type+realis_status": "Span + type + realis",
}
"""What people call the combinations (window, charts, HTML report); the names above stay in files."""

_CHECKS = {"plain": (False, False), "mention_type": (True, False), "realis_status": (False, True),
           "mention_type+realis_status": (True, True)}


class Pair(NamedTuple):
    """One gold-system link with its Dice overlap (a NamedTuple: ~80k are made per benchmark run)."""

    gold: int
    system: int
    dice: float


@dataclass(frozen=True)
class Mapping:
    """The pairs one combination chose, in the order chosen; `tp` sums their Dice in that order."""

    combination: str
    pairs: tuple[Pair, ...]
    tp: float

    def gold_to_pair(self) -> dict[int, Pair]:
        return {p.gold: p for p in self.pairs}

    def system_to_pair(self) -> dict[int, Pair]:
        return {p.system: p for p in self.pairs}


def attributes_match(combination: str, gold: Mention, system: Mention) -> bool:
    """Whether the attributes `combination` names agree; a gold realis NOT_ANNOTATED matches any."""
    check_type, check_realis = _CHECKS[combination]
    if check_type and gold.mention_type != system.mention_type:
        return False
    return not (check_realis and gold.realis != NOT_ANNOTATED and gold.realis != system.realis)


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
    type_ok = [gold[g].mention_type == system[s].mention_type for _, s, g in candidates]
    realis_ok = [gold[g].realis == NOT_ANNOTATED or gold[g].realis == system[s].realis for _, s, g in candidates]
    result: dict[str, Mapping] = {}
    for combination in combinations:
        check_type, check_realis = _CHECKS[combination]
        if check_type and check_realis:
            ok = [t and r for t, r in zip(type_ok, realis_ok, strict=True)]
        elif check_type:
            ok = type_ok
        elif check_realis:
            ok = realis_ok
        else:
            ok = None
        if ok is None or all(ok[i] for i in plain_positions):
            result[combination] = plain if ok is None else Mapping(combination, plain.pairs, plain.tp)
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
