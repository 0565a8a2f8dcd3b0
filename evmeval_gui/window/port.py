"""The window as the modes see it: `evmeval_gui.modes.WindowPort`, made of the window's parts.

A mode (agreement, compare, curation, the scratch document, scoring) adds its pages, bar and banner to
the workspace, says things in the status bar, reports problems and asks for a file name through this
object; it never holds the window itself.
"""

from __future__ import annotations

from collections.abc import Callable

from evmeval.io.errors import Problem
from PySide6.QtWidgets import QFileDialog, QWidget

from evmeval_gui.model.session import Session
from evmeval_gui.window.status import JobStatus
from evmeval_gui.window.workspace import Workspace


class ModesPort:
    """`WindowPort` over the workspace and the status bar; `page_shown(applicable)` says whether the
    shown page is one the charts speak of (the document workspace), `changed` that the commands' states
    should be updated."""

    def __init__(self, session: Session, workspace: Workspace, status: JobStatus, *, dialogs: QWidget,
                 report: Callable[[Problem], None], changed: Callable[[], None],
                 page_shown: Callable[[bool], None]) -> None:
        self._session = session
        self.workspace = workspace
        self.status = status
        self.dialogs = dialogs
        self.report = report
        self.changed = changed
        self.page_shown = page_shown

    @property
    def session(self) -> Session:
        return self._session

    def add_page(self, page: QWidget) -> None:
        self.workspace.add_page(page)

    def show_page(self, page: QWidget | None) -> None:
        self.workspace.show_page(page)
        self.page_shown(page is None)

    def current_page(self) -> QWidget | None:
        return self.workspace.current_page()

    def prepare_page(self, page: QWidget) -> None:
        self.workspace.prepare_page(page)

    def add_mode_bar(self, bar: QWidget) -> None:
        self.workspace.add_mode_bar(bar)

    def add_banner(self, banner: QWidget) -> None:
        self.workspace.add_banner(banner)

    def set_lanes_text(self, text: str | None) -> None:
        self.workspace.set_lanes_text(text)

    def show_message(self, text: str, timeout_ms: int = 8000) -> None:
        self.status.show_message(text, timeout_ms)

    def report_problem(self, problem: Problem) -> None:
        self.report(problem)

    def choose_save_path(self, title: str, start: str, file_filter: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(self.dialogs, title, start, file_filter)
        return path or None

    def commands_changed(self) -> None:
        self.changed()
