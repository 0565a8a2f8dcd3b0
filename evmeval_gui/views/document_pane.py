"""The document pane: the text view under a header with the document's name, the outcome legend with
its counts, and notices (split from `text_view` to keep modules short)."""

from __future__ import annotations

import html
import os

from evmeval.rules import Combination
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from evmeval_gui import colours
from evmeval_gui.frames import framed
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session
from evmeval_gui.views.text_view import TextView

READING_AFTER_MS = 100
"""A long document's text read in the background is announced ("Reading <id>…", in the empty text view) only if
it is not in by then: most come sooner (35-60 ms for a 20,000-token one), and a note shown for a moment would only
flash."""


class DocumentPane(QWidget):
    """The text view with a header: document name, per-outcome counts (the legend) and notices."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.title = QLabel()
        self.title.setObjectName("documentTitle")
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.lanes = QLabel("gold ▲ above the words, system ▼ below")
        self.lanes.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.lanes.setToolTip("Each line of text has a gold lane above it and a system lane below it; "
                              "a bar marks the words of one mention, in the colour of its outcome.")
        self.legend = colours.OutcomeLegend(suffix=self.lanes)
        self.notice = QLabel()
        self.notice.setObjectName("documentNotice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("background: #FFF6D6; border: 1px solid #E8D9A0; padding: 3px 6px;")
        self.notice.hide()
        self.view = TextView(session)
        self.title.setWordWrap(True)
        self.title.setMinimumWidth(120)
        header = QHBoxLayout()
        header.setContentsMargins(6, 4, 6, 0)
        header.addWidget(self.title, 1)
        layout = QVBoxLayout(self)
        self._layout = layout
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(header)
        legend_row = QHBoxLayout()
        legend_row.setContentsMargins(6, 0, 6, 0)
        legend_row.addWidget(self.legend)
        layout.addLayout(legend_row)
        layout.addWidget(self.notice)
        layout.addWidget(framed(self.view), 1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._doc_id: str | None = None
        session.selection_changed.connect(self._on_selection)
        session.combination_changed.connect(self._refresh_header)
        session.scoring_finished.connect(self._on_scoring_finished)
        session.result_edited.connect(self._on_edited)
        session.text_arrived.connect(self._on_text_arrived)
        self._reading = QTimer(self)
        self._reading.setSingleShot(True)
        self._reading.setInterval(READING_AFTER_MS)
        self._reading.timeout.connect(self._say_reading)

    def add_above_text(self, widget: QWidget) -> None:
        """A feature's line between the legend and the text (coreference's members out of view, the
        sequencing legend); the latest added goes first."""
        self._layout.insertWidget(2, widget)

    def _on_edited(self, doc_ids: tuple[str, ...]) -> None:
        """An edit rescored the shown document: redraw it where the user is."""
        if self._doc_id in doc_ids:
            self.show_document(self._doc_id, keep_place=True)

    @property
    def doc_id(self) -> str | None:
        return self._doc_id

    def _on_scoring_finished(self) -> None:
        doc_id = self.session.selection.doc_id
        if doc_id is not None and doc_id == self._doc_id:  # the same document, rescored: stay where the user is
            self.show_document(doc_id, keep_place=True)
            return
        self.show_document(self.session.selection.doc_id)  # another corpus: even "no document" is redrawn

    def _on_selection(self, selection: Selection) -> None:
        if selection.doc_id == self._doc_id:
            return
        self.show_document(selection.doc_id)

    def show_document(self, doc_id: str | None, *, keep_place: bool = False) -> None:
        """Load a document into the view (the session's selection decides which one). A long document's text,
        read in the background, leaves the view empty until it arrives (`_on_text_arrived`); the shown document
        again in place (`keep_place`: an edit, a rescoring) is read at once, as the user's place is kept."""
        self._doc_id = doc_id
        session = self.session
        shown = self.view.doc is not None and self.view.doc.doc_id == doc_id
        read = session.document_text if keep_place and shown else session.document_text_soon  # (an edit: in place)
        doc = read(doc_id) if doc_id else None
        if doc is None:
            self.view.set_document(None, None, None)
        else:
            self.view.set_document(doc, session.marks(doc.doc_id), session.doc_result(doc.doc_id),
                                   keep_place=keep_place)
        reading = doc is None and doc_id is not None and session.reading_text(doc_id)
        notice = doc.notice if doc is not None else "" if reading else self._no_documents() or self._not_read(doc_id)
        if doc is not None and doc.unplaced:
            notice = (notice + " " if notice else "") + (
                f"{doc.unplaced} mention(s) could not be placed on the text (see the mapping table).")
        self.notice.setText(notice)
        self.notice.setVisible(bool(notice))
        if reading:
            self._reading.start()
        else:
            self._reading.stop()
        self._refresh_header()

    @property
    def reading(self) -> bool:
        """Whether the shown document's text is still being read (the view is empty meanwhile)."""
        return self._doc_id is not None and self.view.doc is None and self.session.reading_text(self._doc_id)

    def _say_reading(self) -> None:
        if self.reading:
            self.view.empty_note = f"Reading {self._doc_id}…"
            self.view.viewport().update()

    def _on_text_arrived(self, doc_id: str) -> None:
        """A long document's text is in: shown if it is still the document asked for (else only kept)."""
        if doc_id == self._doc_id and (self.view.doc is None or self.view.doc.doc_id != doc_id):
            self.show_document(doc_id)

    def _no_documents(self) -> str:
        """The notice when the shown gold file has no documents at all ("" otherwise)."""
        result, request = self.session.result, self.session.request
        if result is None or result.documents or request is None:
            return ""
        return (f"{os.path.basename(request.gold)} has no documents (no #BeginOfDocument line): "
                "nothing to show or score.")

    def _not_read(self, doc_id: str | None) -> str:
        """The notice for a document not shown while its corpus is scored (a file changed meanwhile)."""
        return self.session.first_document.notice(doc_id) if doc_id else ""

    def _refresh_header(self, *args: object) -> None:
        doc_id = self._doc_id
        result_doc = self.session.doc_result(doc_id) if doc_id else None
        self.legend.setVisible(result_doc is not None)  # counts of no document would say nothing
        if result_doc is None:
            self.title.setText("<i>No document</i>")
            self.legend.set_counts(None)
            return
        marks = self.session.marks(result_doc.doc_id)
        extra = "" if result_doc.in_system else " · <i>not in the system file</i>"
        self.title.setText(f"<b>{html.escape(result_doc.doc_id)}</b> · {len(result_doc.gold)} gold, "
                           f"{len(result_doc.system)} system{extra} · "
                           f"{html.escape(Combination(self.session.combination).label)}")
        self.legend.set_counts(marks.counts() if marks else None)
        self.view.set_marks(marks)
