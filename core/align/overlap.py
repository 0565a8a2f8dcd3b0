"""Dice overlap between mentions, computed only for pairs that share a token or character.

Token mode compares token-id sets (an id repeated in one mention counts once). Character mode keeps
characters in a list, so overlapping parts of one mention repeat characters: `0,4;2,4` against `0,4`
has Dice 2*4/(6+4) = 0.80. Both are what the published scorer does.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    if token_mode:
        gold_sets = [frozenset(g.span) for g in gold]
        gold_sizes = [len(u) for u in gold_sets]
    else:
        measured = [mention_units(g, distinct=distinct) for g in gold]
        gold_sets = [u[0] for u in measured]
        gold_sizes = [u[1] for u in measured]
    index: dict[object, list[int]] = {}
    for g_index, units in enumerate(gold_sets):
        for unit in units:
            bucket = index.get(unit)
            if bucket is None:
                index[unit] = [g_index]
            else:
                bucket.append(g_index)
    pairs: list[tuple[float, int, int]] = []
    get = index.get
    for s_index, s in enumerate(system):
        if token_mode:
            s_units = frozenset(s.span)
            s_size = len(s_units)
        else:
            s_units, s_size = mention_units(s, distinct=distinct)
        if s_size == 1:
            for unit in s_units:
                for g_index in get(unit, ()):
                    pairs.append((-(2.0 / (gold_sizes[g_index] + 1)), s_index, g_index))
            continue
        shared: dict[int, int] = {}
        for unit in s_units:
            for g_index in get(unit, ()):
                shared[g_index] = shared.get(g_index, 0) + 1
        for g_index, count in shared.items():
            pairs.append((-(2.0 * count / (gold_sizes[g_index] + s_size)), s_index, g_index))
    pairs.sort()
    return [(-neg, s_index, g_index) for neg, s_index, g_index in pairs]
