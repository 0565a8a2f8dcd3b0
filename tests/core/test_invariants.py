"""Properties of the v1.8 scorer over random small corpora (hypothesis), in token and character mode.

Besides the invariants a reader expects (a perfect system scores 1, swapping sides swaps precision
and recall, document order is irrelevant, bounds), the mapping is checked against a deliberately
naive re-statement of the published rule: every pair's Dice computed from scratch, all pairs ranked by
(-Dice, system line, gold line), taken greedily per attribute combination. The optimised
`candidate_pairs` / `greedy_mappings` must choose exactly the same pairs.
"""

from __future__ import annotations

import math
import re

from evmeval.align import COMBINATIONS
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.model import NOT_ANNOTATED, Document, Mention, SpanMode, TbfFile
from evmeval.report.comparison import format_comparison
from evmeval.report.text import format_report
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TYPES = ("attack", "die", "meet")
REALIS = ("actual", "generic", "other", NOT_ANNOTATED)
DOC_IDS = ("d0", "d1", "d2", "d3")

# --- strategies ---------------------------------------------------------------------------------------

token_span = st.lists(st.sampled_from([f"t{i}" for i in range(1, 9)]), min_size=1, max_size=4).map(tuple)
"""Token ids, repeats allowed (they count once)."""


@st.composite
def char_span(draw: st.DrawFn, overlapping: bool = True) -> tuple[tuple[int, int], ...]:
    """Half-open character parts; `overlapping=False` gives disjoint, non-empty, sorted parts."""
    if overlapping:
        parts = draw(st.lists(st.tuples(st.integers(0, 14), st.integers(1, 4)), min_size=1, max_size=3))
        return tuple((b, b + n) for b, n in parts)
    chars = sorted(draw(st.sets(st.integers(0, 14), min_size=1, max_size=6)))
    parts: list[tuple[int, int]] = []
    for c in chars:
        if parts and parts[-1][1] == c:
            parts[-1] = (parts[-1][0], c + 1)
        else:
            parts.append((c, c + 1))
    return tuple(parts)


def _mentions(draw: st.DrawFn, span: st.SearchStrategy, doc_id: str, prefix: str,
              min_size: int = 0, realis: tuple[str, ...] = REALIS) -> tuple[Mention, ...]:
    specs = draw(st.lists(st.tuples(span, st.sampled_from(TYPES), st.sampled_from(realis)),
                          min_size=min_size, max_size=5))
    return tuple(Mention("run", doc_id, f"{prefix}{i}", s, f"text {i}", t, r, t, r, None, i + 2)
                 for i, (s, t, r) in enumerate(specs))


@st.composite
def corpus(draw: st.DrawFn, mode: SpanMode, overlapping: bool = True,
           both_sides: bool = False) -> tuple[dict[str, tuple[Mention, ...]], dict[str, tuple[Mention, ...]]]:
    """Gold and system mentions per document; system documents may be missing (unless `both_sides`)."""
    span = token_span if mode is SpanMode.TOKEN else char_span(overlapping)
    doc_ids = draw(st.lists(st.sampled_from(DOC_IDS), min_size=1, max_size=4, unique=True))
    gold, system = {}, {}
    for doc_id in doc_ids:
        gold[doc_id] = _mentions(draw, span, doc_id, "G", 1 if both_sides else 0)
        if both_sides or draw(st.booleans()):
            system[doc_id] = _mentions(draw, span, doc_id, "S", 1 if both_sides else 0)
    return gold, system


def same(a: float, b: float) -> bool:
    """Equal, or both NaN."""
    return a == b or (math.isnan(a) and math.isnan(b))


def tbf_file(docs: dict[str, tuple[Mention, ...]], mode: SpanMode, path: str,
             order: list[str] | None = None) -> TbfFile:
    ids = order if order is not None else list(docs)
    return TbfFile(path=path, mode=mode, documents={d: Document(d, docs[d]) for d in ids})


def run(gold: dict, system: dict, mode: SpanMode) -> ScoreResult:
    return score_files(tbf_file(gold, mode, "gold.tbf"), tbf_file(system, mode, "system.tbf"))


