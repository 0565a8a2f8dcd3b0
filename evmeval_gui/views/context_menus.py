"""Right-click menus of the document list, the mapping table and the text view: one set of commands.

Copy, filter to this type, go to partner, show in charts. The commands go through the session (the
selection, `type_filter_requested`, `charts_requested`), so a view never talks to another view.
"""

from __future__ import annotations

from collections.abc import Callable

from evmeval.mention.outcomes import MappingRow
from PySide6.QtCore import QPoint
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

from evmeval_gui.model.partners import partner_row
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session


def copy_text(text: str) -> None:
    QGuiApplication.clipboard().setText(text)


def row_menu(parent: QWidget, session: Session, doc_id: str, row: MappingRow, *, copy: Callable[[], None],
             copy_label: str = "&Copy") -> QMenu:
    """The menu for one mapping-table row (or a mention of it, in the text view)."""
    menu = QMenu(parent)
    menu.setObjectName("rowMenu")
    menu.addAction(copy_label, copy)
    mention = row.gold if row.gold is not None else row.system
    if mention is not None:
        name = session.type_name(mention.mention_type)
        menu.addAction(f"&Filter to type {name}", lambda: session.type_filter_requested.emit(mention.mention_type))
        menu.addAction(f"Show type {name} in c&harts", lambda: session.charts_requested.emit("type",
                                                                                             mention.mention_type))
    partner = partner_row(session.rows(doc_id), row)
    go = menu.addAction("&Go to partner", lambda: session.select(Selection.of_rows(doc_id, [partner]))
                        if partner is not None else None)
    go.setEnabled(partner is not None)
    if partner is None:
        go.setToolTip("No mention of the other side overlaps it")
    return menu


def document_menu(parent: QWidget, session: Session, doc_id: str, *, copy: Callable[[], None]) -> QMenu:
    """The menu for one document of the list."""
    menu = QMenu(parent)
    menu.setObjectName("documentMenu")
    menu.addAction("&Copy", copy)

    def show_in_charts() -> None:
        session.select_document(doc_id)
        session.charts_requested.emit("document", doc_id)

    menu.addAction("Show in c&harts", show_in_charts)
    return menu


def popup(menu: QMenu, widget: QWidget, pos: QPoint) -> None:
    """Show a context menu at a widget position (non-blocking, so tests can drive it)."""
    menu.popup(widget.mapToGlobal(pos))
