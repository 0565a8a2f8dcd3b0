"""The report export's passes share each document's tables: files made of the same per-document work
are written side by side (`write_atomic_pair`), so the work is done once for them, byte for byte as
written one after the other."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import evmeval.coref.explain as explain
import pytest
from evmeval.io.writing import STEP, write_atomic, write_atomic_pair


def test_write_atomic_pair_writes_the_other_file_a_piece_per_step(tmp_path: Path) -> None:
    taken: list[str] = []

    def other():
        for piece in ("a", "b", "c", "d"):
            taken.append(piece)
            yield piece

    def leader():
        yield "1"
        yield STEP
        assert taken == ["a"]  # one piece per step, not the whole file
        yield "2"
        yield STEP

    write_atomic_pair(str(tmp_path / "x"), leader(), str(tmp_path / "y"), other())
    assert (tmp_path / "x").read_text() == "12" and (tmp_path / "y").read_text() == "abcd"


def test_write_atomic_pair_replaces_neither_file_when_one_fails(tmp_path: Path) -> None:
    write_atomic(str(tmp_path / "x"), "old x")
    write_atomic(str(tmp_path / "y"), "old y")

    def failing():
        yield "new"
        yield STEP
        raise RuntimeError("broken")

    with pytest.raises(RuntimeError):
        write_atomic_pair(str(tmp_path / "x"), failing(), str(tmp_path / "y"), iter(["new y"]))
    assert (tmp_path / "x").read_text() == "old x" and (tmp_path / "y").read_text() == "old y"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x", "y"]  # no temporary file left


def test_scores_json_and_cluster_csv_explain_each_document_once(tmp_path: Path, monkeypatch) -> None:
    from evmeval._util.shared_tables import Tables
    from evmeval.coref.scoring import score_coreference
    from evmeval.io.loading import load_inputs
    from evmeval.mention.schemes import scheme_scores
    from evmeval.mention.scoring import score_files
    from evmeval.report.export.files import text_files
    from evmeval.report.export.writing import _write_files

    from tests.big_corpus import write_big_corpus

    corpus = write_big_corpus(tmp_path / "corpus", copies=20)  # 40 documents, a window of 4
    inputs = load_inputs(str(corpus["gold.tbf"]), str(corpus["system.tbf"]), token_dir=str(corpus["tkn"]))
    result = score_files(inputs.gold, inputs.system)
    coref = score_coreference(result, inputs.gold, inputs.system, combination="mention_type")
    schemes = scheme_scores(result)
    made: Counter[str] = Counter()
    real = explain._explain

    def counted(cd, *args, **kwargs):
        made[cd.doc_id] += 1
        return real(cd, *args, **kwargs)

    def write(folder: Path, tables: Tables | None) -> dict[str, bytes]:
        files = [f for f in text_files(result, lambda: schemes, coref, None, tables or Tables())
                 if f[0] in ("scores.json", "coreference_clusters.csv")]
        _write_files(str(folder), files)
        return {p.name: p.read_bytes() for p in folder.iterdir()}

    alone = write(tmp_path / "plain", None)
    monkeypatch.setattr(explain, "_explain", counted)
    shared = write(tmp_path / "shared", Tables(window=4))
    assert shared == alone and set(shared) == {"scores.json", "coreference_clusters.csv"}
    assert len(made) == len(result.documents) and set(made.values()) == {1}


@pytest.mark.parametrize("fork", [False, True])
def test_the_charts_are_handed_the_confusions_counted_in_the_mapping_walk(tmp_path: Path, monkeypatch, fork) -> None:
    import evmeval.report.export.writing as export
    from evmeval.io.loading import load_inputs
    from evmeval.mention.confusion import confusions
    from evmeval.mention.scoring import score_files

    from tests.big_corpus import write_big_corpus

    corpus = write_big_corpus(tmp_path / "corpus", copies=10)
    inputs = load_inputs(str(corpus["gold.tbf"]), str(corpus["system.tbf"]), token_dir=str(corpus["tkn"]))
    result = score_files(inputs.gold, inputs.system)
    handed = []

    def render(figures):
        handed.append(figures.confusions)
        return lambda: ({}, {})

    monkeypatch.setattr(export, "single_threaded", lambda: True)
    export.export_report(str(tmp_path / "out"), inputs, result, charts=export.ChartRenderer(("x",), render),
                         coref_combination="mention_type", fork=fork)
    expected = confusions(result.documents, "plain")
    assert len(handed) == 1 and set(handed[0]) == set(expected)
    for attribute, matrix in expected.items():  # counted without members: a drawn chart is never clicked
        drawn = handed[0][attribute]
        assert (drawn.labels, drawn.counts, drawn.rule, dict(drawn.members)) == (matrix.labels, matrix.counts,
                                                                                 matrix.rule, {})


def _scored_big_corpus(folder: Path, copies: int):
    from evmeval.coref.scoring import score_coreference
    from evmeval.io.loading import load_inputs
    from evmeval.mention.schemes import scheme_scores
    from evmeval.mention.scoring import score_files

    from tests.big_corpus import write_big_corpus

    corpus = write_big_corpus(folder, copies=copies)
    inputs = load_inputs(str(corpus["gold.tbf"]), str(corpus["system.tbf"]), token_dir=str(corpus["tkn"]))
    result = score_files(inputs.gold, inputs.system)
    coref = score_coreference(result, inputs.gold, inputs.system, combination="mention_type")
    return result, coref, scheme_scores(result)


def test_muc_documents_csv_is_made_a_document_at_a_time(tmp_path: Path) -> None:
    """The export never holds the whole of muc_documents.csv (45 MB of rows at 8,000 documents): a piece a
    document, after the header, each document's four combinations in it."""
    from evmeval._util.shared_tables import Tables
    from evmeval.report.export.files import text_files
    from evmeval.report.export.writing import _write_files

    result, coref, schemes = _scored_big_corpus(tmp_path / "corpus", 5)
    make = dict(text_files(result, lambda: schemes, coref, None, Tables()))["muc_documents.csv"]
    pieces = list(make())
    assert not isinstance(make(), str | bytes)
    assert len(pieces) == 1 + len(result.documents)
    assert pieces[0] == "doc_id,counted,combination,pos,act,cor,par,inc,mis,spu,precision,recall,f1\n"
    first = result.documents[0].doc_id
    assert [line.split(",")[:3] for line in pieces[1].splitlines()] == [
        [first, "1", c] for c in ("plain", "mention_type", "realis_status", "mention_type+realis_status")]
    _write_files(str(tmp_path / "out"), [("muc_documents.csv", make)])
    assert (tmp_path / "out" / "muc_documents.csv").read_text(encoding="utf-8") == "".join(pieces)


