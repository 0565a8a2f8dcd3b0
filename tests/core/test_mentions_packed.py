"""The window's JSONL corpora keep their mentions packed (issue 34: as `Mention` tuples with their token ids and
span tuples they were most of what the window kept of a 4,480-document TextEE corpus). `Document.mentions` (and a
scored document's `gold` and `system`) still read as the same tuple of `Mention`: equal, hashed, printed, pickled
and replaced as a document built by hand; the scores made on packed documents are the scores of plain ones."""

from __future__ import annotations

import dataclasses
import gc
import pickle
import tracemalloc
import weakref
from pathlib import Path

from evmeval._util.packed_slots import kept_field
from evmeval.conventions.base import Input
from evmeval.conventions.corpus_formats import maven_ere_pair, maven_pair, streamed_pair, token_span
from evmeval.coref.scoring import ClusterSource, score_coreference
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.scoring import score_files
from evmeval.mention.type_names import type_names
from evmeval.model import (
    Document,
    Mention,
    MentionTable,
    PackedMentions,
    PackedRelations,
    SpanMode,
    TbfFile,
    canonical,
    compact_ints,
    joined_ids,
    kept_mentions,
    mention_column,
    pack_mentions,
    split_ids,
    unannotated_mention,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

WORDS = st.text(alphabet="abcEt0123456789:-_", max_size=8)
TOKEN_RUNS = st.builds(lambda prefix, first, length: tuple(f"{prefix}t{i}" for i in range(first, first + length)),
                       st.sampled_from(["", "3:", "w-1:", "doc-2-0:", "t:"]), st.integers(0, 10**9), st.integers(1, 4))
SPANS = st.one_of(TOKEN_RUNS, st.tuples(WORDS), st.lists(WORDS, max_size=3).map(tuple),
                  st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99)), max_size=2).map(tuple),
                  st.sampled_from([("t07",), ("t1", "t3"), ("t",), ("t" + "9" * 12,), ("t1", "t2", "t2")]))
MENTIONS = st.builds(Mention, st.sampled_from(["gold", "system", "run"]), st.sampled_from(["D1", "D2"]), WORDS,
                     SPANS, WORDS, WORDS, st.sampled_from(["actual", "notannotated", ""]), WORDS,
                     st.sampled_from(["Actual", "NOT_ANNOTATED"]), st.one_of(st.none(), WORDS),
                     st.integers(0, 2**31 - 1))


def _typed(mentions: tuple[Mention, ...]) -> list[tuple[type, ...]]:
    return [tuple(type(v) for v in m) + tuple(type(part) for part in m.span) for m in mentions]


@settings(max_examples=200, deadline=None)
@given(st.lists(MENTIONS, max_size=8), st.booleans())
def test_a_packed_document_is_the_document_built_by_hand(mentions: list[Mention], runs: bool) -> None:
    table = MentionTable()
    packed = Document("D1", pack_mentions(table, mentions, runs=runs), (), 3)
    plain = Document("D1", tuple(mentions), (), 3)
    assert type(packed.mentions) is tuple and packed.mentions == plain.mentions
    assert all(type(m) is Mention for m in packed.mentions) and _typed(packed.mentions) == _typed(plain.mentions)
    assert packed == plain and hash(packed) == hash(plain) and repr(packed) == repr(plain)
    assert pickle.loads(pickle.dumps(packed)) == plain  # worker processes receive documents pickled
    assert dataclasses.replace(packed, line=4).mentions == plain.mentions
    assert dataclasses.replace(packed, mentions=plain.mentions[:1]).mentions == plain.mentions[:1]
    for name in Mention._fields:
        assert mention_column(kept_mentions(packed), name) == [getattr(m, name) for m in mentions]
    assert len(kept_mentions(packed)) == len(mentions)


def test_a_packed_document_keeps_its_mentions_packed_and_reads_them_back_once() -> None:
    table = MentionTable()
    mentions = [unannotated_mention("gold", "D1", f"w-1:E{k}", ("w-1:t4", "w-1:t5"), "attacked", "Attack", 7)
                for k in range(3)]
    doc = Document("D1", pack_mentions(table, mentions))
    assert type(kept_mentions(doc)) is PackedMentions
    assert doc.mentions is doc.mentions  # a loop over `doc.mentions[i]` builds them once
    assert doc.mentions[2] == Mention("gold", "D1", "w-1:E2", ("w-1:t4", "w-1:t5"), "attacked", "attack",
                                      "notannotated", "Attack", "NOT_ANNOTATED", None, 7)
    assert table.values.count("attacked") == 1 and "w-1:t4" not in table.values  # a run: its prefix, not its ids
    assert len(pickle.dumps(doc)) < 2 * len(pickle.dumps(Document("D1", tuple(mentions))))  # not the whole table


