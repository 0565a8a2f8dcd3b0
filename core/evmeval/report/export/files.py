"""Which files a report folder holds, the checks before any is written, and what makes each text file.

Files: `report.html` with one page per document in `documents/` (`evmeval.report.paged_html`),
`scores.txt` (published layout), `comparison.txt`, `scores.json` (with the `muc` and `gate` figures),
`mappings.csv`, `documents.csv`, `per_type.csv`, `muc_documents.csv`; with coreference scored, its files
(`COREF_FILES`, the section of `scores.txt`, the `@coref` lines of `comparison.txt`, the `coreference`
object of `scores.json`, as `evmeval-score -c`); with event sequencing links, the CLI's `sequencing`
object in `scores.json` and `sequencing_links.tsv`. Charts are not made here: a caller that draws them
hands them in (`evmeval.report.export.writing.ChartRenderer`), and they become `chart_<name>.png`/`.svg`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from evmeval._util.schemas import with_schema
from evmeval._util.shared_tables import Tables
from evmeval.coref.scoring import CorefResult
from evmeval.io.loading import LoadedInputs, input_folders
from evmeval.io.writing import STEP, check_output_paths
from evmeval.mention.schemes import SchemeResult
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.report.comparison import iter_comparison
from evmeval.report.coref_csv import format_coref_documents_csv, iter_coref_clusters_csv
from evmeval.report.coref_report import (
    conll_side_pieces,
    coref_to_json,
    document_coref_lines,
    format_breakdown,
    format_coref_section,
)
from evmeval.report.csv_report import format_documents_csv, format_per_type_csv, iter_mappings_csv
from evmeval.report.json_report import LazyArray, iter_dumps
from evmeval.report.paged_html import report_folders, report_page_paths
from evmeval.report.scheme_exports import iter_muc_documents_csv, scores_json
from evmeval.report.sequencing_report import SEQUENCING_FILE, link_table_tsv, sequencing_json
from evmeval.report.text import format_report
from evmeval.sequencing.links import link_types_in
from evmeval.sequencing.scoring import SequencingRefused, SequencingResult, SequencingSkipped, score_sequencing

REPORT_FILES: tuple[str, ...] = ("report.html", "scores.txt", "comparison.txt", "scores.json",
                                 "mappings.csv", "documents.csv", "per_type.csv", "muc_documents.csv")
"""The fixed file names (charts come in addition, as `chart_<name>.png` / `.svg`)."""
COREF_FILES: tuple[str, ...] = ("coreference_documents.csv", "coreference_clusters.csv", "coreference_gold.conll",
                                "coreference_sys.conll", "coreference_breakdown.tsv")
"""Written when coreference was scored."""
CLOSURES: tuple[str, ...] = ("published", "full")
"""The sequencing closures a report shows: v1.8's and our order-independent one."""

Sequencing = SequencingResult | SequencingSkipped | None
"""The sequencing part of a report: scores, the links v1.8 refuses without -nv (a note instead), or none."""


@dataclass(frozen=True)
class Beside:
    """What a maker gives for two files written in one pass (`evmeval.io.writing.write_atomic_pair`):
    its own file's pieces (`leader`, with `STEP`s) and, beside it, the file `name`'s pieces."""

    leader: Iterable[str | None]
    name: str
    pieces: Iterable[str]


Maker = Callable[[], str | bytes | Iterable[str | bytes] | Beside]
"""Makes one file's content when it is written (so a file nobody writes is never formatted)."""


def chart_files(names: Iterable[str]) -> list[str]:
    """The file names of the charts `names`."""
    return [f"chart_{name}.{ext}" for name in names for ext in ("png", "svg")]


def report_outputs(out_dir: str, documents: int | None = None, charts: Sequence[str] = ()) -> list[str]:
    """Every file the export may write into `out_dir` (`charts`: the chart names a renderer may draw);
    with `documents` (their number), the pages too."""
    names = [*REPORT_FILES, *chart_files(charts), *COREF_FILES, SEQUENCING_FILE]
    outputs = [os.path.join(out_dir, name) for name in names]
    if documents is not None:
        outputs += report_page_paths(out_dir, documents)[1:]  # report.html is a REPORT_FILE already
    return outputs


def check_report_folder(out_dir: str, inputs: LoadedInputs, result: ScoreResult | None = None, *,
                        parents: Sequence[str] = (), charts: Sequence[str] = ()) -> None:
    """Raise `FormatError` (with the path) when `out_dir` cannot take the report: it is a file, its
    parent folder does not exist (`parents`: the missing folders above it the export makes, e.g. one
    subfolder per system), it cannot be written, or an output would replace one of the input files
    (with `result`: the document pages too). Nothing is drawn or written."""
    check_output_paths(report_outputs(out_dir, len(result.documents) if result is not None else None, charts),
                       [inputs.gold.path, inputs.system.path],
                       input_folders=input_folders(inputs.tokens.folder, inputs.tokens.extension, inputs.texts.folder),
                       new_folders=[*parents, *report_folders(out_dir)])


