"""The matrix page of the Agreement mode: annotators, the F1 heatmap (mentions, links or clusters), summary
figures, documents.

The panel only shows what it is given (`set_agreement`, `set_combination`, `set_pair`) and says
what the user asked for through signals; `AgreementMode` decides what happens.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable

from evmeval.agreement.relations import CLUSTER_METRICS
from evmeval.agreement.scoring import AgreementMatrix
from evmeval.compare.agreement import PairIntervals, ResamplingRun
from evmeval.rules import Combination
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.agreement.annotator_list import AnnotatorList
from evmeval_gui.agreement.document_agreement import DocumentAgreementList
from evmeval_gui.agreement.matrix_heatmap import MatrixHeatmap
from evmeval_gui.agreement.state import LoadedAgreement
from evmeval_gui.agreement.style import chip_html, tag
from evmeval_gui.agreement.summary import AgreementSummary, percent_text
from evmeval_gui.agreement.type_table import TypeAgreementTable
from evmeval_gui.colours import MUTED_TEXT
from evmeval_gui.model.formatting import interval_text, is_nan

MENTIONS = "mentions"
"""The matrix selector's first entry: mention agreement under the toolbar's attributes."""
FIGURE_LABELS = {MENTIONS: "Mentions (the toolbar's attributes)", "After": "After links", "Subevent": "Subevent links",
                 "All": "All links (After and Subevent)", "conll": "Coreference: CoNLL F1 (ours)",
                 "muc": "Coreference: MUC", "bcub": "Coreference: B³", "ceafm": "Coreference: CEAF-m",
                 "ceafe": "Coreference: CEAF-e", "lea": "Coreference: LEA"}
"""What the matrix can show, in menu order: mentions, then `evmeval.agreement.relations`' figures."""
FIGURE_ORDER = (MENTIONS, "After", "Subevent", "All", "conll", *CLUSTER_METRICS)


