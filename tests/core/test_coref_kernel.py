"""The optional C kernel (`evmeval.coref._corefkernel`) gives exactly what the pure-Python path gives: the same
lines, labels and bit-identical counts (ints where Python has ints), the same CoNLL and breakdown bytes,
the same corpus sums; and `EVMEVAL_PURE_PYTHON=1` turns it off. Skipped where the kernel is not built."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from evmeval._util.kernels import PURE_PYTHON_VARIABLE
from evmeval.align import Mapping, Pair
from evmeval.cli.score import score_main
from evmeval.coref import kernel as coref_kernel
from evmeval.coref import scoring as coref
from evmeval.coref.metrics import BlancCounts, CorefCounts, LinkCounts, sum_counts
from evmeval.io.conll import EvmevalConllWriter, evmeval_mention_text
from evmeval.mention.scoring import DocumentResult
from evmeval.model import Document, Mention, Relation
from evmeval.report import coref_report
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_coref_fast import documents
from tests.core.test_coref_scoring import _demo_args

KERNEL = coref_kernel.load_kernel()
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the C kernel is not built (optional)")


def _kernel() -> ModuleType:
    assert KERNEL is not None
    return KERNEL


def _python_document(case: tuple[DocumentResult, Document, Document], threshold: float) -> coref.CorefDocument | None:
    doc, gold, system = case
    sources = (coref.ClusterSource(gold, "d", doc.gold, "", False),
               coref.ClusterSource(system, "d", doc.system, "", False))
    return coref.general_document_coreference(doc, sources, "plain", threshold)


def _kernel_document(case: tuple[DocumentResult, Document, Document], threshold: float) -> tuple | None:
    doc, gold, system = case
    return _kernel().document(doc.gold, doc.system, gold.relations, system.relations, doc.mappings["plain"].pairs,
                              threshold)


def _assert_same(case: tuple[DocumentResult, Document, Document], threshold: float) -> None:
    python, kernel = _python_document(case, threshold), _kernel_document(case, threshold)
    assert (python is None) == (kernel is None)
    if python is not None and kernel is not None:
        assert kernel[:4] == (python.gold_rows, python.system_rows, python.gold_labels, python.system_labels)
        assert repr(kernel[4]) == repr(python.counts)  # same floats, same int/float types, same classes


@needs_kernel
@given(documents(), st.sampled_from((1.0, 0.5, 0.0)))
@settings(max_examples=400)
def test_kernel_document_equals_python_bit_for_bit(case: tuple[DocumentResult, Document, Document],
                                                  threshold: float) -> None:
    _assert_same(case, threshold)


def _mention(mention_id: str, text: str = "x") -> Mention:
    return Mention("run", "d", mention_id, ("t1",), text, "attack", "actual", "Attack", "Actual", None, 1)


@st.composite
def tangled_documents(draw: st.DrawFn) -> tuple[DocumentResult, Document, Document]:
    """Most mentions aligned and every one in one of a few clusters on each side: entities overlap
    several partners, so CEAF's alignment goes through Kuhn–Munkres (square, wide and tall)."""
    num_gold, num_system = draw(st.integers(4, 30)), draw(st.integers(4, 30))
    gold = tuple(_mention(f"G{k}") for k in range(num_gold))
    system = tuple(_mention(f"S{k}") for k in range(num_system))
    order = draw(st.permutations(range(num_system)))
    pairs = tuple(Pair(g, s, 1.0) for g, s in zip(range(num_gold), order, strict=False) if draw(st.integers(0, 9)))

    def relations(prefix: str, count: int) -> tuple[Relation, ...]:
        number = draw(st.integers(2, 8))
        cluster_of = draw(st.lists(st.integers(0, number - 1), min_size=count, max_size=count))
        return tuple(Relation("Coreference", f"R{k}", tuple(f"{prefix}{r}" for r in range(count) if cluster_of[r] == k),
                              k) for k in range(number))

    doc = DocumentResult("d", gold, system, True, {"plain": Mapping("plain", pairs, float(len(pairs)))}, {})
    return doc, Document("d", gold, relations("G", num_gold)), Document("d", system, relations("S", num_system))


