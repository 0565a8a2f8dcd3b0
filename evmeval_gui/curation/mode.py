"""The Curate mode: one adjudicated set from the annotators compared in the Agreement mode.

It starts from the comparison the Agreement mode read (`LoadedAgreement`: the annotators' files and
names), shows `evmeval_gui.curation.panel.CurationPanel`, exports the curated set (tbf, brat) with
`evmeval.agreement.curation.write_curated` / `write_curated_brat`, and opens the scoring mode with the curated set
as gold and the annotators as systems (their files; brat folders are written as tbf beside the
curated file first).

One window at a time curates a set of inputs (`evmeval.agreement.curation_lock`): another window opens it
read-only and may take it over, after which the first one's saves stop. A saved file that cannot be
replayed whole is moved aside and what can be replayed is kept (`evmeval.agreement.curation_save`). The
same file, `curation/1`, is what *Export curation…* writes and *Import curation…* reads (other inputs refused).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evmeval._util.progress import CancelCheck
from evmeval.agreement import curation_lock as lock
from evmeval.agreement.curation import CurationPolicy
from evmeval.agreement.curation_save import (
    Entry,
    SavedCuration,
    autosave_path,
    export_curation,
    import_curation,
    inputs_key,
    load_decisions,
    resume_note,
    set_aside,
    write_decisions,
    write_unsaved,
)
from evmeval.io.errors import FormatError
from evmeval.io.loading import TextSource, TokenSource
from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QFileDialog

from evmeval_gui.agreement.state import LoadedAgreement
from evmeval_gui.curation.claim import LockClaim
from evmeval_gui.curation.lanes import TextInputs
from evmeval_gui.curation.output import InputFolders, export_curated, input_files, input_folders_of, write_for_scoring
from evmeval_gui.curation.policy_job import PolicyChange
from evmeval_gui.curation.state import CurationRequest, CurationState
from evmeval_gui.model import collector
from evmeval_gui.model.corpus import OpenRequest
from evmeval_gui.model.jobs import JobCancelled, JobContext
from evmeval_gui.modes import WindowPort
from evmeval_gui.turns import next_turn

if TYPE_CHECKING:
    from evmeval_gui.curation.panel import CurationPanel

CURATION_FILTER = "Curations (*.json);;All files (*)"
MEASURE_AT_ONCE_DOCUMENTS = 200
"""Up to this many documents the agreement with the curated set is measured with the curation (half a second
at most); above, after the list is shown (`CurateMode._measure`)."""
MEASURE_JOB = "curation-agreement"
"""The job key of the agreement measured after a curation opened (it never stops loading or a batch)."""


@dataclass(frozen=True)
class _Opened:
    """What `CurateMode._open` makes off the GUI thread."""

    key: str
    holder: lock.Holder | None
    unsaved: str
    saved: SavedCuration | None
    state: CurationState


class CurateMode:
    """A `WindowMode`, active from `start` until another corpus or comparison is opened."""

    name = "curate"

    def __init__(self, port: WindowPort, *, open_scoring: Callable[[OpenRequest], None],
                 choose_folder: Callable[[str], str | None], save_folder: str | None = None) -> None:
        """`save_folder`: where decisions are saved as they are made (the user's data folder; None: not saved)."""
        self.port = port
        self.save_folder = save_folder
        self.key = ""
        self.owner = lock.new_owner()
        self.holder: lock.Holder | None = None
        """Who else curates these inputs (this window is read-only while it is not None)."""
        self.saved_log: tuple[Entry, ...] = ()
        """The decisions as last saved or read (what another window sees)."""
        self.blocked = ""
        """Why nothing may be saved over the file (it could not be moved aside); "" when saving may go on."""
        self._panel: CurationPanel | None = None  # built when a curation is first shown: not at launch
        self.save_timer = QTimer()  # goes with the panel it reports to once that is built (issue 31, item 14)
        self.save_timer.setSingleShot(True)
        self.save_timer.setInterval(300)  # a burst of key presses is one write
        self.save_timer.timeout.connect(self.save_now)
        self.open_scoring = open_scoring
        self.choose_folder = choose_folder
        self.active = False
        self.loaded: LoadedAgreement | None = None
        self.state: CurationState | None = None
        self._claim: LockClaim | None = None
        """The lock of the curation being opened (`_open`), until it is shown or given up."""
        self._measuring: object | None = None
        self.policy_change = PolicyChange(port.session.run_job, lambda: self._may_decide())
        """The curation whose agreement a background job measures now (None: none)."""
        self.remember: Callable[[Any], None] = lambda request: None
        """Where a started curation goes (the window's Open recent)."""
        self.scored: OpenRequest | None = None
        """The curated set scored against the annotators (*Score annotators against it*): still this curation."""
        self.choose_open: Callable[[str, str], str | None] = self._choose_open
        """Asks for a file to read (title, filter): a curation to import."""
        self.after_shown: list[Callable[[], None]] = []
        """Called once when the next curation started is shown (it is made in the background)."""
        port.session.corpus_loaded.connect(self._leave, first=True)  # built late: leaves before the window asks

    @property
    def panel(self) -> CurationPanel:
        """The Curate page, built the first time it is wanted (its widgets and imports cost ~20 ms that the
        launch's first document should not wait for)."""
        if self._panel is None:
            from evmeval_gui.curation.panel import CurationPanel

            self._panel = panel = CurationPanel()
            self.save_timer.setParent(panel)
            panel.export_requested.connect(self.export)
            panel.score_requested.connect(self.score)
            panel.guard = self._may_decide
            panel.take_over_requested.connect(self.take_over)
            panel.run_batch = self._run_batch
            panel.change_policy = lambda policy: self.policy_change.start(lambda: self.state, panel, policy)
            panel.work.export_requested.connect(lambda: self.export_curation())
            panel.work.import_requested.connect(lambda: self.import_curation())
            self.port.add_page(panel)
        return self._panel

    def _run_batch(self, label: str, work: Callable[[CancelCheck], object], done: Callable[[object], None]) -> None:
        """A batch's work in the job runner, the collector paused meanwhile: its million new objects would
        otherwise be walked by collections on the worker thread, which hold the interpreter (the window
        stalled for half a second)."""
        def run(context: JobContext) -> object:
            with collector.paused():
                return work(context.cancelled)

        self.port.session.run_job(label, run, done, exclusive=True)

    def start(self, loaded: LoadedAgreement, policy: str = "majority", *,
              leaving: Callable[[], None] | None = None) -> None:
        """Curate the annotators of `loaded` (their files, in order), starting from `policy`, or from the
        decisions saved for the same inputs (the same content, wherever the files are now). `leaving` is
        called as the curation is shown, its page first (what was shown stays until then: a cancelled curation
        leaves the Agreement mode as it was; the document views are not laid out in between)."""

        def show() -> None:
            self.resume()
            if leaving is not None:
                leaving()
            waiting, self.after_shown = self.after_shown, []
            for call in waiting:
                call()

        if self.state is not None and self.loaded is loaded:
            show()
            return
        self.save_now()
        self._release()
        self.owner = lock.new_owner()  # an opening given up meanwhile never releases this one's lock
        self.loaded = loaded
        self.remember(CurationRequest(loaded.request))
        self.key = ""  # found with the curation, off the GUI thread (hashing every mention: half a second)
        self.holder = None
        self._open(policy, then=show)

    def _open(self, policy: str, *, then: Callable[[], None] | None = None,
              given_up: Callable[[], None] | None = None) -> None:
        """The curation from the decisions saved for these inputs (as many as can be replayed), else from
        `policy`, made by the window's job runner (seconds for 2,000 documents: the window answers, with
        progress and Cancel; `given_up`: called if cancelled), then shown and `then` called. Without a key yet
        (`start`), the inputs' key is found and the lock taken first, as part of the work."""
        assert self.loaded is not None
        loaded, folder, owner, known = self.loaded, self.save_folder, self.owner, self.key

        claim = LockClaim(folder, owner) if folder is not None and not known else None
        self._claim = claim
        font = (QFont(self._panel.list.font()) if self._panel is not None
                else QApplication.font("QTableView"))  # type: ignore[call-overload]  # a str at run time (its stub: bytes, refused)

        def make(context: JobContext) -> _Opened:
            key, holder, unsaved = known, self.holder, ""
            cancelled = context.cancelled
            if not known:
                key = inputs_key(loaded.files, cancelled=cancelled)
                if folder is not None:
                    try:
                        holder = lock.acquire(folder, key, owner)
                    except FormatError as exc:  # the folder cannot be made: said now, and by each save
                        unsaved = f"not saved: {exc.problem.message}"
                    if holder is None and claim is not None and not claim.took(key):
                        raise JobCancelled()
            try:
                context.check()
                saved = load_decisions(folder, key) if folder is not None else None
                small = max(len(f.documents) for f in loaded.files) <= MEASURE_AT_ONCE_DOCUMENTS
                state = self._state(loaded, saved, policy, measure=small, cancelled=cancelled)
                return _Opened(key, holder, unsaved, saved, state)
            except BaseException:
                if claim is not None:
                    claim.drop()  # cancelled: the lock taken above is not kept
                raise

        def work(context: JobContext) -> _Opened:
            context.status(f"Finding the disagreements of {len(loaded.files)} annotators…")
            with collector.paused():  # millions of objects that live as long as the curation is shown
                opened = make(context)
            import evmeval_gui.curation.panel  # noqa: F401  # the page's modules: here, not on the GUI thread
            from evmeval_gui.curation.tables import measure_ids

            measure_ids(opened.state.filter_index(), font)  # the list's Document column, fitted when it is shown
            return opened

        def done(opened: _Opened) -> None:
            """The page's widgets built in this turn, the curation shown from the next: built while the worker
            found the disagreements, they stalled the window 300-400 ms (the worker holding the interpreter)."""
            if self._panel is None:
                self.panel  # noqa: B018
                next_turn(lambda: arrived(opened))
            else:
                arrived(opened)

        def arrived(opened: _Opened) -> None:
            if self.loaded is not loaded or (claim is not None and not claim.keep()):
                if claim is not None:
                    claim.drop()
                return
            self.key, self.holder = opened.key, opened.holder
            self.port.session.runner.pause_quiet()  # the list and the page are drawn in the next turns
            self._install(opened.state, opened.saved, opened.unsaved)
            if then is None:
                self._measure(opened.state)
            else:
                self._show_next_turn(loaded, opened.state, then)

        self.port.session.run_job(f"Curating {loaded.request.name}", work, done, exclusive=True,
                                  on_cancelled=claim.drop if claim is not None else given_up)

    def _show_next_turn(self, loaded: LoadedAgreement, state: CurationState, then: Callable[[], None]) -> None:
        """The list filled in this turn of the event loop, the item and the figures in the next ones (the
        panel's `turns`), the page shown (`then`) after them and painted in the turn after that: each is a short
        pause of the window rather than one long one (2,000 documents). The page's first show (8-32 ms of GUI
        CPU at load 12-17, timed turn by turn) and its first paint (15-17 ms) were one gap of the event loop of
        up to 51 ms: the paint waits for the next turn, its updates off until then."""
        def shown() -> None:
            if self.loaded is loaded and self.state is state:
                self.port.session.runner.pause_quiet()
                panel = self.panel
                panel.setUpdatesEnabled(False)
                then()
                self._measure(state)
                next_turn(lambda: panel.setUpdatesEnabled(True), panel)

        self.panel.turns.then(shown)

    def _measure(self, state: CurationState) -> None:
        """The agreement with the curated set, measured off the GUI thread once the list is shown (about as
        long as finding the disagreements): the figures say *measuring…* until then, decisions go on."""
        measured = state.unmeasured
        if measured is None or self._measuring is measured:
            return
        self._measuring = measured

        def work(context: JobContext) -> object:
            with collector.paused():
                return state.measure_agreement(measured, context.cancelled)

        def done(agreements: object) -> None:
            self._measuring = None
            if self.state is state and isinstance(agreements, tuple):
                state.set_agreements(measured, agreements)
                self._measure(state)  # a batch made meanwhile: measured next

        self.port.session.run_job("Measuring the agreement with the curated set", work, done, key=MEASURE_JOB)

    def _install(self, state: CurationState, saved: SavedCuration | None, unsaved: str) -> None:
        """Show the curation made by `_open`; a saved file that could not be replayed whole is moved aside
        first when this window holds the lock."""
        loaded = self.loaded
        assert loaded is not None
        note, self.blocked = "", ""
        if saved is not None:
            kept = len(state.log)
            whole = not saved.problem and not state.refused and kept == saved.total
            aside = ""
            if not whole and self.holder is None and self.save_folder is not None:
                try:
                    aside = set_aside(self.save_folder, self.key)
                except FormatError as exc:
                    self.blocked = f"not saved: {exc.problem.message}"
            note = resume_note(saved, kept, state.refused, aside)
            if not note and kept:
                note = f"Resumed {kept} decisions saved for these annotation sets."
        self.state = state
        self.policy_change.drop()  # a policy being applied to the curation replaced: its result is dropped
        self.saved_log = state.log
        self.panel.lanes.inputs = TextInputs(TextSource(next((d for d in loaded.text_dirs if d), None)),
                                             TokenSource(loaded.request.token_dir), loaded.files[0].mode)
        state.listeners.append(self._changed)
        self.panel.set_state(state)
        self.panel.work.set_path(autosave_path(self.save_folder, self.key) if self.save_folder is not None else "")
        if self.holder is not None:
            note = f"Opened read-only: {self.holder.describe()} is curating this. {note}".strip()
            self._show_saved("read-only")
        else:
            self._show_saved(self.blocked or unsaved or ("saved" if self.save_folder else "not saved"))
        self.panel.set_notice(note, take_over=self.holder is not None)

    @staticmethod
    def _state(loaded: LoadedAgreement, saved: SavedCuration | None, policy: str, *,
               measure: bool = True, cancelled: CancelCheck | None = None) -> CurationState:
        """Pure (no Qt, nothing of the window): it runs on the job runner's thread."""
        pairs = loaded.result.pairs  # the study's figures: the items are not measured again
        if saved is not None:
            try:
                return CurationState(loaded.files, loaded.names, saved.policy, saved.entries, saved.curated,
                                     pairs=pairs, measure=measure, cancelled=cancelled)
            except ValueError as exc:  # a policy this version does not know
                state = CurationState(loaded.files, loaded.names, policy, pairs=pairs, measure=measure,
                                      cancelled=cancelled)
                state.refused = str(exc)
                return state
        return CurationState(loaded.files, loaded.names, policy, pairs=pairs, measure=measure, cancelled=cancelled)

    def resume(self) -> None:
        """Show the curation again (after scoring against it, or another mode): where it was left."""
        if self.state is None:
            return
        self.active = True
        self.port.show_page(self.panel)
        self.panel.list.setFocus()
        self.port.commands_changed()

    def _changed(self) -> None:
        """Before the page draws a change (the first of the state's listeners): the background jobs wait until
        it is painted (`_at_work`)."""
        self._at_work()
        if self.state is not None and self.state.unmeasured is not None:
            self._measure(self.state)
        if self.save_folder is not None and self.holder is None:
            self.panel.saved_text = "saving…"
            self.save_timer.start()

    def _at_work(self) -> None:
        """The curator is doing something (a key, a click, a filter): the background jobs (the agreement study's
        coreference, charts and intervals, the figures being measured) wait at their cancel checks until what it
        changes is painted, as the Compare mode's switches make them (`runner.pause_quiet`); beside a decision
        they took as much of the interpreter as the GUI thread, its wall time doubled (issue 34)."""
        self.port.session.runner.pause_quiet()

    def _show_saved(self, saved: str) -> None:
        self.panel.saved_text = saved
        self.panel.show_progress()

    def _may_decide(self) -> bool:
        """Whether a decision may be made here: not while another window curates these inputs (checked at
        every key press, so a window taken over makes no decision it cannot save), nor while a policy applies."""
        self._at_work()
        if self.policy_change.pending:
            self.port.show_message("Applying the new policy: decisions wait until its curation is shown.")
            return False
        if self.holder is None:
            if self._holds():
                return True
            self._lost()
        self.port.show_message("This curation is read-only here: press Take over to curate in this window.")
        return False

    def _holds(self) -> bool:
        """This window holds the lock (taken again when it went missing), or there is none to hold (no
        folder, or one that cannot be made: each save says why)."""
        folder = self.save_folder
        if folder is None or lock.holds(folder, self.key, self.owner):
            return True
        try:
            return lock.acquire(folder, self.key, self.owner) is None
        except FormatError:
            return True

    def _lost(self) -> None:
        """Another window took the curation over: read-only from now on; the decisions made here since the
        last save go to a file of their own rather than over the other window's."""
        state = self.state
        assert state is not None and self.save_folder is not None
        self.save_timer.stop()
        self.holder = lock.read_holder(self.save_folder, self.key) or self.holder
        who = self.holder.describe() if self.holder is not None else "another window"
        note = f"Read-only: {who} took this curation over; decisions made here are no longer saved."
        if state.log != self.saved_log:
            try:
                aside = write_unsaved(self.save_folder, self.key, state.names, state.policy, state.log, state.done)
                note += f" This window's {len(state.log)} decisions are kept in {aside}."
            except FormatError as exc:
                note += f" This window's last decisions could not be kept: {exc.problem.message}."
        self.saved_log = state.log
        self.panel.set_notice(note, take_over=True)
        self._show_saved(f"not saved: {who} took it over")

    def take_over(self) -> None:
        """Curate here from now on: the lock is this window's, and the decisions are read again (the other
        window's last ones included)."""
        if self.save_folder is None or self.loaded is None or self.state is None:
            return
        try:
            lock.take_over(self.save_folder, self.key, self.owner)
        except FormatError as exc:
            self.port.report_problem(exc.problem)
            return
        folder, key, holder, self.holder = self.save_folder, self.key, self.holder, None
        # no key decides meanwhile: it would decide on the curation being replaced, and be lost
        waited = self.policy_change.hold(self.panel, "Reading the decisions again")

        def given_up() -> None:  # read-only again; the other window takes the lock back at its next save
            waited()
            if self.key == key and self.holder is None:
                lock.release(folder, key, self.owner)
                self.holder = holder
        self._open(self.state.policy, given_up=given_up)

    def save_now(self) -> None:
        """Write the decisions made so far (after each decision, once a burst of key presses is over)."""
        self.save_timer.stop()
        state = self.state
        if state is None or self.save_folder is None or self.loaded is None or self.holder is not None:
            return
        if not self._holds():
            self._lost()
            return
        if self.blocked:
            self._show_saved(self.blocked)
            return
        try:
            write_decisions(self.save_folder, self.key, state.names, state.policy, state.log,
                            inputs=self.loaded.request.paths, curated=state.done)
        except FormatError as exc:
            self._show_saved(f"not saved: {exc.problem.message}")
            return
        self.saved_log = state.log
        self._show_saved("saved")

    def close(self) -> None:
        """The window closes: the last decisions saved, the lock given up."""
        self.save_now()
        self._release()

    def _release(self) -> None:
        if self._claim is not None:  # an opening not shown yet: its lock too
            self._claim.drop()
            self._claim = None
        if self.save_folder is not None and self.key:
            lock.release(self.save_folder, self.key, self.owner)

    def _leave(self) -> None:
        self.save_now()
        if self.active:
            self.active = False
            self.port.commands_changed()

    def request(self) -> CurationRequest | None:
        """The curation shown, or its curated set scored, as its Open recent entry (what a relaunch reopens: the
        scored files are temporary); None when neither is shown."""
        shown = self.active or (self.scored is not None and self.port.session.request == self.scored)
        if not shown or self.loaded is None:
            return None
        current = self.state.current if self.state is not None else None
        return CurationRequest(self.loaded.request, current.key if current is not None else None)

    # -- one file: export and import ------------------------------------------------------------------------

    def _choose_open(self, title: str, file_filter: str) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self.panel, title, "", file_filter)
        return path or None

    def export_curation(self, target: str | None = None) -> str | None:
        """The decisions and the documents marked curated as one file (`curation/1`); the path written."""
        state, loaded = self.state, self.loaded
        if state is None or loaded is None:
            return None
        path = target or self.port.choose_save_path("Export the curation", "curation.json", CURATION_FILTER)
        if path is None:
            return None
        try:
            export_curation(path, self.key, state.names, state.policy, state.log, curated=state.done,
                            inputs=self._input_files(), input_folders=self._input_folders())
        except FormatError as exc:
            self.port.report_problem(exc.problem)
            return None
        self.port.show_message(f"Curation written: {path} ({len(state.log)} decisions, {len(state.done)} "
                               "documents marked curated)", 10000)
        return path

    def import_curation(self, source: str | None = None) -> bool:
        """Go on from an exported curation of these inputs, as one step (Ctrl+Z brings the one before back),
        made in the job runner (`policy_job`); a file for other inputs is refused with a message."""
        state = self.state
        if state is None or not self._may_decide():
            return False
        path = source or self.choose_open("Import a curation of these annotation sets", CURATION_FILTER)
        if path is None:
            return False
        try:
            saved = import_curation(path, self.key)
            CurationPolicy.parse(saved.policy)
        except FormatError as exc:
            self.port.report_problem(exc.problem)
            return False
        except ValueError as exc:  # a policy this version does not know
            self.port.report_problem(FormatError(path, 0, str(exc), "majority, union, intersection or base:N").problem)
            return False

        def applied() -> None:
            note = f"Imported {len(state.log)} decisions and {len(state.done)} documents marked curated from {path}."
            self.panel.set_notice(note + (f" Some could not be replayed: {state.refused}." if state.refused else ""))

        return self.policy_change.start(lambda: self.state, self.panel, saved.policy, imported=saved, applied=applied)

    # -- WindowMode -----------------------------------------------------------------------------------------

    def title(self) -> str:
        return f"Curation: {self.loaded.request.name}" if self.loaded is not None else "Curation"

    def status_text(self, took: str) -> str:
        return ("Curation: 1..N accept a version, Enter keeps, Delete rejects, Backspace reverts, Ctrl+D marks the "
                "document curated")

    def remembers_corpus(self) -> bool:
        return False

    def can_export_report(self) -> bool:
        return False

    def reload(self) -> bool:
        return False

    def show_current_page(self) -> None:
        self.port.show_page(self.panel)

    # -- export and scoring (`curation.output`) ------------------------------------------------------------

    def export(self, kind: str, target: str | None = None) -> list[str]:
        """Write the curated set: "tbf" (a file) or "brat" (a folder); returns what was written."""
        if self.state is None or self.loaded is None:
            return []
        return export_curated(self.port, self.loaded, self.state.curation, kind, target, self.choose_folder)

    def _input_files(self) -> list[str]:
        return input_files(self.loaded) if self.loaded is not None else []

    def _input_folders(self) -> InputFolders:
        return input_folders_of(self.loaded) if self.loaded is not None else []

    def score(self, folder: str | None = None) -> OpenRequest | None:
        """The scoring mode with the curated set as gold and every annotator as a system."""
        if self.state is None or self.loaded is None:
            return None
        request = write_for_scoring(self.port, self.loaded, self.state.curation, folder)
        if request is not None:
            self.scored = request
            self.open_scoring(request)
        return request
