"""Issue 34 (branch mavenmem): what the window keeps of every document, smaller, and read back the same. A
`Document` and a scored `DocumentResult` keep their fields in slots, their packed fields too (`packed_slots`): no
instance dict, yet equal, hashed, pickled and replaced as before; the document index keeps its places in arrays
(`Places`) and reads as the dict of tuples the scan found; the spelling cache keeps its spellings as codes; a
MAVEN pair's trigger words are shared while it is read, not interned for good, and its system documents are
named by the gold's own id strings."""

from __future__ import annotations

import dataclasses
import gc
import pickle
import sys
from array import array

from evmeval._util.packed_slots import kept_field
from evmeval.align.packed import PackedMappings
from evmeval.conventions.base import Input
from evmeval.conventions.corpus_formats import maven_pair, shared_word, streamed_pair
from evmeval.conventions.document_index import Places
from evmeval.mention.scoring import score_files
from evmeval.mention.type_names import _Seen, _where
from evmeval.model import (
    Document,
    Mention,
    MentionTable,
    PackedMentions,
    kept_mentions,
    mention_column,
    pack_mentions,
)
from evmeval.report.export.figures import DocumentCounts
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

WORDS = st.text(alphabet="abcE0123:-", max_size=6)
MENTIONS = st.builds(Mention, st.sampled_from(["gold", "system"]), st.just("D1"), WORDS,
                     st.tuples(st.sampled_from(["0:t1", "0:t2", "1:t0"])), WORDS, WORDS, st.just("notannotated"),
                     WORDS, st.just("NOT_ANNOTATED"), st.none(), st.integers(0, 40_000))


@settings(max_examples=100, deadline=None)
@given(mentions=st.lists(MENTIONS, min_size=1, max_size=6).map(tuple), line=st.integers(0, 99))
def test_a_slotted_document_packed_is_the_document_built_by_hand(mentions: tuple[Mention, ...], line: int) -> None:
    """Field by field, equality, hash, pickling and `replace`: a packed document is the plain one."""
    packed = Document("D1", pack_mentions(MentionTable(), mentions, runs=False), line=line)
    plain = Document("D1", mentions, line=line)
    assert type(kept_mentions(packed)) is PackedMentions and not hasattr(packed, "__dict__")
    assert packed == plain and hash(packed) == hash(plain) and repr(packed) == repr(plain)
    assert [getattr(packed, f.name) for f in dataclasses.fields(Document)] == [
        getattr(plain, f.name) for f in dataclasses.fields(Document)]
    again = pickle.loads(pickle.dumps(packed))
    assert again == plain and again.mentions == mentions and again.relations == ()
    assert dataclasses.replace(packed, line=line + 1) == Document("D1", mentions, line=line + 1)
    assert packed.relation_kinds() == set()


def test_a_scored_document_keeps_its_packed_mappings_in_a_slot_and_pickles_as_before() -> None:
    g, s = Input(str(EXAMPLES / "maven_gold.jsonl")), Input(str(EXAMPLES / "maven_pred.jsonl"))
    pair = maven_pair(g, s)
    for result in score_files(pair.gold, pair.system).documents:
        assert not hasattr(result, "__dict__") and type(kept_field(result, "mappings")) is PackedMappings
        again = pickle.loads(pickle.dumps(result))
        assert again == result and again.mappings == result.mappings and again.scores == result.scores
        assert dataclasses.replace(result, in_system=False).mappings == result.mappings
    counts = DocumentCounts("D", (), (), True, {}, {}, gold_count=3, system_count=2)  # a subclass with a dict
    assert (counts.num_gold, counts.num_system, counts.gold, counts.mappings) == (3, 2, (), {})
    assert pickle.loads(pickle.dumps(counts)) == counts


