"""The mapping table's argument sub-rows: what their cells show, and the box that shows or hides them.

`ArgumentRows` is what this feature registers with the mapping table (its `SubRows` extension point,
`MappingTable.show_sub_rows`); the chooser goes into the table's filter row (`MappingTable.add_filter`).
The rows themselves come from `evmeval_gui.conventions.state` (verdicts from the library); here is
only how they look: indented under their trigger (`↳ words` in the id column of their side, the
role in its type column) with the verdict in the outcome column, tinted as the mention
outcome of the same meaning.
"""

from __future__ import annotations

from collections.abc import Sequence

from evmeval.mention.outcomes import MappingRow
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QComboBox

from evmeval_gui import colours
from evmeval_gui.conventions.state import VERDICT_STYLE, ArgumentLine, ArgumentSource
from evmeval_gui.views.mapping_columns import G_ID, G_TEXT, G_TYPE, OUTCOME, S_ID, S_TEXT, S_TYPE

_MUTED = QColor(colours.MUTED_TEXT)
HIDDEN, ALL, ERRORS = "hidden", "all", "errors"


def argument_text(line: ArgumentLine, column: int) -> str:
    """A sub-row's cell: on its side, its words (id and text columns, as the id column stays when a
    narrow table hides the text) and its role (type column); its verdict in the outcome column."""
    gold = line.is_gold
    if column == (G_ID if gold else S_ID):
        return f"↳ {line.argument.item.text}"
    if column == (G_TEXT if gold else S_TEXT):
        return line.argument.item.text
    if column == (G_TYPE if gold else S_TYPE):
        return line.argument.item.role
    if column == OUTCOME:
        return line.label
    return ""


def argument_tooltip(line: ArgumentLine, column: int) -> str | None:
    item = line.argument.item
    side = "Gold" if line.is_gold else "System"
    why = (f"\nWhy: {line.argument.why}" if line.argument.why else "") + (
        f"\nDetails: {line.argument.detail}" if line.argument.detail else "")
    if column == OUTCOME:
        return f"Under {line.convention}: {line.verdict}{why}"
    if argument_text(line, column):
        return (f"{side} argument {item.role} “{item.text}” of {line.mention_id} ({item.event_type}): "
                f"{line.verdict} under {line.convention}{why}")
    return None


def argument_look(line: ArgumentLine, column: int, role: int, italic: QFont) -> object:
    """Tint, font and colour of a sub-row's cells (None: the default)."""
    if column == OUTCOME and line.verdict in VERDICT_STYLE:
        outcome = VERDICT_STYLE[line.verdict]
        if role == Qt.ItemDataRole.BackgroundRole:
            return colours.style(outcome).qtint
        if role == Qt.ItemDataRole.DecorationRole:
            return colours.swatch_icon(outcome)
    if role == Qt.ItemDataRole.FontRole:
        return italic
    if role == Qt.ItemDataRole.ForegroundRole and column != OUTCOME:
        return _MUTED
    return None


class ArgumentRows:
    """One convention's arguments as the mapping table's sub-rows (`views.sub_rows.SubRows`)."""

    def __init__(self, source: ArgumentSource) -> None:
        self.source = source

    def lines(self, doc_id: str, row: MappingRow) -> Sequence[ArgumentLine]:
        return self.source.lines(doc_id, row)

    def text(self, line: ArgumentLine, column: int) -> str:
        return argument_text(line, column)

    def tooltip(self, line: ArgumentLine, column: int) -> str | None:
        return argument_tooltip(line, column)

    def look(self, line: ArgumentLine, column: int, role: int, italic: QFont) -> object:
        return argument_look(line, column, role, italic)


class ArgumentChooser(QComboBox):
    """Arguments as sub-rows: hidden, or all / only the errors under a convention that scores them."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("argumentFilter")
        self.setToolTip("Show each trigger's arguments as rows under it, with the outcome the chosen "
                        "convention's scorer gave them (matched, wrong role, missed, spurious)")
        self.set_conventions([])

    def set_conventions(self, names: list[str]) -> None:
        """Offer these conventions (none: the box is hidden); keeps the choice when still offered."""
        current = self.currentData()
        self.blockSignals(True)
        self.clear()
        self.addItem("No arguments", (HIDDEN, ""))
        for name in names:
            self.addItem(f"Arguments · {name}", (ALL, name))
            self.addItem(f"Argument errors · {name}", (ERRORS, name))
        found = self.findData(current) if current is not None else -1
        self.setCurrentIndex(max(found, 0))
        self.blockSignals(False)
        self.setVisible(bool(names))
