"""Writing a report folder: every file atomically, the charts drawn by whoever was handed in, optionally
half the work in a forked child.

The library draws no chart (it never imports Qt): a `ChartRenderer` names the charts it may draw
(their files are checked with the rest before anything is written) and draws them when asked. Without
one, every other file is written, byte for byte as with charts, and `report.html` has no figures.
"""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from evmeval._util.forked import Forked, Tickets, single_threaded
from evmeval._util.shared_tables import Tables
from evmeval.coref.scoring import CorefResult, score_coreference
from evmeval.io.loading import LoadedInputs
from evmeval.io.writing import make_output_folders, write_atomic, write_atomic_pair
from evmeval.mention.confusion import ConfusionTally
from evmeval.mention.outcomes import UNIT_TABLES
from evmeval.mention.schemes import SchemeResult, SchemeTally
from evmeval.mention.scoring import ScoreResult
from evmeval.report.export.figures import ChartFigures, Confusions, chart_figures
from evmeval.report.export.files import (
    Beside,
    Maker,
    Sequencing,
    check_report_folder,
    score_links,
    text_files,
)
from evmeval.report.paged_html import (
    page_ranges,
    report_page_paths,
    write_document_pages,
    write_html_report,
    write_main_page,
)
from evmeval.report.scheme_exports import format_scheme_html, mapping_banner_html
from evmeval.report.sequencing_html import sequencing_html_section, sequencing_skipped_html
from evmeval.sequencing.scoring import SequencingSkipped

Progress = Callable[[int, int], None]
Images = dict[str, tuple[bytes, str]]
"""Chart name -> (PNG bytes, SVG text)."""
Captions = dict[str, str]


@dataclass(frozen=True)
class ChartRenderer:
    """The charts a caller draws for the report (the GUI's widgets; the library draws none)."""

    names: tuple[str, ...]
    """Every chart `render` may draw: `chart_<name>.png` / `.svg`, checked before anything is written."""
    render: Callable[[ChartFigures], Callable[[], tuple[Images, Captions]]]
    """What the charts read of the corpus (`evmeval.report.export.figures`: scores and counts, no
    mention; the counts are the library's, taken while the export walked the mapping rows) -> a call
    giving (images, captions) when the export needs them: another process may draw them meanwhile.
    Called once, by the process that writes `report.html` (after the fork, with `fork`)."""


PARENT_FILES = frozenset({"mappings.csv", "scores.json", "muc_documents.csv"})
"""With `fork`, the files the process writing `report.html` writes besides the charts and the main
page: the ones made of the MUC/GATE counts, which the charts need too, so only that process counts them (after the
fork: they are not on the path both processes wait for), and `mappings.csv`, first: the counts are
taken while it is written, a document right after its rows (`SchemeTally`), so each document's
mapping rows are built once for both. The child writes every other file. The
documents' pages are shared out one at a time (`evmeval._util.forked.Tickets`): each process takes
the next page when done with its last, so neither waits for the other by a share set by hand."""
WINDOW = 64
"""Documents (and coreference documents) whose tables an export keeps (`Tables(window=...)`): each
file walks the documents in order, so the tables of the last few are all it asks for again; memory
stays flat in the corpus size."""


def _given(content: bytes | str) -> Maker:
    return lambda: content


def _chart_files(images: Images) -> list[tuple[str, Maker]]:
    return [item for name, (png, svg) in images.items()
            for item in ((f"chart_{name}.png", _given(png)), (f"chart_{name}.svg", _given(svg)))]


def _write_files(out_dir: str, outputs: list[tuple[str, Maker]], *, progress: Callable[[int], None] | None = None,
                 cancelled: Callable[[], bool] | None = None) -> list[str]:
    """Write each file atomically, in order (into `out_dir`, made if missing: its parent was checked);
    stop between files when `cancelled()` turns true."""
    written: list[str] = []
    if outputs:
        make_output_folders([out_dir])
    for name, make in outputs:
        if cancelled is not None and cancelled():
            break
        path = os.path.join(out_dir, name)
        content = make()
        if isinstance(content, Beside):
            beside = os.path.join(out_dir, content.name)
            write_atomic_pair(path, content.leader, beside, content.pieces)
            written += [path, beside]
        else:
            write_atomic(path, content)
            written.append(path)
        del content  # not held while the next file is made (a CoNLL file: 16 MB at 8,000 documents)
        if progress is not None:
            progress(1)
    return written


