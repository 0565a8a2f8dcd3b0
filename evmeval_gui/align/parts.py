"""The window's mapping-strategy parts, installed by one call: the summary line, the text overlay,
the Mapping differences dock and its View menu entry (the toolbar's selector is `mapping_selector`).

Kept out of `main_window` so the window only gains a hook; every part follows the one
`AlignmentFigures` (background figures, the focused difference) and the session.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from evmeval_gui.align.differences import MappingDifferencesDock
from evmeval_gui.align.links import MappingLinksOverlay
from evmeval_gui.align.state import AlignmentFigures
from evmeval_gui.align.summary import AlignmentSummaryLine
from evmeval_gui.views.summary_bar import SummaryBar
from evmeval_gui.views.text_view import TextView


class AlignmentParts:
    """Builds and connects the parts; `figures`, `summary_line`, `overlay`, `dock`, `action` for tests."""

    def __init__(self, window: QMainWindow, figures: AlignmentFigures, *, summary: SummaryBar, text_view: TextView,
                 view_menu: QMenu, before: QAction | None = None) -> None:
        self.figures = figures
        self.summary_line = AlignmentSummaryLine(figures)
        summary.add_line(self.summary_line)
        self.overlay = MappingLinksOverlay(figures)
        text_view.overlays.append(self.overlay)
        figures.focus_changed.connect(lambda _change: text_view.viewport().update())
        self.dock = MappingDifferencesDock(window, figures)
        action = self.dock.toggleViewAction()
        action.setText("Mapping &differences")
        action.setShortcut(QKeySequence("Ctrl+Shift+D"))
        action.setStatusTip("Show the F1 under each mapping strategy and the pairs where optimal or ordered "
                            "differ from greedy")
        window.addAction(action)
        view_menu.insertAction(before, action) if before is not None else view_menu.addAction(action)
        self.action = action
