"""Restore the session: what was open comes back on the next launch (File › Restore last session on launch).

Saved when the window closes (QSettings key `lastSession`, JSON): the curation in progress (a feature's
entry, `features`), else the corpus or agreement set, the
document, the attribute combination, the system, the mapping table's outcome and type filters and
whether the charts were shown (the dock layout and splitters are the window's own saved state). The
menu's check box turns it off; then nothing is kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from evmeval.align import COMBINATIONS
from PySide6.QtGui import QAction

from evmeval_gui.agreement.state import AgreementRequest
from evmeval_gui.model.corpus import OpenRequest
from evmeval_gui.model.recent import RecentEntries
from evmeval_gui.window.stored_settings import StoredSettings

KEY = "lastSession"
ENABLED_KEY = "restoreSession"


class SessionStore:
    """Saves the window's session on close and reopens it on launch (unless the user opted out)."""

    def __init__(self, window: Any, stored: StoredSettings, entries: RecentEntries, *, persist: bool) -> None:
        """`window`: the main window (its session, agreement mode, mapping table and charts dock);
        `entries`: the kinds of corpus a session may name (Open recent's)."""
        self.window = window
        self.entries = entries
        self.stored = stored
        self.settings = stored.settings
        self.persist = persist
        self.action = QAction("Restore last session on launch", window)
        self.action.setObjectName("restoreSessionAction")
        self.action.setCheckable(True)
        self.action.setChecked(self.enabled)
        self.action.setStatusTip("Reopen the corpus or agreement set, document, attributes, system, filters "
                                 "and charts of this session the next time the program starts")
        self.action.toggled.connect(self._set_enabled)
        self.features: list[Callable[[], Any]] = []
        """What a feature has open, as its Open recent entry (None: nothing), asked first: a curation."""

    @property
    def enabled(self) -> bool:
        return str(self.settings.value(ENABLED_KEY, "true")).lower() != "false"

    def _set_enabled(self, on: bool) -> None:
        self.settings.setValue(ENABLED_KEY, "true" if on else "false")
        if not on:
            self.settings.remove(KEY)

    def state(self) -> dict[str, Any] | None:
        """What would be saved now (None: nothing open)."""
        w = self.window
        shown = next((r for r in (f() for f in self.features) if r is not None), None)
        if shown is not None:
            return dict(shown.to_json())
        agreement = w.agreement_mode.built  # never built: no study shown
        if agreement is not None and agreement.active and agreement.request is not None:
            entry: dict[str, Any] = agreement.request.to_json()
            entry["page"] = agreement.page
        elif w.session.loaded and w.session.request is not None:
            entry = w.session.request.to_json()
            entry["system"] = w.session.system_index
        else:
            return None
        outcome, mention_type = w.mapping.filters()
        entry.update({"doc": w.session.selection.doc_id, "combination": w.session.combination,
                      "outcome": outcome, "type": mention_type, "charts": w.charts_dock.isVisible()})
        return entry

    def save(self) -> None:
        if not self.persist:
            return
        state = self.state() if self.enabled else None
        if state is None:
            self.settings.remove(KEY)
        else:
            self.settings.setValue(KEY, json.dumps(state))

    def restore(self) -> bool:
        """Reopen the saved session (if enabled and its files still exist); False when nothing was opened."""
        if not self.enabled:
            return False
        state = self.stored.json(KEY, self._session_shape, "the last session as a JSON object")
        request = self.entries.entry_from_json(state)
        if state is None or request is None or self.entries.missing_files(request):
            return False
        w = self.window
        opener = self.entries.opener(request)
        if opener is not None:  # a feature's entry (a curation) opens as Open recent opens it
            opener(request)
            return True
        combination = state.get("combination")
        if combination in COMBINATIONS:
            w.session.set_combination(combination)
        doc = state.get("doc") if isinstance(state.get("doc"), str) else None
        if state.get("charts") is True:
            w.charts_dock.show()
        filters = (state.get("outcome"), state.get("type"))

        def filter_after(done: Any) -> None:
            """The mapping table's filters put back once `done` (a signal) says the corpus or study is shown."""
            def apply_filters(*_args: object) -> None:
                done.disconnect(apply_filters)
                w.mapping.restore_filters(*filters)

            done.connect(apply_filters)

        if isinstance(request, AgreementRequest):
            page = "pair" if state.get("page") == "pair" else "matrix"

            def compare(agreement: Any) -> None:  # the Agreement mode, its module imported by a job
                filter_after(agreement.agreement_finished)
                agreement.compare(request, doc_id=doc, page=page)

            w.agreement_mode.when_ready(compare)
        else:
            assert isinstance(request, OpenRequest)
            system = state.get("system") if isinstance(state.get("system"), int) else 0
            filter_after(w.session.scoring_finished)
            w.open_request(request, doc_id=doc, system_index=system)
        return True

    def _session_shape(self, data: object) -> dict[str, Any] | None:
        """A saved session: an object naming a corpus or an agreement set (None: anything else)."""
        return data if isinstance(data, dict) and self.entries.entry_from_json(data) is not None else None