def _html_sections(schemes: SchemeResult, sequencing: Sequencing) -> list[str]:
    if isinstance(sequencing, SequencingSkipped):
        return [format_scheme_html(schemes), sequencing_skipped_html(sequencing)]
    return [format_scheme_html(schemes)] + ([sequencing_html_section(sequencing)] if sequencing is not None else [])


def _pngs(images: Images) -> dict[str, bytes | str]:
    return {name: png for name, (png, _) in images.items()}


def write_report_files(out_dir: str, inputs: LoadedInputs, result: ScoreResult, images: Images, captions: Captions,
                       *, progress: Progress | None = None, cancelled: Callable[[], bool] | None = None,
                       coref: CorefResult | None = None, sequencing: Sequencing = None,
                       schemes: SchemeResult | None = None, tables: Tables | None = None) -> list[str]:
    """Format and write every file of the report, charts already drawn (`images`, may be empty): no
    drawing here, so this part (seconds on a large corpus: the HTML reads every text) runs off a GUI thread.

    Returns the paths written, in order; stops between files when `cancelled()` turns true (the files
    written so far stay, each one complete). `coref`: coreference goes into every file, as with
    `evmeval-score -c`. `schemes`: the MUC/GATE figures, if already counted (else counted here).
    `tables`: where each document's mapping rows and cluster explanations are made once (a new `Tables`
    unless given: `evmeval._util.shared_tables`).
    """
    tables = tables if tables is not None else Tables(window=WINDOW)
    counted = schemes if schemes is not None else _count_schemes(result, tables, confusions=False)[0]
    outputs = text_files(result, lambda: counted, coref, sequencing, tables) + _chart_files(images)
    total = len(outputs) + len(page_ranges(len(result.documents))) + 1
    done = [0]

    def step(count: int) -> None:
        done[0] += count
        if progress is not None:
            progress(done[0], total)

    written = _write_files(out_dir, outputs, progress=step, cancelled=cancelled)
    if len(written) < len(outputs):
        return written
    return written + write_html_report(
        out_dir, result, inputs, _pngs(images), captions=captions, banner=mapping_banner_html(result.mapping),
        coreference=coref, sections=_html_sections(counted, sequencing), cancelled=cancelled, tables=tables,
        progress=lambda pages, _: progress(len(outputs) + pages, total) if progress else None)


def export_report(out_dir: str, inputs: LoadedInputs, result: ScoreResult, *, charts: ChartRenderer | None = None,
                  progress: Progress | None = None, coref_combination: str | None = None,
                  sequencing: Sequencing = None, fork: bool = False, validate: bool = True,
                  warn: Callable[[str], None] | None = None, parents: Sequence[str] = ()) -> list[str]:
    """Write every report of `result` into `out_dir` (made if missing, and the missing folders
    `parents` above it, but nothing else: see `check_report_folder`); the paths written, in order.

    `charts` draws the charts (none without it). With `coref_combination` (e.g. "mention_type", v1.8's
    `-m 1`), coreference is scored with mentions aligned by it and goes into every file. Raises
    `FormatError` (with the path), before anything is drawn or written, when the folder cannot be
    written, an output would replace one of the input files, or a mention is in two coreference
    clusters. `fork` (a single-threaded program only): a child process on the other core writes the
    text files and about half the documents' pages while this one hands the charts their figures
    (`ChartFigures`: `--export-report` draws them in a process that does not hold the corpus) and
    writes the rest (`evmeval._util.forked`). Sequencing, unless given, is scored here (`validate=False`: v1.8's `-nv`);
    when v1.8 would refuse the links, everything else is still written, the report says why, and so
    does `warn(text)` (one line per refused pair, `file:line`).
    """
    check_report_folder(out_dir, inputs, result, parents=parents, charts=charts.names if charts else ())
    make_output_folders(parents)
    if sequencing is None:
        sequencing = score_links(inputs, result, validate=validate)
    if isinstance(sequencing, SequencingSkipped) and warn is not None:
        warn("\n".join(sequencing.lines()))
    tables = Tables(window=WINDOW)  # each document's mapping rows and cluster explanations, the last few kept
    coref = None if coref_combination is None else score_coreference(
        result, inputs.gold, inputs.system, combination=coref_combination)
    if not (fork and single_threaded()):  # a threaded process (a window) never forks
        schemes, matrices = _count_schemes(result, tables)  # every mapping table is made with them
        images, captions = charts.render(chart_figures(result, coref, schemes, matrices))() if charts else ({}, {})
        del matrices
        return write_report_files(out_dir, inputs, result, images, captions, progress=progress, coref=coref,
                                  sequencing=sequencing, schemes=schemes, tables=tables)
    gc.freeze()  # the scored corpus is only read from now on: no collection walks (and copies) its objects
    try:
        return _export_forked(out_dir, inputs, result, coref, sequencing, charts, tables)
    finally:
        gc.unfreeze()