def test_a_closed_corpus_is_freed_with_its_unpacked_mentions() -> None:
    table = MentionTable()
    doc = Document("D1", pack_mentions(table, [unannotated_mention("gold", "D1", "E1", ("t1",), "x", "Attack", 1)]))
    assert doc.mentions  # read: its unpacked mentions kept among the last documents read
    gone = weakref.ref(kept_mentions(doc))
    del doc
    gc.collect()
    assert gone() is None


def test_what_cannot_be_packed_is_kept_as_a_tuple() -> None:
    far = unannotated_mention("gold", "D1", "E1", ("t1",), "x", "Attack", 2**31)
    assert kept_mentions(Document("D1", pack_mentions(MentionTable(), [far]))) == (far,)
    assert type(kept_mentions(Document("D1", pack_mentions(MentionTable(), [])))) is tuple
    odd = Mention("gold", "D1", "E1", (["t1"],), "x", "a", "b", "A", "B", None, 1)  # a span that is no key
    assert Document("D1", pack_mentions(MentionTable(), [odd])).mentions == (odd,)
    try:
        Document("D1")  # type: ignore[call-arg]
    except TypeError as error:
        assert "mentions" in str(error)
    else:
        raise AssertionError("a document without mentions was made")


def _kept_bytes(make: object) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = make()  # type: ignore[operator]
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before + 0 * len(kept)
    finally:
        tracemalloc.stop()


def test_a_textee_sized_corpus_keeps_its_mentions_in_well_under_half_the_memory() -> None:
    """2,000 documents of 25 mentions, a span of 1-2 token ids of its window each, as TextEE's reader makes them."""

    def mentions(d: int) -> list[Mention]:
        return [unannotated_mention("gold", f"doc{d}", f"doc{d}-{k % 3}:E{k}",
                                    tuple(f"doc{d}-{k % 3}:t{i}" for i in range(k, k + 1 + k % 2)),
                                    ["attacked", "fled", "met"][k % 3], ["Attack", "Transport", "Meet"][k % 3], d)
                for k in range(25)]

    def plain() -> list[Document]:
        return [Document(f"doc{d}", tuple(mentions(d))) for d in range(2000)]

    def packed() -> list[Document]:
        table = MentionTable()
        return [Document(f"doc{d}", pack_mentions(table, mentions(d))) for d in range(2000)]

    per_plain, per_packed = _kept_bytes(plain) / 50_000, _kept_bytes(packed) / 50_000
    # a `Mention` (144 bytes), its span tuple (56-64) and token ids (about 60 each), its mention id (about 60):
    # 415 bytes measured; packed, seven 4-byte ints, its place in the ids' tuple and the mention id: 134
    assert per_packed < per_plain / 2.5, f"{per_plain:.0f} -> {per_packed:.0f} bytes a mention"


def test_the_windows_maven_and_maven_ere_pairs_are_packed_and_score_as_the_plain_ones() -> None:
    for found, reader, gold, system in (("maven", maven_pair, "maven_gold.jsonl", "maven_pred.jsonl"),
                                        ("maven-ere", maven_ere_pair, "maven_ere_gold.jsonl", "maven_ere_pred.jsonl")):
        g, s = Input(str(EXAMPLES / gold)), Input(str(EXAMPLES / system))
        window, whole = streamed_pair(found, g, s), reader(g, s)
        packed_docs = [d for d in window.gold.documents.values() if d.mentions]
        assert packed_docs and all(type(kept_mentions(d)) is PackedMentions for d in packed_docs)
        for side in ("gold", "system"):
            assert getattr(window, side).documents == getattr(whole, side).documents
        _same_scores(window.gold, window.system, whole.gold, whole.system)


def _same_scores(gold: TbfFile, system: TbfFile, plain_gold: TbfFile, plain_system: TbfFile) -> None:
    """The v1.8 result, its mapping tables, type names and coreference of packed documents are those of plain
    ones, and the result keeps the documents' packed mentions (not a copy)."""
    packed, plain = score_files(gold, system), score_files(plain_gold, plain_system)
    assert packed == plain
    assert (packed.micro, packed.macro, packed.per_type_published, packed.per_type_by_type_mapping) == (
        plain.micro, plain.macro, plain.per_type_published, plain.per_type_by_type_mapping)
    for mine, theirs in zip(packed.documents, plain.documents, strict=True):
        assert mapping_rows(mine, "plain") == mapping_rows(theirs, "plain")
        assert kept_mentions(mine, "gold") is kept_mentions(gold.documents[mine.doc_id])
    assert type_names(packed.documents) == type_names(plain.documents)
    coreference = score_coreference(packed, gold, system)
    assert coreference == score_coreference(plain, plain_gold, plain_system)
    for scored in coreference.documents:  # the clusters' sources keep the packed mentions too
        source = scored.sources[0] if scored.sources is not None else None
        if isinstance(source, ClusterSource):
            assert source.mentions is kept_mentions(gold.documents[scored.doc_id])