modes = st.sampled_from([SpanMode.TOKEN, SpanMode.CHAR])

# --- a naive restatement of the published mapping -------------------------------------------------------


def naive_dice(g: Mention, s: Mention) -> float:
    """Token mode: id sets. Char mode: character lists, intersected as sets (the published quirk)."""
    if isinstance(g.span[0], str):
        a, b = set(g.span), set(s.span)
        sizes = len(a) + len(b)
    else:
        ga = [c for begin, end in g.span for c in range(begin, end)]
        sa = [c for begin, end in s.span for c in range(begin, end)]
        a, b = set(ga), set(sa)
        sizes = len(ga) + len(sa)
    return 2.0 * len(a & b) / sizes if sizes else 0.0


def naive_match(combination: str, g: Mention, s: Mention) -> bool:
    if "mention_type" in combination and g.mention_type != s.mention_type:
        return False
    return not ("realis_status" in combination and g.realis not in (NOT_ANNOTATED, s.realis))


def naive_greedy(gold: tuple[Mention, ...], system: tuple[Mention, ...],
                 combination: str) -> tuple[list[tuple[int, int, float]], float]:
    ranked = sorted((-naive_dice(g, s), si, gi) for si, s in enumerate(system) for gi, g in enumerate(gold))
    taken_g: set[int] = set()
    taken_s: set[int] = set()
    chosen: list[tuple[int, int, float]] = []
    tp = 0.0
    for neg, si, gi in ranked:
        if neg < 0 and si not in taken_s and gi not in taken_g and naive_match(combination, gold[gi], system[si]):
            taken_g.add(gi)
            taken_s.add(si)
            chosen.append((gi, si, -neg))
            tp += -neg
    return chosen, tp


# --- parsing the text report back -------------------------------------------------------------------------


def _number(cell: str) -> float:
    return math.nan if cell.strip() == "nan" else float(cell)


def parse_report(report: str) -> tuple[dict[str, list[float]], dict[str, list[float]], dict[str, list[float]]]:
    """Document rows (12 figures), per-type rows (P, R, F1, #gold, #sys) and final rows (6 figures)."""
    documents: dict[str, list[float]] = {}
    types: dict[str, list[float]] = {}
    final: dict[str, list[float]] = {}
    section = ""
    for line in report.splitlines():
        if line.startswith("="):
            section = re.sub("=+", "", line)
            continue
        cells = [c for c in line.split("\t") if c != "|"]
        if not line.strip() or len(cells) < 2 or cells[1].startswith("Prec") or not cells[0].strip() \
                or cells[0].strip() in ("Type", "Attributes"):
            continue
        target = {"Document Mention Detection Results": documents, "Mention Type Results": types,
                  "Final Mention Detection Results": final}[section]
        target[cells[0].strip()] = [_number(c) for c in cells[1:]]
    return documents, types, final


def same_figure(printed: float, value: float, scale: float) -> bool:
    """A printed 2-decimal figure is the value (times `scale`) rounded; NaN prints as nan."""
    if math.isnan(value):
        return math.isnan(printed)
    return abs(printed - value * scale) <= 0.005 + 1e-9


# --- the properties ------------------------------------------------------------------------------------------


@SETTINGS
@given(mode=modes, data=st.data())
def test_perfect_system_scores_one_everywhere(mode: SpanMode, data: st.DataObject) -> None:
    # Character spans with disjoint parts: a span with overlapping parts does not fully match itself.
    gold, _ = data.draw(corpus(mode, overlapping=False))
    system = {d: tuple(m._replace(mention_id="S" + m.mention_id) for m in ms) for d, ms in gold.items()}
    result = run(gold, system, mode)
    for doc in result.documents:
        if not doc.counted:
            continue
        for combination in COMBINATIONS:
            s = doc.scores[combination]
            assert (s.tp, s.precision, s.recall, s.f1) == (len(doc.gold), 1.0, 1.0, 1.0)
    if any(doc.counted for doc in result.documents):
        for combination in COMBINATIONS:
            assert result.micro[combination].f1 == 1.0
            assert result.macro[combination].precision == 1.0
            assert result.macro[combination].recall == 1.0
            assert result.macro[combination].f1 == 1.0
        for row in result.per_type_published + result.per_type_by_type_mapping:
            assert (row.precision, row.recall, row.f1) == (1.0, 1.0, 1.0)
    for line in format_comparison(result).splitlines():
        if not line.startswith("#"):
            assert line.endswith("\t1.00")


