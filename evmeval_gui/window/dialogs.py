"""The window's non-blocking dialogs and the commands that start with one: Open, Compare annotators,
New document, Curate annotators (which compares first when nothing is compared), choosing a folder, and
the box that reports a bad input.

A part of the window: it is given what accepting a dialog does (open a corpus or an agreement study,
start a new document or a curation) and keeps the open dialog (`open_dialog`, `compare_dialog`,
`new_document_dialog`) so that tests and the window can reach it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from evmeval.io.errors import Problem
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from evmeval_gui.agreement.state import AgreementRequest
from evmeval_gui.dialogs import OpenCorpusDialog, show_load_error
from evmeval_gui.editing.new_document import NewDocumentDialog
from evmeval_gui.model.corpus import OpenRequest

if TYPE_CHECKING:
    from evmeval_gui.agreement.mode import AgreementMode
    from evmeval_gui.curation.mode import CurateMode
    from evmeval_gui.editing.controller import EditController
    from evmeval_gui.window.warm_up import LazyMode


class WindowDialogs:
    """The dialogs of one window (see the module docstring)."""

    def __init__(self, parent: QWidget, *, open_request: Callable[[OpenRequest], None],
                 open_agreement: Callable[[AgreementRequest], None], agreement: LazyMode[AgreementMode],
                 curation: LazyMode[CurateMode],
                 editing: EditController, retitle: Callable[[], None]) -> None:
        self.parent = parent
        self.open_request = open_request
        self.open_agreement = open_agreement
        self.agreement = agreement
        """The Agreement mode, built (and its module imported off the GUI thread) when a study is first opened."""
        self.curation = curation
        """The Curate mode, built (and its module imported off the GUI thread) when a curation starts."""
        self.editing = editing
        self.retitle = retitle
        self.open_dialog: OpenCorpusDialog | None = None
        self.compare_dialog: QWidget | None = None
        self.new_document_dialog: NewDocumentDialog | None = None
        self.error_box: QMessageBox | None = None

    def show_problem(self, problem: Problem) -> None:
        """A bad input, in a non-blocking box (the window's default notifier); one box at a time."""
        if self.error_box is not None:
            self.error_box.close()
        self.error_box = show_load_error(self.parent, problem)
        self.error_box.destroyed.connect(self._forget_error_box)

    def _forget_error_box(self, *args: object) -> None:
        self.error_box = None

    def open_corpus(self, initial: OpenRequest | None, recent: list[OpenRequest]) -> OpenCorpusDialog:
        """File › Open; accepting it opens the corpus."""
        dialog = OpenCorpusDialog(self.parent, initial=initial, recent=recent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.open_request(dialog.request()))
        self.open_dialog = dialog
        dialog.open()
        return dialog

    def compare_annotators(self) -> QWidget:
        """File › Compare annotators…; accepting it starts the comparison."""
        from evmeval_gui.agreement.dialog import CompareAnnotatorsDialog

        shown = self.agreement.built
        dialog = CompareAnnotatorsDialog(self.parent, initial=shown.request if shown is not None else None)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.open_agreement(dialog.request()))
        self.compare_dialog = dialog
        dialog.open()
        return dialog

    def new_document(self) -> NewDocumentDialog:
        """File › New document; accepting it shows the document to mark up."""
        dialog = NewDocumentDialog(self.parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.editing.new_document(dialog.text.toPlainText(),
                                                                  dialog.doc_id.text().strip() or "scratch"))
        self.new_document_dialog = dialog
        dialog.open()
        return dialog

    def start_curation(self) -> None:
        """File › Curate annotators: the annotators of the Agreement mode (compared first if none are); the
        Curate mode's module is imported by a job the first time (`LazyMode`)."""
        shown = self.agreement.built
        loaded = shown.loaded if shown is not None and shown.active else None
        curate = self.curation.built
        if loaded is None and curate is not None and curate.state is not None:  # back from scoring the curated set
            curate.resume()
            self.retitle()
            return
        if loaded is None:
            def once() -> None:
                self.agreement.ensure().agreement_finished.disconnect(once)
                self.start_curation()
            # heard before the dialog's study starts (the mode's import, if need be, runs while the dialog is open)
            self.agreement.when_ready(lambda mode: mode.agreement_finished.connect(once))
            self.compare_annotators()
            return
        def leaving() -> None:  # once the curation is shown: a cancelled one leaves the comparison as it was
            self.agreement.ensure().leave()
            self.retitle()

        self.curation.when_ready(lambda mode: mode.start(loaded, leaving=leaving))

    def choose_folder(self, title: str) -> str | None:
        return QFileDialog.getExistingDirectory(self.parent, title) or None
