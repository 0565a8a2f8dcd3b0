"""Character spans scored as ranges give exactly what the published scorer's expanded character sets give.

The set form below restates v1.8 (`parse_characters` lists `range(begin, end)` of every part;
`compute_dice` is 2|set(A) & set(B)| / (len(A) + len(B))) and exists only here, in the test: the scorer
itself never expands a range. Spans are small and random, with the edge cases v1.8 meets: parts that
overlap or repeat within one span, empty parts (`4,4`), parts that end before they begin (`4,0`, an
empty range), negative offsets, touching parts.
"""

from __future__ import annotations

import resource
from pathlib import Path

from evmeval.align.charsets import CharSet, listed_size, merged_parts
from evmeval.align.overlap import candidate_pairs, dice, mention_units, shared_count, units_disjoint, units_union
from evmeval.align.symmetric import mention_key
from evmeval.model import Mention
from evmeval.report.comparison import char_list
from hypothesis import given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=300, deadline=None)

part = st.tuples(st.integers(-3, 12), st.integers(-3, 12))
span = st.lists(part, min_size=1, max_size=4).map(tuple)


def listed(parts: tuple[tuple[int, int], ...]) -> list[int]:
    """v1.8's `parse_characters`: every part's characters, in order, repeats kept."""
    return [c for b, e in parts for c in range(b, e)]


def v18_dice(a: list[int], b: list[int]) -> float:
    """v1.8's `compute_dice` on two character lists."""
    if len(a) + len(b) == 0:
        return 0
    return 2.0 * len(set(a) & set(b)) / (len(a) + len(b))


def mention(parts: tuple[tuple[int, int], ...], line: int = 1) -> Mention:
    return Mention("run", "d1", f"E{line}", parts, "text", "attack", "actual", "Attack", "Actual", None, line)


@SETTINGS
@given(span, span)
def test_the_range_form_equals_the_set_form(a: tuple, b: tuple) -> None:
    ca, cb = CharSet(a), CharSet(b)
    sa, sb = set(listed(a)), set(listed(b))
    assert ca.count == len(sa)
    assert listed_size(a) == len(listed(a))
    assert ca.shared(cb) == len(sa & sb) == shared_count(ca, cb)
    assert ca.isdisjoint(cb) == sa.isdisjoint(sb) == units_disjoint(ca, cb)
    assert (ca == cb) == (sa == sb)
    assert (hash(ca) == hash(cb)) or sa != sb
    assert CharSet(p for s in (a, b) for p in s) == ca.union(cb) == units_union([ca, cb])
    assert sorted(sa | sb) == listed(ca.union(cb).parts)
    assert (ca.sort_key() < cb.sort_key()) == (tuple(sorted(sa)) < tuple(sorted(sb)))
    assert dice(mention(a), mention(b)) == v18_dice(listed(a), listed(b))
    assert mention_units(mention(a), distinct=True)[1] == len(sa)
    assert char_list(a) == ",".join(map(str, listed(a)))


@SETTINGS
@given(st.lists(span, max_size=5), st.lists(span, max_size=5), st.booleans())
def test_candidate_pairs_are_the_set_forms_pairs(gold_spans: list, system_spans: list, distinct: bool) -> None:
    """Every pair with a shared character, its Dice as v1.8 computes it, best first, ties in line order."""
    gold = [mention(s, k) for k, s in enumerate(gold_spans)]
    system = [mention(s, k) for k, s in enumerate(system_spans)]

    def size(parts: tuple) -> int:
        return len(set(listed(parts))) if distinct else len(listed(parts))

    expected = []
    for s_index, s in enumerate(system_spans):
        for g_index, g in enumerate(gold_spans):
            shared = len(set(listed(s)) & set(listed(g)))
            if shared:
                expected.append((2.0 * shared / (size(g) + size(s)), s_index, g_index))
    expected.sort(key=lambda p: (-p[0], p[1], p[2]))
    assert candidate_pairs(gold, system, distinct=distinct) == expected


@SETTINGS
@given(span, span)
def test_the_symmetric_key_orders_as_the_sorted_characters(a: tuple, b: tuple) -> None:
    ka, kb = mention_key(mention(a), 0), mention_key(mention(b), 0)
    assert (ka < kb) == (tuple(sorted(set(listed(a)))) < tuple(sorted(set(listed(b)))))


def test_merging_keeps_the_canonical_form() -> None:
    assert merged_parts([(4, 8), (0, 4), (6, 7), (9, 9), (12, 10)]) == ((0, 8),)
    assert CharSet([(0, 4), (5, 6)]).parts == ((0, 4), (5, 6))
    assert dice(mention(((0, 4), (2, 4))), mention(((0, 4),))) == 0.8  # the module doc's example


def test_a_huge_span_is_scored_in_constant_memory() -> None:
    """Spans of two billion characters, scored under a cap far below what one expanded list needs."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    status = Path("/proc/self/status").read_text()
    in_use = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmSize:"))) * 1024
    resource.setrlimit(resource.RLIMIT_AS, (in_use + (512 << 20), hard))  # one expanded list needs 16 GB
    try:
        huge = mention(((0, 2_000_000_000),), 1)
        small = mention(((10, 14),), 2)
        both = mention(((5, 2_000_000_005), (0, 3)), 3)
        assert dice(huge, small) == 2.0 * 4 / (2_000_000_000 + 4)
        assert candidate_pairs([huge, small], [both])[0] == (dice(huge, both), 0, 0)
        assert char_list(huge.span) == "0..1999999999"
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
