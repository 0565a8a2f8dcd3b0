"""Coreference's bulk helpers (CoNLL text, column sums) give exactly what one-by-one gives; the general
path takes every document; `documents()` makes the random documents the C kernel is checked on."""

from __future__ import annotations

from evmeval.align import Mapping, Pair
from evmeval.coref import scoring as coref
from evmeval.coref.metrics import ZERO_COUNTS, score_chains, sum_counts
from evmeval.io.conll import (
    EvmevalConllWriter,
    evmeval_mention_text,
    evmeval_mention_texts,
    format_evmeval_conll_document,
)
from evmeval.mention.scoring import DocumentResult
from evmeval.model import Document, Mention, Relation
from hypothesis import given, settings
from hypothesis import strategies as st


def _mention(mention_id: str) -> Mention:
    return Mention("run", "d", mention_id, ("t1",), "x", "attack", "actual", "Attack", "Actual", None, 1)


@st.composite
def documents(draw: st.DrawFn, max_mentions: int = 9,
              max_clusters: int = 4) -> tuple[DocumentResult, Document, Document]:
    """A document with random mentions, a random one-to-one alignment (Dice 1, 0.5 or 0.25) and random
    `@Coreference` clusters (disjoint; one-member and empty relations too) on each side."""
    num_gold, num_system = draw(st.integers(0, max_mentions)), draw(st.integers(0, max_mentions))
    gold = tuple(_mention(f"G{k}") for k in range(num_gold))
    system = tuple(_mention(f"S{k}") for k in range(num_system))
    system_order = draw(st.permutations(range(num_system)))
    pairs = tuple(Pair(g, s, draw(st.sampled_from((1.0, 0.5, 0.25))))
                  for g, s in zip(draw(st.permutations(range(num_gold))), system_order, strict=False)
                  if draw(st.booleans()))

    def relations(prefix: str, count: int) -> tuple[Relation, ...]:
        cluster_of = draw(st.lists(st.integers(-1, max_clusters - 1), min_size=count, max_size=count))
        clusters: dict[int, list[str]] = {k: [] for k in range(draw(st.integers(0, max_clusters)))}
        for row in draw(st.permutations(range(count))):
            if cluster_of[row] in clusters:
                clusters[cluster_of[row]].append(f"{prefix}{row}")
        return tuple(Relation("Coreference", f"R{k}", tuple(ids), 10 + k) for k, ids in clusters.items())

    doc = DocumentResult("d", gold, system, True, {"plain": Mapping("plain", pairs, 0.0)}, {})
    return doc, Document("d", gold, relations("G", num_gold)), Document("d", system, relations("S", num_system))


def test_general_path_takes_repeated_ids_and_unknown_members() -> None:
    gold = (_mention("E1"), _mention("E1"), _mention("E2"))
    doc = DocumentResult("d", gold, gold, True, {"plain": Mapping("plain", (Pair(0, 0, 1.0),), 1.0)}, {})
    document = Document("d", gold, (Relation("Coreference", "R1", ("E1", "E9"), 5),))
    scored = coref.score_document_coreference(doc, document, document, combination="plain")
    assert scored.gold_labels == (0, 0, 1, -1, -1) and not scored.unique_ids  # both E1 rows in R1
    assert "E9, not a mention" in str(scored.gold_clusters.warnings[0])


@given(st.lists(st.tuples(st.lists(st.lists(st.integers(0, 7), max_size=4), max_size=4),
                          st.lists(st.lists(st.integers(0, 7), max_size=4), max_size=4)), max_size=5))
@settings(max_examples=100)
def test_column_sums_equal_chained_additions(documents: list[tuple[list[list[int]], list[list[int]]]]) -> None:
    counts = [score_chains(k, r) for k, r in documents]
    chained = ZERO_COUNTS
    for c in counts:
        chained = chained + c
    assert repr(sum_counts(counts)) == repr(chained)


_TEXT_CHARACTERS = st.sampled_from([*"ab_,", " ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\xa0", "\u2003"])


@given(st.lists(st.text(_TEXT_CHARACTERS, max_size=6), max_size=6))
@settings(max_examples=300)
def test_bulk_mention_texts_equal_one_by_one(texts: list[str]) -> None:
    assert evmeval_mention_texts(texts) == [evmeval_mention_text(t) for t in texts]


def test_bulk_mention_texts_on_spaces() -> None:
    # v1.8 (Python 2 byte strings) splits on ASCII whitespace only: a no-break space stays.
    assert evmeval_mention_texts([" made  way ", "a\xa0b", "", "  "]) == ["made_way", "a\xa0b", "", ""]


@given(st.lists(st.one_of(st.none(), st.tuples(st.sampled_from(["x", "made_way", "None"]), st.integers(0, 250))),
                max_size=30))
def test_writer_equals_line_by_line_format(rows: list[tuple[str, int] | None]) -> None:
    writer = EvmevalConllWriter()
    texts = ["None" if r is None else r[0] for r in rows]
    labels = [-1 if r is None else r[1] for r in rows]
    for _ in range(2):  # the shared pieces are reused the second time
        assert writer.document("d1", texts, labels) == format_evmeval_conll_document("d1", rows)