class AgreementPanel(QWidget):
    """Everything about N annotators on one page; `pair_requested(i, j)` when a cell is clicked,
    `document_requested(doc_id)` when a document of the selected pair is, `export_requested()`."""

    pair_requested = Signal(int, int)
    document_requested = Signal(str)
    export_requested = Signal()
    heatmap: MatrixHeatmap
    """The matrix (`add_chart`)."""

    def __init__(self, parent: QWidget | None = None, *, chart: bool = True) -> None:
        """`chart`: with the matrix; False: `add_chart` adds it (the window builds the page in two turns of the event
        loop: the matrix, the costliest part, is 15-30 ms of the GUI thread on its own)."""
        super().__init__(parent)
        self.setObjectName("agreementPanel")
        self.loaded: LoadedAgreement | None = None
        self.intervals: ResamplingRun | None = None
        self.combination = "plain"
        self.figure = MENTIONS
        self.selected: tuple[int, int] = (0, 1)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.hint = QLabel("Click a cell to open that pair in the document views (the row's annotator in the gold "
                           "role); the toolbar's Attributes choose what must agree.")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(f"color: {MUTED_TEXT};")
        self.annotators = AnnotatorList()
        self.documents = DocumentAgreementList()
        self.types = TypeAgreementTable()
        self.lists = QTabWidget()  # the pair's documents and its event types, one tab each
        self.lists.setObjectName("pairLists")
        self.lists.setDocumentMode(True)
        self.lists.addTab(self.documents, "Documents")
        self.lists.addTab(self.types, "Types")
        self.lists.setTabToolTip(1, "The pair's agreement per event type: GATE's strict and lenient P, R, F1")
        self.summary = AgreementSummary()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.setSpacing(8)
        left_layout.addWidget(self.annotators)
        left_layout.addWidget(self.lists, 1)
        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.setSpacing(3)
        self.matrix_title = QLabel()
        self.matrix_title.setTextFormat(Qt.TextFormat.RichText)
        self.matrix_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.figure_choice = QComboBox()
        self.figure_choice.setObjectName("matrixFigure")
        self.figure_choice.setToolTip("What the matrix compares: mentions, After/Subevent links (as the sequencing "
                                      "scorer prepares them) or coreference clusters (as -c scores them)")
        for key in FIGURE_ORDER:
            self.figure_choice.addItem(FIGURE_LABELS[key], key)
        shows = QLabel("Matrix shows")
        shows.setBuddy(self.figure_choice)
        choice_row = QHBoxLayout()
        choice_row.addStretch(1)
        choice_row.addWidget(shows)
        choice_row.addWidget(self.figure_choice)
        choice_row.addStretch(1)
        centre_layout.addLayout(choice_row)
        centre_layout.addWidget(self.matrix_title)
        self._centre = centre_layout
        scroller = QScrollArea()
        scroller.setWidgetResizable(True)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setWidget(self.summary)
        scroller.setMinimumWidth(270)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("agreementSplitter")
        for widget in (left, centre, scroller):
            self.splitter.addWidget(widget)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setStretchFactor(2, 0)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([440, 600, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 4)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addWidget(self.splitter, 1)
        if chart:
            self.add_chart()
        self.documents.document_activated.connect(self.document_requested)
        self.summary.open_pair_requested.connect(lambda: self.pair_requested.emit(*self.selected))
        self.summary.export_requested.connect(self.export_requested)
        self.figure_choice.currentIndexChanged.connect(self._figure_chosen)

    def add_chart(self) -> None:
        """The matrix, under its title (once), drawn with the comparison already given: the mode adds it when the
        page is to be shown, so a comparison opened at a pair's document views makes no chart until the matrix
        tab is (30-45 ms of the GUI thread at 2,000 documents)."""
        for step in self.chart_steps():
            step()

    def chart_steps(self) -> list[Callable[[], None]]:
        """`add_chart` in three steps, each 10-17 ms of the GUI thread at 2,000 documents, for three turns of the
        event loop: the plot, its colour bar (a plot of its own), the comparison drawn. Each does what the steps
        before it have not (a tab clicked meanwhile made the whole chart)."""
        return [self._add_plot, self._add_colour_bar, self._draw_chart]

    def _add_plot(self) -> None:
        if self.has_chart:
            return
        self.heatmap = MatrixHeatmap(colour_bar=False)
        self._centre.addWidget(self.heatmap, 1)
        self.heatmap.cell_clicked.connect(self.pair_requested)

    def _add_colour_bar(self) -> None:
        self._add_plot()
        self.heatmap.add_colour_bar()

    def _draw_chart(self) -> None:
        self._add_colour_bar()
        if self.loaded is not None and self.heatmap.matrix is None:  # not drawn yet (`set_agreement` draws it)
            self._draw_matrix(self.shown_matrix())

    def hold_first_paint(self) -> list[Callable[[], None]]:
        """Before the page is first shown: its paint put off, and the matrix's after it (the page's show, its
        paint and the matrix's were 45-60 ms of the GUI thread in one gap at 2,000 documents). Returns the two
        steps that paint them, for two later turns of the event loop; the matrix keeps its room meanwhile. Each
        paints at once (`repaint`), so that a step after it starts once the paint is done, not in the same pass."""
        self.setUpdatesEnabled(False)
        held = self.heatmap if self.has_chart and self.heatmap.isVisibleTo(self) else None
        if held is not None:
            held.hide()

        def page() -> None:
            self.setUpdatesEnabled(True)
            self.repaint()

        def chart(heatmap: MatrixHeatmap) -> None:
            heatmap.show()
            heatmap.plot_widget.viewport().repaint()

        return [page, *([lambda: chart(held)] if held is not None else [])]

    @property
    def has_chart(self) -> bool:
        """Whether the matrix is built (`add_chart`)."""
        return hasattr(self, "heatmap")

    # -- what to show -----------------------------------------------------------------------------

    def set_agreement(self, loaded: LoadedAgreement, combination: str, selected: tuple[int, int]) -> None:
        """A new comparison: every part redrawn."""
        self.loaded = loaded
        self.intervals = None
        self.combination = combination
        self.selected = selected
        result = loaded.result
        n = loaded.size
        self.title.setText(f"<b>Agreement among {n} annotators</b> · {result.mode.value} spans · symmetric greedy "
                           "mapping with Dice partial credit; every document of either annotator counts")
        self.annotators.set_annotators(loaded.names, loaded.request.paths, result.sizes, loaded.document_counts())
        self._offer_figures()
        self._redraw()

    def _offer_figures(self) -> None:
        """Relation figures are offered only when some set has links or clusters (else greyed, with why)."""
        loaded = self.loaded
        assert loaded is not None
        model = self.figure_choice.model()
        result = loaded.result
        why = result.relations_refused or "no set has @After, @Subevent or @Coreference lines"
        for row, key in enumerate(FIGURE_ORDER):
            item = model.item(row)  # type: ignore[attr-defined]
            usable = key == MENTIONS or (bool(result.relations) and not math.isnan(result.relation_matrix(key).mean))
            item.setEnabled(usable)
            item.setToolTip("" if usable else f"Not available: {why if not result.relations else 'no pair to compare'}")
            if not usable and key == self.figure:
                self.figure_choice.setCurrentIndex(0)

    def _figure_chosen(self, index: int) -> None:
        self.figure = str(self.figure_choice.itemData(index))
        if self.loaded is not None:
            self._redraw()

    def shown_matrix(self) -> AgreementMatrix:
        """The matrix on screen: mentions under the toolbar's attributes, or the chosen relation figure."""
        loaded = self.loaded
        assert loaded is not None
        if self.figure == MENTIONS:
            return loaded.result.matrix(self.combination, "f1")
        return loaded.result.relation_matrix(self.figure, "f1")

    def set_intervals(self, run: ResamplingRun) -> None:
        """Every pair's bootstrap intervals (computed in the background): the summary shows the selected one's."""
        self.intervals = run
        if self.loaded is not None:
            self._show_pair()

    def pair_intervals(self, i: int, j: int) -> PairIntervals | None:
        """Annotator i (key role) against j, if the intervals are there."""
        if self.intervals is None:
            return None
        found = self.intervals.pairs[(min(i, j), max(i, j))]
        return found if i < j else found.swapped()

    def _relation_interval(self, i: int, j: int) -> str:
        """The shown relation figure's F1 interval for cell (i, j) as a tooltip line (empty until computed)."""
        found = self.pair_intervals(i, j) if i != j else None
        figure = f"{self.figure}_f1"
        if found is None or figure not in found.relations or self.intervals is None:
            return ""
        if is_nan(found.relations[figure].estimate):  # undefined: nothing to bound
            return ""
        f, s = found.relations[figure], self.intervals.settings
        return (f"F1 {interval_text(f.estimate, f.ci_low, f.ci_high)} ({s.confidence:.0%} bootstrap interval, "
                f"{s.resamples:,} resamples of documents, seed {s.seed})\n")

    def set_combination(self, combination: str) -> None:
        self.combination = combination
        if self.loaded is not None:
            self._redraw()

    def set_pair(self, pair: tuple[int, int]) -> None:
        """The pair the document views show (outlined in the matrix, detailed beside it)."""
        self.selected = pair
        if self.loaded is not None:
            if self.has_chart:
                self.heatmap.set_selected(pair)
            self._show_pair()

    def _redraw(self) -> None:
        loaded = self.loaded
        assert loaded is not None
        mentions = loaded.result.matrix(self.combination, "f1")
        matrix = self.shown_matrix()
        what = (Combination(self.combination).label if self.figure == MENTIONS else FIGURE_LABELS[self.figure])
        self.matrix_title.setText(f"<b>Pairwise F1</b> · {html.escape(what)} · "
                                  f"mean of pairs {percent_text(matrix.mean)}")
        if self.has_chart:
            self._draw_matrix(matrix)
        self.summary.set_corpus(mentions, loaded.result.fleiss, loaded.size)
        self._show_pair()

    def _draw_matrix(self, matrix: AgreementMatrix) -> None:
        loaded = self.loaded
        assert loaded is not None
        self.heatmap.set_data(matrix, loaded.names, selected=self.selected, describe=self.describe_cell)

    def _show_pair(self) -> None:
        loaded = self.loaded
        assert loaded is not None
        i, j = self.selected
        pair = loaded.pair(i, j)
        names = (loaded.names[i], loaded.names[j])
        self.summary.set_pair(pair, self.combination, (i, j), names)
        run = self.intervals
        self.summary.set_intervals(self.pair_intervals(i, j), self.combination,
                                   run.settings if run is not None else None)
        self.documents.set_pair(pair, self.combination, (tag(i), tag(j)),
                                f"<b>Documents</b>, worst first · {chip_html(i, names[0])} vs "
                                f"{chip_html(j, names[1])}<br><span style='color:{MUTED_TEXT}'>Click one to open "
                                "it in the document views.</span>")
        self.types.set_pair(pair, (tag(i), tag(j)),
                            f"<b>Types</b> · {chip_html(i, names[0])} in the key role vs {chip_html(j, names[1])}"
                            f"<br><span style='color:{MUTED_TEXT}'>Strict: same span; lenient: overlapping. Click "
                            "a header to sort.</span>")

    def describe_cell(self, i: int, j: int) -> str:
        """The tooltip of cell (i, j): who is compared, F1, P and R."""
        loaded = self.loaded
        if loaded is None:
            return ""
        if self.figure != MENTIONS:
            p, r, f = (loaded.result.relation_matrix(self.figure, m).values[i][j]
                       for m in ("precision", "recall", "f1"))
            return (f"{tag(i)} {loaded.names[i]} (key role) vs {tag(j)} {loaded.names[j]}\n"
                    f"F1 {percent_text(f)} · P {percent_text(p)} · R {percent_text(r)}\n"
                    f"{self._relation_interval(i, j)}"
                    f"{FIGURE_LABELS[self.figure]}; click to open this pair in the document views")
        score = loaded.pair(i, j).micro[self.combination]
        return (f"{tag(i)} {loaded.names[i]} (gold role) vs {tag(j)} {loaded.names[j]}\n"
                f"F1 {percent_text(score.f1)} · P {percent_text(score.precision)} · R {percent_text(score.recall)}\n"
                f"{Combination(self.combination).label}; click to open this pair in the document views")