def _distinct_dice(gold: dict, system: dict) -> bool:
    for doc_id, g in gold.items():
        values = [naive_dice(a, b) for a in g for b in system.get(doc_id, ())]
        positive = [v for v in values if v > 0]
        if len(positive) != len(set(positive)):
            return False
    return True


@SETTINGS
@given(mode=modes, data=st.data())
def test_swapping_gold_and_system_swaps_plain_precision_and_recall(mode: SpanMode, data: st.DataObject) -> None:
    gold, system = data.draw(corpus(mode, both_sides=True))
    assume(_distinct_dice(gold, system))  # then tie-breaking by line cannot matter
    forward, backward = run(gold, system, mode), run(system, gold, mode)
    for a, b in zip(forward.documents, backward.documents, strict=True):
        fa, fb = a.scores["plain"], b.scores["plain"]
        assert fa.tp == fb.tp
        assert same(fa.precision, fb.recall) and same(fa.recall, fb.precision) and same(fa.f1, fb.f1)
    fm, bm = forward.micro["plain"], backward.micro["plain"]
    assert same(fm.precision, bm.recall) and same(fm.recall, bm.precision) and same(fm.f1, bm.f1)
    assert same(forward.macro["plain"].precision, backward.macro["plain"].recall)
    assert same(forward.macro["plain"].recall, backward.macro["plain"].precision)


@SETTINGS
@given(data=st.data())
def test_swapping_sides_with_exact_spans_only(data: st.DataObject) -> None:
    # Spans drawn from disjoint slots: every overlap is an exact match (Dice 1), so ties abound but
    # the plain TP is the number of matchable pairs per slot whichever side is called gold.
    slot = st.sampled_from([("t1",), ("t2", "t3"), ("t4",), ("t5", "t6", "t7")])
    gold_docs, system_docs = {}, {}
    for doc_id in data.draw(st.lists(st.sampled_from(DOC_IDS), min_size=1, max_size=3, unique=True)):
        gold_docs[doc_id] = _mentions(data.draw, slot, doc_id, "G", 1)
        system_docs[doc_id] = _mentions(data.draw, slot, doc_id, "S", 1)
    forward = run(gold_docs, system_docs, SpanMode.TOKEN)
    backward = run(system_docs, gold_docs, SpanMode.TOKEN)
    for a, b in zip(forward.documents, backward.documents, strict=True):
        assert a.scores["plain"].tp == b.scores["plain"].tp
        assert same(a.scores["plain"].precision, b.scores["plain"].recall)
        assert same(a.scores["plain"].recall, b.scores["plain"].precision)
    assert same(forward.micro["plain"].f1, backward.micro["plain"].f1)


@SETTINGS
@given(mode=modes, data=st.data())
def test_document_order_does_not_matter(mode: SpanMode, data: st.DataObject) -> None:
    gold, system = data.draw(corpus(mode))
    gold_order = data.draw(st.permutations(list(gold)))
    system_order = data.draw(st.permutations(list(system)))
    a = run(gold, system, mode)
    b = score_files(tbf_file(gold, mode, "gold.tbf", gold_order), tbf_file(system, mode, "system.tbf", system_order))
    assert format_report(a) == format_report(b)
    assert format_comparison(a) == format_comparison(b)
    assert [d.doc_id for d in b.documents] == sorted(gold)


def _figures_in_range(values: list[float]) -> bool:
    return all(math.isnan(v) or 0.0 <= v <= 1.0 for v in values)


