"""Coreference in File › Export report and `--export-report`: which files, made by which core function.

Added to the report folder when coreference was scored: the coreference section of `scores.txt`
(v1.8's "Final Mention Coreference Results"), the `@coref` lines of `comparison.txt`, the
`coreference` object of `scores.json` (as `evmeval-score -c --json`), a section of `report.html`,
`coreference_documents.csv`, `coreference_clusters.csv`, the CoNLL files v1.8 writes
(`coreference_gold.conll`, `coreference_sys.conll`), our metric breakdown (`coreference_breakdown.tsv`)
and the two coreference charts.
"""

from __future__ import annotations

from collections.abc import Callable

from evmeval.coref.scoring import CorefResult
from evmeval.mention.scoring import ScoreResult
from evmeval.report.coref_csv import format_coref_clusters_csv, format_coref_documents_csv
from evmeval.report.coref_report import coref_to_json, format_breakdown, format_conll_files

from evmeval_gui.charts.names import COREF_CHART_NAMES

COREF_FILES: tuple[str, ...] = ("coreference_documents.csv", "coreference_clusters.csv", "coreference_gold.conll",
                                "coreference_sys.conll", "coreference_breakdown.tsv")
COREF_CHART_FILES: tuple[str, ...] = tuple(f"chart_{n}.{e}" for n in COREF_CHART_NAMES for e in ("png", "svg"))


def coref_files(result: ScoreResult, coref: CorefResult) -> list[tuple[str, Callable[[], str]]]:
    """(file name, maker) of the coreference-only files."""
    conll: list[tuple[str, str]] = []

    def conll_file(side: int) -> str:
        if not conll:
            conll.append(format_conll_files(result, coref))
        return conll[0][side]

    return [("coreference_documents.csv", lambda: format_coref_documents_csv(coref)),
            ("coreference_clusters.csv", lambda: format_coref_clusters_csv(result, coref)),
            ("coreference_gold.conll", lambda: conll_file(0)),
            ("coreference_sys.conll", lambda: conll_file(1)),
            ("coreference_breakdown.tsv", lambda: format_breakdown(coref))]


def with_coreference(data: dict, result: ScoreResult, coref: CorefResult) -> dict:
    """The `scores.json` object with the `coreference` object `evmeval-score -c --json` adds."""
    data["coreference"] = coref_to_json(result, coref, lazy=True)
    return data


def render_coref_charts(result: ScoreResult, coref: CorefResult) -> tuple[dict[str, tuple[bytes, str]],
                                                                          dict[str, str]]:
    """The coreference charts as (PNG, SVG) and captions (GUI thread: they are widgets)."""
    from evmeval_gui.coref.charts import CorefCharts  # Qt: imported only when drawing

    charts = CorefCharts()
    try:
        charts.set_data(coref, result.documents)
        images = {name: chart.export_images() for name, chart in charts.charts().items()}
        captions = {name: f"{c.title} ({c.subtitle.replace(chr(10), '; ')})" for name, c in charts.charts().items()}
        return images, captions
    finally:
        charts.deleteLater()
