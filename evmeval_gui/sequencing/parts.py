"""Event sequencing in the window: every part, built and wired in one place.

`SequencingParts(window)` adds, when the corpus has `@After` / `@Subevent` links:
- the arcs on the text (`link_arcs`) with a legend above the text;
- a **Links** tab beside the mapping table (`link_table`);
- a sortable **Seq F1 %** column in the document list (v1.8's `All` F1 per document);
- a line in the summary bar (v1.8's `All` F1, ours beside it, labelled);
- **View › Sequencing links**: a toggle per link type and the closure that colours them;
- when v1.8 refuses the links (pairs linked both ways, without `-nv`): a note above the text naming
  them (file:line) and "not scored" in the summary bar, the other views as usual;
- a **Sequencing** tab in the charts; and the sequencing files in **File › Export report…**.
The scores come from `state.SequencingModel` (the core, in the background).
"""

from __future__ import annotations

from typing import Any, Protocol

from evmeval.sequencing.link_style import LINK_ORDER, link_style
from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QColor, QFont, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.charts.pages import PagedCharts
from evmeval_gui.colours import _FlowLayout
from evmeval_gui.model.formatting import DASH, NAN_TOOLTIP, percent
from evmeval_gui.model.selection import Selection
from evmeval_gui.sequencing.link_arcs import PEN_STYLES, LinkArcOverlay
from evmeval_gui.sequencing.link_table import LinkTable
from evmeval_gui.sequencing.state import CLOSURE_NAMES, CLOSURES, LINK_TYPES, SequencingModel
from evmeval_gui.views.document_list import ExtraColumn
from evmeval_gui.views.summary_bar import ElidedLabel


class SequencingHost(Protocol):
    """What the parts need of the main window (its views, menus, docks and exporter)."""

    session: Any
    text_view: Any
    document_pane: Any
    lower_tabs: Any
    documents: Any
    summary: Any
    view_menu: Any
    charts_dock: Any
    exporter: Any

    def show_message(self, text: str, timeout_ms: int = 8000) -> None: ...

LINKS_TAB = "Links"


SEQ_COLUMN = "sequencing_f1"
SEQ_HEADER = "Seq F1"
SEQ_TIP = ("Event sequencing F1 (%) of the document: After and Subevent links together (v1.8's All "
           "evaluation, published closure); — when a side has no links")