@SETTINGS
@given(mode=modes, data=st.data())
def test_bounds_and_one_to_one_mappings(mode: SpanMode, data: st.DataObject) -> None:
    gold, system = data.draw(corpus(mode))
    result = run(gold, system, mode)
    for doc in result.documents:
        for combination in COMBINATIONS:
            s = doc.scores[combination]
            assert _figures_in_range([s.precision, s.recall, s.f1])
            assert 0.0 <= s.tp <= min(len(doc.gold), len(doc.system)) + 1e-12
            mapping = doc.mappings[combination]
            golds = [p.gold for p in mapping.pairs]
            systems = [p.system for p in mapping.pairs]
            assert len(set(golds)) == len(golds) and len(set(systems)) == len(systems)
            for p in mapping.pairs:
                assert naive_match(combination, doc.gold[p.gold], doc.system[p.system])
                assert p.dice == naive_dice(doc.gold[p.gold], doc.system[p.system]) > 0
    for combination in COMBINATIONS:
        micro, macro = result.micro[combination], result.macro[combination]
        assert _figures_in_range([micro.precision, micro.recall, micro.f1,
                                  macro.precision, macro.recall, macro.f1])
        assert micro.tp <= min(micro.num_gold, micro.num_system) + 1e-12
    for row in result.per_type_published + result.per_type_by_type_mapping:
        assert _figures_in_range([row.precision, row.recall, row.f1])


@SETTINGS
@given(mode=modes, data=st.data())
def test_mapping_equals_naive_greedy(mode: SpanMode, data: st.DataObject) -> None:
    gold, system = data.draw(corpus(mode))
    result = run(gold, system, mode)
    for doc in result.documents:
        for combination in COMBINATIONS:
            expected, tp = naive_greedy(doc.gold, doc.system, combination)
            mapping = doc.mappings[combination]
            assert [(p.gold, p.system, p.dice) for p in mapping.pairs] == expected
            assert mapping.tp == tp
            assert doc.scores[combination].tp == tp


@SETTINGS
@given(mode=modes, data=st.data())
def test_every_mention_has_exactly_one_mapping_row(mode: SpanMode, data: st.DataObject) -> None:
    gold, system = data.draw(corpus(mode))
    result = run(gold, system, mode)
    for doc in result.documents:
        for combination in COMBINATIONS:
            rows = mapping_rows(doc, combination)
            golds = [r.gold_index for r in rows if r.gold_index is not None]
            systems = [r.system_index for r in rows if r.system_index is not None]
            assert sorted(golds) == list(range(len(doc.gold)))
            assert sorted(systems) == list(range(len(doc.system)))


@SETTINGS
@given(mode=modes, data=st.data())
def test_text_report_reparses_to_the_result(mode: SpanMode, data: st.DataObject) -> None:
    gold, system = data.draw(corpus(mode))
    result = run(gold, system, mode)
    documents, types, final = parse_report(format_report(result))
    assert list(documents) == [d.doc_id for d in result.documents]
    for doc in result.documents:
        printed = documents[doc.doc_id]
        expected = [v for c in COMBINATIONS for v in (doc.scores[c].precision, doc.scores[c].recall,
                                                        doc.scores[c].f1)]
        assert all(same_figure(p, v, 100) for p, v in zip(printed, expected, strict=True)), (printed, expected)
    assert list(types) == [row.mention_type for row in result.per_type_published]
    for row in result.per_type_published:
        p, r, f, n_gold, n_sys = types[row.mention_type]
        for printed, value in ((p, row.precision), (r, row.recall), (f, row.f1)):
            assert same_figure(printed, 0.0 if math.isnan(value) else value, 1)
        assert (n_gold, n_sys) == (row.num_gold, row.num_system)
    assert list(final) == list(COMBINATIONS)
    for combination in COMBINATIONS:
        micro, macro = result.micro[combination], result.macro[combination]
        expected = [micro.precision, micro.recall, micro.f1, macro.precision, macro.recall, macro.f1]
        assert all(same_figure(p, v, 100) for p, v in zip(final[combination], expected, strict=True))