def test_the_conll_files_are_written_as_the_kernel_makes_them_a_piece_at_a_time(tmp_path: Path,
                                                                                 monkeypatch) -> None:
    """Each CoNLL file is written in pieces of documents as the kernel makes them, as bytes (16 MB a file at
    8,000 documents: both files whole, and decoded, were the forked writer's peak), the same bytes
    `evmeval-score -c` writes."""
    import evmeval.report.coref_report as coref_report
    from evmeval._util.shared_tables import Tables
    from evmeval.report.export.files import text_files
    from evmeval.report.export.writing import _write_files

    result, coref, schemes = _scored_big_corpus(tmp_path / "corpus", 3)
    monkeypatch.setattr(coref_report, "CONLL_CHUNK", 4)
    makers = dict(text_files(result, lambda: schemes, coref, None, Tables()))
    gold, system = list(makers["coreference_gold.conll"]()), list(makers["coreference_sys.conll"]())
    assert len(gold) == len(system) == -(-len(result.documents) // 4) > 1
    assert all(isinstance(piece, bytes) and piece.startswith(b"#begin document") for piece in gold + system)
    assert (b"".join(gold), b"".join(system)) == coref_report.conll_file_bytes(result, coref)
    names = [("coreference_gold.conll", makers["coreference_gold.conll"]),
             ("coreference_sys.conll", makers["coreference_sys.conll"])]
    _write_files(str(tmp_path / "out"), names)
    assert (tmp_path / "out" / "coreference_gold.conll").read_bytes() == b"".join(gold)


def test_a_written_document_leaves_no_clusters_held_on_its_coreference_result(tmp_path: Path) -> None:
    """scores.json, the cluster CSV, comparison.txt's @coref lines and the pages read each document's
    clusters once and let them go: kept on every `CorefDocument`, they grew the writers by 30 MB at
    8,000 documents. The files are the same bytes as those of a result whose clusters were kept."""
    from evmeval._util.shared_tables import Tables
    from evmeval.report.export.files import text_files
    from evmeval.report.export.writing import _write_files

    result, coref, schemes = _scored_big_corpus(tmp_path / "corpus", 3)
    _write_files(str(tmp_path / "out"), text_files(result, lambda: schemes, coref, None, Tables(window=4)))
    assert not [cd.doc_id for cd in coref.documents if {"gold_clusters", "system_clusters"} & set(vars(cd))]
    for cd in coref.documents:  # kept: the same clusters
        assert cd.gold_clusters.clusters and cd.system_clusters is not None
    _write_files(str(tmp_path / "again"), text_files(result, lambda: schemes, coref, None, Tables(window=4)))
    for name in ("scores.json", "comparison.txt", "coreference_clusters.csv"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "again" / name).read_bytes()


def test_the_conll_pieces_are_the_same_bytes_with_and_without_the_kernel_and_where_it_declines(
        tmp_path: Path, monkeypatch) -> None:
    import evmeval.report.coref_report as coref_report

    result, coref, _ = _scored_big_corpus(tmp_path / "corpus", 2)
    monkeypatch.setattr(coref_report, "CONLL_CHUNK", 3)
    whole = coref_report.conll_file_bytes(result, coref)
    assert tuple(b"".join(coref_report.conll_side_pieces(result, coref, side)) for side in (0, 1)) == whole
    real, calls = coref_report.KERNEL, []

    class Declining:  # the kernel declines the second piece of each file
        def conll_side(self, *args):
            calls.append(1)
            return None if len(calls) % 2 == 0 else real.conll_side(*args)

    monkeypatch.setattr(coref_report, "KERNEL", Declining())
    assert tuple(b"".join(coref_report.conll_side_pieces(result, coref, side)) for side in (0, 1)) == whole
    monkeypatch.setattr(coref_report, "KERNEL", None)
    assert tuple(b"".join(coref_report.conll_side_pieces(result, coref, side)) for side in (0, 1)) == whole
    assert coref_report.conll_file_bytes(result, coref) == whole


def test_the_charts_figures_cross_to_the_drawer_with_the_coreference_counts_flat(tmp_path: Path) -> None:
    """The figures handed to the drawing process are pickled: every document's coreference counts as
    32 objects each cost the corpus's process 22 MB of pickler memo and 0.8 s at 8,000 documents. They
    go as one flat list of numbers, and come back equal, each number of the same type."""
    import pickle
    import pickletools
    from dataclasses import replace

    from evmeval._util.shared_tables import Tables
    from evmeval.report.export.figures import chart_figures
    from evmeval.report.export.writing import _count_schemes

    result, coref, _ = _scored_big_corpus(tmp_path / "corpus", 3)
    schemes, matrices = _count_schemes(result, Tables())
    figures = chart_figures(result, coref, schemes, matrices)
    data = pickle.dumps(figures, protocol=pickle.HIGHEST_PROTOCOL)

    def objects(value: object) -> int:  # the objects the pickle builds (each one a memo entry when pickled)
        return sum(op.name in ("NEWOBJ", "REDUCE") for op, _, _ in
                   pickletools.genops(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)))

    assert objects(figures) - objects(replace(figures, coref=None)) < 30 < len(result.documents) * 9
    assert figures.schemes.documents == () and figures.schemes.muc == schemes.muc  # the corpus's counts only
    back = pickle.loads(data)
    assert back == figures and back.coref is not None and figures.coref is not None
    for mine, theirs in zip(back.coref.documents, figures.coref.documents, strict=True):
        assert mine == theirs and mine.unique_ids == theirs.unique_ids
        assert [type(n) for link in mine.counts for n in (link if not isinstance(link[0], tuple) else
                                                           (*link[0], *link[1]))] == \
               [type(n) for link in theirs.counts for n in (link if not isinstance(link[0], tuple) else
                                                             (*link[0], *link[1]))]


