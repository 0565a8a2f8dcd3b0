"""Exports written in pieces (JSON, mapping table) are the same bytes as the whole-text ones, and a
failure while the pieces are made leaves the old file as it was."""

from __future__ import annotations

import json
import os

import pytest
from evmeval.coref.scoring import DEFAULT_COMBINATION, score_coreference
from evmeval.io.loading import load_inputs
from evmeval.io.writing import write_atomic
from evmeval.mention.scoring import score_files
from evmeval.report.coref_report import coref_to_json
from evmeval.report.csv_report import format_mappings_csv, iter_mappings_csv
from evmeval.report.json_report import dumps, iter_dumps, result_to_json


@pytest.fixture(scope="module")
def demo(evmeval_data):
    folder = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "sample_system_C.tbf"),
                         token_dir=str(folder / "tkn"), text_dir=str(folder / "txt"))
    result = score_files(inputs.gold, inputs.system)
    return result, score_coreference(result, inputs.gold, inputs.system, combination=DEFAULT_COMBINATION)


def test_lazy_json_with_nested_lazy_documents_is_the_eager_text(demo, tmp_path):
    result, coref = demo
    eager = {**result_to_json(result), "coreference": coref_to_json(result, coref)}
    lazy = {**result_to_json(result, lazy=True), "coreference": coref_to_json(result, coref, lazy=True)}
    text = dumps(eager)
    assert "".join(iter_dumps(lazy)) == text
    assert json.loads(text)["coreference"]["documents"][0]["doc_id"] == result.documents[0].doc_id
    write_atomic(str(tmp_path / "scores.json"), iter_dumps(lazy))
    assert (tmp_path / "scores.json").read_text(encoding="utf-8") == text


def test_the_mapping_table_in_pieces_is_the_whole_table(demo, tmp_path):
    result, _ = demo
    pieces = list(iter_mappings_csv(result))
    assert len(pieces) == len(result.documents) + 1                   # a piece per document, then the rest
    write_atomic(str(tmp_path / "m.csv"), iter(pieces))
    assert (tmp_path / "m.csv").read_text(encoding="utf-8") == format_mappings_csv(result)


def test_a_failure_while_writing_pieces_keeps_the_old_file(tmp_path):
    target = tmp_path / "scores.json"
    target.write_text("old", encoding="utf-8")

    def pieces():
        yield "x" * (2 << 20)                                          # one write reaches the temporary file
        raise RuntimeError("formatting failed")

    with pytest.raises(RuntimeError, match="formatting failed"):
        write_atomic(str(target), pieces())
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["scores.json"]                     # no temporary file left


def test_a_lazy_array_deep_in_objects_is_streamed_and_plain_objects_are_encoded_whole():
    from evmeval.report.json_report import LazyArray

    built: list[int] = []
    lazy = LazyArray([1, 2], lambda n: built.append(n) or {"n": n, "deep": {"x": [n, n / 2]}})
    data = {"top": {"middle": {"documents": lazy, "plain": {"a": 1}}}, "rows": [{"b": {"c": 2}}]}
    pieces = list(iter_dumps(data))
    assert built == [1, 2]
    assert json.loads("".join(pieces)) == {"top": {"middle": {"documents": [
        {"n": 1, "deep": {"x": [1, 0.5]}}, {"n": 2, "deep": {"x": [2, 1.0]}}], "plain": {"a": 1}}},
        "rows": [{"b": {"c": 2}}]}
    assert '{"n": 1, "deep": {"x": [1, 0.5]}}' in pieces  # an element without a lazy array: one piece


def test_the_comparison_text_in_pieces_is_the_whole_text(demo, tmp_path):
    from evmeval.report.comparison import format_comparison, iter_comparison
    from evmeval.report.coref_report import comparison_coref_lines, document_coref_lines

    result, coref = demo
    lines = comparison_coref_lines(result, coref)
    by_id = {doc.doc_id: cd for doc, cd in zip(result.documents, coref.documents, strict=True)}
    pieces = list(iter_comparison(result, lambda doc: document_coref_lines(doc, by_id[doc.doc_id])))
    assert len(pieces) == len(result.documents) > 1                    # a piece per document
    write_atomic(str(tmp_path / "comparison.txt"), iter(pieces))
    assert (tmp_path / "comparison.txt").read_text(encoding="utf-8") == format_comparison(result, lines)
    assert "".join(iter_comparison(result)) == format_comparison(result)
    extra = {doc.doc_id: [f"@coref\tgold\t{doc.doc_id}\n"] for doc in result.documents}  # lines in every document
    streamed = "".join(iter_comparison(result, lambda doc: extra[doc.doc_id]))
    assert streamed == format_comparison(result, extra) and streamed.count("@coref") == len(result.documents)


def test_the_cluster_table_in_pieces_is_the_whole_table(demo, tmp_path):
    import csv
    import io

    from evmeval.report.coref_csv import CLUSTER_HEADER, format_coref_clusters_csv, iter_coref_clusters_csv

    result, coref = demo
    pieces = list(iter_coref_clusters_csv(result, coref))
    assert len(pieces) == len(result.documents) + 1                   # a piece per document, then the rest
    whole = format_coref_clusters_csv(result, coref)
    write_atomic(str(tmp_path / "c.csv"), iter(pieces))
    assert (tmp_path / "c.csv").read_text(encoding="utf-8") == whole
    rows = list(csv.reader(io.StringIO(whole)))
    assert tuple(rows[0]) == CLUSTER_HEADER and len(rows) > 2          # one table, one header
    assert "".join(iter_coref_clusters_csv(result, coref, every_cluster=True)) == format_coref_clusters_csv(
        result, coref, every_cluster=True)


def test_scheme_counts_written_a_document_at_a_time_are_the_eager_text(demo):
    from evmeval.mention.schemes import scheme_scores
    from evmeval.report.json_report import LazyObject, encoded
    from evmeval.report.scheme_exports import scores_json

    result, _ = demo
    schemes = scheme_scores(result)
    built: list[str] = []
    lazy = schemes.to_json(documents=lambda docs, key, build: LazyObject(
        docs, key, lambda d: built.append(key(d)) or encoded(build(d))))
    eager = schemes.to_json()
    text = dumps(lazy)
    assert built == [d.doc_id for d in schemes.documents] * 2               # built while written, MUC then GATE
    assert text == dumps(eager) and json.loads(text) == json.loads(json.dumps(eager))
    assert "".join(iter_dumps(scores_json(result, schemes))) == dumps({**result_to_json(result), **eager})
    empty = LazyObject([], str, str)
    assert dumps({"a": {"documents": empty}}) == dumps({"a": {"documents": {}}})
