"""Coreference in File › Export report and `--export-report`: the two coreference charts.

The coreference files themselves (`COREF_FILES`, its parts of `scores.txt`, `comparison.txt`,
`scores.json` and `report.html`) are the library's (`evmeval.report.export`); the GUI draws the charts.
"""

from __future__ import annotations

from evmeval.coref.scoring import CorefResult
from evmeval.mention.scoring import ScoreResult
from evmeval.report.export import COREF_FILES  # noqa: F401 (re-exported for callers)

from evmeval_gui.charts.names import COREF_CHART_NAMES

COREF_CHART_FILES: tuple[str, ...] = tuple(f"chart_{n}.{e}" for n in COREF_CHART_NAMES for e in ("png", "svg"))


def render_coref_charts(result: ScoreResult, coref: CorefResult) -> tuple[dict[str, tuple[bytes, str]],
                                                                          dict[str, str]]:
    """The coreference charts as (PNG, SVG) and captions (GUI thread: they are widgets)."""
    from evmeval_gui.qt_import import load_pyqtgraph

    load_pyqtgraph()
    from evmeval_gui.coref.charts import CorefCharts  # Qt: imported only when drawing

    charts = CorefCharts()
    try:
        charts.set_data(coref, result.documents)
        images = {name: chart.export_images() for name, chart in charts.charts().items()}
        captions = {name: f"{c.title} ({c.subtitle.replace(chr(10), '; ')})" for name, c in charts.charts().items()}
        return images, captions
    finally:
        charts.deleteLater()