@needs_kernel
@given(tangled_documents())
@settings(max_examples=300)
def test_kernel_equals_python_on_tangled_clusters(case: tuple[DocumentResult, Document, Document]) -> None:
    _assert_same(case, 1.0)


@needs_kernel
@given(documents(max_mentions=24, max_clusters=7), st.sampled_from((1.0, 0.5)))
@settings(max_examples=100)
def test_kernel_equals_python_on_bigger_documents(case: tuple[DocumentResult, Document, Document],
                                                  threshold: float) -> None:
    _assert_same(case, threshold)


@needs_kernel
def test_kernel_on_a_tangle_that_needs_kuhn_munkres() -> None:
    # key K0 {0,1} K1 {2,3} K2 {4,5,6} K3 {7}; response R0 {0,2,4} R1 {1,3} R2 {5,6,7}: one component
    # of 4 key and 3 response entities, each with several partners (Kuhn–Munkres, transposed: 4 > 3)
    ids = [f"{k}" for k in range(8)]
    gold = tuple(_mention(f"G{k}") for k in ids)
    system = tuple(_mention(f"S{k}") for k in ids)
    pairs = tuple(Pair(k, k, 1.0) for k in range(8))
    doc = DocumentResult("d", gold, system, True, {"plain": Mapping("plain", pairs, 8.0)}, {})
    g = Document("d", gold, tuple(Relation("Coreference", f"R{k}", m, k) for k, m in
                                  enumerate((("G0", "G1"), ("G2", "G3"), ("G4", "G5", "G6")))))
    s = Document("d", system, tuple(Relation("Coreference", f"R{k}", m, k) for k, m in
                                    enumerate((("S0", "S2", "S4"), ("S1", "S3"), ("S5", "S6", "S7")))))
    _assert_same((doc, g, s), 1.0)
    kernel = _kernel_document((doc, g, s), 1.0)
    assert kernel is not None and kernel[4].ceafm.recall_num == 2 + 1 + 1  # K2-R2, K0-R0 (or K1-R0), K1-R1


@needs_kernel
def test_kernel_leaves_unusual_documents_to_python() -> None:
    gold = (_mention("E1"), _mention("E1"))
    doc = DocumentResult("d", gold, gold, True, {"plain": Mapping("plain", (Pair(0, 0, 1.0),), 1.0)}, {})
    document = Document("d", gold, ())
    assert _kernel().document(gold, gold, (), (), doc.mappings["plain"].pairs, 1.0) is None  # repeated id
    unknown = (Relation("Coreference", "R1", ("E1", "E9"), 5),)
    assert _kernel().document(gold[:1], gold[:1], unknown, (), (), 1.0) is None  # not a mention
    twice = (Relation("Coreference", "R1", ("E1",), 5), Relation("Coreference", "R2", ("E1",), 6))
    assert _kernel().document(gold[:1], gold[:1], twice, (), (), 1.0) is None  # in two clusters
    assert _kernel().document(gold[:1], gold[:1], (), (), (Pair(0, 0, 1.0), Pair(0, 0, 1.0)), 1.0) is None
    assert coref.score_document_coreference(doc, document, document, combination="plain").gold_labels == (0, 1, -1)


_TEXT = st.text(st.sampled_from([*"ab_,(", " ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\xa0", "é", "中", "\u2003"]),
                max_size=6)


@needs_kernel
@given(st.lists(st.tuples(st.sampled_from(["d1", "NYT_ENG_1", "é2"]),
                          st.lists(_TEXT, max_size=6), st.lists(st.integers(-1, 12), max_size=8)), max_size=4))
