"""Puts coreference into the main window: one call, `install_coreference(window)`, wires every part.

- a Coreference clusters tab and a Coreference scores tab beside the mapping table;
- the cluster overlay on the text view (chips and arcs linking the selected mentions' clusters);
- coreference columns in the document list (CoNLL F1 shown; MUC, B³, CEAF-m, CEAF-e, BLANC, LEA
  from the header's context menu), sortable;
- v1.8's average and our CoNLL F1 in the summary bar;
- a Coreference tab in the charts;
- the window's busy bar and Cancel while coreference is scored (through the status bar's `show_busy`).
Every part follows the session's `Coreference` (`evmeval_gui.coref.state`).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import shiboken6
from evmeval.coref.metrics import METRICS
from evmeval.coref.scoring import CorefDocument, CorefResult
from evmeval.coref.view import METRIC_NAMES
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QLabel, QMenu, QTabWidget

from evmeval_gui.charts.pages import PagedCharts
from evmeval_gui.coref.cluster_table import ClusterTable
from evmeval_gui.coref.overlay import ClusterOverlay
from evmeval_gui.coref.scores_view import CorefScoresView, CorefSummary
from evmeval_gui.coref.state import Coreference
from evmeval_gui.views.document_list import ExtraColumn

if TYPE_CHECKING:  # imported when the charts are first shown (`_add_charts_tab`)
    from evmeval_gui.coref.chart_tab import CorefChartsTab

CONLL_COLUMN = "coref_conll_f1"


class _DocumentScores:
    """doc id -> F1 of one metric, for the document list (cached per coreference result). Each value is
    computed when first asked for: the list asks for the rows it paints (and every row only when sorted by the
    column); all 4,480 documents' eight figures at once made one turn of the GUI thread 150 ms long (issue 34)."""

    def __init__(self, coreference: Coreference) -> None:
        self.coreference = coreference
        self._for: CorefResult | None = None
        self._documents: dict[str, CorefDocument] = {}
        self._values: dict[tuple[str, str], float] = {}

    def value(self, metric: str, doc_id: str) -> float | None:
        result = self.coreference.result
        if result is None:
            return None
        if result is not self._for:
            self._for = result
            self._documents = {d.doc_id: d for d in result.documents}
            self._values = {}
        key = (metric, doc_id)
        found = self._values.get(key)
        if found is None:
            doc = self._documents.get(doc_id)
            if doc is None:
                return None
            counts = doc.counts
            found = self._values[key] = counts.conll_f1 if metric == "conll_f1" else counts.metric(metric).f1
        return found

    @property
    def computed(self) -> int:
        """How many values were computed for the current result (what the list asked for so far)."""
        return len(self._values)


def document_columns(coreference: Coreference) -> list[ExtraColumn]:
    """CoNLL F1 (shown) and each metric's F1 (hidden until chosen) as document-list columns."""
    scores = _DocumentScores(coreference)
    columns = [ExtraColumn(CONLL_COLUMN, "Coref %", "Coreference CoNLL F1 (%) of the document: mean of the MUC, "
                           "B³ and CEAF-e F1 (ours: v1.8 prints no per-document coreference). Right-click the "
                           "header for the other metrics.", lambda d: scores.value("conll_f1", d))]
    for metric in METRICS:
        name = METRIC_NAMES[metric]
        columns.append(ExtraColumn(f"coref_{metric}", name, f"Coreference {name} F1 (%) of the document",
                                   partial(scores.value, metric), shown=False))
    return columns


