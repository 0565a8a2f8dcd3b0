"""The Conventions dock's pathologies: per convention, where its counting departs from a one-to-one,
complete count (a prediction matched to gold another one matched, gold the model never saw, strings dropped
as ungroundable), so its figure is not read as comparable when it is not.

The library found them while scoring (`ConventionResult.pathologies`); this tree only shows them (in the
dock's Pathologies tab, whose tooltip says to click one). Clicking one shows what it means in full below the
tree, a label shown only then; docs/scoring/pathologies.md works an example of each.
"""

from __future__ import annotations

from collections.abc import Sequence

from evmeval.conventions.base import ConventionResult, Pathology
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

PATHOLOGY_ROLE = Qt.ItemDataRole.UserRole + 3
NONE_FOUND = "none: one to one, nothing dropped"
"""What a convention without pathologies says (its figure counts each item once and sees every one)."""


class PathologiesView(QWidget):
    """A tree (convention, then its pathologies) and the chosen one's full text."""

    def __init__(self) -> None:
        super().__init__()
        self.tree = QTreeWidget()
        self.tree.setObjectName("pathologiesTree")
        self.tree.setHeaderLabels(["Pathologies: where a figure is not one to one"])
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setIndentation(12)
        self.tree.setMinimumHeight(6 * (self.fontMetrics().lineSpacing() + 2))  # a header and four rows, whole
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        self.detail = QLabel()
        self.detail.setObjectName("pathologyDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.detail)
        self.detail.hide()  # no empty band under the tree before a click

    def set_results(self, results: Sequence[ConventionResult]) -> None:
        """Show each result's pathologies (none: the view is emptied)."""
        self.tree.clear()
        self.detail.clear()
        self.detail.hide()
        for result in results:
            top = QTreeWidgetItem([f"{result.name}: {len(result.pathologies)}" if result.pathologies
                                   else f"{result.name}: {NONE_FOUND}"])
            self.tree.addTopLevelItem(top)
            for found in result.pathologies:
                item = QTreeWidgetItem([f"{found.count} × {found.kind}" + (f" ({found.metric})" if found.metric
                                                                            else "")])
                item.setToolTip(0, found.detail)
                item.setData(0, PATHOLOGY_ROLE, found)
                top.addChild(item)
            top.setExpanded(True)

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        found = item.data(0, PATHOLOGY_ROLE)
        if isinstance(found, Pathology):
            self.detail.setText(found.text())
            self.detail.setToolTip(found.text())
            self.detail.show()