@settings(max_examples=200)
def test_kernel_conll_side_equals_the_python_writer(docs: list[tuple[str, list[str], list[int]]]) -> None:
    writer = EvmevalConllWriter()
    ids, mentions, rows, labels, expected = [], [], [], [], []
    for doc_id, texts, lines in docs:
        ms = tuple(_mention(f"E{k}", t) for k, t in enumerate(texts))
        rs = tuple(r if r < len(ms) else -1 for r in lines)
        ls = tuple(reversed(lines))
        ids.append(doc_id)
        mentions.append(ms)
        rows.append(rs)
        labels.append(ls)
        line_texts = [evmeval_mention_text(ms[r].text) if r >= 0 else "None" for r in rs]
        expected.append(writer.document(doc_id, line_texts, ls))
    assert _kernel().conll_side(ids, mentions, rows, labels) == "".join(expected).encode("utf-8")


_NUMBER = st.one_of(st.integers(0, 60), st.floats(0, 60, allow_nan=False), st.just(0), st.just(0.0))


@st.composite
def counts(draw: st.DrawFn) -> CorefCounts:
    def link() -> LinkCounts:
        return LinkCounts(draw(_NUMBER), draw(st.integers(0, 60)), draw(_NUMBER), draw(st.integers(0, 60)))

    return CorefCounts(link(), link(), link(), link(), BlancCounts(link(), link()), link(), link())


@needs_kernel
@given(st.lists(st.tuples(st.sampled_from(["d1", "#corpus", "é"]), counts()), max_size=4))
@settings(max_examples=300)
def test_kernel_breakdown_rows_equal_python(rows: list[tuple[str, CorefCounts]]) -> None:
    # zero denominators and int zeros take BLANC's and the ratios' fallbacks, which print as ints
    expected = "".join(coref_report._breakdown_rows(name, c) for name, c in rows)
    assert _kernel().breakdown(rows) == expected.encode("utf-8")


@needs_kernel
@given(st.lists(counts(), max_size=6))
@settings(max_examples=200)
def test_kernel_sum_equals_python_column_sums(rows: list[CorefCounts]) -> None:
    assert repr(_kernel().sum_counts(rows)) == repr(sum_counts(rows))


def test_pure_python_variable_turns_the_kernel_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE_PYTHON_VARIABLE, "1")
    assert coref_kernel.load_kernel() is None


def test_the_kernel_is_built_wherever_a_compiler_and_headers_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """`pip install -e .` builds it in place when it can: a silent build failure must not pass as a skip."""
    import shutil
    import sysconfig

    if shutil.which("gcc") is None or not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        pytest.skip("no C compiler or Python headers here: the kernel cannot be built")
    monkeypatch.delenv(PURE_PYTHON_VARIABLE, raising=False)
    built = coref_kernel.load_kernel() is not None
    assert built, "gcc and Python.h are present but evmeval.coref._corefkernel was not built"


@needs_kernel
@pytest.mark.parametrize("run", ["A", "B", "C", "D", "char_A"])
def test_published_demo_same_bytes_with_and_without_kernel(run: str, evmeval_data: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    args, expected = _demo_args(evmeval_data, run)
    outputs = {}
    for mode in ("kernel", "python"):
        if mode == "python":
            monkeypatch.setattr(coref, "KERNEL", None)
            monkeypatch.setattr(coref_report, "KERNEL", None)
        folder = tmp_path / mode
        folder.mkdir()
        assert score_main([*args, "-o", str(folder / "s.txt"), "-d", str(folder / "d.txt"), "-c",
                           str(folder / "k")]) == 0
        outputs[mode] = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
    assert outputs["kernel"] == outputs["python"]
    assert outputs["python"]["s.txt"] == (expected / "scores_coref.txt").read_bytes()
    assert set(outputs["python"]) == {"s.txt", "d.txt", "k", "k_gold.conll", "k_sys.conll"}
