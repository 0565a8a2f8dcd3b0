"""The Curate view's work bar: a curation as work of days and of several people.

Mark the document under review curated (Ctrl+D; the list's Document column then reads `✓ doc`), how many
documents remain, revert the decision of the item under review whenever it was made (Backspace, and the list's
context menu: undo across sessions), where the decisions are saved (elided in the middle, whole on hover, copied
by a click), and
export or import the curation as one file (`evmeval.agreement.curation_save`, `curation/1`).
Every change goes through `CurationState`; the file work is the mode's (`export_requested`, `import_requested`).
"""

from __future__ import annotations

from collections.abc import Callable

from evmeval.agreement.curation import Disagreement
from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QPainter, QPaintEvent
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QMenu, QPushButton, QSizePolicy, QTableView, QWidget

from evmeval_gui.curation.list_model import DisagreementModel
from evmeval_gui.curation.state import CurationState
from evmeval_gui.views.context_menus import popup

DONE_MARK = "✓"
REVERT_KEY = "Backspace"
MARK_KEY = "Ctrl+D"


class ElidedLabel(QLabel):
    """One line elided in the middle where it does not fit (a path keeps its file name); `text()` stays whole."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideMiddle, self.contentsRect().width())
        painter.drawText(self.contentsRect(), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), shown)


class WorkBar(QWidget):
    """The row under the Curate view's list and item; `guard` says whether a decision may be made now."""

    export_requested = Signal()
    import_requested = Signal()

    def __init__(self, keys_on: QWidget, view: QTableView, guard: Callable[[], bool]) -> None:
        """`keys_on`: the page whose keys (Backspace, Ctrl+D) act; `view`: the list whose context menu offers
        the same."""
        super().__init__()
        self.setObjectName("curationWorkBar")
        self.state: CurationState | None = None
        self.guard = guard
        self.view = view
        self.menu: QMenu | None = None
        self._done: tuple[str, ...] = ()
        self.mark_button = QPushButton("Mark document curated")
        self.mark_button.setObjectName("markCuratedButton")
        self.mark_button.setCheckable(True)
        self.mark_button.setToolTip(f"Mark the document under review curated, or not ({MARK_KEY})")
        self.mark_button.clicked.connect(lambda _=False: self.toggle_document())
        self.documents = QLabel()
        self.documents.setObjectName("documentsLeft")
        self.revert_button = QPushButton("Revert decision")
        self.revert_button.setObjectName("revertDecisionButton")
        self.revert_button.setToolTip("Open the item under review again with the policy's version, whenever it was "
                                      f"decided (an earlier session's too) ({REVERT_KEY})")
        self.revert_button.clicked.connect(lambda _=False: self.revert())
        self.autosave = ElidedLabel()
        self.autosave.setObjectName("autosavePath")
        self.autosave.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.autosave.setMinimumWidth(80)
        self.path = ""
        self.copy_button = QPushButton("Copy path")
        self.copy_button.setObjectName("copyAutosaveButton")
        self.copy_button.setToolTip("Copy where the decisions are saved")
        self.copy_button.clicked.connect(self.copy_path)
        export = QPushButton("Export curation…")
        export.setObjectName("exportCurationButton")
        export.setToolTip("Write the decisions and the documents marked curated to one file (for a colleague, or "
                          "to keep with the corpus)")
        export.clicked.connect(self.export_requested.emit)
        load = QPushButton("Import curation…")
        load.setObjectName("importCurationButton")
        load.setToolTip("Go on from a curation exported for these annotation sets (Ctrl+Z brings this one back)")
        load.clicked.connect(self.import_requested.emit)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.mark_button, self.documents, self.revert_button):
            row.addWidget(widget)
        row.addSpacing(12)
        row.addWidget(self.autosave, 1)
        for widget in (self.copy_button, export, load):
            row.addWidget(widget)
        for shortcut, slot in ((REVERT_KEY, self.revert), (MARK_KEY, self.toggle_document)):
            action = QAction(keys_on)
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, do=slot: do())
            keys_on.addAction(action)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._context_menu)

    def set_state(self, state: CurationState) -> None:
        self.state = state
        self._done = state.done
        self.refresh()

    def set_path(self, path: str) -> None:
        """Where the decisions are saved ("" when they are not)."""
        self.path = path
        self.autosave.setText(f"Saved in {path}" if path else "Decisions are not saved on disk")
        self.autosave.setToolTip(path)
        self.copy_button.setEnabled(bool(path))

    def refresh(self) -> None:
        state = self.state
        if state is None:
            return
        if state.done != self._done:  # the list's ✓ follows the marks
            self._done = state.done
            model = self.view.model()
            if isinstance(model, DisagreementModel):
                model.documents_changed()
        left, total = state.documents_left()
        self.documents.setText(f"<b>{left} of {total}</b> documents remain")
        current = state.current
        self.mark_button.setEnabled(current is not None)
        self.mark_button.setChecked(current is not None and state.is_done(current.doc_id))
        done = current is not None and state.is_done(current.doc_id)  # the id is in the item's line above
        self.mark_button.setText(f"{DONE_MARK} Document curated" if done else "Mark document curated")
        self.revert_button.setEnabled(current is not None and bool(state.decision(current)))

    # -- doing ----------------------------------------------------------------------------------------------

    def toggle_document(self) -> bool:
        """The document under review curated, or no longer (`guard` first)."""
        state = self.state
        if state is None or state.current is None or not self.guard():
            self.refresh()
            return False
        doc_id = state.current.doc_id
        return state.mark_document(doc_id, not state.is_done(doc_id))

    def revert(self, disagreement: Disagreement | None = None) -> bool:
        state = self.state
        if state is None or not self.guard():
            return False
        item = disagreement or state.current
        return item is not None and state.revert(item)

    def copy_path(self) -> None:
        if self.path:
            QApplication.clipboard().setText(self.path)

    def _context_menu(self, pos: QPoint) -> None:
        state = self.state
        index = self.view.indexAt(pos)
        model = self.view.model()
        if state is None or not index.isValid() or not isinstance(model, DisagreementModel):
            return
        item = model.rows[index.row()]
        if state.current is None or state.current.key != item.key:
            state.show(item)
        if self.menu is not None:
            self.menu.deleteLater()
        menu = QMenu(self.view)  # the keys are named, not bound here: the page's own actions hold them
        revert = menu.addAction(f"Revert this decision ({state.decision(item) or 'open'})\t{REVERT_KEY}")
        revert.setEnabled(bool(state.decision(item)))
        revert.triggered.connect(lambda _=False: self.revert(item))
        done = state.is_done(item.doc_id)
        mark = menu.addAction(f"Mark {item.doc_id} {'not curated' if done else 'curated'}\t{MARK_KEY}")
        mark.triggered.connect(lambda _=False: self.toggle_document())
        self.menu = menu
        popup(menu, self.view.viewport(), pos)