def _export_forked(out_dir: str, inputs: LoadedInputs, result: ScoreResult, coref: CorefResult | None,
                   sequencing: Sequencing, charts: ChartRenderer | None, tables: Tables) -> list[str]:
    tally = SchemeTally(result, tables)
    confusion = ConfusionTally(tables=tables, members=False)  # drawn, never clicked: counts only

    @functools.cache
    def schemes() -> SchemeResult:  # asked for once mappings.csv is written: every document counted
        counted = tally.result()
        tables.forget(*UNIT_TABLES)
        return counted

    files = text_files(result, schemes, coref, sequencing, tables)
    mappings: list[tuple[str, Maker]] = [(name, functools.partial(_counting, make, result, (tally, confusion)))
                                         for name, make in files if name == "mappings.csv"]
    mine = [f for f in files if f[0] in PARENT_FILES and f[0] != "mappings.csv"]
    theirs = [f for f in files if f[0] not in PARENT_FILES]
    pages = Tickets(len(page_ranges(len(result.documents))))

    def write_pages(*, parent: bool) -> list[int]:
        done = []
        while (page := pages.take(mine=parent)) is not None:
            write_document_pages(out_dir, result, inputs, coreference=coref, only=range(page, page + 1),
                                 tables=tables)
            done.append(page)
        return done

    child = Forked(lambda: (_write_files(out_dir, theirs), write_pages(parent=False)))
    written = _write_files(out_dir, mappings)
    drawing = charts.render(chart_figures(result, coref, schemes(), confusion.take())) if charts else None
    written += _write_files(out_dir, mine)
    paged = write_pages(parent=True)
    images, captions = drawing() if drawing is not None else ({}, {})  # drawn meanwhile if drawn elsewhere
    written += _write_files(out_dir, _chart_files(images))
    their_files, their_pages = child.result()
    done = {*paged, *their_pages}
    for page in [p for p in range(len(page_ranges(len(result.documents)))) if p not in done]:
        # a child that failed after taking pages: they are written here
        write_document_pages(out_dir, result, inputs, coreference=coref, only=range(page, page + 1), tables=tables)
    page_paths = report_page_paths(out_dir, len(result.documents))[1:]
    written = [*their_files, *page_paths, *written]  # every document page exists before the main page links to them
    written.append(write_main_page(out_dir, result, inputs, _pngs(images), captions=captions,
                                   banner=mapping_banner_html(result.mapping), coreference=coref,
                                   sections=_html_sections(schemes(), sequencing)))
    return written


def _counting(make: Maker, result: ScoreResult, tallies: tuple[SchemeTally, ConfusionTally]) -> Iterator[str | bytes]:
    """`mappings.csv`'s pieces as `make()` gives them (one a document, in order, then the rest), each
    document added to the `tallies` right after its piece, while its mapping rows are in the tables."""
    documents = iter(result.documents)
    pieces = make()
    assert not isinstance(pieces, str | bytes | Beside), "mappings.csv is made a document at a time"
    for piece in pieces:
        document = next(documents, None)
        if document is not None:
            for tally in tallies:
                tally.add(document)
        yield piece
    for document in documents:  # (none: a piece per document)
        for tally in tallies:
            tally.add(document)


def _count_schemes(result: ScoreResult, tables: Tables, *, confusions: bool = True,
                   ) -> tuple[SchemeResult, Confusions]:
    """The MUC/GATE counts and (`confusions`) the charts' confusion matrices, in one walk over the
    mapping rows; then the overlap units they needed are dropped (~35 MB on 2000 documents)."""
    tally = SchemeTally(result, tables)
    confusion = ConfusionTally(tables=tables, members=False) if confusions else None
    for document in result.documents:
        tally.add(document)
        if confusion is not None:
            confusion.add(document)
    schemes = tally.result()
    tables.forget(*UNIT_TABLES)
    return schemes, confusion.result() if confusion is not None else {}
