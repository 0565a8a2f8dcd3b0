"""The charts panel: every chart in tabs, following the window's result, document and combination.

Clicking a chart element asks the window to filter its mapping table (or document list) to exactly
the mentions behind it: `filter_requested(label, doc_ids, row_predicate)`. `row_predicate(doc_id,
row)` is meant for rows of `mapping_rows(doc, combination)` with the panel's current combination;
`doc_ids` is the set of documents that have such rows (None: no restriction).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from evmeval.align import COMBINATIONS
from evmeval.mention.confusion import ConfusionMatrix, confusions, not_fully_credited
from evmeval.mention.outcomes import MappingRow
from evmeval.mention.prf import Average, Score
from evmeval.mention.scoring import DocumentResult, ScoreResult, per_type_mapping, per_type_table
from evmeval.mention.type_names import SpellingCache, TypeNames
from evmeval.rules import Combination, distinct_combinations
from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.charts.base import ChartWidget
from evmeval_gui.charts.confusion_heatmap import ATTRIBUTE_NAMES, ConfusionHeatmap
from evmeval_gui.charts.doc_scatter import DocScatterChart
from evmeval_gui.charts.names import CHART_NAMES
from evmeval_gui.charts.per_type import PerTypeChart
from evmeval_gui.charts.score_bars import METRIC_LABELS, ScoreBarsChart
from evmeval_gui.charts.tab_bar import ChartTabs, add_chart_tab
from evmeval_gui.model.jobs import Runner

RowPredicate = Callable[[str, MappingRow], bool]

CORPUS, DOCUMENT = "corpus", "document"
MICRO, MACRO = "micro", "macro"

PER_TYPE_TABLES: dict[str, tuple[str, str]] = {
    "combination": ("Chosen attributes (follows the toolbar)",
                    "Built from the mapping of the attribute combination chosen in the toolbar (the summary's), "
                    "one row per type seen in gold or system"),
    "published": ("Published (type+realis mapping)",
                  "The score report's table: built from the type+realis mapping, one row per gold type"),
    "type_mapping": ("Type mapping (all types)",
                     "Built from the type mapping, one row per type seen in gold or system"),
}
"""The per-type tables, as the panel names them (chart titles say the same); the first follows the
window's combination, the published one is an explicit choice."""


_DRAWERS = {"scores": "_draw_score_bars", "per_type": "_draw_per_type", "confusions": "_draw_confusions",
            "scatter": "_draw_scatter"}
_TAB_PARTS = {0: ("scores",), 1: ("per_type",), 2: ("confusions",), 3: ("confusions",), 4: ("scatter",)}
"""Which drawn part each tab shows (tabs in the order they are added below; a feature's tabs follow)."""


class ChartTab(Protocol):
    """A feature's page of the panel (the alignment's MUC/GATE figures): the panel's extension point.

    `name` is its export name (`CHART_NAMES`) and its part in the drawing; `computed` fires when figures
    it counted in the background arrive; `forget` drops what it counted for the last result; `precomputed`
    takes figures the library already counted (the export); `draw` shows the shown result's figures."""

    name: str
    label: str

    @property
    def chart(self) -> ChartWidget: ...

    @property
    def computed(self) -> SignalInstance: ...

    def forget(self) -> None: ...

    def precomputed(self, figures: object) -> None: ...

    def draw(self, result: ScoreResult | None, combination: str, doc_id: str | None, where: str) -> None: ...
EMPTY_MESSAGE = "No scores yet: open a gold and a system file."
NO_DOCUMENTS_MESSAGE = "Nothing to chart: the gold file has no documents."
COMPUTING_MESSAGE = "Counting the mapped pairs…"
NO_REALIS_MESSAGE = ("These files carry no realis:\nevery mention reads NOT_ANNOTATED,\n"
                     "so there is no realis to confuse.")
"""The Realis confusion tab of files without realis (`ScoreResult.carries_realis`): one empty class otherwise."""
CHARTS_JOB = "charts"
"""The job key of the panel's computations on the window's runner (they never supersede loading)."""
BACKGROUND_DOCUMENTS = 200
"""From this many documents on, a panel given a runner computes the confusion matrices (and a feature's tab
its figures: the Schemes tab) on a worker thread (half a second for 2000 documents) instead of freezing the
window."""


