"""The toolbar's mapping selector: greedy (published), optimal or text-order mapping.

Choosing a strategy asks the session to rescore in the background (`Session.set_mapping`); the combo
follows the session, so a cancelled rescoring puts it back. Labels and tooltips are the core's
(`evmeval.align.strategies`).
"""

from __future__ import annotations

from evmeval.align.strategies import STRATEGY_DESCRIPTIONS, STRATEGY_LABELS, STRATEGY_NAMES
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QWidget

from evmeval_gui.model.session import Session


class MappingSelector(QComboBox):
    """One item per strategy (data: its name), each with its description as tooltip."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("mappingCombo")
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for name in STRATEGY_NAMES:
            self.addItem(STRATEGY_LABELS[name], name)
            self.setItemData(self.count() - 1, STRATEGY_DESCRIPTIONS[name], Qt.ItemDataRole.ToolTipRole)
        self.activated.connect(lambda index: session.set_mapping(self.itemData(index)))
        session.mapping_changed.connect(self._follow)
        self._follow(session.mapping)

    def _follow(self, name: str) -> None:
        self.setCurrentIndex(STRATEGY_NAMES.index(name))
        self.setToolTip(f"How system mentions are paired with gold mentions: {STRATEGY_DESCRIPTIONS[name]}. "
                        "Greedy is the published scorer's mapping; the others are not official scores.")
