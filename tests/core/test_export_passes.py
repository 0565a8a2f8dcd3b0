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
