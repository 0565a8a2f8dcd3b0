"""What a drop on the window opens: a part the window hands its drops to (it keeps the drag and drop
events themselves); given what it needs, it reaches for nothing else of the window."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from PySide6.QtCore import QUrl

from evmeval_gui.dialogs import OpenCorpusDialog
from evmeval_gui.model.corpus import EVENT_EXTENSIONS, OpenRequest, guess_roles, is_event_corpus, make_request

OPENED = (".tbf", *EVENT_EXTENSIONS)
"""What a drop opens: tbf files, event JSON(L) files, or BioNLP / CASIE folders (as themselves)."""


class WindowDrops:
    """Opens what is dropped: `message(text, ms)` is the status bar, `say_on_welcome(text)` the welcome
    page's error line (only while nothing is open: `is_open()`), `open_dialog(request)` the Open dialog."""

    def __init__(self, *, message: Callable[[str, int], None], say_on_welcome: Callable[[str], None],
                 is_open: Callable[[], bool], open_dialog: Callable[[OpenRequest], OpenCorpusDialog]) -> None:
        self.message = message
        self.say_on_welcome = say_on_welcome
        self.is_open = is_open
        self.open_dialog = open_dialog

    def drop(self, urls: Sequence[QUrl]) -> OpenCorpusDialog | None:
        """Open the dropped files (the Open dialog, filled in), or say why nothing opens."""
        paths = self.dropped_tbfs(urls)
        if not paths:
            self._say_nothing_dropped([url.toLocalFile() for url in urls if url.isLocalFile()])
            return None
        return self.open_dropped(paths)

    @staticmethod
    def dropped_tbfs(urls: Sequence[QUrl]) -> list[str]:
        paths: list[str] = []
        for url in urls:
            path = url.toLocalFile()
            if os.path.isdir(path) and is_event_corpus(path):
                paths.append(path)
            elif os.path.isdir(path):
                paths.extend(os.path.join(path, n) for n in sorted(os.listdir(path)) if n.lower().endswith(OPENED))
            elif path.lower().endswith(OPENED):
                paths.append(path)
        return paths

    def _say_nothing_dropped(self, dropped: Sequence[str]) -> None:
        """Why a drop opened nothing: the folder (or the files) held no .tbf file."""
        names = ", ".join(os.path.basename(p.rstrip("/\\")) or p for p in dropped) or "the drop"
        kind = "folder" if len(dropped) == 1 and os.path.isdir(dropped[0]) else "drop"
        text = (f"Nothing opened: the {kind} {names} holds no .tbf file (expected a gold .tbf file and system "
                ".tbf files, with tkn/ and txt/ beside them)")
        self.message(text, 10000)
        if not self.is_open():
            self.say_on_welcome(text)

    def open_dropped(self, paths: Sequence[str]) -> OpenCorpusDialog | None:
        """Dropped tbf files: the Open dialog, filled in (the file named *gold* is the gold one)."""
        gold, systems = guess_roles(list(paths))
        if gold is None:
            self.message("Drop .tbf files (a gold file and system files) to open them", 5000)
            return None
        return self.open_dialog(make_request(gold, systems))
