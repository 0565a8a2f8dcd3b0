"""The window's one selection as a small part that announces its own changes (no Qt).

`selecting()` fires just before the selection changes (the window pauses quiet background jobs then),
`selection_changed(selection)` after. The session holds one (`Session.current`) and hands its signals on
under the same names; it `put`s a selection without announcing it while a new corpus or result is being
announced, and announces it after them.
"""

from __future__ import annotations

from evmeval_gui.model import collector
from evmeval_gui.model.events import Signal
from evmeval_gui.model.selection import Selection


class SelectionState:
    """What the user is looking at: one `Selection`."""

    def __init__(self) -> None:
        self.selecting = Signal("selecting")
        self.selection_changed = Signal("selection_changed")
        self.selection = Selection()

    def select(self, selection: Selection) -> None:
        """Make `selection` the selection and say so (nothing when it already is)."""
        if selection == self.selection:
            return
        self.selecting.emit()
        self.selection = selection
        self.selection_changed.emit(selection)
        collector.keep_shown()  # what the views now keep stays out of the collector's walks (see collector)

    def put(self, selection: Selection) -> None:
        """Hold `selection` without saying so yet (`announce` follows)."""
        self.selection = selection

    def announce(self) -> None:
        """Say which selection is held (after the corpus or result it belongs to was announced)."""
        self.selection_changed.emit(self.selection)
