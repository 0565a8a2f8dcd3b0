"""View > Charts: a dock that builds the charts panel the first time it is shown and keeps it fed.

The panel is anything with the `ChartsView` shape (the real `evmeval_gui.charts.panel.ChartsPanel`,
or a stand-in in tests); it is imported only when first shown: pyqtgraph alone takes half a second to
import, which the first document should not wait for, and a click should not either: the panel is built once
the window's warm-up job has imported it (`ready`), the dock saying "Preparing the charts…" meanwhile.
What changed in the session while the dock was hidden is given to the panel when it is shown again. A chart
click becomes the session's filter. Edits reach the charts too, `EDIT_SETTLE_MS` after the last one (the live
figures, not the saved files').
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

from evmeval.mention.scoring import ScoreResult
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QMainWindow, QScrollArea, QStyle, QToolButton, QWidget

from evmeval_gui.dock_front import FrontToggle
from evmeval_gui.jobs import JobRunner
from evmeval_gui.model.filters import ChartFilter, RowPredicate
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session

EDIT_SETTLE_MS = 300
"""How long after the last edit the charts are redrawn with the edited figures."""


class ChartsView(Protocol):
    """What the dock needs of a charts panel (a QWidget)."""

    filter_requested: Any
    """Signal(label: str, doc_ids: set[str] | None, row_predicate: RowPredicate | None)."""

    def set_result(self, result: ScoreResult | None) -> None: ...

    def set_document(self, doc_id: str | None) -> None: ...

    def set_combination(self, name: str) -> None: ...


Ready = Callable[[Callable[[], None]], None]
"""Calls its argument once the charts' library is imported."""
ChartsFactory = Callable[[JobRunner], ChartsView]
"""Builds the panel; it may run its computations on the given runner (under its own job key)."""


def default_charts_factory(runner: JobRunner) -> ChartsView:
    """The real charts panel, computing large confusion matrices on the window's runner."""
    from evmeval_gui.export import charts_panel

    return charts_panel(runner)


def default_width(window_width: int) -> int:
    """The dock's first width: about 30 % of the window, between 320 and 560 pixels."""
    return min(560, max(320, int(window_width * 0.3)))


