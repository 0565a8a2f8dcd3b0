"""A scored document's mappings kept packed (`evmeval.align.packed`) read back as the plain dict it was given."""

from __future__ import annotations

import gc
import pickle
import struct
import tracemalloc
from dataclasses import replace

from evmeval._util.packed_slots import kept_field
from evmeval.align.greedy import Mapping, Pair, greedy_mappings
from evmeval.align.overlap import candidate_pairs
from evmeval.align.packed import PackedMappings, pack_mappings
from evmeval.align.symmetric import symmetric_mappings
from evmeval.mention.scoring import DocumentResult, score_document
from evmeval.model import Mention
from evmeval.rules import COMBINATIONS, AttributeRule
from hypothesis import given, settings
from hypothesis import strategies as st

TYPES = ("Life_Die", "Conflict_Attack", "Contact_Meet")
REALIS = ("actual", "generic", "other")


def mention(k: int, start: int, width: int, t: int, r: int) -> Mention:
    span = tuple(f"t{i}" for i in range(start, start + width))
    return Mention("run", "d", f"E{k}", span, "x", TYPES[t], REALIS[r], TYPES[t], REALIS[r], None, k + 1)


side = st.lists(st.tuples(st.integers(0, 12), st.integers(1, 4), st.integers(0, 2), st.integers(0, 2)),
                max_size=12).map(lambda ms: tuple(mention(k, *m) for k, m in enumerate(ms)))


def bits(value: float) -> bytes:
    return struct.pack("<d", value)


def same(read: dict[str, Mapping], given: dict[str, Mapping]) -> None:
    """Equal records, in the same order, every Dice and TP the same float to the bit."""
    assert list(read) == list(given)
    assert read == given
    for name, m in given.items():
        back = read[name]
        assert (back.combination, back.rule, type(back.tp), bits(back.tp)) == (m.combination, m.rule, type(m.tp),
                                                                               bits(m.tp))
        assert [(p.gold, p.system, bits(p.dice)) for p in back.pairs] == [(p.gold, p.system, bits(p.dice))
                                                                          for p in m.pairs]
        assert all(type(p) is Pair for p in back.pairs)


@settings(max_examples=150, deadline=None)
@given(side, side)
def test_the_greedy_and_the_symmetric_mappings_read_back_as_made(gold, system):
    for made in (greedy_mappings(candidate_pairs(gold, system), gold, system), symmetric_mappings(gold, system)):
        packed = pack_mappings(made)
        assert type(packed) is PackedMappings
        same(packed.unpack(), made)
        same(PackedMappings(packed.names, packed.data).unpack(), made)  # not from the unpacked ones kept
        same(pickle.loads(pickle.dumps(packed)).unpack(), made)


@settings(max_examples=100, deadline=None)
@given(side, side)
def test_a_scored_document_reads_its_mappings_and_scores_as_scored_plainly(gold, system):
    doc = score_document("d", gold, system)
    made = greedy_mappings(candidate_pairs(gold, system), gold, system)
    assert type(kept_field(doc, "mappings")) is PackedMappings
    same(doc.mappings, made)
    assert doc == DocumentResult("d", gold, system, True, made, doc.scores)  # equal to the plain record
    assert all(bits(doc.scores[c].tp) == bits(made[c].tp) for c in COMBINATIONS)
    same(replace(doc, in_system=False).mappings, made)


def test_records_it_cannot_give_back_equal_are_kept_as_given():
    pair = Pair(0, 0, 1.0)
    odd = [{"plain": Mapping("mention_type", (pair,), 1.0)},  # filed under another name
           {"plain": Mapping("plain", (Pair(2**31, 0, 1.0),), 1.0)},  # past a 4-byte int
           {"plain": Mapping("plain", (Pair(0, 0, 1),), 1.0)},  # an int Dice
           {"plain": Mapping("plain", ((0, 0, 1.0),), 1.0)}]  # a plain tuple, not a Pair
    for mappings in odd:
        assert pack_mappings(mappings) is mappings
        assert DocumentResult("d", (), (), True, mappings).mappings is mappings


def test_no_mappings_and_empty_ones():
    assert DocumentResult("d", (), ()).mappings == {}
    empty = {c: Mapping(c, (), 0.0, AttributeRule.SYMMETRIC) for c in COMBINATIONS}
    same(DocumentResult("d", (), (), True, empty).mappings, empty)


def test_a_document_keeps_16_bytes_a_pair():
    """What a corpus keeps of each document's mappings (15 MB of the window's 4,480 MAVEN-ERE documents as
    records, tuples and floats, issue 34): a pair is two 4-byte indexes and its Dice; the combinations that chose
    the same pairs share them."""
    gold = tuple(mention(k, 2 * k, 1 + k % 2, k % 3, 0) for k in range(40))
    system = tuple(mention(k, 2 * k + k % 2, 1, (k + k // 7) % 3, 0) for k in range(40))
    made = greedy_mappings(candidate_pairs(gold, system), gold, system)
    distinct = {m.pairs for m in made.values()}
    pairs = sum(map(len, distinct))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        packs = [pack_mappings(made) for _ in range(200)]
        per_document = (tracemalloc.get_traced_memory()[0] - before) / len(packs)
    finally:
        tracemalloc.stop()
    assert pairs > 40
    data = 16 * pairs + 10 * len(made) + 4 * len(distinct)
    assert len(packs[0].data) == data  # type: ignore[union-attr]
    assert per_document <= data + 140  # the bytes object's header, the record (four slots, a GC header), the list