class CoreferenceUI:
    """The coreference parts of one main window (see the module docstring)."""

    def __init__(self, window: Any, coreference: Coreference) -> None:
        self.window = window
        session = window.session
        self.coreference = coreference
        self.clusters = ClusterTable(session, coreference)
        self.scores = CorefScoresView(session, coreference)
        self.tabs: QTabWidget = window.lower_tabs
        self.overlay = ClusterOverlay(self.coreference, window.text_view)
        window.text_view.overlays.append(self.overlay)
        self.out_of_view = QLabel()  # members scrolled away, counted above the text rather than over it
        self.out_of_view.setObjectName("corefOutOfView")
        self.out_of_view.setTextFormat(Qt.TextFormat.RichText)
        self.out_of_view.hide()
        window.document_pane.add_above_text(self.out_of_view)
        window.text_view.verticalScrollBar().valueChanged.connect(self._show_out_of_view)
        session.selection_changed.connect(self._show_out_of_view_later)
        self.coreference.changed.connect(self._show_out_of_view_later)
        self.summary = CorefSummary(session, coreference)
        window.summary.add_line(self.summary)
        documents = window.documents
        documents.set_extra_columns(document_columns(self.coreference))
        header = documents.table.horizontalHeader()
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self.show_column_menu)
        self.coreference.changed.connect(self._on_changed)
        self.coreference.started.connect(self._on_started)
        window.status.on_cancel(self.coreference.cancel)
        window.charts_dock.extensions.append(self._add_charts_tab)
        self.charts: CorefChartsTab | None = None

    def install_tabs(self) -> None:
        self.tabs.addTab(self.clusters, "Coreference clusters")
        self.tabs.addTab(self.scores, "Coreference scores")
        self.tabs.setTabToolTip(1, "The document's gold and system clusters and what became of them")
        self.tabs.setTabToolTip(2, "Every coreference metric over the corpus (and both ways for two annotators)")

    # -- following the session ----------------------------------------------------------------------

    def _show_out_of_view_later(self, *args: object) -> None:
        """After the text view has followed the change. The label is the timer's receiver: a window
        deleted meanwhile takes the call with it (it ran on the deleted text view: issue 31, item 14)."""
        if shiboken6.isValid(self.out_of_view):
            QTimer.singleShot(0, self.out_of_view, self._show_out_of_view)

    def _show_out_of_view(self, *args: object) -> None:
        text = self.overlay.out_of_view_text(self.window.text_view)
        if text != self.out_of_view.text():
            self.out_of_view.setText(text)
        self.out_of_view.setVisible(bool(text))

    def _on_changed(self) -> None:
        window = self.window
        window.documents.model.extra_changed()
        window.text_view.viewport().update()
        if self.coreference.state != "computing" and not window.runner.busy:
            window.status.hide_busy()

    def _on_started(self, label: str) -> None:
        """A busy bar and Cancel while coreference is scored (unless loading already shows them)."""
        window = self.window
        if not window.runner.busy:
            window.status.show_busy()

    # -- document list columns ----------------------------------------------------------------------

    def show_column_menu(self, pos: QPoint, *, popup: bool = True) -> QMenu:
        """The document list header's menu: which coreference metrics to show as columns (`popup`:
        open it at `pos`, else only build it)."""
        documents = self.window.documents
        menu = QMenu(documents)
        menu.setObjectName("corefColumnsMenu")
        for column in documents.model.extra_columns:
            action = menu.addAction(f"{column.header} column")
            action.setCheckable(True)
            action.setChecked(column.shown)
            action.setToolTip(column.tip)
            action.toggled.connect(lambda on, key=column.key: documents.show_extra_column(key, on))
        if popup:
            menu.popup(documents.table.horizontalHeader().mapToGlobal(pos))
        return menu

    # -- charts ---------------------------------------------------------------------------------------

    def _add_charts_tab(self, panel: object) -> None:
        if not isinstance(panel, PagedCharts):
            return  # a stand-in panel (tests) has no pages to add to
        from evmeval_gui.coref.chart_tab import CorefChartsTab

        self.charts = CorefChartsTab(self.window.session, self.coreference)
        panel.add_page(self.charts, "Coreference")


def install_coreference(window: Any, coreference: Coreference) -> CoreferenceUI:
    """Wire coreference into `window` (a `MainWindow`, built): see the module docstring."""
    ui = CoreferenceUI(window, coreference)
    ui.install_tabs()
    return ui
