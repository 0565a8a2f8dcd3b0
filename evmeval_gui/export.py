"""File > Export and `evmeval-gui --export-report DIR`: the library's report export with the GUI's charts.

The export itself (which files, their checks, the writing, the forked child) is the library's
`evmeval.report.export` (`evmeval.export_report`); this module only hands it the charts, which are
widgets drawn offscreen (`charts()`: the charts panel's and the coreference charts, as
`chart_<name>.png` / `.svg`, embedded in `report.html`). A QApplication must exist when they are drawn
(the window's, or the headless one `--export-report` makes: `application`, called just before drawing,
after the fork, so the child never loads Qt).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from evmeval.coref.scoring import DEFAULT_COMBINATION, CorefResult  # noqa: F401 (re-exported for callers)
from evmeval.io.loading import LoadedInputs
from evmeval.mention.confusion import ConfusionMatrix
from evmeval.mention.schemes import SchemeResult
from evmeval.mention.scoring import ScoreResult
from evmeval.report import export as library
from evmeval.report.export import (  # noqa: F401 (re-exported for callers)
    COREF_FILES,
    REPORT_FILES,
    SEQUENCING_FILE,
    ChartRenderer,
    Sequencing,
    score_links,
    write_report_files,
)

from evmeval_gui.charts.names import CHART_NAMES, COREF_CHART_NAMES
from evmeval_gui.coref.export import render_coref_charts

if TYPE_CHECKING:
    from evmeval_gui.charts.panel import ChartsPanel
    from evmeval_gui.model.jobs import Runner

Progress = Callable[[int, int], None]
CHARTS: tuple[str, ...] = CHART_NAMES + COREF_CHART_NAMES
"""Every chart the GUI may draw into a report."""


def charts_panel(runner: Runner | None = None) -> ChartsPanel:
    """The charts panel with the features' tabs (the alignment's MUC/GATE figures): the window's dock
    and the export draw the same charts."""
    from evmeval_gui.align.schemes_chart import SchemesTab  # Qt and pyqtgraph: imported only when drawing
    from evmeval_gui.charts.panel import ChartsPanel

    panel = ChartsPanel(runner=runner)
    panel.add_tab(SchemesTab(runner))
    return panel


def render_charts(result: ScoreResult, coref: CorefResult | None = None, schemes: SchemeResult | None = None,
                  confusions: dict[str, ConfusionMatrix] | None = None,
                  ) -> tuple[dict[str, tuple[bytes, str]], dict[str, str]]:
    """Every chart of the corpus view (micro average, span-only mapping) as (PNG, SVG), and captions;
    with `coref`, the coreference charts too; `schemes`, `confusions`: the MUC/GATE figures and the
    plain mapping's confusion matrices, if the library already counted them (the export).

    Needs the GUI thread: the charts are widgets, drawn offscreen.
    """
    panel = charts_panel()
    try:
        panel.set_result(result, confusions, precomputed={"schemes": schemes} if schemes is not None else None)
        images, captions = panel.export_images(), panel.chart_titles()
    finally:
        panel.set_result(None)  # its confusion cells (a member per mapping row) go now: no event loop may delete it
        panel.deleteLater()
    if coref is not None:
        more, more_captions = render_coref_charts(result, coref)
        images.update(more)
        captions.update(more_captions)
    return images, captions


def charts(application: Callable[[], object] | None = None) -> ChartRenderer:
    """The GUI's charts for the library's export; `application()` first makes the QApplication."""
    def render(result: ScoreResult, coref: CorefResult | None, schemes: SchemeResult,
               confusions: dict[str, ConfusionMatrix]) -> tuple[dict[str, tuple[bytes, str]], dict[str, str]]:
        if application is not None:
            application()
        return render_charts(result, coref, schemes, confusions)

    return ChartRenderer(CHARTS, render)


def check_report_folder(out_dir: str, inputs: LoadedInputs, result: ScoreResult | None = None, *,
                        parents: Sequence[str] = ()) -> None:
    """The library's check, with the GUI's chart files."""
    library.check_report_folder(out_dir, inputs, result, parents=parents, charts=CHARTS)


def check_export_folders(out_dirs: Sequence[str], systems: Sequence[LoadedInputs], parents: Sequence[str]) -> None:
    """The library's check of several systems' folders, with the GUI's chart files."""
    library.check_export_folders(out_dirs, systems, parents, charts=CHARTS)


def export_report(out_dir: str, inputs: LoadedInputs, result: ScoreResult, *,
                  progress: Progress | None = None, coref_combination: str | None = None,
                  sequencing: Sequencing = None, fork: bool = False,
                  application: Callable[[], object] | None = None, validate: bool = True,
                  warn: Callable[[str], None] | None = None, parents: Sequence[str] = ()) -> list[str]:
    """`evmeval.report.export.export_report` with the GUI's charts (see there)."""
    return library.export_report(out_dir, inputs, result, charts=charts(application), progress=progress,
                                 coref_combination=coref_combination, sequencing=sequencing, fork=fork,
                                 validate=validate, warn=warn, parents=parents)
