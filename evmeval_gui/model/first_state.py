"""The document shown while the corpus being opened is still read and scored, as a small part (no Qt).

One of the session's parts that announce their own changes (`first_document_shown(FirstDocument | None)`:
a document is shown before its corpus is scored; None: it was withdrawn, the corpus load failed or was
cancelled). The corpus part (`model.corpus_state.CorpusState.open`) asks it to show one and takes it
back once the corpus result is in; reading and scoring the one document is `model.first_document`'s.
The part moves the selection to the document it shows (through the selection part, which it holds).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

from evmeval.io.errors import FormatError

from evmeval_gui.model.corpus import OpenRequest
from evmeval_gui.model.events import Signal
from evmeval_gui.model.first_document import FirstDocument, event_document, first_document
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.selection_state import SelectionState

_OTHERS_KEPT = 16
FIRST_PAINT_WAIT_S = 0.5
"""How long the corpus load waits for the first document's paint (a hidden window never paints)."""


def _now(call: Callable[[], None]) -> None:
    call()


class FirstDocumentState:
    """The first document shown (`document`), whether to show one at all (`enabled`), and whether the
    window has painted it (`painted`)."""

    def __init__(self, current: SelectionState) -> None:
        self.first_document_shown = Signal("first_document_shown")
        self.current = current
        self.document: FirstDocument | None = None
        """The document shown while its corpus is scored; None otherwise."""
        self.enabled = False
        """Whether an open shows a first document before the corpus is scored: a window that sets
        `painted` once it painted it turns this on (without one the load would wait for nothing)."""
        self.painted = threading.Event()
        """Set by the window once the first document is on screen: the corpus load starts then (a
        worker thread would otherwise share the interpreter with that paint and slow it)."""
        self.later: Callable[[Callable[[], None]], None] = _now
        """How `put` puts off showing the document itself: the window's next turn (`evmeval_gui.turns`), so that
        the turn that shows the page and the list of documents does not draw the document too (issue 34)."""
        self._others: dict[str, FirstDocument | None] = {}
        self.changed: str | None = None
        """A file of the corpus being scored that changed on disk since the first document was read: no
        other document is read from it (it would not be the one indexed) until the corpus is in."""

    def show(self, request: OpenRequest, system_index: int, doc_id: str | None, *,
               mapping: str) -> FirstDocument | None:
        """Read, score and show one document of `request` here and now (`read`, then `put`)."""
        first = self.read(request, system_index, doc_id, mapping=mapping)
        if first is not None:
            self.put(first)
        return first

    def read(self, request: OpenRequest, system_index: int, doc_id: str | None, *,
             mapping: str) -> FirstDocument | None:
        """One document of `request` (`doc_id`, else the gold file's first) read and scored on its own, when
        enabled and plainly possible (`model.first_document`); None otherwise. Any thread: the corpus load's
        worker reads it (150-170 ms of CPU at 4,480 documents, which the GUI thread would spend unanswering)."""
        if not self.enabled:
            return None
        try:
            return first_document(request, system_index, doc_id=doc_id, mapping=mapping)
        except FormatError:
            return None  # the corpus load words it, as always

    def put(self, first: FirstDocument) -> None:
        """Show `first` (read by `read`) and select it, until its corpus result takes its place: said now
        (`first_document_shown`), its selection announced `later` (the views that draw the document)."""
        self.document = first
        self._others.clear()
        self.changed = None
        self.painted.clear()
        self.current.put(Selection(first.doc_id))
        self.first_document_shown.emit(first)

        def announce() -> None:
            if self.document is first and self.current.selection.doc_id == first.doc_id:
                self.current.announce()  # not when the user, the corpus or another open moved on meanwhile

        self.later(announce)

    def other(self, doc_id: str, mapping: str) -> FirstDocument | None:
        """Another document of the corpus being scored, read from the files at its place and scored on its
        own when the user shows it (a few ms; the last few kept); None when that is not plainly possible
        (or a file changed on disk since the first document was read)."""
        first = self.document
        if first is None or doc_id == first.doc_id:
            return first
        if doc_id not in self._others:
            if doc_id not in first.doc_ids:
                return None
            request = first.corpus.request
            if first.index is not None:  # an event corpus: the library reads the document's own lines
                self._keep(doc_id, event_document(request, first.system_index, first.index, doc_id, mapping))
                return self._others[doc_id]
            if first.files is None:
                return None
            try:  # read from the files at its place (their index made with the first document)
                found = first_document(request, first.system_index, doc_id=doc_id, mapping=mapping,
                                       files=first.files)
            except FormatError:
                found = None
            if found is None and self.changed is None:
                self.changed = first.files.changed()
            self._keep(doc_id, found)
        return self._others[doc_id]

    def notice(self, doc_id: str) -> str:
        """Why document `doc_id` is not shown while the corpus is scored, when a user can act on it ("")."""
        if self.document is None or self.changed is None or doc_id not in self._others or self._others[doc_id]:
            return ""
        return (f"{os.path.basename(self.changed)} changed on disk since it was opened: {doc_id} is shown once "
                "the corpus is read (F5 reads the files again).")

    def _keep(self, doc_id: str, found: FirstDocument | None) -> None:
        """Keep the last few documents read on their own (a switch back is a look-up)."""
        self._others[doc_id] = found
        while len(self._others) > _OTHERS_KEPT:
            del self._others[next(iter(self._others))]

    def wait_painted(self) -> None:
        """Wait (on the load's worker thread) until the window painted the document, or a moment."""
        self.painted.wait(FIRST_PAINT_WAIT_S)

    def take(self) -> FirstDocument | None:
        """The document shown, no longer shown (its corpus result takes its place): said by the corpus."""
        first, self.document = self.document, None
        self._others.clear()
        self.changed = None
        return first

    def withdraw(self) -> bool:
        """The corpus of the document will not come (failed, cancelled): stop showing it, select nothing
        and say so. False when none was shown."""
        if self.document is None:
            return False
        self.document = None
        self._others.clear()
        self.changed = None
        self.current.put(Selection())
        self.first_document_shown.emit(None)
        self.current.announce()
        return True