def test_the_windows_scored_documents_keep_no_instance_dict_and_score_as_plain_ones() -> None:
    g, s = Input(str(EXAMPLES / "maven_gold.jsonl")), Input(str(EXAMPLES / "maven_pred.jsonl"))
    window = streamed_pair("maven", g, s)
    assert shared_word.cache_info().currsize == 0  # the words shared while the pair was read, let go after
    whole = maven_pair(g, s)
    scored, plain = score_files(window.gold, window.system), score_files(whole.gold, whole.system)
    assert scored == plain and (scored.micro, scored.macro) == (plain.micro, plain.macro)
    assert not any(hasattr(d, "__dict__") for d in (*scored.documents, *window.gold.documents.values()))
    for doc_id, doc in window.system.documents.items():  # named by the gold's own string, equal to the file's
        assert doc.doc_id == doc_id and doc.doc_id is window.gold.documents[doc_id].doc_id
    words = [m.text for d in window.gold.documents.values() for m in d.mentions]
    assert words == [m.text for d in whole.gold.documents.values() for m in d.mentions]


PLACES = st.dictionaries(st.text(max_size=4), st.lists(st.tuples(st.integers(0, 2**40), st.integers(1, 10**6)),
                                                         max_size=4), max_size=8)


@given(found=PLACES)
def test_the_index_places_read_as_the_dict_of_tuples_the_scan_found(found: dict[str, list[tuple[int, int]]]) -> None:
    places, expected = Places(found), {k: tuple(v) for k, v in found.items()}
    assert places == expected and list(places) == list(expected) and len(places) == len(expected)
    for doc_id, kept in expected.items():
        assert places[doc_id] == kept and places.get(doc_id, ()) == kept and doc_id in places
    assert places.get("longer than 4", ()) == () and "longer than 4" not in places
    assert pickle.loads(pickle.dumps(places)) == expected and Places.of(places) is places


def test_a_type_spelled_more_ways_than_two_bytes_number_keeps_every_spelling() -> None:
    """The spelling codes are 2 bytes until a type has more spellings than that; then 8, the same firsts."""
    seen = _Seen()
    count = 0x10000 + 5
    for k in range(count):
        seen.add(_where(0, k, 0), f"S{k}")
    assert seen.codes[0].typecode == "q" and seen.codes[1].typecode == "H"
    assert seen.first() == (_where(0, 0, 0), "S0")
    for k in range(count - 1):
        seen.remove(_where(0, k, 0))
    assert seen.first() == (_where(0, count - 1, 0), f"S{count - 1}")
    seen.add(_where(1, 0, 0), "S3")
    seen.remove(_where(0, count - 1, 0))
    assert seen.first() == (_where(1, 0, 0), "S3")
    assert isinstance(seen.codes[1], array)


def test_a_documents_record_holds_its_fields_and_nothing_more() -> None:
    """A slotted record is its fields' references alone (a record and its values' block were about 130 bytes)."""
    gc.collect()
    doc = Document("D", ())
    assert sys.getsizeof(doc) <= 16 + 8 * len(dataclasses.fields(Document)) + 16


@settings(max_examples=150, deadline=None)
@given(mentions=st.lists(MENTIONS, min_size=1, max_size=8).map(tuple), runs=st.booleans())
def test_a_column_the_same_for_every_mention_is_kept_once_and_read_back(mentions: tuple[Mention, ...],
                                                                         runs: bool) -> None:
    """A document's id and line, MAVEN's span prefix and end are one int for all its mentions: kept once, the
    mentions and their columns read back the same."""
    packed = pack_mentions(MentionTable(), mentions, runs=runs)
    assert isinstance(packed, PackedMentions) and len(packed) == len(mentions)
    for name in ("run_id", "mention_type", "realis", "raw_type", "score", "doc_id"):
        assert mention_column(packed, name) == [getattr(m, name) for m in mentions]
    assert packed.unpack() == mentions
    lines = {m.line for m in mentions}
    ints = packed.ints()
    same = bin(ints[0]).count("1")
    assert ints[0] & 2 and bool(ints[0] & 64) == (len(lines) == 1)  # one doc id; the line
    assert len(ints) == 2 + same + (7 - same) * len(mentions)
    assert type(packed.fields) is bytes and len(packed.fields) == 1 + ints.itemsize * len(ints)
