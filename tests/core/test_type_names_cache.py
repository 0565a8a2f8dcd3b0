"""The incremental spelling cache (what the window uses after every edit) against a fresh computation."""

from __future__ import annotations

import gc
import tracemalloc
from dataclasses import dataclass

from evmeval.mention.type_names import SpellingCache, type_names
from evmeval.model import Mention
from hypothesis import given, settings
from hypothesis import strategies as st

SPELLINGS = {"lifedie": ("Life_Die", "LIFE_DIE", "life-die"), "conflictattack": ("Conflict_Attack", "conflict_attack"),
             "justicearrestjail": ("Justice_Arrest-Jail", "JUSTICE_arrest_jail"), "contactmeet": ("Contact_Meet",)}


@dataclass(frozen=True)
class Doc:
    gold: tuple[Mention, ...]
    system: tuple[Mention, ...]


def mention(canonical: str, spelling: int) -> Mention:
    raw = SPELLINGS[canonical][spelling % len(SPELLINGS[canonical])]
    return Mention("run", "d", "E1", ("t1",), "x", canonical, "actual", raw, "Actual", None, 1)


mentions = st.lists(st.tuples(st.sampled_from(sorted(SPELLINGS)), st.integers(0, 2)).map(lambda t: mention(*t)),
                    max_size=4).map(tuple)
documents = st.builds(Doc, mentions, mentions)


@settings(max_examples=60, deadline=None)
@given(st.lists(documents, min_size=1, max_size=6),
       st.lists(st.tuples(st.integers(0, 5), documents), max_size=8))
def test_the_cache_names_every_type_as_starting_over_does_in_the_same_order(docs, edits):
    cache = SpellingCache()
    assert list(cache.type_names(docs).items()) == list(type_names(docs).items())
    for position, replacement in edits:  # one document replaced at a time, as an edit does
        docs = [replacement if k == position % len(docs) else d for k, d in enumerate(docs)]
        assert list(cache.type_names(docs).items()) == list(type_names(docs).items())
    shorter = docs[1:]  # another corpus: a different number of documents
    assert list(cache.type_names(shorter).items()) == list(type_names(shorter).items())


def test_a_gold_spelling_wins_over_an_earlier_documents_system_spelling():
    docs = [Doc((), (mention("lifedie", 1),)), Doc((mention("lifedie", 2),), ())]
    assert SpellingCache().type_names(docs)["lifedie"] == "life-die" == type_names(docs)["lifedie"]


def test_the_cache_keeps_10_bytes_per_document_and_type() -> None:
    """Where a document spells a type is kept for every document and type (an edit moves only its own): an int in
    an array and a 2-byte code of the spelling (a reference to it was 8 bytes more), not a dict entry and an int
    object each (10 MB of a 4,480-document MAVEN-ERE corpus shown in the window, issue 34); the names are those
    of a fresh computation."""
    docs = [Doc((mention("lifedie", k), mention("conflictattack", k + 1)), (mention("contactmeet", 0),))
            for k in range(2000)]
    entries = 3 * len(docs)
    fresh = type_names(docs)  # (and every document's own attributes made, before measuring)
    cache = SpellingCache()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        names = cache.type_names(docs)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert names == fresh
    assert kept <= 14 * entries, f"{kept / entries:.1f} bytes per document and type"