def link_sample(outcome: str, kind: str = "After", size: QSize | None = None) -> QPixmap:
    """A short line in an outcome's colour and style, with the arrowhead of a link type."""
    size = size or QSize(30, 12)
    pixmap = QPixmap(size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    st = link_style(outcome) if outcome else None
    colour = QColor(st.colour if st else colours.MUTED_TEXT)
    pen = QPen(colour, 1.8)
    pen.setStyle(PEN_STYLES[st.line] if st else Qt.PenStyle.SolidLine)
    painter.setPen(pen)
    y = size.height() / 2
    painter.drawLine(QPointF(1, y), QPointF(size.width() - 7, y))
    painter.setPen(QPen(colour, 1.2))
    painter.setBrush(colour if kind == "After" else QColor("#FFFFFF"))
    x = size.width() - 1.5
    painter.drawPolygon(QPolygonF([QPointF(x, y), QPointF(x - 6, y - 3.5), QPointF(x - 6, y + 3.5)]))
    painter.end()
    return pixmap


class LinkLegend(QWidget):
    """Above the text: what the arcs' colours, lines and heads mean, with this document's counts."""

    def __init__(self, model: SequencingModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        layout = self._flow = _FlowLayout(self)
        lead = QLabel("Links:")
        lead.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        lead.setToolTip("Sequencing links as arcs: gold links above the words, system links below, "
                        "from the source mention to the target's arrowhead")
        layout.addWidget(lead)
        self.labels: dict[str, QLabel] = {}
        for key in LINK_ORDER:
            entry = QWidget()
            row = QHBoxLayout(entry)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(3)
            sample = QLabel()
            sample.setPixmap(link_sample(key))
            label = QLabel()
            entry.setToolTip(f"{link_style(key).short}: {link_style(key).description}")
            row.addWidget(sample)
            row.addWidget(label)
            layout.addWidget(entry)
            self.labels[key] = label
        for kind, text in (("After", "After"), ("Subevent", "Subevent")):
            entry = QLabel()
            entry.setPixmap(link_sample("", kind, QSize(22, 12)))
            words = QLabel(text)
            words.setStyleSheet(f"color: {colours.MUTED_TEXT};")
            box = QWidget()
            box.setToolTip("After: the source happens before the target (filled head)" if kind == "After" else
                           "Subevent: the target is part of the source (hollow head)")
            row = QHBoxLayout(box)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(3)
            row.addWidget(entry)
            row.addWidget(words)
            layout.addWidget(box)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_document(self, doc_id: str | None) -> None:
        rows = self.model.shown_rows(doc_id)
        closure = self.model.closure
        for key, label in self.labels.items():
            count = sum(1 for r in rows if r.outcome(closure) == key)
            label.setText(f"{link_style(key).glyph} {key} {count}")  # short: the tooltip has the words
        self._flow.invalidate()
        self.setVisible(bool(rows))  # a document without links gets no legend for them


NOTE_LINES = 3
"""Refused pairs the note above the text lists (its tooltip has up to `SKIPPED_SHOWN`)."""


class SkippedNote(QLabel):
    """Above the text, while v1.8 refuses the corpus's links: that sequencing was not scored, and why."""

    def __init__(self, model: SequencingModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setObjectName("sequencingSkipped")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setStyleSheet("background: #FFF6D6; border: 1px solid #E8D9A0; padding: 3px 6px;")
        self.hide()

    def refresh(self) -> None:
        skipped = self.model.skipped
        self.setVisible(skipped is not None)
        if skipped is None:
            self.setText("")
            self.setToolTip("")
            return
        head, *pairs = skipped.lines(NOTE_LINES)
        self.setText("\n".join([head[0].upper() + head[1:] + ":", *pairs]))
        self.setToolTip("\n".join(skipped.lines()))


class SequencingFigure(QWidget):
    """The summary bar's sequencing line: v1.8's `All` F1, and ours (full closure) labelled."""

    def __init__(self, model: SequencingModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setObjectName("sequencingFigure")
        heading = QLabel("<b>Seq</b>")
        self.value = QLabel(DASH)
        self.value.setObjectName("sequencingValue")
        font = QFont(self.value.font())
        font.setBold(True)
        self.value.setFont(font)
        self.ours = QLabel()
        self.ours.setObjectName("sequencingOurs")
        self.ours.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(5)
        layout.addWidget(heading)
        layout.addWidget(self.value)
        layout.addWidget(self.ours)
        self.no_links = ElidedLabel()  # elides (full text on hover) rather than widen the window
        self.no_links.elide_mode = Qt.TextElideMode.ElideRight
        self.no_links.setMinimumWidth(60)
        self.no_links.hint_full = True  # the summary bar wraps the figure to its own line before it elides
        self.no_links.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.no_links.setObjectName("sequencingNoLinks")
        self.no_links.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.no_links.hide()
        layout.addWidget(self.no_links)

    def _refresh_no_links(self) -> None:
        """Say when a side has no links, as the coreference figure does: the figure is v1.8's, kept, but
        it measures no sequencing (a bare "0.00" would read as a system that got every link wrong)."""
        sides = self.model.files_without_links()
        self.no_links.setVisible(bool(sides))
        if not sides:
            return
        where = "these files" if len(sides) == 2 else f"the {sides[0]} file"
        self.no_links.set_full_text(f"(no sequencing links in {where})")
        self.no_links.setToolTip(f"No @After or @Subevent line in {where}. v1.8 still reports a figure, kept here "
                                 "as published: it does not measure any sequencing.")

    def refresh(self) -> None:
        self._refresh_no_links()
        if self.model.skipped is not None:
            self.setVisible(True)
            self.value.setText("not scored")
            self.ours.setText("")
            self.setToolTip("\n".join(self.model.skipped.lines()))
            return
        published, full = self.model.corpus_f1("published"), self.model.corpus_f1("full")
        self.setVisible(self.model.result is not None)
        self.value.setText(percent(published))  # F1 in %, as the tooltip says
        self.ours.setText(f"ours {percent(full)}")
        evaluation = self.model.evaluation("All")
        if evaluation is None:
            self.setToolTip(NAN_TOOLTIP if self.model.result is not None else "")
            return
        c = evaluation.corpus
        self.setToolTip(f"Event sequencing F1, After and Subevent links together (v1.8's All evaluation): "
                        f"P {percent(c.precision)} %, R {percent(c.recall)} %, F1 {percent(c.f1)} % as the "
                        f"published scorer prints them (order-dependent closure).\nOurs, complete "
                        f"order-independent closure (\"ours\"): F1 {percent(full)} %.")

    def text(self) -> str:
        return self.value.text()


class SequencingParts:
    """Builds the sequencing parts into `window` and keeps them following the session."""

    def __init__(self, window: SequencingHost) -> None:
        self.window = window
        session = window.session
        self.model = SequencingModel(session, message=lambda text: window.show_message(text, 10000))
        self.arcs = LinkArcOverlay(window.text_view, self.model)
        self.legend = LinkLegend(self.model)
        window.document_pane.add_above_text(self.legend)
        self.legend.setContentsMargins(6, 0, 6, 0)
        self.note = SkippedNote(self.model)
        window.document_pane.add_above_text(self.note)
        self._table: LinkTable | None = None  # built when a corpus has links (`table`): not at launch
        self._table_page = QWidget()
        QVBoxLayout(self._table_page).setContentsMargins(0, 0, 0, 0)
        self._install_tabs()
        documents = window.documents
        documents.set_extra_columns([*documents.model.extra_columns,
                                     ExtraColumn(SEQ_COLUMN, SEQ_HEADER, SEQ_TIP, self.model.document_f1, shown=False)])
        self.column = documents.model.columnCount() - 1
        self.figure = SequencingFigure(self.model)
        window.summary.add_line(self.figure)
        self._build_menu()
        self.charts_page: Any = None
        """The charts' Sequencing page (`charts.SequencingChartsPage`), once built."""
        window.charts_dock.extensions.append(self._add_charts_tab)
        if window.charts_dock.panel is not None:
            self._add_charts_tab(window.charts_dock.panel)
        window.exporter.sequencing = lambda: self.model.result or self.model.skipped
        self.model.sequencing_changed.connect(self._on_sequencing)
        self.model.options_changed.connect(self._on_options)
        session.selection_changed.connect(self._on_selection)
        session.corpus_loaded.connect(self._on_corpus)
        self._on_sequencing()

    # -- construction -----------------------------------------------------------------------------

    @property
    def table_built(self) -> bool:
        """Whether the Links tab's table exists yet."""
        return self._table is not None

    @property
    def table(self) -> LinkTable:
        """The Links tab's table, built on first use (its widgets cost ~20 ms the first time: a corpus
        without links never needs them, one with links builds them once it is scored)."""
        if self._table is None:
            self._table = LinkTable(self.window.session, self.model)
            box = self._table.closure_box  # a closure chosen in the menu before the table existed
            box.blockSignals(True)
            box.setCurrentIndex(CLOSURES.index(self.model.closure))
            box.blockSignals(False)
            layout = self._table_page.layout()
            assert layout is not None
            layout.addWidget(self._table)
        return self._table

    def _install_tabs(self) -> None:
        """The link table goes beside the mapping table, in the window's tabs that hold it."""
        self.tabs = self.window.lower_tabs
        self.links_index = self.tabs.addTab(self._table_page, LINKS_TAB)
        self.tabs.setTabVisible(self.links_index, False)

    def _build_menu(self) -> None:
        window = self.window
        menu = window.view_menu.addMenu("&Sequencing links")
        self.menu = menu
        self.type_actions: dict[str, QAction] = {}
        for kind in LINK_TYPES:
            action = QAction(f"{kind} links", menu)
            action.setCheckable(True)
            action.setChecked(True)
            action.setStatusTip(f"Draw (or hide) the @{kind} links on the text and list them in the Links tab")
            action.toggled.connect(lambda on, k=kind: self.model.set_type_shown(k, on))
            menu.addAction(action)
            self.type_actions[kind] = action
        menu.addSeparator()
        group = QActionGroup(menu)
        self.closure_actions: dict[str, QAction] = {}
        for closure in CLOSURES:
            action = QAction(f"Colour by {CLOSURE_NAMES[closure]}", menu)
            action.setCheckable(True)
            action.setChecked(closure == self.model.closure)
            action.triggered.connect(lambda _=False, c=closure: self.model.set_closure(c))
            group.addAction(action)
            menu.addAction(action)
            self.closure_actions[closure] = action
        menu.addSeparator()
        self.show_table_action = QAction("Show the &link table", menu)
        self.show_table_action.triggered.connect(self.show_links_tab)
        menu.addAction(self.show_table_action)
        menu.menuAction().setVisible(False)

    # -- following the model and the session ------------------------------------------------------

    def _on_sequencing(self) -> None:
        present = self.model.result is not None
        if present:
            _ = self.table  # the tab is about to show: its table follows the model from now on
        self.tabs.setTabVisible(self.links_index, present)
        self.menu.menuAction().setVisible(present)
        self.legend.setVisible(present)
        self.note.refresh()
        self.window.documents.show_extra_column(SEQ_COLUMN, present)
        self.window.documents.model.extra_changed()
        self.figure.refresh()
        self._refresh_document()
        self._feed_charts()

    def _on_corpus(self, *_: object) -> None:
        """Another corpus: the empty tab's words follow its format (a tbf corpus with links is fed when scored)."""
        if self.model.result is None:
            self._feed_charts()

    def _on_options(self) -> None:
        for kind, action in self.type_actions.items():
            action.blockSignals(True)
            action.setChecked(kind in self.model.shown_types)
            action.blockSignals(False)
        self.closure_actions[self.model.closure].setChecked(True)
        self._refresh_document()

    def _on_selection(self, selection: Selection) -> None:
        self._refresh_document()
        if self.charts_page is not None:
            self.charts_page.scatter.set_current(selection.doc_id)

    def _refresh_document(self) -> None:
        self.legend.set_document(self.window.session.selection.doc_id)

    def show_links_tab(self) -> None:
        self.tabs.setCurrentIndex(self.links_index)

    # -- charts -----------------------------------------------------------------------------------

    def _add_charts_tab(self, panel: object) -> None:
        """The Sequencing tab of the charts panel (called once it is built: pyqtgraph loads late)."""
        if not isinstance(panel, PagedCharts) or self.charts_page is not None:
            return
        from evmeval_gui.sequencing.charts import SequencingChartsPage

        self.charts_page = SequencingChartsPage()
        self.charts_page.scatter.element_clicked.connect(
            lambda doc_id: self.window.session.select_document(str(doc_id)))
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidget(self.charts_page)
        panel.add_page(area, "Sequencing")
        self._feed_charts()

    def _feed_charts(self) -> None:
        if self.charts_page is None:
            return
        result = self.model.result
        corpus = self.window.session.corpus
        self.charts_page.set_data(result.evaluations if result is not None else None,
                                  current=self.window.session.selection.doc_id,
                                  corpus_format=corpus.events[0].format if corpus and corpus.events else None)
