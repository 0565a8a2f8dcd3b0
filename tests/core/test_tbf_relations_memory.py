"""A tbf file's relations kept compact (issue 34: the window held 60 of the 79 MB it keeps after loading a
1,000-document tbf corpus as `Relation` tuples, their line numbers and member tuples). `Document.relations` still
returns what every reader reads: a tuple of `Relation`, the same values, equal to a document built by hand."""

from __future__ import annotations

import dataclasses
import gc
import pickle
import tracemalloc

from evmeval.io.tbf import document_relations, parse_tbf
from evmeval.model import Document, Relation, SpanMode

DOCS = 200
LINKS = 60


def _corpus() -> str:
    """DOCS documents of 20 mentions each, LINKS `@After` links, two coreference clusters and a subevent link."""
    lines = []
    for d in range(DOCS):
        lines.append(f"#BeginOfDocument D{d}")
        lines += [f"run\tD{d}\tE{m}\tt{m}\tword\tConflict_Attack\tActual" for m in range(20)]
        lines += [f"@After\tR{k}\tE{k % 20},E{(k * 7 + 1) % 20}" for k in range(LINKS)]
        lines += [f"@Coreference\tC{d}\tE1,E2,E3", f"@Coreference\tC{d + 1}\tE4,E5", "@Subevent\tS1\tE6,E7"]
        lines.append("#EndOfDocument")
    return "\n".join(lines) + "\n"


def test_relations_read_back_as_relation_tuples_with_their_values() -> None:
    tbf, problems = parse_tbf(_corpus(), path="g.tbf", mode=SpanMode.TOKEN)
    assert not problems
    doc = tbf.documents["D3"]
    relations = doc.relations
    assert type(relations) is tuple and len(relations) == LINKS + 3
    assert all(type(r) is Relation for r in relations)
    first_line = doc.line + 21  # the header, 20 mention lines, then the first relation
    assert relations[0] == Relation("After", "R0", ("E0", "E1"), first_line)
    assert type(relations[0].line) is int and type(relations[0].mention_ids) is tuple
    assert relations[-3:] == (Relation("Coreference", "C3", ("E1", "E2", "E3"), first_line + LINKS),
                              Relation("Coreference", "C4", ("E4", "E5"), first_line + LINKS + 1),
                              Relation("Subevent", "S1", ("E6", "E7"), first_line + LINKS + 2))
    assert doc.relations == relations  # read again: the same values


def test_a_parsed_document_is_a_document_like_any_other() -> None:
    tbf, _ = parse_tbf(_corpus(), path="g.tbf", mode=SpanMode.TOKEN)
    doc = tbf.documents["D0"]
    by_hand = Document(doc.doc_id, doc.mentions, tuple(doc.relations), doc.line)
    assert doc == by_hand and hash(doc) == hash(by_hand) and repr(doc) == repr(by_hand)
    assert pickle.loads(pickle.dumps(doc)) == doc  # worker processes receive documents pickled
    assert len(pickle.dumps(doc)) < 2 * len(pickle.dumps(by_hand))  # without the whole file's relation table
    cut = dataclasses.replace(doc, relations=doc.relations[:2])
    assert cut.relations == doc.relations[:2] and cut.mentions == doc.mentions
    assert Document("D9", ()).relations == () and tbf.documents["D1"].relations != ()
    assert doc.relation_kinds() == by_hand.relation_kinds() == {"After", "Coreference", "Subevent"}
    assert Document("D9", ()).relation_kinds() == set()
    text = _corpus().split("#EndOfDocument\n")[0] + "#EndOfDocument\n"
    assert document_relations(text, path="g.tbf", first_line=1) == doc.relations


def _kept(text: str) -> int:
    """Bytes a parsed `text` keeps (traced, after a collection)."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        parsed = parse_tbf(text, path="g.tbf", mode=SpanMode.TOKEN)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before + 0 * len(parsed)  # `parsed` alive while measured
    finally:
        tracemalloc.stop()


def test_a_files_relations_are_kept_in_a_third_of_the_memory_of_relation_tuples() -> None:
    text = _corpus()
    without = "\n".join(line for line in text.split("\n") if not line.startswith("@"))
    per_relation = (_kept(text) - _kept(without)) / (DOCS * (LINKS + 3))
    # as `Relation` tuples: the tuple (80 bytes), its line number (28), its place in the document's tuple (8) and
    # the member tuples (shared) were 118 bytes a relation; packed, 20
    assert per_relation < 40, f"{per_relation:.0f} bytes a relation"


def test_relation_lines_apart_keep_their_own_line_numbers() -> None:
    text = ("#BeginOfDocument D1\nrun\tD1\tE1\tt1\tword\tConflict_Attack\tActual\n@After\tR1\tE1,E2\n\n"
            "run\tD1\tE2\tt2\tword\tConflict_Attack\tActual\n# a comment\n@Coreference\tC1\tE1,E2\n"
            "@Subevent\tS1\tE2,E1\n#EndOfDocument\n#BeginOfDocument D2\n@After\tR1\tE1,E2\n#EndOfDocument\n")
    tbf, problems = parse_tbf(text, path="g.tbf", mode=SpanMode.TOKEN)
    assert not problems
    assert tbf.documents["D1"].relations == (Relation("After", "R1", ("E1", "E2"), 3),
                                             Relation("Coreference", "C1", ("E1", "E2"), 7),
                                             Relation("Subevent", "S1", ("E2", "E1"), 8))
    assert tbf.documents["D2"].relations == (Relation("After", "R1", ("E1", "E2"), 11),)
    assert document_relations(text.split("#BeginOfDocument D2")[0], path="g.tbf", first_line=1) == \
        tbf.documents["D1"].relations


def test_line_numbers_past_four_byte_ints_are_kept_as_relation_tuples() -> None:
    from evmeval.model import RelationTable, pack_relations

    table = RelationTable()
    table.kinds.append("After")
    table.ids.append("R1")
    table.members.append(("E1", "E2"))
    far = 2**31
    expected = (Relation("After", "R1", ("E1", "E2"), far), Relation("After", "R1", ("E1", "E2"), far + 5))
    assert pack_relations(table, [0, 0, 0, 0, 0, 0], [far, far + 5]) == expected
    assert Document("D", (), pack_relations(table, [0, 0, 0, 0, 0, 0], [far, far + 1])).relations == (
        expected[0], expected[1]._replace(line=far + 1))
