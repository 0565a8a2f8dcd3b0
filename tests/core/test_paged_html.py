"""The paged HTML report (evmeval.report.paged_html): every document on a page, linked both ways, with the
figures of the JSON export; plain self-contained pages; outputs never land on inputs."""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS
from evmeval.coref.scoring import DEFAULT_COMBINATION, score_coreference
from evmeval.io.errors import FormatError
from evmeval.io.loading import load_inputs
from evmeval.mention.prf import NAN_REASON
from evmeval.mention.scoring import score_files
from evmeval.report.json_report import dumps, result_to_json
from evmeval.report.paged_html import (
    MAIN_PAGE,
    check_report_pages,
    document_addresses,
    page_ranges,
    write_html_report,
)

from tests.gui.corpus_factory import write_corpus

PER_PAGE = 2  # the three-document corpus then needs two pages


@pytest.fixture()
def corpus(tmp_path):
    folder = write_corpus(tmp_path / "corpus")
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"), token_dir=str(folder / "tkn"),
                         text_dir=str(folder / "txt"))
    return inputs, score_files(inputs.gold, inputs.system)


def _links(page: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r'href="([^"]+)"', page)]


def _section(page: str, number: int) -> str:
    start = page.index(f'<section id="doc-{number}">')
    return page[start:page.index("</section>", start)]


def _shown(value: float | None) -> str:
    return f'<span class="nan" title="{NAN_REASON}">—</span>' if value is None else f"{100 * value:.2f}"


def test_every_document_has_a_section_on_a_page_the_index_links_to(tmp_path, corpus):
    inputs, result = corpus
    out = tmp_path / "report"
    written = write_html_report(str(out), result, inputs, {}, per_page=PER_PAGE)
    assert [os.path.relpath(p, out) for p in written] == [
        os.path.join("documents", "page-001.html"), os.path.join("documents", "page-002.html"), MAIN_PAGE]
    assert sorted(os.listdir(out / "documents")) == ["page-001.html", "page-002.html"]   # no temporary file left
    index = (out / MAIN_PAGE).read_text(encoding="utf-8")
    addresses = document_addresses(len(result.documents), PER_PAGE)
    for number, doc in enumerate(result.documents):
        assert f'<a href="{addresses[number]}">{doc.doc_id}</a>' in index       # the index links to it
        page_name, anchor = addresses[number].split("#")
        page = (out / page_name).read_text(encoding="utf-8")
        assert f'id="{anchor}"' in page and f"<h2>{doc.doc_id}</h2>" in _section(page, number)
    assert "Errors by document" not in index and "<details id=" not in index  # error lists are on the pages


def test_pages_show_the_figures_of_the_json_export(tmp_path, corpus):
    inputs, result = corpus
    write_html_report(str(tmp_path), result, inputs, {}, per_page=PER_PAGE)
    exported = json.loads(dumps(result_to_json(result)))
    on_page = {n: page for page, numbers in enumerate(page_ranges(len(result.documents), PER_PAGE)) for n in numbers}
    assert sorted(on_page) == list(range(3))
    for number, doc in enumerate(exported["documents"]):
        page = (tmp_path / "documents" / f"page-{on_page[number] + 1:03d}.html").read_text(encoding="utf-8")
        section = _section(page, number)
        for c in COMBINATIONS:
            s = doc["scores"][c]
            cells = "".join(f'<td class="n">{_shown(s[k])}</td>' for k in ("precision", "recall", "f1"))
            assert re.search(rf"<th>{re.escape(c)} \([^)]*\)</th>{re.escape(cells)}</tr>", section), (doc["doc_id"], c)
        assert f"{doc['num_gold']} gold and {doc['num_system']} system mention(s)" in section


