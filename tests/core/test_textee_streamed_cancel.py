"""Issue 34: the window's TextEE load, read a document at a time (`conventions.corpus_stream`), says how far it is
(done of the gold's documents, as the index counts them) and stops soon after `cancelled()` turns true, with the
library's one `Cancelled` and nothing half made; a whole-file load stops at its cancel checks too."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from evmeval._util.progress import Cancelled
from evmeval.conventions import corpus_formats
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import index_gold

from tests.core.test_compare_maven import DOCS, _maven_corpus
from tests.core.test_textee_streamed_load import _pair


def test_the_streamed_load_reports_each_document_of_the_golds_index(tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 11, 30)
    index = index_gold(gold)
    assert index is not None and len(index.doc_ids) == 30
    steps: list[tuple[int, int]] = []
    plain = event_inputs(Input(gold), Input(system), index=index, keep_outcomes=False)
    reported = event_inputs(Input(gold), Input(system), index=index, keep_outcomes=False,
                            progress=lambda done, total: steps.append((done, total)), cancelled=lambda: False)
    assert steps == [(done, 30) for done in range(1, 31)]  # a step per document, of the gold's 30
    assert reported.switchboard.to_json() == plain.switchboard.to_json()  # the same figures with the hooks


def test_cancel_stops_the_streamed_load_before_its_last_document(tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 12, 30)
    steps: list[tuple[int, int]] = []
    with pytest.raises(Cancelled):
        event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False,
                     progress=lambda done, total: steps.append((done, total)), cancelled=lambda: len(steps) >= 5)
    assert steps[-1] == (5, 30)  # stopped at the next document: the rest was not read


@pytest.mark.parametrize("given", ["bytes", "no index"])
def test_cancel_stops_a_whole_file_load(given: str, tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 13, 10)
    if given == "bytes":
        g, s = Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes())
        index = index_gold(gold)
    else:
        g, s, index = Input(gold), Input(system), None
    with pytest.raises(Cancelled):
        event_inputs(g, s, index=index, keep_outcomes=False, cancelled=lambda: True)


def test_cancel_stops_a_maven_gold_read_through_its_stream(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, system, _ = _maven_corpus(tmp_path)
    index = index_gold(str(gold))
    assert index is not None and index.format == "maven" and len(index.doc_ids) == DOCS
    read: list[str] = []
    made = corpus_formats._maven_pair

    def spy(path: str, documents: Iterable[object], *args: Any, **kwargs: Any) -> Any:
        return made(path, (read.append("document") or d for d in documents), *args, **kwargs)

    monkeypatch.setattr(corpus_formats, "_maven_pair", spy)
    with pytest.raises(Cancelled):
        event_inputs(Input(str(gold)), Input(str(system), system.read_bytes()), index=index, keep_outcomes=False,
                     cancelled=lambda: len(read) >= 3)
    assert len(read) == 3  # stopped before the fourth gold document, not after the whole file
