"""The scratch mode: one new document, typed or pasted, marked up by clicking words (File › New document).

The document views show it like any corpus; a banner above them shows the token table the built-in
tokenizer made and the Save button (a folder the published scorer reads: text, .tab, gold.tbf,
system.tbf). Every figure comes from the core's live rescoring (see `evmeval_gui.editing`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from evmeval_gui import colours
from evmeval_gui.editing.new_document import fill_token_table, token_table_widget
from evmeval_gui.modes import WindowPort


class ScratchBanner(QFrame):
    """What the tokenizer made, and how to mark and save."""

    def __init__(self, save: Callable[[], object]) -> None:
        super().__init__()
        self.setObjectName("scratchBanner")
        self.setStyleSheet("#scratchBanner { background: #EEF4FF; border: 1px solid #C9D8F2; }")
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.hint = QLabel("Select words (drag, Shift+click, Shift+arrows) and press <b>A</b> to mark a mention; "
                           "<b>G</b> switches between the system and the gold side; T, Shift+A/G/O, Delete change it.")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.toggle = QPushButton("Hide token table")
        self.toggle.setObjectName("tokenTableToggle")
        self.toggle.clicked.connect(self._toggle)
        self.save = QPushButton("Save folder…")
        self.save.setObjectName("scratchSave")
        self.save.setToolTip("Write text, token table, gold.tbf and system.tbf into a folder (Ctrl+S)")
        self.save.clicked.connect(lambda: save())
        self.table = token_table_widget()
        self.table.setMaximumHeight(130)
        self.side_badge = QLabel()
        self.side_badge.setObjectName("editSideBadge")
        self.side_badge.setToolTip("The side your keys (A, T, Delete, …) change; G switches it")
        self.set_side("system")
        top = QHBoxLayout()
        texts = QVBoxLayout()
        texts.addWidget(self.label)
        texts.addWidget(self.hint)
        top.addLayout(texts, 1)
        top.addWidget(self.side_badge)
        top.addWidget(self.toggle)
        top.addWidget(self.save)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addLayout(top)
        layout.addWidget(self.table)

    def set_side(self, side: str) -> None:
        """Show which side the keys edit, in that side's colour, always in view (a key press on the wrong
        side otherwise marks a mention where the user did not mean it)."""
        colour = "#B8860B" if side == "gold" else colours.TOKEN_SELECTION_EDGE
        self.side_badge.setText(f"✎ Keys edit the <b>{side.upper()}</b> side")
        self.side_badge.setStyleSheet(f"border: 2px solid {colour}; border-radius: 4px; padding: 2px 6px; "
                                      "background: white;")

    def fit_table(self, window_height: int) -> None:
        """Five rows of the token table in a tall window, three in a short one (the text needs the room)."""
        table = self.table
        rows = 5 if window_height >= 720 else 3
        table.setMaximumHeight(table.horizontalHeader().sizeHint().height() + rows * table.verticalHeader()
                               .defaultSectionSize() + 2 * table.frameWidth())

    def _toggle(self) -> None:
        self.table.setVisible(not self.table.isVisible())
        self.toggle.setText("Hide token table" if self.table.isVisible() else "Show token table")


class ScratchMode:
    """A `WindowMode`, active while the session shows the document from scratch (`is_scratch()`)."""

    name = "scratch"

    def __init__(self, port: WindowPort, *, is_scratch: Callable[[], bool], save: Callable[[], object]) -> None:
        """`banner.set_side` is to be called when the edited side changes (the window connects it)."""
        self.port = port
        self.is_scratch = is_scratch
        self.banner = ScratchBanner(save)
        self.banner.hide()
        port.add_banner(self.banner)
        port.session.corpus_loaded.connect(self._on_corpus_loaded)

    @property
    def active(self) -> bool:
        return self.is_scratch() and self.port.session.corpus is not None

    def _on_corpus_loaded(self) -> None:
        active = self.active
        self.banner.setVisible(active)
        corpus = self.port.session.corpus
        if not active or corpus is None:
            return
        doc_id = next(iter(corpus.gold.documents))
        table = corpus.inputs[0].tokens.table(doc_id)
        tokens = list(table.tokens) if table is not None else []
        fill_token_table(self.banner.table, tokens)
        self.banner.fit_table(self.banner.window().height())
        self.banner.label.setText(f"<b>New document {doc_id}</b> · {len(tokens)} tokens from the built-in "
                                  "tokenizer (table below)")

    def title(self) -> str:
        corpus = self.port.session.corpus
        doc = next(iter(corpus.gold.documents), "") if corpus is not None else ""
        return f"New document {doc}"

    def run_text(self) -> str:
        """The summary bar's first line: no file names (nothing is saved yet), which side is which."""
        return f"{self.title()} · gold and system mentions marked here, not yet saved"

    def status_text(self, took: str) -> str:
        return "New document: mark gold and system mentions; the scores update as you go"

    def remembers_corpus(self) -> bool:
        return False

    def can_export_report(self) -> bool:
        return False

    def reload(self) -> bool:
        return False

    def show_current_page(self) -> None:
        self.port.show_page(None)
