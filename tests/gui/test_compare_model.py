"""The Compare mode's Qt-free layer: three-lane layout, the one selection, filters."""

from __future__ import annotations

from evmeval.align import COMBINATIONS
from evmeval.compare.runs import compare_results
from evmeval.mention.cases import CaseKind
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.scoring import score_files

from evmeval_gui.compare.state import (
    CompareSelection,
    CompareState,
    filter_cases,
    reversed_pair,
    selection_around,
)
from evmeval_gui.model.corpus import load_corpus, make_request
from evmeval_gui.model.doctext import SPACE, WORD, DocumentText, Segment
from evmeval_gui.model.lanes_layout import LANE_A, LANE_B, LANE_GOLD, LanesText, layout_lanes
from tests.gui.corpus_factory import write_corpus


def _doc() -> LanesText:
    segments = (Segment(WORD, "attacked", 0), Segment(SPACE, " ", repeat=1), Segment(WORD, "town", 1))
    text = DocumentText("d", segments, ("t1", "t2"), gold_units=((0,),), system_units=((0,), (0, 1)),
                        source="token table")
    return LanesText(text, num_a=1)


def test_lanes_stack_a_then_gold_above_the_words_and_b_below():
    layout = layout_lanes(_doc(), lambda word: 8.0 * len(word), 400.0)
    bars = layout.layout.mention_bars
    a, gold, b = bars[(LANE_A, 0)][0], bars[(LANE_GOLD, 0)][0], bars[(LANE_B, 0)][0]
    line = layout.layout.lines[0]
    assert a.y1 <= gold.y0 < gold.y1 <= line.text_top
    assert b.y0 >= line.text_top + layout.layout.metrics.text_height
    assert bars[(LANE_B, 0)][0].x1 > bars[(LANE_A, 0)][0].x1  # b's mention covers both words


def test_line_without_mentions_takes_no_lane_room():
    segments = (Segment(WORD, "quiet", 0),)
    text = DocumentText("d", segments, ("t1",), (), (), "token table")
    layout = layout_lanes(LanesText(text, 0), lambda word: 40.0, 400.0)
    line = layout.layout.lines[0]
    assert line.text_top == line.y + layout.layout.metrics.text_pad


def test_selection_around_a_system_mention_takes_its_gold_and_the_other_run(tmp_path):
    corpus_dir = write_corpus(tmp_path / "c")
    request = make_request(str(corpus_dir / "gold.tbf"), [str(corpus_dir / "system.tbf"),
                                                          str(corpus_dir / "system_b.tbf")])
    corpus = load_corpus(request)
    results = [score_files(i.gold, i.system) for i in corpus.inputs]
    doc_a, doc_b = (r.document("doc1") for r in results)
    rows_a, rows_b = mapping_rows(doc_a, "plain"), mapping_rows(doc_b, "plain")
    # system S1 (index 0) of run a maps to gold E1 (index 0); run b's B1 (index 0) too
    assert selection_around("doc1", rows_a, rows_b, "a", 0) == CompareSelection("doc1", frozenset({0}),
                                                                                 frozenset({0}), frozenset({0}))
    # gold E5 (missed by both): only the gold mention
    assert selection_around("doc1", rows_a, rows_b, "gold", 4) == CompareSelection("doc1", frozenset({4}))
    comparison = compare_results(results)
    cases = comparison.cases(0, 1, "plain")
    broken = filter_cases(cases, kinds=[CaseKind.BROKEN])
    assert broken and all(c.kind is CaseKind.BROKEN for c in broken)
    assert all(CompareSelection.of_case(c).selects(c) for c in cases)
    assert filter_cases(cases, doc_id="doc2") == [c for c in cases if c.doc_id == "doc2"]
    # the reversed pair is the core's pair run the other way round: deltas negate, p-values stay
    flipped = reversed_pair(comparison, 1, 0)
    for c in COMBINATIONS:
        forward, back = comparison.pair(0, 1).tests[c], flipped.tests[c]
        assert back.delta_f1 == -forward.delta_f1
        assert back.p_value == forward.p_value
    state = CompareState()
    state.set_comparison(comparison)
    state.set_pair(1, 0)
    assert state.pair_comparison() is None  # computed in the background by the mode
    state.add_pair(flipped)
    assert state.pair_comparison() is flipped