class ChartsPanel(QWidget):
    """Score bars, per-type bars, two confusion heatmaps and the document scatter, in tabs.

    The window calls `set_result`, `set_document` and `set_combination`; the panel's own controls
    choose the scope (corpus or current document) and the average (micro or macro).
    """

    filter_requested = Signal(str, object, object)
    """(label, doc_ids: set[str] | None, row_predicate: Callable[[str, MappingRow], bool] | None)."""

    def __init__(self, parent: QWidget | None = None, *, runner: Runner | None = None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._dirty: set[str] = set()
        self._generation = 0
        self._pending: tuple[int, str | None, str] | None = None
        self.result: ScoreResult | None = None
        self.doc_id: str | None = None
        self.combination = "plain"
        self._confusions: dict[tuple[str | None, str], dict[str, ConfusionMatrix]] = {}
        self._confusions_drawn: tuple | None = None
        self.names = TypeNames()
        """Display names of the result's types (`evmeval.mention.type_names`): charts show types as written."""
        self._spellings = SpellingCache()

        self.scope_box = QComboBox()
        self.scope_box.addItem("Corpus", CORPUS)
        self.scope_box.addItem("Current document", DOCUMENT)
        self.scope_box.setToolTip("Score bars, per-type bars and heatmaps of the whole corpus or of the current "
                                  "document (the scatter always shows every document)")
        self.average_box = QComboBox()
        self.average_box.addItem("Micro", MICRO)
        self.average_box.addItem("Macro", MACRO)
        self.average_box.setToolTip("Corpus score bars: micro average (counts pooled over all mentions) or macro "
                                    "average (mean of document precision and recall); a document has no average")
        for box in (self.scope_box, self.average_box):  # as wide as their words where there is room, and
            box.setMaximumWidth(box.sizeHint().width())  # they give way in a narrow dock (whole in the list)
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(2)
        controls = QHBoxLayout()
        controls.addWidget(QLabel("Scope:"))
        controls.addWidget(self.scope_box, 10)  # up to their words before the stretch takes the rest
        controls.addSpacing(6)
        controls.addWidget(QLabel("Average:"))
        controls.addWidget(self.average_box, 10)
        controls.addStretch(1)
        self._controls = controls

        self.score_bars = ScoreBarsChart()
        self.per_type_combination = PerTypeChart()
        self.per_type_published = PerTypeChart()
        self.per_type_type_mapping = PerTypeChart()
        self.type_confusion = ConfusionHeatmap()
        self.realis_confusion = ConfusionHeatmap()
        self.doc_scatter = DocScatterChart()
        self.feature_tabs: dict[str, ChartTab] = {}
        """The features' tabs by name, in the order `add_tab` added them."""
        self._tab_parts = dict(_TAB_PARTS)

        self.per_type_box = QComboBox()
        self.per_type_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.per_type_box.setMinimumContentsLength(12)
        for key, (text, tip) in PER_TYPE_TABLES.items():
            self.per_type_box.addItem(text, key)
            self.per_type_box.setItemData(self.per_type_box.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.per_type_stack = QStackedWidget()
        self.per_type_stack.addWidget(_scrolling(self.per_type_combination))
        self.per_type_stack.addWidget(_scrolling(self.per_type_published))
        self.per_type_stack.addWidget(_scrolling(self.per_type_type_mapping))
        per_type_page = QWidget()
        per_type_layout = QVBoxLayout(per_type_page)
        per_type_layout.setContentsMargins(0, 4, 0, 0)
        table_row = QHBoxLayout()
        table_row.addWidget(QLabel("Table:"))
        table_row.addWidget(self.per_type_box, 1)
        per_type_layout.addLayout(table_row)
        per_type_layout.addWidget(self.per_type_stack, 1)

        self.tabs = ChartTabs()  # short names, whole on hover: every tab in view from 1600 pixels on
        for page, name in ((_scrolling(self.score_bars), "Scores"), (per_type_page, "Per type"),
                           (_scrolling(self.type_confusion), "Type confusion"),
                           (_scrolling(self.realis_confusion), "Realis confusion"),
                           (_scrolling(self.doc_scatter), "Documents")):
            add_chart_tab(self.tabs, page, name)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addWidget(self.tabs, 1)

        self.scope_box.currentIndexChanged.connect(self._redraw_scoped)
        self.average_box.currentIndexChanged.connect(lambda _index: self._draw("scores"))
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.per_type_box.currentIndexChanged.connect(self.per_type_stack.setCurrentIndex)
        self.score_bars.element_clicked.connect(self._score_bar_clicked)
        self.per_type_combination.element_clicked.connect(self._type_clicked)
        self.per_type_published.element_clicked.connect(self._type_clicked)
        self.per_type_type_mapping.element_clicked.connect(self._type_clicked)
        self.type_confusion.element_clicked.connect(lambda key: self._cell_clicked("mention_type", key))
        self.realis_confusion.element_clicked.connect(lambda key: self._cell_clicked("realis_status", key))
        self.doc_scatter.element_clicked.connect(self._document_clicked)
        self._update_controls()
        self._redraw_all()

    # -- what the window calls -------------------------------------------------------------------

    def add_tab(self, tab: ChartTab) -> None:
        """Add a feature's tab after the panel's own (see `ChartTab`); it is drawn as theirs are."""
        self.feature_tabs[tab.name] = tab
        self._tab_parts[add_chart_tab(self.tabs, _scrolling(tab.chart), tab.label)] = (tab.name,)
        tab.computed.connect(lambda: self._draw(tab.name))
        self._draw(tab.name)

    def add_page(self, page: QWidget, label: str) -> None:
        """Add a feature's page that draws itself (`charts.pages.PagedCharts`: coreference, sequencing)."""
        add_chart_tab(self.tabs, page, label)

    def show_document_scores(self, doc_id: str | None) -> None:
        """Turn to the score bars of one document ("Show in charts" on a document)."""
        self.set_document(doc_id)
        self.set_scope(DOCUMENT)
        self.tabs.setCurrentIndex(0)

    def show_per_type(self) -> None:
        """Turn to the per-type bars ("Show in charts" on a type)."""
        self.tabs.setCurrentIndex(1)

    def set_result(self, result: ScoreResult | None, confusions: dict[str, ConfusionMatrix] | None = None, *,
                   precomputed: Mapping[str, object] | None = None, names: TypeNames | None = None) -> None:
        """Show a new result (None: the empty state); the document is kept if the result has it.
        `confusions`: the corpus's confusion matrices of one combination, `precomputed`: figures of
        the features' tabs by tab name (the MUC/GATE figures), and `names`: the types' spellings, when
        the library already has them (the export, drawing from figures without mentions)."""
        self.result = result
        # an edited result shares all documents but one with the last: the cache costs that one
        self.names = names if names is not None else \
            self._spellings.type_names(result.documents) if result is not None else TypeNames()
        for tab in self.feature_tabs.values():
            tab.forget()
            if precomputed and tab.name in precomputed:
                tab.precomputed(precomputed[tab.name])
        self._confusions.clear()
        if confusions:
            self._confusions[(None, next(iter(confusions.values())).combination)] = confusions
        self._generation += 1
        if result is not None and self.doc_id is not None and self._document() is None:
            self.doc_id = None
        self._update_controls()
        self._redraw_all()

    def set_document(self, doc_id: str | None) -> None:
        """Follow the window's current document (charts of the document scope, scatter ring)."""
        if doc_id == self.doc_id:
            return
        was_document_scope = self.scope == DOCUMENT
        self.doc_id = doc_id
        self._update_controls()
        if was_document_scope:
            self._redraw_scoped()
        self.doc_scatter.set_current(doc_id)

    def set_combination(self, name: str) -> None:
        """Follow the window's attribute combination (heatmaps, scatter, highlighted bar group)."""
        if name not in COMBINATIONS:
            raise ValueError(f"unknown combination {name!r} (expected one of {', '.join(COMBINATIONS)})")
        if name == self.combination:
            return
        self.combination = name
        self._update_controls()
        self._draw("scores", "per_type", "confusions", "scatter", *self.feature_tabs)

    def add_control(self, widget: QWidget) -> None:
        """Put `widget` at the right end of the controls row (the dock's "own window" button)."""
        self._controls.addWidget(widget)

    def set_scope(self, scope: str) -> None:
        """`"corpus"` or `"document"` (the latter only with a current document)."""
        self.scope_box.setCurrentIndex(self.scope_box.findData(scope))

    def set_average(self, average: str) -> None:
        """`"micro"` or `"macro"`: how the corpus score bars average."""
        self.average_box.setCurrentIndex(self.average_box.findData(average))

    @property
    def scope(self) -> str:
        return self.scope_box.currentData()

    @property
    def average(self) -> str:
        return self.average_box.currentData()

    def charts(self) -> dict[str, ChartWidget]:
        """Every chart by its export name (the names are `CHART_NAMES`)."""
        charts = (self.score_bars, self.per_type_combination, self.per_type_published, self.per_type_type_mapping,
                  self.type_confusion, self.realis_confusion, self.doc_scatter)
        shown = dict(zip(CHART_NAMES, charts, strict=False)) | {n: tab.chart for n, tab in self.feature_tabs.items()}
        return {name: shown[name] for name in CHART_NAMES if name in shown}

    def export_images(self) -> dict[str, tuple[bytes, str]]:
        """name -> (PNG bytes, SVG text) of every chart as it currently shows, drawn at a fixed size."""
        self._draw_pending((*_DRAWERS, *self.feature_tabs))
        return {name: chart.export_images() for name, chart in self.charts().items()}

    def chart_titles(self) -> dict[str, str]:
        """name -> the chart's title and subtitle as plain text (captions for reports)."""
        return {name: (f"{c.title} ({c.subtitle.replace(chr(10), '; ')})" if c.subtitle else c.title) or name
                for name, c in self.charts().items()}

    # -- state helpers ---------------------------------------------------------------------------

    def _document(self) -> DocumentResult | None:
        if self.result is None or self.doc_id is None:
            return None
        try:
            return self.result.document(self.doc_id)
        except KeyError:
            return None

    def _scope_documents(self) -> Sequence[DocumentResult]:
        assert self.result is not None
        if self.scope == DOCUMENT:
            doc = self._document()
            return (doc,) if doc is not None else ()
        return self.result.documents

    def _scope_name(self) -> str:
        return f"document {self.doc_id}" if self.scope == DOCUMENT else "corpus"

    def _update_controls(self) -> None:
        has_doc = self._document() is not None
        model = self.scope_box.model()
        assert isinstance(model, QStandardItemModel)  # a combo box's own model
        model.item(1).setEnabled(has_doc)
        if not has_doc and self.scope == DOCUMENT:
            self.scope_box.blockSignals(True)
            self.scope_box.setCurrentIndex(0)
            self.scope_box.blockSignals(False)
        self.average_box.setEnabled(self.scope == CORPUS)

    # -- drawing ---------------------------------------------------------------------------------

    def _redraw_all(self) -> None:
        self._redraw_scoped()
        self._draw("scatter")

    def _redraw_scoped(self) -> None:
        self._update_controls()
        self._draw("scores", "per_type", "confusions", *self.feature_tabs)

    def _draw(self, *parts: str) -> None:
        """Redraw these parts now; in the window (with a runner) only those on the visible tab,
        the others when their tab is shown (a 2000-point scatter or a 30×30 heatmap is not free)."""
        self.average_box.setEnabled(self.scope == CORPUS)
        visible = self._tab_parts.get(self.tabs.currentIndex(), ())
        for part in parts:
            if self._runner is not None and part not in visible:
                self._dirty.add(part)
                continue
            self._dirty.discard(part)
            self._draw_part(part)

    def _draw_pending(self, parts: Sequence[str]) -> None:
        for part in [p for p in parts if p in self._dirty]:
            self._dirty.discard(part)
            self._draw_part(part)

    def _draw_part(self, part: str) -> None:
        if part in self.feature_tabs:
            self._draw_tab(self.feature_tabs[part])
        else:
            getattr(self, _DRAWERS[part])()

    def _on_tab_changed(self, index: int) -> None:
        self._draw_pending(self._tab_parts.get(index, ()))

    def _empty(self) -> str:
        """Why there is nothing to draw ("" when there is): no result, or a gold file without documents."""
        if self.result is None:
            return EMPTY_MESSAGE
        return "" if self.result.documents else NO_DOCUMENTS_MESSAGE

    def _draw_score_bars(self) -> None:
        if empty := self._empty():
            self.score_bars.clear(empty)
            return
        assert self.result is not None  # `_empty` found one
        scores: Mapping[str, Score | Average]  # a document's or the micro average's Scores, or macro Averages
        if self.scope == DOCUMENT:
            doc = self._document()
            assert doc is not None
            scores, title, subtitle = doc.scores, "Document scores", doc.doc_id
        elif self.average == MACRO:
            scores, title = self.result.macro, "Corpus scores — macro average"
            subtitle = f"mean of document P and R over {self.result.macro['plain'].num_documents} documents"
        else:
            scores, title = self.result.micro, "Corpus scores — micro average"
            subtitle = f"pooled over {self.result.micro['plain'].num_gold} gold mentions"
        shown = distinct_combinations(self.result.carries_realis)  # no realis: two groups, not two twice
        self.score_bars.set_data({c: scores[c] for c in shown}, title=title, subtitle=subtitle,
                                 current=self.combination)

    def _draw_per_type(self) -> None:
        charts = (self.per_type_combination, self.per_type_published, self.per_type_type_mapping)
        if empty := self._empty():
            for chart in charts:
                chart.clear(empty)
            return
        assert self.result is not None  # `_empty` found one
        docs = self._scope_documents()
        if self.scope == DOCUMENT:
            published = per_type_table(docs, "mention_type+realis_status", gold_types_only=True)
            by_type = per_type_table(docs, "mention_type", gold_types_only=False)
        else:
            published = self.result.per_type_published
            by_type = self.result.per_type_by_type_mapping
        # the type-mapping table is the chosen one whenever the combination counts on the type mapping
        # (the same table: no mapping rows read again, and none needed by figures without mentions)
        chosen = by_type if per_type_mapping(self.combination) == per_type_mapping(Combination.TYPE.value) \
            else per_type_table(docs, self.combination, gold_types_only=False)
        where = self._scope_name()
        label = Combination(self.combination).label
        mapping = (f"{label} mapping (as the summary)" if per_type_mapping(self.combination) == self.combination
                   else f"{label} mapping + type (a bar counts its own type's pairs)")
        self.per_type_combination.set_data(
            chosen, title=f"F1 per type — {label}",
            subtitle=f"{mapping}, one row per type on either side · {where}", names=self.names)
        self.per_type_published.set_data(
            published, title="F1 per type — published table",
            subtitle=f"type+realis mapping, one row per gold type · {where}", names=self.names)
        self.per_type_type_mapping.set_data(
            by_type, title="F1 per type — type-mapping table",
            subtitle=f"type mapping, one row per type on either side · {where}", names=self.names)

    def _confusions_of(self) -> tuple | None:
        """What the shown matrices count: the files, their documents, the scope and the combination."""
        result = self.result
        if result is None:
            return None
        return (result.gold_path, result.system_path, len(result.documents), *self._confusion_key())

    def _confusion_key(self) -> tuple[str | None, str]:
        return (self.doc_id if self.scope == DOCUMENT else None, self.combination)

    def _current_confusions(self) -> dict[str, ConfusionMatrix] | None:
        """The matrices of the current scope and combination; None while a worker is counting them."""
        key = self._confusion_key()
        if key in self._confusions:
            return self._confusions[key]
        documents, combination = self._scope_documents(), self.combination
        if self._runner is None or len(documents) < BACKGROUND_DOCUMENTS:
            self._confusions[key] = confusions(documents, combination)
            return self._confusions[key]
        job = (self._generation, *key)
        if self._pending != job:
            self._pending = job

            def done(matrices: dict[str, ConfusionMatrix], job: tuple = job) -> None:
                if job[0] != self._generation:
                    return  # computed for a result no longer shown
                self._confusions[job[1:]] = matrices
                self._pending = None
                if job[1:] == self._confusion_key():
                    self._draw("confusions")

            self._runner.submit("confusion matrices", lambda _context: confusions(documents, combination), done,
                                key=CHARTS_JOB)
        return None

    def _draw_confusions(self) -> None:
        if empty := self._empty():
            self.type_confusion.clear(empty)
            self.realis_confusion.clear(empty)
            self._confusions_drawn = None
            return
        matrices = self._current_confusions()
        if matrices is None:
            # the same files and scope, counted again (an edit): the last matrices stay until the new ones
            # arrive (mostly the same counts, so nothing is redrawn); anything else shows the counting
            if self._confusions_drawn != self._confusions_of():
                self.type_confusion.clear(COMPUTING_MESSAGE)
                self.realis_confusion.clear(COMPUTING_MESSAGE)
                self._confusions_drawn = None
            return
        self._confusions_drawn = self._confusions_of()
        subtitle = f"{Combination(self.combination).label} mapping table · {self._scope_name()}"
        for chart, attribute in ((self.type_confusion, "mention_type"), (self.realis_confusion, "realis_status")):
            if attribute == "realis_status" and self.result is not None and not self.result.carries_realis:
                chart.clear(NO_REALIS_MESSAGE)  # a single empty class would say nothing
                continue
            title = f"{ATTRIBUTE_NAMES[attribute].capitalize()} confusion: system × gold"
            names = self.names if attribute == "mention_type" else None
            chart.set_data(matrices[attribute], title=title, subtitle=subtitle, names=names)

    def _draw_tab(self, tab: ChartTab) -> None:
        if self.result is not None and not self.result.documents:
            tab.chart.clear(NO_DOCUMENTS_MESSAGE)
            return
        tab.draw(self.result, self.combination, self.doc_id if self.scope == DOCUMENT else None, self._scope_name())

    def _draw_scatter(self) -> None:
        if empty := self._empty():
            self.doc_scatter.clear(empty)
            return
        assert self.result is not None  # `_empty` found one
        self.doc_scatter.set_data(self.result.documents, self.combination,
                                  title="Documents: precision against recall", current=self.doc_id)

    # -- clicks -> filter requests ---------------------------------------------------------------

    def _score_bar_clicked(self, key: tuple[str, str]) -> None:
        combination, metric = key
        gold: dict[str, frozenset[int]] = {}
        system: dict[str, frozenset[int]] = {}
        for doc in self._scope_documents():
            g, s = not_fully_credited(doc, combination)
            if metric in ("recall", "f1") and g:
                gold[doc.doc_id] = g
            if metric in ("precision", "f1") and s:
                system[doc.doc_id] = s

        def predicate(doc_id: str, row: MappingRow) -> bool:
            return (row.gold_index is not None and row.gold_index in gold.get(doc_id, ())) or \
                (row.system_index is not None and row.system_index in system.get(doc_id, ()))

        side = {"precision": "system", "recall": "gold", "f1": "gold and system"}[metric]
        count = sum(map(len, gold.values())) + sum(map(len, system.values()))
        label = (f"{Combination(combination).label} {METRIC_LABELS[metric].lower()}: {count} {side} "
                 f"mention(s) not fully matched ({self._scope_name()})")
        self.filter_requested.emit(label, set(gold) | set(system), predicate)

    def _type_clicked(self, mention_type: str) -> None:
        docs = {d.doc_id for d in self._scope_documents()
                if any(m.mention_type == mention_type for m in d.gold + d.system)}

        def predicate(doc_id: str, row: MappingRow) -> bool:
            return (row.gold is not None and row.gold.mention_type == mention_type) or \
                (row.system is not None and row.system.mention_type == mention_type)

        self.filter_requested.emit(f"type {self.names.name(mention_type)}: its gold and system mentions "
                                   f"({self._scope_name()})", docs, predicate)

    def _cell_clicked(self, attribute: str, key: tuple[int, int]) -> None:
        chart = self.type_confusion if attribute == "mention_type" else self.realis_confusion
        matrix = chart.matrix  # the cells drawn (a narrow chart draws the busiest values only)
        if matrix is None:
            return
        g, s = key
        members = matrix.members.get((g, s), ())
        wanted = {(m.doc_id, m.gold_index, m.system_index) for m in members}

        def predicate(doc_id: str, row: MappingRow) -> bool:
            return (doc_id, row.gold_index, row.system_index) in wanted

        name = ATTRIBUTE_NAMES[attribute]
        shown = self.names.name if attribute == "mention_type" else str
        label = (f"{name}: gold {shown(matrix.gold_axis[g])} → system {shown(matrix.system_axis[s])} "
                 f"({len(members)})")
        self.filter_requested.emit(label, {m.doc_id for m in members}, predicate)

    def _document_clicked(self, doc_id: str) -> None:
        self.filter_requested.emit(f"document {doc_id}", {doc_id}, None)


def _scrolling(chart: ChartWidget) -> QScrollArea:
    """The chart fills the tab, and scrolls when the tab is smaller than the chart can be read at."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(chart)
    return area