def test_a_streamed_textee_pair_is_packed_and_scores_as_the_plain_one(tmp_path: Path) -> None:
    from evmeval.conventions.corpus import event_inputs
    from evmeval.conventions.first_document import index_gold

    from tests.core.test_textee_streamed_load import _pair

    gold, system = _pair(tmp_path, 4, documents=10, longest=3)
    window = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    g, s = window.inputs.gold, window.inputs.system
    kept = [kept_mentions(d) for d in g.documents.values() if d.mentions]
    assert kept and all(type(k) is PackedMentions for k in kept)
    assert any(len(m.span) > 1 for d in g.documents.values() for m in d.mentions)  # runs of several tokens
    plain_gold = TbfFile(g.path, SpanMode.TOKEN, {k: Document(k, tuple(d.mentions)) for k, d in g.documents.items()})
    plain_system = TbfFile(s.path, SpanMode.TOKEN, {k: Document(k, tuple(d.mentions))
                                                    for k, d in s.documents.items()})
    _same_scores(g, s, plain_gold, plain_system)
    assert canonical("Attack") in {m.mention_type for d in g.documents.values() for m in d.mentions}


def test_the_windows_maven_ere_clusters_are_packed_once_in_the_corpus_and_read_as_the_plain_ones() -> None:
    """The window's MAVEN-ERE clusters (gold's events and the submission's) are three ints a relation in one table
    for the corpus, a member tuple kept once (the `Relation` tuples and their ids were 3 MB at MAVEN-ERE's size);
    they read as the whole read's relations, and the reader's caches are let go once the pair is read."""
    g, s = Input(str(EXAMPLES / "maven_ere_gold.jsonl")), Input(str(EXAMPLES / "maven_ere_pred.jsonl"))
    pair = streamed_pair("maven-ere", g, s)
    assert token_span.cache_info().currsize == 0
    whole = maven_ere_pair(g, s)
    packed = [kept for side in (pair.gold, pair.system) for d in side.documents.values()
              if type(kept := kept_field(d, "relations")) is PackedRelations]
    assert len(packed) >= 2 and len({id(p.table) for p in packed}) == 1
    table = packed[0].table
    assert len(table.members) == len(set(table.members)) and table.kinds == ["Coreference"]
    named = 0
    for doc_id, doc in pair.system.documents.items():
        assert doc.relations == whole.system.documents[doc_id].relations
        assert pair.gold.documents[doc_id].relations == whole.gold.documents[doc_id].relations
        named += sum(len(r.mention_ids) for r in doc.relations)
    assert named >= 2


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["", "w", "doc-12-", "XIN_ENG_2012.0000-3:", "\x01", "a\x00"]),
       st.lists(st.text(alphabet="abcE0123456789:-_\x00\x01", max_size=8), max_size=6))
def test_a_documents_mention_ids_kept_as_one_string_read_back_the_same(prefix: str, rest: list[str]) -> None:
    ids = [prefix + i for i in rest]
    kept = joined_ids(ids)
    assert list(split_ids(kept)) == ids
    marked = any("\x00" in i or "\x01" in i for i in ids)
    assert type(kept) is (str if ids and not marked else tuple)
    if len(ids) > 1 and len(prefix) >= 4 and not marked:
        assert len(kept) < sum(map(len, ids)) + len(ids)  # the shared prefix kept once


def test_a_settled_table_finds_its_values_again() -> None:
    table = MentionTable()
    mentions = [unannotated_mention("gold", "D1", f"E{k}", (f"t{k}",), "x", "Attack", 1) for k in range(3)]
    first = Document("D1", pack_mentions(table, mentions))
    table.settle()
    again = Document("D2", pack_mentions(table, [m._replace(doc_id="D2") for m in mentions]))
    assert len(table.values) == len(set(map(repr, table.values)))  # nothing packed twice
    assert first.mentions == tuple(mentions) and [m.doc_id for m in again.mentions] == ["D2"] * 3


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-40_000, 40_000), st.integers(-2**31, 2**31 - 1)), max_size=20))
def test_packed_ints_are_two_bytes_when_every_one_fits_and_read_back_the_same(values: list[int]) -> None:
    kept = compact_ints(values)
    assert list(kept) == values
    assert kept.itemsize == (2 if values and all(-32768 <= v <= 32767 for v in values) else 4)
