"""A change of the curation's policy made in the window's job runner (issue 34): starting again from another
policy finds every disagreement again and measures the agreement (seconds at 2,000 documents), so it runs off
the GUI thread with progress and Cancel, a later choice superseding it. Meanwhile the list says so and no
decision is taken (it would be made on the curation being replaced); the result is shown only if nothing was
decided since it began (`CurationState.apply_rebuilt`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from evmeval_gui.curation.state import CurationState, Rebuilt
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

    def start(self, shown: Callable[[], CurationState | None], panel: CurationPanel, policy: str) -> bool:
        """Make the curation shown again from `policy` in the job runner (applied only if that one is still
        shown when it arrives); False: refused (nothing shown, or read-only here)."""
        state = shown()
        if state is None or not (self.pending or self.may_decide()):
            return False
        token = self._token = object()
        panel.set_applying(policy)

        def work(context: JobContext) -> object:
            context.status(f"Applying the policy {policy} to {len(state.files)} annotators…")
            with collector.paused():  # the new curation's objects live as long as it can be undone to
                return state.rebuild(policy, context.cancelled)

        def done(rebuilt: object) -> None:
            if self._token is not token:
                return
            self._token = None
            if shown() is state and isinstance(rebuilt, Rebuilt) and not state.apply_rebuilt(rebuilt):
                panel.set_notice("The policy was not applied: the curation changed while it was made.")
            panel.set_applying("")

        def cancelled() -> None:
            if self._token is token:  # not superseded by another policy: by Cancel, or by other work
                self._token = None
                panel.set_applying("")

        self.run_job(f"Applying the policy {policy}", work, done, exclusive=True, on_cancelled=cancelled)
        return True
