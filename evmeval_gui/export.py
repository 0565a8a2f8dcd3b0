"""File > Export and `evmeval-gui --export-report DIR`: the library's report export with the GUI's charts.

The export itself (which files, their checks, the writing, the forked child) is the library's
`evmeval.report.export` (`evmeval.export_report`); this module only hands it the charts, which are
widgets drawn offscreen (`charts()`: the charts panel's and the coreference charts, as
`chart_<name>.png` / `.svg`, embedded in `report.html`). A QApplication must exist when they are drawn
(the window's, or the headless one `--export-report` makes in its `ChartDrawer`, a process forked
before the corpus is loaded, so neither the corpus's process nor the export's child ever loads Qt).
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO

from evmeval._util.forked import Forked, single_threaded
from evmeval.coref.scoring import DEFAULT_COMBINATION, CorefResult  # noqa: F401 (re-exported for callers)
from evmeval.io.loading import LoadedInputs
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
from evmeval.report.export.figures import ChartFigures, chart_figures  # noqa: F401 (re-exported for callers)

from evmeval_gui.charts.names import CHART_NAMES, COREF_CHART_NAMES
from evmeval_gui.coref.export import render_coref_charts

if TYPE_CHECKING:
    from evmeval_gui.charts.panel import ChartsPanel
    from evmeval_gui.model.jobs import Runner

Progress = Callable[[int, int], None]
Drawn = tuple[dict[str, tuple[bytes, str]], dict[str, str]]
"""Chart name -> (PNG bytes, SVG text), and chart name -> caption."""
CHARTS: tuple[str, ...] = CHART_NAMES + COREF_CHART_NAMES
"""Every chart the GUI may draw into a report."""


def charts_panel(runner: Runner | None = None) -> ChartsPanel:
    """The charts panel with the features' tabs (the alignment's MUC/GATE figures): the window's dock
    and the export draw the same charts."""
    from evmeval_gui.qt_import import load_pyqtgraph

    load_pyqtgraph()  # the charts' library, for half its usual import cost, when the first chart is wanted
    from evmeval_gui.align.schemes_chart import SchemesTab  # Qt and pyqtgraph: imported only when drawing
    from evmeval_gui.charts.panel import ChartsPanel

    panel = ChartsPanel(runner=runner)
    panel.add_tab(SchemesTab(runner))
    return panel


def render_charts(figures: ChartFigures) -> Drawn:
    """Every chart of the corpus view (micro average, span-only mapping) as (PNG, SVG), and captions;
    with coreference scored, the coreference charts too. `figures`: what the charts read of the corpus
    (`evmeval.report.export.figures`: scores and counts, no mention), so this may run in a process
    that does not hold the corpus.

    Needs the GUI thread: the charts are widgets, drawn offscreen.
    """
    panel = charts_panel()
    try:
        panel.set_result(figures.result, figures.confusions, precomputed={"schemes": figures.schemes},
                         names=figures.names)
        images, captions = panel.export_images(), panel.chart_titles()
    finally:
        panel.set_result(None)  # no event loop may delete it
        panel.deleteLater()
    if figures.coref is not None:
        more, more_captions = render_coref_charts(figures.result, figures.coref)
        images.update(more)
        captions.update(more_captions)
    return images, captions


class ChartDrawer:
    """`--export-report`'s charts, drawn in a process forked before the corpus is loaded: it imports Qt,
    makes the QApplication (`application()`) and draws each system's `ChartFigures` when handed them,
    so Qt and the chart widgets (about 140 MB at 8,000 documents) never sit on top of the corpus, and
    the process holding the corpus never loads Qt. Figures and images go through two pipes (`pickle`,
    length first). Where no process can be forked, or the drawer failed, the charts are drawn here."""

    def __init__(self, application: Callable[[], object]) -> None:
        self._application = application
        self._requests = self._replies = -1
        self._child: Forked[None] | None = None
        self._sent = False
        if not (hasattr(os, "fork") and sys.platform != "darwin" and single_threaded()):
            return
        requests, self._requests = os.pipe()
        self._replies, replies = os.pipe()
        mine, parent = (self._requests, self._replies), os.getpid()

        def serve() -> None:
            if os.getpid() == parent:  # `Forked` runs a failed child's call again here: nothing to draw
                return
            for fd in mine:
                os.close(fd)
            application()  # Qt loads here while the corpus is loaded there
            with os.fdopen(requests, "rb") as inbox, os.fdopen(replies, "wb") as outbox:
                while (figures := _receive(inbox)) is not None:
                    _send(outbox, render_charts(figures))

        self._child = Forked(serve)
        os.close(requests)
        os.close(replies)

    def render(self, figures: ChartFigures) -> Callable[[], Drawn]:
        """Hand `figures` to the drawing process; the call returned gives their charts once drawn
        (drawn here if that process is gone), so the caller writes its files meanwhile."""
        if self._child is not None:
            try:
                self._sent = True
                with open(self._requests, "wb", closefd=False) as outbox:
                    _send(outbox, figures)
                return lambda: self._collect(figures)
            except OSError:  # the drawer is gone (a broken pipe)
                self.close()
        return lambda: self._here(figures)

    def _collect(self, figures: ChartFigures) -> Drawn:
        try:
            with open(self._replies, "rb", closefd=False) as inbox:
                drawn: Drawn | None = _receive(inbox)
        except OSError:
            drawn = None
        if drawn is not None:
            return drawn
        self.close()  # it failed: drawn here instead
        return self._here(figures)

    def _here(self, figures: ChartFigures) -> Drawn:
        self._application()
        return render_charts(figures)

    def close(self) -> None:
        """Let the drawing process end (no more figures) and collect it."""
        if self._child is not None:
            for fd in (self._requests, self._replies):
                os.close(fd)
            child, self._child = self._child, None
            if self._sent:
                child.result()  # it ends at the end of its requests
            else:  # nothing to draw (bad input): not waited for while it loads Qt
                child.cancel()


def _send(pipe: BinaryIO, value: object) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    pipe.write(len(data).to_bytes(8, "little") + data)
    pipe.flush()


def _receive(pipe: BinaryIO) -> Any:
    """The next value sent, None at the end of the pipe (or a cut-off one)."""
    head = pipe.read(8)
    if len(head) < 8:
        return None
    size = int.from_bytes(head, "little")
    data = pipe.read(size)
    return pickle.loads(data) if len(data) == size else None


def charts(application: Callable[[], object] | None = None, drawer: ChartDrawer | None = None) -> ChartRenderer:
    """The GUI's charts for the library's export: drawn by `drawer`, else here (`application()` first
    makes the QApplication)."""
    def render(figures: ChartFigures) -> Callable[[], Drawn]:
        if drawer is not None:
            return drawer.render(figures)
        if application is not None:
            application()
        drawn = render_charts(figures)
        return lambda: drawn

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
                  warn: Callable[[str], None] | None = None, parents: Sequence[str] = (),
                  drawer: ChartDrawer | None = None) -> list[str]:
    """`evmeval.report.export.export_report` with the GUI's charts (see there), drawn by `drawer` if given."""
    return library.export_report(out_dir, inputs, result, charts=charts(application, drawer), progress=progress,
                                 coref_combination=coref_combination, sequencing=sequencing, fork=fork,
                                 validate=validate, warn=warn, parents=parents)
