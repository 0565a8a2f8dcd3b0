"""File > Export and `evmeval-gui --export-report DIR`: every report of one result into one folder.

Written files: `report.html` (the corpus figures and a document index) with one page per document
in `documents/` (`evmeval.report.paged_html`; plain HTML, no script, relative links), `scores.txt`
(published layout), `comparison.txt`,
`scores.json` (with the `muc` and `gate` figures), `mappings.csv`, `documents.csv`, `per_type.csv`,
`muc_documents.csv` (MUC counts per document), and each chart as
`chart_<name>.png` and `chart_<name>.svg`; with coreference scored, its files too
(`evmeval_gui.coref.export`); with event sequencing links, `scores.json` gains the CLI's `sequencing`
object, `report.html` a sequencing section and `sequencing_links.tsv` is written too (links v1.8 refuses
without -nv: only a note in `report.html` naming them, file:line). Every file is
written atomically; an input file is never overwritten; a folder that cannot be written gives a
`FormatError` naming the path.

The charts are drawn offscreen, so a QApplication must exist (the window's, or the headless one
`--export-report` makes).
"""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from evmeval._util.forked import Forked, single_threaded
from evmeval._util.shared_tables import forget, sharing
from evmeval.align import COMBINATIONS
from evmeval.coref.scoring import DEFAULT_COMBINATION, CorefResult  # noqa: F401 (re-exported for callers)
from evmeval.coref.view import score_shown_coreference
from evmeval.io.loading import LoadedInputs, input_folders
from evmeval.io.writing import check_output_paths, make_output_folders, write_atomic
from evmeval.mention.outcomes import UNIT_TABLES, mapping_rows
from evmeval.mention.schemes import SchemeResult, scheme_scores
from evmeval.mention.scoring import ScoreResult
from evmeval.report.comparison import format_comparison
from evmeval.report.coref_report import comparison_coref_lines, format_coref_section
from evmeval.report.csv_report import format_documents_csv, format_per_type_csv, iter_mappings_csv
from evmeval.report.json_report import iter_dumps
from evmeval.report.paged_html import (
    page_ranges,
    report_folders,
    report_page_paths,
    write_document_pages,
    write_html_report,
    write_main_page,
)
from evmeval.report.scheme_exports import (
    format_muc_documents_csv,
    format_scheme_html,
    mapping_banner_html,
    scores_json,
)
from evmeval.report.sequencing_html import sequencing_html_section, sequencing_skipped_html
from evmeval.report.sequencing_report import link_table_tsv, sequencing_json
from evmeval.report.text import format_report
from evmeval.sequencing.scoring import SequencingRefused, SequencingResult, SequencingSkipped, score_sequencing

from evmeval_gui.charts.names import CHART_NAMES
from evmeval_gui.coref.export import COREF_CHART_FILES, COREF_FILES, coref_files, render_coref_charts, with_coreference

REPORT_FILES: tuple[str, ...] = ("report.html", "scores.txt", "comparison.txt", "scores.json",
                                 "mappings.csv", "documents.csv", "per_type.csv", "muc_documents.csv")
"""The fixed file names (charts come in addition, as `chart_<name>.png` / `.svg`)."""
SEQUENCING_FILE = "sequencing_links.tsv"
"""Written when the corpus has sequencing links: `evmeval-score -a`'s link table (published closure)."""

Progress = Callable[[int, int], None]
Sequencing = SequencingResult | SequencingSkipped | None
"""The sequencing part of a report: scores, the links v1.8 refuses without -nv (a note instead), or none."""
PARENT_FILES = frozenset({"scores.json", "muc_documents.csv"})
"""With `fork`, the files the drawing process writes besides the charts, its share of the documents'
pages and the main page: the ones made of the MUC/GATE counts, which the charts need too, so only
that process counts them (after the fork: they are not on the path both processes wait for). The
child writes every other file and the other pages."""
CHILD_PAGE_SHARE = 0.6
"""With `fork`, the child's share of the documents' pages (the first ones): about equal CPU time in
both processes on the 2000-document corpus (measured with `benchmarks/perf_bench.py`)."""


def render_charts(result: ScoreResult, coref: CorefResult | None = None, schemes: SchemeResult | None = None,
                  ) -> tuple[dict[str, tuple[bytes, str]], dict[str, str]]:
    """Every chart of the corpus view (micro average, span-only mapping) as (PNG, SVG), and captions;
    with `coref`, the coreference charts too; `schemes`: the MUC/GATE figures, if already counted.

    Needs the GUI thread: the charts are widgets, drawn offscreen.
    """
    from evmeval_gui.charts.panel import ChartsPanel  # Qt and pyqtgraph: imported only when drawing

    panel = ChartsPanel()
    try:
        panel.set_result(result, schemes=schemes)
        images, captions = panel.export_images(), panel.chart_titles()
    finally:
        panel.deleteLater()
    if coref is not None:
        more, more_captions = render_coref_charts(result, coref)
        images.update(more)
        captions.update(more_captions)
    return images, captions