def check_export_folders(out_dirs: Sequence[str], systems: Sequence[LoadedInputs], parents: Sequence[str], *,
                         charts: Sequence[str] = ()) -> None:
    """`check_report_folder` for several systems' folders at once (one per system, `parents` above
    them), in one check before any is scored: the pages as many as the gold file's documents."""
    first = systems[0]
    check_output_paths([out for out_dir, inputs in zip(out_dirs, systems, strict=True)
                        for out in report_outputs(out_dir, len(inputs.gold.documents), charts)],
                       list(dict.fromkeys(p for inputs in systems for p in (inputs.gold.path, inputs.system.path))),
                       input_folders=input_folders(first.tokens.folder, first.tokens.extension, first.texts.folder),
                       new_folders=[*parents, *(f for out_dir in out_dirs for f in report_folders(out_dir))])


def score_links(inputs: LoadedInputs, result: ScoreResult, *, validate: bool = True) -> Sequencing:
    """The sequencing scores (both closures) when the files have @After / @Subevent links, else None;
    `SequencingSkipped` (every pair, file:line) where v1.8 refuses the links without -nv (`validate`
    False is `-nv`: they are scored). Raises `SequencingError` where v1.8 crashes on the links."""
    if not link_types_in((inputs.gold, inputs.system)):
        return None
    try:
        return score_sequencing(result, inputs.gold, inputs.system, closures=CLOSURES, strict=False,
                                validate=validate)
    except SequencingRefused as refused:
        return SequencingSkipped(refused.problems)


def coref_files(result: ScoreResult, coref: CorefResult, tables: Tables) -> list[tuple[str, Maker]]:
    """(file name, maker) of the coreference-only files (the CoNLL files written as the kernel makes
    them, a piece of documents at a time, as bytes: never whole, never decoded)."""
    return [("coreference_documents.csv", lambda: format_coref_documents_csv(coref)),
            ("coreference_gold.conll", lambda: conll_side_pieces(result, coref, 0)),
            ("coreference_sys.conll", lambda: conll_side_pieces(result, coref, 1)),
            ("coreference_breakdown.tsv", lambda: format_breakdown(coref))]


def text_files(result: ScoreResult, schemes: Callable[[], SchemeResult], coref: CorefResult | None,
               sequencing: Sequencing, tables: Tables) -> list[tuple[str, Maker]]:
    """(file name, maker) of every file but the charts and the HTML pages, in writing order;
    `schemes()` gives the MUC/GATE counts (asked for only by the files made of them); `tables`: the
    export's shared mapping rows and cluster explanations."""
    outputs: list[tuple[str, Maker]] = [
        ("scores.txt", lambda: format_report(result) + (format_coref_section(coref) if coref else "")),
        ("comparison.txt", lambda: iter_comparison(result, _coref_lines(result, coref) if coref else None)),
        ("scores.json", lambda: scores_json_file(result, schemes(), coref, sequencing, tables)),
        ("mappings.csv", lambda: iter_mappings_csv(result, tables=tables)),
        ("documents.csv", lambda: format_documents_csv(result)),
        ("per_type.csv", lambda: format_per_type_csv(result)),
        ("muc_documents.csv", lambda: iter_muc_documents_csv(schemes())),
        *(coref_files(result, coref, tables) if coref is not None else []),
    ]
    if isinstance(sequencing, SequencingResult):
        seq = sequencing
        outputs.append((SEQUENCING_FILE, lambda: link_table_tsv(seq)))
    return outputs


def scores_json_file(result: ScoreResult, schemes: SchemeResult, coref: CorefResult | None,
                     sequencing: Sequencing, tables: Tables) -> Iterable[str] | Beside:
    """scores.json's pieces; with coreference, `coreference_clusters.csv` beside it, a document of
    it after each of the JSON's coreference documents: both read the same cluster explanations,
    made once while `tables` holds them."""
    data = report_json(result, schemes, coref, sequencing, tables)
    if coref is None:
        return iter_dumps(data)
    documents = data["coreference"]["documents"]
    built: list[int] = []

    def document(number: int) -> Any:
        built.append(number)
        return documents[number]

    data["coreference"]["documents"] = LazyArray(range(len(documents)), document)

    def leader() -> Iterator[str | None]:
        seen = 0
        for piece in iter_dumps(data):
            yield piece
            if len(built) > seen:  # a coreference document's explanations were just made
                seen = len(built)
                yield STEP

    return Beside(leader(), "coreference_clusters.csv", iter_coref_clusters_csv(result, coref, tables=tables))


def _coref_lines(result: ScoreResult, coref: CorefResult) -> Callable[[DocumentResult], list[str]]:
    """Each document's `@coref` lines of comparison.txt, made when its turn comes (by id, as
    `comparison_coref_lines`)."""
    by_id = {doc.doc_id: (doc, cd) for doc, cd in zip(result.documents, coref.documents, strict=True)}
    return lambda doc: document_coref_lines(*by_id[doc.doc_id])


def report_json(result: ScoreResult, schemes: SchemeResult, coref: CorefResult | None,
                sequencing: Sequencing, tables: Tables | None = None) -> dict[str, Any]:
    """scores.json: the published layout with the schemes, coreference and sequencing as the CLI adds them."""
    data: dict[str, Any] = with_schema("score", scores_json(result, schemes))
    if coref is not None:
        data["coreference"] = coref_to_json(result, coref, lazy=True, tables=tables)
    if isinstance(sequencing, SequencingResult):
        data = {**data, "sequencing": sequencing_json(sequencing)}
    return data
