"""The HTML report as pages: `report.html` with the corpus figures and a document index, and the
documents in `documents/page-NNN.html`, 25 to a page: each one's scores, its errors and their text,
and its coreference clusters.

One page of 2000 documents' errors was 25-40 MB, more than a browser opens comfortably; paged, the
main page stays a few MB and each page of documents a few hundred KB. Pages are
plain HTML with inline CSS and relative links: no script, nothing fetched, they work from `file://`,
a zip or a USB stick. The window's File > Export and `evmeval-gui --export-report` both write the
report with `write_html_report`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence

from evmeval._util.shared_tables import Tables
from evmeval.coref.scoring import CorefResult
from evmeval.io.loading import LoadedInputs, input_folders
from evmeval.io.writing import check_output_paths, make_output_folders, write_atomic
from evmeval.mention.scoring import ScoreResult
from evmeval.report.html_report import format_documents_page, iter_html_report

MAIN_PAGE = "report.html"
DOCUMENTS_FOLDER = "documents"
"""The documents' pages' folder, beside the main page."""
DOCUMENTS_PER_PAGE = 25
"""Documents on one page: pages stay small (a few hundred KB), and 2000 documents make 80 files, not
2000 (creating a file costs as much as writing 100 KB on a slow disk)."""


def page_ranges(count: int, per_page: int = DOCUMENTS_PER_PAGE) -> list[range]:
    """The document numbers on each page, in order."""
    return [range(start, min(count, start + per_page)) for start in range(0, count, per_page)]


def page_file(page: int) -> str:
    """Page `page` (0-based) relative to the main page: `documents/page-001.html`."""
    return f"{DOCUMENTS_FOLDER}/page-{page + 1:03d}.html"


def document_addresses(count: int, per_page: int = DOCUMENTS_PER_PAGE) -> list[str]:
    """Where each document is, relative to the main page: `documents/page-003.html#doc-57`."""
    return [f"{page_file(n // per_page)}#doc-{n}" for n in range(count)]


def report_page_paths(out_dir: str, documents: int, per_page: int = DOCUMENTS_PER_PAGE) -> list[str]:
    """Every file `write_html_report` writes into `out_dir` for `documents` documents, main page first."""
    pages = page_ranges(documents, per_page)
    return [os.path.join(out_dir, MAIN_PAGE)] + [os.path.join(out_dir, *page_file(p).split("/"))
                                                 for p in range(len(pages))]


def report_folders(out_dir: str) -> list[str]:
    """The folders the report makes (if missing): `out_dir` and its `documents/`; never a missing parent."""
    return [out_dir, os.path.join(out_dir, DOCUMENTS_FOLDER)]


def check_report_pages(out_dir: str, result: ScoreResult, inputs: LoadedInputs) -> None:
    """Raise `FormatError` when a page would replace an input (a tbf file, a token table, a text) or
    `out_dir`'s parent folder does not exist."""
    folders = input_folders(inputs.tokens.folder, inputs.tokens.extension, inputs.texts.folder)
    check_output_paths(report_page_paths(out_dir, len(result.documents)), [inputs.gold.path, inputs.system.path],
                       input_folders=folders, new_folders=report_folders(out_dir))


Progress = Callable[[int, int], None]


def write_html_report(
    out_dir: str,
    result: ScoreResult,
    inputs: LoadedInputs,
    charts: Mapping[str, bytes | str],
    *,
    captions: Mapping[str, str] | None = None,
    banner: str = "",
    sections: Sequence[str] = (),
    coreference: CorefResult | None = None,
    colours: Mapping[str, str] | None = None,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    per_page: int = DOCUMENTS_PER_PAGE,
    tables: Tables | None = None,
) -> list[str]:
    """Write `report.html` and every document's page into `out_dir`; the paths written, in order.

    Document pages come first, so a finished main page never links to a page not yet written; each
    file is written atomically. Stops between pages when `cancelled()` turns true (then the main
    page is not written). `progress(done, total)` after each file. Check the paths beforehand with
    `check_report_pages`. `per_page`: documents on a page. Other arguments as in
    `evmeval.report.html_report.format_html_report`.
    """
    written = write_document_pages(out_dir, result, inputs, colours=colours, coreference=coreference,
                                   progress=progress, cancelled=cancelled, per_page=per_page, tables=tables)
    if len(written) < len(page_ranges(len(result.documents), per_page)):
        return written
    written.append(write_main_page(out_dir, result, inputs, charts, captions=captions, banner=banner,
                                   sections=sections, coreference=coreference, colours=colours, per_page=per_page))
    if progress is not None:
        progress(len(written), len(written))
    return written


def write_document_pages(out_dir: str, result: ScoreResult, inputs: LoadedInputs, *,
                         coreference: CorefResult | None = None, colours: Mapping[str, str] | None = None,
                         progress: Progress | None = None, cancelled: Callable[[], bool] | None = None,
                         per_page: int = DOCUMENTS_PER_PAGE, only: range | None = None,
                         tables: Tables | None = None) -> list[str]:
    """The documents' pages alone (the part of `write_html_report` that needs no chart); `only`: the
    page indexes to write (two processes can share the pages), else every page; `tables`: the mapping
    rows and cluster explanations, shared (`evmeval._util.shared_tables`)."""
    pages = page_ranges(len(result.documents), per_page)
    written: list[str] = []
    if any(only is None or page in only for page in range(len(pages))):
        make_output_folders(report_folders(out_dir))
    for page, numbers in enumerate(pages):
        if only is not None and page not in only:
            continue
        if cancelled is not None and cancelled():
            break
        path = os.path.join(out_dir, *page_file(page).split("/"))
        write_atomic(path, format_documents_page(
            result, numbers, inputs, colours=colours, coreference=coreference, tables=tables,
            previous=_sibling(page_file(page - 1)) if page > 0 else None,
            following=_sibling(page_file(page + 1)) if page + 1 < len(pages) else None))
        written.append(path)
        if progress is not None:
            progress(page + 1, len(pages) + 1)
    return written


def write_main_page(out_dir: str, result: ScoreResult, inputs: LoadedInputs, charts: Mapping[str, bytes | str], *,
                    captions: Mapping[str, str] | None = None, banner: str = "", sections: Sequence[str] = (),
                    coreference: CorefResult | None = None, colours: Mapping[str, str] | None = None,
                    per_page: int = DOCUMENTS_PER_PAGE) -> str:
    """`report.html` alone, linking to the documents' pages; its path."""
    main = os.path.join(out_dir, MAIN_PAGE)
    make_output_folders([out_dir])
    write_atomic(main, iter_html_report(result, inputs, charts, colours=colours, captions=captions,
                                        banner=banner, sections=sections, coreference=coreference,
                                        document_pages=document_addresses(len(result.documents), per_page)))
    return main


def _sibling(page: str) -> str:
    """A page's address from another page of the same folder."""
    return page.rsplit("/", 1)[-1]
