"""What the window says while a corpus is opened, scored or fails: the shell's answer to the session's
corpus part and the job runner.

A load starting shows the busy bar (and says so on the welcome page while nothing is shown); a new
corpus fills the system chooser and is remembered in Open recent (when the mode keeps corpora); a scored
result updates the warnings, says how long it took and selects the worst document if none is; a failure
is reported through the window's notifier. It is given every part it speaks through.
"""

from __future__ import annotations

from collections.abc import Callable

from evmeval.io.errors import Problem
from evmeval.rules import Combination
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.jobs import JobRunner
from evmeval_gui.model.session import Session
from evmeval_gui.modes import WindowMode
from evmeval_gui.views.document_list import DocumentList
from evmeval_gui.window.commands import WindowCommands
from evmeval_gui.window.recent import RecentCorpora
from evmeval_gui.window.status import JobStatus
from evmeval_gui.window.welcome import WelcomePage


class LoadFeedback:
    """Follows the session's loading and scoring for the window (see the module docstring)."""

    def __init__(self, session: Session, runner: JobRunner, *, status: JobStatus, commands: WindowCommands,
                 welcome: WelcomePage, documents: DocumentList, recent: RecentCorpora,
                 mode: Callable[[], WindowMode], retitle: Callable[[], None], update: Callable[[], None],
                 notify: Callable[[Problem], None], is_active: Callable[[], bool]) -> None:
        self.session = session
        self.runner = runner
        self.status = status
        self.commands = commands
        self.welcome = welcome
        self.documents = documents
        self.recent = recent
        self.mode = mode
        self.retitle = retitle
        self.update = update
        self.notify = notify
        self.is_active = is_active
        self.wanted_doc: str | None = None
        """The document the user asked to open at (the status bar says so when it is not in the gold file)."""
        session.loading_started.connect(self._on_loading_started)
        session.corpus_loaded.connect(self._on_corpus_loaded)
        session.scoring_finished.connect(self._on_scoring_finished)
        session.load_failed.connect(self.on_load_failed)
        session.realis_changed.connect(self._on_realis_changed)
        session.realis_dropped.connect(self._on_realis_dropped)
        self._arriving = False
        """A result without realis is arriving in place of one with (`realis_changed(False)`, told before it is
        shown): a realis combination that gives way now does so because of it."""
        self._realis_note = ""
        """Said when a realis combination gave way to an arriving result's twin; that result's line repeats it."""
        runner.job_finished.connect(self._on_job_finished)

    def _on_loading_started(self, label: str) -> None:
        self.status.started(label)
        if not self.session.loaded:
            self.welcome.set_status(label + "…")

    def _on_job_finished(self, label: str, outcome: str) -> None:
        if self.runner.busy:
            return
        self.status.hide_busy()
        if self.session.loaded:  # a cancelled or failed system switch: show the system still shown
            self.commands.show_system(self.session.system_index)
        if outcome == "cancelled":
            self.status.show_message(f"Cancelled: {label}", 6000)
            if not self.session.loaded:
                self.welcome.set_status("Cancelled.")

    def _on_corpus_loaded(self) -> None:
        corpus = self.session.corpus
        assert corpus is not None
        if self.mode().remembers_corpus():
            self.recent.remember(corpus.request)
        self.commands.show_systems(corpus.system_names, self.session.system_index)
        self.retitle()
        self.welcome.set_status("")

    def _on_scoring_finished(self) -> None:
        note, self._realis_note, self._arriving = self._realis_note, "", False  # this result's, or none
        if not self.status.refresh_warnings():
            return
        message = self.mode().status_text(self.status.took())
        if note:
            message = f"{note}. {message}"
        wanted, self.wanted_doc = self.wanted_doc, None
        if wanted is not None and self.session.doc_result(wanted) is None:
            message = f"Document {wanted!r} is not in the gold file; showing the worst document. " + message
        self.status.show_message(message, 10000)
        self.update()
        if self.session.selection.doc_id is None:
            first = self.documents.neighbour(None, 1)
            if first is not None:
                self.session.select_document(first)
        if QApplication.focusWidget() in (None, self.documents.filter_edit) or not self.is_active():
            self.documents.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_realis_changed(self, carried: bool) -> None:
        """Told just before a result without realis is shown in place of one with (`_offer_realis`)."""
        self._arriving = not carried

    def _on_realis_dropped(self, asked: str, chosen: str) -> None:
        """Said once: files without realis show a realis combination's twin. The result whose arrival made it give
        way repeats it in its own line (which follows at once and replaces this one); asked while such files are
        shown (`--attributes`, a restored session), it is said on its own and no later line repeats it."""
        note = (f"These files carry no realis: showing {Combination(chosen).label} "
                f"({Combination(asked).label} gives the same figures)")
        self._realis_note = note if self._arriving else ""
        self.status.show_message(note, 10000)

    def on_load_failed(self, problem: Problem) -> None:
        """Say what could not be opened: the status bar, the welcome page while nothing is shown, the notifier."""
        self.status.hide_busy()
        self.status.show_message(f"Could not open: {problem}", 10000)
        if not self.session.loaded:
            self.welcome.set_status(f"Could not open the corpus: {problem}", error=True)
        self.notify(problem)
