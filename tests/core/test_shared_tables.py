"""evmeval._util.shared_tables: with a `Tables` passed in, each document's mapping rows, mention units and
cluster explanations are made once and handed to every consumer given it; every table equals the one
made without, every report made from shared tables is byte-identical, and nothing is ambient."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval._util.shared_tables import Tables, shared
from evmeval.align import COMBINATIONS
from evmeval.align.overlap import mention_units
from evmeval.coref.explain import explain_clusters
from evmeval.coref.scoring import DEFAULT_COMBINATION, score_coreference
from evmeval.coref.view import describe_all
from evmeval.io.loading import load_inputs
from evmeval.mention.outcomes import mapping_rows, mention_unit_sets
from evmeval.mention.schemes import scheme_scores
from evmeval.mention.scoring import score_files
from evmeval.report.coref_csv import format_coref_clusters_csv
from evmeval.report.csv_report import iter_mappings_csv
from evmeval.report.paged_html import write_document_pages


@pytest.fixture()
def scored(evmeval_data: Path):
    folder = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "sample_system_C.tbf"),
                         token_dir=str(folder / "tkn"), text_dir=str(folder / "txt"))
    result = score_files(inputs.gold, inputs.system)
    coref = score_coreference(result, inputs.gold, inputs.system, combination=DEFAULT_COMBINATION)
    return inputs, result, coref


def test_built_once_with_tables_and_every_time_without():
    calls: list[int] = []
    owner = object()

    def build() -> list[int]:
        calls.append(1)
        return [len(calls)]

    assert shared(None, "k", owner, None, "", build) is not shared(None, "k", owner, None, "", build)
    tables = Tables()
    first = shared(tables, "k", owner, None, "", build)
    assert shared(tables, "k", owner, None, "", build) is first
    assert shared(tables, "k", owner, None, "other", build) is not first
    assert shared(Tables(), "k", owner, None, "", build) is not first  # another export's tables
    assert len(calls) == 5


def test_a_window_keeps_the_last_owners_and_builds_an_evicted_one_again():
    calls: list[str] = []
    owners = [object() for _ in range(4)]

    def build(name: str):
        return lambda: calls.append(name) or [name]

    tables = Tables(window=2)
    first = tables.get("k", owners[0], None, "", build("a"))
    assert tables.get("k", owners[0], None, "", build("a")) is first      # kept
    tables.get("k", owners[1], None, "", build("b"))
    tables.get("k", owners[0], None, "", build("a"))                      # used last: owner 1 is the oldest
    tables.get("k", owners[2], None, "", build("c"))                      # evicts owner 1
    assert tables.get("k", owners[0], None, "", build("a")) is first
    again = tables.get("k", owners[1], None, "", build("b"))
    assert again == ["b"] and calls == ["a", "b", "c", "b"]                 # built again, the same value
    assert len({key[1] for key in tables._tables}) <= 2


def test_what_a_function_returns_depends_on_its_arguments_only(scored, tmp_path):
    """No ambient cache: while an export fills its tables, the same call without tables still builds
    afresh (it used to get the export's shared object when made on the export's thread)."""
    from evmeval.report.export import write_report_files

    inputs, result, coref = scored
    doc = next(d for d in result.documents if d.gold)
    seen: list[bool] = []

    def progress(_done: int, _total: int) -> None:
        seen.append(mapping_rows(doc, "plain") is mapping_rows(doc, "plain"))

    write_report_files(str(tmp_path / "out"), inputs, result, {}, {}, coref=coref, progress=progress)
    assert seen and not any(seen)


def test_shared_mapping_rows_equal_unshared_ones(scored):
    _, result, _ = scored
    fresh = {(d.doc_id, c): mapping_rows(d, c) for d in result.documents for c in COMBINATIONS}
    assert any(fresh.values())
    tables = Tables()
    for doc in result.documents:
        assert mention_unit_sets(doc, "gold", tables) == [mention_units(m)[0] for m in doc.gold]
        assert mention_unit_sets(doc, "system", tables) == [mention_units(m)[0] for m in doc.system]
        for c in COMBINATIONS:
            rows = mapping_rows(doc, c, tables)
            assert rows == fresh[(doc.doc_id, c)]
            assert mapping_rows(doc, c, tables) is rows  # made once


def test_shared_explanations_equal_unshared_ones(scored):
    _, result, coref = scored
    pairs = list(zip(coref.documents, result.documents, strict=True))
    fresh = [explain_clusters(cd, doc) for cd, doc in pairs]
    words = [describe_all(clusters) for clusters in fresh]
    assert any(fresh)
    tables = Tables()
    for (cd, doc), expected, text in zip(pairs, fresh, words, strict=True):
        clusters = explain_clusters(cd, doc, tables)
        assert clusters == expected and explain_clusters(cd, doc, tables) is clusters
        worded = describe_all(clusters, tables)
        assert worded == text and describe_all(clusters, tables) is worded


@pytest.mark.parametrize("window", [None, 1, 2])
def test_reports_from_shared_tables_are_byte_identical(scored, tmp_path, window):
    """Also with a window of one or two owners: tables evicted and built again give the same bytes."""
    inputs, result, coref = scored
    alone = (scheme_scores(result), "".join(iter_mappings_csv(result)), format_coref_clusters_csv(result, coref))
    write_document_pages(str(tmp_path / "alone"), result, inputs, coreference=coref, per_page=1)
    tables = Tables(window=window)
    together = (scheme_scores(result, tables), "".join(iter_mappings_csv(result, tables=tables)),
                format_coref_clusters_csv(result, coref, tables=tables))
    write_document_pages(str(tmp_path / "shared"), result, inputs, coreference=coref, per_page=1, tables=tables)
    assert together == alone
    pages = sorted(p.name for p in (tmp_path / "alone" / "documents").iterdir())
    assert len(pages) == len(result.documents) > 1
    for name in pages:
        assert (tmp_path / "shared" / "documents" / name).read_bytes() == (
            tmp_path / "alone" / "documents" / name).read_bytes()


def test_pages_can_be_written_in_two_parts(scored, tmp_path):
    inputs, result, coref = scored
    whole = write_document_pages(str(tmp_path / "whole"), result, inputs, coreference=coref, per_page=1)
    count = len(whole)
    first = write_document_pages(str(tmp_path / "parts"), result, inputs, coreference=coref, per_page=1,
                                 only=range(1))
    rest = write_document_pages(str(tmp_path / "parts"), result, inputs, coreference=coref, per_page=1,
                                only=range(1, count))
    assert len(first) == 1 and len(rest) == count - 1
    for path in whole:
        name = Path(path).name
        assert (tmp_path / "parts" / "documents" / name).read_bytes() == Path(path).read_bytes()


def test_mismatched_attributes_is_each_attribute_that_does_not_agree():
    from itertools import product

    from evmeval.model import NOT_ANNOTATED, Mention
    from evmeval.rules import ATTRIBUTES, AttributeRule, mismatched_attributes, values_agree

    values = ("a", "b", NOT_ANNOTATED)
    for rule, gt, gr, st, sr in product(AttributeRule, values, values, values, values):
        gold = Mention("r", "d", "g", ("t1",), "x", gt, gr, gt, gr, None, 1)
        system = Mention("r", "d", "s", ("t1",), "x", st, sr, st, sr, None, 1)
        expected = tuple(a for a, g, s in zip(ATTRIBUTES, (gt, gr), (st, sr), strict=True)
                         if not values_agree(rule, g, s))
        assert mismatched_attributes(rule, gold, system) == expected


def test_mapping_table_pieces_are_what_csv_writer_writes_row_by_row(tmp_path):
    import csv
    import io

    from evmeval.report.csv_report import MAPPING_HEADER, _mention_cells, iter_mappings_csv
    from evmeval.report.csv_writer import number

    gold = ("#BeginOfDocument d,1\n"
            'g\td,1\tE1\t0,4\tsaid, "quoted"\tContact_Meet\tActual\n'
            "g\td,1\tE2\t10,14\tplain\tConflict_Attack\tGeneric\n"
            "g\td,1\tE3\t20,22\t\"\tLife_Die\tActual\n"
            "#EndOfDocument\n")
    system = ("#BeginOfDocument d,1\n"
              'r\td,1\tS1\t0,4\tsaid, "quoted"\tContact_Meet\tOther\n'
              "r\td,1\tS2\t15,18\tnew,one\tConflict_Attack\tGeneric\n"
              "#EndOfDocument\n")
    (tmp_path / "gold.tbf").write_text(gold, encoding="utf-8")
    (tmp_path / "system.tbf").write_text(system, encoding="utf-8")
    inputs = load_inputs(str(tmp_path / "gold.tbf"), str(tmp_path / "system.tbf"))
    result = score_files(inputs.gold, inputs.system)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MAPPING_HEADER)
    for doc in result.documents:
        for c in COMBINATIONS:
            for row in mapping_rows(doc, c):
                writer.writerow([doc.doc_id, c, row.outcome.value, number(row.dice),
                                 "+".join(row.mismatched_attributes), *_mention_cells(row.gold),
                                 *_mention_cells(row.system)])
    expected = out.getvalue()
    assert '"d,1"' in expected and '"said, ""quoted"""' in expected and '"new,one"' in expected
    assert "".join(iter_mappings_csv(result)) == expected


