"""Dice overlap between mentions, computed only for pairs that share a token or character.

Token mode compares token-id sets (an id repeated in one mention counts once). Character mode counts
shared characters once, but its Dice denominator counts a span's characters as the published scorer's
character LIST does, so overlapping parts of one mention repeat characters: `0,4;2,4` against `0,4`
has Dice 2*4/(6+4) = 0.80. Both are what the published scorer does. Characters are never expanded
one by one: a `evmeval.align.charsets.CharSet` holds them as ranges (a span `0,2000000000` is one range).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, itemgetter

from evmeval.align.charsets import CharSet, listed_size
from evmeval.model import Mention

Units = frozenset | CharSet
"""What a mention's overlap is counted on: its token ids (token mode) or its characters (character mode)."""


def mention_units(mention: Mention, *, distinct: bool = False) -> tuple[Units, int]:
    """The set a mention's overlap is counted on, and the size its Dice denominator uses.

    `distinct` counts each character once even where parts overlap: agreement between peers needs a
    mention to overlap itself with Dice 1, which the published character-list rule does not give.
    """
    span = mention.span
    if span and isinstance(span[0], str):
        units = frozenset(span)
        return units, len(units)
    chars = CharSet(span)
    return chars, chars.count if distinct else listed_size(span)


def shared_count(a: Units, b: Units) -> int:
    """How many tokens or characters two mentions' units have in common."""
    if isinstance(a, CharSet) and isinstance(b, CharSet):
        return a.shared(b)
    if isinstance(a, CharSet) or isinstance(b, CharSet):
        return 0  # a token mention and a character one (never in one run) share nothing
    return len(a & b)


def units_disjoint(a: Units, b: Units) -> bool:
    """Whether two unit sets have nothing in common."""
    return shared_count(a, b) == 0


def units_union(sets: Sequence[Units]) -> Units:
    """Every unit some of `sets` holds (an empty frozenset when there is none)."""
    if not sets:
        return frozenset()
    if isinstance(sets[0], CharSet):
        return sets[0].union(*sets[1:])  # type: ignore[arg-type]
    return frozenset().union(*sets)  # type: ignore[arg-type]


def dice(a: Mention, b: Mention) -> float:
    """Dice coefficient 2|A∩B| / (|A|+|B|) between two mentions; 0 when both are empty."""
    ua, na = mention_units(a)
    ub, nb = mention_units(b)
    if na + nb == 0:
        return 0.0
    return 2.0 * shared_count(ua, ub) / (na + nb)


def _char_shared(gold: Sequence[CharSet], system: Sequence[CharSet]) -> dict[tuple[int, int], int]:
    """`(system_index, gold_index) -> characters shared`, for every pair sharing one, by a sweep over ranges.

    Ranges of both sides are visited by where they begin; one that begins meets every range of the
    other side still open there (begun no later, ending past its begin). A side's open list is pruned
    only when the other side's range begins, so each range is dropped once and each kept one is a pair:
    time follows the ranges and the overlapping pairs, never the offsets. A mention's ranges are disjoint,
    so the per-range overlaps of a pair of mentions add up to their shared characters.
    """
    starts = [(b, 0, e, g) for g, chars in enumerate(gold) for b, e in chars.parts]
    starts.extend((b, 1, e, s) for s, chars in enumerate(system) for b, e in chars.parts)
    starts.sort()
    open_ranges: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])  # per side: (end, index)
    shared: dict[tuple[int, int], int] = {}
    for begin, side, end, index in starts:
        others = open_ranges[1 - side]
        if others:
            others[:] = [o for o in others if o[0] > begin]
            for other_end, other in others:
                key = (index, other) if side else (other, index)
                shared[key] = shared.get(key, 0) + min(end, other_end) - begin
        open_ranges[side].append((end, index))
    return shared


def _unit_index(units_per_mention: Sequence[tuple | frozenset]) -> dict[object, list[int]]:
    """Inverted index: each token id -> the mentions (by position) covering it."""
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
    gold line, as in the published scorer's heap. An inverted index of token ids (token mode) or a
    sweep over character ranges (character mode) keeps this linear in the number of overlapping pairs
    rather than quadratic in mentions.
    """
    if not gold or not system:
        return []
    token_mode = isinstance(gold[0].span[0] if gold[0].span else None, str) or (
        bool(system[0].span) and isinstance(system[0].span[0], str))
    if not token_mode:
        return _char_pairs(gold, system, distinct)
    # a one-token span is its own unit set (its one id counts once either way)
    gold_units = [span if len(span) == 1 else frozenset(span) for span in map(attrgetter("span"), gold)]
    gold_sizes = list(map(len, gold_units))
    index = _unit_index(gold_units)
    # Built in (system, gold) order, then sorted on Dice alone, best first: the sort is stable (also
    # with reverse=True), so ties keep (system line, gold line) order, and all-float keys sort fast.
    pairs: list[tuple[float, int, int]] = []
    append = pairs.append
    get = index.get
    for s_index, s in enumerate(system):
        span = s.span
        if len(span) == 1:  # the usual one-token mention: no set to build
            for g_index in get(span[0], ()):
                append((2.0 / (gold_sizes[g_index] + 1), s_index, g_index))
            continue
        s_units = frozenset(span)
        s_size = len(s_units)
        shared: dict[int, int] = {}
        for unit in s_units:
            for g_index in get(unit, ()):
                shared[g_index] = shared.get(g_index, 0) + 1
        for g_index in sorted(shared):
            append((2.0 * shared[g_index] / (gold_sizes[g_index] + s_size), s_index, g_index))
    pairs.sort(key=itemgetter(0), reverse=True)
    return pairs


def _char_pairs(gold: Sequence[Mention], system: Sequence[Mention], distinct: bool) -> list[tuple[float, int, int]]:
    """`candidate_pairs` in character mode: shared characters from the ranges, same order, same Dice."""
    gold_chars = [CharSet(g.span) for g in gold]
    system_chars = [CharSet(s.span) for s in system]
    if distinct:
        gold_sizes = [c.count for c in gold_chars]
        system_sizes = [c.count for c in system_chars]
    else:
        gold_sizes = [listed_size(g.span) for g in gold]
        system_sizes = [listed_size(s.span) for s in system]
    shared = _char_shared(gold_chars, system_chars)
    pairs = [(2.0 * n / (gold_sizes[g_index] + system_sizes[s_index]), s_index, g_index)
             for (s_index, g_index), n in sorted(shared.items())]
    pairs.sort(key=itemgetter(0), reverse=True)
    return pairs