def report_outputs(out_dir: str, documents: int | None = None) -> list[str]:
    """Every file the export may write into `out_dir`; with `documents` (their number), the pages too."""
    chart_files = [f"chart_{name}.{ext}" for name in CHART_NAMES for ext in ("png", "svg")]
    chart_files += [*COREF_FILES, *COREF_CHART_FILES, SEQUENCING_FILE]
    outputs = [os.path.join(out_dir, name) for name in (*REPORT_FILES, *chart_files)]
    if documents is not None:
        outputs += report_page_paths(out_dir, documents)[1:]  # report.html is a REPORT_FILE already
    return outputs


def check_report_folder(out_dir: str, inputs: LoadedInputs, result: ScoreResult | None = None, *,
                        parents: Sequence[str] = ()) -> None:
    """Raise `FormatError` (with the path) when `out_dir` cannot take the report: it is a file, its
    parent folder does not exist (`parents`: the missing folders above it the export makes, e.g.
    `--export-report OUT/` with one subfolder per system), it cannot be written, or an output would
    replace one of the input files (with `result`: the document pages too). Nothing is drawn or written."""
    check_output_paths(report_outputs(out_dir, len(result.documents) if result is not None else None),
                       [inputs.gold.path, inputs.system.path],
                       input_folders=input_folders(inputs.tokens.folder, inputs.tokens.extension, inputs.texts.folder),
                       new_folders=[*parents, *report_folders(out_dir)])


def check_export_folders(out_dirs: Sequence[str], systems: Sequence[LoadedInputs], parents: Sequence[str]) -> None:
    """`check_report_folder` for several systems' folders at once (one per system, `parents` above
    them), in one check before any is scored: the pages as many as the gold file's documents."""
    first = systems[0]
    check_output_paths([out for out_dir, inputs in zip(out_dirs, systems, strict=True)
                        for out in report_outputs(out_dir, len(inputs.gold.documents))],
                       list(dict.fromkeys(p for inputs in systems for p in (inputs.gold.path, inputs.system.path))),
                       input_folders=input_folders(first.tokens.folder, first.tokens.extension, first.texts.folder),
                       new_folders=[*parents, *(f for out_dir in out_dirs for f in report_folders(out_dir))])


def _text_files(result: ScoreResult, schemes: Callable[[], SchemeResult], coref: CorefResult | None,
                sequencing: Sequencing) -> list[tuple[str, Callable[[], str | bytes | Iterable[str]]]]:
    """(file name, maker) of every file but the charts and the HTML pages, in writing order;
    `schemes()` gives the MUC/GATE counts (asked for only by the files made of them)."""
    outputs: list[tuple[str, Callable[[], str | bytes | Iterable[str]]]] = [
        ("scores.txt", lambda: format_report(result) + (format_coref_section(coref) if coref else "")),
        ("comparison.txt", lambda: format_comparison(result, comparison_coref_lines(result, coref) if coref else None)),
        ("scores.json", lambda: iter_dumps(_scores_json(result, schemes(), coref, sequencing))),
        ("mappings.csv", lambda: iter_mappings_csv(result)),
        ("documents.csv", lambda: format_documents_csv(result)),
        ("per_type.csv", lambda: format_per_type_csv(result)),
        ("muc_documents.csv", lambda: format_muc_documents_csv(schemes())),
        *(coref_files(result, coref) if coref is not None else []),
    ]
    if isinstance(sequencing, SequencingResult):
        outputs.append((SEQUENCING_FILE, lambda: link_table_tsv(sequencing)))
    return outputs


def _chart_files(images: dict[str, tuple[bytes, str]]) -> list[tuple[str, Callable[[], str | bytes | Iterable[str]]]]:
    outputs: list[tuple[str, Callable[[], str | bytes | Iterable[str]]]] = []
    for name, (png, svg) in images.items():
        outputs.append((f"chart_{name}.png", lambda png=png: png))
        outputs.append((f"chart_{name}.svg", lambda svg=svg: svg))
    return outputs


