"""A change of the curation's policy made in the window's job runner (issue 34): starting again from another
policy finds every disagreement again and measures the agreement (seconds at 2,000 documents), so it runs off
the GUI thread with progress and Cancel, a later choice superseding it. Meanwhile the list says so and no
decision is taken (it would be made on the curation being replaced); the result is shown only if nothing was
decided since it began (`CurationState.apply_rebuilt`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from evmeval.agreement.curation_save import SavedCuration
from PySide6.QtGui import QFont

from evmeval_gui.curation.state import CurationState, Rebuilt
from evmeval_gui.curation.tables import measure_ids
from evmeval_gui.jobs import gui_at_work
from evmeval_gui.model import collector
from evmeval_gui.model.jobs import JobContext

if TYPE_CHECKING:
    from evmeval_gui.curation.panel import CurationPanel

JobRunner = Callable[..., None]
"""`WindowSession.run_job`: (label, work, done, *, on_cancelled, exclusive)."""


class PolicyChange:
    """The policy change under way for the Curate mode (one at a time: a new one supersedes it)."""

    def __init__(self, run_job: JobRunner, may_decide: Callable[[], bool]) -> None:
        """`may_decide`: whether this window may change the curation (not while another window curates it)."""
        self.run_job = run_job
        self.may_decide = may_decide
        self._token: object | None = None

    @property
    def pending(self) -> bool:
        """Whether a policy's curation is being made (decisions wait)."""
        return self._token is not None

    def drop(self) -> None:
        """Another curation is shown: what the job still delivers is for the one it replaced."""
        self._token = None

    def hold(self, panel: CurationPanel, doing: str) -> Callable[[], None]:
        """Decisions wait while a job makes the curation again (`doing`, said above the greyed list); the
        call returned gives up waiting, unless a newer job waits meanwhile (it supersedes this one)."""
        token = self._token = object()
        panel.set_applying(doing)

        def given_up() -> None:
            if self._token is token:
                self._token = None
                panel.set_applying("")

        return given_up

    def start(self, shown: Callable[[], CurationState | None], panel: CurationPanel, policy: str, *,
              imported: SavedCuration | None = None, applied: Callable[[], None] = lambda: None) -> bool:
        """Make the curation shown again from `policy`, or from an `imported` one, in the job runner (applied
        only if that one is still shown when it arrives, then `applied` called); False: refused (nothing
        shown, or read-only here)."""
        state = shown()
        if state is None or not (self.pending or self.may_decide()):
            return False
        doing = f"Applying the policy {policy}" if imported is None else "Importing a curation"
        cancelled = self.hold(panel, doing)
        token = self._token
        font = QFont(panel.list.font())

        def work(context: JobContext) -> object:
            context.check()  # begun once the list greyed for it is painted (`gui_at_work` below)
            context.status(f"{doing} to {len(state.files)} annotators…")
            with collector.paused():  # the new curation's objects live as long as it can be undone to
                if imported is not None:
                    rebuilt = state.rebuild(imported.policy, context.cancelled, entries=imported.entries,
                                            curated=imported.curated)
                else:
                    rebuilt = state.rebuild(policy, context.cancelled)
            measure_ids(rebuilt.index, font)  # its list's Document column, fitted when it is shown
            return rebuilt

        def done(rebuilt: object) -> None:
            if self._token is not token:
                return
            self._token = None
            if shown() is not state or not isinstance(rebuilt, Rebuilt):
                pass
            elif not state.apply_rebuilt(rebuilt):
                panel.set_notice(f"{doing} was given up: the curation changed meanwhile.")
            else:
                applied()
            panel.set_applying("")

        gui_at_work()  # begun beside that paint, the job held the interpreter from it: 47-97 ms for 18-23 of CPU
        self.run_job(doing, work, done, exclusive=True, on_cancelled=cancelled)
        return True