class ChartsDock(QDockWidget):
    """The Charts dock of `window`; `panel` is None until first shown (or when charts are unavailable)."""

    def __init__(self, window: QMainWindow, session: Session, runner: JobRunner,
                 factory: ChartsFactory | None, *, ready: Ready | None = None) -> None:
        """`ready(then)`: calls `then` once the charts' library is imported (`ChartsWarmUp.when_ready`: by a
        background job, never by the GUI thread on a click); None: at once."""
        super().__init__("Charts", window)
        self.setObjectName("chartsDock")
        self.setAllowedAreas(Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.BottomDockWidgetArea)
        self.main_window = window
        """The window the dock sits in (it sizes the dock), given rather than looked up."""
        self.session = session
        self.runner = runner
        self.factory = factory
        self.panel: ChartsView | None = None
        self.ready: Ready = ready or (lambda then: then())
        self._then: list[Callable[[ChartsView], None]] = []
        """Waiting for the panel (built once the charts' library is imported)."""
        self._asked = False
        self._pending: set[str] = set()
        self._doc: str | None = None
        self.extensions: list[Callable[[ChartsView], None]] = []
        """Called with the panel once it is built (e.g. the Coreference tab adds itself)."""
        self._hidden_by_page = False
        """Hidden because the page shown has no use for charts (the agreement matrix): shown again after."""
        self._toggle: FrontToggle | None = None
        """`toggle_action`, made when first asked."""
        placeholder = QLabel("Charts are not available in this installation." if factory is None
                             else "Open a corpus to see its charts.")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        placeholder.setWordWrap(True)
        self.setWidget(placeholder)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.hide()
        self.visibilityChanged.connect(self._on_visibility)
        session.scoring_finished.connect(self._on_result)
        # an edit's figures reach the charts once the user pauses: redrawing every chart on each key
        # press would cost more than the edit itself (the summary bar and tables show it at once)
        self._edited = QTimer(self)
        self._edited.setSingleShot(True)
        self._edited.setInterval(EDIT_SETTLE_MS)
        self._edited.timeout.connect(self._on_result)
        session.result_edited.connect(lambda _ids: self._edited.start())
        session.combination_changed.connect(self._on_combination)
        session.selection_changed.connect(self._on_selection)

    def toggle_action(self) -> FrontToggle:
        """View › Charts (Ctrl+Shift+C): checked while the charts are in front. It brings them in front, or hides
        them when they are: Qt's own toggle closed the charts when they were a tab behind the Conventions."""
        if self._toggle is None:
            toggle = FrontToggle("&Charts", self, bring=self.open)
            toggle.setShortcut(QKeySequence("Ctrl+Shift+C"))
            toggle.setStatusTip("Show or hide the charts (score bars, per-type scores, confusions, documents)")
            self._toggle = toggle
        return self._toggle

    def open(self, then: Callable[[ChartsView], None] | None = None) -> None:
        """Show the dock in front (View › Show in charts); `then(panel)` once its panel is built."""
        self.show()
        self.raise_()
        self.when_built(then)

    def when_built(self, then: Callable[[ChartsView], None] | None = None) -> None:
        """Build the panel once the charts' library is imported (the dock says so meanwhile), then `then(panel)`;
        at once when it is built."""
        if self.panel is not None:
            if then is not None:
                then(self.panel)
            return
        if self.factory is None:
            return
        if then is not None:
            self._then.append(then)
        if self._asked:
            return
        self._asked = True
        waiting = QLabel("Preparing the charts…")
        waiting.setObjectName("chartsPreparing")
        waiting.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWidget(waiting)
        self.ready(self._build)

    def _build(self) -> None:
        self._asked = False
        panel = self.ensure_panel()
        waiting, self._then = self._then, []
        if panel is None:
            return
        for then in waiting:
            then(panel)
        QTimer.singleShot(0, self, self._feed)

    def ensure_panel(self) -> ChartsView | None:
        """Build the panel now (if it can be built); returns it."""
        if self.panel is not None or self.factory is None:
            return self.panel
        try:
            panel = self.factory(self.runner)
        except ImportError as exc:
            self.factory = None
            self.setWidget(QLabel(f"Charts are not available ({exc})."))
            return None
        self.panel = panel
        panel.filter_requested.connect(self._apply_filter)
        add_control = getattr(panel, "add_control", None)
        if add_control is not None:
            add_control(self._float_button())
        for extend in self.extensions:
            extend(panel)
        # A scroll area lets the dock be narrower than the panel's widest row without the window growing.
        scroller = QScrollArea()
        scroller.setObjectName("chartsScroller")
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        # never sideways: the charts fit the dock's width (each chart scales; the controls give way)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setWidget(cast(QWidget, panel))
        self.setWidget(scroller)
        window = self.main_window  # a share that leaves the tables their columns
        window.resizeDocks([self], [default_width(window.width())], Qt.Orientation.Horizontal)
        self._pending = {"combination", "result", "document"}
        return panel

    def _float_button(self) -> QToolButton:
        """One click puts the charts in a window of their own (and back): the title bar's small float
        button is easy to miss, and a chart gets the room a dock beside the tables cannot give."""
        button = QToolButton()
        button.setObjectName("chartsFloatButton")
        button.setAutoRaise(True)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)

        button.setIcon(button.style().standardIcon(QStyle.StandardPixmap.SP_TitleBarNormalButton))

        def label(floating: bool) -> None:
            button.setText("Dock" if floating else "Own window")  # the icon alone is shown: the dock is narrow
            button.setToolTip("Put the charts back beside the tables" if floating
                              else "Show the charts in a window of their own, which you can make as large as you like")

        def toggle() -> None:
            floating = not self.isFloating()
            self.setFloating(floating)
            if floating:  # as large as the window's right half, so every chart has its full drawing
                window = self.main_window
                self.resize(max(self.width(), window.width() // 2), max(self.height(), window.height() * 3 // 4))

        label(self.isFloating())
        button.clicked.connect(toggle)
        self.topLevelChanged.connect(label)
        return button

    def set_applicable(self, applicable: bool) -> None:
        """Hide the dock on a page charts say nothing about (and show it again when leaving that page)."""
        if not applicable and self.isVisible():
            self._hidden_by_page = True
            self.hide()
        elif applicable and self._hidden_by_page:
            self._hidden_by_page = False
            self.show()

    def _apply_filter(self, label: str, doc_ids: object, row_predicate: RowPredicate | None) -> None:
        docs = frozenset(cast("set[str]", doc_ids)) if doc_ids is not None else None
        self.session.set_filter(ChartFilter(label, docs, row_predicate))

    # -- following the session --------------------------------------------------------------------

    def _on_visibility(self, visible: bool) -> None:
        if visible:
            self.when_built()
            QTimer.singleShot(0, self, self._feed)

    def _changed(self, what: str) -> None:
        self._pending.add(what)
        if self.panel is not None and self.isVisible():
            QTimer.singleShot(0, self, self._feed)

    def _on_result(self) -> None:
        self._edited.stop()  # a result arrived: it holds any edit made before it
        self._changed("result")

    def _on_combination(self, _name: str) -> None:
        self._changed("combination")

    def _on_selection(self, selection: Selection) -> None:
        if self._doc != selection.doc_id:
            self._doc = selection.doc_id
            self._changed("document")

    def _feed(self) -> None:
        """Give the panel what changed since it last saw the session (only while it is shown)."""
        panel = self.panel
        if panel is None or not self._pending or not self.isVisible():
            return
        pending, self._pending = self._pending, set()
        s = self.session
        if "combination" in pending:
            panel.set_combination(s.combination)
        if "result" in pending:
            panel.set_result(s.result)
        if "document" in pending or "result" in pending:
            panel.set_document(s.selection.doc_id)
