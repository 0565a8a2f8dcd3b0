"""The published scorer's greedy mapping, run once per attribute combination.

Pairs are visited best first; a pair is taken when neither side is taken yet *within that
combination* and the attributes the combination names agree. Each combination therefore has its own
mapping: the type mapping is not a subset of the plain one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.model import NOT_ANNOTATED, Mention

COMBINATIONS: tuple[str, ...] = ("plain", "mention_type", "realis_status", "mention_type+realis_status")
"""Attribute combinations in report order; names as the published report prints them."""

_CHECKS = {"plain": (False, False), "mention_type": (True, False), "realis_status": (False, True),
           "mention_type+realis_status": (True, True)}


@dataclass(frozen=True, slots=True)
class Pair:
    """One gold-system link with its Dice overlap."""

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
    """One greedy mapping per combination from the ranked `(dice, system, gold)` candidates."""
    result: dict[str, Mapping] = {}
    for combination in combinations:
        check_type, check_realis = _CHECKS[combination]
        taken_gold: set[int] = set()
        taken_system: set[int] = set()
        chosen: list[Pair] = []
        tp = 0.0
        for score, s_index, g_index in candidates:
            if s_index in taken_system or g_index in taken_gold:
                continue
            if check_type or check_realis:
                g, s = gold[g_index], system[s_index]
                if check_type and g.mention_type != s.mention_type:
                    continue
                if check_realis and g.realis != NOT_ANNOTATED and g.realis != s.realis:
                    continue
            taken_gold.add(g_index)
            taken_system.add(s_index)
            chosen.append(Pair(g_index, s_index, score))
            tp += score
        result[combination] = Mapping(combination, tuple(chosen), tp)
    return result
