"""The scoring mode: one gold file against one or more system files (the window's default mode)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from evmeval_gui.modes import WindowPort


class Shown(Protocol):
    """What the scoring mode asks another mode (or a mode not built yet, `warm_up.LazyMode`): whether it is shown."""

    @property
    def active(self) -> bool: ...


class ScoringMode:
    """A `WindowMode`: the document views show the session's corpus and result; active unless another
    mode is."""

    name = "scoring"

    def __init__(self, port: WindowPort, *, others: Sequence[Shown] = ()) -> None:
        self.port = port
        self.others = tuple(others)
        """The other modes: this one is active when none of them is."""

    @property
    def active(self) -> bool:
        return not any(mode.active for mode in self.others)

    def title(self) -> str:
        session = self.port.session
        if session.corpus is None:
            return ""
        # the request names what F5 reads: after "Save edits as…" the saved file, not the one opened
        return (session.request or session.corpus.request).name

    def status_text(self, took: str) -> str:
        result = self.port.session.result
        if result is None:
            return ""
        return f"{result.run_name}: {len(result.documents)} documents scored{took}"

    def remembers_corpus(self) -> bool:
        return True

    def can_export_report(self) -> bool:
        return True

    def reload(self) -> bool:
        session = self.port.session
        if session.request is None:
            return False
        session.corpus_state.reload()
        return True

    def show_current_page(self) -> None:
        self.port.show_page(None)
