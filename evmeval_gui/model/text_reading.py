"""A long document's text read and cut off the GUI thread (issue 34: a click returns within 50 ms).

Reading a 20,000-token document's text and cutting it into segments took 35-60 ms of a click on it (the MAVEN
line parsed, its token table made, `doctext` segments). Whether a document is long is known before its text is read:
from its mentions (the click has them) or the size of its token table or text file (a `stat`). A long one is read
through the job runner under the `TEXT` key (a second long document supersedes the first: its text is never
delivered for the wrong one); short ones are read at once, as before, so they show no "Reading…" state at all.
No Qt here: the window's `JobRunner` or an `ImmediateRunner` runs the work.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

from evmeval.io.loading import LoadedInputs
from evmeval.mention.scoring import DocumentResult

from evmeval_gui.model.doctext import DocumentText, read_document_text
from evmeval_gui.model.events import Signal
from evmeval_gui.model.jobs import JobContext, Runner

TEXT = "text"
"""The job key of a long document's text (a quiet key: it never stops a load or a scoring)."""
LONG_FROM_MENTIONS = 800
"""Gold and system mentions from which a document's text is read in the background: the merged MAVEN
`LONG40` (20,298 tokens) has 1,763, `LONG10` (4,550 tokens, ~15 ms of text) 413, a MAVEN document 30-60."""
LONG_FROM_BYTES = 400_000
"""A token table or text file this large (about 20,000 tokens of a token table) is read in the background too."""


def reads_long(inputs: LoadedInputs, doc: DocumentResult) -> bool:
    """Whether the document's text is long enough to be read in the background (see `LONG_FROM_MENTIONS`)."""
    if len(doc.gold) + len(doc.system) >= LONG_FROM_MENTIONS:
        return True
    for path in (inputs.tokens.path(doc.doc_id), inputs.texts.path(doc.doc_id)):
        if path is not None and os.path.getsize(path) >= LONG_FROM_BYTES:
            return True
    return False


def unreadable(doc: DocumentResult, exc: BaseException) -> DocumentText:
    """What is shown when the background read failed: no words, the reason as the notice."""
    return DocumentText(doc.doc_id, (), (), tuple(() for _ in doc.gold), tuple(() for _ in doc.system), "none",
                        f"The text of {doc.doc_id} could not be read ({exc}).")


class TextReading:
    """Reads documents' texts: now (`read`) or through the runner (`start`); one lock for both, as the inputs'
    sources keep their last tables in plain dicts. `arrived(doc_id)`: a text read in the background is in."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner
        self.arrived = Signal("text_arrived")
        self._lock = threading.Lock()
        self._pending: DocumentResult | None = None
        """The document whose text is being read (its result: a rescored document is another)."""

    def read(self, inputs: LoadedInputs, doc: DocumentResult) -> DocumentText:
        """The text now (on the caller's thread)."""
        with self._lock:
            return read_document_text(inputs, doc.doc_id, doc.gold, doc.system)

    def pending(self, doc_id: str) -> bool:
        """Whether the text of `doc_id` is being read in the background."""
        return self._pending is not None and self._pending.doc_id == doc_id

    def start(self, inputs: LoadedInputs, doc: DocumentResult, keep: Callable[[DocumentText], None]) -> None:
        """Read the text in the background (nothing new when it is already being read); `keep(text)` then
        `arrived(doc_id)` on the caller's thread once it is in."""
        if self._pending is doc:
            return
        self._pending = doc

        def work(context: JobContext) -> DocumentText:
            return self.read(inputs, doc)

        def done(built: DocumentText) -> None:
            if self._pending is not doc:  # forgotten meanwhile (another corpus)
                return
            self._pending = None
            keep(built)
            self.arrived.emit(doc.doc_id)

        self.runner.submit(f"Reading {doc.doc_id}", work, done, on_error=lambda exc: done(unreadable(doc, exc)),
                           key=TEXT)
        self.runner.hurry(TEXT, open_gate=False)  # not queued behind a chart's job nor held by a load: the user waits

    def forget(self) -> None:
        """Drop a read under way (the caches are cleared): what it still delivers is not kept. The job is not
        cancelled: it makes no cancel check, and a cancel would open the jobs' gate in the turn that clears."""
        self._pending = None
