"""Undo commands: each holds one `evmeval.editing.Edit`; redo applies it, undo applies `edit.inverse()`."""

from __future__ import annotations

from collections.abc import Callable

from evmeval.editing import Edit
from PySide6.QtGui import QUndoCommand


class EditCommand(QUndoCommand):
    """One edit on the undo stack. `apply` is the controller's (it rescores and reselects)."""

    def __init__(self, edit: Edit, apply: Callable[[Edit], None]) -> None:
        super().__init__(edit.description)
        self.edit = edit
        self._apply = apply

    def redo(self) -> None:
        self._apply(self.edit)

    def undo(self) -> None:
        self._apply(self.edit.inverse())