def test_the_main_page_is_written_as_it_is_made(tmp_path: Path, monkeypatch) -> None:
    """report.html is handed to the writer in pieces (at 8,000 documents the page joined, then encoded,
    was the corpus's process's peak), the same bytes as the page made whole."""
    import evmeval.report.paged_html as paged
    from evmeval.io.loading import load_inputs
    from evmeval.report.html_report import format_html_report

    from tests.big_corpus import write_big_corpus

    corpus = write_big_corpus(tmp_path / "corpus", copies=3)
    inputs = load_inputs(str(corpus["gold.tbf"]), str(corpus["system.tbf"]), token_dir=str(corpus["tkn"]))
    result, coref, _ = _scored_big_corpus(tmp_path / "again", 3)
    handed: list[object] = []
    real = paged.write_atomic

    def writer(path, data):
        handed.append(data)
        real(path, data)

    monkeypatch.setattr(paged, "write_atomic", writer)
    path = paged.write_main_page(str(tmp_path / "out"), result, inputs, {"x": "<svg/>"}, coreference=coref,
                                 sections=["<p>s</p>"])
    assert len(handed) == 1 and not isinstance(handed[0], str | bytes)
    whole = format_html_report(result, inputs, {"x": "<svg/>"}, coreference=coref, sections=["<p>s</p>"],
                               document_pages=paged.document_addresses(len(result.documents)))
    assert Path(path).read_text(encoding="utf-8") == whole
    assert whole.startswith("<!DOCTYPE html>\n<html") and whole.endswith("\n</body></html>\n")