def _write_files(out_dir: str, outputs: list[tuple[str, Callable[[], str | bytes | Iterable[str]]]], *,
                 progress: Callable[[int], None] | None = None,
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
        write_atomic(path, make())
        written.append(path)
        if progress is not None:
            progress(1)
    return written


def _html_sections(schemes: SchemeResult, sequencing: Sequencing) -> list[str]:
    if isinstance(sequencing, SequencingSkipped):
        return [format_scheme_html(schemes), sequencing_skipped_html(sequencing)]
    return [format_scheme_html(schemes)] + ([sequencing_html_section(sequencing)] if sequencing is not None else [])


def _write_pages(out_dir: str, inputs: LoadedInputs, result: ScoreResult, images: dict[str, tuple[bytes, str]],
                 captions: dict[str, str], schemes: SchemeResult, coref: CorefResult | None,
                 sequencing: Sequencing, *, progress: Progress | None = None,
                 cancelled: Callable[[], bool] | None = None) -> list[str]:
    """report.html and the documents' pages (`evmeval.report.paged_html`)."""
    return write_html_report(out_dir, result, inputs, {name: png for name, (png, _) in images.items()},
                             captions=captions, banner=mapping_banner_html(result.mapping), coreference=coref,
                             sections=_html_sections(schemes, sequencing), progress=progress, cancelled=cancelled)


def write_report_files(out_dir: str, inputs: LoadedInputs, result: ScoreResult,
                       images: dict[str, tuple[bytes, str]], captions: dict[str, str], *,
                       progress: Progress | None = None, cancelled: Callable[[], bool] | None = None,
                       coref: CorefResult | None = None, sequencing: Sequencing = None,
                       schemes: SchemeResult | None = None) -> list[str]:
    """Format and write every file of the report, charts already drawn: no Qt object is touched, so
    this part (seconds on a large corpus: the HTML reads every text) runs off the GUI thread.

    Returns the paths written, in order; stops between files when `cancelled()` turns true (the files
    written so far stay, each one complete). `coref`: coreference goes into every file, as with
    `evmeval-score -c` (see `evmeval_gui.coref.export`). `schemes`: the MUC/GATE figures, if already
    counted (else counted here, under the result's own mapping).
    """
    with sharing():  # each document's mapping rows and cluster explanations are made once
        return _write_report_files(out_dir, inputs, result, images, captions, progress=progress,
                                   cancelled=cancelled, coref=coref, sequencing=sequencing, schemes=schemes)


def _write_report_files(out_dir: str, inputs: LoadedInputs, result: ScoreResult,
                        images: dict[str, tuple[bytes, str]], captions: dict[str, str], *,
                        progress: Progress | None, cancelled: Callable[[], bool] | None,
                        coref: CorefResult | None, sequencing: Sequencing,
                        schemes: SchemeResult | None) -> list[str]:
    if schemes is None:
        schemes = scheme_scores(result)
    counted = schemes
    outputs = _text_files(result, lambda: counted, coref, sequencing) + _chart_files(images)
    total = len(outputs) + len(page_ranges(len(result.documents))) + 1
    done = [0]

    def step(count: int) -> None:
        done[0] += count
        if progress is not None:
            progress(done[0], total)

    written = _write_files(out_dir, outputs, progress=step, cancelled=cancelled)
    if len(written) < len(outputs):
        return written
    return written + _write_pages(out_dir, inputs, result, images, captions, schemes, coref, sequencing,
                                  progress=lambda pages, _: progress(len(outputs) + pages, total) if progress else None,
                                  cancelled=cancelled)


def export_report(out_dir: str, inputs: LoadedInputs, result: ScoreResult, *,
                  progress: Progress | None = None, coref_combination: str | None = None,
                  sequencing: Sequencing = None, fork: bool = False,
                  application: Callable[[], object] | None = None, validate: bool = True,
                  warn: Callable[[str], None] | None = None, parents: Sequence[str] = ()) -> list[str]:
    """Write every report of `result` into `out_dir` (made if missing, and the missing folders
    `parents` above it, but nothing else: see `check_report_folder`); the paths written, in order.

    With `coref_combination` (e.g. `DEFAULT_COMBINATION`, v1.8's `-m 1`), coreference is scored with
    mentions aligned by it and goes into every file. Raises `FormatError` (with the path), before
    anything is drawn or written, when the folder cannot be written, an output would replace one of
    the input files, or a mention is in two coreference clusters. `fork` (a single-threaded program
    only: `--export-report`): a child process on the other core writes the JSON, the text files and
    most documents' pages while this one draws the charts and writes the rest (`evmeval._util.forked`).
    `application()`: makes the QApplication the charts need, called just before drawing (after the
    fork: the child never loads Qt). Sequencing, unless given, is scored here (`validate=False`: v1.8's
    `-nv`); when v1.8 would refuse the links, everything else is still written, the report says why,
    and so does `warn(text)` (one line per refused pair, `file:line`).
    """
    check_report_folder(out_dir, inputs, result, parents=parents)
    make_output_folders(parents)
    if sequencing is None:
        sequencing = score_links(inputs, result, validate=validate)
    if isinstance(sequencing, SequencingSkipped) and warn is not None:
        warn("\n".join(sequencing.lines()))
    with sharing():  # each document's mapping rows and cluster explanations are made once
        return _export(out_dir, inputs, result, progress=progress, coref_combination=coref_combination,
                       sequencing=sequencing, fork=fork, application=application)


def _export(out_dir: str, inputs: LoadedInputs, result: ScoreResult, *, progress: Progress | None,
            coref_combination: str | None, sequencing: Sequencing, fork: bool,
            application: Callable[[], object] | None) -> list[str]:
    coref = None if coref_combination is None else score_shown_coreference(
        result, inputs.gold, inputs.system, combination=coref_combination)
    if not (fork and single_threaded()):  # a threaded process (the window) never forks
        schemes = _count_schemes(result)  # every mapping table is made with them
        if application is not None:
            application()
        images, captions = render_charts(result, coref, schemes)
        return write_report_files(out_dir, inputs, result, images, captions, progress=progress, coref=coref,
                                  sequencing=sequencing, schemes=schemes)
    for doc in result.documents:  # every mapping table, made once: both processes read them
        for combination in COMBINATIONS:
            mapping_rows(doc, combination)
    gc.freeze()  # the scored corpus is only read from now on: no collection walks (and copies) its objects
    try:
        return _export_forked(out_dir, inputs, result, coref, sequencing, application)
    finally:
        gc.unfreeze()


def _export_forked(out_dir: str, inputs: LoadedInputs, result: ScoreResult, coref: CorefResult | None,
                   sequencing: Sequencing, application: Callable[[], object] | None) -> list[str]:
    schemes = functools.cache(lambda: _count_schemes(result))  # by the process that needs them
    files = _text_files(result, schemes, coref, sequencing)
    mine = [f for f in files if f[0] in PARENT_FILES]
    theirs = [f for f in files if f[0] not in PARENT_FILES]
    pages = len(page_ranges(len(result.documents)))
    split = round(pages * CHILD_PAGE_SHARE)
    child = Forked(lambda: _write_files(out_dir, theirs) + write_document_pages(
        out_dir, result, inputs, coreference=coref, only=range(split)))
    if application is not None:
        application()
    images, captions = render_charts(result, coref, schemes())
    written = _write_files(out_dir, mine + _chart_files(images))
    written = write_document_pages(out_dir, result, inputs, coreference=coref, only=range(split, pages)) + written
    written = child.result() + written  # every document page exists before the main page links to them
    written.append(write_main_page(out_dir, result, inputs, {name: png for name, (png, _) in images.items()},
                                   captions=captions, banner=mapping_banner_html(result.mapping), coreference=coref,
                                   sections=_html_sections(schemes(), sequencing)))
    return written


def _count_schemes(result: ScoreResult) -> SchemeResult:
    """The MUC/GATE counts; then the overlap units they needed are dropped (~35 MB on 2000 documents)."""
    schemes = scheme_scores(result)
    forget(*UNIT_TABLES)
    return schemes


def score_links(inputs: LoadedInputs, result: ScoreResult, *, validate: bool = True) -> Sequencing:
    """The sequencing scores (both closures) when the files have @After / @Subevent links, else None;
    `SequencingSkipped` (every pair, file:line) where v1.8 refuses the links without -nv (`validate`
    False is `-nv`: they are scored). Raises `SequencingError` where v1.8 crashes on the links."""
    from evmeval_gui.model.sequencing import CLOSURES, link_types_in

    if not link_types_in((inputs.gold, inputs.system)):
        return None
    try:
        return score_sequencing(result, inputs.gold, inputs.system, closures=CLOSURES, strict=False,
                                validate=validate)
    except SequencingRefused as refused:
        return SequencingSkipped(refused.problems)


def _scores_json(result: ScoreResult, schemes: SchemeResult, coref: CorefResult | None,
                 sequencing: Sequencing) -> dict[str, Any]:
    """scores.json: the published layout with the schemes, coreference and sequencing as the CLI adds them."""
    data = scores_json(result, schemes)
    if coref is not None:
        data = with_coreference(data, result, coref)
    if isinstance(sequencing, SequencingResult):
        data = {**data, "sequencing": sequencing_json(sequencing)}
    return data