def test_forgotten_tables_are_made_again():
    owner = object()
    tables = Tables()
    first = shared(tables, "units", owner, None, "", list)
    kept = shared(tables, "rows", owner, None, "", list)
    tables.forget("units")
    assert shared(tables, "units", owner, None, "", list) is not first
    assert shared(tables, "rows", owner, None, "", list) is kept


def test_mappings_csv_and_the_muc_gate_counts_build_each_documents_rows_once(scored, monkeypatch):
    """The forked export writes mappings.csv and counts MUC/GATE and the charts' confusions in one walk
    (`SchemeTally`, `ConfusionTally`, a document counted right after its piece of the file): with a
    window of one document, every document's rows of every combination are built once for all, not
    once for each; the file and the counts are those made apart."""
    from evmeval.mention import outcomes
    from evmeval.mention.confusion import ConfusionTally, confusions
    from evmeval.mention.schemes import SchemeTally
    from evmeval.report.export import writing

    _, result, _ = scored
    built: list[tuple[str, str]] = []
    build = outcomes._mapping_rows

    def counting(doc, combination, tables):
        built.append((doc.doc_id, combination))
        return build(doc, combination, tables)

    monkeypatch.setattr(outcomes, "_mapping_rows", counting)
    tables = Tables(window=1)
    tally, confusion = SchemeTally(result, tables), ConfusionTally(tables=tables)
    text = "".join(writing._counting(lambda: iter_mappings_csv(result, tables=tables), result, (tally, confusion)))
    assert len(built) == len(set(built)) == len(result.documents) * len(COMBINATIONS)
    assert text == "".join(iter_mappings_csv(result)) and tally.result() == scheme_scores(result)
    assert confusion.take() == confusions(result.documents)  # the charts' matrices, from the same rows
