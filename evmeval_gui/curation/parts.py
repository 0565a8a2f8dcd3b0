"""The Curate mode's place in the window's shared parts: Open recent lists curations by name, and a plain
relaunch brings the curation in progress back (the restored session's entry), both opening the same way:
compare the annotation sets, then curate them (the decisions are found again by content)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from evmeval_gui.curation.state import CURATION_ENTRY, CurationRequest

COMPARING = "Comparing "
"""How the Agreement mode's comparison job is labelled (`AgreementMode.compare`)."""


class CurationParts:
    """Registers a curation as an Open recent kind and as what the restored session reopens."""

    def __init__(self, window: Any) -> None:
        """`window`: the main window (its agreement and curate modes, Open recent and session store)."""
        self.window = window
        window.recent.entries.register(replace(CURATION_ENTRY, open=self.open))
        window.session_store.features.append(self._shown)  # (the mode remembers in Open recent once built)

    def _shown(self) -> CurationRequest | None:
        """The curation shown as what a relaunch reopens (None before the Curate mode was ever built)."""
        curate = self.window.curation.built
        return curate.request() if curate is not None else None

    def open(self, request: CurationRequest) -> None:
        """Compare the annotation sets, then curate them (from the decisions saved for them)."""
        w = self.window

        def forget() -> None:
            w.agreement.agreement_finished.disconnect(curate)
            w.runner.job_finished.disconnect(stopped)

        def review() -> None:
            state = w.curation.built.state if w.curation.built is not None else None
            if state is None or request.item is None:
                return
            found = state.find(request.item)
            if found is not None:  # the item under review when the window closed
                state.show(found)

        def begin(mode: Any) -> None:
            mode.after_shown.append(review)  # the curation is made in the background
            w.dialogs.start_curation()

        def curate() -> None:
            forget()
            if w.agreement.request == request.agreement:
                w.curation.when_ready(begin)  # the Curate mode's module imported by a job the first time

        def stopped(label: str, outcome: str) -> None:
            # the comparison failed or was cancelled: a later one is not this curation (another job's end is not it)
            if outcome != "done" and label.startswith(COMPARING):
                forget()

        w.agreement.agreement_finished.connect(curate)
        w.runner.job_finished.connect(stopped)
        w.open_agreement(request.agreement)
