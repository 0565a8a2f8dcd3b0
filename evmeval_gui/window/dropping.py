"""What a drop on the window opens (split from `main_window` to keep modules short; `MainWindow`
inherits these and keeps the drag and drop events themselves)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from PySide6.QtCore import QUrl

from evmeval_gui.dialogs import OpenCorpusDialog
from evmeval_gui.model.corpus import EVENT_EXTENSIONS, guess_roles, is_event_corpus, make_request

OPENED = (".tbf", *EVENT_EXTENSIONS)
"""What a drop opens: tbf files, event JSON(L) files, or BioNLP / CASIE folders (as themselves)."""


class WindowDrops:
    """Methods of `MainWindow` (a mixin: they use the window's parts)."""

    @staticmethod
    def _dropped_tbfs(urls: Sequence[QUrl]) -> list[str]:
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
        self.statusBar().showMessage(text, 10000)
        if not self.session.loaded:
            self.welcome.set_status(text, error=True)

    def open_dropped(self, paths: Sequence[str]) -> OpenCorpusDialog | None:
        """Dropped tbf files: the Open dialog, filled in (the file named *gold* is the gold one)."""
        gold, systems = guess_roles(list(paths))
        if gold is None:
            self.statusBar().showMessage("Drop .tbf files (a gold file and system files) to open them", 5000)
            return None
        return self.show_open_dialog(make_request(gold, systems))
