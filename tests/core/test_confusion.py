"""Confusion matrices: cells derived by hand, invariants against the mapping table, chart filters."""

from __future__ import annotations

from collections import Counter

import pytest
from evmeval.align import COMBINATIONS
from evmeval.io.loading import load_inputs
from evmeval.io.tbf import parse_tbf
from evmeval.mention.confusion import (
    MISSED,
    SPURIOUS,
    CellMember,
    ConfusionTally,
    attribute_value,
    confusion,
    confusions,
    not_fully_credited,
)
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from hypothesis import given, settings
from hypothesis import strategies as st

# Character mode. doc1: G1/S1 exact (typea); G2/S2 same span, system says typea (plain pair off the
# diagonal); G3 missed; S3 spurious (typeb); S4 overlaps G1, which S1 took: an extra split part.
GOLD = """#BeginOfDocument doc1
g\tdoc1\tG1\t0,4\tkill\tTypeA\tActual
g\tdoc1\tG2\t10,14\tshot\tTypeB\tGeneric
g\tdoc1\tG3\t20,24\trush\tTypeA\tActual
#EndOfDocument
"""
SYSTEM = """#BeginOfDocument doc1
s\tdoc1\tS1\t0,4\tkill\tTypeA\tActual
s\tdoc1\tS2\t10,14\tshot\tTypeA\tGeneric
s\tdoc1\tS3\t30,34\tfire\tTypeB\tOther
s\tdoc1\tS4\t2,6\tll a\tTypeA\tActual
#EndOfDocument
"""


def _score(gold: str, system: str):
    g, _ = parse_tbf(gold, path="gold.tbf", mode=SpanMode.CHAR)
    s, _ = parse_tbf(system, path="system.tbf", mode=SpanMode.CHAR)
    return score_files(g, s)


@pytest.fixture(scope="module")
def hand():
    return _score(GOLD, SYSTEM)


@pytest.fixture(scope="module")
def demo_c(evmeval_data):
    folder = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "sample_system_C.tbf"), token_dir=str(folder / "tkn"))
    return score_files(inputs.gold, inputs.system)


def test_hand_made_type_cells(hand):
    m = confusion(hand.documents, "mention_type")
    assert m.labels == ("typea", "typeb")
    assert m.count("typea", "typea") == 1          # G1-S1
    assert m.count("typeb", "typea") == 1          # G2-S2: right span, wrong type, still a plain pair
    assert m.count("typea", None) == 1             # G3 missed
    assert m.count(None, "typeb") == 1             # S3 spurious
    assert m.count(None, "typea") == 1             # S4 split part counts as "no gold partner"
    assert m.count("typeb", "typeb") == 0
    assert m.counts[2][2] == 0                     # the corner
    assert m.total == 3 + 4 - 2                    # every mention once, a pair once for two mentions
    assert m.gold_axis == ("typea", "typeb", SPURIOUS)
    assert m.system_axis == ("typea", "typeb", MISSED)


def test_cell_members_name_the_rows(hand):
    m = confusion(hand.documents, "mention_type")
    assert m.cell_members("typeb", "typea") == (CellMember("doc1", 1, 1),)
    assert m.cell_members("typea", None) == (CellMember("doc1", 2, None),)
    assert set(m.cell_members(None, "typea")) == {CellMember("doc1", None, 3)}
    assert m.cell_members("typeb", "typeb") == ()


def test_hand_made_realis_cells(hand):
    m = confusion(hand.documents, "realis_status")
    assert m.labels == ("actual", "generic", "other")
    assert m.count("actual", "actual") == 1
    assert m.count("generic", "generic") == 1
    assert m.count("actual", None) == 1
    assert m.count(None, "other") == 1
    assert m.count(None, "actual") == 1


def test_demo_system_c_type_error_is_off_the_diagonal(demo_c):
    # example2 E3: gold Personnel_Start-Position, system Personnel_End-Position, Dice 2/3 in plain.
    for combination in COMBINATIONS:
        m = confusion(demo_c.documents, "mention_type", combination)
        assert m.combination == combination
        assert m.count("personnelstartposition", "personnelendposition") == 1
        assert m.cell_members("personnelstartposition", "personnelendposition") == (CellMember("example2", 1, 1),)
        assert m.count("movementtransportperson", "movementtransportperson") == 1
        assert m.count("personnelnominate", "personnelnominate") == 1
        assert m.total == 3


def test_demo_system_c_realis(demo_c):
    m = confusion(demo_c.documents, "realis_status")
    assert m.count("actual", "actual") == 1      # example1 E1
    assert m.count("actual", "other") == 1       # example2 E2: Actual vs Other
    assert m.count("generic", "generic") == 1    # example2 E3


def test_confusions_shares_one_pass_and_agrees(demo_c):
    both = confusions(demo_c.documents, "mention_type+realis_status")
    assert both["mention_type"] == confusion(demo_c.documents, "mention_type", "mention_type+realis_status")
    assert both["realis_status"] == confusion(demo_c.documents, "realis_status", "mention_type+realis_status")


def test_unknown_attribute_is_a_clear_error(demo_c):
    with pytest.raises(ValueError, match=r"unknown attribute 'type'.*mention_type, realis_status"):
        confusion(demo_c.documents, "type")


