"""Issue 34: while a tbf corpus is scored, the window holds no copy of the files' bytes (they were 60 MB of
its peak at 4,480 documents): a document not scored yet is read from the files at its place when it is
shown; a file changed on disk meanwhile gives no document read from it, and a notice says why, until the
corpus is in."""

from __future__ import annotations

import gc
import types
from collections import deque
from pathlib import Path

import pytest
from evmeval.mention.outcomes import mapping_rows

from evmeval_gui.model.corpus import load_and_score, make_request
from tests.gui.test_first_document import TIMEOUT, corpus, gate, open_held, window
from tests.gui.test_scale_window import click_document

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "gate", "window"]


def reachable_bytes(root: object, limit: int = 500_000) -> list[bytes]:
    """The bytes objects reachable from `root` (closures included; not through modules, classes or a
    function's globals, which reach everything)."""
    seen, found, queue = {id(root)}, [], deque([root])
    while queue and len(seen) < limit:
        obj = queue.popleft()
        if isinstance(obj, bytes):
            found.append(obj)
            continue
        if isinstance(obj, (types.ModuleType, type)):
            continue
        if isinstance(obj, types.FunctionType):
            referents = [obj.__closure__ or (), obj.__defaults__ or (), obj.__kwdefaults__ or {}]
        else:
            referents = gc.get_referents(obj)
        for ref in referents:
            if id(ref) not in seen:
                seen.add(id(ref))
                queue.append(ref)
    assert len(seen) < limit, "the walk stopped before the end"
    return found


def test_a_document_not_scored_yet_is_read_from_the_files_not_from_bytes_held(window, qtbot, corpus: Path, gate):
    open_held(qtbot, window, corpus, gate)
    files = {(corpus / name).read_bytes() for name in ("gold.tbf", "system.tbf")}
    # the first document is shown and the corpus load is under way: neither file's bytes are kept
    assert window.document_pane.doc_id == "doc1"
    assert not files & set(reachable_bytes(window.session))
    click_document(qtbot, window, "doc2")
    assert window.document_pane.doc_id == "doc2"
    assert "doc2" in window.document_pane.title.text() and "1 gold, 1 system" in window.document_pane.title.text()
    whole = load_and_score(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]))[1]
    assert [(r.outcome, r.gold_index, r.system_index) for r in window.mapping.visible_rows()] == \
        [(r.outcome, r.gold_index, r.system_index) for r in mapping_rows(whole.document("doc2"),
                                                                         window.session.combination)]
    assert not files & set(reachable_bytes(window.session))
    assert not window.session.loaded


def test_a_file_changed_on_disk_meanwhile_shows_no_document_read_from_it(window, qtbot, corpus: Path, gate):
    open_held(qtbot, window, corpus, gate)
    system = corpus / "system.tbf"
    # doc2's system mention is now a Contact_Phone-Write: the file is not the one indexed any more
    system.write_text(system.read_text(encoding="utf-8").replace("Talks\tContact_Meet", "Talks\tContact_Phone-Write"),
                      encoding="utf-8")
    click_document(qtbot, window, "doc2")
    pane = window.document_pane
    assert pane.doc_id == "doc2"
    assert pane.title.text() == "<i>No document</i>"  # neither the old figures nor a half-read new block
    assert window.mapping.visible_rows() == []
    assert pane.notice.isVisible()
    assert pane.notice.text() == ("system.tbf changed on disk since it was opened: doc2 is shown once the corpus "
                                  "is read (F5 reads the files again).")
    click_document(qtbot, window, "doc3")  # not in the system file as it was: nor is that read from a stale index
    assert pane.title.text() == "<i>No document</i>" and "doc3 is shown once the corpus is read" in pane.notice.text()
    click_document(qtbot, window, "doc2")
    # the corpus load reads the files as they are now: doc2 is shown from its result, the notice goes
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        gate.set()
    assert pane.doc_id == "doc2" and "1 gold, 1 system" in pane.title.text()
    assert not pane.notice.isVisible()
    assert window.session.doc_result("doc2").system[0].raw_type == "Contact_Phone-Write"
