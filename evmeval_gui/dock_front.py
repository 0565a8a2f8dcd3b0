"""A dock's own toggle that knows "in front" (View › Charts, View › Threshold, and the docks' right-click menu).

Qt's `QDockWidget.toggleViewAction()` is checked while the dock is not hidden, so for a dock that is a tab
behind another it reads checked and a click CLOSES it. This one is checked while the dock is in front (Qt's
`visibilityChanged`: shown, and the current tab when it is one); a click brings it in front, or hides it when
it already is. The window offers these actions, never Qt's toggles, in its menus (`window.dock_menu`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget


class FrontToggle(QAction):
    """The toggle of `dock`; `bring()` puts it in front (default: shown and raised)."""

    def __init__(self, text: str, dock: QDockWidget, bring: Callable[[], None] | None = None) -> None:
        super().__init__(text, dock)
        self.setCheckable(True)
        self.front = False
        """In front of the user (`visibilityChanged`)."""
        self._dock = dock
        self._bring = bring or self._show
        dock.visibilityChanged.connect(self._front_changed)
        self.triggered.connect(lambda _checked: self._toggled())

    def _front_changed(self, front: bool) -> None:
        self.front = front
        self.setChecked(front)

    def _toggled(self) -> None:
        if self.front:
            self._dock.hide()
        else:
            self._bring()
        self.setChecked(self.front)

    def _show(self) -> None:
        self._dock.show()
        self._dock.raise_()