def test_errors_with_their_text_sit_on_the_document_page(tmp_path, corpus):
    inputs, result = corpus
    write_html_report(str(tmp_path), result, inputs, {}, per_page=PER_PAGE)
    first = (tmp_path / "documents" / "page-001.html").read_text(encoding="utf-8")
    doc1 = _section(first, 0)
    assert '<span class="tag o-missed">' in doc1                                 # E5 praised, missed
    assert '<span class="o-missed g">praised</span>' in doc1                     # its text, underlined
    second = (tmp_path / "documents" / "page-002.html").read_text(encoding="utf-8")
    assert "rebuilt from the token table" not in _section(second, 2)             # no text file is no problem
    assert '<span class="o-missed g">displaced</span>' in _section(second, 2)    # text rebuilt from the table


def test_pages_are_plain_html_linked_both_ways(tmp_path, corpus):
    inputs, result = corpus
    write_html_report(str(tmp_path), result, inputs, {"scores": b"\x89PNG\r\n\x1a\n fake"}, per_page=PER_PAGE)
    pages = [tmp_path / MAIN_PAGE, *sorted((tmp_path / "documents").iterdir())]
    for path in pages:
        text = path.read_text(encoding="utf-8")
        assert "<script" not in text and "<link" not in text and "<iframe" not in text
        assert not re.search(r'(src|href)="(https?:)?//', text)                   # nothing fetched
        for link in _links(text):                                                 # every relative link resolves
            target = link.split("#")[0]
            if target:
                assert (path.parent / target).is_file(), (path.name, link)
    first, second = (tmp_path / "documents" / "page-001.html"), (tmp_path / "documents" / "page-002.html")
    assert "page-002.html" in _links(first.read_text(encoding="utf-8"))
    assert "page-001.html" in _links(second.read_text(encoding="utf-8"))
    assert "../report.html" in _links(second.read_text(encoding="utf-8"))


def test_coreference_clusters_go_to_the_document_pages(tmp_path, evmeval_data: Path):
    folder = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "sample_system_C.tbf"),
                         token_dir=str(folder / "tkn"), text_dir=str(folder / "txt"))
    result = score_files(inputs.gold, inputs.system)
    coref = score_coreference(result, inputs.gold, inputs.system, combination=DEFAULT_COMBINATION)
    write_html_report(str(tmp_path), result, inputs, {}, coreference=coref, per_page=1)
    index = (tmp_path / MAIN_PAGE).read_text(encoding="utf-8")
    assert "<h2>Coreference</h2>" in index and "cluster(s) not matched exactly</summary>" not in index
    for number, cd in enumerate(coref.documents):
        page = (tmp_path / "documents" / f"page-{number + 1:03d}.html").read_text(encoding="utf-8")
        section = _section(page, number)
        assert "<h3>Clusters not matched exactly</h3>" in section
        assert f'<a href="documents/page-{number + 1:03d}.html#doc-{number}">{cd.doc_id}</a>' in index
        assert f"<td class=n>{100 * cd.counts.conll_f1:.2f}</td>" in section


def test_a_page_that_would_land_on_an_input_is_refused_before_writing(tmp_path, corpus):
    inputs, result = corpus
    out = Path(inputs.texts.folder).parent / "report"          # documents/ of the report would be ...
    (out).mkdir()
    os.symlink(inputs.texts.folder, out / "documents")         # ... the text folder, through a link
    with pytest.raises(FormatError, match="among the inputs"):
        check_report_pages(str(out), result, inputs)
    check_report_pages(str(tmp_path / "elsewhere"), result, inputs)              # an ordinary folder is fine


def test_cancelling_stops_before_the_main_page(tmp_path, corpus):
    inputs, result = corpus
    calls = []
    written = write_html_report(str(tmp_path), result, inputs, {}, per_page=PER_PAGE,
                                cancelled=lambda: len(calls) >= 1, progress=lambda d, t: calls.append((d, t)))
    assert [os.path.basename(p) for p in written] == ["page-001.html"] and calls == [(1, 3)]
    assert not (tmp_path / MAIN_PAGE).exists()
