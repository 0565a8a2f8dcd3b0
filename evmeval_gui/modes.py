"""The contract between the window and its modes (scoring, agreement; later comparison and editing).

A mode owns its own widgets (pages, bars, banners) and hands them to the window through a
`WindowPort`; the window asks the active mode for its title, its status line, what F5 does and which
page to show through `WindowMode`. Neither side imports the other's module: `main_window` imports the
modes, a mode imports only this contract, the session and its own widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from evmeval.io.errors import Problem

from evmeval_gui.model.session import Session

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


class WindowPort(Protocol):
    """What a mode may ask of the window."""

    @property
    def session(self) -> Session:
        """The window's one session (corpus, result, combination, selection, filter, jobs)."""
        ...

    def add_page(self, page: QWidget) -> None:
        """Make `page` one of the pages the window can show in place of the document views."""
        ...

    def show_page(self, page: QWidget | None) -> None:
        """Show `page` (None: the document views: list, text, mapping table)."""
        ...

    def current_page(self) -> QWidget | None:
        """The page shown (None: the document views)."""
        ...

    def prepare_page(self, page: QWidget) -> None:
        """Lay out and draw a page not shown yet, off screen, at the size it will be shown: its first show then
        only repaints it."""
        ...

    def add_mode_bar(self, bar: QWidget) -> None:
        """Put `bar` above every page (a mode's tab bar)."""
        ...

    def add_banner(self, banner: QWidget) -> None:
        """Put `banner` above the document views."""
        ...

    def set_lanes_text(self, text: str | None) -> None:
        """What the text view's caption says about its two lanes (None: the default)."""
        ...

    def show_message(self, text: str, timeout_ms: int = 8000) -> None:
        """A status-bar message."""
        ...

    def report_problem(self, problem: Problem) -> None:
        """Tell the user something failed (the window's error dialog)."""
        ...

    def choose_save_path(self, title: str, start: str, file_filter: str) -> str | None:
        """Ask where to save a file; None when the user cancels."""
        ...

    def commands_changed(self) -> None:
        """The mode's state changed: the window updates its actions, title and page."""
        ...


class WindowMode(Protocol):
    """One way of showing the session; the window asks the active one."""

    name: str

    @property
    def active(self) -> bool:
        """Whether this mode is what the window shows now."""
        ...

    def title(self) -> str:
        """The window title's first part."""
        ...

    def status_text(self, took: str) -> str:
        """The status-bar line after a result arrived (`took`: " in 1.2 s" or "")."""
        ...

    def remembers_corpus(self) -> bool:
        """Whether the opened corpus belongs in Open recent."""
        ...

    def can_export_report(self) -> bool:
        """Whether File > Export report applies."""
        ...

    def reload(self) -> bool:
        """F5: read the inputs again; False when there is nothing to reload."""
        ...

    def show_current_page(self) -> None:
        """Show the mode's current page (through the port)."""
        ...
