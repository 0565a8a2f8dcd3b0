"""The charts panel's tab bar: eight charts' tabs in a dock a third of the window wide.

With their whole names ("Realis confusion", "Coreference", …) the tabs needed 738 pixels: at 1600 pixels the dock
has 472, and the bar scrolled past *Documents*. Each tab now shows a short name (`TAB_WORDS`), its whole name and
what it draws on hover, with less padding than the style's; all eight fit from 1600 pixels on. Narrower, a button
at the bar's end lists every chart by its whole name, so none is more than two clicks away without the arrows.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QTabWidget, QToolButton, QWidget

from evmeval_gui.qt_environment import keep_tab_text_whole

TAB_WORDS: dict[str, tuple[str, str]] = {
    "Scores": ("Scores", "precision, recall and F1 of each attribute combination"),
    "Per type": ("Per type", "F1 of each event type"),
    "Type confusion": ("Types", "which system type each gold type was mapped to"),
    "Realis confusion": ("Realis", "which system realis each gold realis was mapped to"),
    "Documents": ("Docs", "every document's precision against its recall"),
    "Schemes": ("Schemes", "Dice, MUC and GATE alignment figures"),
    "Coreference": ("Coref", "coreference scores and the documents' coreference against mention F1"),
    "Sequencing": ("Links", "event sequencing: the After and Subevent links' scores under both closures"),
}
"""A chart tab's whole name -> (the short name on the tab, what its tooltip adds). A name not here is shown whole."""
TAB_PADDING = 16
"""Pixels around a tab's text (Fusion gives 24): eight tabs' worth is what let the last one in at 1600 pixels."""


def add_chart_tab(tabs: QTabWidget, page: QWidget, whole: str) -> int:
    """Add `page` under the short name of `whole` (`TAB_WORDS`), its whole name and purpose in the tooltip."""
    short, what = TAB_WORDS.get(whole, (whole, ""))
    index = tabs.addTab(page, short)
    tabs.tabBar().setTabData(index, whole)
    tabs.setTabToolTip(index, f"{whole}: {what}" if what else whole)
    return index


def tab_named(tabs: QTabWidget, whole: str) -> int:
    """The index of the tab whose whole name is `whole` (-1: none)."""
    bar = tabs.tabBar()
    return next((i for i in range(bar.count()) if bar.tabData(i) == whole), -1)


class ChartTabs(QTabWidget):
    """The charts' tabs; while they need more than the widget's width, the every-chart button at the bar's end."""

    def __init__(self) -> None:
        super().__init__()
        keep_tab_text_whole(self.tabBar(), TAB_PADDING)
        self.every_chart = QToolButton()
        self.every_chart.setObjectName("everyChartButton")
        self.every_chart.setArrowType(Qt.ArrowType.DownArrow)
        self.every_chart.setAutoRaise(True)
        self.every_chart.setToolTip("Every chart by name (the tabs do not all fit this width)")
        self.every_chart.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.every_chart.setMenu(QMenu(self.every_chart))
        self.every_chart.menu().aboutToShow.connect(self._fill_menu)
        self.setCornerWidget(self.every_chart, Qt.Corner.TopRightCorner)
        self.every_chart.hide()

    def _fill_menu(self) -> None:
        """The tabs' whole names, the current one checked (made as the menu opens: the tabs a feature added since
        are in it)."""
        menu = self.every_chart.menu()
        menu.clear()  # deletes the last opening's actions
        for index in range(self.count()):
            action = QAction(str(self.tabBar().tabData(index) or self.tabText(index)), menu)
            action.setCheckable(True)
            action.setChecked(index == self.currentIndex())
            action.triggered.connect(lambda _checked=False, i=index: self.setCurrentIndex(i))
            menu.addAction(action)

    def _fit(self) -> None:
        bar = self.tabBar()
        needs = sum(bar.tabSizeHint(i).width() for i in range(bar.count())) > self.width()
        if needs == self.every_chart.isHidden():
            self.every_chart.setVisible(needs)

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().resizeEvent(event)
        self._fit()

    def tabInserted(self, index: int) -> None:
        super().tabInserted(index)
        self._fit()
