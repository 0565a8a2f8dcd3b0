"""Dice overlap between mentions, computed only for pairs that share a token or character.

Token mode compares token-id sets (an id repeated in one mention counts once). Character mode keeps
characters in a list, so overlapping parts of one mention repeat characters: `0,4;2,4` against `0,4`
has Dice 2*4/(6+4) = 0.80. Both are what the published scorer does.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, itemgetter

from core.model import Mention


def mention_units(mention: Mention, *, distinct: bool = False) -> tuple[frozenset, int]:
    """The set a mention's overlap is counted on, and the size its Dice denominator uses.

    `distinct` counts each character once even where parts overlap: agreement between peers needs a
    mention to overlap itself with Dice 1, which the published character-list rule does not give.
    """
    span = mention.span
    if span and isinstance(span[0], str):
        units = frozenset(span)
        return units, len(units)
    chars = mention.char_units()
    units = frozenset(chars)
    return units, len(units) if distinct else len(chars)


def dice(a: Mention, b: Mention) -> float:
    """Dice coefficient 2|A∩B| / (|A|+|B|) between two mentions; 0 when both are empty."""
    ua, na = mention_units(a)
    ub, nb = mention_units(b)
    if na + nb == 0:
        return 0.0
    return 2.0 * len(ua & ub) / (na + nb)


def _unit_index(units_per_mention: Sequence[tuple | frozenset]) -> dict[object, list[int]]:
    """Inverted index: each token id or character -> the mentions (by position) covering it."""
    index: dict[object, list[int]] = {}
    for position, units in enumerate(units_per_mention):
        for unit in units:
            bucket = index.get(unit)
            if bucket is None:
                index[unit] = [position]
            else:
                bucket.append(position)
    return index


def candidate_pairs(gold: Sequence[Mention], system: Sequence[Mention], *,
                    distinct: bool = False) -> list[tuple[float, int, int]]:
    """All `(dice, system_index, gold_index)` with Dice > 0, best first.

    Ranked by (-Dice, system line, gold line): ties go to the earlier system line, then the earlier
    gold line, as in the published scorer's heap. An inverted index keeps this linear in the number
    of overlapping pairs rather than quadratic in mentions.
    """
    if not gold or not system:
        return []
    token_mode = isinstance(gold[0].span[0] if gold[0].span else None, str) or (
        bool(system[0].span) and isinstance(system[0].span[0], str))
    gold_units: list[tuple | frozenset]
    if token_mode:  # a one-token span is its own unit set (its one id counts once either way)
        gold_units = [span if len(span) == 1 else frozenset(span) for span in map(attrgetter("span"), gold)]
        gold_sizes = list(map(len, gold_units))
    else:
        units_and_sizes = [mention_units(g, distinct=distinct) for g in gold]
        gold_units = [u for u, _ in units_and_sizes]
        gold_sizes = [n for _, n in units_and_sizes]
    index = _unit_index(gold_units)
    # Built in (system, gold) order, then sorted on Dice alone, best first: the sort is stable (also
    # with reverse=True), so ties keep (system line, gold line) order, and all-float keys sort fast.
    pairs: list[tuple[float, int, int]] = []
    append = pairs.append
    get = index.get
    for s_index, s in enumerate(system):
        if token_mode:
            span = s.span
            if len(span) == 1:  # the usual one-token mention: no set to build
                for g_index in get(span[0], ()):
                    append((2.0 / (gold_sizes[g_index] + 1), s_index, g_index))
                continue
            s_units = frozenset(span)
            s_size = len(s_units)
        else:
            s_units, s_size = mention_units(s, distinct=distinct)
        if s_size == 1:
            for unit in s_units:
                for g_index in get(unit, ()):
                    append((2.0 / (gold_sizes[g_index] + 1), s_index, g_index))
            continue
        shared: dict[int, int] = {}
        for unit in s_units:
            for g_index in get(unit, ()):
                shared[g_index] = shared.get(g_index, 0) + 1
        for g_index in sorted(shared):
            append((2.0 * shared[g_index] / (gold_sizes[g_index] + s_size), s_index, g_index))
    pairs.sort(key=itemgetter(0), reverse=True)
    return pairs
