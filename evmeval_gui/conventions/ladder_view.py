"""The soft-match ladder of string predictions in the Conventions dock: per step, how many predictions it
credited on each row, and under it the items it promoted; a click shows the prediction on the text.

The library climbed the ladder while the corpus loaded (`EventCorpus.ladder`); this tree only shows it.
"""

from __future__ import annotations

from collections.abc import Callable

from evmeval.conventions.items import ROWS
from evmeval.conventions.ladder import STEPS, Ladder, Promotion
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

PROMOTION_ROLE = Qt.ItemDataRole.UserRole + 2
_SHORT = {"trigger_id": "Tri-I", "trigger_cls": "Tri-C", "argument_id": "Arg-I", "argument_cls": "Arg-C"}
SHOWN_ROWS = ("trigger_cls", "argument_cls")
"""The rows the tree lists items for (the identification rows promote the same items; their counts are in
the step's tooltip and in evmeval-score --ladder)."""


def promotion_text(p: Promotion) -> str:
    gold = f" → “{p.gold.text}” {p.gold.span_text}" if p.gold is not None else " (judged)"
    return f"“{p.pred.text}” {p.pred.label} {p.pred.span_text}{gold}"


class LadderTree(QTreeWidget):
    """Steps as top-level items ("normalised: Tri-C 1, Arg-C 1"), promoted items under them."""

    def __init__(self, chosen: Callable[[Promotion], None]) -> None:
        super().__init__()
        self.setObjectName("ladderTree")
        self.setHeaderLabels(["Soft-match ladder (strings)"])
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self._chosen = chosen
        self.itemClicked.connect(self._clicked)
        self.itemActivated.connect(self._clicked)

    def set_ladder(self, ladder: Ladder | None) -> None:
        """Show `ladder` (None: empty, the corpus is not string predictions; the dock hides its tab)."""
        self.clear()
        if ladder is None:
            return
        for step, rule in STEPS.items():
            counts = ", ".join(f"{_SHORT[row]} {ladder.count(step, row)}" for row in SHOWN_ROWS)
            top = QTreeWidgetItem([f"{step}: {counts}"])
            top.setToolTip(0, f"{rule}. " + ", ".join(f"{_SHORT[r]} {ladder.count(step, r)}" for r in ROWS))
            self.addTopLevelItem(top)
            if step == "exact":
                continue  # the exact matches are the mapping table's
            for p in ladder.promotions:
                if p.step == step and p.row in SHOWN_ROWS:
                    unit = "" if p.pred.unit == p.pred.doc_id else f" / {p.pred.unit}"
                    item = QTreeWidgetItem([f"{promotion_text(p)} · {_SHORT[p.row]}"])
                    item.setToolTip(0, f"{p.pred.doc_id}{unit}: {promotion_text(p)}, {p.row}: {rule}")
                    item.setData(0, PROMOTION_ROLE, p)
                    top.addChild(item)
            top.setExpanded(True)
        total = QTreeWidgetItem([f"= TP: {', '.join(f'{_SHORT[r]} {ladder.tp(r)}' for r in SHOWN_ROWS)}"])
        self.addTopLevelItem(total)

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        promotion = item.data(0, PROMOTION_ROLE)
        if isinstance(promotion, Promotion):
            self._chosen(promotion)
