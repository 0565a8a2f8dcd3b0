"""File › Export comparison…: the comparison written by the core's writers (HTML, JSON or CSV), no Qt.

The kind follows the chosen name: `.html` / `.htm` the self-contained HTML report, `.json` the JSON
report, anything else a folder of CSV tables (`evmeval.report.compare_csv.csv_file_names`). Outputs are
checked against every input (gold, runs, token and text folders) before any work, then written
atomically: exactly what `evmeval-compare --html / --json / --csv` writes for the same comparison.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from evmeval.compare.convention_runs import ConventionComparison
from evmeval.compare.runs import Comparison
from evmeval.io.errors import FormatError
from evmeval.io.loading import input_folders
from evmeval.io.reading import display_name
from evmeval.io.writing import check_output_paths, make_output_folders, write_atomic
from evmeval.report.compare_arguments import ARGUMENT_CHANGES_CSV, TRIGGER_CHANGES_CSV
from evmeval.report.compare_csv import csv_file_names, format_compare_csvs
from evmeval.report.compare_html import format_compare_html
from evmeval.report.compare_json import comparison_to_json, dumps_compact
from evmeval.report.compare_units import UNITS_CSV, units_files

from evmeval_gui.model.corpus import LoadedCorpus
from evmeval_gui.model.jobs import JobContext

HTML, JSON, CSV = "html", "json", "csv"
FILE_FILTER = "HTML report (*.html);;JSON (*.json);;CSV tables: a folder (*)"


def export_kind(path: str) -> str:
    """HTML, JSON or CSV (a folder) from the chosen path's extension."""
    extension = os.path.splitext(path)[1].lower()
    return HTML if extension in (".html", ".htm") else JSON if extension == ".json" else CSV


def output_paths(path: str, kind: str, csv_names: Sequence[str]) -> list[str]:
    """Every file the export writes (`csv_names`: the files of a CSV folder)."""
    if kind != CSV:
        return [path]
    if os.path.exists(path) and not os.path.isdir(path):
        raise FormatError(path, 0, "is not a folder", "a folder for the CSV tables")
    return [os.path.join(path, name) for name in csv_names]


def check_export(path: str, corpus: LoadedCorpus, csv_names: Sequence[str]) -> list[str]:
    """The files the export will write, refused (FormatError) when one would land on an input."""
    request = corpus.request
    inputs = [request.gold, *request.systems]
    folders = input_folders(request.token_dir, corpus.inputs[0].tokens.extension, request.text_dir)
    if os.path.isfile(path):  # an input chosen by mistake is refused as such, whatever the extension
        check_output_paths([path], inputs, input_folders=folders)
    kind = export_kind(path)
    outputs = output_paths(path, kind, csv_names)
    check_output_paths(outputs, inputs, input_folders=folders, new_folders=[path] if kind == CSV else [])
    return outputs


def write_comparison(comparison: Comparison, path: str, corpus: LoadedCorpus, context: JobContext, *,
                     combinations: Sequence[str], threshold: float | None = None) -> list[str]:
    """Write the comparison to `path` (kind from its extension); returns the files written."""
    kind = export_kind(path)
    outputs = check_export(path, corpus, csv_file_names(threshold))
    context.progress(0, 2)
    context.status(f"Writing the comparison ({kind.upper()})…")
    if kind == HTML:
        texts = {path: format_compare_html(comparison, inputs=corpus.inputs[0], combinations=combinations,
                                           threshold=threshold)}
    elif kind == JSON:
        data = comparison_to_json(comparison, threshold=threshold, case_combinations=combinations)
        texts = {path: dumps_compact(data)}
    else:
        csvs = format_compare_csvs(comparison, threshold=threshold, case_combinations=combinations)
        make_output_folders([path])
        texts = {os.path.join(path, name): text for name, text in csvs.items()}
    context.check()
    context.progress(1, 2)
    for out, text in texts.items():
        write_atomic(out, text)
    context.progress(2, 2)
    return [out for out in outputs if out in texts]


def write_convention_comparison(compared: ConventionComparison, path: str, corpus: LoadedCorpus,
                                context: JobContext) -> list[str]:
    """The Conventions page's comparison written to `path` (kind from its extension) by the writers of
    `evmeval-compare --convention` (`units_files`); returns the files written."""
    kind = export_kind(path)
    csvs = (*UNITS_CSV, *((TRIGGER_CHANGES_CSV,) if compared.triggers else ()),
            *((ARGUMENT_CHANGES_CSV,) if compared.arguments else ()))
    outputs = check_export(path, corpus, csvs)
    context.progress(0, 2)
    context.status(f"Writing the comparison under {compared.comparison.convention} ({kind.upper()})…")
    request = corpus.request
    texts = units_files(compared.comparison, gold=display_name(request.gold),
                        paths=[display_name(p) for p in request.systems], warnings=compared.warnings,
                        arguments=compared.arguments, triggers=compared.triggers,
                        json_path=path if kind == JSON else None,
                        html_path=path if kind == HTML else None,
                        csv_folder=path if kind == CSV else None)
    if kind == CSV:
        make_output_folders([path])
    context.check()
    context.progress(1, 2)
    for out, text in texts.items():
        write_atomic(out, text)
    context.progress(2, 2)
    return [out for out in outputs if out in texts]
