"""CSV tables and the self-contained HTML report: row counts, values, escaping, embedding."""

from __future__ import annotations

import base64
import csv
import io
import math
import re

import pytest
from evmeval.align import COMBINATIONS
from evmeval.io.loading import LoadedInputs, TextSource, TokenSource, load_inputs
from evmeval.io.tbf import parse_tbf
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from evmeval.report.csv_report import (
    MAPPING_HEADER,
    format_documents_csv,
    format_mappings_csv,
    format_per_type_csv,
)
from evmeval.report.html_report import format_html_report


@pytest.fixture(scope="module")
def demo(evmeval_data):
    folder = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "sample_system_C.tbf"),
                         token_dir=str(folder / "tkn"), text_dir=str(folder / "txt"))
    return inputs, score_files(inputs.gold, inputs.system)


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _same(cell: str, value: float) -> bool:
    return cell == "" if math.isnan(value) else float(cell) == value


def test_mapping_csv_has_every_row_of_every_combination(demo):
    _, result = demo
    rows = _rows(format_mappings_csv(result))
    expected = sum(len(mapping_rows(d, c)) for d in result.documents for c in COMBINATIONS)
    assert len(rows) == expected
    assert tuple(rows[0]) == MAPPING_HEADER
    partial = [r for r in rows if r["combination"] == "plain" and r["outcome"] == "partial"]
    assert len(partial) == 1
    row = partial[0]
    assert (row["doc_id"], row["gold_id"]) == ("example2", "E3")
    assert (row["gold_span"], row["system_span"]) == ("t771,t774", "t771")
    assert float(row["dice"]) == 2 * 1 / (2 + 1)
    assert row["mismatched_attributes"] == "mention_type"
    wrong = [r for r in rows if r["combination"] == "mention_type" and r["outcome"] == Outcome.ATTRIBUTE.value]
    assert [(r["gold_id"], r["system_type"]) for r in wrong] == [("E3", "personnelendposition")]


def test_mapping_csv_one_combination(demo):
    _, result = demo
    rows = _rows(format_mappings_csv(result, ["plain"]))
    assert len(rows) == sum(len(mapping_rows(d, "plain")) for d in result.documents)
    assert {r["combination"] for r in rows} == {"plain"}


def test_documents_csv_equals_the_core(demo):
    _, result = demo
    rows = _rows(format_documents_csv(result))
    assert [r["doc_id"] for r in rows] == [d.doc_id for d in result.documents]
    for row, doc in zip(rows, result.documents, strict=True):
        assert int(row["num_gold"]) == len(doc.gold) and int(row["num_system"]) == len(doc.system)
        for c in COMBINATIONS:
            s = doc.scores[c]
            for name in ("tp", "precision", "recall", "f1"):
                assert _same(row[f"{c}_{name}"], getattr(s, name)), (doc.doc_id, c, name)
    # example2 under type+realis: nothing mapped, P = R = 0, F1 = 0/0 -> empty cell
    assert rows[1]["mention_type+realis_status_f1"] == ""


def test_per_type_csv_holds_both_tables_labelled(demo):
    _, result = demo
    rows = _rows(format_per_type_csv(result))
    assert len(rows) == len(result.per_type_published) + len(result.per_type_by_type_mapping)
    published = [r for r in rows if r["table"] == "published_type_realis_mapping"]
    by_type = [r for r in rows if r["table"] == "type_mapping"]
    assert [r["type"] for r in published] == [t.mention_type for t in result.per_type_published]
    assert [r["type"] for r in by_type] == [t.mention_type for t in result.per_type_by_type_mapping]
    for row, t in zip(by_type, result.per_type_by_type_mapping, strict=True):
        assert int(row["num_gold"]) == t.num_gold and int(row["num_system"]) == t.num_system
        assert _same(row["f1"], t.f1)
    assert "personnelendposition" not in [r["type"] for r in published]   # gold types only
    assert "personnelendposition" in [r["type"] for r in by_type]


PNG = b"\x89PNG\r\n\x1a\n fake"
SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>chart</text></svg>'


def test_html_names_every_document_and_embeds_every_chart(demo):
    inputs, result = demo
    page = format_html_report(result, inputs, {"scores": PNG, "confusion_type": SVG},
                              captions={"scores": "Corpus scores"})
    for doc in result.documents:
        assert f"<b>{doc.doc_id}</b>" in page
    assert 'id="chart-scores"' in page and 'id="chart-confusion_type"' in page
    assert "data:image/png;base64," + base64.b64encode(PNG).decode() in page
    assert "data:image/svg+xml;base64," + base64.b64encode(SVG.encode()).decode() in page
    assert "<figcaption>Corpus scores</figcaption>" in page
    # self-contained: nothing is fetched (the SVG namespace is inside the base64 data)
    assert not re.search(r'(src|href)="(https?:)?//', page)
    assert "<link" not in page and "<script" not in page


def test_html_error_list_highlights_the_text(demo):
    inputs, result = demo
    page = format_html_report(result, inputs, {})
    # type+realis: both example2 mentions are wrong-attribute rows, E1 of example1 is no error
    errors = page[page.index("<h2>Errors by document"):]
    assert errors.count('<span class="tag o-attribute">') == 2
    assert "example1</b> — 0 error(s)" in errors
    # the demo's example2 text file starts with an extra newline (shifted by one character against the
    # token table): it is aligned, as the window aligns it (evmeval.io.text), not replaced by the rebuilt text
    assert "does not match" not in errors
    assert "we are rejecting the most qualified candidate and " in errors
    assert '<span class="o-attribute g">nominating</span>' in errors
    assert '<span class="o-attribute g">created</span>' in errors


def test_html_uses_the_given_colours_and_names_the_tables(demo):
    inputs, result = demo
    colours = {o: "#123456" for o in Outcome}
    page = format_html_report(result, inputs, {}, colours=colours)
    assert ".sw.o-missed { background: #123456; }" in page
    assert "Published table (as in the score report)" in page and "Type-mapping table" in page


def test_html_escapes_input_text(tmp_path):
    text = 'Rebels <script>alert("x")</script> & co attacked'
    gold, _ = parse_tbf("#BeginOfDocument d<1>\n"
                        "g\td<1>\tE1\t7,15\t<script>\tConflict_Attack\tActual\n#EndOfDocument\n",
                        path="gold.tbf", mode=SpanMode.CHAR)
    system, _ = parse_tbf("#BeginOfDocument d<1>\n#EndOfDocument\n", path="sys.tbf", mode=SpanMode.CHAR)
    folder = tmp_path / "txt"
    folder.mkdir()
    (folder / "d<1>.txt").write_text(text, encoding="utf-8")
    inputs = LoadedInputs(gold, system, TokenSource(None), TextSource(str(folder)))
    page = format_html_report(score_files(gold, system), inputs, {})
    assert "<script>" not in page
    assert "d&lt;1&gt;" in page
    assert '<span class="o-missed g">&lt;script&gt;</span>' in page
    assert "&amp; co" in page
