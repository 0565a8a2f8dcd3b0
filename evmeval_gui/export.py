"""File > Export and `evmeval-gui --export-report DIR`: every report of one result into one folder.

Written files: `report.html` (self-contained), `scores.txt` (published layout), `comparison.txt`,
`scores.json` (with the `muc` and `gate` figures), `mappings.csv`, `documents.csv`, `per_type.csv`,
`muc_documents.csv` (MUC counts per document), and each chart as
`chart_<name>.png` and `chart_<name>.svg`; with coreference scored, its files too
(`evmeval_gui.coref.export`). Every file is written atomically; an input file is never
overwritten; a folder that cannot be written gives a `FormatError` naming the path.

The charts are drawn offscreen, so a QApplication must exist (the window's, or the headless one
`--export-report` makes).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from core.formats.errors import FormatError
from core.loading import LoadedInputs, input_folders
from core.metrics.coref import DEFAULT_COMBINATION, CorefResult  # noqa: F401 (re-exported for callers)
from core.metrics.coref_view import score_shown_coreference
from core.metrics.mention import ScoreResult
from core.metrics.schemes import scheme_scores
from core.report.comparison import format_comparison
from core.report.coref_report import comparison_coref_lines, format_coref_section
from core.report.csv_report import format_documents_csv, format_mappings_csv, format_per_type_csv
from core.report.html_report import format_html_report
from core.report.io import check_output_paths, write_atomic
from core.report.json_report import dumps
from core.report.scheme_exports import (
    format_muc_documents_csv,
    format_scheme_html,
    mapping_banner_html,
    scores_json,
)
from core.report.text import format_report
from evmeval_gui.charts.panel import CHART_NAMES, ChartsPanel
from evmeval_gui.coref.export import COREF_CHART_FILES, COREF_FILES, coref_files, render_coref_charts, with_coreference

REPORT_FILES: tuple[str, ...] = ("report.html", "scores.txt", "comparison.txt", "scores.json",
                                 "mappings.csv", "documents.csv", "per_type.csv", "muc_documents.csv")
"""The fixed file names (charts come in addition, as `chart_<name>.png` / `.svg`)."""

Progress = Callable[[int, int], None]


def render_charts(result: ScoreResult, coref: CorefResult | None = None,
                  ) -> tuple[dict[str, tuple[bytes, str]], dict[str, str]]:
    """Every chart of the corpus view (micro average, span-only mapping) as (PNG, SVG), and captions;
    with `coref`, the coreference charts too.

    Needs the GUI thread: the charts are widgets, drawn offscreen.
    """
    panel = ChartsPanel()
    try:
        panel.set_result(result)
        images, captions = panel.export_images(), panel.chart_titles()
    finally:
        panel.deleteLater()
    if coref is not None:
        more, more_captions = render_coref_charts(result, coref)
        images.update(more)
        captions.update(more_captions)
    return images, captions


def check_report_folder(out_dir: str, inputs: LoadedInputs) -> None:
    """Raise `FormatError` (with the path) when `out_dir` cannot take the report: it is a file, cannot
    be written, or an output would replace one of the input files. Nothing is drawn or written."""
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise FormatError(out_dir, 0, "is a file, not a folder", "a folder to write the report into")
    chart_files = [f"chart_{name}.{ext}" for name in CHART_NAMES for ext in ("png", "svg")]
    chart_files += [*COREF_FILES, *COREF_CHART_FILES]
    check_output_paths([os.path.join(out_dir, name) for name in (*REPORT_FILES, *chart_files)],
                       [inputs.gold.path, inputs.system.path],
                       input_folders=input_folders(inputs.tokens.folder, inputs.tokens.extension, inputs.texts.folder))


def write_report_files(out_dir: str, inputs: LoadedInputs, result: ScoreResult,
                       images: dict[str, tuple[bytes, str]], captions: dict[str, str], *,
                       progress: Progress | None = None, cancelled: Callable[[], bool] | None = None,
                       coref: CorefResult | None = None) -> list[str]:
    """Format and write every file of the report, charts already drawn: no Qt object is touched, so
    this part (seconds on a large corpus: the HTML reads every text) runs off the GUI thread.

    Returns the paths written, in order; stops between files when `cancelled()` turns true (the files
    written so far stay, each one complete). `coref`: coreference goes into every file, as with
    `evmeval-score -c` (see `evmeval_gui.coref.export`).
    """
    schemes = scheme_scores(result)  # MUC/GATE figures under the result's own mapping
    outputs: list[tuple[str, Callable[[], str | bytes]]] = [
        ("scores.txt", lambda: format_report(result) + (format_coref_section(coref) if coref else "")),
        ("comparison.txt", lambda: format_comparison(result, comparison_coref_lines(result, coref) if coref else None)),
        ("scores.json", lambda: dumps(with_coreference(scores_json(result, schemes), result, coref) if coref
                                      else scores_json(result, schemes))),
        ("mappings.csv", lambda: format_mappings_csv(result)),
        ("documents.csv", lambda: format_documents_csv(result)),
        ("per_type.csv", lambda: format_per_type_csv(result)),
        ("muc_documents.csv", lambda: format_muc_documents_csv(schemes)),
        *(coref_files(result, coref) if coref is not None else []),
    ]
    for name, (png, svg) in images.items():
        outputs.append((f"chart_{name}.png", lambda png=png: png))
        outputs.append((f"chart_{name}.svg", lambda svg=svg: svg))
    outputs.append(("report.html", lambda: format_html_report(
        result, inputs, {name: png for name, (png, _) in images.items()}, captions=captions,
        banner=mapping_banner_html(result.mapping), sections=[format_scheme_html(schemes)], coreference=coref)))
    written: list[str] = []
    for number, (name, make) in enumerate(outputs):
        if cancelled is not None and cancelled():
            break
        path = os.path.join(out_dir, name)
        write_atomic(path, make())
        written.append(path)
        if progress is not None:
            progress(number + 1, len(outputs))
    return written


def export_report(out_dir: str, inputs: LoadedInputs, result: ScoreResult, *,
                  progress: Progress | None = None, coref_combination: str | None = None) -> list[str]:
    """Write every report of `result` into `out_dir` (created if needed); the paths written, in order.

    With `coref_combination` (e.g. `DEFAULT_COMBINATION`, v1.8's `-m 1`), coreference is scored with
    mentions aligned by it and goes into every file. Raises `FormatError` (with the path), before
    anything is drawn or written, when the folder cannot be written, an output would replace one of
    the input files, or a mention is in two coreference clusters.
    """
    check_report_folder(out_dir, inputs)
    coref = None if coref_combination is None else score_shown_coreference(
        result, inputs.gold, inputs.system, combination=coref_combination)
    images, captions = render_charts(result, coref)
    return write_report_files(out_dir, inputs, result, images, captions, progress=progress, coref=coref)