def test_not_fully_credited(demo_c):
    doc = demo_c.document("example2")
    assert not_fully_credited(doc, "plain") == (frozenset({1}), frozenset({1}))   # E3 is partial
    assert not_fully_credited(doc, "mention_type+realis_status") == (frozenset({0, 1}), frozenset({0, 1}))
    assert not_fully_credited(demo_c.document("example1"), "plain") == (frozenset(), frozenset())


# -- invariants over random documents ---------------------------------------------------------------

TYPES = ("Attack", "Die", "Meet")
REALIS = ("Actual", "Generic", "Other")
mention = st.tuples(st.integers(0, 12), st.integers(1, 4), st.sampled_from(TYPES), st.sampled_from(REALIS))


def _tbf(doc: str, run: str, mentions: list[tuple[int, int, str, str]]) -> str:
    lines = [f"#BeginOfDocument {doc}"]
    for i, (start, length, mtype, realis) in enumerate(mentions):
        lines.append(f"{run}\t{doc}\tM{i}\t{start},{start + length}\tx\t{mtype}\t{realis}")
    return "\n".join([*lines, "#EndOfDocument", ""])


@settings(max_examples=60, deadline=None)
@given(st.lists(mention, max_size=8), st.lists(mention, max_size=8), st.sampled_from(COMBINATIONS))
def test_every_mention_counted_once_and_margins_match(gold, system, combination):
    result = _score(_tbf("d", "g", gold), _tbf("d", "s", system))
    doc = result.documents[0]
    rows = mapping_rows(doc, combination)
    for attribute, value in (("mention_type", lambda m: m.mention_type), ("realis_status", lambda m: m.realis)):
        m = confusion(result.documents, attribute, combination)
        none = len(m.labels)
        assert m.total == len(rows)
        members = [x for cell in m.members.values() for x in cell]
        assert len(members) == len(set(members)) == len(rows)
        assert {(x.gold_index, x.system_index) for x in members} == {(r.gold_index, r.system_index) for r in rows}
        gold_counts = Counter(value(x) for x in doc.gold)
        system_counts = Counter(value(x) for x in doc.system)
        for i, label in enumerate(m.labels):
            assert sum(m.counts[i]) == gold_counts[label]                        # a gold value's row of cells
            assert sum(row[i] for row in m.counts) == system_counts[label]       # a system value's cells
        paired = sum(m.counts[g][s] for g in range(none) for s in range(none))
        assert paired == sum(1 for r in rows if r.gold is not None and r.system is not None)
        missed = sum(1 for r in rows if r.outcome in (Outcome.MISSED, Outcome.MERGED))  # no system partner
        assert sum(m.counts[g][none] for g in range(none)) == missed


def _plain_confusion(documents, attribute, combination):
    """The matrix counted the obvious way: cell members in document and row order, labels sorted."""
    cells: dict = {}
    for doc in documents:
        for row in mapping_rows(doc, combination):
            key = (attribute_value(row.gold, attribute) if row.gold is not None else None,
                   attribute_value(row.system, attribute) if row.system is not None else None)
            cells.setdefault(key, []).append(CellMember(doc.doc_id, row.gold_index, row.system_index))
    labels = sorted({v for key in cells for v in key if v is not None})
    slot = {**{label: i for i, label in enumerate(labels)}, None: len(labels)}
    counts = [[0] * (len(labels) + 1) for _ in range(len(labels) + 1)]
    members = {}
    for (gold, system), rows in cells.items():
        counts[slot[gold]][slot[system]] = len(rows)
        members[(slot[gold], slot[system])] = tuple(rows)
    return tuple(labels), tuple(map(tuple, counts)), members


def _score_documents(documents: list):
    """Each (gold mentions, system mentions) pair as document d0, d1, ... of both files, scored."""
    gold = "".join(_tbf(f"d{i}", "g", g) for i, (g, _) in enumerate(documents))
    system = "".join(_tbf(f"d{i}", "s", s) for i, (_, s) in enumerate(documents))
    return _score(gold, system)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.lists(mention, max_size=6), st.lists(mention, max_size=6)), min_size=1, max_size=4),
       st.sampled_from(COMBINATIONS))
def test_confusions_equal_the_plain_count_over_several_documents(documents, combination):
    result = _score_documents(documents)
    matrices = confusions(result.documents, combination)
    assert set(matrices) == {"mention_type", "realis_status"}
    for attribute, matrix in matrices.items():
        labels, counts, members = _plain_confusion(result.documents, attribute, combination)
        assert (matrix.labels, matrix.counts, dict(matrix.members)) == (labels, counts, members)
        assert all(type(m) is CellMember for cell in matrix.members.values() for m in cell)
        assert matrix.rule == result.documents[-1].mappings[combination].rule
        assert matrix.attribute == attribute and matrix.combination == combination


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.lists(mention, max_size=6), st.lists(mention, max_size=6)), min_size=1, max_size=4),
       st.sampled_from(COMBINATIONS))
def test_a_tally_without_members_counts_the_same_cells(documents, combination):
    """The export's tally (its charts are drawn, never clicked) keeps counts only, the same counts."""
    result = _score_documents(documents)
    counted = ConfusionTally(combination, members=False)
    for doc in result.documents:
        counted.add(doc)
    with_members = confusions(result.documents, combination)
    for attribute, matrix in counted.take().items():
        full = with_members[attribute]
        assert (matrix.labels, matrix.counts, matrix.rule) == (full.labels, full.counts, full.rule)
        assert not matrix.members
