"""The transitive reduction of one side's set links in C (`_timegraphkernel.reduce_set_links`, reached through
`evmeval.sequencing.links.reduce_set_links`) against its plain Python form, on random graphs with cycles,
self-links and repeated links, and through `side_links` on random relations with warnings (unknown ids,
links inside a cluster, two-way pairs)."""

from __future__ import annotations

import pytest
from evmeval.model import Relation
from evmeval.sequencing import timegraph_kernel
from evmeval.sequencing.links import plain_reduce_set_links, reduce_set_links, side_links
from hypothesis import event, given, settings
from hypothesis import strategies as st

needs_kernel = pytest.mark.skipif(timegraph_kernel.KERNEL is None, reason="sequencing kernel not built")

SetLink = tuple[int, int, Relation]


@st.composite
def set_links(draw: st.DrawFn) -> list[SetLink]:
    """Links between up to 12 sets (cycles of every length, self-links, repeats), some set numbers large."""
    nodes = draw(st.lists(st.integers(0, 5000), min_size=1, max_size=12, unique=True))
    pairs = draw(st.lists(st.tuples(st.sampled_from(nodes), st.sampled_from(nodes)), max_size=40))
    return [(a, b, Relation("After", f"R{n}", (f"E{a}", f"E{b}"), n + 1)) for n, (a, b) in enumerate(pairs)]


@needs_kernel
@settings(max_examples=600, deadline=None)
@given(links=set_links())
def test_the_kernel_keeps_the_links_the_python_form_keeps(links: list[SetLink]) -> None:
    kept = timegraph_kernel.KERNEL.reduce_set_links(links)
    plain = plain_reduce_set_links(links)
    event("some links dropped" if len(plain) < len(links) else "every link kept")
    assert kept == plain
    assert all(k is link for k, link in zip(kept, (x for x in links if x in kept), strict=False))


@needs_kernel
def test_a_chain_a_two_cycle_and_a_three_cycle_are_reduced_as_published() -> None:
    """The shortcut 0->2 goes, a 2-cycle stays, a 3-cycle vanishes; a link into a 2-cycle goes (1->2->3->2)."""
    links = [(0, 1, "a"), (1, 2, "b"), (0, 2, "c"), (7, 8, "x"), (8, 7, "y"), (4, 5, "f"), (5, 6, "g"), (6, 4, "h")]
    assert timegraph_kernel.KERNEL.reduce_set_links(links) == [(0, 1, "a"), (1, 2, "b"), (7, 8, "x"), (8, 7, "y")]
    into = [(0, 1, "a"), (1, 2, "b"), (2, 3, "d"), (3, 2, "e")]
    assert timegraph_kernel.KERNEL.reduce_set_links(into) == [(0, 1, "a"), (2, 3, "d"), (3, 2, "e")]


@needs_kernel
def test_outside_the_common_case_the_python_form_decides() -> None:
    kernel = timegraph_kernel.KERNEL
    assert kernel.reduce_set_links([(0, "1", "r")]) is None
    assert kernel.reduce_set_links([(-1, 2, "r")]) is None
    assert kernel.reduce_set_links([(2**80, 2, "r")]) is None
    assert kernel.reduce_set_links([(1 << 24, 2, "r")]) is None
    huge = [(n, n + 1, "r") for n in range(9000)] + [(0, 9000, "r")]
    assert kernel.reduce_set_links(huge) is None
    assert reduce_set_links(huge) == plain_reduce_set_links(huge) == huge[:-1]


IDS = ["E1", "E2", "E3", "E4", "E5", "E6"]


@st.composite
def relations(draw: st.DrawFn) -> list[Relation]:
    """A side's relations: clusters of known ids, and After/Subevent links among known, unknown and
    clustered ids (inside a cluster too), both ways sometimes."""
    rows: list[Relation] = []
    for n in range(draw(st.integers(0, 3))):
        members = draw(st.lists(st.sampled_from([*IDS, "E7"]), min_size=2, max_size=3, unique=True))
        rows.append(Relation("Coreference", f"C{n}", tuple(members), len(rows) + 1))
    for n in range(draw(st.integers(0, 14))):
        kind = draw(st.sampled_from(["After", "Subevent"]))
        pair = draw(st.lists(st.sampled_from([*IDS, "E7", "E9"]), min_size=2, max_size=2))
        rows.append(Relation(kind, f"R{n}", tuple(pair), len(rows) + 1))
    return draw(st.permutations(rows))


@needs_kernel
@settings(max_examples=300, deadline=None)
@given(rows=relations())
def test_side_links_are_the_same_with_and_without_the_kernel(rows: list[Relation]) -> None:
    node_of = {m: f"te{n}" for n, m in enumerate(IDS)}
    kernel = side_links("g.tbf", IDS, rows, node_of)
    saved, timegraph_kernel.KERNEL = timegraph_kernel.KERNEL, None
    try:
        plain = side_links("g.tbf", IDS, rows, node_of)
    finally:
        timegraph_kernel.KERNEL = saved
    event("warned" if plain.warnings else "no warning")
    event("two-way pairs" if plain.two_way else "one way")
    assert kernel == plain
